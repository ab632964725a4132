import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiFailure, call } from '../api/client.js';
import { etagAsShown, inventoryApi, type OffsetList, type Resource } from '../api/console-api.js';
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
  const [draft, setDraft] = useState<Record<string, string>>(filters);
  const [page, setPage] = useState<OffsetList<Resource>>();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [applications, setApplications] = useState<Resource[]>([]);
  const [servers, setServers] = useState<Resource[]>([]);
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  const mayTriage = can('applications:edit');

  const load = () => {
    setSelected(new Set());
    inventoryApi
      .list('discovered-applications', { ...filters, sort: '-installCount', limit: String(PAGE) })
      .then(setPage, (failure: Error) => setError(failure.message));
  };
  useEffect(() => {
    setDraft(filters);
    load();
    // The URL's query string is the list's one input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  useEffect(() => {
    inventoryApi.list('applications', { limit: '200' }).then(
      (answer) => setApplications(answer.data),
      () => setApplications([]),
    );
    inventoryApi.list('servers', { limit: '200' }).then(
      (answer) => setServers(answer.data),
      () => setServers([]),
    );
  }, []);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const query = new URLSearchParams(Object.entries(draft).filter(([, value]) => value));
    if (!draft.status) query.set('status', '');
    navigate(`/discovered?${query.toString()}`);
  };

  const run = async (label: string, action: (row: Resource) => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    let count = 0;
    try {
      for (const id of selected) {
        const row = page?.data.find((item) => item.id === id);
        if (row) await action(row);
        count += 1;
      }
      setDone(`${label}: ${count} done.`);
    } catch (failure) {
      setError(`${label}: ${count} done, then ${failure instanceof ApiFailure ? failure.message : String(failure)}`);
    }
    setBusy(false);
    load();
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
        <div className="bulk" role="group" aria-label="Triage the selected software">
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
            onClick={() => void run('Link', (row) => triage.link(row, target))}
          >
            Link selected
          </button>
          {can('applications:add') && (
            <button
              type="button"
              disabled={busy || selected.size === 0}
              onClick={() => void run('Create applications', triage.create)}
            >
              Create applications
            </button>
          )}
          <button
            type="button"
            disabled={busy || selected.size === 0}
            onClick={() => void run('Ignore', triage.ignore)}
          >
            Ignore selected
          </button>
        </div>
      )}
      <FormError error={error} />
      {done && <p role="status">{done}</p>}
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
