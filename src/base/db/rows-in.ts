import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Tables } from './schema.js';

/** The tables whose rows belong to a workspace. */
export type WorkspaceTable = {
  [T in keyof Tables]: Tables[T] extends { workspace_id: string } ? T : never;
}[keyof Tables];

/** A workspace's rows of one table, to select, count or order further. */
export function rowsIn<T extends WorkspaceTable>(db: Kysely<Tables>, workspaceId: string, table: T) {
  // biome-ignore lint/complexity/noBannedTypes: a query that selects nothing yet.
  const rows = db.selectFrom(table) as unknown as SelectQueryBuilder<Tables, T, {}>;
  return rows.where(sql.ref('workspace_id'), '=', workspaceId);
}
