import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The web console's sign-in state, kept in the database so that sign-out, expiry, revocation and
 * throttling hold on every instance (issue 12):
 * - console_sessions: one row per signed-in browser, found by the SHA-256 of its cookie token;
 * - sign_in_failures: failed sign-ins per account and per address, and their lockout;
 * - invitations: one-time links (SHA-256 of the token) with which a new member sets a password.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const uuid = dialect === 'postgres' ? 'uuid' : 'text';
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';

  await db.schema
    .createTable('console_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', uuid, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('workspace_id', uuid, (c) => c.references('workspaces.id').onDelete('set null'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('console_sessions_user_idx').on('console_sessions').columns(['user_id']).execute();

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('subject', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', timestamp, (c) => c.notNull())
    .addColumn('locked_until', timestamp)
    .execute();
  await db.schema.createIndex('sign_in_failures_window_idx').on('sign_in_failures').columns(['window_start']).execute();

  await db.schema
    .createTable('invitations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', uuid, (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', uuid, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('member_id', uuid, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .execute();
  await db.schema.createIndex('invitations_user_idx').on('invitations').columns(['user_id']).execute();
}
