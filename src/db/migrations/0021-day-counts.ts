import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { createPostgresTriggers, createSqliteTriggers, TALLIES } from './0018-value-counts.js';

/**
 * Issue 14: the total of a date filter used alone (`warrantyEndsBefore=`, the audit log's `to=`)
 * counted every matching row: 1.5M audit events before a date took 100 ms. The rows of each day
 * are now counted in value_counts, under the filter name `day:<column>` and the day as the value
 * ('YYYY-MM-DD', UTC), by the tables' per-value count triggers of migration 0018. A range's total
 * adds up its whole days (a few thousand counts at most) and counts the rows of a part-day at its
 * ends from the column's index.
 *
 * The day's SQL differs: SQLite keeps dates and instants as ISO text; PostgreSQL as date and
 * timestamptz, whose day is taken in UTC whatever the session's time zone.
 */
/** The value_counts filter name of a date column's per-day counts. */
export const dayTally = (column: string): string => `day:${column}`;

export const DAY_TALLIES: Record<string, Record<string, Record<Dialect, string>>> = {
  workstations: {
    [dayTally('warranty_end')]: { sqlite: '{row}.warranty_end', postgres: "to_char({row}.warranty_end, 'YYYY-MM-DD')" },
  },
  contracts: {
    [dayTally('end_date')]: { sqlite: '{row}.end_date', postgres: "to_char({row}.end_date, 'YYYY-MM-DD')" },
  },
  audit_events: {
    [dayTally('timestamp')]: {
      sqlite: 'substr({row}.timestamp, 1, 10)',
      postgres: "to_char({row}.timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD')",
    },
  },
};

/** A table's counted values on one database: its filters' (0018) and its days'. */
export function talliesOn(dialect: Dialect, table: string): Record<string, string> {
  const days = Object.entries(DAY_TALLIES[table] ?? {}).map(
    ([filter, expressions]) => [filter, expressions[dialect]] as const,
  );
  return { ...TALLIES[table], ...Object.fromEntries(days) };
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const [table, days] of Object.entries(DAY_TALLIES)) {
    for (const operation of ['insert', 'update', 'delete']) {
      await sql`DROP TRIGGER ${sql.id(`${table}_tally_${operation}`)}${sql.raw(dialect === 'postgres' ? ` ON ${table}` : '')}`.execute(
        db,
      );
    }
    const tallies = talliesOn(dialect, table);
    if (dialect === 'postgres') await createPostgresTriggers(db, table, tallies);
    else await createSqliteTriggers(db, table, tallies);
    for (const [filter, expressions] of Object.entries(days)) {
      await sql`INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total)
        SELECT workspace_id, ${table}, ${filter}, value, count(*) FROM (SELECT workspace_id, ${sql.raw(expressions[dialect].replaceAll('{row}', table))} AS value FROM ${sql.table(table)}) counted
        WHERE value IS NOT NULL GROUP BY workspace_id, value`.execute(db);
    }
  }
}
