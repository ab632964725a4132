/**
 * Imports a file of one family into a workspace (docs/import-export.md): each row creates an item,
 * or updates the one its `id` (or the `match` field) names, through the family's own service, so
 * rows are validated, checked and audited as API calls are. The whole file is one write
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
import type { Kysely } from 'kysely';
import type { TObject } from 'typebox';
import type { Actor } from '../audit/audit.types.js';
import { recordAudit } from '../audit/audit.writer.js';
import type { Database } from '../db/database.js';
import { dynamic } from '../db/dynamic.js';
import type { Tables } from '../db/schema.js';
import { writeTransaction } from '../db/write.js';
import { ApiError } from '../errors/api-error.js';
import { serviceOf } from '../families.js';
import { type AjvError, schemaError } from '../http/errors.js';
import { createValidators } from '../http/validators.js';
import { isUuid } from '../ids.js';
import type { Family } from '../resources/family.js';
import { changeLink } from '../resources/links.js';
import { type Column, columnForHeader, columnsOf, type Shape } from './columns.js';
import { NameError, Names } from './names.js';

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
}

/** Errors listed in a report at most; the import is refused as soon as there is one. */
const MAX_ERRORS = 1000;
/** Rows between two yields to the event loop, so a large import never holds it for long. */
const ROWS_PER_YIELD = 100;

const validators = createValidators();
const compiled = new WeakMap<TObject, ValidateFunction>();
function validatorOf(schema: TObject): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = validators.strict.compile(schema as object);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Thrown to roll the transaction back once the report is made (a dry run, or a refused row). */
class RollBack extends Error {}

/** The rows of a file as objects, in order. */
async function* recordsOf(input: Readable, format: Format): AsyncGenerator<unknown> {
  if (format === 'csv') {
    try {
      yield* input.pipe(parse({ columns: true, bom: true, skip_empty_lines: true }));
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

/** Names or ids given as a `;`-separated text (CSV) or an array (JSON). */
function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return String(value ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The field an API error is about, when its message starts with one of the row's fields. */
function fieldOfMessage(message: string, fields: string[]): string | null {
  const first = /^(\w+)/.exec(message)?.[1];
  return first && fields.includes(first) ? first : null;
}

export async function importFamily(
  database: Database,
  workspaceId: string,
  family: Family,
  input: Readable,
  options: ImportOptions,
): Promise<ImportReport> {
  const { definition } = family;
  const service = serviceOf(family);
  const columns = columnsOf(family);
  const key = definition.path.slice(1);
  const report: ImportReport = {
    family: key,
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    errors: [],
    dryRun: Boolean(options.dryRun),
  };
  const refuse = (row: number, field: string | null, code: string, message: string) => {
    if (report.errors.length < MAX_ERRORS) report.errors.push({ row, field, code, message });
  };
  const match = options.match && options.match !== 'id' ? options.match : undefined;
  if (match && !(match in definition.schemas.item.properties)) {
    refuse(0, null, 'bad_request', `${key} have no field ${match} to match rows by`);
    return report;
  }

  try {
    await writeTransaction(database, workspaceId, async (trx) => {
      const names = new Names(trx, workspaceId, options.actor);
      for await (const record of recordsOf(input, options.format)) {
        report.rows += 1;
        const row = report.rows;
        if (row % ROWS_PER_YIELD === 0) {
          options.progress?.(row);
          await yieldToEvents();
        }
        if (record instanceof ApiError) {
          refuse(row, null, record.code, record.message);
          continue;
        }
        if (typeof record !== 'object' || record === null || Array.isArray(record)) {
          refuse(row, null, 'bad_request', 'a row is an object of fields');
          continue;
        }
        try {
          const outcome = await importRow(trx, record as Record<string, unknown>);
          report[outcome] += 1;
          if (outcome !== 'unchanged') names.forget(definition.table);
        } catch (error) {
          // What a refused row wrote before its refusal goes with the whole import's rollback.
          names.forget(definition.table);
          if (error instanceof RowError) refuse(row, error.field, error.code, error.message);
          else if (error instanceof ApiError)
            refuse(row, fieldOfMessage(error.message, Object.keys(record)), error.code, error.message);
          else throw error;
        }
      }
      options.progress?.(report.rows);
      if (report.errors.length > 0 || options.dryRun) throw new RollBack();
      await recordAudit(trx, {
        workspaceId,
        category: definition.auditCategory,
        action: 'import',
        actor: options.actor,
        resourceType: definition.resourceType,
        resourceId: null,
        resourceName: options.source,
        changes: {
          created: { before: null, after: report.created },
          updated: { before: null, after: report.updated },
          unchanged: { before: null, after: report.unchanged },
        },
      });

      /** Applies one row: what it did, or a RowError / ApiError naming why it is refused. */
      async function importRow(trx: Kysely<Tables>, record: Record<string, unknown>) {
        const body: Record<string, unknown> = {};
        const links: [Extract<Column, { kind: 'link' }>, string[]][] = [];
        let id: string | undefined;
        for (const [header, value] of Object.entries(record)) {
          const found = columnForHeader(columns, header);
          if (!found) throw new RowError(header, 'bad_request', `unknown column: ${header}`);
          const { column, byId } = found;
          const text = typeof value === 'string';
          try {
            if (column.kind === 'id') id = value === '' || value === null ? undefined : String(value);
            else if (column.kind === 'field') {
              const given = text ? fromText(value, column.shape) : value;
              if (column.writable && given !== undefined) body[column.field] = given;
            } else if (column.kind === 'reference') {
              const given = value === '' || value === null || value === undefined ? null : String(value);
              body[column.field] = given === null || byId ? given : (await names.idsOf(column.target, [given]))[0];
            } else if (column.kind === 'relation') {
              const given = listOf(value);
              body[column.field] = byId ? given : await names.idsOf(column.target, given);
            } else {
              links.push([column, await names.idsOf(column.target, listOf(value), { createTags: true })]);
            }
          } catch (error) {
            if (error instanceof NameError) throw new RowError(header, 'unprocessable_entity', error.message);
            throw error;
          }
        }

        const existing = await findExisting(trx, id, body);
        const schema = existing ? definition.schemas.update : definition.schemas.create;
        const validate = validatorOf(schema);
        if (!validate(body)) {
          const first = (validate.errors?.[0] ?? { keyword: 'unknown', instancePath: '', params: {} }) as AjvError;
          const failure = schemaError(first, 'body');
          const field =
            first.instancePath.replace(/^\//, '').split('/')[0] ||
            String(first.params.missingProperty ?? first.params.additionalProperty ?? '') ||
            null;
          throw new RowError(field, 'validation_failed', failure.message);
        }
        let outcome: 'created' | 'updated' | 'unchanged';
        let itemId: string;
        if (existing) {
          const [before] = await service.dtos(trx, workspaceId, [existing as never]);
          const after = await service.updateIn(trx, workspaceId, existing.id, body, options.actor);
          outcome = JSON.stringify(before) === JSON.stringify(after) ? 'unchanged' : 'updated';
          itemId = existing.id;
        } else {
          itemId = ((await service.createIn(trx, workspaceId, body, options.actor)) as { id: string }).id;
          outcome = 'created';
        }
        for (const [column, childIds] of links) {
          if (await setLinks(trx, column, itemId, childIds)) outcome = outcome === 'unchanged' ? 'updated' : outcome;
        }
        return outcome;
      }
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  return report;

  /** The stored row a row updates: by id when the workspace has it, else by the match field. */
  async function findExisting(trx: Kysely<Tables>, id: string | undefined, body: Record<string, unknown>) {
    const rows = dynamic(trx).selectFrom(definition.table).selectAll().where('workspace_id', '=', workspaceId);
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
      throw new RowError(match, 'unprocessable_entity', `${found.length} ${key} have this ${match}`);
    return found[0] as { id: string } | undefined;
  }

  /** Makes an item's links of one kind exactly `childIds`, audited as link and unlink; whether any changed. */
  async function setLinks(
    trx: Kysely<Tables>,
    column: Extract<Column, { kind: 'link' }>,
    parentId: string,
    childIds: string[],
  ): Promise<boolean> {
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
      changed = (await changeLink(trx, side, workspaceId, parentId, childId, 'unlink', options.actor)) || changed;
    for (const childId of wanted)
      if (!current.includes(childId))
        changed = (await changeLink(trx, side, workspaceId, parentId, childId, 'link', options.actor)) || changed;
    return changed;
  }
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
