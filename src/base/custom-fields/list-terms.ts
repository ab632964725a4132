/**
 * Lists by custom fields: `cf_<name>=v` (repeated: any of), `cf_<name>__gte|__lte|__gt|__lt` for
 * numbers and dates, `cf_<name>__ic` (contains, any case) for text, `cf_<name>__empty=true|false`,
 * and `sort=cf_<name>` / `-cf_<name>`. Each parameter becomes a list filter (lists/filters.ts) for
 * the request, written over the item's JSON values with the same expression the field's index is
 * made on (custom-fields/indexes.ts), so the database reads it through that index.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { Type } from 'typebox';
import type { Dialect } from '../db/dialect.js';
import { fold, matchesText } from '../db/text-search.js';
import { ApiError } from '../errors/api-error.js';
import type { Filter } from '../lists/filters.js';
import type { ListQuery, PatternParameters, Sort } from '../lists/offset.js';
import { valueProblem } from './fields.rules.js';
import { type FieldType, SORTED_FIELD_TYPES } from './field-kinds.js';
import type { ItemField } from './values.js';

const OPERATORS = ['gte', 'lte', 'gt', 'lt', 'ic', 'empty'] as const;
type Operator = (typeof OPERATORS)[number];

/** A list parameter naming a custom field: `cf_<name>` or `cf_<name>__<operator>`. */
export const FIELD_PARAMETER = `^cf_[a-z][a-z0-9_]{0,49}$|^cf_[a-z][a-z0-9_]{0,49}__(${OPERATORS.join('|')})$`;

/** The query-string schema of every `cf_` parameter (values arrive as a list: a repeated one is any of them). */
export const FIELD_PARAMETER_SCHEMA = Type.Array(Type.String({ maxLength: 200 }), {
  maxItems: 100,
  description:
    'A custom field filter: `cf_<name>=v` (repeat for any of), `cf_<name>__gte|__lte|__gt|__lt` (numbers, dates), ' +
    '`cf_<name>__ic` (text contains, any case; a searchable field), `cf_<name>__empty=true|false`.',
});

/** What a list of a family that takes custom fields accepts besides its own parameters (listQuerySchema). */
export const FIELD_LIST_PARAMETERS: PatternParameters = {
  parameters: { [FIELD_PARAMETER]: FIELD_PARAMETER_SCHEMA },
  sort: { pattern: '^-?cf_[a-z][a-z0-9_]{0,49}$', description: "or cf_<name> (-cf_<name>), a custom field's." },
};

const RANGED: ReadonlySet<FieldType> = new Set(['integer', 'decimal', 'date', 'datetime']);
const TEXT: ReadonlySet<FieldType> = new Set(['text', 'longtext', 'url']);
const LISTS: ReadonlySet<FieldType> = new Set(['multiselect', 'multireference']);
const NUMBERS: ReadonlySet<FieldType> = new Set(['integer', 'decimal']);

const COMPARISONS: Record<'gte' | 'lte' | 'gt' | 'lt', string> = { gte: '>=', lte: '<=', gt: '>', lt: '<' };

/**
 * The SQL of a field's value on a row (`column` qualified as the list's query names it): the
 * expression its index is made on. The name is a field name (`^[a-z][a-z0-9_]*$`), written as a
 * literal so that the expression is the index's, never a bound parameter.
 */
export function valueExpression(dialect: Dialect, field: Pick<ItemField, 'name' | 'type'>, column: string) {
  const ref = sql.ref(column);
  if (dialect === 'sqlite') return sql`json_extract(${ref}, ${sql.lit(`$.${field.name}`)})`;
  const text = sql`(${ref}::jsonb ->> ${sql.lit(field.name)})`;
  // A cast only of a value of its JSON type: an index on the expression is shared by workspaces
  // whose field of this name has another type, whose values must not fail it (indexes.ts).
  const typed = (jsonType: string, cast: string) =>
    sql`(CASE WHEN jsonb_typeof(${ref}::jsonb -> ${sql.lit(field.name)}) = ${sql.lit(jsonType)}
      THEN ${text}::${sql.raw(cast)} END)`;
  if (NUMBERS.has(field.type)) return typed('number', 'numeric');
  if (field.type === 'boolean') return typed('boolean', 'boolean');
  return text;
}

const bad = (message: string) => new ApiError('bad_request', message);

/** A parameter's value as the field's stored values compare with it; 400 naming the parameter. */
function comparable(field: ItemField, parameter: string, text: string, dialect: Dialect): unknown {
  const value: unknown = NUMBERS.has(field.type)
    ? text.trim() === ''
      ? Number.NaN
      : Number(text)
    : field.type === 'boolean'
      ? text === 'true'
        ? true
        : text === 'false'
          ? false
          : undefined
      : text;
  // Bounds, choices and patterns limit what is stored, not what a list may ask for.
  const problem =
    value === undefined ? 'must be true or false' : valueProblem({ ...loose(field), type: scalarType(field) }, value);
  if (problem) throw bad(`${parameter}: ${problem}`);
  if (field.type === 'datetime') return new Date(text).toISOString();
  if (field.type === 'reference' || field.type === 'multireference') return text.toLowerCase();
  if (field.type === 'boolean' && dialect === 'sqlite') return value ? 1 : 0;
  return value;
}

/** The field's rules without the settings that only limit stored values. */
function loose(field: ItemField): ItemField {
  return { ...field, minimum: null, maximum: null, pattern: null, maxLength: 200, choices: field.choices };
}

/** What one element of the field's value is: a multiselect holds select values, a multireference references. */
function scalarType(field: ItemField): FieldType {
  if (field.type === 'multiselect') return 'select';
  if (field.type === 'multireference') return 'reference';
  if (field.type === 'longtext') return 'text';
  return field.type;
}

/** The condition of one parameter on a row. */
function condition(
  dialect: Dialect,
  field: ItemField,
  operator: Operator | undefined,
  parameter: string,
  values: string[],
  column: string,
): Expression<SqlBool> {
  const value = valueExpression(dialect, field, column);
  const one = () => {
    if (values.length !== 1) throw bad(`${parameter}: give it once`);
    return values[0]!;
  };
  if (operator === 'empty') {
    const text = one();
    if (text !== 'true' && text !== 'false') throw bad(`${parameter}: must be true or false`);
    const unset = sql<SqlBool>`${valueExpression(dialect, { ...field, type: 'json' }, column)} IS NULL`;
    return text === 'true' ? unset : sql<SqlBool>`NOT (${unset})`;
  }
  if (operator === 'ic') {
    if (!TEXT.has(field.type) && field.type !== 'select')
      throw bad(`${parameter}: __ic applies to text, long text, URL and select fields`);
    // Read through the table's text index, which holds the searchable fields' values: comparing
    // every row's value instead would hold the event loop on SQLite at 100,000 items.
    if (!field.searchable)
      throw bad(
        `${parameter}: __ic reads the search index, and ${field.name} is not searchable (an admin can make it so)`,
      );
    const text = one();
    const folded = fold(text);
    const table = column.slice(0, column.lastIndexOf('.'));
    const indexed = matchesText(dialect, { table }, [`${table}.custom_search`], text);
    return dialect === 'sqlite'
      ? sql<SqlBool>`(${indexed} and instr(estate_fold(${value}), ${folded}) > 0)`
      : sql<SqlBool>`(${indexed} and strpos(estate_fold(${value}), ${folded}) > 0)`;
  }
  if (operator) {
    if (!RANGED.has(field.type)) throw bad(`${parameter}: __${operator} applies to number, date and date-time fields`);
    const bound = comparable(field, parameter, one(), dialect);
    return sql<SqlBool>`${value} ${sql.raw(COMPARISONS[operator])} ${bound}`;
  }
  if (field.type === 'json') throw bad(`${parameter}: a JSON field filters by __empty only`);
  const wanted = values.map((text) => comparable(field, parameter, text, dialect));
  if (LISTS.has(field.type)) {
    // Any of the wanted elements in the item's list.
    if (dialect === 'sqlite')
      return sql<SqlBool>`EXISTS (SELECT 1 FROM json_each(${sql.ref(column)}, ${sql.lit(`$.${field.name}`)}) AS element
        WHERE element.value IN (${sql.join(wanted)}))`;
    return sql<SqlBool>`(${sql.ref(column)}::jsonb -> ${sql.lit(field.name)}) ?| ARRAY[${sql.join(wanted)}]::text[]`;
  }
  return wanted.length === 1 ? sql<SqlBool>`${value} = ${wanted[0]}` : sql<SqlBool>`${value} IN (${sql.join(wanted)})`;
}

/** `cf_rack__gte` → the field `rack` and the operator `gte`; without a known operator, the whole name. */
function parameterOf(parameter: string): [string, Operator | undefined] {
  const name = parameter.slice(3);
  const at = name.lastIndexOf('__');
  const operator = at > 0 ? name.slice(at + 2) : '';
  return (OPERATORS as readonly string[]).includes(operator)
    ? [name.slice(0, at), operator as Operator]
    : [name, undefined];
}

/** The `cf_` terms of a list query: a filter per parameter and the sort it names, if any. */
export interface FieldTerms {
  filters: Record<string, Filter>;
  sorts: Record<string, Sort>;
}

/** Whether a list query names a custom field (a `cf_` parameter or sort). */
export function namesFields(query: ListQuery): boolean {
  for (const name of Object.keys(query)) if (name.startsWith('cf_')) return true;
  return typeof query.sort === 'string' && /^-?cf_/.test(query.sort);
}

/**
 * The filters and sort of a list query's `cf_` parameters over `column` (the items' values), for
 * the family's fields; 400 naming a parameter of no field, an operator its type has not, or a value
 * its field cannot hold.
 */
export function fieldTerms(
  dialect: Dialect,
  family: string,
  fields: readonly ItemField[],
  query: ListQuery,
  columnName: string,
): FieldTerms {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const terms: FieldTerms = { filters: {}, sorts: {} };
  for (const [parameter, given] of Object.entries(query)) {
    if (!parameter.startsWith('cf_') || given === undefined) continue;
    const [name, operator] = parameterOf(parameter);
    const field = byName.get(name);
    if (!field) throw bad(`${parameter}: ${family} have no custom field ${name}`);
    if (!field.filterable) throw bad(`${parameter}: ${name} is not filterable (an admin can make it so)`);
    const values = (Array.isArray(given) ? given : [given]).map(String);
    const where = condition(dialect, field, operator, parameter, values, columnName);
    terms.filters[parameter] = { schema: FIELD_PARAMETER_SCHEMA, where: () => where };
  }
  const sort = typeof query.sort === 'string' ? query.sort.replace(/^-/, '') : '';
  if (sort.startsWith('cf_')) {
    const field = byName.get(sort.slice(3));
    if (!field) throw bad(`sort: ${family} have no custom field ${sort.slice(3)}`);
    if (!field.filterable) throw bad(`sort: ${field.name} is not filterable (an admin can make it so)`);
    if (!SORTED_FIELD_TYPES.has(field.type)) throw bad(`sort: a ${field.type} field does not sort`);
    terms.sorts[sort] = { expression: valueExpression(dialect, field, columnName), nullable: true };
  }
  return terms;
}
