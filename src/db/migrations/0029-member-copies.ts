import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Two gaps in migration 0026's copies of a person's name, e-mail and creation time in their
 * memberships (`members.user_*`), found while building 0027's copies of a server's name:
 *
 * - A copy written straight to a membership (a SQL shell, a script) stayed wrong: the triggers
 *   took the copies again only when the membership got another person. Now any write of a copy
 *   takes it from the person again, as 0027's links do.
 * - On PostgreSQL an instance still running the previous version could rename a person between
 *   0026's backfill and its rename trigger, leaving that person's memberships with the old name.
 *   Every copy that differs from its person is taken again here, with `users` locked against
 *   writes meanwhile.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`LOCK TABLE users IN SHARE MODE`.execute(db);
    await sql`DROP TRIGGER members_person_copy ON members`.execute(db);
    await sql`CREATE TRIGGER members_person_copy BEFORE INSERT OR UPDATE OF user_id, user_name, user_email, user_created_at ON members
      FOR EACH ROW EXECUTE FUNCTION members_copy_person()`.execute(db);
  } else {
    // Written only when it differs: the trigger's own write then ends it (0027's rule).
    const person = sql`(SELECT name, email, created_at FROM users WHERE id = NEW.user_id)`;
    await sql`CREATE TRIGGER members_person_copy_kept AFTER UPDATE OF user_name, user_email, user_created_at ON members
      WHEN (NEW.user_name, NEW.user_email, NEW.user_created_at) IS NOT ${person} BEGIN
        UPDATE members SET (user_name, user_email, user_created_at) = ${person} WHERE workspace_id = NEW.workspace_id AND id = NEW.id;
      END`.execute(db);
  }
  await sql`UPDATE members SET (user_name, user_email, user_created_at) = (SELECT name, email, created_at FROM users WHERE users.id = members.user_id)
    WHERE EXISTS (SELECT 1 FROM users WHERE users.id = members.user_id
      AND (users.name IS DISTINCT FROM members.user_name OR users.email IS DISTINCT FROM members.user_email OR users.created_at IS DISTINCT FROM members.user_created_at))`.execute(
    db,
  );
}
