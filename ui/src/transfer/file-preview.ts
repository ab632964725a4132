/**
 * The head of a file chosen for import, read in the browser: its headers and first rows, parsed
 * as the server parses them (csv-parse with the same options; JSON; JSON lines), for the column
 * mapping and the preview. Only the first bytes of a CSV or JSON-lines file are read.
 */
import type { ColumnMapping, ImportColumn, ImportFormat, ImportPreset } from './transfer-api.js';

export const PREVIEW_ROWS = 10;
/** Bytes read for a preview: enough for the header and the first rows of any sane file. */
const HEAD_BYTES = 256 * 1024;

export interface FilePreview {
  headers: string[];
  rows: Record<string, unknown>[];
  /** Why the file could not be read, as the server would say it. */
  error?: string;
}

/** The format a file name suggests (.json, .jsonl, .ndjson), else CSV: as `estate import` guesses it. */
export function formatOfName(name: string): ImportFormat {
  const lower = name.toLowerCase();
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  if (lower.endsWith('.json')) return 'json';
  return 'csv';
}

/** The text of a file's head, cut at its last complete line when the file goes on. */
async function headOf(file: Blob): Promise<string> {
  const text = await file.slice(0, HEAD_BYTES).text();
  if (file.size <= HEAD_BYTES) return text;
  const end = text.lastIndexOf('\n');
  return end > 0 ? text.slice(0, end + 1) : text;
}

/** The keys of the rows, in the order first seen. */
function keysOf(rows: Record<string, unknown>[]): string[] {
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  return [...keys];
}

const isRow = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export async function previewOf(file: Blob, format: ImportFormat): Promise<FilePreview> {
  if (format === 'csv') {
    const { parse } = await import('csv-parse/browser/esm/sync');
    let headers: string[] = [];
    try {
      const rows = parse(await headOf(file), {
        columns: (header: string[]) => {
          headers = header;
          return header;
        },
        bom: true,
        skip_empty_lines: true,
        to: PREVIEW_ROWS,
      }) as Record<string, unknown>[];
      return { headers, rows };
    } catch (error) {
      return { headers, rows: [], error: `not valid CSV: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  if (format === 'jsonl') {
    const rows: Record<string, unknown>[] = [];
    const lines = (await headOf(file)).split('\n').filter((line) => line.trim());
    for (const [index, line] of lines.slice(0, PREVIEW_ROWS).entries()) {
      let row: unknown;
      try {
        row = JSON.parse(line);
      } catch {
        return { headers: keysOf(rows), rows, error: `row ${index + 1}: not valid JSON` };
      }
      if (!isRow(row)) return { headers: keysOf(rows), rows, error: `row ${index + 1}: a row is an object of fields` };
      rows.push(row);
    }
    return { headers: keysOf(rows), rows };
  }
  // A JSON array is read whole, as the server reads it.
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    return { headers: [], rows: [], error: 'not valid JSON' };
  }
  if (!Array.isArray(parsed)) return { headers: [], rows: [], error: 'a JSON import is an array of objects' };
  const rows = parsed.slice(0, PREVIEW_ROWS).filter(isRow);
  return { headers: keysOf(rows), rows };
}

/** Letters and digits only, in lower case: `Serial Number` and `serial_number` both read `serialnumber`. */
const normal = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Every name a file's column may have for the family: column headers, and the id fields of references. */
export function columnNames(columns: readonly ImportColumn[]): string[] {
  return columns.flatMap((column) => [column.header, ...(column.byId ? [column.byId] : [])]);
}

/**
 * The mapping a file's headers get at first: a preset's, else the column of the same name, else
 * one whose name differs only by case, spaces and punctuation; else none (the column is ignored).
 */
export function automaticMapping(
  headers: readonly string[],
  columns: readonly ImportColumn[],
  preset: ColumnMapping = {},
): ColumnMapping {
  const names = columnNames(columns);
  const byNormal = new Map(names.map((name) => [normal(name), name]));
  const mapping: ColumnMapping = {};
  for (const header of headers) {
    if (Object.hasOwn(preset, header)) mapping[header] = preset[header] ?? null;
    else if (names.includes(header)) mapping[header] = header;
    else mapping[header] = byNormal.get(normal(header)) ?? null;
  }
  return mapping;
}

/**
 * The mapping a file's headers get under a preset: each to the preset's header it is a spelling
 * of (compared without case or surrounding spaces, the first column of a header winning), as the
 * server reads it (src/transfer/presets.ts); the others are ignored.
 */
export function presetMapping(headers: readonly string[], preset: ImportPreset): ColumnMapping {
  const fold = (text: string) => text.trim().toLowerCase();
  const byFolded = new Map<string, string>();
  for (const [header, also] of Object.entries(preset.headers))
    for (const spelling of [header, ...also]) if (!byFolded.has(fold(spelling))) byFolded.set(fold(spelling), header);
  const taken = new Set<string>();
  const mapping: ColumnMapping = {};
  for (const header of headers) {
    const own = byFolded.get(fold(header));
    mapping[header] = own && !taken.has(own) ? own : null;
    if (own) taken.add(own);
  }
  return mapping;
}

/** What the server is told: only the headers renamed or left out. */
export function changedMapping(mapping: ColumnMapping): ColumnMapping {
  return Object.fromEntries(Object.entries(mapping).filter(([header, to]) => to !== header));
}
