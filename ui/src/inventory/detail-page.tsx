import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { isConflict, messageOf, type Tagged } from '../api/client.js';
import { customFieldsApi, inventoryApi, type Resource } from '../api/console-api.js';
import { invalidate, queries, stale } from '../api/queries.js';
import { Combobox } from '../base/combobox.js';
import { ConflictNotice } from '../base/conflict.js';
import { ConfirmDialog } from '../base/dialog.js';
import { Field, FormError } from '../base/field.js';
import { humanize } from '../base/format.js';
import { changeValue, inSentence } from '../base/glossary.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities } from '../base/session.js';
import { familySource } from '../lists/options.js';
import { useCatalog, useFamily } from './catalog.js';
import { formattedValue, IdLine, KeyFacts, UNIT_FIELDS, When } from './detail-header.js';
import { AgentSection, HostSoftwareSection, ServerNetworksSection } from './host-sections.js';
import { fieldSchemaOf, groupsOf } from './resource-form.js';
import { ResourceLink } from './resource-name.js';
import { display, labelOf, type ConsoleFamily } from './schema.js';

function FieldValue({ family, field, value }: { family: ConsoleFamily; field: string; value: unknown }) {
  const target = family.references[field];
  if (target && typeof value === 'string') return <ResourceLink family={target} id={value} />;
  const formatted = formattedValue(family, field, value);
  if (formatted !== undefined) return <>{formatted}</>;
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
}: {
  family: ConsoleFamily;
  id: string;
  segment: string;
  target: string;
  editable: boolean;
}) {
  const client = useQueryClient();
  const related = useQuery(queries.related(family.key, id, segment));
  const items = related.data;
  const [choice, setChoice] = useState('');
  const change = useMutation({
    mutationFn: ({ action, childId }: { action: 'link' | 'unlink'; childId: string }) =>
      action === 'link'
        ? inventoryApi.link(family.key, id, segment, childId)
        : inventoryApi.unlink(family.key, id, segment, childId),
    onSuccess: () => {
      setChoice('');
      // A link changes the item itself (its ETag) and the other side's lists: the page takes them
      // again, so a Delete after it is not taken for someone else's change.
      void invalidate(client, stale.inventory);
    },
  });
  // A list the member may not read is left out.
  if (related.isError) return null;
  const error = messageOf(change.error);
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
                  onClick={() => change.mutate({ action: 'unlink', childId: item.id })}
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
            if (choice) change.mutate({ action: 'link', childId: choice });
          }}
        >
          <Field label={`Add to ${title.toLowerCase()}`} error={error}>
            <Combobox source={familySource(target)} value={choice} exclude={linked} onChange={setChoice} />
          </Field>
          <button type="submit" disabled={!choice} aria-label={`Link to ${title.toLowerCase()}`}>
            Link
          </button>
        </form>
      )}
    </section>
  );
}

function History({ id }: { id: string }) {
  const events = useQuery(queries.history(id)).data?.data;
  if (!events) return null;
  return (
    <section className="related" aria-labelledby="history">
      <h2 id="history">History</h2>
      {events.length === 0 && <p>No recorded changes.</p>}
      <ol className="events">
        {events.map((event) => (
          <li key={event.id} className="event">
            <details>
              <summary>
                <When iso={event.timestamp} /> <strong>{event.actor.name}</strong> {inSentence(humanize(event.action))}
              </summary>
              {event.changes ? (
                <dl>
                  {Object.entries(event.changes).map(([field, change]) => (
                    <div key={field}>
                      <dt>{labelOf(field)}</dt>
                      <dd>
                        {changeValue(change.before)} → {changeValue(change.after)}
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
  const client = useQueryClient();
  const comments = useQuery(queries.comments(applicationId)).data ?? [];
  const [text, setText] = useState('');
  const add = useMutation({
    mutationFn: (body: string) => inventoryApi.addComment(applicationId, body),
    onSuccess: () => {
      setText('');
      void invalidate(client, queries.comments(applicationId).queryKey);
    },
  });
  const error = messageOf(add.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(text);
  };
  return (
    <section className="related">
      <h2>Comments</h2>
      {comments.length === 0 && <p>No comments yet.</p>}
      <ol className="comments">
        {comments.map((comment) => (
          <li key={comment.id}>
            <strong>{comment.author.name}</strong> · <When iso={comment.createdAt} />
            <p>{comment.body}</p>
          </li>
        ))}
      </ol>
      {canComment && (
        <form onSubmit={submit}>
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

/**
 * /ui/<family>/<id>: the name and key facts, the id in a small line, every field formatted for
 * people, then sections for related objects (a server's networks, agent, applications, software)
 * and its own history, which every change made here asks again (queries under ['audit-log']).
 */
export function DetailPage({ familyKey, id }: { familyKey: string; id: string }) {
  const family = useFamily(familyKey);
  const catalog = useCatalog();
  const { can, restricted } = useAbilities();
  const [, navigate] = useLocation();
  const client = useQueryClient();
  // The item and the ETag it was shown with: Delete sends it as If-Match.
  const item = useQuery({ ...queries.item(familyKey, id), enabled: Boolean(family) });
  const resource = item.data?.value;
  // Set when Delete answered 412: the item as it was shown, and as it is now.
  const [conflict, setConflict] = useState<{ shown: Resource; current: Tagged<Resource> }>();
  const [reloadError, setReloadError] = useState<unknown>();
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation({
    mutationFn: ({ ifMatch }: { ifMatch: string | undefined; shown: Resource | undefined }) =>
      inventoryApi.remove(familyKey, id, ifMatch),
    onSuccess: () => {
      client.removeQueries({ queryKey: queries.item(familyKey, id).queryKey });
      void invalidate(client, stale.inventory);
      navigate(`/${familyKey}`);
    },
    onError: async (failure, { shown }) => {
      setDeleting(false);
      if (!isConflict(failure) || !shown) return;
      // Someone changed it since it was shown: show it as it is now, and ask again.
      try {
        setConflict({ shown, current: await client.fetchQuery(queries.item(familyKey, id)) });
      } catch (reload) {
        setReloadError(reload);
      }
    },
  });

  if (!family) return <p>There is no such list.</p>;
  const error = messageOf(item.error ?? reloadError ?? (isConflict(remove.error) ? undefined : remove.error));
  const fieldsChanged = (before: Resource, now: Resource) =>
    Object.keys(family.item.properties ?? {}).filter(
      (field) => JSON.stringify(before[field]) !== JSON.stringify(now[field]),
    );
  const name = resource ? String(resource.name ?? resource.email ?? resource.id) : '';
  // A host's agent has a section of its own (name, status, last report) instead of a field.
  const agentId =
    resource && (family.key === 'servers' || family.key === 'workstations') && typeof resource.agentId === 'string'
      ? resource.agentId
      : undefined;

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
      {resource && <KeyFacts family={family} resource={resource} />}
      {resource && <IdLine id={id} />}
      <FormError error={error} />
      {conflict && (
        <ConflictNotice
          what={`this ${family.one}`}
          rows={fieldsChanged(conflict.shown, conflict.current.value).map((field) => ({
            label: labelOf(field),
            current: <FieldValue family={family} field={field} value={conflict.current.value[field]} />,
          }))}
          reapply="Delete anyway"
          discard="Keep it"
          onReapply={() => {
            setConflict(undefined);
            remove.mutate({ ifMatch: conflict.current.etag, shown: conflict.current.value });
          }}
          onDiscard={() => setConflict(undefined)}
        />
      )}
      {resource && (
        <dl className="fields">
          {Object.keys(family.item.properties ?? {})
            .filter((field) => field !== 'id' && field !== 'customFields' && !(field === 'agentId' && agentId))
            .map((field) => (
              <div key={field}>
                <dt>{UNIT_FIELDS[field]?.label ?? labelOf(field)}</dt>
                <dd>
                  <FieldValue family={family} field={field} value={resource[field]} />
                </dd>
              </div>
            ))}
        </dl>
      )}
      {resource && <CustomFieldsSection familyKey={family.key} values={resource.customFields} />}
      {resource && family.key === 'servers' && can('infrastructure:read') && <ServerNetworksSection serverId={id} />}
      {agentId && <AgentSection agentId={agentId} />}
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
            />
          ))}
      {resource && family.key === 'applications' && (
        <Comments applicationId={id} canComment={can('applications:comment')} />
      )}
      {resource &&
        (family.key === 'servers' || family.key === 'workstations') &&
        can('applications:read') &&
        !restricted && <HostSoftwareSection host={family.key === 'servers' ? 'serverId' : 'workstationId'} id={id} />}
      {resource && can('audit_log:read') && <History id={id} />}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${name}?`}
          onConfirm={() => remove.mutate({ ifMatch: item.data?.etag, shown: resource })}
          onClose={() => setDeleting(false)}
          busy={remove.isPending}
        >
          <p>This cannot be undone. What refers to it is released as the API documents.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** An item's custom fields by group, each with its label (markup in labels and values is text). */
function CustomFieldsSection({ familyKey, values }: { familyKey: string; values: unknown }) {
  const definitions = useQuery({
    queryKey: ['custom-fields', familyKey],
    queryFn: () => customFieldsApi.list(familyKey),
    enabled: typeof values === 'object' && values !== null && Object.keys(values).length > 0,
  });
  const held = (values ?? {}) as Record<string, unknown>;
  const fields = definitions.data?.data ?? [];
  if (fields.length === 0) return null;
  return (
    <>
      {groupsOf(fields).map(([group, inGroup]) => (
        <section key={group} aria-label={group}>
          <h2>{group}</h2>
          <dl className="fields">
            {inGroup.map((field) => (
              <div key={field.name}>
                <dt>{field.label}</dt>
                <dd>{display(held[field.name], fieldSchemaOf(field))}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}
