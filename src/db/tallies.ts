/**
 * Per-value counts of the broad filters (issue 14): `value_counts` holds, per workspace, table and
 * filter, how many rows each filter value selects, kept by triggers in the writing transaction. A
 * list filtered by one of these filters alone (no `q`, no other filter) reads its total there
 * instead of counting a large share of the workspace's rows (pagination/offset.ts).
 *
 * The SQL of each counted value has `{row}` where the row goes (NEW or OLD in a trigger, the table
 * in a backfill). A value is text: the column's value, or 'true'/'false' for a condition. NULL is
 * not counted (no filter value selects it).
 *
 * The list is the one the migrations made triggers for (0018, and 0026 for members' roles; a
 * later migration that tallies another filter adds its entries here), so the bulk loader's replay
 * (db/bulk.ts) counts what the triggers count. test/tallies.test.ts checks that the lists'
 * tallied filters are exactly these.
 */
import type { Dialect } from './dialect.js';
import { TALLIES as MIGRATION_0018 } from './migrations/0018-value-counts.js';
import { talliesOn as filtersAndDaysOn } from './migrations/0021-day-counts.js';
import { linkTalliesOf } from './migrations/0025-link-counts.js';
import { MEMBER_TALLIES } from './migrations/0026-member-order.js';

export const TALLIES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ...MIGRATION_0018,
  members: MEMBER_TALLIES,
};

/**
 * Per-day counts of the date columns that date filters compare (migration 0021): under the filter
 * name `day:<column>`, the day as the value. A table's triggers count its TALLIES and its days.
 */
export { DAY_TALLIES, dayTally } from './migrations/0021-day-counts.js';

/**
 * Counts of link rows per linked id for the link filters that can select much of an estate
 * (migration 0025): under the link table and the filter name `link:<column>`.
 */
export { LINK_TALLIES, linkTally } from './migrations/0025-link-counts.js';

/** Everything a table's per-value count triggers count on one database: filters, days and links. */
export function talliesOn(dialect: Dialect, table: string): Record<string, string> {
  return { ...TALLIES[table], ...filtersAndDaysOn(dialect, table), ...linkTalliesOf(table) };
}

/** The SQL of a counted value for one row (`NEW`, `OLD`, a table or an alias). */
export const tallyOf = (expression: string, row: string): string => expression.replaceAll('{row}', row);
