import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { createPostgresTriggers, createSqliteTriggers } from './0018-value-counts.js';

/**
 * Issue 14: `/users` and `/members` were the lists no index could order. A person's name, e-mail
 * and first arrival live once in `users`, the workspace in `members`, so every page read all of
 * the workspace's memberships, joined each person and sorted them (2,000 people: 2–4 ms), and
 * counted them again for the total.
 *
 * Each membership now keeps a copy of its person's name, e-mail and creation time, in the
 * `user_*` columns. Triggers keep the copies in every writing transaction, whoever writes: a new
 * membership takes them from its person, a change of the person's name or e-mail is copied to
 * every membership of the person. On PostgreSQL the insert reads the person's row `FOR SHARE`,
 * so a rename committing meanwhile waits for the membership and then copies to it too. Every
 * sort of both lists has an index in its order (a user's id is the membership's `user_id`).
 *
 * The unfiltered totals of both lists are the memberships' row count (migration 0006's triggers),
 * and `members?role=` alone is counted per role (migration 0018's triggers).
 */
export const MEMBER_TALLIES: Record<string, string> = { role: '{row}.role' };

const ROLE_RANK = "(CASE role WHEN 'read' THEN 0 WHEN 'write' THEN 1 WHEN 'admin' THEN 2 END)";

const INDEXES: [name: string, keys: string][] = [
  // /members: by name, e-mail, creation, role (rank), and filtered by role in name order.
  ['members_name_sort_idx', 'workspace_id, user_name, id'],
  ['members_email_sort_idx', 'workspace_id, user_email, id'],
  ['members_created_at_sort_idx', 'workspace_id, created_at, id'],
  ['members_role_sort_idx', `workspace_id, ${ROLE_RANK}, id`],
  ['members_role_filter_idx', 'workspace_id, role, user_name, id'],
  // /users: the same people, in the order of the person's own id.
  ['members_user_name_sort_idx', 'workspace_id, user_name, user_id'],
  ['members_user_email_sort_idx', 'workspace_id, user_email, user_id'],
  ['members_user_created_at_sort_idx', 'workspace_id, user_created_at, user_id'],
  // A person's memberships in every workspace, where a rename is copied to.
  ['members_user_idx', 'user_id'],
];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const time = dialect === 'postgres' ? 'timestamptz' : 'text';
  // SQLite adds a NOT NULL column only with a default; the triggers below replace it at once.
  await sql`ALTER TABLE members ADD COLUMN user_name text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE members ADD COLUMN user_email text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE members ADD COLUMN user_created_at ${sql.raw(time)} NOT NULL DEFAULT ${sql.raw(dialect === 'postgres' ? "'epoch'" : "''")}`.execute(
    db,
  );
  await sql`UPDATE members SET (user_name, user_email, user_created_at) = (SELECT name, email, created_at FROM users WHERE users.id = members.user_id)`.execute(
    db,
  );

  if (dialect === 'postgres') {
    // No defaults: a membership written without its person's copies would be refused.
    for (const column of ['user_name', 'user_email', 'user_created_at'])
      await sql`ALTER TABLE members ALTER COLUMN ${sql.ref(column)} DROP DEFAULT`.execute(db);
    await sql`
      CREATE FUNCTION members_copy_person() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT name, email, created_at INTO NEW.user_name, NEW.user_email, NEW.user_created_at FROM users WHERE id = NEW.user_id FOR SHARE;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER members_person_copy BEFORE INSERT OR UPDATE OF user_id ON members FOR EACH ROW EXECUTE FUNCTION members_copy_person()`.execute(
      db,
    );
    await sql`
      CREATE FUNCTION users_copy_to_members() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE members SET user_name = NEW.name, user_email = NEW.email WHERE user_id = NEW.id;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER users_person_copy AFTER UPDATE OF name, email ON users FOR EACH ROW
      WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION users_copy_to_members()`.execute(
      db,
    );
    await sql`CREATE TRIGGER members_count_insert AFTER INSERT ON members REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()`.execute(
      db,
    );
    await sql`CREATE TRIGGER members_count_delete AFTER DELETE ON members REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()`.execute(
      db,
    );
    await createPostgresTriggers(db, 'members', MEMBER_TALLIES);
  } else {
    await sql`CREATE TRIGGER members_person_copy AFTER INSERT ON members BEGIN
        UPDATE members SET (user_name, user_email, user_created_at) = (SELECT name, email, created_at FROM users WHERE id = NEW.user_id)
        WHERE workspace_id = NEW.workspace_id AND id = NEW.id;
      END`.execute(db);
    await sql`CREATE TRIGGER members_person_recopy AFTER UPDATE OF user_id ON members BEGIN
        UPDATE members SET (user_name, user_email, user_created_at) = (SELECT name, email, created_at FROM users WHERE id = NEW.user_id)
        WHERE workspace_id = NEW.workspace_id AND id = NEW.id;
      END`.execute(db);
    await sql`CREATE TRIGGER users_person_copy AFTER UPDATE OF name, email ON users WHEN OLD.name IS NOT NEW.name OR OLD.email IS NOT NEW.email BEGIN
        UPDATE members SET user_name = NEW.name, user_email = NEW.email WHERE user_id = NEW.id;
      END`.execute(db);
    await sql`CREATE TRIGGER members_count_insert AFTER INSERT ON members BEGIN
        INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'members', 1)
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
      END`.execute(db);
    await sql`CREATE TRIGGER members_count_delete AFTER DELETE ON members BEGIN
        UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'members';
      END`.execute(db);
    await createSqliteTriggers(db, 'members', MEMBER_TALLIES);
  }
  await sql`INSERT INTO row_counts (workspace_id, table_name, total) SELECT workspace_id, 'members', count(*) FROM members GROUP BY workspace_id`.execute(
    db,
  );
  await sql`INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total)
    SELECT workspace_id, 'members', 'role', role, count(*) FROM members GROUP BY workspace_id, role`.execute(db);
  for (const [name, keys] of INDEXES) await sql.raw(`CREATE INDEX ${name} ON members (${keys})`).execute(db);
}
