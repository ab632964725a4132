import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 14, indexes the scale benchmark asked for. Two filters read a whole workspace: discovered
 * applications by `agentId` (1M servers: 160 ms for 23 matches, walking 92,644 rows by name) and
 * applications by `ownerId` (the owners link was keyed by application only). The query-plan test
 * now fails a filtered query that reads an index by the workspace alone.
 *
 * Three indexes go that are the leading columns of another (which serves every query they did),
 * each built again by every bulk load and kept by every write: servers (workspace, os_key) inside
 * servers_os_key_filter_idx, workstations (workspace, purchase_date) inside
 * workstations_purchase_date_sort_idx, discovered applications (workspace, status) inside
 * discovered_applications_status_filter_idx.
 *
 * The audit log's `resourceId=` and `resourceType=` each get an index in page order: the one index
 * for both, (resource type, resource id, time), served neither alone on PostgreSQL, which sorted
 * the workspace's events of a type (1M servers: 926 ms) or read them all for an id (223 ms).
 *
 * Link tables read from their other side (`tagId=` reads server_tags by tag) get that side's index
 * with the linked id in it, replacing the one without: the filter's ids, and the total of the
 * filter alone (the link rows, pagination/offset.ts), come from the index without reading a row.
 */
const LINKS_BY_OTHER_SIDE: [table: string, other: string, own: string, replaced: string][] = [
  ['server_tags', 'tag_id', 'server_id', 'server_tags_tag_id_idx'],
  ['application_servers', 'server_id', 'application_id', 'application_servers_server_id_idx'],
  ['application_tags', 'tag_id', 'application_id', 'application_tags_tag_id_idx'],
  ['application_teams', 'team_id', 'application_id', 'application_teams_team_id_idx'],
  ['contract_applications', 'application_id', 'contract_id', 'contract_applications_application_id_idx'],
  ['data_object_applications', 'application_id', 'data_object_id', 'data_object_applications_application_id_idx'],
  ['flow_data_objects', 'data_object_id', 'flow_id', 'flow_data_objects_data_object_id_idx'],
  ['router_networks', 'network_id', 'router_id', 'router_networks_network_id_idx'],
  ['team_members', 'user_id', 'team_id', 'team_members_user_idx'],
];
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('discovered_applications_agent_id_filter_idx')
    .on('discovered_applications')
    .columns(['workspace_id', 'agent_id', 'name', 'id'])
    .execute();
  await db.schema
    .createIndex('application_owners_user_id_idx')
    .on('application_owners')
    .columns(['workspace_id', 'user_id', 'application_id'])
    .execute();
  await sql`CREATE INDEX audit_events_resource_id_idx ON audit_events (workspace_id, resource_id, timestamp DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX audit_events_resource_type_idx ON audit_events (workspace_id, resource_type, timestamp DESC, id DESC)`.execute(
    db,
  );
  await db.schema.dropIndex('audit_events_resource_idx').execute();
  for (const [table, other, own, replaced] of LINKS_BY_OTHER_SIDE) {
    await db.schema
      .createIndex(`${table}_${other}_${own}_idx`)
      .on(table)
      .columns(['workspace_id', other, own])
      .execute();
    await db.schema.dropIndex(replaced).execute();
  }
  for (const name of ['servers_os_key_idx', 'workstations_purchase_idx', 'discovered_applications_status_idx'])
    await db.schema.dropIndex(name).execute();
}
