import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The same order on both databases for the sorts whose column some rows leave empty (a server's
 * `cpuCores`, an application's `criticality`, a contract's `endDate` …): SQLite puts those rows
 * first ascending and last descending, PostgreSQL did the reverse, so `sort=cpuCores` gave other
 * pages on each. The lists now ask for SQLite's order on both (`NULLS FIRST` ascending, `NULLS
 * LAST` descending, pagination/offset.ts), and PostgreSQL's index of each such sort is built again
 * `NULLS FIRST` on its sort key so that it still gives the order in either direction (read
 * backwards, it is `DESC NULLS LAST`). SQLite's indexes already keep NULLs first.
 *
 * Each index is rebuilt inside the migrations' transaction, which holds its table, reads included,
 * until the migrations commit: 2.9 s for all 21 at 1M servers.
 */
const NULLABLE_SORT_INDEXES = [
  'agents_last_seen_at_sort_idx',
  'announcements_starts_at_sort_idx',
  'announcements_ends_at_sort_idx',
  'applications_business_value_sort_idx',
  'applications_technical_fit_sort_idx',
  'applications_user_count_sort_idx',
  'applications_criticality_sort_idx',
  'applications_lifecycle_status_sort_idx',
  'contracts_amount_sort_idx',
  'contracts_end_date_sort_idx',
  'contracts_renewal_date_sort_idx',
  'data_objects_classification_sort_idx',
  'flows_frequency_sort_idx',
  'flows_protocol_sort_idx',
  'networks_vlan_sort_idx',
  'routers_manufacturer_sort_idx',
  'servers_cpu_cores_sort_idx',
  'servers_memory_mb_sort_idx',
  'servers_environment_sort_idx',
  'workstations_purchase_date_sort_idx',
  'workstations_warranty_end_sort_idx',
];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const name of NULLABLE_SORT_INDEXES) {
    // Every one of them is (workspace_id, <sort key>, id), the key a column or a rank's CASE.
    const { rows } = await sql<{ definition: string }>`SELECT pg_get_indexdef(${name}::regclass) AS definition`.execute(
      db,
    );
    const definition = rows[0]!.definition;
    if (!definition.endsWith(', id)')) throw new Error(`${name} is not (workspace_id, key, id): ${definition}`);
    await sql`DROP INDEX ${sql.id(name)}`.execute(db);
    await sql.raw(`${definition.slice(0, -', id)'.length)} NULLS FIRST, id)`).execute(db);
  }
}
