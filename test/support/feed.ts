/**
 * An audit-log poller that does exactly what docs/api.md tells integrations: remember the newest
 * (timestamp, id) seen and, at each poll, walk pages from the top down to it. Used to prove that
 * the feed is gap-free while writers run (test/base/resources/concurrency.test.ts,
 * test/surfaces/server/instances.test.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';

interface AuditEvent {
  id: string;
  timestamp: string;
}

export interface AuditPage {
  data: AuditEvent[];
  hasMore: boolean;
  nextCursor?: string;
}

export function auditFeedPoller(fetchPage: (cursor: string | undefined) => Promise<AuditPage>) {
  const seen = new Set<string>();
  let newest: AuditEvent | undefined;
  const isNew = (e: AuditEvent) =>
    !newest || e.timestamp > newest.timestamp || (e.timestamp === newest.timestamp && e.id > newest.id);

  async function poll(): Promise<void> {
    let cursor: string | undefined;
    let top: AuditEvent | undefined;
    for (;;) {
      const page = await fetchPage(cursor);
      top ??= page.data[0];
      const fresh = page.data.filter(isNew);
      for (const event of fresh) seen.add(event.id);
      if (fresh.length < page.data.length || !page.hasMore) break;
      cursor = page.nextCursor;
    }
    if (top && isNew(top)) newest = { timestamp: top.timestamp, id: top.id };
  }

  /** Polls until `writers` settle (waiting a little between polls, as a real poller does), then once more. */
  async function followWhile(writers: Promise<unknown>): Promise<void> {
    let writing = true;
    const settled = writers.finally(() => {
      writing = false;
    });
    while (writing) {
      await poll();
      await sleep(5);
    }
    await settled;
    await poll();
  }

  return { seen, poll, followWhile };
}
