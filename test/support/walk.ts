import assert from 'node:assert/strict';
import type { Harness } from './harness.js';

/**
 * Every item of an offset list query, read page by page (`pageSize` items a page: the page query,
 * not the count), and the total its first page reports.
 */
export async function everyItem<Item>(
  h: Pick<Harness, 'call'>,
  key: string,
  path: string,
  query: Record<string, string> = {},
  pageSize = 200,
): Promise<{ items: Item[]; total: number }> {
  const items: Item[] = [];
  let total = -1;
  for (let offset = 0; ; offset += pageSize) {
    const response = await h.call('GET', `/public/v1${path}`, {
      key,
      query: { ...query, limit: String(pageSize), offset: String(offset) },
    });
    assert.equal(response.statusCode, 200, response.body);
    const page = response.json() as { data: Item[]; pagination: { total: number } };
    if (offset === 0) total = page.pagination.total;
    items.push(...page.data);
    if (page.data.length < pageSize) return { items, total };
  }
}

/** Every event of an audit log query, cursor after cursor, and the total its first page reports. */
export async function everyEvent<Event>(
  h: Pick<Harness, 'call'>,
  key: string,
  query: Record<string, string | string[]>,
): Promise<{ events: Event[]; total: number }> {
  const events: Event[] = [];
  let total = -1;
  let cursor: string | undefined;
  do {
    const response = await h.call('GET', '/public/v1/audit-log', {
      key,
      query: { ...query, limit: '200', ...(cursor ? { cursor } : {}) },
    });
    assert.equal(response.statusCode, 200, response.body);
    const page = response.json() as { data: Event[]; total: number; nextCursor?: string };
    if (total < 0) total = page.total;
    events.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return { events, total };
}
