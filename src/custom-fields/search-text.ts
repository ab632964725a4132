/**
 * The text `q` finds of an item's searchable fields: `custom_search` on each family table, written
 * by a trigger whenever an item's values change (db/storage-sql.ts customSearchObjects), and
 * written again here for a workspace's items of a family when a definition changes what is
 * searchable (a field made searchable or not, renamed, converted or deleted).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/dialect.js';
import type { Tables } from '../db/schema.js';
import { customSearchValue } from '../db/storage-sql.js';
import { familyTable } from './values.js';

/** Whether a definition's change can change the search text of the family's items. */
export const reachesSearch = (
  before: { searchable: boolean } | undefined,
  after: { searchable: boolean } | undefined,
) => Boolean(before?.searchable || after?.searchable);

/** Writes the search text of the workspace's items of `family` again, where it is not what the fields now give. */
export async function refreshSearchText(
  trx: Kysely<Tables>,
  dialect: Dialect,
  workspaceId: string,
  family: string,
): Promise<void> {
  const table = familyTable(family);
  const value = sql.raw(customSearchValue(dialect, family, table));
  const differs = dialect === 'postgres' ? sql`IS DISTINCT FROM` : sql`IS NOT`;
  await sql`UPDATE ${sql.table(table)} SET custom_search = ${value}
    WHERE workspace_id = ${workspaceId} AND custom_search ${differs} ${value}`.execute(trx);
}
