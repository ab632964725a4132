import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * A fixed one-minute window of reports per agent (its start and count), kept on the agent row so
 * that the cap holds across every Estate instance on the database.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('agents')
    .addColumn('report_window_start', dialect === 'postgres' ? 'timestamptz' : 'text')
    .execute();
  await db.schema
    .alterTable('agents')
    .addColumn('report_window_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
