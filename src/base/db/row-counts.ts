import type { Kysely } from 'kysely';
import { compiledOnce } from './compiled.js';
import type { Tables } from './schema.js';
import { dayCountKey } from './storage.js';

/**
 * The trigger-kept row count of a table in a workspace (the tables `counted` in storage.ts). 0 when
 * the workspace has had no rows in it yet. Answers the total of an unfiltered list without counting
 * the workspace's rows on each request.
 */
export async function countedTotal(db: Kysely<Tables>, workspaceId: string, table: string): Promise<number> {
  const row = (await rowCount(db, [workspaceId, table])).rows[0];
  return Number(row?.total ?? 0);
}

/** Read on most list requests: compiled once (db/compiled.ts). */
const rowCount = compiledOnce((db) =>
  db.selectFrom('row_counts').select('total').where('workspace_id', '=', '').where('table_name', '=', ''),
);

/**
 * The trigger-kept count of the rows one value of a value-counted filter selects (`valueCounts` in
 * storage.ts); 0 when no row has had that value.
 */
export async function countedValue(
  db: Kysely<Tables>,
  workspaceId: string,
  table: string,
  filter: string,
  value: string,
): Promise<number> {
  const row = await db
    .selectFrom('value_counts')
    .select('total')
    .where('workspace_id', '=', workspaceId)
    .where('table_name', '=', table)
    .where('filter_name', '=', filter)
    .where('value', '=', value)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * The rows of a date column counted per day (`days` in storage.ts) whose day lies strictly between the
 * bounds given ('YYYY-MM-DD'): the total of whole days, read from at most one count per day.
 */
export function countedDaysQuery(
  db: Kysely<Tables>,
  workspaceId: string,
  table: string,
  column: string,
  days: { after?: string; before?: string },
) {
  let query = db
    .selectFrom('value_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total'), eb.lit(0)).as('total'))
    .where('workspace_id', '=', workspaceId)
    .where('table_name', '=', table)
    .where('filter_name', '=', dayCountKey(column));
  if (days.after !== undefined) query = query.where('value', '>', days.after);
  if (days.before !== undefined) query = query.where('value', '<', days.before);
  return query;
}

export async function countedDays(
  db: Kysely<Tables>,
  workspaceId: string,
  table: string,
  column: string,
  days: { after?: string; before?: string },
): Promise<number> {
  const row = await countedDaysQuery(db, workspaceId, table, column, days).executeTakeFirstOrThrow();
  return Number(row.total);
}
