/**
 * The one definition of an inventory family: its schemas, its field ↔ column map (used for DTOs,
 * column writes, defaults, audit diffs and messages), its sorts and filters (from which the list
 * query schema is generated), its links and references to other families, and its nouns. CRUD
 * (crud.ts), link routes (links.ts), the OpenAPI document and the clean-up when something it
 * refers to goes away (dependents.ts) all read it; nothing about a family is written twice.
 */
import type { Kysely } from 'kysely';
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import type { AuditCategory, AuditResourceType } from '../audit/audit.types.js';
import type { Tables } from '../db/schema.js';
import { describedSearch, type StorageOf, storageWith, type TableStorage } from '../db/storage.js';
import { fold } from '../db/text-search.js';
import { DateTime, Uuid } from '../http/schemas.js';
import { withRanks, type Filter } from '../lists/filters.js';
import { listQuerySchema, offsetListSchema, type Sort } from '../lists/offset.js';
import { FIELD_LIST_PARAMETERS } from '../custom-fields/list-terms.js';
import { storedValues } from '../custom-fields/values.js';

/** How an API field is stored: its column and, when they differ, the conversions both ways. */
export interface Field {
  /** Default: the field's name in snake_case. */
  column?: string;
  /** Column value → API value (default: as stored). */
  read?(value: unknown): unknown;
  /** API value → column value (default: strings trimmed); may throw a 400 ApiError. */
  write?(value: unknown): unknown;
  /** API value of the field when a create body omits it (default null: unknown stays unknown). */
  default?: unknown;
  /** A column that also keeps the value case-folded, for exact case-insensitive filters on a plain index. */
  foldedInto?: string;
  /** The column the field sorts by when it is not the field's own (a network's cidr sorts by its numeric key). */
  sortColumn?: string;
  /** The sort column holds no value for some rows, though the field always has one (no address: no key). */
  sortNullable?: true;
  /**
   * How SQLite writes the field's value as JSON where `read` converts it (item-json.ts):
   * `boolean` for 0/1, `json` for JSON text. A field with a `read` and none of these keeps the
   * family's pages to the serializer.
   */
  json?: 'boolean' | 'json';
}

/**
 * A field as SQLite writes it into an item's JSON text (item-json.ts): `value` as stored, `boolean`
 * 0/1 as false/true, `json` JSON text as it is.
 */
export interface JsonField {
  field: string;
  column: string;
  as: 'value' | 'boolean' | 'json';
}

/** The column of an API field by the naming rule: `osVersion` → `os_version`. */
export const snakeCase = (field: string): string => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A boolean kept as 0/1 (SQLite has no boolean type). */
export const booleanColumn = (defaultValue = false): Field => ({
  json: 'boolean',
  read: (value) => Boolean(value),
  write: (value) => (value ? 1 : 0),
  default: defaultValue,
});

/** A string array kept as JSON text; `normalise` validates and canonicalises it on write. */
export const jsonArrayColumn = (normalise: (items: string[]) => string[] = (items) => items): Field => ({
  json: 'json',
  read: (value) => JSON.parse(String(value)) as string[],
  write: (value) => JSON.stringify(normalise((value as string[] | null) ?? [])),
  default: [],
});

/** A decimal (PostgreSQL numeric arrives as text). */
export const numberColumn = (): Field => ({
  read: (value) => (value === null || value === undefined ? null : Number(value)),
});

/** The singular and plural nouns of a family, used in operation ids, summaries and messages. */
export interface Nouns {
  one: string;
  many: string;
}

/** An id-array field kept in a link table (`applicationIds` of a contract), replaced on write. */
export interface Relation {
  field: string;
  table: string;
  ownColumn: string;
  otherColumn: string;
  /** The family the ids belong to (same workspace), else 422. */
  target: Referable;
}

/** What happens to a row when the row one of its fields refers to is deleted. */
export type OnTargetDelete = 'clear' | 'delete' | 'refuse';

/** A single-id field referring to a row of another (or the same) family. */
export interface Reference {
  field: string;
  target: Referable;
  onDelete: OnTargetDelete;
}

/** The little every family exposes to others that refer to or link it. */
export interface Referable {
  table: string;
  nouns: Nouns;
}

/**
 * The child side of a link: how to find one child, list a parent's children and show them. Plain
 * families provide it through `linkableFamily`; users (people joined through memberships) and
 * tags bring their own.
 */
export interface Linkable<Row = unknown, Dto = unknown> extends Referable {
  /** The read scope of the child's family, also required to list it under a parent. */
  readScope: string;
  item: TSchema;
  toDto(row: Row): Dto;
  /** Items of rows with what `toDto` cannot know alone (a family's custom fields in the workspace). */
  toDtos?(db: Kysely<Tables>, workspaceId: string, rows: Row[]): Promise<Dto[]>;
  find(db: Kysely<Tables>, workspaceId: string, id: string): Promise<Row | undefined>;
  /** The children linked to `parentId` through `link`, in display order. */
  listLinked(db: Kysely<Tables>, workspaceId: string, link: LinkTable, parentId: string): Promise<Row[]>;
}

export interface LinkTable {
  table: string;
  parentColumn: string;
  childColumn: string;
}

/** A link of the family to another, declared once on the family that owns the link routes. */
export interface Link extends LinkTable {
  /** Path segment and audit field: `tags`, `owners`. */
  segment: string;
  /** Path parameter of the child id: `tagId`, `userId`. */
  param: string;
  child: Linkable;
  /** The same link seen from the child (a family): its segment and parameter, and whether it may change it. */
  reverse?: { segment: string; param: string; readOnly?: boolean };
}

export type FamilyTable = {
  [T in keyof Tables]: Tables[T] extends { workspace_id: string; id: string } ? T : never;
}[keyof Tables];

/** Context of a business rule checked inside the write transaction. */
export interface RuleContext<Row> {
  trx: Kysely<Tables>;
  workspaceId: string;
  /** The stored row; undefined on create. */
  before: Row | undefined;
  /** The row as it would be written; a rule may fill derived columns. */
  next: Row;
}

export interface FamilyDefinition<T extends FamilyTable = FamilyTable, Item extends TObject = TObject> {
  table: T;
  /** The singular noun; the plural is the table's name in words (`data_objects` → `data objects`). */
  noun: string;
  /** The collection path, also the family's OpenAPI tag (without the slash). Default: the table's name, kebab-case. */
  path?: string;
  description: string;
  /** Default: the singular noun in snake_case (`data object` → `data_object`). */
  resourceType?: AuditResourceType;
  /** Default: inventory. */
  auditCategory?: AuditCategory;
  /** Scope family, `<scopeFamily>:read|add|edit|delete`. Default: the path's name (`/data` → `data`). */
  scopeFamily?: string;
  /** Actions of its scope family besides read, add, edit and delete, given to the write role (`comment`). */
  scopeActions?: readonly string[];
  schemas: { item: Item; create: TObject; update: TObject };
  /**
   * How fields are stored where it differs from the rule: every property of the item schema (but
   * relation id arrays) is a column named in snake_case (`osVersion` → `os_version`), stored as
   * the API has it. Listed here: other columns, conversions and documented defaults.
   */
  fields?: Record<string, Field>;
  /** The field that names a row in audit events and messages (default name). */
  nameField?: string;
  /** The change-tracking field (docs/api.md), moved on every change (default: updatedAt, when the item has it). */
  trackingField?: string;
  /** Fields the list sorts by: by the field's column, an enum in its declared order (its meaning). */
  sorts: readonly string[];
  /** Default name. */
  defaultSort?: string;
  filters?: Record<string, Filter>;
  relations?: Relation[];
  references?: Reference[];
  links?: Link[];
  /** Business rules (→ 422) checked inside the write transaction. */
  check?(context: RuleContext<Tables[T]>): Promise<void>;
  /** Runs before a delete inside its transaction: refuse (422) or release what cascades cannot. */
  beforeDelete?(trx: Kysely<Tables>, workspaceId: string, row: Tables[T]): Promise<void>;
  /** Extra OpenAPI text for PATCH and DELETE. */
  texts?: { update?: string; delete?: string };
  /**
   * The storage facts of the family's tables (its own and its link tables) where the service's do
   * not declare them (db/storage.ts): a family defined outside the service brings them here.
   */
  storage?: Readonly<Record<string, TableStorage>>;
}

/** A definition with its defaults filled in. */
type Resolved<Definition> = Definition & {
  nouns: Nouns;
  path: string;
  scopeFamily: string;
  resourceType: AuditResourceType;
  auditCategory: AuditCategory;
  /** Columns `q` searches (the table's searched columns, db/storage.ts); its description names them. */
  search: readonly string[];
  /** The storage facts of the family's table. */
  facts: TableStorage;
  /** The storage facts of the family's tables and the service's (its own first). */
  storageOf: StorageOf;
};

/** A family as the rest of the service reads it: the definition and what is derived from it once. */
export interface Family<T extends FamilyTable = FamilyTable, Item extends TObject = TObject> {
  definition: Resolved<FamilyDefinition<T, Item>>;
  /** Sort name → column or ranked column, for listPage. */
  sorts: Record<string, Sort>;
  toDto(row: Tables[T]): Static<Item>;
  /** The columns `toDto` reads, id first: what a page of items selects. */
  itemColumns: readonly string[];
  /**
   * The item's fields but its last, `customFields`, as SQLite writes them into its JSON text
   * (item-json.ts), in the item's order; undefined where one cannot be (a relation, a decimal).
   */
  jsonFields: readonly JsonField[] | undefined;
  /** The columns of the fields present in a body; absent fields are left out (a PATCH keeps them). */
  toColumns(input: Record<string, unknown>): Partial<Tables[T]>;
  /** Columns of a new row before the body applies: each field's documented default, else null. */
  defaults(): Partial<Tables[T]>;
  trackingColumn: string | undefined;
  openApiTag: string;
  defaultSort: string;
  /** The column of an API field. */
  columnOf(field: string): string;
  /** What names a row in audit events. */
  nameOf(row: Tables[T]): string;
  /** Fields left out of audit diffs: identity, creation and the tracking field itself. */
  untracked: string[];
  listQuery: TObject;
  /** The offset list envelope around the item schema. */
  list: ReturnType<typeof offsetListSchema<Item>>;
}

/** Defines a family (type-checked against its table) and derives what the rest of the service reads. */
export function defineFamily<T extends FamilyTable, Item extends TObject>(
  definition: FamilyDefinition<T, Item>,
): Family<T, Item> {
  type Row = Tables[T];
  const schemas = titled(withCustomFields(definition.schemas), componentName(definition.noun));
  definition = { ...definition, schemas: schemas as typeof definition.schemas };
  const relationFields = new Set((definition.relations ?? []).map((relation) => relation.field));
  const fields: Record<string, Field & { column: string }> = Object.fromEntries(
    Object.keys(definition.schemas.item.properties)
      .filter((field) => !relationFields.has(field))
      .map((field) => [field, { column: snakeCase(field), ...(FIELD_STORAGE[field] ?? definition.fields?.[field]) }]),
  );
  const entries = Object.entries(fields);
  const trackingField = definition.trackingField ?? ('updatedAt' in fields ? 'updatedAt' : undefined);
  const trackingColumn = trackingField ? fields[trackingField]!.column : undefined;
  const nameColumn = fields[definition.nameField ?? 'name']!.column;
  const asRecord = (row: Row) => row as unknown as Record<string, unknown>;
  const path = definition.path ?? `/${definition.table.replaceAll('_', '-')}`;
  const storageOf = storageWith(definition.storage);
  const facts = storageOf(definition.table) ?? {};
  const columnOf = (field: string) => fields[field]?.column ?? snakeCase(field);
  const sortOf = (field: string): Sort => {
    const column = fields[field]?.sortColumn ?? columnOf(field);
    const schema = definition.schemas.item.properties[field];
    const ranks = enumValues(schema);
    const nullable = isNullable(schema) || fields[field]?.sortNullable === true;
    return ranks || nullable ? { column, ...(ranks && { ranks }), ...(nullable && { nullable }) } : column;
  };

  const sorts: Record<string, Sort> = Object.fromEntries(definition.sorts.map((field) => [field, sortOf(field)]));
  const resolved = {
    ...definition,
    filters: definition.filters && copiedFilters(rankedFilters(definition.filters, Object.values(sorts)), storageOf),
    nouns: { one: definition.noun, many: definition.table.replaceAll('_', ' ') },
    path,
    scopeFamily: definition.scopeFamily ?? path.slice(1),
    resourceType: definition.resourceType ?? (definition.noun.replaceAll(' ', '_') as AuditResourceType),
    auditCategory: definition.auditCategory ?? 'inventory',
    search: facts.searched ?? [],
    facts,
    storageOf,
  };
  return {
    definition: resolved,
    sorts,
    trackingColumn,
    openApiTag: path.slice(1),
    defaultSort: definition.defaultSort ?? 'name',
    columnOf,
    toDto: dtoBuilder(entries, definition.relations ?? []) as (row: Row) => Static<Item>,
    itemColumns: [...new Set(['id', ...entries.map(([, spec]) => spec.column)])],
    jsonFields: jsonFieldsOf(entries, relationFields.size > 0),
    toColumns(input) {
      const columns: Record<string, unknown> = {};
      for (const [field, spec] of entries) {
        if (!(field in input)) continue;
        const value = input[field];
        const stored =
          value === null ? null : spec.write ? spec.write(value) : typeof value === 'string' ? value.trim() : value;
        columns[spec.column] = stored;
        if (spec.foldedInto) columns[spec.foldedInto] = stored === null ? null : fold(String(stored));
      }
      return columns as Partial<Row>;
    },
    defaults() {
      const columns: Record<string, unknown> = {};
      for (const [field, spec] of entries) {
        if (field === 'id' || spec.column === 'created_at' || spec.column === trackingColumn) continue;
        const value = spec.default ?? null;
        columns[spec.column] = value !== null && spec.write ? spec.write(value) : value;
        if (spec.foldedInto) columns[spec.foldedInto] = value === null ? null : fold(String(value));
      }
      return columns as Partial<Row>;
    },
    nameOf: (row) => String(asRecord(row)[nameColumn] ?? asRecord(row).id),
    untracked: ['id', 'createdAt', ...(trackingField ? [trackingField] : [])],
    listQuery: listQuerySchema(
      Object.fromEntries(
        Object.entries(definition.filters ?? {}).map(([name, filter]) => [name, Type.Optional(filter.schema)]),
      ),
      definition.sorts,
      searchDescription(describedSearch(facts)),
      { patterns: FIELD_LIST_PARAMETERS },
    ),
    list: offsetListSchema(
      definition.schemas.item,
      `Offset list of ${resolved.nouns.many}.`,
      `${componentName(definition.noun)}List`,
    ),
  };
}

/** The fields as item-json.ts writes them: every one but `customFields` (the last), or undefined (JsonField). */
function jsonFieldsOf(entries: [string, Field & { column: string }][], relations: boolean): JsonField[] | undefined {
  const last = entries.at(-1);
  if (relations || last?.[0] !== 'customFields') return undefined;
  const fields: JsonField[] = [];
  for (const [field, spec] of entries.slice(0, -1)) {
    if (spec.read && !spec.json) return undefined;
    fields.push({ field, column: spec.column, as: spec.json ?? 'value' });
  }
  return fields;
}

/**
 * A family's row → item function, generated once from its fields: an object literal of
 * the fields in the item's order, each read from its column (through the field's `read` where it
 * has one), relation id arrays empty (filled by the caller). Names are written as JSON strings.
 */
function dtoBuilder(entries: [string, Field & { column: string }][], relations: Relation[]) {
  const reads = entries.map(([, spec]) => spec.read);
  const properties = entries.map(([field, spec], index) => {
    const value = `row[${JSON.stringify(spec.column)}]`;
    return `${JSON.stringify(field)}: ${spec.read ? `reads[${index}](${value})` : value}`;
  });
  for (const relation of relations) properties.push(`${JSON.stringify(relation.field)}: []`);
  const build = new Function('reads', 'row', `return { ${properties.join(', ')} };`);
  return (row: unknown) => build(reads, row) as Record<string, unknown>;
}

/** How every family keeps its items' custom field values: one JSON object (custom-fields/values.ts). */
const FIELD_STORAGE: Record<string, Field> = {
  customFields: {
    column: 'custom_fields',
    read: storedValues,
    write: (value) => JSON.stringify(value ?? {}),
    default: {},
  },
};

const CUSTOM_FIELDS_TEXT =
  'The workspace’s own fields of this family (GET /custom-fields): every one defined, null when unset.';

/**
 * A family's schemas with `customFields`: on the item (every field, null when unset), and on the
 * create and update bodies (an object of field names; a change merges it key by key, null clears).
 * What each field takes is the workspace's to say (GET /custom-fields/schema), checked on write.
 */
function withCustomFields<Schemas extends { item: TObject; create: TObject; update: TObject }>(schemas: Schemas) {
  if ('customFields' in schemas.item.properties) return schemas;
  const values = (title: string, description: string) =>
    Type.Object({}, { title, additionalProperties: true, description, examples: [{ cost_centre: '4711' }] });
  const extended = (schema: TObject, values: TObject, optional: boolean) =>
    Type.Object(
      { ...schema.properties, customFields: optional ? Type.Optional(values) : values },
      { ...schemaOptions(schema) },
    );
  return {
    ...schemas,
    item: extended(schemas.item, values('CustomFieldValues', CUSTOM_FIELDS_TEXT), false),
    create: extended(
      schemas.create,
      values(
        'CustomFieldValuesCreate',
        'Values of the workspace’s custom fields by name; fields left out take their default.',
      ),
      true,
    ),
    update: extended(
      schemas.update,
      values(
        'CustomFieldValuesPatch',
        'Values to change by field name, merged into the stored ones; null clears a field.',
      ),
      true,
    ),
  };
}

/** The name of a family's schemas in the API document's components: `data object` → `DataObject`. */
export function componentName(noun: string): string {
  return noun.replace(/(^|[-_ ])(\w)/g, (_, __, c: string) => c.toUpperCase());
}

/**
 * A family's schemas titled `<Name>`, `<Name>Create` and `<Name>Patch`: the API document names
 * them once in its components (http/components.ts). A title changes neither validation nor output.
 */
function titled<Schemas extends { item: TObject; create: TObject; update: TObject }>(schemas: Schemas, name: string) {
  return {
    ...schemas,
    item: withTitle(schemas.item, name),
    create: withTitle(schemas.create, `${name}Create`),
    update: withTitle(schemas.update, `${name}Patch`),
  };
}

/** The same object schema with a title. */
export function withTitle<Schema extends TObject>(schema: Schema, title: string): Schema {
  return Type.Object(schema.properties, { ...schemaOptions(schema), title }) as unknown as Schema;
}

/** A schema's own keywords (description, additionalProperties…) without its properties and required list. */
function schemaOptions(schema: TObject): Record<string, unknown> {
  const {
    properties: _properties,
    required: _required,
    type: _type,
    ...options
  } = schema as unknown as Record<string, unknown>;
  return options;
}

/** A field some items hold no value in (`OrNull(…)`: `type: [T, 'null']`). */
function isNullable(schema: TSchema | undefined): boolean {
  const { type } = (schema ?? {}) as { type?: unknown };
  return Array.isArray(type) && type.includes('null');
}

/** The values of an enum schema, null left out (`OrNull(Type.Enum(…))` allows it too). */
function enumValues(schema: TSchema | undefined): readonly string[] | undefined {
  const values = (schema as { enum?: unknown[] } | undefined)?.enum;
  return values?.filter((value): value is string => typeof value === 'string');
}

const SEARCH_WORDS: Record<string, string> = {
  cidr: 'CIDR',
  ip_addresses: 'IP addresses',
  management_ip: 'management address',
  email: 'e-mail',
  custom_search: 'searchable custom fields',
};

/** "Case-insensitive text in the name, vendor or description.": what `q` searches, in words. */
export function searchDescription(columns: readonly string[]): string {
  const words = columns
    .map((column) => column.replace(/^\w+\./, ''))
    .map((column) => SEARCH_WORDS[column] ?? column.replaceAll('_', ' '));
  const listed = words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words[0];
  return `Case-insensitive text in the ${listed}.`;
}

/**
 * The create and update bodies of a family, both strict: `required` fields are required on create
 * and optional on update; `optional` fields are optional on both.
 */
export function writeSchemas<Required extends TProperties, Optional extends TProperties>(
  required: Required,
  optional: Optional,
) {
  return {
    create: Type.Object({ ...required, ...optional }, { additionalProperties: false }),
    update: Type.Object(
      { ...Type.Partial(Type.Object(required)).properties, ...optional },
      { additionalProperties: false },
    ),
  };
}

/**
 * A family's item schema: its id, its own properties, its creation instant and its change-tracking
 * `updatedAt` (docs/api.md, "Resources"), in that order.
 */
export function itemSchema<Properties extends TProperties>(
  noun: string,
  properties: Properties,
  description: string,
  updatedAt = 'Change-tracking field: moves on every change.',
) {
  return Type.Object(
    {
      id: Uuid(`${noun} id.`),
      ...properties,
      createdAt: DateTime('Creation instant.'),
      updatedAt: DateTime(updatedAt),
    },
    { description },
  );
}

/**
 * Filters with each link filter whose link rows keep copies of the listed rows' columns beside
 * their name (`alongside` in db/storage.ts) knowing them (FilterLink.copies), so that an equality
 * filter on such a column is answered in the link's index (lists/matching.ts linkCopies).
 */
function copiedFilters(filters: Record<string, Filter>, storageOf: StorageOf): Record<string, Filter> {
  return Object.fromEntries(
    Object.entries(filters).map(([name, filter]) => {
      const copy = filter.link && storageOf(filter.link.table)?.nameCopy;
      if (!copy?.alongside || copy.by !== filter.link!.otherColumn) return [name, filter];
      return [name, { ...filter, link: { ...filter.link!, copies: copy.alongside } }];
    }),
  );
}

/**
 * Filters with each equality filter on an enum column sorted by its ranks also written on the
 * sort's rank (Filter.ranked), so that the sort's index serves it where rows are probed by id.
 */
function rankedFilters(filters: Record<string, Filter>, sorts: readonly Sort[]): Record<string, Filter> {
  const ranksOf = new Map<string, readonly string[]>();
  for (const sort of sorts)
    if (typeof sort === 'object' && 'ranks' in sort && sort.ranks) ranksOf.set(sort.column, sort.ranks);
  return Object.fromEntries(
    Object.entries(filters).map(([name, filter]) => {
      const ranks = filter.equals ? ranksOf.get(filter.equals) : undefined;
      return [name, ranks ? withRanks(filter, ranks) : filter];
    }),
  );
}
