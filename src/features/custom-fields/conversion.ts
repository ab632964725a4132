/**
 * A definition change that reaches values items hold: a new type converts each value (`12` becomes
 * `"12"` as text, `"12"` becomes `12` as a whole number), and every converted value must be one the
 * changed field takes (its choices, bounds, pattern). The change goes through only when all do; the
 * values that changed form are written in the change's transaction, a slice at a time.
 */
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../base/db/dialect.js';
import type { Tables } from '../../base/db/schema.js';
import { ApiError } from '../../base/errors/api-error.js';
import { type FieldRules, valueProblem } from '../../base/custom-fields/fields.rules.js';
import { canonical, familyTable, storedValues } from '../../base/custom-fields/values.js';

/** Rows read, converted and written per slice (the event loop gets a turn between slices). */
const SLICE = 500;

const NOT_CONVERTED = Symbol('not converted');

const text = (value: unknown): string | typeof NOT_CONVERTED => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((one) => typeof one === 'string')) return value.join(', ');
  return value === null ? NOT_CONVERTED : JSON.stringify(value);
};

/** A held value as a value of the new type, or NOT_CONVERTED. */
export function converted(value: unknown, to: FieldRules): unknown {
  switch (to.type) {
    case 'json':
      return value;
    case 'text':
    case 'longtext':
    case 'url':
    case 'select':
      return text(value);
    case 'integer':
    case 'decimal': {
      const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
      return typeof value === 'string' && value.trim() === '' ? NOT_CONVERTED : number;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      return value === 'true' ? true : value === 'false' ? false : NOT_CONVERTED;
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value;
    case 'datetime':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value;
    case 'multiselect':
    case 'multireference':
      return Array.isArray(value) ? value : typeof value === 'string' ? [value] : NOT_CONVERTED;
    case 'reference':
      return Array.isArray(value) && value.length === 1 ? value[0] : value;
  }
}

/** Whether a change of settings may leave a held value outside the field. */
export function reachesValues(before: FieldRules, after: FieldRules): boolean {
  const keys = ['type', 'choices', 'minimum', 'maximum', 'pattern', 'maxLength', 'referenceFamily'] as const;
  return keys.some((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/**
 * Converts the values a field's items hold to the changed field (`changed`, its name still
 * `before`'s), or refuses the change (422) naming how many values do not convert or fit.
 */
export async function convertValues(
  trx: Kysely<Tables>,
  dialect: Dialect,
  workspaceId: string,
  family: string,
  before: FieldRules,
  changed: FieldRules,
): Promise<void> {
  const table = sql.table(familyTable(family));
  const holds =
    dialect === 'postgres'
      ? sql`(custom_fields::jsonb -> ${before.name}) IS NOT NULL`
      : sql`json_type(custom_fields, ${`$.${before.name}`}) IS NOT NULL`;
  const writes: { id: string; values: string }[] = [];
  let refused = 0;
  let example: string | undefined;
  for (let last: string | undefined; ; ) {
    const after = last === undefined ? sql`` : sql`AND id > ${last}`;
    const { rows } = await sql<{ id: string; custom_fields: string }>`SELECT id, custom_fields FROM ${table}
      WHERE workspace_id = ${workspaceId} ${after} AND ${holds} ORDER BY id LIMIT ${SLICE}`.execute(trx);
    if (rows.length === 0) break;
    last = String(rows.at(-1)!.id);
    for (const row of rows) {
      const values = storedValues(row.custom_fields);
      let value = converted(values[before.name], changed);
      const problem = value === NOT_CONVERTED ? 'does not convert' : valueProblem(changed, value);
      // Kept as a write keeps it: a date-time in UTC, ids in lower case (what filters compare).
      if (!problem) value = canonical(changed, value);
      if (problem) {
        refused += 1;
        example ??= `${JSON.stringify(values[before.name])} ${problem}`;
      } else if (JSON.stringify(value) !== JSON.stringify(values[before.name]))
        writes.push({ id: String(row.id), values: JSON.stringify({ ...values, [before.name]: value }) });
    }
    await yieldToEvents();
  }
  if (refused > 0)
    throw new ApiError(
      'unprocessable_entity',
      `${refused} ${family} hold a value of ${before.name} the changed field would not take (${example}); ` +
        'change or clear them first',
    );
  for (let start = 0; start < writes.length; start += SLICE) {
    for (const write of writes.slice(start, start + SLICE))
      await sql`UPDATE ${table} SET custom_fields = ${write.values}
        WHERE workspace_id = ${workspaceId} AND id = ${write.id}`.execute(trx);
    await yieldToEvents();
  }
}
