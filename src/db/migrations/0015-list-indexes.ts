import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 14: every sort of every list, in both directions, and every equality filter under the
 * default sort, read from an index instead of a sort of the workspace's rows. A sort is
 * `(workspace_id, column, id)`; an enum sorts by its rank (the CASE expression of
 * pagination/offset.ts, matched by both planners); a filter is `(workspace_id, column, <default
 * sort>, id)`. Indexes an earlier migration made already are not repeated.
 */
const RANKS: Record<string, readonly string[]> = {
  criticality: ['low', 'medium', 'high', 'critical'],
  lifecycle_status: ['plan', 'phase_in', 'active', 'phase_out', 'end_of_life'],
  environment: ['production', 'staging', 'test', 'development', 'disaster_recovery'],
  status: ['in_use', 'in_stock', 'in_repair', 'retired'],
  classification: ['public', 'internal', 'confidential', 'restricted'],
  protocol: ['https', 'http', 'sftp', 'ftp', 'smtp', 'amqp', 'kafka', 'jdbc', 'grpc', 'soap', 'file', 'other'],
  frequency: ['real_time', 'hourly', 'daily', 'weekly', 'monthly', 'on_demand'],
  severity: ['info', 'warning', 'critical'],
};

/** Per table: its sort columns (ranked ones by name of RANKS) and its filter columns, with the default sort column. */
const LISTS: Record<string, { sorts: string[]; filters: string[]; by: string }> = {
  categories: { sorts: ['name', 'created_at', 'updated_at'], filters: ['parent_id'], by: 'name' },
  teams: { sorts: ['name', 'created_at', 'updated_at'], filters: ['parent_id'], by: 'name' },
  applications: {
    sorts: [
      'created_at',
      'updated_at',
      'criticality',
      'lifecycle_status',
      'business_value',
      'technical_fit',
      'user_count',
    ],
    filters: ['lifecycle_status', 'criticality', 'hosting_type', 'category_id'],
    by: 'name',
  },
  servers: {
    sorts: ['hostname', 'environment', 'created_at', 'cpu_cores', 'memory_mb'],
    filters: ['os_key', 'agent_id', 'automatic'],
    by: 'name',
  },
  networks: {
    sorts: ['name', 'cidr_key', 'vlan', 'created_at', 'updated_at'],
    filters: ['environment', 'vlan'],
    by: 'name',
  },
  routers: { sorts: ['name', 'manufacturer', 'created_at', 'updated_at'], filters: ['manufacturer_key'], by: 'name' },
  workstations: {
    sorts: ['name', 'status', 'purchase_date', 'created_at'],
    filters: ['status', 'automatic'],
    by: 'name',
  },
  data_objects: {
    sorts: ['name', 'classification', 'created_at', 'updated_at'],
    filters: ['classification', 'personal_data'],
    by: 'name',
  },
  contracts: {
    sorts: ['name', 'vendor', 'start_date', 'end_date', 'renewal_date', 'amount', 'created_at', 'updated_at'],
    filters: ['type', 'vendor_key'],
    by: 'name',
  },
  flows: {
    sorts: ['name', 'protocol', 'frequency', 'created_at', 'updated_at'],
    filters: ['source_application_id', 'target_application_id', 'protocol', 'frequency'],
    by: 'name',
  },
  announcements: {
    sorts: ['title', 'severity', 'starts_at', 'ends_at', 'created_at', 'updated_at'],
    filters: ['severity'],
    by: 'created_at',
  },
};

function keyOf(column: string) {
  const ranks = RANKS[column];
  if (!ranks) return sql.ref(column);
  return sql`(CASE ${sql.ref(column)} ${sql.join(
    ranks.map((value, rank) => sql`WHEN ${sql.lit(value)} THEN ${sql.lit(rank)}`),
    sql` `,
  )} END)`;
}

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const [table, { sorts, filters, by }] of Object.entries(LISTS)) {
    const made = [
      ...sorts.map((column) => ({
        name: `${table}_${column}_sort_idx`,
        keys: [sql.ref('workspace_id'), keyOf(column), sql.ref('id')],
      })),
      ...filters.map((column) => ({
        name: `${table}_${column}_filter_idx`,
        keys: [sql.ref('workspace_id'), sql.ref(column), sql.ref(by), sql.ref('id')],
      })),
    ];
    for (const { name, keys } of made)
      await sql`CREATE INDEX ${sql.id(name)} ON ${sql.table(table)} (${sql.join(keys)})`.execute(db);
  }
}
