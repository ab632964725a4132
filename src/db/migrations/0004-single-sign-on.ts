import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Single sign-on (src/sso/, docs/sso.md): each workspace's rules (a provider's group gives a
 * role) and setting (Require single sign-on, its break-glass admin), the memberships the rules
 * manage, the sign-ins under way between /start and /callback (kept in the database, so a flow
 * started on one instance completes on another), and the provider a console session came
 * through. Every statement may run again.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [id, time] = dialect === 'postgres' ? ['uuid', 'timestamp with time zone'] : ['text', 'text'];
  const statements = [
    `CREATE TABLE IF NOT EXISTS sso_rules (
      workspace_id ${id} NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      id ${id} NOT NULL,
      provider text NOT NULL,
      group_value text NOT NULL,
      role text NOT NULL,
      created_at ${time} NOT NULL,
      PRIMARY KEY (workspace_id, id),
      UNIQUE (workspace_id, provider, group_value, role)
    )`,
    `CREATE TABLE IF NOT EXISTS sso_settings (
      workspace_id ${id} NOT NULL PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
      require_sso integer NOT NULL,
      break_glass_member_id ${id},
      add_new_people integer NOT NULL
    )`,
    `CREATE TABLE IF NOT EXISTS sso_memberships (
      workspace_id ${id} NOT NULL,
      member_id ${id} NOT NULL,
      provider text NOT NULL,
      created integer NOT NULL,
      synced_at ${time} NOT NULL,
      PRIMARY KEY (workspace_id, member_id, provider),
      FOREIGN KEY (workspace_id, member_id) REFERENCES members(workspace_id, id) ON DELETE CASCADE
    )`,
    `CREATE TABLE IF NOT EXISTS sso_flows (
      id text NOT NULL PRIMARY KEY,
      provider text NOT NULL,
      browser_hash text NOT NULL,
      nonce text NOT NULL,
      code_verifier text NOT NULL,
      redirect_uri text NOT NULL,
      expires_at ${time} NOT NULL
    )`,
    'CREATE INDEX IF NOT EXISTS sso_flows_expires_idx ON sso_flows (expires_at)',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  const columns = await db.introspection.getTables();
  const sessions = columns.find((table) => table.name === 'console_sessions');
  if (!sessions?.columns.some((column) => column.name === 'sso_provider'))
    await sql.raw('ALTER TABLE console_sessions ADD COLUMN sso_provider text').execute(db);
}
