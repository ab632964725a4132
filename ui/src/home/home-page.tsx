import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { queries } from '../api/queries.js';
import { formatDate, humanize } from '../base/format.js';
import { inSentence } from '../base/glossary.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities, useSession } from '../base/session.js';
import { useCatalog } from '../inventory/catalog.js';
import { LoadSampleData } from './sample-data.js';

/** The first-start banner of the demo workspace: where the API docs are and how to get a key. */
function GettingStarted() {
  const { isAdmin } = useAbilities();
  return (
    <section className="banner" aria-labelledby="getting-started">
      <h2 id="getting-started">Getting started</h2>
      <ol>
        <li>
          The public API is documented at <a href="/docs">/docs</a> (OpenAPI at{' '}
          <a href="/openapi.json">/openapi.json</a>).
        </li>
        <li>
          {isAdmin ? (
            <>
              <Link href="/keys">Create your first key</Link>: pick a name and an alias, then copy the secret and the
              ready curl line.
            </>
          ) : (
            <>Ask an admin of this workspace for an API key.</>
          )}
        </li>
        <li>
          Call the API with it:{' '}
          <code>curl -H "Authorization: Bearer &lt;secret&gt;" {window.location.origin}/public/v1/me</code>
        </li>
      </ol>
    </section>
  );
}

/** How many of each family the workspace holds (each list's total; one row read per family). */
function Counts() {
  const catalog = useCatalog();
  const { can } = useAbilities();
  const readable = catalog.filter((family) => can(family.scopes.read));
  // One row read per family: its list's total. Shown once every family has answered.
  const totals = useQueries({
    queries: readable.map((family) => queries.list(family.key, { limit: '1' })),
    combine: (results) =>
      results.every((result) => !result.isPending) ? results.map((result) => result.data?.pagination.total ?? 0) : [],
  });
  const counts = totals.map((total, index) => [readable[index]!.key, readable[index]!.many, total] as const);
  if (counts.length === 0) return null;
  return (
    <section aria-labelledby="counts">
      <h2 id="counts">Inventory</h2>
      {/* Each figure links to its list. The link is the number, named with its family by the term
          beside it: a link named after the family would make "Applications" ambiguous with the
          navigation's to whoever looks for it by name. */}
      <dl className="counts">
        {counts.map(([key, many, total]) => (
          <div key={key} data-family={key}>
            <dt id={`count-${key}`}>{many}</dt>
            <dd className="tile">
              <Link href={`/${key}`} aria-describedby={`count-${key}`}>
                {total.toLocaleString()}
              </Link>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The operations dashboard's problems: stale hosts, silent agents, the triage backlog. */
function Problems() {
  const widgets = useQuery({
    ...queries.dashboard('operations'),
    select: (answer) =>
      answer.widgets.filter((widget) => ['stale-hosts', 'silent-agents', 'triage-backlog'].includes(widget.id)),
  }).data;
  if (!widgets) return null;
  return (
    <section aria-labelledby="problems">
      <h2 id="problems">Needs attention</h2>
      <ul>
        {widgets.map((widget) => (
          <li key={widget.id} data-widget={widget.id}>
            {widget.title}:{' '}
            <strong>
              {widget.kind === 'table'
                ? widget.total
                : widget.kind === 'number'
                  ? widget.value
                  : widget.kind === 'breakdown'
                    ? widget.items.reduce((sum, item) => sum + item.value, 0)
                    : ''}
            </strong>
            {widget.id === 'triage-backlog' ? (
              <>
                {' '}
                · <Link href="/discovered">Triage</Link>
              </>
            ) : (
              <>
                {' '}
                · <Link href="/dashboards/operations">Details</Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function RecentChanges() {
  const events = useQuery(queries.auditLog({ limit: 10 })).data?.data;
  if (!events) return null;
  return (
    <section aria-labelledby="recent">
      <h2 id="recent">Recent changes</h2>
      <ol className="events">
        {events.map((event) => {
          const at = formatDate(event.timestamp);
          return (
            <li key={event.id} className="event">
              <time dateTime={event.timestamp}>{at}</time> <strong>{event.actor.name}</strong>{' '}
              {inSentence(humanize(event.action))} {inSentence(humanize(event.resourceType))}{' '}
              {event.resourceName && <em>{event.resourceName}</em>}
            </li>
          );
        })}
      </ol>
      <Link href="/audit">The whole audit log</Link>
    </section>
  );
}

/** /ui/: the workspace at a glance: counts, what needs attention, recent changes. */
export function HomePage() {
  const { session } = useSession();
  const { can } = useAbilities();
  const workspace = session.workspace;
  return (
    <>
      <PageHeader title={workspace ? workspace.name : 'No workspace'} />
      {workspace ? (
        <p>
          You are signed in as {session.user.name} with the <strong>{workspace.role}</strong> role.
        </p>
      ) : (
        <p>You are not a member of any workspace yet. Ask an admin to add you.</p>
      )}
      {workspace?.demo && <LoadSampleData />}
      {workspace?.demo && <GettingStarted />}
      {workspace && (
        <div className="home">
          <Counts />
          {can('operations_dashboard:read') && <Problems />}
          {can('audit_log:read') && <RecentChanges />}
        </div>
      )}
    </>
  );
}
