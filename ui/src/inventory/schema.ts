import type { Answer } from '../api/contract.js';
import { fieldLabel, valueLabel } from '../base/glossary.js';

/**
 * Reading the API's JSON schemas (served by /ui/api/families, made by the server's TypeBox
 * definitions) to draw columns, filters and form fields generically.
 */

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  readOnly?: boolean;
}

/** A family as the console reads it: the server's own type, with its schemas as JSON. */
/** A family as GET /ui/api/families answers it, its schemas read as JSON Schemas. */
export type ConsoleFamily = Omit<Answer<'/families', 'get'>[number], 'item' | 'create' | 'update' | 'listQuery'> & {
  item: JsonSchema;
  create?: JsonSchema;
  update?: JsonSchema;
  listQuery: JsonSchema;
};

export type FieldKind =
  | 'text'
  | 'longtext'
  | 'enum'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'uuid'
  | 'uuids'
  | 'strings'
  | 'json';

/** The schema without its `| null` (`type: [T, 'null']`, or an anyOf), and whether null is allowed. */
export function unwrapNull(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const types = schema.type.filter((type) => type !== 'null');
    const values = schema.enum?.filter((value) => value !== null);
    return {
      schema: { ...schema, type: types.length === 1 ? types[0] : types, ...(values ? { enum: values } : {}) },
      nullable: true,
    };
  }
  if (schema.anyOf) {
    const others = schema.anyOf.filter((option) => option.type !== 'null');
    if (others.length === 1 && others.length < schema.anyOf.length)
      return { schema: { ...others[0]!, description: schema.description ?? others[0]!.description }, nullable: true };
  }
  return { schema, nullable: false };
}

export function enumValues(schema: JsonSchema): string[] | undefined {
  if (schema.enum) return schema.enum.filter((value) => value !== null).map(String);
  // A list's sort: its named values, or a custom field's (`cf_<name>`, a pattern).
  for (const option of schema.anyOf ?? []) {
    const values = enumValues(option);
    if (values) return values;
  }
  return undefined;
}

export function kindOf(raw: JsonSchema): FieldKind {
  const { schema } = unwrapNull(raw);
  if (schema.enum) return 'enum';
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'boolean') return 'boolean';
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'number';
  if (type === 'array') {
    if (schema.items?.format === 'uuid') return 'uuids';
    return schema.items?.type === 'string' ? 'strings' : 'json';
  }
  if (type === 'string') {
    if (schema.format === 'date') return 'date';
    if (schema.format === 'date-time') return 'datetime';
    if (schema.format === 'uuid') return 'uuid';
    return (schema.maxLength ?? 0) > 500 ? 'longtext' : 'text';
  }
  return 'json';
}

/** A field's label, from the console's glossary (`cidr` → `CIDR`, `memoryMb` → `Memory (MB)`). */
export function labelOf(field: string): string {
  return fieldLabel(field);
}

const LONG_TEXT = new Set(['description', 'notes', 'body']);

/** The columns a list shows before the person chooses: the name and a few short fields. */
export function defaultColumns(family: ConsoleFamily): string[] {
  const properties = Object.entries(family.item.properties ?? {});
  const short = properties.filter(([field, schema]) => {
    if (field === 'id' || LONG_TEXT.has(field) || field.endsWith('Ids')) return false;
    return !['json', 'uuids', 'longtext'].includes(kindOf(schema));
  });
  const names = short.map(([field]) => field);
  const first = names.includes('name') ? ['name'] : names.slice(0, 1);
  return [...first, ...names.filter((field) => !first.includes(field) && !field.endsWith('Id'))].slice(0, 6);
}

/** A value as the console shows it in a list or a detail page. */
export function display(value: unknown, raw: JsonSchema): string {
  if (value === null || value === undefined || value === '') return '—';
  const kind = kindOf(raw);
  if (kind === 'boolean') return value ? 'yes' : 'no';
  if (kind === 'datetime' && typeof value === 'string')
    return new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  if (kind === 'enum' && typeof value === 'string') return valueLabel(value);
  if (Array.isArray(value))
    return value.length === 0
      ? '—'
      : value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
