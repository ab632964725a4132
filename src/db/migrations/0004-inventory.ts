import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The inventory: applications and their links, flows, servers, networks, routers, workstations,
 * agents, data objects, contracts, announcements and discovered applications. Every reference
 * inside a workspace is a composite foreign key (workspace_id, id); link tables cascade with both
 * ends, so deleting either side unlinks it everywhere.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const uuid = dialect === 'postgres' ? 'uuid' : 'text';
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const date = dialect === 'postgres' ? 'date' : 'text';
  const money = dialect === 'postgres' ? 'numeric(16, 2)' : 'real';

  /** A workspace-scoped table with (workspace_id, id) as its key. */
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('workspace_id', uuid, (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
      .addColumn('id', uuid, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${name}_pk`, ['workspace_id', 'id']);

  /** A composite foreign key (workspace_id, column) → target (workspace_id, id). */
  const ref = <B extends CreateTableBuilder<string, string>>(
    builder: B,
    name: string,
    column: string,
    target: string,
    onDelete?: 'cascade',
  ): B =>
    builder.addForeignKeyConstraint(
      `${name}_${column}_fk`,
      ['workspace_id', column],
      target,
      ['workspace_id', 'id'],
      (fk) => (onDelete ? fk.onDelete(onDelete) : fk),
    ) as B;

  /** A link table between two workspace-scoped tables, cascading with both ends. */
  const link = async (name: string, left: [string, string], right: [string, string]) => {
    await db.schema
      .createTable(name)
      .addColumn('workspace_id', uuid, (c) => c.notNull())
      .addColumn(left[0], uuid, (c) => c.notNull())
      .addColumn(right[0], uuid, (c) => c.notNull())
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${name}_pk`, ['workspace_id', left[0], right[0]])
      .addForeignKeyConstraint(
        `${name}_${left[0]}_fk`,
        ['workspace_id', left[0]],
        left[1],
        ['workspace_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .addForeignKeyConstraint(
        `${name}_${right[0]}_fk`,
        ['workspace_id', right[0]],
        right[1],
        ['workspace_id', 'id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    await db.schema.createIndex(`${name}_${right[0]}_idx`).on(name).columns(['workspace_id', right[0]]).execute();
  };

  await table('agents')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_prefix', 'text', (c) => c.notNull())
    .addColumn('hostname', 'text')
    .addColumn('version', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', timestamp)
    .addColumn('revoked_at', timestamp)
    .execute();

  await ref(
    table('applications')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('vendor', 'text')
      .addColumn('version', 'text')
      .addColumn('url', 'text')
      .addColumn('lifecycle_status', 'text', (c) => c.notNull())
      .addColumn('criticality', 'text', (c) => c.notNull())
      .addColumn('hosting_type', 'text')
      .addColumn('category_id', uuid)
      .addColumn('catalog_entry_id', 'text')
      .addColumn('business_value', 'integer')
      .addColumn('technical_fit', 'integer')
      .addColumn('user_count', 'integer')
      .addColumn('plan_date', date)
      .addColumn('phase_in_date', date)
      .addColumn('active_date', date)
      .addColumn('phase_out_date', date)
      .addColumn('end_of_life_date', date)
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addColumn('updated_at', timestamp, (c) => c.notNull()),
    'applications',
    'category_id',
    'categories',
  ).execute();
  await db.schema
    .createIndex('applications_name_idx')
    .on('applications')
    .columns(['workspace_id', 'name', 'id'])
    .execute();
  await db.schema
    .createIndex('applications_category_idx')
    .on('applications')
    .columns(['workspace_id', 'category_id'])
    .execute();

  await ref(
    table('servers')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('hostname', 'text', (c) => c.notNull())
      .addColumn('ip_addresses', 'text', (c) => c.notNull())
      .addColumn('os', 'text')
      .addColumn('os_version', 'text')
      .addColumn('manufacturer', 'text')
      .addColumn('model', 'text')
      .addColumn('serial_number', 'text')
      .addColumn('cpu_cores', 'integer')
      .addColumn('memory_mb', 'integer')
      .addColumn('storage_gb', 'integer')
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('location', 'text')
      .addColumn('description', 'text')
      .addColumn('automatic', 'integer', (c) => c.notNull())
      .addColumn('agent_id', uuid)
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addColumn('last_check_time', timestamp, (c) => c.notNull()),
    'servers',
    'agent_id',
    'agents',
  ).execute();
  // List orders end with id (the tie-breaker of every page), so pages are read in index order.
  await db.schema.createIndex('servers_name_idx').on('servers').columns(['workspace_id', 'name', 'id']).execute();
  await db.schema
    .createIndex('servers_last_check_idx')
    .on('servers')
    .columns(['workspace_id', 'last_check_time', 'id'])
    .execute();
  await db.schema
    .createIndex('servers_environment_idx')
    .on('servers')
    .columns(['workspace_id', 'environment', 'name', 'id'])
    .execute();
  await sql`CREATE INDEX servers_os_idx ON servers (workspace_id, lower(os))`.execute(db);

  await table('networks')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cidr', 'text', (c) => c.notNull())
    .addColumn('vlan', 'integer')
    .addColumn('gateway', 'text')
    .addColumn('environment', 'text')
    .addColumn('location', 'text')
    .addColumn('description', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await table('routers')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('manufacturer', 'text')
    .addColumn('model', 'text')
    .addColumn('os', 'text')
    .addColumn('os_version', 'text')
    .addColumn('serial_number', 'text')
    .addColumn('management_ip', 'text')
    .addColumn('location', 'text')
    .addColumn('description', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await ref(
    table('workstations')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('hostname', 'text')
      .addColumn('serial_number', 'text')
      .addColumn('manufacturer', 'text')
      .addColumn('model', 'text')
      .addColumn('os', 'text')
      .addColumn('os_version', 'text')
      .addColumn('cpu_cores', 'integer')
      .addColumn('memory_mb', 'integer')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('assigned_user_id', uuid, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('purchase_date', date)
      .addColumn('warranty_end', date)
      .addColumn('location', 'text')
      .addColumn('automatic', 'integer', (c) => c.notNull())
      .addColumn('agent_id', uuid)
      .addColumn('created_at', timestamp, (c) => c.notNull())
      .addColumn('last_check_time', timestamp, (c) => c.notNull()),
    'workstations',
    'agent_id',
    'agents',
  ).execute();

  await table('data_objects')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('classification', 'text', (c) => c.notNull())
    .addColumn('personal_data', 'integer', (c) => c.notNull())
    .addColumn('retention_days', 'integer')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await table('contracts')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('start_date', date, (c) => c.notNull())
    .addColumn('end_date', date)
    .addColumn('renewal_date', date)
    .addColumn('notice_period_days', 'integer')
    .addColumn('auto_renew', 'integer', (c) => c.notNull())
    .addColumn('amount', money)
    .addColumn('currency', 'text')
    .addColumn('billing_period', 'text', (c) => c.notNull())
    .addColumn('seats', 'integer')
    .addColumn('description', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contracts_end_idx').on('contracts').columns(['workspace_id', 'end_date']).execute();

  await ref(
    ref(
      table('flows')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('source_application_id', uuid, (c) => c.notNull())
        .addColumn('target_application_id', uuid, (c) => c.notNull())
        .addColumn('protocol', 'text', (c) => c.notNull())
        .addColumn('frequency', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull()),
      'flows',
      'source_application_id',
      'applications',
      'cascade',
    ),
    'flows',
    'target_application_id',
    'applications',
    'cascade',
  ).execute();
  await db.schema
    .createIndex('flows_target_idx')
    .on('flows')
    .columns(['workspace_id', 'target_application_id'])
    .execute();
  await db.schema
    .createIndex('flows_source_idx')
    .on('flows')
    .columns(['workspace_id', 'source_application_id'])
    .execute();

  await table('announcements')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('starts_at', timestamp)
    .addColumn('ends_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await ref(
    table('application_comments')
      .addColumn('application_id', uuid, (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('author_type', 'text', (c) => c.notNull())
      .addColumn('author_id', uuid)
      .addColumn('author_name', 'text', (c) => c.notNull())
      .addColumn('created_at', timestamp, (c) => c.notNull()),
    'application_comments',
    'application_id',
    'applications',
    'cascade',
  ).execute();
  await db.schema
    .createIndex('application_comments_app_idx')
    .on('application_comments')
    .columns(['workspace_id', 'application_id', 'created_at'])
    .execute();

  await ref(
    ref(
      ref(
        table('discovered_applications')
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('vendor', 'text', (c) => c.notNull())
          .addColumn('name_key', 'text', (c) => c.notNull())
          .addColumn('vendor_key', 'text', (c) => c.notNull())
          .addColumn('version', 'text')
          .addColumn('server_id', uuid)
          .addColumn('workstation_id', uuid)
          .addColumn('agent_id', uuid)
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('application_id', uuid)
          .addColumn('catalog_entry_id', 'text')
          .addColumn('first_seen_at', timestamp, (c) => c.notNull())
          .addColumn('last_seen_at', timestamp, (c) => c.notNull())
          .addColumn('missing_since', timestamp)
          .addColumn('last_update', timestamp, (c) => c.notNull()),
        'discovered_applications',
        'server_id',
        'servers',
        'cascade',
      ),
      'discovered_applications',
      'workstation_id',
      'workstations',
      'cascade',
    ),
    'discovered_applications',
    'application_id',
    'applications',
  ).execute();
  await db.schema
    .createIndex('discovered_applications_name_idx')
    .on('discovered_applications')
    .columns(['workspace_id', 'name', 'vendor'])
    .execute();

  // Users are global; an owner link is scoped by the workspace of the application.
  await db.schema
    .createTable('application_owners')
    .addColumn('workspace_id', uuid, (c) => c.notNull())
    .addColumn('application_id', uuid, (c) => c.notNull())
    .addColumn('user_id', uuid, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('application_owners_pk', ['workspace_id', 'application_id', 'user_id'])
    .addForeignKeyConstraint(
      'application_owners_app_fk',
      ['workspace_id', 'application_id'],
      'applications',
      ['workspace_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createTable('server_owners')
    .addColumn('workspace_id', uuid, (c) => c.notNull())
    .addColumn('server_id', uuid, (c) => c.notNull())
    .addColumn('user_id', uuid, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('server_owners_pk', ['workspace_id', 'server_id', 'user_id'])
    .addForeignKeyConstraint(
      'server_owners_server_fk',
      ['workspace_id', 'server_id'],
      'servers',
      ['workspace_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();

  await link('application_tags', ['application_id', 'applications'], ['tag_id', 'tags']);
  await link('application_teams', ['application_id', 'applications'], ['team_id', 'teams']);
  await link('application_servers', ['application_id', 'applications'], ['server_id', 'servers']);
  await link('server_tags', ['server_id', 'servers'], ['tag_id', 'tags']);
  await link('router_networks', ['router_id', 'routers'], ['network_id', 'networks']);
  await link('router_tags', ['router_id', 'routers'], ['tag_id', 'tags']);
  await link('data_object_applications', ['data_object_id', 'data_objects'], ['application_id', 'applications']);
  await link('contract_applications', ['contract_id', 'contracts'], ['application_id', 'applications']);
  await link('flow_data_objects', ['flow_id', 'flows'], ['data_object_id', 'data_objects']);
}
