import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { newId } from '../../ids.js';

/**
 * Custom roles (features/accounts/roles): every role gets an id, a description and its
 * restrictions (JSON, `{}` for none: the three system roles reach everything); a key keeps a frozen
 * copy of the restrictions it was made with (null: unrestricted) and the name of the custom role it
 * copied. Existing roles get ids here, one by one (a workspace has three). Members' role sort
 * puts custom roles (no rank) first on PostgreSQL as on SQLite.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`ALTER TABLE roles ADD COLUMN id text`.execute(db);
  await sql`ALTER TABLE roles ADD COLUMN description text`.execute(db);
  await sql`ALTER TABLE roles ADD COLUMN restrictions text NOT NULL DEFAULT '{}'`.execute(db);
  const { rows } = await sql<{ workspace_id: string; name: string }>`SELECT workspace_id, name FROM roles`.execute(db);
  for (const row of rows)
    await sql`UPDATE roles SET id = ${newId()} WHERE workspace_id = ${row.workspace_id} AND name = ${row.name}`.execute(
      db,
    );
  await sql`CREATE UNIQUE INDEX roles_id_idx ON roles (workspace_id, id)`.execute(db);
  await sql`ALTER TABLE api_keys ADD COLUMN restrictions text`.execute(db);
  await sql`ALTER TABLE api_keys ADD COLUMN role text`.execute(db);
  // Members of custom roles have no rank: the role sort puts them first ascending on both databases
  // (SQLite's order of NULL), which PostgreSQL's index must hold to serve the sort.
  if (dialect === 'postgres') {
    await sql`DROP INDEX members_role_sort_idx`.execute(db);
    await sql`CREATE INDEX members_role_sort_idx ON members (workspace_id,
      (CASE role WHEN 'read' THEN 0 WHEN 'write' THEN 1 WHEN 'admin' THEN 2 END) NULLS FIRST, id)`.execute(db);
  }
}
