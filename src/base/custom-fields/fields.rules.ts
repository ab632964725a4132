/**
 * What a custom field's type allows: the settings a definition may hold for it, and whether a
 * value fits it. A definition is checked whole (after a change is applied), so that no change can
 * leave a field whose settings contradict its type.
 */
import safeRegex from 'safe-regex2';
import { ApiError } from '../errors/api-error.js';
import type { FieldType } from './fields.schemas.js';

/** A definition as the rules read it (the API's shape, without identity and times). */
export interface FieldRules {
  name: string;
  type: FieldType;
  required: boolean;
  default: unknown;
  choices: string[] | null;
  minimum: unknown;
  maximum: unknown;
  pattern: string | null;
  maxLength: number | null;
  referenceFamily: string | null;
  unique: boolean;
}

const TEXT_TYPES: ReadonlySet<FieldType> = new Set(['text', 'longtext']);
const BOUNDED_TYPES: ReadonlySet<FieldType> = new Set(['integer', 'decimal', 'date', 'datetime']);
const CHOICE_TYPES: ReadonlySet<FieldType> = new Set(['select', 'multiselect']);
const REFERENCE_TYPES: ReadonlySet<FieldType> = new Set(['reference', 'multireference']);
/** Types whose values two items can be compared on for `unique`. */
const UNIQUE_TYPES: ReadonlySet<FieldType> = new Set(['text', 'integer', 'decimal', 'date', 'datetime', 'url']);
/** The longest value of each text type when the definition sets none. */
const DEFAULT_MAX_LENGTH: Partial<Record<FieldType, number>> = { text: 1000, longtext: 65_535, url: 2000 };
/** The largest JSON value, serialized. */
export const MAX_JSON_BYTES = 64 * 1024;
/** The most ids of one multireference value. */
export const MAX_REFERENCES = 100;

/** What a field's name is: its key in `customFields` and in `cf_<name>` columns and parameters. */
export const FIELD_NAME = /^[a-z][a-z0-9_]{0,49}$/;

/** Names no field may take: they mean something to every JavaScript object. */
const RESERVED = new Set(['constructor', 'prototype']);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const bad = (message: string) => new ApiError('bad_request', message);

function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function isDateTime(value: string): boolean {
  return DATETIME.test(value) && !Number.isNaN(Date.parse(value)) && isDate(value.slice(0, 10));
}

/** The word for what a field of this type holds, in messages. */
function expected(type: FieldType): string {
  switch (type) {
    case 'integer':
      return 'a whole number';
    case 'decimal':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'date':
      return 'a date (YYYY-MM-DD)';
    case 'datetime':
      return 'a date-time (ISO 8601 with an offset, e.g. 2027-03-31T09:00:00Z)';
    case 'url':
      return 'an http or https URL';
    case 'multiselect':
      return 'a list of its choices';
    case 'reference':
      return 'an item id';
    case 'multireference':
      return 'a list of item ids';
    default:
      return 'a string';
  }
}

/** Checks a bound of a bounded type and returns it as the rules compare it (a number or a time). */
function boundOf(rules: FieldRules, which: 'minimum' | 'maximum'): number | undefined {
  const value = rules[which];
  if (value === null || value === undefined) return undefined;
  if (!BOUNDED_TYPES.has(rules.type)) throw bad(`${which} applies to integer, decimal, date and datetime fields only`);
  if (rules.type === 'integer' || rules.type === 'decimal') {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw bad(`${which} must be a number`);
    if (rules.type === 'integer' && !Number.isSafeInteger(value)) throw bad(`${which} must be a whole number`);
    return value;
  }
  if (typeof value !== 'string' || !(rules.type === 'date' ? isDate(value) : isDateTime(value)))
    throw bad(`${which} must be ${expected(rules.type)}`);
  return Date.parse(rules.type === 'date' ? `${value}T00:00:00Z` : value);
}

/**
 * Refuses (400) a definition whose settings do not fit its type or each other, or whose default
 * is not a value of the field. The name's clash with a built-in field is the caller's to check.
 */
export function checkDefinition(rules: FieldRules): void {
  // Checked here too, not only by the API's schema: an import's --create-fields names fields from headers.
  if (!FIELD_NAME.test(rules.name))
    throw bad('name: a lower-case letter, then up to 49 lower-case letters, digits or underscores');
  if (RESERVED.has(rules.name)) throw bad(`name: "${rules.name}" is reserved`);
  // `cf_<name>__gte`: a double underscore starts a list filter's operator.
  if (rules.name.includes('__')) throw bad('name: a double underscore (__) is kept for list filters (cf_<name>__gte)');
  const { type } = rules;
  if (CHOICE_TYPES.has(type) && !rules.choices) throw bad(`choices: a ${type} field needs its choices`);
  if (!CHOICE_TYPES.has(type) && rules.choices) throw bad('choices apply to select and multiselect fields only');
  if (REFERENCE_TYPES.has(type) && !rules.referenceFamily)
    throw bad(`referenceFamily: a ${type} field names the family it points to`);
  if (!REFERENCE_TYPES.has(type) && rules.referenceFamily)
    throw bad('referenceFamily applies to reference and multireference fields only');
  if (rules.pattern !== null) {
    if (type !== 'text') throw bad('pattern applies to text fields only');
    try {
      new RegExp(rules.pattern, 'u');
    } catch {
      throw bad('pattern: not a valid regular expression');
    }
    // A value is tested on the event loop, which a pattern of nested repetition could hold for minutes.
    if (!safeRegex(rules.pattern))
      throw bad('pattern: its nested repetition could take exponential time on a value; simplify it');
  }
  if (rules.maxLength !== null && !TEXT_TYPES.has(type))
    throw bad('maxLength applies to text and longtext fields only');
  const minimum = boundOf(rules, 'minimum');
  const maximum = boundOf(rules, 'maximum');
  if (minimum !== undefined && maximum !== undefined && minimum > maximum)
    throw bad('minimum must not be above maximum');
  if (rules.unique && !UNIQUE_TYPES.has(type)) throw bad(`unique does not apply to ${type} fields`);
  if (rules.default !== null && rules.default !== undefined) {
    if (REFERENCE_TYPES.has(type)) throw bad('default: a reference field has no default');
    if (rules.unique) throw bad('default: a unique field has no default (every new item would share it)');
    const problem = valueProblem(rules, rules.default);
    if (problem) throw bad(`default: ${problem}`);
  }
}

/**
 * Why `value` is not a value of the field (undefined when it is). null is always a value (unset);
 * whether an item may leave a required field unset is the item's rule. References are checked for
 * their form here and for their items where the value is written.
 */
export function valueProblem(rules: FieldRules, value: unknown): string | undefined {
  if (value === null) return undefined;
  const { type } = rules;
  switch (type) {
    case 'text':
    case 'longtext':
    case 'url': {
      if (typeof value !== 'string') return `must be ${expected(type)}`;
      const most = rules.maxLength ?? DEFAULT_MAX_LENGTH[type]!;
      if ([...value].length > most) return `must be at most ${most} characters`;
      if (type === 'url') {
        let url: URL;
        try {
          url = new URL(value);
        } catch {
          return `must be ${expected(type)}`;
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') return `must be ${expected(type)}`;
      }
      if (rules.pattern !== null && !new RegExp(rules.pattern, 'u').test(value))
        return `must match the pattern ${rules.pattern}`;
      return undefined;
    }
    case 'integer':
    case 'decimal': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return `must be ${expected(type)}`;
      if (type === 'integer' && !Number.isSafeInteger(value)) return `must be ${expected(type)}`;
      return outOfBounds(rules, value);
    }
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `must be ${expected(type)}`;
    case 'date':
    case 'datetime': {
      if (typeof value !== 'string' || !(type === 'date' ? isDate(value) : isDateTime(value)))
        return `must be ${expected(type)}`;
      return outOfBounds(rules, Date.parse(type === 'date' ? `${value}T00:00:00Z` : value));
    }
    case 'json': {
      const text = JSON.stringify(value);
      if (text === undefined) return 'must be a JSON value';
      return Buffer.byteLength(text) > MAX_JSON_BYTES ? `must be at most ${MAX_JSON_BYTES} bytes of JSON` : undefined;
    }
    case 'select':
      return typeof value === 'string' && rules.choices?.includes(value)
        ? undefined
        : `must be one of ${choiceList(rules.choices ?? [])}`;
    case 'multiselect': {
      if (!Array.isArray(value) || value.some((one) => typeof one !== 'string' || !rules.choices?.includes(one)))
        return `must be ${expected(type)}`;
      return new Set(value).size === value.length ? undefined : 'must not repeat a choice';
    }
    case 'reference':
      return typeof value === 'string' && UUID.test(value) ? undefined : `must be ${expected(type)}`;
    case 'multireference': {
      if (!Array.isArray(value) || value.some((one) => typeof one !== 'string' || !UUID.test(one)))
        return `must be ${expected(type)}`;
      if (value.length > MAX_REFERENCES) return `must name at most ${MAX_REFERENCES} items`;
      return new Set(value.map((one: string) => one.toLowerCase())).size === value.length
        ? undefined
        : 'must not repeat an item';
    }
  }
}

/** The first ten choices, for a message. */
function choiceList(choices: string[]): string {
  return choices.length > 10 ? `${choices.slice(0, 10).join(', ')}, …` : choices.join(', ');
}

function outOfBounds(rules: FieldRules, compared: number): string | undefined {
  const minimum = boundOf(rules, 'minimum');
  const maximum = boundOf(rules, 'maximum');
  if (minimum !== undefined && compared < minimum) return `must be at least ${String(rules.minimum)}`;
  if (maximum !== undefined && compared > maximum) return `must be at most ${String(rules.maximum)}`;
  return undefined;
}

/** `cost_centre` → "Cost centre": the label a field gets when it is defined without one. */
export function labelOf(name: string): string {
  const words = name.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The JSON Schema (draft 2020-12) of one field's value: what `valueProblem` accepts, null included. */
export function valueSchema(
  rules: FieldRules & { label: string; description: string | null },
): Record<string, unknown> {
  const orNull = (type: string) => (rules.required ? type : [type, 'null']);
  const schema: Record<string, unknown> = { title: rules.label };
  if (rules.description) schema.description = rules.description;
  const bounds = (prefix: '' | 'format') => {
    const key = (which: 'minimum' | 'maximum') => (prefix ? `formatM${which.slice(1)}` : which);
    if (rules.minimum !== null && rules.minimum !== undefined) schema[key('minimum')] = rules.minimum;
    if (rules.maximum !== null && rules.maximum !== undefined) schema[key('maximum')] = rules.maximum;
  };
  switch (rules.type) {
    case 'text':
    case 'longtext':
    case 'url':
      schema.type = orNull('string');
      schema.maxLength = rules.maxLength ?? DEFAULT_MAX_LENGTH[rules.type];
      if (rules.type === 'url') {
        schema.format = 'uri';
        schema.pattern = '^[Hh][Tt][Tt][Pp][Ss]?://';
      } else if (rules.pattern !== null) schema.pattern = rules.pattern;
      break;
    case 'integer':
    case 'decimal':
      schema.type = orNull(rules.type === 'integer' ? 'integer' : 'number');
      bounds('');
      break;
    case 'boolean':
      schema.type = orNull('boolean');
      break;
    case 'date':
    case 'datetime':
      schema.type = orNull('string');
      schema.format = rules.type === 'date' ? 'date' : 'date-time';
      bounds('format');
      break;
    case 'json':
      if (rules.required) schema.not = { type: 'null' };
      break;
    case 'select':
      schema.enum = rules.required ? [...(rules.choices ?? [])] : [...(rules.choices ?? []), null];
      break;
    case 'multiselect':
      schema.type = orNull('array');
      schema.items = { enum: [...(rules.choices ?? [])] };
      schema.uniqueItems = true;
      break;
    case 'reference':
      schema.type = orNull('string');
      schema.format = 'uuid';
      break;
    case 'multireference':
      schema.type = orNull('array');
      schema.items = { type: 'string', format: 'uuid' };
      schema.uniqueItems = true;
      schema.maxItems = MAX_REFERENCES;
      break;
  }
  if (rules.default !== null && rules.default !== undefined) schema.default = rules.default;
  return schema;
}
