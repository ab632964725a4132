/**
 * The list planner's costs, in one place: how large a window of the sort's first rows a page is
 * looked for in before its matches are listed from their indexes instead (listPage, offset.ts; the
 * audit log's search). The figures and how they were measured: docs/notes/list-windows.md.
 */

/** A window is this many times the rows an even spread of the matches needs to meet the page's end. */
const WINDOW_SLACK = 2;
/** The smallest window worth its statement. */
const WINDOW_MIN_ROWS = 500;
/**
 * SQLite, measured at 1,000,000 servers and 1.5M audit events (at a load of 3.5-6 on 2 cores):
 * listing a match from the text index and reading it in the page's order costs 0.55-0.60 µs (audit
 * events), 1.1-3.1 µs (servers: eight columns, longer trigram lists); testing a row of a scan
 * (reading it, estate_fold on each searched column) 3.0-6.4 µs (audit events), 5.7-8.0 µs
 * (servers). So testing a row costs about 5 times listing a match (2-4 for servers: 5 errs towards
 * listing).
 */
const ROW_TEST_COST = 5;
/** A first window is tried when testing it costs at most this share of listing the matches. */
const FIRST_WINDOW_SHARE = 1 / 4;

/**
 * The rows a scan of the sort's index reads to meet the page's last match (`reach`: offset +
 * limit), were the `matches` spread evenly among the table's `rows`.
 */
export const evenReach = (reach: number, rows: number, matches: number): number =>
  matches === 0 ? Infinity : (reach * rows) / matches;

/** Whether a scan meets the page's end (`reach` rows, evenReach) well before as many rows as there are matches. */
export const scanIsShorter = (reach: number, matches: number): boolean => reach * WINDOW_SLACK < matches;

/** The window of WINDOW_SLACK times `reach` rows (at least WINDOW_MIN_ROWS), if short of the table's `rows`. */
export function pagedWindow(reach: number, rows: number): number | undefined {
  const window = Math.max(WINDOW_MIN_ROWS, Math.ceil(reach * WINDOW_SLACK));
  return window < rows ? window : undefined;
}

/**
 * SQLite: the rows of a window worth testing on their columns for a page's matches
 * (SortScan.textOnColumns; the audit log's search too), or undefined. Tried when testing it costs
 * at most FIRST_WINDOW_SHARE of listing the matches.
 */
export function columnTestWindow(reach: number, rows: number, matches: number): number | undefined {
  const window = pagedWindow(reach, rows);
  return window !== undefined && window * ROW_TEST_COST <= matches * FIRST_WINDOW_SHARE ? window : undefined;
}

/**
 * SQLite: the windows to try in turn for a page, columnTestWindow's first; then, when the matches
 * cluster later in the order than an even spread puts them, the largest window whose test costs
 * what listing the matches does, so a page read costs at most twice the listing. The audit log's
 * newest events, say, are none of them server events at 1M servers: `query=server`'s first match
 * is some 12,000 events back, among 1,000,000 matches.
 */
export function columnTestWindows(reach: number, rows: number, matches: number): number[] {
  const first = columnTestWindow(reach, rows, matches);
  if (first === undefined) return [];
  const budget = Math.min(Math.floor(matches / ROW_TEST_COST), rows - 1);
  return budget >= first * 4 ? [first, budget] : [first];
}

/**
 * PostgreSQL: the windows to try in turn (SortScan.firstRows), the even spread's then one of the
 * matches' size: scanning a row there costs less than listing a match from the text index (2-4 µs
 * against 8-11 µs), so a window as large as the matches costs less than listing them, whether it
 * holds the page or not.
 */
export function firstRowsWindows(reach: number, rows: number, matches: number): number[] {
  const first = pagedWindow(reach, rows);
  if (first === undefined) return [];
  const budget = Math.min(matches, rows - 1);
  return budget >= first * 4 ? [first, budget] : [first];
}
