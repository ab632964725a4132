import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Workspaces, people, roles, API keys and the audit log. Workspace-scoped tables lead their
 * primary keys and indexes with workspace_id (DESIGN §1). api_keys is keyed by id alone because
 * a key is found by the hash of its secret before its workspace is known.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const uuid = dialect === 'postgres' ? 'uuid' : 'text';
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';

  await db.schema
    .createTable('workspaces')
    .addColumn('id', uuid, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('default_currency', 'text', (c) => c.notNull().defaultTo('EUR'))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', uuid, (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('members')
    .addColumn('workspace_id', uuid, (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('id', uuid, (c) => c.notNull())
    .addColumn('user_id', uuid, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('members_pk', ['workspace_id', 'id'])
    .addUniqueConstraint('members_workspace_user_uq', ['workspace_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('workspace_id', uuid, (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('roles_pk', ['workspace_id', 'name'])
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', uuid, (c) => c.primaryKey())
    .addColumn('workspace_id', uuid, (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('alias', 'text')
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('created_by', uuid)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp)
    .addColumn('revoked_at', timestamp)
    .addColumn('rotated_at', timestamp)
    .execute();
  await db.schema
    .createIndex('api_keys_workspace_idx')
    .on('api_keys')
    .columns(['workspace_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('workspace_id', uuid, (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('id', uuid, (c) => c.notNull())
    .addColumn('timestamp', timestamp, (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', uuid)
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', uuid)
    .addColumn('resource_name', 'text')
    .addColumn('changes', 'text')
    .addPrimaryKeyConstraint('audit_events_pk', ['workspace_id', 'id'])
    .execute();
  // The page order is (timestamp, id) newest first; the filtered variants keep the same tail.
  await sql`CREATE INDEX audit_events_page_idx ON audit_events (workspace_id, timestamp DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_events_actor_idx ON audit_events (workspace_id, actor_id, timestamp DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX audit_events_category_idx ON audit_events (workspace_id, category, timestamp DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX audit_events_resource_idx ON audit_events (workspace_id, resource_type, resource_id, timestamp DESC, id DESC)`.execute(
    db,
  );
}
