/**
 * The refused rows of an import (`estate import --skip-invalid`), written to a file of the same
 * format: each row as the file had it, with the reason it was refused in an `estate_error` column,
 * which an import ignores, so the file imports again once its rows are fixed.
 */
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { guardedCell } from './formula-cells.js';
import { type Format, REFUSAL_COLUMN, recordsOf } from './import.js';

/** Writes the rows of `input` that `reasons` names (row number → why), in file order; returns how many. */
export async function writeRefusedRows(
  input: Readable,
  format: Format,
  reasons: ReadonlyMap<number, string>,
  output: Writable,
): Promise<number> {
  let row = 0;
  let written = 0;
  let csv: ReturnType<typeof stringify> | undefined;
  if (format === 'json') output.write('[');
  for await (const record of recordsOf(input, format)) {
    row += 1;
    const reason = reasons.get(row);
    if (reason === undefined || typeof record !== 'object' || record === null || Array.isArray(record)) continue;
    const refused = { ...(record as Record<string, unknown>), [REFUSAL_COLUMN]: reason };
    written += 1;
    if (format === 'csv') {
      // A cell a spreadsheet would run as a formula is guarded again, as an export's (an import takes it off).
      csv ??= stringify({ header: true, columns: Object.keys(refused) });
      if (written === 1) csv.pipe(output);
      csv.write(Object.values(refused).map((value) => (typeof value === 'string' ? guardedCell(value) : value)));
    } else if (format === 'jsonl') output.write(`${JSON.stringify(refused)}\n`);
    else output.write(`${written > 1 ? ',' : ''}\n${JSON.stringify(refused)}`);
  }
  if (csv) {
    csv.end();
    await finished(output);
  } else {
    output.end(format === 'json' ? '\n]\n' : '');
    await finished(output);
  }
  return written;
}
