/**
 * The response cache: answers kept in memory under their workspace's data version
 * (docs/decisions.md, "Performance").
 *
 * Every write transaction of a workspace replaces its version as it commits (db/write.ts), so an
 * answer read at version V is the answer to the same question while the version is still V, on
 * this instance or any other sharing the database: each request reads the version (one indexed
 * row) and reuses the answer only under the same one. The version is read before the answer is
 * computed, so a cached answer is never older than the version it is cached under (a write that
 * commits in between gives it a newer state, which no request asks for under V any more: the
 * version moved). Versions are random, so a restored or copied database never meets an old one.
 *
 * Only answers that depend on nothing but the workspace's rows belong here (not the clock, not
 * another workspace, not people's accounts); lists with a filter on the clock are not cached.
 * Concurrent requests for the same answer at the same version share one computation.
 */
import { CompiledQuery } from 'kysely';
import { LRUCache } from 'lru-cache';
import { prepared } from '../db/compiled.js';
import type { Database } from '../db/database.js';
import { responseCacheTotal } from '../metrics/metrics.js';

/** The cache's memory by default (RESPONSE_CACHE_MB): the least recently used answers go first past it. */
export const DEFAULT_RESPONSE_CACHE_BYTES = 32 * 1024 * 1024;
/** An answer larger than this is not cached (a 200-row page of servers is about 150 kB). */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

interface Entry {
  version: number;
  value: unknown;
}

/** The version's statement, compiled once: its text is all that differs by dialect. */
const VERSION_SQL = {
  sqlite: 'SELECT version FROM data_versions WHERE workspace_id = ?',
  postgres: prepared('SELECT version FROM data_versions WHERE workspace_id = $1'),
};

/** The workspace's data version, or undefined while it has none (no write since the upgrade or a restore). */
export async function dataVersion(database: Database, workspaceId: string): Promise<number | undefined> {
  const query = CompiledQuery.raw(VERSION_SQL[database.dialect], [workspaceId]);
  // The reader: on SQLite it does not wait behind a write transaction (it reads the committed version).
  const { rows } = await database.reader.executeQuery<{ version: number | string }>(query);
  return rows[0] === undefined ? undefined : Number(rows[0].version);
}

/** One app's response cache over its database; made by the composition root (app/app.ts). */
export class ResponseCache {
  readonly #entries: LRUCache<string, Entry> | undefined;
  readonly #pending = new Map<string, Promise<unknown>>();

  /** `maxBytes` 0 caches nothing: every answer is computed. */
  constructor(
    private readonly database: Database,
    maxBytes: number = DEFAULT_RESPONSE_CACHE_BYTES,
  ) {
    // Each answer is set with its size; one larger than MAX_ENTRY_BYTES is not kept.
    this.#entries =
      maxBytes > 0 ? new LRUCache({ maxSize: maxBytes, maxEntrySize: Math.min(maxBytes, MAX_ENTRY_BYTES) }) : undefined;
  }

  /**
   * The answer `key` of the workspace: the one cached under its current version, else `work`'s,
   * cached with its size in bytes (`size`). Without a version the answer is computed, not cached.
   */
  async answer<T>(workspaceId: string, key: string, work: () => Promise<T>, size: (value: T) => number): Promise<T> {
    const entries = this.#entries;
    if (!entries) return work();
    // A workspace restored or copied has no version until its next write: its answers are computed.
    const version = await dataVersion(this.database, workspaceId);
    if (version === undefined) {
      responseCacheTotal.inc({ outcome: 'unversioned' });
      return work();
    }
    const fullKey = `${workspaceId}\n${key}`;
    const cached = entries.get(fullKey);
    if (cached?.version === version) {
      responseCacheTotal.inc({ outcome: 'hit' });
      return cached.value as T;
    }
    if (cached) entries.delete(fullKey);
    responseCacheTotal.inc({ outcome: 'miss' });
    const pendingKey = `${version}\n${fullKey}`;
    const pending = this.#pending.get(pendingKey);
    if (pending) return pending as Promise<T>;
    const computed = work().then((value) => {
      entries.set(fullKey, { version, value }, { size: size(value) });
      return value;
    });
    this.#pending.set(pendingKey, computed);
    try {
      return await computed;
    } finally {
      this.#pending.delete(pendingKey);
    }
  }
}
