/**
 * The tables a backup or a copy carries, read from the database's own catalog: each base table's
 * columns (generated ones left out: PostgreSQL's `search_text`), primary key and foreign keys, in
 * an order that loads every referenced table before the tables that refer to it. Derived storage
 * (the counters, text indexes and address keys that triggers keep from the rows, storage.ts) is
 * never carried: the load makes it again from the rows (load.ts).
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from '../../base/db/dialect.js';

type Row = Record<string, unknown>;

/** Runs one statement and returns its rows: a Kysely connection's or a better-sqlite3 handle's. */
export type Query = (text: string, parameters?: readonly unknown[]) => Promise<Row[]>;

export const kyselyQuery =
  (db: Kysely<unknown>): Query =>
  async (text, parameters = []) =>
    (await db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]))).rows;

export interface TableShape {
  name: string;
  /** The stored columns, in the table's order. */
  columns: string[];
  /** The primary key's columns: the order rows are read in. */
  key: string[];
  /** Tables this one refers to (or must follow), itself left out. */
  parents: string[];
  /**
   * A foreign key to the table itself (categories, teams: `parent_id`): rows are read parents
   * first, so a load that checks each statement's keys never meets a child before its parent.
   */
  tree?: { columns: string[]; parentColumns: string[] };
}

/**
 * Kept by triggers from the rows of other tables (storage.ts, and the schema's own triggers):
 * row and value counts, search versions, servers' address keys. A load makes them again.
 */
export const DERIVED_TABLES: readonly string[] = ['row_counts', 'value_counts', 'search_versions', 'server_addresses'];

/**
 * Columns kept from other columns of their row, never carried: a load makes them again. Servers'
 * `ip_key` (migration 0014) is generated on PostgreSQL and written by the address triggers on SQLite.
 */
export const DERIVED_COLUMNS: Readonly<Record<string, readonly string[]>> = { servers: ['ip_key'] };

/**
 * Not carried: console sign-ins (people sign in again), the migrator's own records, and data
 * versions (the next write of a workspace makes its row again).
 */
export const LEFT_OUT_TABLES: readonly string[] = [
  'console_sessions',
  'estate_migrations',
  'estate_migrations_lock',
  'data_versions',
];

/**
 * Loaded first although no foreign key says so: discovered_applications' insert trigger makes the
 * software_installs row of its product (a zero count) that loading software_installs after it
 * would collide with.
 */
const LOADED_BEFORE: Readonly<Record<string, readonly string[]>> = { discovered_applications: ['software_installs'] };

/** A quoted SQL identifier (names come from the catalog, quoted all the same). */
export const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

interface ForeignKey {
  parent: string;
  columns: string[];
  parentColumns: string[];
}

/** The tables to carry, in load order (referenced tables first, then by name). */
export async function describeTables(dialect: Dialect, query: Query): Promise<TableShape[]> {
  const names = (await tableNames(dialect, query)).filter(
    (name) => !DERIVED_TABLES.includes(name) && !LEFT_OUT_TABLES.includes(name),
  );
  const shapes: TableShape[] = [];
  for (const name of names) {
    const { columns, key } = await columnsOf(dialect, query, name);
    const keys = await foreignKeysOf(dialect, query, name);
    const self = keys.filter((k) => k.parent === name);
    if (self.length > 1) throw new Error(`table ${name} refers to itself by more than one key`);
    const parents = new Set([...keys.map((k) => k.parent), ...(LOADED_BEFORE[name] ?? [])]);
    parents.delete(name);
    shapes.push({
      name,
      columns,
      key,
      parents: [...parents].filter((parent) => names.includes(parent)).sort(),
      ...(self[0] ? { tree: { columns: self[0].columns, parentColumns: self[0].parentColumns } } : {}),
    });
  }
  return inLoadOrder(shapes);
}

/** Kahn's order: each table after the ones it refers to, ties by name, so both databases agree. */
function inLoadOrder(shapes: TableShape[]): TableShape[] {
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const waiting = [...shapes].sort((a, b) => (a.name < b.name ? -1 : 1));
  while (waiting.length > 0) {
    const next = waiting.findIndex((shape) => shape.parents.every((parent) => placed.has(parent)));
    if (next < 0) throw new Error(`the foreign keys of ${waiting.map((s) => s.name).join(', ')} form a cycle`);
    const [shape] = waiting.splice(next, 1);
    ordered.push(shape!);
    placed.add(shape!.name);
  }
  return ordered;
}

async function tableNames(dialect: Dialect, query: Query): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? await query(
          "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' " +
            "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
        )
      : await query(
          'SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace ' +
            "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1",
        );
  return rows.map((row) => String(row.name));
}

async function columnsOf(dialect: Dialect, query: Query, table: string): Promise<{ columns: string[]; key: string[] }> {
  if (dialect === 'sqlite') {
    // hidden: 0 a stored column, 2 or 3 a generated one.
    const rows = await query('SELECT name, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid', [table]);
    const stored = rows.filter(
      (row) => Number(row.hidden) === 0 && !DERIVED_COLUMNS[table]?.includes(String(row.name)),
    );
    return {
      columns: stored.map((row) => String(row.name)),
      key: stored
        .filter((row) => Number(row.pk) > 0)
        .sort((a, b) => Number(a.pk) - Number(b.pk))
        .map((row) => String(row.name)),
    };
  }
  const columns = await query(
    `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped
       AND attgenerated = '' ORDER BY attnum`,
    [quoted(table)],
  );
  const key = await query(
    `SELECT a.attname AS name FROM pg_index i CROSS JOIN unnest(i.indkey) WITH ORDINALITY AS k (attnum, position)
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
     WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY k.position`,
    [quoted(table)],
  );
  return { columns: columns.map((row) => String(row.name)), key: key.map((row) => String(row.name)) };
}

async function foreignKeysOf(dialect: Dialect, query: Query, table: string): Promise<ForeignKey[]> {
  if (dialect === 'sqlite') {
    const rows = await query(
      'SELECT id, "table" AS parent, "from" AS "column", "to" AS "parentColumn" FROM pragma_foreign_key_list(?) ' +
        'ORDER BY id, seq',
      [table],
    );
    const keys = new Map<number, ForeignKey>();
    for (const row of rows) {
      const key = keys.get(Number(row.id)) ?? { parent: String(row.parent), columns: [], parentColumns: [] };
      key.columns.push(String(row.column));
      key.parentColumns.push(String(row.parentColumn ?? 'id'));
      keys.set(Number(row.id), key);
    }
    return [...keys.values()];
  }
  const names = (relation: string, numbers: string) =>
    `ARRAY(SELECT a.attname::text FROM unnest(${numbers}) WITH ORDINALITY AS n (number, position)
       JOIN pg_attribute a ON a.attrelid = ${relation} AND a.attnum = n.number ORDER BY n.position)`;
  const rows = await query(
    `SELECT p.relname AS parent, ${names('k.conrelid', 'k.conkey')} AS columns,
       ${names('k.confrelid', 'k.confkey')} AS "parentColumns"
     FROM pg_constraint k JOIN pg_class p ON p.oid = k.confrelid
     WHERE k.conrelid = $1::regclass AND k.contype = 'f' ORDER BY k.conname`,
    [quoted(table)],
  );
  return rows.map((row) => ({
    parent: String(row.parent),
    columns: row.columns as string[],
    parentColumns: row.parentColumns as string[],
  }));
}

/**
 * The SELECT that reads a table's rows in a stable order: by primary key, or for a tree, parents
 * before children (by depth, then key). A row in a cycle (which no write lets in) is not reached,
 * and the count the snapshot took first then tells.
 */
export function selectRows(shape: TableShape): string {
  const columns = shape.columns.map(quoted).join(', ');
  const key = shape.key.map(quoted);
  if (!shape.tree) return `SELECT ${columns} FROM ${quoted(shape.name)} ORDER BY ${key.join(', ')}`;
  const { columns: refers, parentColumns } = shape.tree;
  const carried = [...new Set([...shape.key, ...parentColumns])].map(quoted);
  const roots = refers.map((column) => `${quoted(column)} IS NULL`).join(' OR ');
  const joined = refers.map((column, i) => `child.${quoted(column)} = walk.${quoted(parentColumns[i]!)}`).join(' AND ');
  const same = shape.key.map((column) => `t.${quoted(column)} = walk.${quoted(column)}`).join(' AND ');
  return `WITH RECURSIVE walk AS (
      SELECT ${carried.join(', ')}, 0 AS depth FROM ${quoted(shape.name)} WHERE ${roots}
      UNION ALL
      SELECT ${carried.map((column) => `child.${column}`).join(', ')}, walk.depth + 1
      FROM ${quoted(shape.name)} child JOIN walk ON ${joined} WHERE walk.depth < 100000
    )
    SELECT ${shape.columns.map((column) => `t.${quoted(column)}`).join(', ')}
    FROM ${quoted(shape.name)} t JOIN walk ON ${same}
    ORDER BY walk.depth, ${key.map((column) => `t.${column}`).join(', ')}`;
}
