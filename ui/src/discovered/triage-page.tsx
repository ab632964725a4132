import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiFailure, call, failureOf, messageOf } from '../api/client.js';
import { etagAsShown, type Resource } from '../api/console-api.js';
import { invalidate, queries, stale } from '../api/queries.js';
import { Field, FilterActions, FormError } from '../base/field.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities } from '../base/session.js';
import { TableHead } from '../base/table-head.js';
import { ResourceLink } from '../inventory/resource-name.js';

const FILTERS = ['status', 'vendor', 'serverId', 'workstationId', 'q'] as const;
const PAGE = 100;

/**
 * The triage decisions, one request per selected row, in order. A change is sent with the ETag of
 * the row as the list showed it: a row changed since (an agent's report, another person's triage)
 * is refused with 412 and the list, loaded again, shows it as it is now.
 */
const triage = {
  link: async (row: Resource, applicationId: string) =>
    call<Resource>(
      'PATCH',
      `/v1/discovered-applications/${row.id}`,
      { applicationId },
      { ifMatch: await etagAsShown('discovered-applications', row) },
    ),
  ignore: async (row: Resource) =>
    call<Resource>(
      'PATCH',
      `/v1/discovered-applications/${row.id}`,
      { status: 'ignored' },
      { ifMatch: await etagAsShown('discovered-applications', row) },
    ),
  create: (row: Resource) => call<Resource>('POST', `/v1/discovered-applications/${row.id}/application`),
};

/**
 * /ui/discovered: software the agents found, awaiting triage. Select rows, then link them to an
 * application, create an application for each, or ignore them, in one action.
 */
export function TriagePage() {
  const { can } = useAbilities();
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const filters = Object.fromEntries(
    FILTERS.map((name) => [name, params.get(name) ?? (name === 'status' && !params.has('status') ? 'new' : '')]),
  );
  const client = useQueryClient();
  const [draft, setDraft] = useState<Record<string, string>>(filters);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // A new URL (a link, Back) shows its own filters, and nothing of the last list stays selected.
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    setDraft(filters);
    setSelected(new Set());
  }
  const list = useQuery({
    ...queries.list('discovered-applications', { ...filters, sort: '-installCount', limit: String(PAGE) }),
    placeholderData: keepPreviousData,
  });
  const page = list.data;
  const applications = useQuery(queries.list('applications', { limit: '200' })).data?.data ?? [];
  const servers = useQuery(queries.list('servers', { limit: '200' })).data?.data ?? [];
  const [target, setTarget] = useState('');
  const mayTriage = can('applications:edit');

  /** One decision for every selected row, in order; says how many were done before a refusal. */
  const run = useMutation({
    mutationFn: async ({ label, action }: { label: string; action: (row: Resource) => Promise<unknown> }) => {
      let count = 0;
      try {
        for (const id of selected) {
          const row = page?.data.find((item) => item.id === id);
          if (row) await action(row);
          count += 1;
        }
      } catch (failure) {
        const { status, code, message } = failureOf(failure);
        throw new ApiFailure(status, code, `${label}: ${count} done, then ${message}`);
      }
      return `${label}: ${count} done.`;
    },
    onSettled: () => {
      setSelected(new Set());
      void invalidate(client, stale.inventory);
    },
  });
  const busy = run.isPending;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const query = new URLSearchParams(Object.entries(draft).filter(([, value]) => value));
    if (!draft.status) query.set('status', '');
    navigate(`/discovered?${query.toString()}`);
  };

  const rows = page?.data ?? [];
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  return (
    <>
      <PageHeader title="Discovered software" />
      <p className="lead">
        What agents found installed on hosts. Link each to the application it belongs to, make it an application, or
        ignore it.
      </p>
      <form className="filters" onSubmit={apply}>
        <Field label="Search">
          <input
            type="search"
            maxLength={200}
            value={draft.q ?? ''}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
        </Field>
        <Field label="Status">
          <select value={draft.status ?? ''} onChange={(event) => setDraft({ ...draft, status: event.target.value })}>
            <option value="">Any</option>
            <option value="new">new</option>
            <option value="linked">linked</option>
            <option value="ignored">ignored</option>
          </select>
        </Field>
        <Field label="Vendor">
          <input
            type="text"
            maxLength={200}
            value={draft.vendor ?? ''}
            onChange={(event) => setDraft({ ...draft, vendor: event.target.value })}
          />
        </Field>
        <Field label="Host">
          <select
            value={draft.serverId ?? ''}
            onChange={(event) => setDraft({ ...draft, serverId: event.target.value })}
          >
            <option value="">Any</option>
            {servers.map((server) => (
              <option key={server.id} value={server.id}>
                {String(server.name)}
              </option>
            ))}
          </select>
        </Field>
        <FilterActions />
      </form>
      {mayTriage && (
        <fieldset className="bulk">
          <legend className="visually-hidden">Triage the selected software</legend>
          <span>{selected.size} selected</span>
          <Field label="Application">
            <select value={target} onChange={(event) => setTarget(event.target.value)}>
              <option value="">—</option>
              {applications.map((application) => (
                <option key={application.id} value={application.id}>
                  {String(application.name)}
                </option>
              ))}
            </select>
          </Field>
          <button
            type="button"
            disabled={busy || selected.size === 0 || !target}
            onClick={() => run.mutate({ label: 'Link', action: (row) => triage.link(row, target) })}
          >
            Link selected
          </button>
          {can('applications:add') && (
            <button
              type="button"
              disabled={busy || selected.size === 0}
              onClick={() => run.mutate({ label: 'Create applications', action: triage.create })}
            >
              Create applications
            </button>
          )}
          <button
            type="button"
            disabled={busy || selected.size === 0}
            onClick={() => run.mutate({ label: 'Ignore', action: triage.ignore })}
          >
            Ignore selected
          </button>
        </fieldset>
      )}
      <FormError error={messageOf(run.error ?? list.error)} />
      {run.data && <p role="status">{run.data}</p>}
      {page && (
        <p>
          {page.pagination.total === 0
            ? 'Nothing to show.'
            : `${rows.length} of ${page.pagination.total}, most installed first`}
        </p>
      )}
      {rows.length > 0 && (
        <div className="table-scroll">
          <table>
            <TableHead
              caption="Discovered software"
              columns={['Name', 'Vendor', 'Version', 'Host', 'Installs', 'Catalog match', 'Status', 'Application']}
              actions={false}
            />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    {mayTriage && (
                      <input
                        type="checkbox"
                        aria-label={`Select ${String(row.name)} ${String(row.version ?? '')}`.trim()}
                        checked={selected.has(row.id)}
                        onChange={() => toggle(row.id)}
                      />
                    )}{' '}
                    {String(row.name)}
                  </th>
                  <td>{String(row.vendor)}</td>
                  <td>{String(row.version ?? '—')}</td>
                  <td>
                    {typeof row.serverId === 'string' ? (
                      <ResourceLink family="servers" id={row.serverId} />
                    ) : typeof row.workstationId === 'string' ? (
                      <ResourceLink family="workstations" id={row.workstationId} />
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>{String(row.installCount)}</td>
                  <td>{String(row.catalogEntryId ?? '—')}</td>
                  <td>{String(row.status)}</td>
                  <td>
                    {typeof row.applicationId === 'string' ? (
                      <ResourceLink family="applications" id={row.applicationId} />
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {mayTriage && rows.length > 0 && (
        <button type="button" onClick={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))}>
          {allSelected ? 'Select none' : 'Select all shown'}
        </button>
      )}
    </>
  );
}
