/**
 * The text `q` finds of an item's searchable fields: `custom_search` on each family table, written
 * by a trigger whenever an item's values change (db/storage-sql.ts customSearchObjects), and
 * written again here for a workspace's items of a family when a definition changes what is
 * searchable (a field made searchable or not, renamed, converted or deleted).
 */
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../base/db/dialect.js';
import type { Tables } from '../../base/db/schema.js';
import { customSearchValue } from '../../base/db/storage-sql.js';
import { familyTable } from '../../base/custom-fields/values.js';

/** Whether a definition's change can change the search text of the family's items. */
export const reachesSearch = (
  before: { searchable: boolean } | undefined,
  after: { searchable: boolean } | undefined,
) => Boolean(before?.searchable || after?.searchable);

/** Items whose search text one SQLite statement writes again: a few milliseconds of the event loop. */
const SLICE_ROWS = 500;

/**
 * Writes the search text of the workspace's items of `family` again, where it is not what the
 * fields now give. On SQLite, whose statements hold the event loop, in slices of rows by rowid with
 * the loop served between them (the write transaction stays one); on PostgreSQL in one statement.
 */
export async function refreshSearchText(
  trx: Kysely<Tables>,
  dialect: Dialect,
  workspaceId: string,
  family: string,
): Promise<void> {
  const table = sql.table(familyTable(family));
  const value = sql.raw(customSearchValue(dialect, family, familyTable(family)));
  if (dialect === 'postgres') {
    await sql`UPDATE ${table} SET custom_search = ${value}
      WHERE workspace_id = ${workspaceId} AND custom_search IS DISTINCT FROM ${value}`.execute(trx);
    return;
  }
  for (let after = 0; ; ) {
    const { rows } = await sql<{ last: number | null }>`SELECT max(rowid) AS last FROM (SELECT rowid FROM ${table}
      WHERE workspace_id = ${workspaceId} AND rowid > ${after} ORDER BY rowid LIMIT ${SLICE_ROWS})`.execute(trx);
    const last = rows[0]?.last;
    if (last === null || last === undefined) return;
    await sql`UPDATE ${table} SET custom_search = ${value}
      WHERE workspace_id = ${workspaceId} AND rowid > ${after} AND rowid <= ${last}
        AND custom_search IS NOT ${value}`.execute(trx);
    after = last;
    await yieldToEvents();
  }
}
