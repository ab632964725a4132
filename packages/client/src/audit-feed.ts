import type { paths } from './schema.js';
import { sleep } from './transport.js';

type AuditLog = paths['/audit-log']['get'];
type AuditQuery = NonNullable<AuditLog['parameters']['query']>;

/** One audit event, exactly as GET /public/v1/audit-log returns it. */
type AuditPage = AuditLog['responses'][200]['content']['application/json'];

export type AuditEvent = AuditPage['data'][number];

/** What a feed reads: pages of `GET /audit-log` (the client gives its own). */
export type ReadAuditPage = (query: AuditQuery, signal: AbortSignal | undefined) => Promise<AuditPage>;

/** The audit log's filters a feed can follow. */
export type AuditFilter = Pick<
  AuditQuery,
  'actorId' | 'category' | 'actions' | 'resourceType' | 'resourceId' | 'query'
>;

/**
 * A place in the audit log: just after the event with this `(timestamp, id)`, the log's order.
 * Save it after handling an event and give it back to resume there.
 */
export interface AuditPosition {
  timestamp: string;
  id: string;
}

export interface AuditFeedOptions {
  /** Resume just after this position (as saved from `feed.position`); null is the log's beginning. */
  position?: AuditPosition | null;
  /** Where to start without a position: `now` (default: only events after the newest one), `start`, or an instant. */
  from?: 'now' | 'start' | Date | string;
  /** Only the events matching these filters (applied by the server). */
  filter?: AuditFilter;
  /** Keep polling for new events (default true); false ends the feed once it has caught up. */
  follow?: boolean;
  /** Pause between two polls once caught up (default 10 000 ms). */
  pollIntervalMs?: number;
  /** Events per request (default and most 200). */
  pageSize?: number;
  /**
   * Events one poll holds in memory while it walks down to the position (default 5000); past it,
   * the newest pages are let go and read again when their turn comes.
   */
  maxBuffered?: number;
  /** Ends the feed (the iteration stops without an error). */
  signal?: AbortSignal;
}

/** An async iterable of audit events, oldest first, with the position after the last one yielded. */
export interface AuditFeed extends AsyncIterable<AuditEvent> {
  /**
   * The position after the last event yielded: save it once that event is handled. Before the
   * first event it is where the feed starts (null: the beginning); undefined until `start()` has
   * resolved `from: 'now'`.
   */
  readonly position: AuditPosition | null | undefined;
  /** Resolves where the feed starts (iterating does it too), e.g. to save a `now` before any event. */
  start(): Promise<AuditPosition | null>;
}

export const positionOf = (event: { timestamp: string; id: string }): AuditPosition => ({
  timestamp: event.timestamp,
  id: event.id,
});

/** Whether the event comes after the position in the log's (timestamp, id) order. */
export function isAfter(event: { timestamp: string; id: string }, position: AuditPosition | null): boolean {
  if (!position) return true;
  return event.timestamp > position.timestamp || (event.timestamp === position.timestamp && event.id > position.id);
}

/**
 * The audit log is served newest first, and each new event sorts after every event committed
 * before it (docs/api.md). So one poll walks down from the newest event to the position (only
 * events from its timestamp on, through the `from` filter), then hands the events out oldest
 * first; nothing below the position can appear later, so nothing is skipped.
 */
/** The newest event's position among those matching `filter`, or null when there is none. */
export async function auditHeadOf(read: ReadAuditPage, filter: AuditFilter): Promise<AuditPosition | null> {
  const newest = (await read({ ...filter, limit: 1 }, undefined)).data[0];
  return newest ? positionOf(newest) : null;
}

export function createAuditFeed(read: ReadAuditPage, options: AuditFeedOptions): AuditFeed {
  const filter = options.filter ?? {};
  const pageSize = Math.min(200, Math.max(1, options.pageSize ?? 200));
  const pollIntervalMs = options.pollIntervalMs ?? 10_000;
  const signal = options.signal;
  const maxBuffered = options.maxBuffered ?? 5000;
  let position: AuditPosition | null | undefined = options.position;
  let starting: Promise<AuditPosition | null> | undefined;

  const start = () => {
    starting ??= (async () => {
      if (position !== undefined) return position;
      const from = options.from ?? 'now';
      if (from === 'start') position = null;
      else if (from === 'now') position = await auditHeadOf(read, filter);
      else {
        const instant = new Date(from);
        if (Number.isNaN(instant.getTime())) throw new TypeError(`auditFeed: from is not an instant: ${String(from)}`);
        // Every event at or after the instant: the empty id sorts before any event's.
        position = { timestamp: instant.toISOString(), id: '' };
      }
      return position;
    })();
    return starting;
  };

  const page = (after: AuditPosition | null, cursor: string | undefined) =>
    read(
      {
        ...filter,
        limit: pageSize,
        ...(after ? { from: after.timestamp } : {}),
        ...(cursor ? { cursor } : {}),
      },
      signal,
    );

  /** The events after `after` as one poll finds them, oldest first. */
  async function* poll(after: AuditPosition | null): AsyncGenerator<AuditEvent> {
    const pages: { cursor: string | undefined; events: AuditEvent[] | undefined }[] = [];
    let buffered = 0;
    let cursor: string | undefined;
    for (;;) {
      const answer = await page(after, cursor);
      const fresh = answer.data.filter((event) => isAfter(event, after));
      pages.push({ cursor, events: fresh });
      buffered += fresh.length;
      // The newest pages are handed out last: let theirs go first, to be read again in turn.
      for (let i = 0; buffered > maxBuffered && i < pages.length - 1; i += 1) {
        const held = pages[i]!;
        buffered -= held.events?.length ?? 0;
        held.events = undefined;
      }
      if (fresh.length < answer.data.length || !answer.hasMore || !answer.nextCursor) break;
      cursor = answer.nextCursor;
    }
    for (let i = pages.length - 1; i >= 0; i -= 1) {
      const held = pages[i]!;
      const events = held.events ?? (await page(after, held.cursor)).data.filter((event) => isAfter(event, after));
      held.events = undefined;
      for (let j = events.length - 1; j >= 0; j -= 1) yield events[j]!;
    }
  }

  async function* follow(): AsyncGenerator<AuditEvent> {
    try {
      await start();
      for (;;) {
        for await (const event of poll(position ?? null)) {
          if (signal?.aborted) return;
          // Each event once, in order, whatever a page holds.
          if (!isAfter(event, position ?? null)) continue;
          position = positionOf(event);
          yield event;
        }
        if (options.follow === false) return;
        await sleep(pollIntervalMs, signal);
      }
    } catch (error) {
      if (signal?.aborted) return;
      throw error;
    }
  }

  return {
    get position() {
      return position;
    },
    start,
    [Symbol.asyncIterator]: follow,
  };
}
