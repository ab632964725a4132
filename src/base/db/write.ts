/**
 * The one way to write: `writeTransaction(database, lockKey, work)`. Every write of a workspace
 * runs alone among that workspace's writes, on every Estate instance: PostgreSQL takes a
 * transaction-scoped advisory lock keyed by the workspace, SQLite starts with BEGIN IMMEDIATE (which
 * also orders a CLI process against the server). A write thus reads, checks and writes as if alone,
 * and audit events become visible in (timestamp, id) order (audit.writer.ts); reads never wait.
 * Why not SERIALIZABLE with retries: docs/notes/workspace-write-lock.md.
 *
 * Deadlocks and serialization failures (only between writes of different lock keys) and connection
 * failures before COMMIT was sent are retried a bounded number of times; a failure during COMMIT
 * (its outcome unknown) is not, and surfaces as 503.
 */
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Database } from './database.js';
import { isRetryableDatabaseError, isUnavailableDatabaseError } from './errors.js';
import type { Tables } from './schema.js';
import { isUuid } from '../ids.js';
import { transactionEnded, writeLockWait } from '../metrics/metrics.js';

/** First key of the two-key advisory lock: Estate's namespace ('ESTA'), so other advisory locks cannot collide. */
export const LOCK_NAMESPACE = 0x45535441;
const MAX_ATTEMPTS = 5;

/** Retries of write transactions since the process started (reported by benchmarks). */
export const writeStatistics = { retries: 0 };

/** The lock key of writes that touch no workspace (global users) or a workspace not yet created. */
export const GLOBAL_LOCK = 'global';

/**
 * The database handle of a running write transaction, for read helpers that take a `Database`:
 * what they read inside the transaction is what the write's checks see.
 */
export function inTransaction(database: Database, trx: Kysely<Tables>): Database {
  return { ...database, db: trx, reader: trx };
}

/**
 * Writes of one lock key that may hold a pooled connection at once in this process: one in its
 * transaction and one already waiting at the database lock, so the hand-over between them stays
 * inside the database. Without a bound, a burst of writes to one workspace would hold every
 * connection waiting for the lock, and reads and other workspaces would wait behind them.
 */
const CONNECTIONS_PER_KEY = 2;

interface Gate {
  active: number;
  waiting: (() => void)[];
}

/** Per database handle, the writes of each lock key in this process. */
const gates = new WeakMap<object, Map<string, Gate>>();

async function inTurn<T>(database: Database, lockKey: string, work: () => Promise<T>): Promise<T> {
  let byKey = gates.get(database.db);
  if (!byKey) {
    byKey = new Map();
    gates.set(database.db, byKey);
  }
  let gate = byKey.get(lockKey);
  if (!gate) {
    gate = { active: 0, waiting: [] };
    byKey.set(lockKey, gate);
  }
  if (gate.active >= CONNECTIONS_PER_KEY) await new Promise<void>((resolve) => gate!.waiting.push(resolve));
  else gate.active += 1;
  try {
    return await work();
  } finally {
    const next = gate.waiting.shift();
    if (next) next();
    else if (--gate.active === 0) byKey.delete(lockKey);
  }
}

/**
 * Replaces the data versions of these workspaces in the transaction, so that answers kept under
 * the previous ones are not given again (lists/response-cache.ts): a write transaction does it for its
 * workspace as it commits, a bulk load (db/bulk.ts) for the workspaces of its rows.
 */
export async function moveDataVersions(trx: Kysely<Tables>, workspaceIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(workspaceIds)].filter(isUuid).sort();
  for (const id of ids) await replaceVersion(trx, id);
}

/** A new random version for the workspace, its row made on its first write. */
async function replaceVersion(trx: Kysely<Tables>, workspaceId: string): Promise<void> {
  const version = randomInt(1, 2 ** 48 - 1);
  await trx
    .insertInto('data_versions')
    .values({ workspace_id: workspaceId, version })
    .onConflict((conflict) => conflict.column('workspace_id').doUpdateSet({ version }))
    .execute();
}

/**
 * A write of a workspace (its id is the lock key) replaces the workspace's data version as it
 * commits. Other lock keys (the global lock, sign-in throttles) write no workspace's rows.
 */
async function moveDataVersion(trx: Kysely<Tables>, lockKey: string): Promise<void> {
  if (!isUuid(lockKey)) return;
  await replaceVersion(trx, lockKey);
}

export async function writeTransaction<T>(
  database: Database,
  lockKey: string,
  work: (trx: Kysely<Tables>) => Promise<T>,
): Promise<T> {
  return database.dialect === 'postgres'
    ? inTurn(database, lockKey, () => runWrite(database, lockKey, work))
    : runWrite(database, lockKey, work);
}

async function runWrite<T>(database: Database, lockKey: string, work: (trx: Kysely<Tables>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    let committing = false;
    const asked = performance.now();
    try {
      return await database.db.connection().execute(async (connection) => {
        await sql.raw(database.dialect === 'sqlite' ? 'begin immediate' : 'begin').execute(connection);
        try {
          if (database.dialect === 'postgres')
            await sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${lockKey}))`.execute(connection);
          writeLockWait.observe((performance.now() - asked) / 1000);
          const result = await work(connection);
          await moveDataVersion(connection, lockKey);
          committing = true;
          await sql`commit`.execute(connection);
          transactionEnded(connection, true);
          return result;
        } catch (error) {
          transactionEnded(connection, false);
          await sql`rollback`.execute(connection).catch(() => undefined);
          throw error;
        }
      });
    } catch (error) {
      const retry =
        attempt < MAX_ATTEMPTS &&
        (isRetryableDatabaseError(error) || (!committing && isUnavailableDatabaseError(error) && attempt < 2));
      if (!retry) throw error;
      writeStatistics.retries += 1;
      await sleep(Math.random() * 5 * attempt);
    }
  }
}
