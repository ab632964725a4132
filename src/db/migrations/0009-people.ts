import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { presentColumns, storageObjects } from '../storage-sql.js';

/**
 * People who are not members (docs/people.md): an estate is assigned to employees who never sign in.
 *
 * - `people`: every person of a workspace, one row per person: its members (`member` 1, the row's
 *   id, name and e-mail those of their account: kept by the membership code, and by a trigger on
 *   `users` for renames) and the people it
 *   records without an account (`member` 0). Lists of people, owners, assignees and team members
 *   read it.
 * - `users.workspace_id`: set on the row that gives a person without an account its id, so that
 *   owners, assignees and team members keep referring to `users`; such a row has no password and
 *   an e-mail under the reserved `.invalid` domain (the person's own e-mail is in `people`), and goes
 *   with its workspace.
 *
 * Every statement may run again (schema-baseline.test.ts runs the later migrations twice).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [id, time] = dialect === 'postgres' ? ['uuid', 'timestamp with time zone'] : ['text', 'text'];
  const tables = await db.introspection.getTables();
  const columnsOf = (table: string) =>
    new Set(tables.find((found) => found.name === table)?.columns.map((column) => column.name));
  if (!columnsOf('users').has('workspace_id'))
    await sql
      .raw(`ALTER TABLE users ADD COLUMN workspace_id ${id} REFERENCES workspaces (id) ON DELETE CASCADE`)
      .execute(db);
  const made = tables.some((table) => table.name === 'people');
  await sql
    .raw(
      `CREATE TABLE IF NOT EXISTS people (
        workspace_id ${id} NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        id ${id} NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name text NOT NULL,
        email text,
        department text,
        employee_number text,
        member integer NOT NULL DEFAULT 0,
        created_at ${time} NOT NULL,
        updated_at ${time} NOT NULL,
        PRIMARY KEY (workspace_id, id)
      )`,
    )
    .execute(db);
  const index = (name: string, definition: string) =>
    sql
      .raw(`CREATE ${name.endsWith('_uq') ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${name} ON people ${definition}`)
      .execute(db);
  await index('people_email_uq', '(workspace_id, email) WHERE email IS NOT NULL');
  await index('people_employee_number_uq', '(workspace_id, employee_number) WHERE employee_number IS NOT NULL');
  await index('people_name_sort_idx', '(workspace_id, name, id)');
  // A person without an account may have no e-mail: the sort's index puts them first, as SQLite does.
  await index('people_email_sort_idx', `(workspace_id, email${dialect === 'postgres' ? ' NULLS FIRST' : ''}, id)`);
  await index('people_created_at_sort_idx', '(workspace_id, created_at, id)');
  await index('people_member_idx', '(workspace_id, member, name, id)');
  await sql.raw('CREATE INDEX IF NOT EXISTS users_workspace_idx ON users (workspace_id)').execute(db);
  if (made) return;
  // Over the columns it has now: its custom fields and their search come with 0010.
  const present = (await presentColumns(db)).get('people');
  for (const object of storageObjects(dialect, 'people', present)) await sql.raw(object.sql).execute(db);
  // A member's name and e-mail are their account's, wherever the account changes (as members' copies).
  const copy = 'UPDATE people SET name = NEW.name, email = NEW.email WHERE id = NEW.id AND member = 1';
  const changed = '(OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)';
  if (dialect === 'postgres') {
    await sql
      .raw(`CREATE FUNCTION users_copy_to_people() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${copy}; RETURN NULL; END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER users_people_copy AFTER UPDATE OF name, email ON users FOR EACH ROW
        WHEN ${changed} EXECUTE FUNCTION users_copy_to_people()`)
      .execute(db);
  } else {
    await sql
      .raw(`CREATE TRIGGER users_people_copy AFTER UPDATE OF name, email ON users
        WHEN ${changed.replaceAll('IS DISTINCT FROM', 'IS NOT')} BEGIN ${copy}; END`)
      .execute(db);
  }
  await sql
    .raw(
      `INSERT INTO people (workspace_id, id, name, email, member, created_at, updated_at)
       SELECT members.workspace_id, users.id, users.name, users.email, 1, users.created_at, users.created_at
       FROM members JOIN users ON users.id = members.user_id`,
    )
    .execute(db);
}

/** The storage this migration brings the schema to (storageFingerprint()). */
export const storageFingerprint = '5fa3c07c95aaee94';
