import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { AgentItem } from '../api/console-api.js';
import { queries } from '../api/queries.js';
import { formatCount } from '../base/format.js';
import { valueLabel } from '../base/glossary.js';
import { productQueries } from '../discovered/products-api.js';
import { When } from './detail-header.js';
import { ResourceLink } from './resource-name.js';

/**
 * The sections of a host's detail page beyond its fields and links: the networks its addresses
 * fall in (placed on the server, GET /ui/api/servers/{id}/networks), the agent that reports it
 * (name, status, last report) and the software found on it, a product a row.
 */

/** The networks a server's addresses fall in, each with the addresses it holds. */
export function ServerNetworksSection({ serverId }: { serverId: string }) {
  const found = useQuery(productQueries.serverNetworks(serverId));
  if (found.isError) return null;
  const answer = found.data;
  return (
    <section className="related" aria-labelledby="server-networks">
      <h2 id="server-networks">Networks</h2>
      {!answer && <p className="loading">Loading…</p>}
      {answer && answer.networks.length === 0 && <p>No network of this workspace holds its addresses.</p>}
      {answer && answer.networks.length > 0 && (
        <ul>
          {answer.networks.map((network) => (
            <li key={network.id}>
              <Link href={`/networks/${network.id}`}>{network.name}</Link> <code>{network.cidr}</code>
              {network.vlan !== null && <> · VLAN {network.vlan}</>} · {network.addresses.join(', ')}
            </li>
          ))}
        </ul>
      )}
      {answer && answer.unplaced.length > 0 && <p>In no recorded network: {answer.unplaced.join(', ')}</p>}
    </section>
  );
}

/** The agent reporting a host: its name (a link), status and last report. */
export function AgentSection({ agentId }: { agentId: string }) {
  const agent = useQuery({ ...queries.item('agents', agentId), select: ({ value }) => value as unknown as AgentItem });
  if (agent.isError) return null;
  const item = agent.data;
  return (
    <section className="related" aria-labelledby="host-agent">
      <h2 id="host-agent">Agent</h2>
      {!item ? (
        <p className="loading">Loading…</p>
      ) : (
        <dl className="fields compact">
          <div>
            <dt>Name</dt>
            <dd>
              <Link href={`/agents/${item.id}`}>{item.name}</Link>
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`badge status-${item.status}`}>{valueLabel(item.status)}</span>
            </dd>
          </div>
          <div>
            <dt>Last report</dt>
            <dd>{item.lastSeenAt ? <When iso={item.lastSeenAt} /> : 'Never'}</dd>
          </div>
          {item.version && (
            <div>
              <dt>Version</dt>
              <dd>{item.version}</dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}

const SOFTWARE_PAGE = 100;

/**
 * The software found on a host, one product a row (a host holds one install of each), with how
 * many hosts of the workspace report the same product and a link to its row in triage.
 */
export function HostSoftwareSection({ host, id }: { host: 'serverId' | 'workstationId'; id: string }) {
  const page = useQuery(
    queries.list('discovered-applications', { [host]: id, sort: 'name', limit: String(SOFTWARE_PAGE) }),
  ).data;
  if (!page) return null;
  return (
    <section className="related" aria-labelledby="discovered-software">
      <h2 id="discovered-software">Discovered software</h2>
      {page.data.length === 0 ? (
        <p>None reported.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">Software found on this host, by product</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Vendor</th>
                <th scope="col">Version</th>
                <th scope="col">Status</th>
                <th scope="col">Application</th>
                <th scope="col">Hosts with it</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((item) => (
                <tr key={item.id}>
                  <th scope="row">{String(item.name)}</th>
                  <td>{String(item.vendor || '—')}</td>
                  <td>{item.version ? String(item.version) : '—'}</td>
                  <td>{valueLabel(String(item.status))}</td>
                  <td>
                    {typeof item.applicationId === 'string' ? (
                      <ResourceLink family="applications" id={item.applicationId} />
                    ) : (
                      '—'
                    )}
                  </td>
                  <td>
                    <Link href={`/discovered?q=${encodeURIComponent(String(item.name))}&status=`}>
                      {formatCount(Number(item.installCount))}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.pagination.total > page.data.length && (
        <p>
          {formatCount(page.data.length)} of {formatCount(page.pagination.total)} shown.
        </p>
      )}
    </section>
  );
}
