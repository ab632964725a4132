import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Agent reports: hosts are found by (agent, hostname), discovered software by host, and the
 * install count of each (name, vendor) is kept as a running total updated only by the deltas a
 * report brings, so a report never recounts other hosts' software.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const uuid = dialect === 'postgres' ? 'uuid' : 'text';
  await db.schema
    .createTable('software_installs')
    .addColumn('workspace_id', uuid, (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('vendor_key', 'text', (c) => c.notNull())
    .addColumn('install_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('software_installs_pk', ['workspace_id', 'name_key', 'vendor_key'])
    .execute();
  await db.schema
    .createIndex('servers_agent_host_idx')
    .on('servers')
    .columns(['workspace_id', 'agent_id', 'hostname'])
    .execute();
  await db.schema
    .createIndex('workstations_agent_host_idx')
    .on('workstations')
    .columns(['workspace_id', 'agent_id', 'hostname'])
    .execute();
  await db.schema
    .createIndex('discovered_applications_server_idx')
    .on('discovered_applications')
    .columns(['workspace_id', 'server_id'])
    .execute();
  await db.schema
    .createIndex('discovered_applications_workstation_idx')
    .on('discovered_applications')
    .columns(['workspace_id', 'workstation_id'])
    .execute();
  await db.schema
    .createIndex('discovered_applications_status_idx')
    .on('discovered_applications')
    .columns(['workspace_id', 'status'])
    .execute();
}
