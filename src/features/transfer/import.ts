/**
 * Imports a file of one family into a workspace (docs/import-export.md): each row creates an item,
 * or updates the one its `id` (or the `match` field) names, with the family's schemas, rules and
 * audit, as API calls are: updates through the family's service, creates a batch at a time with
 * what its `createIn` does (batch.ts), a row that changes nothing without a write. The whole file is one write
 * transaction: any refused row means nothing is written, and a dry run reports the same and writes
 * nothing. Rows are read as a stream, and every row is checked even after one is refused: a refusal
 * is an API error, raised before the database could refuse anything, so the transaction stays
 * usable (no savepoint per row: thousands of subtransactions slow PostgreSQL down to a crawl).
 */
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { ValidateFunction } from 'ajv';
import { parse } from 'csv-parse';
import { type Kysely, sql } from 'kysely';
import type { TObject } from 'typebox';
import type { Actor } from '../../base/audit/audit.types.js';
import { diffFields, recordAudit } from '../../base/audit/audit.writer.js';
import type { Database } from '../../base/db/database.js';
import { type BulkLoader, bulkLoader } from '../../base/db/bulk.js';
import { dynamic } from '../../base/db/dynamic.js';
import type { Tables } from '../../base/db/schema.js';
import { writeTransaction } from '../../base/db/write.js';
import { ApiError } from '../../base/errors/api-error.js';
import { type AjvError, schemaError } from '../../base/http/errors.js';
import { findBadText } from '../../base/http/input.js';
import { sharedValidators } from '../../base/http/validators.js';
import { isUuid, newId, nowIso } from '../../base/ids.js';
import { isValidDateTime } from '../../base/validation.js';
import { type FamilyService, linkedIds } from '../../base/resources/crud.js';
import type { Family } from '../../base/resources/family.js';
import { changeLink } from '../../base/resources/links.js';
import { type Column, columnForHeader, columnsOf, type Shape } from './columns.js';
import { createQueued, type EventsWritten, type Queued } from './batch.js';
import { unguardedCell } from './formula-cells.js';
import { NameError, Names } from './names.js';
import { PRESETS, type Preset, presetHeaders, presetOf, presetRecord } from './presets.js';
import {
  type ItemField,
  itemFieldsOf,
  shownValues,
  storedValues,
  takesFields,
  valuesToStore,
} from '../../base/custom-fields/values.js';
import { ColumnCensus, inferredField } from '../custom-fields/inference.js';
import { checkDefinition } from '../../base/custom-fields/fields.rules.js';
import { createFieldIn, refuseBuiltIn, rulesOf } from '../custom-fields/fields.service.js';
import { reconcileFieldIndexes } from '../../base/custom-fields/indexes.js';

export const FORMATS = ['csv', 'json', 'jsonl'] as const;
export type Format = (typeof FORMATS)[number];

export interface ImportOptions {
  format: Format;
  dryRun?: boolean;
  /** The field that finds the item a row without an id updates (name, hostname, serialNumber). */
  match?: string;
  actor: Actor;
  /** The file's name, for the import's audit event. */
  source: string;
  /** Called with the rows read so far. */
  progress?(rows: number): void;
  /**
   * The file's headers renamed before rows are read (header → column header), null to ignore a
   * column: the console's column mapping. Headers not named are kept as they are.
   */
  columns?: Record<string, string | null>;
  /**
   * A column-mapping preset (presets.ts) the file's rows are read through: another inventory's
   * export. Its family must be the one imported into; headers it does not know are ignored.
   */
  preset?: string;
  /**
   * About how many rows the file holds (the CLI counts a file's lines first). On SQLite, an import
   * of 20,000 rows or more into a table it at least doubles writes the table without its indexes
   * and triggers and builds them once at the end, as `estate seed` does (readers keep seeing the
   * last commit's tables meanwhile); on PostgreSQL, where that would lock the table for every
   * reader, tables stay as they are.
   */
  expectedRows?: number;
  /** Rows (numbered as in the report) read but not imported: those a first try refused (`--skip-invalid`). */
  skipRows?: ReadonlySet<number>;
  /** Told of every refused row (the report lists the first 1,000), with its error. */
  refused?(row: number, message: string): void;
  /**
   * Defines a custom field for each `cf_<name>` column that names none yet, its type guessed from
   * the column's values (custom-fields/inference.ts): the file read once more from the start.
   */
  createFields?: () => Readable;
  /** Records the people the file names who are not in the workspace, as people without an account. */
  createPeople?: boolean;
  /**
   * A row's `id` and `createdAt` are the new item's (a workspace archive's rows: their references
   * keep pointing at them); an id the workspace has already is updated as always.
   */
  keepIds?: boolean;
  /**
   * Runs in this transaction instead of its own (a workspace archive: every family or none). A
   * refused row leaves what the import wrote there: the caller rolls it back.
   */
  transaction?: Kysely<Tables>;
  /**
   * The import shares its process's event loop with requests (the console): on SQLite, whose
   * statements hold the loop, it writes through a small page cache so its commit is short.
   */
  shortCommit?: boolean;
}

export interface ImportError {
  /** The row's number in the file, from 1 (a CSV's header is not counted); 0 for the file itself. */
  row: number;
  field: string | null;
  code: string;
  message: string;
}

export interface ImportReport {
  family: string;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportError[];
  dryRun: boolean;
  /** With a preset: its name, and the file's headers it ignored, in file order. */
  preset?: string;
  ignoredColumns?: string[];
  /** Rows left out because `skipRows` named them. */
  skipped?: number;
  /** `cf_<name>` columns of the file that name no custom field of the family here: left out. */
  fieldsLeftOut?: string[];
  /** With `createFields`: the fields defined for the file's columns (a dry run only says so). */
  fieldsCreated?: { name: string; type: string; choices?: string[] }[];
  /** With `createPeople`: the people recorded, as the file named them (a dry run only says so). */
  peopleCreated?: string[];
  /** With a preset: values it chose for rows (an unnamed NetBox device's name), by row (up to 1,000). */
  notes?: { row: number; message: string }[];
}

/** Errors listed in a report at most; the import is refused as soon as there is one. */
const MAX_ERRORS = 1000;
/** `'`: a CSV cell starting with it may carry an export's guard (formula-cells.ts). */
const APOSTROPHE = 0x27;

/** Rows between two yields to the event loop, so a large import never holds it for long. */
const ROWS_PER_YIELD = 100;

/** A row's check, compiled at its first use (Ajv keeps it, by schema). */
function validatorOf(schema: TObject): ValidateFunction {
  return sharedValidators().strict.compile(schema as object);
}

/** Rows read, then written, together (a family that names its own rows goes one row at a time). */
const BATCH_ROWS = 500;
/**
 * SQLite's driver runs a batch's statements without giving the event loop a turn: 100 rows keep a
 * batch of servers near 20-50 ms of a server's loop, where 500 took 50-120 ms (10,000 servers).
 */
const SQLITE_BATCH_ROWS = 100;
/**
 * SQLite: the page cache, in KiB, an import that shares its process's event loop writes through
 * (ImportOptions.shortCommit). Pages beyond it go to the WAL as rows are written, so the commit
 * writes at most this much: 10,000 servers committed in 85-90 ms with the serving 64 MiB, 29-34 ms
 * with 8 MiB.
 */
const SHORT_COMMIT_CACHE_KIB = 8 * 1024;
/** Ids or match values looked up by one query at most. */
const LOOKUPS_PER_QUERY = 500;

/** A row of the file made ready: its body as the API takes it, its links' child ids, its id. */
interface Prepared {
  row: number;
  record: Record<string, unknown>;
  body: Record<string, unknown>;
  links: Queued['links'];
  id: string | undefined;
}

/** A match field's value as a lookup key; undefined when the row has none. */
const matchKey = (value: unknown) =>
  value === undefined || value === null || value === '' ? undefined : String(value);

/** Thrown to roll the transaction back once the report is made (a dry run, or a refused row). */
class RollBack extends Error {}

/** The column of a refused rows file that says why each row was refused; an import ignores it. */
export const REFUSAL_COLUMN = 'estate_error';

/** The rows of a file as objects, in order. */
export async function* recordsOf(input: Readable, format: Format): AsyncGenerator<unknown> {
  if (format === 'csv') {
    try {
      for await (const record of input.pipe(parse({ columns: true, bom: true, skip_empty_lines: true }))) {
        // A cell an export guarded against spreadsheet formulas gets its value back (formula-cells.ts).
        // Done here, not by csv-parse's `cast`, which doubled the parse's time on the event loop.
        for (const [header, cell] of Object.entries(record as Record<string, string>))
          if (cell.charCodeAt(0) === APOSTROPHE) (record as Record<string, string>)[header] = unguardedCell(cell);
        yield record;
      }
    } catch (error) {
      // A malformed file (an unclosed quote, a row with more cells than the header) ends the read.
      yield new ApiError('bad_request', `not valid CSV: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else if (format === 'jsonl') {
    for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
      if (line.trim()) yield parseJson(line);
    }
  } else {
    let text = '';
    for await (const chunk of input) text += String(chunk);
    const parsed = parseJson(text);
    if (Array.isArray(parsed)) yield* parsed;
    else
      yield parsed instanceof ApiError ? parsed : new ApiError('bad_request', 'a JSON import is an array of objects');
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return new ApiError('bad_request', 'not valid JSON');
  }
}

/**
 * A CSV cell as the field's type: numbers, booleans, `;`-separated lists. An empty cell is null
 * where the field may be null, an empty list, or else no value (the field is left as it is).
 */
function fromText(text: string, shape: Shape): unknown {
  if (text === '') return shape.nullable ? null : shape.type === 'array' ? [] : undefined;
  if (shape.type === 'integer' || shape.type === 'number') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  if (shape.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if (shape.type === 'array') return listOf(text);
  return text;
}

/** A custom field's CSV cell as its type: numbers, booleans, `;`-separated lists, JSON; empty is unset. */
function valueFromText(field: ItemField, text: string): unknown {
  if (text === '') return null;
  switch (field.type) {
    case 'integer':
    case 'decimal':
      return /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text.trim()) ? Number(text) : text;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'multiselect':
    case 'multireference':
      return listOf(text);
    case 'json':
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/** A `customFields` cell of a CSV: the values object as JSON. */
function parseValues(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', 'customFields: not a JSON object');
  }
}

/** Names or ids given as a `;`-separated text (CSV) or an array (JSON). */
function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return String(value ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A record with its keys renamed by a column mapping; keys mapped to null are left out. */
function renamed(record: Record<string, unknown>, columns: Record<string, string | null>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [header, value] of Object.entries(record)) {
    const to = Object.hasOwn(columns, header) ? columns[header] : header;
    if (to) result[to] = value;
  }
  return result;
}

/** The field an API error is about, when its message starts with one of the row's fields. */
function fieldOfMessage(message: string, fields: string[]): string | null {
  const first = /^(\w+)/.exec(message)?.[1];
  return first && fields.includes(first) ? first : null;
}

/** One import as its steps share it: what it imports, how, and the report they fill. */
interface ImportRun {
  database: Database;
  workspaceId: string;
  family: Family;
  service: FamilyService;
  /** The family as reports and messages name it (`servers`). */
  key: string;
  options: ImportOptions;
  report: ImportReport;
  preset: Preset | undefined;
  /** The preset's reading of the last headers seen (a JSON file's rows may differ in their keys). */
  presetReading: { keys: string; known: ReadonlyMap<string, string> } | undefined;
  /** The field that finds the item a row without an id updates. */
  match: string | undefined;
  /** The family's custom fields and the columns they give, read in the import's transaction. */
  fields: ItemField[];
  columns: Column[];
  fieldNames: string[];
  /** Values of unique fields the file's new items take, which the database cannot see before they are written. */
  uniqueTaken: Map<string, Set<string>>;
  /** Tags made by the rows before the last batch written (each with its event). */
  tagsSeen: number;
  sqlite: boolean;
  batchRows: number;
  /**
   * SQLite's driver runs statements without giving the event loop a turn: a batch gives one after
   * its rows are read and after each table it writes, so no turn holds a batch's whole work.
   */
  turn: () => Promise<void>;
}

/** An import inside its transaction: the run, and what writes its rows. */
interface ImportWrite {
  run: ImportRun;
  trx: Kysely<Tables>;
  names: Names;
  loader: BulkLoader;
  events: EventsWritten;
}

/** A row of the file as it was read, renamed by the column mapping and the preset. */
interface BatchRow {
  row: number;
  record: Record<string, unknown>;
}

/** Of the items a batch's rows update, the item as the API shows it and its links' child ids. */
type Befores = Map<string, { item: Record<string, unknown>; links: Map<string, string[]> }>;

/** A batch as its rows are applied in file order: the creates queued, what earlier rows touched. */
interface BatchState {
  queue: Queued[];
  /** Match values and ids of items this batch created or changed: rows naming them look again. */
  touched: Set<string>;
  /** The stored item each row updates, as read for the whole batch. */
  found: (item: Prepared) => { id: string } | undefined;
  befores: Befores;
}

/** Imports one family's file into the workspace, all rows or none (see the module's comment): its report. */
export async function importFamily(
  database: Database,
  workspaceId: string,
  service: FamilyService,
  input: Readable,
  options: ImportOptions,
): Promise<ImportReport> {
  const run = importRunOf(database, workspaceId, service, options);
  if (!optionsAccepted(run)) return run.report;
  const shortCommit = run.sqlite && options.shortCommit === true;
  let servingCache: number | undefined;

  // --create-fields: the file's cf_ columns, counted in a first read, before anything is written.
  const census = options.createFields ? await censusOf(run, options.createFields()) : undefined;

  try {
    const { transaction } = options;
    const inTransaction = <T>(work: (trx: Kysely<Tables>) => Promise<T>) =>
      transaction ? work(transaction) : writeTransaction(database, workspaceId, work);
    await inTransaction(async (trx) => {
      if (shortCommit) servingCache = await withPageCache(trx, -SHORT_COMMIT_CACHE_KIB);
      await writeImport(run, trx, input, census);
    });
    // --create-fields may have made filterable fields (select): their indexes, once committed.
    if (run.report.fieldsCreated?.length && !transaction) void reconcileFieldIndexes(database);
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  } finally {
    // Put back without hiding the import's own failure (a connection that broke would fail this too).
    if (servingCache !== undefined) await withPageCache(database.db, servingCache).catch(() => undefined);
  }
  return run.report;
}

/** An import's starting state: an empty report, and the family's columns before its custom fields are read. */
function importRunOf(
  database: Database,
  workspaceId: string,
  service: FamilyService,
  options: ImportOptions,
): ImportRun {
  const { family } = service;
  const { definition } = family;
  const key = definition.path.slice(1);
  const columns = columnsOf(family);
  // A family that names its own rows (a tree's parent) reads what each row wrote: its rows go one at a time.
  const selfNamed = columns.some(
    (column) => (column.kind === 'reference' || column.kind === 'relation') && column.target === definition.table,
  );
  const sqlite = database.dialect === 'sqlite';
  return {
    database,
    workspaceId,
    family,
    service,
    key,
    options,
    report: {
      family: key,
      rows: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: [],
      dryRun: Boolean(options.dryRun),
    },
    preset: options.preset === undefined ? undefined : presetOf(options.preset),
    presetReading: undefined,
    match: options.match && options.match !== 'id' ? options.match : undefined,
    fields: [],
    columns,
    fieldNames: [],
    uniqueTaken: new Map(),
    tagsSeen: 0,
    sqlite,
    batchRows: selfNamed ? 1 : sqlite ? SQLITE_BATCH_ROWS : BATCH_ROWS,
    turn: sqlite ? () => yieldToEvents().then(() => undefined) : async () => undefined,
  };
}

/** Whether the preset and the match field can be used: if not, the file is refused before a row is read. */
function optionsAccepted(run: ImportRun): boolean {
  const { options, preset, report, key, match } = run;
  if (options.preset !== undefined) {
    report.preset = options.preset;
    report.ignoredColumns = [];
    if (!preset) {
      const names = PRESETS.map((candidate) => candidate.name).join(', ');
      refuse(run, 0, null, 'bad_request', `no preset ${options.preset}; one of: ${names}`);
      return false;
    }
    if (preset.family !== key) {
      refuse(run, 0, null, 'bad_request', `the preset ${preset.name} imports ${preset.family}, not ${key}`);
      return false;
    }
  }
  if (match && !(match in run.family.definition.schemas.item.properties)) {
    refuse(run, 0, null, 'bad_request', `${key} have no field ${match} to match rows by`);
    return false;
  }
  return true;
}

/** Lists a refusal in the report (the first MAX_ERRORS) and tells `options.refused` of it. */
function refuse(run: ImportRun, row: number, field: string | null, code: string, message: string) {
  if (run.report.errors.length < MAX_ERRORS) run.report.errors.push({ row, field, code, message });
  run.options.refused?.(row, `${field ? `${field}: ` : ''}${message}`);
}

/** Refuses a row for an API error (naming its field when it can); any other error is the import's own. */
function refuseError(run: ImportRun, row: number, record: Record<string, unknown>, error: unknown) {
  if (error instanceof RowError) refuse(run, row, error.field, error.code, error.message);
  else if (error instanceof ApiError)
    refuse(run, row, fieldOfMessage(error.message, Object.keys(record)), error.code, error.message);
  else throw error;
}

/** The family's custom fields, read in the import's transaction (again after --create-fields made some). */
async function readFields(run: ImportRun, trx: Kysely<Tables>) {
  run.fields = await itemFieldsOf(trx, run.workspaceId, run.key);
  run.columns = columnsOf(run.family, run.fields);
  run.fieldNames = run.fields.map((field) => field.name);
  run.uniqueTaken = new Map(run.fields.filter((field) => field.unique).map((field) => [field.name, new Set<string>()]));
}

/** The import's work in its transaction: fields, rows, its audit event; a RollBack for a refusal or a dry run. */
async function writeImport(
  run: ImportRun,
  trx: Kysely<Tables>,
  input: Readable,
  census: Map<string, ColumnCensus> | undefined,
) {
  const { database, workspaceId, options, report, family } = run;
  await readFields(run, trx);
  if (census) {
    await createFields(run, trx, census);
    await readFields(run, trx);
  }
  const write: ImportWrite = {
    run,
    trx,
    names: new Names(trx, workspaceId, options.actor, { createPeople: options.createPeople === true }),
    loader: bulkLoader(trx, database, family.definition.storageOf),
    events: { stale: true },
  };
  await importRows(write, input);
  options.progress?.(report.rows);
  if (write.names.peopleMade.length > 0) report.peopleCreated = write.names.peopleMade.slice(0, MAX_ERRORS);
  if (report.errors.length > 0 || options.dryRun) {
    // Rolled back: what the loader deferred (indexes, merges) need not be done.
    await write.loader.settle();
    throw new RollBack();
  }
  await write.loader.finish();
  await recordAudit(trx, {
    workspaceId,
    category: family.definition.auditCategory,
    action: 'import',
    actor: options.actor,
    resourceType: family.definition.resourceType,
    resourceId: null,
    resourceName: options.source,
    changes: {
      created: { before: null, after: report.created },
      updated: { before: null, after: report.updated },
      unchanged: { before: null, after: report.unchanged },
    },
  });
}

/** Reads the file's rows, counting and checking each, and imports them a batch at a time. */
async function importRows(write: ImportWrite, input: Readable) {
  const { run, trx } = write;
  const { options, report } = run;
  let batch: BatchRow[] = [];
  for await (const record of recordsOf(input, options.format)) {
    report.rows += 1;
    const row = report.rows;
    if (row % ROWS_PER_YIELD === 0) {
      options.progress?.(row);
      await yieldToEvents();
    }
    if (options.skipRows?.has(row)) {
      report.skipped = (report.skipped ?? 0) + 1;
      continue;
    }
    const given = acceptedRecord(run, row, record);
    if (!given) continue;
    batch.push({ row, record: throughPreset(run, row, options.columns ? renamed(given, options.columns) : given) });
    if (batch.length >= run.batchRows) {
      await importBatch(write, batch);
      batch = [];
      // The batch's statements ran in one turn of the loop (SQLite): requests get the next.
      if (run.sqlite) {
        // A savepoint makes FTS5 write the batch's pending text and gram index entries now, in this
        // turn, instead of all at the commit (which held the loop 50-60 ms for 10,000 servers).
        await sql`SAVEPOINT estate_import_batch`.execute(trx);
        await sql`RELEASE estate_import_batch`.execute(trx);
        await yieldToEvents();
      }
    }
  }
  await importBatch(write, batch);
}

/** A row as an object of fields, or undefined once it is refused (unreadable, not an object, bad text). */
function acceptedRecord(run: ImportRun, row: number, record: unknown): Record<string, unknown> | undefined {
  if (record instanceof ApiError) {
    refuse(run, row, null, record.code, record.message);
    return undefined;
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    refuse(run, row, null, 'bad_request', 'a row is an object of fields');
    return undefined;
  }
  const given = record as Record<string, unknown>;
  // The text rules every request's input is held to (http/input.ts): PostgreSQL cannot store a
  // NUL, and a lone surrogate (a JSON escape) cannot be encoded.
  const bad = findBadText(given, '');
  if (bad) {
    if (bad.path === 'field name') refuse(run, row, null, 'bad_request', `a field name ${bad.problem}`);
    else refuse(run, row, /^[^.[ ]+/.exec(bad.path)![0], 'bad_request', `${bad.path} ${bad.problem}`);
    return undefined;
  }
  return given;
}

/** A record read through the preset, if any: the headers it ignores and the values it chooses are reported. */
function throughPreset(run: ImportRun, row: number, record: Record<string, unknown>): Record<string, unknown> {
  const { preset, report } = run;
  if (!preset) return record;
  const keys = Object.keys(record).join('\n');
  let reading = run.presetReading;
  if (reading?.keys !== keys) {
    const { known, ignored } = presetHeaders(preset, Object.keys(record));
    reading = { keys, known };
    run.presetReading = reading;
    for (const header of ignored) if (!report.ignoredColumns!.includes(header)) report.ignoredColumns!.push(header);
  }
  return presetRecord(preset, reading.known, record, (message) => {
    report.notes ??= [];
    if (report.notes.length < MAX_ERRORS) report.notes.push({ row, message });
  });
}

/**
 * Imports a batch of rows in file order: their names read at once, the items they update found
 * at once, creates queued and written together (batch.ts), updates applied one by one. A row that
 * could depend on a queued create (the same match value) has the queue written first.
 */
async function importBatch(write: ImportWrite, batch: BatchRow[]) {
  if (batch.length === 0) return;
  const { run, trx, names, loader } = write;
  // The previous batch's rows may still be being written (PostgreSQL's COPY while this batch was read).
  await loader.settle();
  await prefetchNames(
    run,
    names,
    batch.map(({ record }) => record),
  );
  const prepared: Prepared[] = [];
  for (const { row, record } of batch) {
    try {
      prepared.push({ row, record, ...(await prepareRow(run, names, record)) });
    } catch (error) {
      refuseError(run, row, record, error);
    }
  }
  await run.turn();
  const found = await existingOf(run, trx, prepared);
  const befores = await beforesOf(run, trx, prepared, found);
  const state: BatchState = { queue: [], touched: new Set(), found, befores };
  for (const item of prepared) await applyRow(write, state, item);
  await writeQueue(write, state, false);
}

/** Applies a batch's row: unchanged, updated through the service, or queued to be created; refused on an API error. */
async function applyRow(write: ImportWrite, state: BatchState, item: Prepared) {
  const { run, trx, names, events } = write;
  const { family, match, report } = run;
  const { definition } = family;
  const { touched } = state;
  try {
    const key = match === undefined ? undefined : matchKey(item.body[match]);
    const stale =
      (key !== undefined && touched.has(`m:${key}`)) || (item.id !== undefined && touched.has(`i:${item.id}`));
    if (stale) await writeQueue(write, state);
    const existing = stale ? await findExisting(run, trx, item.id, item.body) : state.found(item);
    validate(existing ? definition.schemas.update : definition.schemas.create, item.body);
    if (key !== undefined) touched.add(`m:${key}`);
    if (existing && !touched.has(`i:${existing.id}`) && (await unchangedBy(run, trx, state.befores, existing, item))) {
      // Nothing to write (a re-import of an unchanged export): no statement, no event.
      report.unchanged += 1;
    } else if (existing) {
      await writeQueue(write, state);
      // An item an earlier row of the batch changed is read again; its old match value is stale.
      const current = touched.has(`i:${existing.id}`) ? await findExisting(run, trx, existing.id, {}) : existing;
      touched.add(`i:${existing.id}`);
      if (match !== undefined) {
        const old = matchKey((current as Record<string, unknown>)[family.columnOf(match)]);
        if (old !== undefined) touched.add(`m:${old}`);
      }
      events.stale = true;
      const outcome = await updateRow(run, trx, current ?? existing, item);
      report[outcome] += 1;
      if (outcome !== 'unchanged') names.forget(definition.table);
    } else {
      state.queue.push(await queuedOf(run, trx, item));
      report.created += 1;
      if (run.batchRows === 1) await writeQueue(write, state);
      names.forget(definition.table);
    }
  } catch (error) {
    // What a refused row wrote before its refusal goes with the whole import's rollback.
    names.forget(definition.table);
    refuseError(run, item.row, item.record, error);
  }
}

/** Writes the queued creates (batch.ts), refusing those it refuses; `settle` when the batch's own statements follow. */
async function writeQueue(write: ImportWrite, state: BatchState, settle = true) {
  if (state.queue.length === 0) return;
  const { run, trx, names, loader, events } = write;
  // Events written by tags made or updates since the last batch: the newest is read again.
  const made = names.tagsMade + names.peopleMade.length;
  if (made > run.tagsSeen) events.stale = true;
  run.tagsSeen = made;
  const expectedRows = run.sqlite ? run.options.expectedRows : undefined;
  const written = await createQueued(trx, loader, run.workspaceId, run.service, state.queue, run.options.actor, {
    events,
    turn: run.turn,
    ...(expectedRows === undefined ? {} : { expectedRows }),
  });
  for (const refusal of written) {
    refuse(run, refusal.row, refusal.field, 'unprocessable_entity', refusal.message);
    run.report.created -= 1;
  }
  state.queue = [];
  if (settle) await loader.settle();
}

/** Reads the names a batch's reference, relation and link columns give, one query per target and slice. */
async function prefetchNames(run: ImportRun, names: Names, records: Record<string, unknown>[]) {
  const wanted = new Map<string, string[]>();
  for (const record of records)
    for (const [header, value] of Object.entries(record)) {
      const found = columnForHeader(run.columns, header);
      if (!found || found.byId) continue;
      const { kind } = found.column;
      if (kind === 'id' || kind === 'field' || kind === 'value' || kind === 'values') continue;
      const values = found.column.kind === 'reference' ? (value ? [String(value)] : []) : listOf(value);
      wanted.set(found.column.target, [...(wanted.get(found.column.target) ?? []), ...values]);
    }
  for (const [table, values] of wanted) await names.prefetch(table, values);
}

/** A row's body, links and id from its columns: a RowError for an unknown column or name. */
async function prepareRow(run: ImportRun, names: Names, record: Record<string, unknown>) {
  const { report } = run;
  const body: Record<string, unknown> = {};
  const links: Queued['links'] = [];
  let id: string | undefined;
  for (const [header, value] of Object.entries(record)) {
    // A refused rows file's own column (refused.ts): the reason a row was refused, not a field.
    if (header === REFUSAL_COLUMN) continue;
    const found = columnForHeader(run.columns, header);
    if (!found && header.startsWith('cf_')) {
      // A custom field not defined here: left out, and named in the report.
      report.fieldsLeftOut ??= [];
      if (!report.fieldsLeftOut.includes(header)) report.fieldsLeftOut.push(header);
      continue;
    }
    if (!found) throw new RowError(header, 'bad_request', `unknown column: ${header}`);
    const { column, byId } = found;
    try {
      if (column.kind === 'id') id = value === '' || value === null ? undefined : String(value);
      else if (column.kind === 'values') {
        const given = typeof value === 'string' && value !== '' ? parseValues(value) : value;
        if (given !== '' && given !== null && given !== undefined)
          body.customFields = { ...(body.customFields as object), ...(given as object) };
      } else if (column.kind === 'value') {
        const given = typeof value === 'string' ? valueFromText(column.field, value) : value;
        body.customFields = { ...(body.customFields as object), [column.field.name]: given };
      } else if (column.kind === 'field') {
        const given = typeof value === 'string' ? fromText(value, column.shape) : value;
        if (column.writable && given !== undefined) body[column.field] = given;
      } else if (column.kind === 'reference') {
        const given = value === '' || value === null || value === undefined ? null : String(value);
        body[column.field] = given === null || byId ? given : (await names.idsOf(column.target, [given]))[0];
      } else if (column.kind === 'relation') {
        const given = listOf(value);
        body[column.field] = byId ? given : await names.idsOf(column.target, given);
      } else {
        links.push({
          link: column.link,
          childIds: await names.idsOf(column.target, listOf(value), { createTags: true }),
        });
      }
    } catch (error) {
      if (error instanceof NameError) throw new RowError(header, 'unprocessable_entity', error.message);
      throw error;
    }
  }
  if (id !== undefined && !isUuid(id)) throw new RowError('id', 'invalid_uuid', 'id must be a UUID');
  return { body, links, id };
}

/** A RowError naming the first field the schema refuses. */
function validate(schema: TObject, body: Record<string, unknown>) {
  const check = validatorOf(schema);
  if (check(body)) return;
  const first = (check.errors?.[0] ?? { keyword: 'unknown', instancePath: '', params: {} }) as AjvError;
  const failure = schemaError(first, 'body');
  const field =
    first.instancePath.replace(/^\//, '').split('/')[0] ||
    String(first.params.missingProperty ?? first.params.additionalProperty ?? '') ||
    null;
  throw new RowError(field, 'validation_failed', failure.message);
}

/** The row createIn would insert for an item, its rule applied: queued to be written with its batch. */
async function queuedOf(run: ImportRun, trx: Kysely<Tables>, item: Prepared): Promise<Queued> {
  const { family, workspaceId, options } = run;
  const now = nowIso();
  const kept = options.keepIds === true && item.id !== undefined;
  const id = kept ? item.id! : newId();
  const createdAt = kept && typeof item.record.createdAt === 'string' ? item.record.createdAt : undefined;
  const values = await valuesOf(run, trx, id, item.body, undefined);
  takeUnique(run, values);
  const next = {
    ...family.defaults(),
    ...family.toColumns({ ...item.body, customFields: values }),
    workspace_id: workspaceId,
    id,
    created_at: createdAt !== undefined && isValidDateTime(createdAt) ? new Date(createdAt).toISOString() : now,
    ...(family.trackingColumn ? { [family.trackingColumn]: now } : {}),
  } as Record<string, unknown>;
  await family.definition.check?.({ trx, workspaceId, before: undefined, next: next as never });
  return { row: item.row, next, body: item.body, links: item.links };
}

/**
 * Of the items a batch's rows update, the item as the API shows it and its links' child ids, read
 * at once: what `unchangedBy` compares a row with.
 */
async function beforesOf(
  run: ImportRun,
  trx: Kysely<Tables>,
  prepared: Prepared[],
  found: (item: Prepared) => unknown,
): Promise<Befores> {
  const { service, workspaceId } = run;
  const rows = new Map<string, { id: string }>();
  for (const item of prepared) {
    try {
      const existing = found(item) as { id: string } | undefined;
      if (existing) rows.set(existing.id, existing);
    } catch {
      // The row is refused when its turn comes.
    }
  }
  const befores: Befores = new Map();
  if (rows.size === 0) return befores;
  const items = (await service.dtos(trx, workspaceId, [...rows.values()] as never[])) as Record<string, unknown>[];
  for (const item of items) befores.set(String(item.id), { item, links: new Map() });
  const ids = [...rows.keys()];
  for (const link of run.family.definition.links ?? [])
    for (let start = 0; start < ids.length; start += LOOKUPS_PER_QUERY) {
      const slice = ids.slice(start, start + LOOKUPS_PER_QUERY);
      const linked = await linkedIds(trx, workspaceId, link.table, link.parentColumn, link.childColumn, slice);
      for (const id of slice) befores.get(id)?.links.set(link.table, linked.get(id) ?? []);
    }
  return befores;
}

/**
 * Whether a row would leave its item as it is: its fields through the family's columns and rule
 * as `updateIn` applies them, its relations and links the same sets. Such a row writes nothing
 * and needs no statement; any other goes through the service.
 */
async function unchangedBy(
  run: ImportRun,
  trx: Kysely<Tables>,
  befores: Befores,
  existing: { id: string },
  item: Prepared,
): Promise<boolean> {
  const { family, workspaceId } = run;
  const { definition } = family;
  const before = befores.get(existing.id);
  if (!before) return false;
  const stored = storedValues((existing as Record<string, unknown>).custom_fields);
  const values = 'customFields' in item.body ? await valuesOf(run, trx, existing.id, item.body, stored) : stored;
  const next = { ...existing, ...family.toColumns({ ...item.body, customFields: values }) } as Record<string, unknown>;
  await definition.check?.({ trx, workspaceId, before: existing as never, next: next as never });
  const after: Record<string, unknown> = {
    ...family.toDto(next as never),
    customFields: shownValues(run.fieldNames, values),
  };
  // updateIn writes a relation given anew: read back, its ids are in id order.
  for (const relation of definition.relations ?? [])
    after[relation.field] =
      relation.field in item.body
        ? [...new Set((item.body[relation.field] as string[] | null) ?? [])].sort()
        : before.item[relation.field];
  if (Object.keys(diffFields(before.item, after, family.untracked)).length > 0) return false;
  return item.links.every(({ link, childIds }) => {
    const current = before.links.get(link.table) ?? [];
    const wanted = new Set(childIds);
    return current.length === wanted.size && current.every((id) => wanted.has(id));
  });
}

/** What the file's cf_ columns hold, read through the column mapping and the preset as rows are. */
async function censusOf(run: ImportRun, input: Readable): Promise<Map<string, ColumnCensus>> {
  const { options, preset } = run;
  const found = new Map<string, ColumnCensus>();
  let reading: { keys: string; known: ReadonlyMap<string, string> } | undefined;
  for await (const record of recordsOf(input, options.format)) {
    if (typeof record !== 'object' || record === null || Array.isArray(record) || record instanceof ApiError) continue;
    let row = options.columns ? renamed(record as Record<string, unknown>, options.columns) : record;
    if (preset) {
      const keys = Object.keys(row).join('\n');
      if (reading?.keys !== keys) reading = { keys, known: presetHeaders(preset, Object.keys(row)).known };
      row = presetRecord(preset, reading.known, row as Record<string, unknown>);
    }
    for (const [header, value] of Object.entries(row as Record<string, unknown>)) {
      if (!header.startsWith('cf_')) continue;
      const column = found.get(header) ?? new ColumnCensus();
      found.set(header, column);
      if (value !== null && value !== undefined && typeof value !== 'object') column.add(String(value));
    }
  }
  return found;
}

/** Defines a custom field for each counted column that names none yet (in the import's transaction). */
async function createFields(run: ImportRun, trx: Kysely<Tables>, found: Map<string, ColumnCensus>) {
  const { key, report } = run;
  if (!takesFields(key)) return;
  const defined = new Set(run.fields.map((field) => `cf_${field.name}`));
  report.fieldsCreated = [];
  for (const [column, counted] of found) {
    if (defined.has(column)) continue;
    const input = inferredField(key, column, counted);
    try {
      checkDefinition(rulesOf(input));
      refuseBuiltIn(key, input.name);
      await createFieldIn(trx, run.workspaceId, input, run.options.actor);
      report.fieldsCreated.push({
        name: input.name,
        type: input.type,
        ...(input.choices && { choices: input.choices }),
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refuse(run, 0, column, error.code, `${column}: ${error.message}`);
    }
  }
}

/** The values a row's item stores (values.ts), the family's fields read once for the file. */
function valuesOf(
  run: ImportRun,
  trx: Kysely<Tables>,
  id: string,
  body: Record<string, unknown>,
  before: Record<string, unknown> | undefined,
): Promise<Record<string, unknown>> {
  return valuesToStore({
    trx,
    dialect: run.database.dialect,
    workspaceId: run.workspaceId,
    family: run.key,
    id,
    before,
    input: body.customFields,
    fields: run.fields,
  });
}

/** Refuses a unique value an earlier row of the file gave a new item (422, as for a stored one). */
function takeUnique(run: ImportRun, values: Record<string, unknown>) {
  for (const [name, taken] of run.uniqueTaken) {
    if (values[name] === undefined) continue;
    const value = JSON.stringify(values[name]);
    if (taken.has(value))
      throw new ApiError(
        'unprocessable_entity',
        `customFields.${name}: another of the file's ${run.key} holds ${value} already; the field is unique`,
      );
  }
  for (const [name, taken] of run.uniqueTaken) if (values[name] !== undefined) taken.add(JSON.stringify(values[name]));
}

/** Updates one item through its service (rules, audit), then its links: what it did. */
async function updateRow(run: ImportRun, trx: Kysely<Tables>, existing: { id: string }, item: Prepared) {
  const { service, workspaceId } = run;
  const [before] = await service.dtos(trx, workspaceId, [existing as never]);
  const after = await service.updateIn(trx, workspaceId, existing.id, item.body, run.options.actor);
  let outcome: 'updated' | 'unchanged' = JSON.stringify(before) === JSON.stringify(after) ? 'unchanged' : 'updated';
  for (const { link, childIds } of item.links) {
    const column = run.columns.find((candidate) => candidate.kind === 'link' && candidate.link === link);
    if (await setLinks(run, trx, column as Extract<Column, { kind: 'link' }>, existing.id, childIds))
      outcome = 'updated';
  }
  return outcome;
}

/**
 * The stored rows a batch's rows update, read at once: by id (the workspace's), else by the
 * match field; a function answering for each row (a RowError when two items have its value).
 */
async function existingOf(run: ImportRun, trx: Kysely<Tables>, prepared: Prepared[]) {
  const { family, workspaceId, match } = run;
  const rows = () =>
    dynamic(trx).selectFrom(family.definition.table).selectAll().where('workspace_id', '=', workspaceId);
  const byId = new Map<string, { id: string }>();
  const ids = [...new Set(prepared.flatMap((item) => (item.id === undefined ? [] : [item.id])))];
  for (let start = 0; start < ids.length; start += LOOKUPS_PER_QUERY)
    for (const row of await rows()
      .where('id', 'in', ids.slice(start, start + LOOKUPS_PER_QUERY))
      .execute())
      byId.set(String(row.id), row as { id: string });
  const byMatch = new Map<string, { id: string }[]>();
  if (match) {
    const values = [
      ...new Set(
        prepared.flatMap((item) =>
          (item.id !== undefined && byId.has(item.id)) || matchKey(item.body[match]) === undefined
            ? []
            : [item.body[match] as string],
        ),
      ),
    ];
    const column = family.columnOf(match);
    for (let start = 0; start < values.length; start += LOOKUPS_PER_QUERY)
      for (const row of await rows()
        .where(column, 'in', values.slice(start, start + LOOKUPS_PER_QUERY))
        .execute()) {
        const value = matchKey(row[column])!;
        byMatch.set(value, [...(byMatch.get(value) ?? []), row as { id: string }]);
      }
  }
  return (item: Prepared) => {
    if (item.id !== undefined && byId.has(item.id)) return byId.get(item.id);
    const value = match === undefined ? undefined : matchKey(item.body[match]);
    if (value === undefined) return undefined;
    const found = byMatch.get(value) ?? [];
    if (found.length > 1)
      throw new RowError(match!, 'unprocessable_entity', `${found.length} ${run.key} have this ${match}`);
    return found[0];
  };
}

/** The stored row a row updates: by id when the workspace has it, else by the match field. */
async function findExisting(
  run: ImportRun,
  trx: Kysely<Tables>,
  id: string | undefined,
  body: Record<string, unknown>,
) {
  const { family, workspaceId, match } = run;
  const rows = dynamic(trx).selectFrom(family.definition.table).selectAll().where('workspace_id', '=', workspaceId);
  if (id !== undefined) {
    if (!isUuid(id)) throw new RowError('id', 'invalid_uuid', 'id must be a UUID');
    const found = await rows.where('id', '=', id).executeTakeFirst();
    if (found) return found as { id: string };
  }
  if (!match || body[match] === undefined || body[match] === null) return undefined;
  const found = await rows
    .where(family.columnOf(match), '=', body[match] as string)
    .limit(2)
    .execute();
  if (found.length > 1)
    throw new RowError(match, 'unprocessable_entity', `${found.length} ${run.key} have this ${match}`);
  return found[0] as { id: string } | undefined;
}

/** Makes an item's links of one kind exactly `childIds`, audited as link and unlink; whether any changed. */
async function setLinks(
  run: ImportRun,
  trx: Kysely<Tables>,
  column: Extract<Column, { kind: 'link' }>,
  parentId: string,
  childIds: string[],
): Promise<boolean> {
  const { family, workspaceId } = run;
  const { actor } = run.options;
  const { link } = column;
  const current = (
    await dynamic(trx)
      .selectFrom(link.table)
      .select(`${link.childColumn} as child`)
      .where('workspace_id', '=', workspaceId)
      .where(link.parentColumn, '=', parentId)
      .execute()
  ).map((row) => String(row.child));
  const wanted = new Set(childIds);
  const side = { parent: family, child: link.child, segment: link.segment, table: link };
  let changed = false;
  for (const childId of current.filter((child) => !wanted.has(child)))
    changed = (await changeLink(trx, side, workspaceId, parentId, childId, 'unlink', actor)) || changed;
  for (const childId of wanted)
    if (!current.includes(childId))
      changed = (await changeLink(trx, side, workspaceId, parentId, childId, 'link', actor)) || changed;
  return changed;
}

/** A row refused, with the field it is about. */
class RowError extends Error {
  constructor(
    readonly field: string | null,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** SQLite: sets the connection's page cache (PRAGMA cache_size's value), returning the one it had. */
async function withPageCache(db: Kysely<Tables>, size: number): Promise<number> {
  const { rows } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db);
  await sql`PRAGMA cache_size = ${sql.lit(size)}`.execute(db);
  return rows[0]!.cache_size;
}
