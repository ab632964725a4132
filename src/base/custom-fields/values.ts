/**
 * The values of custom fields on items: what an item shows (`customFields`, every field of its
 * family in the workspace, null when unset) and what a write may store. Items keep their values in
 * one JSON object (`custom_fields`), keyed by field name, holding only the values that are set.
 * Definitions are read in the write's own transaction, so a write is checked against the fields as
 * they are when it commits, on whichever instance defined them.
 */
import { type Kysely, sql } from 'kysely';
import type { Changes } from '../audit/audit.types.js';
import type { Dialect } from '../db/database.js';
import type { FieldDefinitionsTable, Tables } from '../db/schema.js';
import { findBadText } from '../http/input.js';
import { ApiError } from '../errors/api-error.js';
import { isUuid } from '../ids.js';
import { valueProblem, type FieldRules } from './fields.rules.js';
import { FIELD_FAMILIES, type FieldFamily, type FieldType } from './field-kinds.js';
import type { CustomField } from './fields.schemas.js';

/** A family's table: where its items keep their values (`data` → data_objects). */
export const familyTable = (family: string): string =>
  family === 'data' ? 'data_objects' : family === 'users' ? 'people' : family;

/** Whether items of the family (by its path, `/servers`) take custom fields. */
export const takesFields = (family: string): family is FieldFamily =>
  (FIELD_FAMILIES as readonly string[]).includes(family);

/** A definition as item writes read it. */
export interface ItemField extends FieldRules {
  label: string;
  /** Lists filter and sort by it (and it has an index: indexes.ts). */
  filterable: boolean;
  /** A list's `q` finds its values, and `__ic` reads them through the text index (search-text.ts). */
  searchable: boolean;
}

const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** A stored definition as the API shows it (it is also what item writes read: an ItemField). */
export function fieldRowToDto(row: FieldDefinitionsTable): CustomField {
  return {
    id: row.id,
    family: row.family as FieldFamily,
    name: row.name,
    label: row.label,
    description: row.description,
    type: row.type as FieldType,
    required: Boolean(row.required),
    default: parsed(row.default_value),
    choices: parsed(row.choices) as string[] | null,
    minimum: parsed(row.minimum),
    maximum: parsed(row.maximum),
    pattern: row.pattern,
    maxLength: row.max_length,
    referenceFamily: row.reference_family as FieldFamily | null,
    unique: Boolean(row.unique_values),
    group: row.group_name,
    order: row.position,
    filterable: Boolean(row.filterable),
    searchable: Boolean(row.searchable),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A family's fields in their order: by position, then name (sorted here: at most 64, read by their unique index). */
const inOrder = (a: { position: number; name: string }, b: { position: number; name: string }) =>
  a.position - b.position || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The family's fields in the workspace, in their order. */
export async function itemFieldsOf(db: Kysely<Tables>, workspaceId: string, family: string): Promise<ItemField[]> {
  if (!takesFields(family)) return [];
  const rows = await db
    .selectFrom('field_definitions')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('family', '=', family)
    .execute();
  return rows.sort(inOrder).map(fieldRowToDto);
}

/** The names of the family's fields in the workspace, in their order: the keys every item shows. */
export async function fieldNamesOf(db: Kysely<Tables>, workspaceId: string, family: string): Promise<string[]> {
  if (!takesFields(family)) return [];
  const rows = await db
    .selectFrom('field_definitions')
    .select(['name', 'position'])
    .where('workspace_id', '=', workspaceId)
    .where('family', '=', family)
    .execute();
  return rows.sort(inOrder).map((row) => row.name);
}

/**
 * The family's field names as one text (`position:name`, comma-separated, in no order: a name holds
 * no comma, FIELD_NAME), for a statement that reads them beside a page of items in one round trip;
 * `fieldNamesIn` reads them back in their order. The workspace is the subquery's one parameter.
 */
export function fieldNamesText(db: Kysely<Tables>, family: FieldFamily) {
  return db
    .selectFrom('field_definitions')
    .select(sql<string | null>`string_agg(cast(position as text) || ':' || name, ',')`.as('names'))
    .where('workspace_id', '=', '')
    .where('family', '=', sql.lit(family));
}

/** The names `fieldNamesText` read, in their order. */
export function fieldNamesIn(text: string | null): string[] {
  if (!text) return [];
  const fields = text.split(',').map((entry) => {
    const colon = entry.indexOf(':');
    return { position: Number(entry.slice(0, colon)), name: entry.slice(colon + 1) };
  });
  return fields.sort(inOrder).map((field) => field.name);
}

/** An item's stored values (`custom_fields`), as an object. */
export function storedValues(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string' || text === '' || text === '{}') return {};
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** What an item shows: each of the names with its stored value, null when unset. */
export function shownValues(names: readonly string[], stored: Record<string, unknown>): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const name of names) shown[name] = Object.hasOwn(stored, name) ? stored[name] : null;
  return shown;
}

const bad = (message: string) => new ApiError('bad_request', message);

/** A key as a message may quote it: short, and in quotes when it is no field name. */
function quoted(key: string): string {
  return /^[a-z][a-z0-9_]{0,49}$/.test(key) ? key : JSON.stringify(key.slice(0, 60));
}

/** A value as stored: text trimmed (blank text is unset), an empty list unset. */
function normalised(field: ItemField, value: unknown): unknown {
  if (typeof value === 'string' && (field.type === 'text' || field.type === 'longtext' || field.type === 'url')) {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (Array.isArray(value) && value.length === 0 && (field.type === 'multiselect' || field.type === 'multireference'))
    return null;
  return value;
}

/** A number JSON cannot hold (1e400 parses as Infinity), anywhere in a value. */
function nonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (Array.isArray(value)) return value.some(nonFinite);
  if (value && typeof value === 'object') return Object.values(value).some(nonFinite);
  return false;
}

export function canonical(field: Pick<ItemField, 'type'>, value: unknown): unknown {
  if (field.type === 'datetime' && typeof value === 'string') return new Date(value).toISOString();
  if (field.type === 'multireference' && Array.isArray(value)) return value.map((id: string) => id.toLowerCase());
  if (field.type === 'reference' && typeof value === 'string') return value.toLowerCase();
  return value;
}

/** What a write asks of an item's values. */
export interface ValuesWrite {
  trx: Kysely<Tables>;
  dialect: Dialect;
  workspaceId: string;
  /** The family's path name (`servers`, `data`). */
  family: string;
  /** The item being written. */
  id: string;
  /** The stored values before the write; undefined on create. */
  before: Record<string, unknown> | undefined;
  /** The body's `customFields`; undefined when the body has none. */
  input: unknown;
  /** The family's fields, when the caller has read them already (an import reads them once). */
  fields?: readonly ItemField[];
  /**
   * An item an agent reports (a router from an inventory): it gets defaults, but a required field
   * is the team's to fill, never a reason to refuse the agent's report.
   */
  reported?: boolean;
}

/**
 * The values an item stores after a write: the stored ones (defaults on create), with the body's
 * merged key by key (null clears). Refuses an unknown field, a value its field does not take or a
 * required field left unset (400, naming `customFields.<name>`); a reference to an item not in the
 * workspace, or a value a unique field holds on another item (422).
 */
export async function valuesToStore(write: ValuesWrite): Promise<Record<string, unknown>> {
  const { trx, workspaceId, family, input, before } = write;
  const fields = write.fields ?? (await itemFieldsOf(trx, workspaceId, family));
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input)))
    throw bad('customFields must be an object of field names and values');
  const given = (input ?? {}) as Record<string, unknown>;
  const byName = new Map(fields.map((field) => [field.name, field]));
  for (const key of Object.keys(given))
    if (!byName.has(key)) throw bad(`customFields.${quoted(key)}: ${family} have no such custom field`);

  const values: Record<string, unknown> = {};
  const changed: ItemField[] = [];
  for (const field of fields) {
    const { name } = field;
    const old = before && Object.hasOwn(before, name) ? before[name] : null;
    let value: unknown;
    if (Object.hasOwn(given, name)) {
      // As every request's text (http/input.ts): no NUL, no lone surrogate, also inside a JSON value,
      // which PostgreSQL's jsonb could not read back.
      const badText = findBadText(given[name], `customFields.${name}`);
      if (badText) throw bad(`${badText.path} ${badText.problem}`);
      if (nonFinite(given[name])) throw bad(`customFields.${name}: a number too large for JSON`);
      value = normalised(field, given[name]);
      const problem = valueProblem(field, value);
      if (problem) throw bad(`customFields.${name}: ${problem}`);
      value = canonical(field, value);
    } else value = before ? old : field.default;
    if (value === null || value === undefined) {
      // A create must give it; a change must not clear it (one left unset before may stay so).
      if (field.required && !write.reported && (!before || (Object.hasOwn(given, name) && old !== null)))
        throw bad(`customFields.${name}: required; ${field.label} needs a value`);
      continue;
    }
    values[name] = value;
    if (JSON.stringify(value) !== JSON.stringify(old)) changed.push(field);
  }
  for (const field of changed) await checkStored(write, field, values[field.name]);
  return values;
}

/** The checks of a new value that read other rows: the items a reference names, a unique value. */
async function checkStored(write: ValuesWrite, field: ItemField, value: unknown): Promise<void> {
  const { trx, dialect, workspaceId, family, id } = write;
  if (field.referenceFamily) {
    const ids = [...new Set(Array.isArray(value) ? (value as string[]) : [value as string])].filter(isUuid);
    if (ids.length === 0) return;
    const table = familyTable(field.referenceFamily);
    const found = await trx
      .selectFrom(table as 'servers')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', ids)
      .execute();
    if (found.length !== ids.length)
      throw new ApiError(
        'unprocessable_entity',
        `customFields.${field.name} names an item that is not one of this workspace's ${field.referenceFamily}`,
      );
  }
  if (field.unique) {
    const held =
      dialect === 'postgres'
        ? sql`(custom_fields::jsonb -> ${field.name}) = ${JSON.stringify(value)}::jsonb`
        : sql`json_extract(custom_fields, ${`$.${field.name}`}) = ${value}`;
    const { rows } = await sql<{ id: string }>`SELECT id FROM ${sql.table(familyTable(family))}
      WHERE workspace_id = ${workspaceId} AND id <> ${id} AND ${held} LIMIT 1`.execute(trx);
    if (rows.length > 0)
      throw new ApiError(
        'unprocessable_entity',
        `customFields.${field.name}: another of the workspace's ${family} holds ${JSON.stringify(value)} already; ` +
          `${field.label} is unique`,
      );
  }
}

/** An audit diff with its `customFields` change split into one change per field (`customFields.rack`). */
export function splitFieldChanges(changes: Changes): Changes {
  const change = changes.customFields;
  if (!change) return changes;
  const { customFields: _whole, ...rest } = changes;
  const before = (change.before ?? {}) as Record<string, unknown>;
  const after = (change.after ?? {}) as Record<string, unknown>;
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [old, next] = [before[name] ?? null, after[name] ?? null];
    if (JSON.stringify(old) !== JSON.stringify(next)) rest[`customFields.${name}`] = { before: old, after: next };
  }
  return rest;
}
