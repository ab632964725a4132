import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 14, two filters the scale benchmark found reading a whole workspace: discovered
 * applications by `agentId` (1M servers: 160 ms for 23 matches, walking 92,644 rows by name) and
 * applications by `ownerId` (the owners link was keyed by application only). The query-plan test
 * now fails a filtered query that reads an index by the workspace alone.
 *
 * Three indexes go that are the leading columns of another (which serves every query they did),
 * each built again by every bulk load and kept by every write: servers (workspace, os_key) inside
 * servers_os_key_filter_idx, workstations (workspace, purchase_date) inside
 * workstations_purchase_date_sort_idx, discovered applications (workspace, status) inside
 * discovered_applications_status_filter_idx.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('discovered_applications_agent_id_filter_idx').on('discovered_applications').columns(['workspace_id', 'agent_id', 'name', 'id']).execute();
  await db.schema.createIndex('application_owners_user_id_idx').on('application_owners').columns(['workspace_id', 'user_id']).execute();
  for (const name of ['servers_os_key_idx', 'workstations_purchase_idx', 'discovered_applications_status_idx']) await db.schema.dropIndex(name).execute();
}
