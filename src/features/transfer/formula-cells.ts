/**
 * CSV cells that a spreadsheet would run as a formula (CSV injection, OWASP "CSV Injection"): a
 * text starting with `=`, `+`, `-`, `@`, a tab or a carriage return. An export writes such a cell
 * behind a leading apostrophe, quoted, so the spreadsheet shows it as text; an import takes the
 * apostrophe off again, so Estate's own export imports back to the same values.
 *
 * The guard is one apostrophe before any run of apostrophes that leads to a formula character, so
 * that a value which itself starts with apostrophes before such a character (`'=x`) also comes
 * back exactly: guarded(`'=x`) is `''=x`, and unguarded(`''=x`) is `'=x`.
 */

/** Starts like a formula, possibly behind apostrophes: the values a guard is put before. */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** Starts with a guard: an apostrophe, then a value that starts like a formula. */
export const GUARDED_CELL = /^'+[=+\-@\t\r]/;

/** The characters a neutralized cell may start with, for the documentation and the CLI help. */
export const FORMULA_CHARACTERS = ['=', '+', '-', '@', 'tab', 'carriage return'] as const;

/** A CSV cell's text as an export writes it: with a leading apostrophe where it could run as a formula. */
export function guardedCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A CSV cell's text as an import reads it: the export's guard taken off. */
export function unguardedCell(text: string): string {
  return GUARDED_CELL.test(text) ? text.slice(1) : text;
}
