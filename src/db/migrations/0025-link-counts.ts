import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { createPostgresTriggers, createSqliteTriggers } from './0018-value-counts.js';

/**
 * Issue 14: the total of a link filter used alone (`servers?tagId=`) counted the tag's link rows
 * in the link index: 15,000 of a million servers, 5–8 ms. For the links one value of which can
 * name a large share of an estate (a tag or an application to servers), value_counts now counts
 * the link rows per linked id, under the link table and the filter name `link:<column>`, kept by
 * the per-value count triggers of migration 0018 on the link table. The other link filters select
 * a handful of rows per value (a server's applications, a user's teams) and keep counting them.
 */
export const LINK_TALLIES: Record<string, readonly string[]> = {
  server_tags: ['tag_id'],
  application_servers: ['application_id'],
};

/** The value_counts filter name of a link table's counts per linked id. */
export const linkTally = (column: string): string => `link:${column}`;

export const linkTalliesOf = (table: string): Record<string, string> =>
  Object.fromEntries((LINK_TALLIES[table] ?? []).map((column) => [linkTally(column), `CAST({row}.${column} AS TEXT)`]));

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const [table, columns] of Object.entries(LINK_TALLIES)) {
    const tallies = linkTalliesOf(table);
    if (dialect === 'postgres') await createPostgresTriggers(db, table, tallies);
    else await createSqliteTriggers(db, table, tallies);
    for (const column of columns) {
      await sql`INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total)
        SELECT workspace_id, ${table}, ${linkTally(column)}, CAST(${sql.ref(column)} AS TEXT), count(*) FROM ${sql.table(table)} GROUP BY workspace_id, ${sql.ref(column)}`.execute(
        db,
      );
    }
  }
}
