/**
 * The indexes of filterable custom fields, on the same expression the list filters and sorts read
 * (list-terms.ts valueExpression), after the workspace and before the id that breaks a sort's ties:
 * `(workspace_id, value, id)`. One index per family table and field name (on PostgreSQL, and the
 * way its value compares: numeric, boolean or text), shared by every workspace with a filterable
 * field of that name: its expression never fails on another workspace's value (SQLite's
 * json_extract keeps each value's type; PostgreSQL casts only a value of the matching JSON type),
 * and the planner estimates a filter from its statistics. It is made when the first such field is
 * defined and dropped when the last goes:
 *
 * - SQLite: in the definition's write transaction (the file has one writer anyway).
 * - PostgreSQL: after it commits, `CONCURRENTLY`, by `reconcileFieldIndexes`, so that building an
 *   index over a million rows never holds other workspaces' writes to the table (a plain CREATE
 *   INDEX would, until the commit). A filter is answered the same without its index, only slower.
 *   Instances take turns (an advisory lock), and each turn compares the indexes there with the
 *   filterable fields defined, so a build that failed, or one another instance left, is done again.
 *
 * `ensureFieldIndexes` does the same after a migration, a restore or a copy.
 */
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { Dialect } from '../db/dialect.js';
import type { Tables } from '../db/schema.js';
import { LOCK_NAMESPACE } from '../db/write.js';
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

async function create(db: Kysely<Tables>, dialect: Dialect, field: IndexedField, concurrently = false): Promise<void> {
  const table = familyTable(field.family);
  const index = sql.id(fieldIndexName(dialect, field));
  const value = valueExpression(dialect, field, 'custom_fields');
  // NULLS FIRST (SQLite's own order): a list sorted by the field puts items without a value first
  // ascending, last descending (lists/offset.ts orderOf), which this order serves both ways.
  const nulls = dialect === 'postgres' ? sql` NULLS FIRST` : sql``;
  const how = concurrently ? sql`CONCURRENTLY ` : sql``;
  const columns = sql`(workspace_id, (${value})${nulls}, id)`;
  await sql`CREATE INDEX ${how}IF NOT EXISTS ${index} ON ${sql.table(table)} ${columns}`.execute(db);
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
  if (dialect === 'postgres') return; // reconcileFieldIndexes, after the commit
  if (await indexNeeded(trx, dialect, field)) await create(trx, dialect, field);
  else await sql`DROP INDEX IF EXISTS ${sql.id(fieldIndexName(dialect, field))}`.execute(trx);
}

/** The index of each filterable field defined in any workspace, by index name. */
async function wantedIndexes(db: Kysely<Tables>, dialect: Dialect): Promise<Map<string, IndexedField>> {
  const fields = await db
    .selectFrom('field_definitions')
    .select(['family', 'name', 'type'])
    .where('filterable', '=', 1)
    .execute();
  const wanted = new Map<string, IndexedField>();
  for (const row of fields) {
    const field = { family: row.family, name: row.name, type: row.type as FieldType };
    wanted.set(fieldIndexName(dialect, field), field);
  }
  return wanted;
}

/** Makes the index of every filterable field that has none (startup, after a restore or a copy). */
export async function ensureFieldIndexes(database: Pick<Database, 'db' | 'dialect'>): Promise<number> {
  if (database.dialect === 'postgres') {
    await reconcileFieldIndexes(database);
    return (await wantedIndexes(database.db, database.dialect)).size;
  }
  const wanted = await wantedIndexes(database.db, database.dialect);
  for (const field of wanted.values()) await create(database.db, database.dialect, field);
  return wanted.size;
}

/** The second key of the advisory lock the instances take turns under (db/write.ts has the first). */
const RECONCILING = 'custom field indexes';

/** The turn under way per database handle: the next waits for it. */
const turns = new WeakMap<object, Promise<void>>();

/**
 * PostgreSQL: brings the field indexes to the filterable fields defined, without blocking writes:
 * each missing index made `CONCURRENTLY`, each index no field needs, or left invalid by a failed
 * build, dropped `CONCURRENTLY`. Runs after the one under way; resolves when done. A failure is a
 * warning: the next turn (the next definition change, or startup) tries again.
 */
export function reconcileFieldIndexes(database: Pick<Database, 'db' | 'dialect'>): Promise<void> {
  if (database.dialect !== 'postgres') return Promise.resolve();
  const turn = (turns.get(database.db) ?? Promise.resolve())
    .then(() => reconcile(database.db))
    .catch((error: Error) => process.emitWarning(`custom field indexes: ${error.message}`));
  turns.set(database.db, turn);
  return turn;
}

/** Resolves when the field indexes' turn under way, if any, is done (tests, and shutdown). */
export const fieldIndexesSettled = (database: Pick<Database, 'db'>): Promise<void> =>
  turns.get(database.db) ?? Promise.resolve();

async function reconcile(db: Kysely<Tables>): Promise<void> {
  // One connection, outside any transaction: CONCURRENTLY cannot run in one.
  await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${LOCK_NAMESPACE}, hashtext(${RECONCILING}))`.execute(connection);
    try {
      const wanted = await wantedIndexes(connection, 'postgres');
      const { rows } = await sql<{ name: string; valid: boolean }>`
        SELECT c.relname AS name, i.indisvalid AS valid
        FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relname LIKE 'cf\_%'`.execute(connection);
      const valid = new Set<string>();
      for (const { name, valid: usable } of rows) {
        if (usable && wanted.has(name)) valid.add(name);
        else await sql`DROP INDEX CONCURRENTLY IF EXISTS ${sql.id(name)}`.execute(connection);
      }
      const built = new Set<string>();
      for (const [name, field] of wanted) {
        if (valid.has(name)) continue;
        await create(connection, 'postgres', field, true);
        built.add(familyTable(field.family));
      }
      // The planner estimates a filter on an expression from the statistics of its index, which only
      // ANALYZE gathers (it blocks no reads or writes); without them a range is taken for a third
      // of the table.
      for (const table of built) await sql`ANALYZE ${sql.table(table)}`.execute(connection);
    } finally {
      await sql`SELECT pg_advisory_unlock(${LOCK_NAMESPACE}, hashtext(${RECONCILING}))`.execute(connection);
    }
  });
}
