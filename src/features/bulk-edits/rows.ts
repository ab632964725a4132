import { sql, type Kysely } from 'kysely';
import type { Database } from '../../base/db/database.js';
import { constraintViolationOf } from '../../base/db/errors.js';
import type { Tables } from '../../base/db/schema.js';
import { writeTransaction } from '../../base/db/write.js';
import { ApiError } from '../../base/errors/api-error.js';
import { forgetSince, recordedIn } from '../../base/metrics/metrics.js';
import type { BulkRefusal, BulkResult } from './bulk-edits.schemas.js';

/** A row's refusal as its single request would answer it; anything else fails the whole request. */
export function refusalOf(id: string, error: unknown): BulkRefusal {
  if (error instanceof ApiError) return { id, code: error.code, message: error.message };
  const constraint = constraintViolationOf(error);
  if (constraint === 'unique' || constraint === 'foreign_key')
    return { id, code: 'unprocessable_entity', message: 'the change conflicts with another resource of the workspace' };
  throw error;
}

/**
 * Every row in one write transaction (the workspace's write lock held once), each inside its own
 * savepoint: a row whose change is refused is rolled back to the savepoint, whole, and reported;
 * the rows that pass are applied and committed together. `act` answers whether it changed the row;
 * `before` and `after` run in the same transaction, before the first row and after the last.
 */
export async function eachRow(
  database: Database,
  workspaceId: string,
  ids: readonly string[],
  act: (trx: Kysely<Tables>, id: string) => Promise<boolean>,
  before?: (trx: Kysely<Tables>) => Promise<void>,
  after?: (trx: Kysely<Tables>, result: BulkResult) => Promise<void>,
): Promise<BulkResult> {
  return writeTransaction(database, workspaceId, async (trx) => {
    await before?.(trx);
    const result: BulkResult = { applied: [], unchanged: [], refused: [] };
    for (const id of ids) {
      await sql`savepoint bulk_row`.execute(trx);
      const mark = recordedIn(trx);
      try {
        (await act(trx, id)) ? result.applied.push(id) : result.unchanged.push(id);
        await sql`release savepoint bulk_row`.execute(trx);
      } catch (error) {
        await sql`rollback to savepoint bulk_row`.execute(trx);
        await sql`release savepoint bulk_row`.execute(trx);
        forgetSince(trx, mark);
        result.refused.push(refusalOf(id, error));
      }
    }
    await after?.(trx, result);
    return result;
  });
}
