import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** Columns of hosts the lists sort by from their headers, each with an index of its order. */
const SORTED: Record<'servers' | 'workstations', string[]> = {
  servers: ['os', 'manufacturer', 'model', 'serial_number'],
  workstations: ['hostname', 'os', 'manufacturer', 'model', 'serial_number'],
};

/**
 * Sorts of hosts by operating system, manufacturer, model, serial number and (workstations) host
 * name: each an index of (workspace_id, column, id), its NULLs first as the lists order them.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const nulls = dialect === 'postgres' ? sql` NULLS FIRST` : sql``;
  for (const [table, columns] of Object.entries(SORTED))
    for (const column of columns)
      await sql`CREATE INDEX ${sql.id(`${table}_${column}_sort_idx`)} ON ${sql.table(table)}
        (workspace_id, ${sql.ref(column)}${nulls}, id)`.execute(db);
}
