import type { Kysely } from 'kysely';
import type { Tables } from './schema.js';

/**
 * The trigger-kept row count of a table in a workspace: the inventory tables of migration 0006 and
 * audit_events (migration 0009). 0 when the workspace has had no rows in it yet. Answers the total
 * of an unfiltered list without counting the workspace's rows on each request.
 */
export async function countedTotal(db: Kysely<Tables>, workspaceId: string, table: string): Promise<number> {
  const row = await db.selectFrom('row_counts').select('total').where('workspace_id', '=', workspaceId).where('table_name', '=', table).executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * The trigger-kept count of the rows one value of a tallied filter selects (migration 0018,
 * db/tallies.ts); 0 when no row has had that value.
 */
export async function countedValue(db: Kysely<Tables>, workspaceId: string, table: string, filter: string, value: string): Promise<number> {
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
