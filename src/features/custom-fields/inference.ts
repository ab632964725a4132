/**
 * A custom field's definition guessed from a file's column (`estate import --create-fields`): the
 * narrowest type every value of the column converts to — whole number, number, true/false, date,
 * date-time, URL — else a select when few distinct values repeat, else text.
 */
import { labelOf, valueProblem } from '../../base/custom-fields/fields.rules.js';
import type { CreateCustomField, FieldFamily, FieldType } from '../../base/custom-fields/fields.schemas.js';

/** A column with at most this many distinct values, each seen twice on average, becomes a select. */
const MOST_CHOICES = 20;
const MOST_TEXT = 1000;

const CANDIDATES: FieldType[] = ['integer', 'decimal', 'boolean', 'date', 'datetime', 'url'];

const RULES = {
  required: false,
  default: null,
  choices: null,
  minimum: null,
  maximum: null,
  pattern: null,
  maxLength: 65_535,
  referenceFamily: null,
  unique: false,
};

/** A CSV cell as a value of the type, as the import reads it (transfer/import.ts). */
function asType(type: FieldType, text: string): unknown {
  if (type === 'integer' || type === 'decimal')
    return /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text) ? Number(text) : text;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

/** What a file's column holds, counted value by value without keeping them all. */
export class ColumnCensus {
  values = 0;
  longest = 0;
  /** The types every value so far converts to. */
  readonly types = new Set<FieldType>(CANDIDATES);
  /** Distinct values, until there are more than MOST_CHOICES. */
  distinct: Set<string> | undefined = new Set();

  add(text: string): void {
    const value = text.trim();
    if (value === '') return;
    this.values += 1;
    this.longest = Math.max(this.longest, [...value].length);
    for (const type of this.types)
      if (valueProblem({ ...RULES, name: 'x', type }, asType(type, value)) !== undefined) this.types.delete(type);
    // "1349.00" is a whole number written as an amount: the column holds decimals.
    if (!/^-?\d+$/.test(value)) this.types.delete('integer');
    if (this.distinct) {
      this.distinct.add(value);
      if (this.distinct.size > MOST_CHOICES) this.distinct = undefined;
    }
  }

  /** The type the column's values call for, with the choices of a select. */
  guess(): { type: FieldType; choices?: string[] } {
    if (this.values === 0) return { type: 'text' };
    const type = CANDIDATES.find((candidate) => this.types.has(candidate));
    if (type) return { type };
    if (this.distinct && this.distinct.size * 2 <= this.values && this.longest <= 200)
      return { type: 'select', choices: [...this.distinct].sort() };
    return { type: this.longest > MOST_TEXT ? 'longtext' : 'text' };
  }
}

/** The definition of a `cf_<name>` column from its census. */
export function inferredField(family: FieldFamily, column: string, census: ColumnCensus, label?: string) {
  const name = column.slice(3);
  const { type, choices } = census.guess();
  const field: CreateCustomField = { family, name, type, label: label ?? labelOf(name) };
  // A column of few values (a status, a tenant) is what lists are filtered by: it gets its index.
  if (choices) Object.assign(field, { choices, filterable: true });
  return field;
}
