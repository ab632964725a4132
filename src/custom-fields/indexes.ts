/**
 * The indexes of filterable custom fields, on the same expression the list filters and sorts read
 * (list-terms.ts valueExpression), after the workspace and before the id that breaks a sort's ties:
 * `(workspace_id, value, id)`. One index per family table and field name (on PostgreSQL, and the
 * way its value compares: numeric, boolean or text), shared by every workspace with a filterable
 * field of that name: its expression never fails on another workspace's value (SQLite's
 * json_extract keeps each value's type; PostgreSQL casts only a value of the matching JSON type),
 * and the planner estimates a filter from its statistics. It is made when the first such field is
 * defined and dropped when the last goes, in the definition's write transaction;
 * `ensureFieldIndexes` makes any that are missing (after a migration, a restore or a copy).
 */
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/dialect.js';
import type { Tables } from '../db/schema.js';
import type { FieldType } from './field-kinds.js';
import { valueExpression } from './list-terms.js';
import { familyTable } from './values.js';

/** What an index is made for: a field of a family. */
export interface IndexedField {
  family: string;
  name: string;
  type: FieldType;
}

/** How PostgreSQL compares the field's values (SQLite compares each as it is stored). */
function castOf(dialect: Dialect, type: FieldType): string {
  if (dialect === 'sqlite') return '';
  return type === 'integer' || type === 'decimal' ? 'n' : type === 'boolean' ? 'b' : 't';
}

/** PostgreSQL's longest identifier. */
const MOST_NAME = 63;

/** The index's name: `cf_<table>_<field>[_<cast>]`, or a digest where that is too long. */
export function fieldIndexName(dialect: Dialect, field: IndexedField): string {
  const table = familyTable(field.family);
  const cast = castOf(dialect, field.type);
  const name = `cf_${table}_${field.name}${cast && `_${cast}`}`;
  if (name.length <= MOST_NAME) return name;
  return `cf_${table}_${createHash('sha256').update(`${field.name}\n${cast}`).digest('hex').slice(0, 24)}`;
}

async function create(db: Kysely<Tables>, dialect: Dialect, field: IndexedField): Promise<void> {
  const table = familyTable(field.family);
  const index = sql.id(fieldIndexName(dialect, field));
  const value = valueExpression(dialect, field, 'custom_fields');
  // NULLS FIRST (SQLite's own order): a list sorted by the field puts items without a value first
  // ascending, last descending (lists/offset.ts orderOf), which this order serves both ways.
  const nulls = dialect === 'postgres' ? sql` NULLS FIRST` : sql``;
  await sql`CREATE INDEX IF NOT EXISTS ${index} ON ${sql.table(table)} (workspace_id, (${value})${nulls}, id)`.execute(
    db,
  );
}

/** Whether any workspace still has a filterable field the index serves. */
async function indexNeeded(trx: Kysely<Tables>, dialect: Dialect, field: IndexedField): Promise<boolean> {
  const found = await trx
    .selectFrom('field_definitions')
    .select('type')
    .where('family', '=', field.family)
    .where('name', '=', field.name)
    .where('filterable', '=', 1)
    .execute();
  return found.some((row) => castOf(dialect, row.type as FieldType) === castOf(dialect, field.type));
}

/**
 * The field's index made, or dropped when no filterable field needs it any more, as the stored
 * definitions now are: a definition's write calls it after its change, for the field as it was
 * and as it is.
 */
export async function syncFieldIndex(trx: Kysely<Tables>, dialect: Dialect, field: IndexedField): Promise<void> {
  if (await indexNeeded(trx, dialect, field)) await create(trx, dialect, field);
  else await sql`DROP INDEX IF EXISTS ${sql.id(fieldIndexName(dialect, field))}`.execute(trx);
}

/** Makes the index of every filterable field that has none (startup, after a restore or a copy). */
export async function ensureFieldIndexes(db: Kysely<Tables>, dialect: Dialect): Promise<number> {
  const fields = await db
    .selectFrom('field_definitions')
    .select(['family', 'name', 'type'])
    .where('filterable', '=', 1)
    .execute();
  const made = new Set<string>();
  for (const row of fields) {
    const field = { family: row.family, name: row.name, type: row.type as FieldType };
    const name = fieldIndexName(dialect, field);
    if (made.has(name)) continue;
    made.add(name);
    await create(db, dialect, field);
  }
  return made.size;
}
