import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 14, the lists migration 0015 left out: the sorts of tags, agents and discovered
 * applications, the workstation warranty sort, and the filters that are not a column's value — a
 * partial index holds just the rows such a filter keeps, in list order, so the filter reads only
 * its matches, already sorted (both planners use a partial index whose condition the query implies).
 */
const INDEXES: [name: string, table: string, columns: string[], where?: string][] = [
  ['tags_name_sort_idx', 'tags', ['workspace_id', 'name', 'id']],
  ['tags_created_at_sort_idx', 'tags', ['workspace_id', 'created_at', 'id']],
  ['agents_name_sort_idx', 'agents', ['workspace_id', 'name', 'id']],
  ['agents_created_at_sort_idx', 'agents', ['workspace_id', 'created_at', 'id']],
  ['agents_last_seen_at_sort_idx', 'agents', ['workspace_id', 'last_seen_at', 'id']],
  ['discovered_applications_name_sort_idx', 'discovered_applications', ['workspace_id', 'name', 'id']],
  ['discovered_applications_vendor_sort_idx', 'discovered_applications', ['workspace_id', 'vendor', 'id']],
  [
    'discovered_applications_first_seen_at_sort_idx',
    'discovered_applications',
    ['workspace_id', 'first_seen_at', 'id'],
  ],
  ['discovered_applications_last_update_sort_idx', 'discovered_applications', ['workspace_id', 'last_update', 'id']],
  ['discovered_applications_status_filter_idx', 'discovered_applications', ['workspace_id', 'status', 'name', 'id']],
  [
    'discovered_applications_vendor_key_filter_idx',
    'discovered_applications',
    ['workspace_id', 'vendor_key', 'name', 'id'],
  ],
  [
    'discovered_applications_missing_filter_idx',
    'discovered_applications',
    ['workspace_id', 'name', 'id'],
    'missing_since IS NOT NULL',
  ],
  [
    'discovered_applications_present_filter_idx',
    'discovered_applications',
    ['workspace_id', 'name', 'id'],
    'missing_since IS NULL',
  ],
  ['workstations_warranty_end_sort_idx', 'workstations', ['workspace_id', 'warranty_end', 'id']],
  ['workstations_assigned_filter_idx', 'workstations', ['workspace_id', 'name', 'id'], 'assigned_user_id IS NOT NULL'],
  ['workstations_unassigned_filter_idx', 'workstations', ['workspace_id', 'name', 'id'], 'assigned_user_id IS NULL'],
  // Active announcements: the clock decides, so the window is read from the index, then ordered.
  ['announcements_window_idx', 'announcements', ['workspace_id', 'ends_at', 'starts_at']],
];

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const [name, table, columns, where] of INDEXES) {
    const index = db.schema.createIndex(name).on(table).columns(columns);
    await (where ? index.where(sql.raw<boolean>(where)) : index).execute();
  }
}
