import { sql, type Kysely } from 'kysely';
import { cidrKey } from '../../infrastructure/cidr.js';
import type { Dialect } from '../database.js';

/** Columns that had a default recording a fact nobody entered; unknown now stays null. */
const NULLABLE: [table: string, column: string][] = [
  ['applications', 'lifecycle_status'],
  ['applications', 'criticality'],
  ['servers', 'environment'],
  ['flows', 'protocol'],
  ['flows', 'frequency'],
  ['data_objects', 'classification'],
  ['contracts', 'type'],
  ['contracts', 'billing_period'],
];

/** Indexes over those columns, which SQLite must drop before the column can be replaced. */
const INDEXES: Record<string, { table: string; columns: string[] }> = {
  servers_environment_idx: { table: 'servers', columns: ['workspace_id', 'environment', 'name', 'id'] },
};

/**
 * Unknown stays null: the columns above lose NOT NULL (existing values are kept). Servers and
 * workstations gain last_report_at, the agent's last report (backfilled from the tracking field
 * of automatic hosts). Networks gain cidr_key, which sorts them by address numerically.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    for (const [table, column] of NULLABLE)
      await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(column)} DROP NOT NULL`.execute(db);
  } else {
    // SQLite cannot drop NOT NULL: the column is replaced by a nullable copy (indexes over it first dropped, then rebuilt).
    for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).execute();
    for (const [table, column] of NULLABLE) {
      const copy = `${column}__nullable`;
      await db.schema.alterTable(table).addColumn(copy, 'text').execute();
      await sql`UPDATE ${sql.table(table)} SET ${sql.ref(copy)} = ${sql.ref(column)}`.execute(db);
      await db.schema.alterTable(table).dropColumn(column).execute();
      await db.schema.alterTable(table).renameColumn(copy, column).execute();
    }
    for (const [name, index] of Object.entries(INDEXES))
      await db.schema.createIndex(name).on(index.table).columns(index.columns).execute();
  }

  const instant = dialect === 'postgres' ? 'timestamptz' : 'text';
  for (const table of ['servers', 'workstations']) {
    await db.schema.alterTable(table).addColumn('last_report_at', instant).execute();
    await sql`UPDATE ${sql.table(table)} SET last_report_at = last_check_time WHERE automatic = 1`.execute(db);
  }

  await db.schema
    .alterTable('networks')
    .addColumn('cidr_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const networks = await sql<{
    workspace_id: string;
    id: string;
    cidr: string;
  }>`SELECT workspace_id, id, cidr FROM networks`.execute(db);
  for (const network of networks.rows) {
    await sql`UPDATE networks SET cidr_key = ${cidrKey(network.cidr)} WHERE workspace_id = ${network.workspace_id} AND id = ${network.id}`.execute(
      db,
    );
  }
  await db.schema
    .createIndex('networks_cidr_key_idx')
    .on('networks')
    .columns(['workspace_id', 'cidr_key', 'id'])
    .execute();
}
