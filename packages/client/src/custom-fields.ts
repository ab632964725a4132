/**
 * A family's custom fields, as the workspace defines them: `customFields` of an item is typed as a
 * record by the API; `customFieldsOf` reads the family's definitions and JSON Schema once, checks
 * that the fields a program expects are there with the types it expects, and then gives their
 * values typed (`read`) and checks values before they are sent (`problems`).
 */
import type { EstateClient } from './client.js';
import type { paths } from './schema.js';

/** A definition, as GET /custom-fields lists it. */
export type CustomFieldDefinition =
  paths['/custom-fields']['get']['responses'][200]['content']['application/json']['data'][number];
type Definition = CustomFieldDefinition;

/** Each field type and the value an item holds for it (null when unset). */
export interface FieldValues {
  text: string;
  longtext: string;
  integer: number;
  decimal: number;
  boolean: boolean;
  date: string;
  datetime: string;
  url: string;
  json: unknown;
  select: string;
  multiselect: string[];
  reference: string;
  multireference: string[];
}

export type FieldType = keyof FieldValues;

/** The families whose items take custom fields, by their path. */
export type FieldFamily =
  | 'categories'
  | 'teams'
  | 'applications'
  | 'servers'
  | 'networks'
  | 'routers'
  | 'workstations'
  | 'data'
  | 'contracts'
  | 'flows'
  | 'announcements';

/** The values of the expected fields, typed: `{ rack_unit: 'integer' }` gives `{ rack_unit: number | null }`. */
export type ValuesOf<Expected extends Record<string, FieldType>> = {
  [Name in keyof Expected]: FieldValues[Expected[Name]] | null;
};

/** A field's JSON Schema, as GET /custom-fields/schema answers it (the keywords checked here). */
interface ValueSchema {
  type?: string | string[];
  enum?: unknown[];
  items?: ValueSchema;
  minimum?: number;
  maximum?: number;
  formatMinimum?: string;
  formatMaximum?: string;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  uniqueItems?: boolean;
  not?: unknown;
}

export interface CustomFieldsOf<Expected extends Record<string, FieldType>> {
  /** The family's definitions in the workspace, in their order. */
  definitions: Definition[];
  /** An item's values of the expected fields, typed (an item read before a field was defined has it as null). */
  read(item: { customFields?: Record<string, unknown> }): ValuesOf<Expected>;
  /** What the server would refuse in `values` (a create's or a change's `customFields`), by field; empty when none. */
  problems(values: Record<string, unknown>, options?: { create?: boolean }): string[];
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Why `value` does not fit `schema` (the subset of JSON Schema a field's schema uses). */
function problemOf(schema: ValueSchema, value: unknown): string | undefined {
  if (schema.not !== undefined && value === null) return 'must have a value';
  const types = schema.type === undefined ? undefined : [schema.type].flat();
  const actual = typeOf(value);
  if (types && !types.includes(actual) && !(actual === 'integer' && types.includes('number')))
    return `must be ${types.filter((type) => type !== 'null').join(' or ')}`;
  if (value === null) return undefined;
  if (schema.enum && !schema.enum.includes(value)) return `must be one of ${schema.enum.filter(Boolean).join(', ')}`;
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return `must be at least ${schema.minimum}`;
    if (schema.maximum !== undefined && value > schema.maximum) return `must be at most ${schema.maximum}`;
  }
  if (typeof value === 'string') {
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength)
      return `must be at most ${schema.maxLength} characters`;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value))
      return `must match ${schema.pattern}`;
    if (schema.formatMinimum !== undefined && value < schema.formatMinimum)
      return `must be at least ${schema.formatMinimum}`;
    if (schema.formatMaximum !== undefined && value > schema.formatMaximum)
      return `must be at most ${schema.formatMaximum}`;
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      return `must hold at most ${schema.maxItems} items`;
    if (schema.uniqueItems && new Set(value).size !== value.length) return 'must not repeat an item';
    for (const one of value) {
      const inner = schema.items && problemOf(schema.items, one);
      if (inner) return `each item ${inner}`;
    }
  }
  return undefined;
}

/**
 * Reads a family's custom fields once and checks the expected ones (name → type) are defined with
 * those types; throws a TypeError naming what differs, so a program fails on start, not on a value.
 */
export async function customFieldsOf<Expected extends Record<string, FieldType>>(
  client: EstateClient,
  family: FieldFamily,
  expected: Expected,
): Promise<CustomFieldsOf<Expected>> {
  const [list, schema] = (await Promise.all([
    client.get('/custom-fields', { params: { query: { family } } }),
    client.get('/custom-fields/schema', { params: { query: { family } } }),
  ])) as [{ data: Definition[] }, { properties: Record<string, ValueSchema>; required: string[] }];
  const byName = new Map(list.data.map((definition) => [definition.name, definition]));
  const differences = Object.entries(expected).flatMap(([name, type]) => {
    const found = byName.get(name);
    if (!found) return [`${family} have no custom field ${name}`];
    return found.type === type ? [] : [`${family}.${name} is ${found.type}, not ${type}`];
  });
  if (differences.length > 0) throw new TypeError(`customFieldsOf: ${differences.join('; ')}`);
  return {
    definitions: list.data,
    read(item) {
      const values = item.customFields ?? {};
      return Object.fromEntries(
        Object.keys(expected).map((name) => [name, values[name] ?? null]),
      ) as ValuesOf<Expected>;
    },
    problems(values, options = {}) {
      const found: string[] = [];
      for (const [name, value] of Object.entries(values)) {
        const field = schema.properties[name];
        if (!field) found.push(`customFields.${name}: ${family} have no such custom field`);
        else {
          const problem = problemOf(field, value);
          if (problem) found.push(`customFields.${name}: ${problem}`);
        }
      }
      if (options.create)
        for (const name of schema.required)
          if (values[name] === undefined && (schema.properties[name] as { default?: unknown }).default === undefined)
            found.push(`customFields.${name}: required`);
      return found;
    },
  };
}
