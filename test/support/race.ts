import assert from 'node:assert/strict';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Tables } from '../../src/base/db/schema.js';

/**
 * PostgreSQL: writes a row in a transaction held open, then starts `rename` beside it and asserts
 * that the rename waits for that transaction (a lock the row's trigger took: `FOR SHARE` on the
 * row it copies from) before both finish. The caller then checks that the copy saw the rename.
 */
export async function renameWaitsForHeldInsert(
  db: Kysely<Tables>,
  insert: (trx: Transaction<Tables>) => Promise<unknown>,
  rename: () => Promise<unknown>,
): Promise<void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let inserted!: () => void;
  const written = new Promise<void>((resolve) => (inserted = resolve));
  const holding = db.transaction().execute(async (trx) => {
    await insert(trx);
    inserted();
    await released;
  });
  await written;
  let renamed = false;
  const renaming = rename().then(() => (renamed = true));
  try {
    for (let i = 0; i < 50 && !renamed; i += 1) {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND datname = current_database()`.execute(db);
      if (rows[0]!.n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(renamed, false, 'the rename waits for the transaction that wrote the new row');
  } finally {
    release();
    await holding;
    await renaming;
  }
}
