/**
 * The columns of a family's import and export files, derived from its definition: its item's fields
 * under their API names, references and relations by the names of what they point at (`category`,
 * `applications`), and its links as lists of names (`tags`, `owners` by e-mail).
 */
import type { TObject, TSchema } from 'typebox';
import type { ItemField } from '../../base/custom-fields/values.js';
import type { Family, Link, Reference, Relation } from '../../base/resources/family.js';

export type Column =
  | { kind: 'id'; header: 'id' }
  /** A field of the item; `writable` when a create or update body may set it. */
  | { kind: 'field'; header: string; field: string; writable: boolean; shape: Shape }
  /** A single reference: by id in its API field, or by name in `header` (the field without `Id`). */
  | { kind: 'reference'; header: string; field: string; target: string }
  /** An id array kept in a link table: ids in its API field, or names in `header`. */
  | { kind: 'relation'; header: string; field: string; target: string }
  /** A link of the family (its own link routes): names or ids. */
  | { kind: 'link'; header: string; link: Link; target: string }
  /** The item's custom field values as one object (`customFields`): JSON files. */
  | { kind: 'values'; header: 'customFields' }
  /** One custom field's value (`cf_<name>`): CSV files, and JSON rows that name it so. */
  | { kind: 'value'; header: string; field: ItemField };

/** What a value of a field looks like, to read it from CSV text. */
export interface Shape {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'unknown';
  nullable: boolean;
}

/** The shape of a schema: its type, and whether null is allowed (`OrNull`, `Clearable`). */
export function shapeOf(schema: TSchema | undefined): Shape {
  const node = schema as { type?: string | string[] } | undefined;
  if (!node) return { type: 'unknown', nullable: false };
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
  const nullable = Array.isArray(node.type) && node.type.includes('null');
  if (type === 'string' || type === 'integer' || type === 'number' || type === 'boolean' || type === 'array')
    return { type, nullable };
  return { type: 'unknown', nullable };
}

/** `categoryId` → `category`, `applicationIds` → `applications`. */
export function nameHeader(field: string): string {
  if (field.endsWith('Ids')) return `${field.slice(0, -3)}s`;
  if (field.endsWith('Id')) return field.slice(0, -2);
  return field;
}

const properties = (schema: TObject) => schema.properties as Record<string, TSchema>;

/**
 * Every column of a family's files, in export order: id, the item's fields, its links, then its
 * custom fields (`fields`, the workspace's) as one object and one column each.
 */
export function columnsOf(family: Family, fields: readonly ItemField[] = []): Column[] {
  const { definition } = family;
  const item = properties(definition.schemas.item);
  const writable = new Set([
    ...Object.keys(properties(definition.schemas.create)),
    ...Object.keys(properties(definition.schemas.update)),
  ]);
  const references = new Map<string, Reference>((definition.references ?? []).map((r) => [r.field, r]));
  const relations = new Map<string, Relation>((definition.relations ?? []).map((r) => [r.field, r]));
  const columns: Column[] = [{ kind: 'id', header: 'id' }];
  for (const [field, schema] of Object.entries(item)) {
    if (field === 'id' || field === 'customFields') continue;
    const reference = references.get(field);
    const relation = relations.get(field);
    if (reference)
      columns.push({ kind: 'reference', header: nameHeader(field), field, target: reference.target.table });
    else if (relation)
      columns.push({ kind: 'relation', header: nameHeader(field), field, target: relation.target.table });
    else columns.push({ kind: 'field', header: field, field, writable: writable.has(field), shape: shapeOf(schema) });
  }
  for (const link of definition.links ?? [])
    columns.push({ kind: 'link', header: link.segment, link, target: link.child.table });
  columns.push({ kind: 'values', header: 'customFields' });
  for (const field of fields) columns.push({ kind: 'value', header: `cf_${field.name}`, field });
  return columns;
}

/** The headers of a CSV export: every column but the values object (its fields have a column each). */
export function csvHeaders(columns: Column[]): string[] {
  return columns.filter((column) => column.kind !== 'values').map((column) => column.header);
}

/** The columns of a JSON export's records: every column but the fields' own (the values object holds them). */
export function recordHeaders(columns: Column[]): string[] {
  return columns.filter((column) => column.kind !== 'value').map((column) => column.header);
}

/**
 * The column a file's header names: an export's header, or a reference or relation by its API field
 * (ids rather than names). Undefined for a header the family does not know.
 */
export function columnForHeader(columns: Column[], header: string): { column: Column; byId: boolean } | undefined {
  for (const column of columns) {
    if (column.header === header) return { column, byId: column.kind === 'id' };
    if ((column.kind === 'reference' || column.kind === 'relation') && column.field === header)
      return { column, byId: true };
  }
  return undefined;
}
