import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AUDIT_ACTIONS, AUDIT_CATEGORIES, AUDIT_RESOURCE_TYPES } from '../../../src/base/audit/audit.types.js';
import { messageOf } from '../api/client.js';
import type { AuditEvent, AuditLogQuery } from '../api/console-api.js';
import { queries } from '../api/queries.js';
import { Combobox } from '../base/combobox.js';
import { Field, FormError } from '../base/field.js';
import { formatDate, humanize } from '../base/format.js';
import { changeValue, fieldLabel, inSentence } from '../base/glossary.js';
import { PageHeader } from '../base/layout.js';
import { actorSource } from '../lists/options.js';

const FILTERS = ['from', 'to', 'actorId', 'category', 'action', 'resourceType', 'query'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;
const PAGE = 50;

function filtersOf(search: string): Filters {
  const params = new URLSearchParams(search);
  return Object.fromEntries(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
}

/** datetime-local (the browser's local time) ↔ the ISO instants of the URL and the API. */
const toLocalInput = (iso?: string) =>
  iso ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

function Diff({ changes }: { changes: NonNullable<AuditEvent['changes']> }) {
  return (
    <table className="diff">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(changes).map(([field, change]) => (
          <tr key={field}>
            <th scope="row">{fieldLabel(field)}</th>
            <td>{changeValue(change.before)}</td>
            <td>{changeValue(change.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EventRow({ event }: { event: AuditEvent }) {
  const what = `${inSentence(humanize(event.action))} ${inSentence(humanize(event.resourceType))}`;
  return (
    <li className="event">
      <details>
        <summary>
          <time dateTime={event.timestamp}>{formatDate(event.timestamp)}</time> <strong>{event.actor.name}</strong> (
          {humanize(event.actor.type)}) {what} {event.resourceName && <em>{event.resourceName}</em>}
        </summary>
        <dl>
          <dt>Category</dt>
          <dd>{humanize(event.category)}</dd>
          <dt>Resource ID</dt>
          <dd>{event.resourceId ?? '—'}</dd>
          <dt>Actor ID</dt>
          <dd>{event.actor.id ?? '—'}</dd>
        </dl>
        {event.changes ? <Diff changes={event.changes} /> : <p>No field changes recorded.</p>}
      </details>
    </li>
  );
}

/**
 * /ui/audit: newest first, filtered by the URL (so a view can be shared), the next page fetched
 * with the cursor as the end of the list comes into view.
 */
export function AuditPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = filtersOf(search);
  const [draft, setDraft] = useState<Filters>(filters);
  // A new URL (a link, Clear, Back) shows its own filters in the form.
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    setDraft(filters);
  }
  const sentinel = useRef<HTMLDivElement>(null);

  const request: AuditLogQuery = {
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.category ? { category: filters.category as AuditLogQuery['category'] } : {}),
    ...(filters.action ? { actions: [filters.action as AuditEvent['action']] } : {}),
    ...(filters.resourceType ? { resourceType: filters.resourceType as AuditLogQuery['resourceType'] } : {}),
    ...(filters.query ? { query: filters.query } : {}),
    limit: PAGE,
  };
  // The first page, then the next by its cursor as the end of the list comes into view.
  const log = useInfiniteQuery(queries.auditLogPages(request));
  const events = log.data?.pages.flatMap((page) => page.data) ?? [];
  const total = log.data?.pages[0]?.total;
  const more = () => {
    if (log.hasNextPage && !log.isFetchingNextPage) void log.fetchNextPage();
  };

  // Not a load: the observer asks for the next page when the end of the list is in view.
  useEffect(() => {
    const target = sentinel.current;
    if (!target) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && more());
    observer.observe(target);
    return () => observer.disconnect();
  });

  const show = (chosen: Filters) => {
    const params = new URLSearchParams(Object.entries(chosen).filter(([, value]) => value) as [string, string][]);
    const text = params.toString();
    navigate(text ? `/audit?${text}` : '/audit');
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    show(draft);
  };
  const set = (name: keyof Filters) => (value: string) => setDraft({ ...draft, [name]: value });

  return (
    <>
      <PageHeader title="Audit log" />
      <form className="filters" onSubmit={apply} aria-label="Filters">
        <Field label="From">
          <input
            type="datetime-local"
            value={toLocalInput(draft.from)}
            onChange={(event) => set('from')(fromLocalInput(event.target.value))}
          />
        </Field>
        <Field label="To">
          <input
            type="datetime-local"
            value={toLocalInput(draft.to)}
            onChange={(event) => set('to')(fromLocalInput(event.target.value))}
          />
        </Field>
        <Field label="Actor">
          <Combobox
            source={actorSource}
            value={draft.actorId ?? ''}
            placeholder="Anyone"
            onChange={(actorId) => show({ ...draft, actorId })}
          />
        </Field>
        <Field label="Category">
          <select value={draft.category ?? ''} onChange={(event) => set('category')(event.target.value)}>
            <option value="">Any</option>
            {AUDIT_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {humanize(value)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Action">
          <select value={draft.action ?? ''} onChange={(event) => set('action')(event.target.value)}>
            <option value="">Any</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {humanize(value)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Resource type">
          <select value={draft.resourceType ?? ''} onChange={(event) => set('resourceType')(event.target.value)}>
            <option value="">Any</option>
            {AUDIT_RESOURCE_TYPES.map((value) => (
              <option key={value} value={value}>
                {humanize(value)}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Search">
          <input
            type="search"
            maxLength={200}
            value={draft.query ?? ''}
            onChange={(event) => set('query')(event.target.value)}
          />
        </Field>
        <div className="actions">
          <button type="submit" className="primary">
            Apply filters
          </button>
          <button type="button" onClick={() => navigate('/audit')}>
            Clear
          </button>
        </div>
      </form>
      <FormError error={messageOf(log.error)} />
      {total !== undefined && (
        <p role="status">
          {total} {total === 1 ? 'event' : 'events'}
        </p>
      )}
      <ol className="events">
        {events.map((event) => (
          <EventRow key={event.id} event={event} />
        ))}
      </ol>
      {log.hasNextPage && (
        <div ref={sentinel} className="more">
          <button type="button" onClick={more} disabled={log.isFetchingNextPage}>
            {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}
