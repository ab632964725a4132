/**
 * Answers kept in memory under their workspace's data version (issue 36, docs/decisions.md).
 *
 * Every write transaction of a workspace replaces its version as it commits (db/write.ts), so an
 * answer read at version V is the answer to the same question while the version is still V, on
 * this instance or any other sharing the database: each request reads the version (one indexed
 * row) and reuses the answer only under the same one. The version is read before the answer is
 * computed, so a kept answer is never older than the version it is kept under (a write that
 * commits in between gives it a newer state, which no request asks for under V any more: the
 * version moved). Versions are random, so a restored or copied database never meets an old one.
 *
 * Only answers that depend on nothing but the workspace's rows belong here (not the clock, not
 * another workspace, not people's accounts); lists with a filter on the clock are not kept.
 * Concurrent requests for the same answer at the same version share one computation.
 */
import { CompiledQuery } from 'kysely';
import type { Database } from '../db/database.js';
import { keptAnswersTotal } from '../metrics/metrics.js';

/** Memory for kept answers, per database handle, by default: the least recently used go first past it. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/** An answer larger than this is not kept (a 200-row page of servers is about 150 kB). */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

interface Entry {
  version: number;
  value: unknown;
  bytes: number;
}

class PageCache {
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Promise<unknown>>();
  #bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string, version: number): unknown {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.version !== version) {
      this.#bytes -= entry.bytes;
      return undefined;
    }
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: number, value: unknown, bytes: number): void {
    if (bytes > MAX_ENTRY_BYTES) return;
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#bytes -= old.bytes;
    }
    this.#entries.set(key, { version, value, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  async compute<T>(key: string, version: number, work: () => Promise<T>, size: (value: T) => number): Promise<T> {
    const pendingKey = `${version}\n${key}`;
    const pending = this.#pending.get(pendingKey);
    if (pending) return pending as Promise<T>;
    const computed = work().then((value) => {
      this.set(key, version, value, size(value));
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

const caches = new WeakMap<object, PageCache | null>();

/** Sets the memory for the answers kept for this database handle (KEPT_ANSWERS_MB); 0 keeps none. */
export function limitKeptAnswers(database: Database, maxBytes: number): void {
  caches.set(database.db, maxBytes > 0 ? new PageCache(maxBytes) : null);
}
/** The version's statement, compiled once: its text is all that differs by dialect. */
const VERSION_SQL = {
  sqlite: 'SELECT version FROM data_versions WHERE workspace_id = ?',
  postgres: 'SELECT version FROM data_versions WHERE workspace_id = $1',
};

/** The workspace's data version, or undefined while it has none (no write since the upgrade or a restore). */
export async function dataVersion(database: Database, workspaceId: string): Promise<number | undefined> {
  const query = CompiledQuery.raw(VERSION_SQL[database.dialect], [workspaceId]);
  // The reader: on SQLite it does not wait behind a write transaction (it reads the committed version).
  const { rows } = await database.reader.executeQuery<{ version: number | string }>(query);
  return rows[0] === undefined ? undefined : Number(rows[0].version);
}

/**
 * The answer `key` of the workspace: the one kept under its current version, else `work`'s, kept
 * (with its size in bytes, `size`). Without a version the answer is computed and not kept.
 */
export async function keptAnswer<T>(
  database: Database,
  workspaceId: string,
  key: string,
  work: () => Promise<T>,
  size: (value: T) => number,
): Promise<T> {
  let cache = caches.get(database.db);
  if (cache === null) return work();
  // A database not yet at migration 0006 (a serve still migrating it, a scratch copy) has no
  // versions: its answers are computed, as they were before.
  const version = await dataVersion(database, workspaceId).catch(() => undefined);
  if (version === undefined) {
    keptAnswersTotal.inc({ outcome: 'unversioned' });
    return work();
  }
  if (!cache) {
    cache = new PageCache(DEFAULT_MAX_BYTES);
    caches.set(database.db, cache);
  }
  const fullKey = `${workspaceId}\n${key}`;
  const kept = cache.get(fullKey, version);
  keptAnswersTotal.inc({ outcome: kept === undefined ? 'computed' : 'kept' });
  if (kept !== undefined) return kept as T;
  return cache.compute(fullKey, version, work, size);
}
