import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { messageOf } from '../api/client.js';
import { invalidate, stale } from '../api/queries.js';
import { formatCount, formatDate, relativeTime } from '../base/format.js';
import { valueLabel } from '../base/glossary.js';
import { productQueries, productsApi, type Product } from './products-api.js';

const HOSTS_PAGE = 20;

/** The application chosen in the page's triage bar, which a host's Link button links to. */
export interface PickedApplication {
  id: string;
  name: string;
}

/** A product's key as one string, for selection and React keys. */
export const keyOfProduct = (product: { nameKey: string; vendorKey: string }) =>
  `${product.nameKey}\u0000${product.vendorKey}`;

/** "12 new · 3 linked" of a product's status counts, leaving out the empty ones. */
function statusSummary(counts: Product['statusCounts']): string {
  const parts = (['new', 'linked', 'ignored'] as const)
    .filter((status) => counts[status] > 0)
    .map((status) => `${formatCount(counts[status])} ${valueLabel(status).toLowerCase()}`);
  return parts.join(' · ') || '—';
}

/**
 * One product's row (name, vendor, installs, status counts, catalog match, application) and, when
 * expanded, its hosts a page at a time, each with the triage of that single install.
 */
export function ProductRow({
  product,
  columns,
  selected,
  onToggle,
  mayTriage,
  target,
}: {
  product: Product;
  columns: number;
  selected: boolean;
  onToggle: () => void;
  mayTriage: boolean;
  target: PickedApplication | undefined;
}) {
  const [expanded, setExpanded] = useState(false);
  const label = `${product.name}${product.vendor ? ` (${product.vendor})` : ''}`;
  const hostsId = `hosts-${keyOfProduct(product).replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <>
      <tr>
        <th scope="row">
          <span className="product-name">
            {mayTriage && (
              <input type="checkbox" aria-label={`Select ${label}`} checked={selected} onChange={onToggle} />
            )}
            <button
              type="button"
              className="link-button expander"
              aria-expanded={expanded}
              aria-controls={hostsId}
              onClick={() => setExpanded(!expanded)}
            >
              <span aria-hidden="true">{expanded ? '▾' : '▸'}</span> {product.name}
            </button>
          </span>
        </th>
        <td>{product.vendor || '—'}</td>
        <td className="number">
          {formatCount(product.installs)}
          {product.missing > 0 && <small> ({formatCount(product.missing)} no longer seen)</small>}
        </td>
        <td>{statusSummary(product.statusCounts)}</td>
        <td>{product.catalogEntryId ?? '—'}</td>
        <td>
          {product.applicationId ? (
            <Link href={`/applications/${product.applicationId}`}>{product.applicationName ?? 'Application'}</Link>
          ) : product.severalApplications ? (
            'Several applications'
          ) : (
            '—'
          )}
        </td>
      </tr>
      {expanded && (
        <tr id={hostsId} className="expanded">
          <td colSpan={columns}>
            <ProductHosts product={product} label={label} mayTriage={mayTriage} target={target} />
          </td>
        </tr>
      )}
    </>
  );
}

/** The hosts of one product, paged, with the single-install triage. */
function ProductHosts({
  product,
  label,
  mayTriage,
  target,
}: {
  product: Product;
  label: string;
  mayTriage: boolean;
  target: PickedApplication | undefined;
}) {
  const client = useQueryClient();
  const [offset, setOffset] = useState(0);
  const key = { nameKey: product.nameKey, vendorKey: product.vendorKey };
  const hosts = useQuery({
    ...productQueries.hosts(key, { limit: HOSTS_PAGE, offset }),
    placeholderData: keepPreviousData,
  });
  const change = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Parameters<typeof productsApi.triageInstall>[1] }) =>
      productsApi.triageInstall(id, body),
    onSettled: () => void invalidate(client, stale.inventory),
  });
  const page = hosts.data;
  if (!page) return <p className="loading">{hosts.isError ? messageOf(hosts.error) : 'Loading hosts…'}</p>;
  const total = page.pagination.total;
  return (
    <div className="product-hosts">
      <p className="error">{messageOf(change.error)}</p>
      <table>
        <caption>
          Hosts with {label}: {formatCount(total)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Host</th>
            <th scope="col">Version</th>
            <th scope="col">Status</th>
            <th scope="col">Application</th>
            <th scope="col">Last seen</th>
            {mayTriage && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {page.data.map((install) => {
            const family = install.serverId ? 'servers' : 'workstations';
            const hostId = install.serverId ?? install.workstationId;
            const hostName = install.hostName ?? 'Host';
            return (
              <tr key={install.id}>
                <th scope="row">
                  {hostId ? <Link href={`/${family}/${hostId}`}>{hostName}</Link> : '—'}
                  {install.hostname && install.hostname !== install.hostName && <small> {install.hostname}</small>}
                </th>
                <td>{install.version ?? '—'}</td>
                <td>{valueLabel(install.status)}</td>
                <td>
                  {install.applicationId ? (
                    <Link href={`/applications/${install.applicationId}`}>
                      {install.applicationName ?? 'Application'}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  <time dateTime={install.lastSeenAt} title={formatDate(install.lastSeenAt)}>
                    {relativeTime(install.lastSeenAt)}
                  </time>
                </td>
                {mayTriage && (
                  <td className="row-actions">
                    {target && install.applicationId !== target.id && (
                      <button
                        type="button"
                        disabled={change.isPending}
                        aria-label={`Link ${hostName} to ${target.name}`}
                        onClick={() => change.mutate({ id: install.id, body: { applicationId: target.id } })}
                      >
                        Link
                      </button>
                    )}
                    {install.status !== 'ignored' && (
                      <button
                        type="button"
                        disabled={change.isPending}
                        aria-label={`Ignore on ${hostName}`}
                        onClick={() => change.mutate({ id: install.id, body: { status: 'ignored' } })}
                      >
                        Ignore
                      </button>
                    )}
                    {install.status !== 'new' && (
                      <button
                        type="button"
                        disabled={change.isPending}
                        aria-label={`Back to new on ${hostName}`}
                        onClick={() =>
                          change.mutate({
                            id: install.id,
                            body: install.applicationId ? { applicationId: null } : { status: 'new' },
                          })
                        }
                      >
                        Back to new
                      </button>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {total > HOSTS_PAGE && (
        <nav className="pager" aria-label={`Pages of hosts with ${label}`}>
          <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - HOSTS_PAGE))}>
            Previous hosts
          </button>
          <span>
            {formatCount(offset + 1)}–{formatCount(Math.min(offset + HOSTS_PAGE, total))} of {formatCount(total)}
          </span>
          <button type="button" disabled={offset + HOSTS_PAGE >= total} onClick={() => setOffset(offset + HOSTS_PAGE)}>
            Next hosts
          </button>
        </nav>
      )}
    </div>
  );
}
