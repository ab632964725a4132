import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { ApiFailure, isConflict } from '../api/client.js';
import { inventoryApi, type AuditEvent, type Resource } from '../api/console-api.js';
import { ConflictNotice } from '../base/conflict.js';
import { ConfirmDialog } from '../base/dialog.js';
import { Field, FormError } from '../base/field.js';
import { formatDate, humanize } from '../base/format.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities } from '../base/session.js';
import { useCatalog, useFamily } from './catalog.js';
import { ResourceLink } from './resource-name.js';
import { display, labelOf, type ConsoleFamily } from './schema.js';

function FieldValue({ family, field, value }: { family: ConsoleFamily; field: string; value: unknown }) {
  const target = family.references[field];
  if (target && typeof value === 'string') return <ResourceLink family={target} id={value} />;
  if (target && Array.isArray(value) && value.length > 0) {
    return (
      <ul className="inline-list">
        {value.map((id) => (
          <li key={String(id)}>
            <ResourceLink family={target} id={String(id)} />
          </li>
        ))}
      </ul>
    );
  }
  return <>{display(value, family.item.properties?.[field] ?? {})}</>;
}

/**
 * A related list of a detail page (an application's servers, a network's routers), if the member
 * may read it; with the edit scope, links are added and removed here.
 */
function Related({
  family,
  id,
  segment,
  target,
  editable,
  onLinked,
}: {
  family: ConsoleFamily;
  id: string;
  segment: string;
  target: string;
  editable: boolean;
  onLinked(): void;
}) {
  const [items, setItems] = useState<Resource[]>();
  const [hidden, setHidden] = useState(false);
  const [choices, setChoices] = useState<Resource[]>([]);
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string>();
  const load = () => void inventoryApi.related(family.key, id, segment).then(setItems, () => setHidden(true));
  useEffect(load, [family.key, id, segment]);
  useEffect(() => {
    if (editable)
      inventoryApi.list(target, { limit: '200' }).then(
        (page) => setChoices(page.data),
        () => setChoices([]),
      );
  }, [editable, target]);
  if (hidden) return null;
  const change = async (action: 'link' | 'unlink', childId: string) => {
    try {
      await (action === 'link'
        ? inventoryApi.link(family.key, id, segment, childId)
        : inventoryApi.unlink(family.key, id, segment, childId));
      setError(undefined);
      setChoice('');
      load();
      // A link changes the item itself (its ETag): the page takes it again, so a Delete after it is not taken for someone else's change.
      onLinked();
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : String(failure));
    }
  };
  const title = labelOf(segment);
  const linked = new Set(items?.map((item) => item.id));
  const headingId = `related-${segment}`;
  return (
    <section className="related" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {items && items.length === 0 && <p>None.</p>}
      {items && items.length > 0 && (
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <ResourceLink family={target} id={item.id} name={String(item.name ?? item.email ?? item.id)} />
              {editable && (
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Unlink ${String(item.name ?? item.id)}`}
                  onClick={() => void change('unlink', item.id)}
                >
                  Unlink
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (choice) void change('link', choice);
          }}
        >
          <Field label={`Add to ${title.toLowerCase()}`} error={error}>
            <select value={choice} onChange={(event) => setChoice(event.target.value)}>
              <option value="">—</option>
              {choices
                .filter((option) => !linked.has(option.id))
                .map((option) => (
                  <option key={option.id} value={option.id}>
                    {String(option.name ?? option.email ?? option.id)}
                  </option>
                ))}
            </select>
          </Field>
          <button type="submit" disabled={!choice} aria-label={`Link to ${title.toLowerCase()}`}>
            Link
          </button>
        </form>
      )}
    </section>
  );
}

/** The software agents found on a server or workstation, with its triage status. */
function DiscoveredSoftware({ host, id }: { host: 'serverId' | 'workstationId'; id: string }) {
  const [page, setPage] = useState<{ data: Resource[]; pagination: { total: number } }>();
  useEffect(() => {
    inventoryApi
      .list('discovered-applications', { [host]: id, sort: 'name', limit: '50' })
      .then(setPage, () => setPage(undefined));
  }, [host, id]);
  if (!page) return null;
  return (
    <section className="related" aria-labelledby="discovered-software">
      <h2 id="discovered-software">Discovered software</h2>
      {page.data.length === 0 ? (
        <p>None reported.</p>
      ) : (
        <ul>
          {page.data.map((item) => (
            <li key={item.id}>
              {String(item.name)} {item.version ? String(item.version) : ''} · {String(item.vendor)} ·{' '}
              {String(item.status)}
              {typeof item.applicationId === 'string' && (
                <>
                  {' '}
                  → <ResourceLink family="applications" id={item.applicationId} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <Link href={`/discovered?${host}=${id}&status=`}>
        {page.pagination.total > page.data.length ? `All ${page.pagination.total} in triage` : 'Triage'}
      </Link>
    </section>
  );
}

function History({ id }: { id: string }) {
  const [events, setEvents] = useState<AuditEvent[]>();
  useEffect(() => {
    inventoryApi.history(id).then(
      (page) => setEvents(page.data),
      () => setEvents(undefined),
    );
  }, [id]);
  if (!events) return null;
  return (
    <section className="related">
      <h2>History</h2>
      {events.length === 0 && <p>No recorded changes.</p>}
      <ol className="events">
        {events.map((event) => (
          <li key={event.id} className="event">
            <details>
              <summary>
                <time dateTime={event.timestamp}>{formatDate(event.timestamp)}</time>{' '}
                <strong>{event.actor.name}</strong> {humanize(event.action).toLowerCase()}
              </summary>
              {event.changes ? (
                <dl>
                  {Object.entries(event.changes).map(([field, change]) => (
                    <div key={field}>
                      <dt>{labelOf(field)}</dt>
                      <dd>
                        <code>{JSON.stringify(change.before)}</code> → <code>{JSON.stringify(change.after)}</code>
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p>No field changes recorded.</p>
              )}
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Comments({ applicationId, canComment }: { applicationId: string; canComment: boolean }) {
  const [comments, setComments] = useState<Awaited<ReturnType<typeof inventoryApi.comments>>>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const load = () => void inventoryApi.comments(applicationId).then(setComments, () => setComments([]));
  useEffect(load, [applicationId]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await inventoryApi.addComment(applicationId, text);
      setText('');
      setError(undefined);
      load();
    } catch (failure) {
      setError(failure instanceof ApiFailure ? failure.message : String(failure));
    }
  };
  return (
    <section className="related">
      <h2>Comments</h2>
      {comments.length === 0 && <p>No comments yet.</p>}
      <ol className="comments">
        {comments.map((comment) => (
          <li key={comment.id}>
            <strong>{comment.author.name}</strong> ·{' '}
            <time dateTime={comment.createdAt}>{formatDate(comment.createdAt)}</time>
            <p>{comment.body}</p>
          </li>
        ))}
      </ol>
      {canComment && (
        <form onSubmit={(event) => void submit(event)}>
          <Field label="Comment" error={error}>
            <textarea rows={3} maxLength={10000} value={text} onChange={(event) => setText(event.target.value)} />
          </Field>
          <button type="submit" disabled={!text.trim()}>
            Add comment
          </button>
        </form>
      )}
    </section>
  );
}

/** /ui/<family>/<id>: every field, relations as links, its own history, Edit and Delete. */
export function DetailPage({ familyKey, id }: { familyKey: string; id: string }) {
  const family = useFamily(familyKey);
  const catalog = useCatalog();
  const { can } = useAbilities();
  const [, navigate] = useLocation();
  const [resource, setResource] = useState<Resource>();
  // The ETag the item was shown with: Delete sends it as If-Match.
  const [etag, setEtag] = useState<string>();
  // Set when Delete answered 412: the item as it was shown, before it was loaded again.
  const [changed, setChanged] = useState<Resource>();
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (!family) return;
    setResource(undefined);
    setChanged(undefined);
    inventoryApi.load(family.key, id).then(
      (loaded) => {
        setResource(loaded.value);
        setEtag(loaded.etag);
      },
      (failure: Error) => setError(failure.message),
    );
  }, [family, id]);

  if (!family) return <p>There is no such list.</p>;
  const remove = async (ifMatch: string | undefined) => {
    try {
      await inventoryApi.remove(family.key, id, ifMatch);
      navigate(`/${family.key}`);
    } catch (failure) {
      setDeleting(false);
      if (isConflict(failure)) {
        // Someone changed it since it was shown: show it as it is now, and ask again.
        try {
          const loaded = await inventoryApi.load(family.key, id);
          setChanged(resource);
          setResource(loaded.value);
          setEtag(loaded.etag);
        } catch (reload) {
          setError(reload instanceof ApiFailure ? reload.message : String(reload));
        }
        return;
      }
      setError(failure instanceof ApiFailure ? failure.message : String(failure));
    }
  };
  const fieldsChanged = (before: Resource, now: Resource) =>
    Object.keys(family.item.properties ?? {}).filter(
      (field) => JSON.stringify(before[field]) !== JSON.stringify(now[field]),
    );
  const name = resource ? String(resource.name ?? resource.email ?? resource.id) : '';

  return (
    <>
      <PageHeader title={resource ? name : family.one}>
        {resource && family.update && family.scopes.edit && can(family.scopes.edit) && (
          <button type="button" onClick={() => navigate(`/${family.key}/${id}/edit`)}>
            Edit
          </button>
        )}
        {resource && family.scopes.delete && can(family.scopes.delete) && (
          <button type="button" className="danger" onClick={() => setDeleting(true)}>
            Delete
          </button>
        )}
      </PageHeader>
      <FormError error={error} />
      {changed && resource && (
        <ConflictNotice
          what={`this ${family.one}`}
          rows={fieldsChanged(changed, resource).map((field) => ({
            label: labelOf(field),
            current: <FieldValue family={family} field={field} value={resource[field]} />,
          }))}
          reapply="Delete anyway"
          discard="Keep it"
          onReapply={() => {
            setChanged(undefined);
            void remove(etag);
          }}
          onDiscard={() => setChanged(undefined)}
        />
      )}
      {resource && (
        <dl className="fields">
          {Object.keys(family.item.properties ?? {}).map((field) => (
            <div key={field}>
              <dt>{labelOf(field)}</dt>
              <dd>
                <FieldValue family={family} field={field} value={resource[field]} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {resource &&
        family.relations
          .filter((relation) => catalog.some((other) => other.key === relation.family))
          .map((relation) => (
            <Related
              key={relation.segment}
              family={family}
              id={id}
              segment={relation.segment}
              target={relation.family}
              editable={relation.editable && Boolean(family.scopes.edit && can(family.scopes.edit))}
              onLinked={() =>
                void inventoryApi.load(family.key, id).then(
                  (loaded) => {
                    setResource(loaded.value);
                    setEtag(loaded.etag);
                  },
                  () => undefined,
                )
              }
            />
          ))}
      {resource && family.key === 'applications' && (
        <Comments applicationId={id} canComment={can('applications:comment')} />
      )}
      {resource && (family.key === 'servers' || family.key === 'workstations') && can('applications:read') && (
        <DiscoveredSoftware host={family.key === 'servers' ? 'serverId' : 'workstationId'} id={id} />
      )}
      {resource && can('audit_log:read') && <History id={id} />}
      {deleting && (
        <ConfirmDialog title={`Delete ${name}?`} onConfirm={() => void remove(etag)} onClose={() => setDeleting(false)}>
          <p>This cannot be undone. What refers to it is released as the API documents.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
