/**
 * The SQL of the storage objects the facts of storage.ts call for: triggers that keep row counts,
 * per-value counts, search versions, the text index and copied names in the writing transaction.
 * A migration that adds a table or a fact runs these statements (for an empty table: existing rows
 * are not counted or indexed here); test/schema-baseline.test.ts checks the baseline holds them.
 */
import { createHash } from 'node:crypto';
import type { Dialect } from './dialect.js';
import {
  isUnscoped,
  LINK_NAME_COPIES,
  POSTGRES_NEXT,
  SERVICE_TABLES,
  SQLITE_NEXT,
  STORAGE,
  talliesOn,
  tallyOf,
} from './storage.js';

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The functions the triggers call on PostgreSQL, shared by every table (none on SQLite). */
export function sharedStorageFunctions(dialect: Dialect): string[] {
  if (dialect !== 'postgres') return [];
  const plpgsql = (name: string, body: string) =>
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$\n${body}\n$$`;
  return [
    plpgsql(
      'row_counts_add',
      `BEGIN
  INSERT INTO row_counts (workspace_id, table_name, total)
  SELECT workspace_id, TG_TABLE_NAME, count(*) FROM inserted GROUP BY workspace_id
  ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = row_counts.total + excluded.total;
  RETURN NULL;
END`,
    ),
    plpgsql(
      'row_counts_remove',
      `BEGIN
  UPDATE row_counts c SET total = c.total - d.removed
  FROM (SELECT workspace_id, count(*) AS removed FROM deleted GROUP BY workspace_id) d
  WHERE c.workspace_id = d.workspace_id AND c.table_name = TG_TABLE_NAME;
  RETURN NULL;
END`,
    ),
    // Values are applied in (workspace, value) order, so concurrent statements lock counters in one order.
    plpgsql(
      'value_counts_apply',
      `DECLARE
  filter text;
  expression text;
BEGIN
  FOR i IN 0 .. TG_NARGS / 2 - 1 LOOP
    filter := TG_ARGV[2 * i];
    expression := TG_ARGV[2 * i + 1];
    IF TG_OP = 'DELETE' THEN
      EXECUTE format(
        'UPDATE value_counts c SET total = c.total - d.n
         FROM (SELECT o.workspace_id, %s AS value, count(*) AS n FROM deleted o GROUP BY 1, 2 ORDER BY 1, 2) d
         WHERE c.workspace_id = d.workspace_id AND c.table_name = %L AND c.filter_name = %L AND c.value = d.value',
        replace(expression, '{row}', 'o'), TG_TABLE_NAME, filter);
    ELSE
      EXECUTE format(
        'INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total)
         SELECT workspace_id, %L, %L, value, count(*) FROM (SELECT n.workspace_id, %s AS value FROM inserted n) a
         WHERE value IS NOT NULL GROUP BY 1, 4 ORDER BY 1, 4
         ON CONFLICT (workspace_id, table_name, filter_name, value)
         DO UPDATE SET total = value_counts.total + excluded.total',
        TG_TABLE_NAME, filter, replace(expression, '{row}', 'n'));
    END IF;
  END LOOP;
  RETURN NULL;
END`,
    ),
    // Per updated row, and only for an update that changes a counted value (the trigger's WHEN).
    plpgsql(
      'value_counts_move',
      `DECLARE
  filter text;
  expression text;
  old_value text;
  new_value text;
BEGIN
  FOR i IN 0 .. TG_NARGS / 2 - 1 LOOP
    filter := TG_ARGV[2 * i];
    expression := TG_ARGV[2 * i + 1];
    EXECUTE format('SELECT %s, %s', replace(expression, '{row}', '($1)'), replace(expression, '{row}', '($2)'))
      INTO old_value, new_value USING OLD, NEW;
    CONTINUE WHEN old_value IS NOT DISTINCT FROM new_value;
    IF old_value IS NOT NULL THEN
      UPDATE value_counts SET total = total - 1
       WHERE workspace_id = OLD.workspace_id AND table_name = TG_TABLE_NAME AND filter_name = filter
         AND value = old_value;
    END IF;
    IF new_value IS NOT NULL THEN
      INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total)
      VALUES (NEW.workspace_id, TG_TABLE_NAME, filter, new_value, 1)
      ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = value_counts.total + 1;
    END IF;
  END LOOP;
  RETURN NULL;
END`,
    ),
    plpgsql(
      'search_versions_insert',
      `BEGIN
  INSERT INTO search_versions (workspace_id, table_name, version)
  SELECT workspace_id, TG_TABLE_NAME, ${POSTGRES_NEXT} FROM (SELECT DISTINCT workspace_id FROM inserted) written
  ORDER BY 1
  ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = ${POSTGRES_NEXT};
  RETURN NULL;
END`,
    ),
    plpgsql(
      'search_versions_delete',
      `BEGIN
  UPDATE search_versions SET version = ${POSTGRES_NEXT}
  WHERE table_name = TG_TABLE_NAME AND workspace_id IN (SELECT DISTINCT workspace_id FROM deleted);
  RETURN NULL;
END`,
    ),
    plpgsql(
      'search_versions_update',
      `BEGIN
  UPDATE search_versions SET version = ${POSTGRES_NEXT}
  WHERE workspace_id = NEW.workspace_id AND table_name = TG_TABLE_NAME;
  RETURN NULL;
END`,
    ),
  ];
}

/** A named storage object: a trigger, index, virtual table, column or function. */
export interface StorageObject {
  name: string;
  kind: 'trigger' | 'index' | 'table' | 'column' | 'function';
  sql: string;
}

/** The storage objects one table's facts call for, in the order they are made. */
export function storageObjects(dialect: Dialect, table: string): StorageObject[] {
  const storage = STORAGE[table] ?? {};
  const tallies = talliesOn(dialect, table);
  return [
    ...(storage.counted ? countTriggers(dialect, table) : []),
    ...(storage.searched ? searchObjects(dialect, table, storage.searched) : []),
    ...(Object.keys(tallies).length > 0 ? tallyTriggers(dialect, table, tallies) : []),
    ...(storage.nameCopy ? nameCopyObjects(dialect, table) : []),
    ...copiesToLinks(dialect, table),
  ];
}

const trigger = (name: string, sql: string): StorageObject => ({ name, kind: 'trigger', sql });

/** A PostgreSQL trigger `<table>_<suffix>` run once per inserting or deleting statement, over its rows. */
function statementTrigger(table: string, suffix: string, event: 'INSERT' | 'DELETE', call: string): StorageObject {
  const name = `${table}_${suffix}`;
  const rows = event === 'INSERT' ? 'NEW TABLE AS inserted' : 'OLD TABLE AS deleted';
  return trigger(
    name,
    `CREATE TRIGGER ${name} AFTER ${event} ON ${table} REFERENCING ${rows} FOR EACH STATEMENT EXECUTE FUNCTION ${call}`,
  );
}

function countTriggers(dialect: Dialect, table: string): StorageObject[] {
  if (dialect === 'postgres') {
    return [
      statementTrigger(table, 'count_insert', 'INSERT', 'row_counts_add()'),
      statementTrigger(table, 'count_delete', 'DELETE', 'row_counts_remove()'),
    ];
  }
  return [
    trigger(
      `${table}_count_insert`,
      `CREATE TRIGGER ${table}_count_insert AFTER INSERT ON ${table} BEGIN
  INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, '${table}', 1)
  ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
END`,
    ),
    trigger(
      `${table}_count_delete`,
      `CREATE TRIGGER ${table}_count_delete AFTER DELETE ON ${table} BEGIN
  UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = '${table}';
END`,
    ),
  ];
}

/**
 * SQLite: a contentless FTS5 table `<table>_text`, trigram-tokenized over the folded columns, and
 * the gram index of shorter searches (gramIndex).
 * PostgreSQL: `search_text`, the folded columns joined by U+001F (a match cannot span two), under
 * a trigram GIN index with the trigrams before the workspace.
 */
function textIndex(dialect: Dialect, table: string, columns: readonly string[]): StorageObject[] {
  if (dialect === 'postgres') {
    const folded = columns.map((column) => `estate_fold(coalesce(${column}, ''))`).join(' || chr(31) || ');
    const keys = isUnscoped(table) ? 'search_text gin_trgm_ops' : 'search_text gin_trgm_ops, workspace_id';
    return [
      {
        name: `${table}.search_text`,
        kind: 'column',
        sql: `ALTER TABLE ${table} ADD COLUMN search_text text GENERATED ALWAYS AS (${folded}) STORED`,
      },
      {
        name: `${table}_search_text_idx`,
        kind: 'index',
        sql: `CREATE INDEX ${table}_search_text_idx ON ${table} USING gin (${keys})`,
      },
    ];
  }
  const text = `${table}_text`;
  const names = columns.join(', ');
  const folded = (row: string) => columns.map((column) => `estate_fold(${row}.${column})`).join(', ');
  return [
    {
      name: text,
      kind: 'table',
      sql:
        `CREATE VIRTUAL TABLE ${text} USING fts5(${names}, tokenize = 'trigram case_sensitive 1', ` +
        "content = '', contentless_delete = 1)",
    },
    trigger(
      `${table}_text_insert`,
      `CREATE TRIGGER ${table}_text_insert AFTER INSERT ON ${table} BEGIN
  INSERT INTO ${text} (rowid, ${names}) VALUES (new.rowid, ${folded('new')}); END`,
    ),
    trigger(
      `${table}_text_update`,
      `CREATE TRIGGER ${table}_text_update AFTER UPDATE OF ${names} ON ${table} BEGIN
  DELETE FROM ${text} WHERE rowid = old.rowid;
  INSERT INTO ${text} (rowid, ${names}) VALUES (new.rowid, ${folded('new')}); END`,
    ),
    trigger(
      `${table}_text_delete`,
      `CREATE TRIGGER ${table}_text_delete AFTER DELETE ON ${table} BEGIN
  DELETE FROM ${text} WHERE rowid = old.rowid; END`,
    ),
    ...gramIndex(table, columns),
  ];
}

/**
 * SQLite: the gram index `<table>_grams` of a search of one or two characters (text-search.ts,
 * gramText): a contentless FTS5 table of one column, the row's tokens, without positions.
 */
export function gramIndex(table: string, columns: readonly string[]): StorageObject[] {
  const grams = `${table}_grams`;
  const tokens = (row: string) => `estate_grams(${columns.map((column) => `${row}.${column}`).join(', ')})`;
  return [
    {
      name: grams,
      kind: 'table',
      sql:
        `CREATE VIRTUAL TABLE ${grams} USING fts5(grams, tokenize = 'ascii', detail = none, ` +
        "content = '', contentless_delete = 1)",
    },
    trigger(
      `${table}_grams_insert`,
      `CREATE TRIGGER ${table}_grams_insert AFTER INSERT ON ${table} BEGIN
  INSERT INTO ${grams} (rowid, grams) VALUES (new.rowid, ${tokens('new')}); END`,
    ),
    trigger(
      `${table}_grams_update`,
      `CREATE TRIGGER ${table}_grams_update AFTER UPDATE OF ${columns.join(', ')} ON ${table} BEGIN
  DELETE FROM ${grams} WHERE rowid = old.rowid;
  INSERT INTO ${grams} (rowid, grams) VALUES (new.rowid, ${tokens('new')}); END`,
    ),
    trigger(
      `${table}_grams_delete`,
      `CREATE TRIGGER ${table}_grams_delete AFTER DELETE ON ${table} BEGIN
  DELETE FROM ${grams} WHERE rowid = old.rowid; END`,
    ),
  ];
}

/** SQLite: the statement that fills a table's gram index from the rows it has. */
export const gramIndexFill = (table: string, columns: readonly string[]): string =>
  `INSERT INTO ${table}_grams (rowid, grams) SELECT rowid, estate_grams(${columns.join(', ')}) FROM ${table}`;

/** The text index of a table searched over `columns`, and the triggers that move its search versions. */
export function searchObjects(dialect: Dialect, table: string, columns: readonly string[]): StorageObject[] {
  return [
    ...textIndex(dialect, table, columns),
    ...(isUnscoped(table) ? [] : versionTriggers(dialect, table, columns)),
  ];
}

/**
 * The statements that move an existing table's search to its searched columns now (a migration's,
 * after a change of `searched`; a test gives the previous `columns`): the text index and version
 * triggers made for the previous columns go, those of the columns are made, the rows already there
 * are indexed, and every workspace's search version of the table moves, so no instance answers a
 * remembered total.
 */
export function searchRebuildStatements(
  dialect: Dialect,
  table: string,
  columns: readonly string[] | undefined = STORAGE[table]?.searched,
): string[] {
  if (!columns) throw new Error(`${table} has no searched columns`);
  const versions = ['insert', 'update', 'delete'].map((event) => `${table}_search_version_${event}`);
  const next = dialect === 'postgres' ? POSTGRES_NEXT : SQLITE_NEXT;
  const rebuilt = searchObjects(dialect, table, columns).map((object) => object.sql);
  const moved = `UPDATE search_versions SET version = ${next} WHERE table_name = ${literal(table)}`;
  if (dialect === 'postgres') {
    // Dropping the generated column drops its index; adding it again computes every row's text.
    return [
      ...versions.map((name) => `DROP TRIGGER IF EXISTS ${name} ON ${table}`),
      `ALTER TABLE ${table} DROP COLUMN IF EXISTS search_text`,
      ...rebuilt,
      moved,
    ];
  }
  const folded = columns.map((column) => `estate_fold(${column})`).join(', ');
  const events = ['insert', 'update', 'delete'];
  return [
    ...[...versions, ...events.flatMap((event) => [`${table}_text_${event}`, `${table}_grams_${event}`])].map(
      (name) => `DROP TRIGGER IF EXISTS ${name}`,
    ),
    `DROP TABLE IF EXISTS ${table}_text`,
    `DROP TABLE IF EXISTS ${table}_grams`,
    ...rebuilt,
    `INSERT INTO ${table}_text (rowid, ${columns.join(', ')}) SELECT rowid, ${folded} FROM ${table}`,
    gramIndexFill(table, columns),
    moved,
  ];
}

/** A workspace's search version of the table moves on every insert, delete and searched change. */
function versionTriggers(dialect: Dialect, table: string, columns: readonly string[]): StorageObject[] {
  const names = columns.join(', ');
  if (dialect === 'postgres') {
    const changed = columns.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR ');
    return [
      statementTrigger(table, 'search_version_insert', 'INSERT', 'search_versions_insert()'),
      trigger(
        `${table}_search_version_update`,
        `CREATE TRIGGER ${table}_search_version_update AFTER UPDATE OF ${names} ON ${table} ` +
          `FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION search_versions_update()`,
      ),
      statementTrigger(table, 'search_version_delete', 'DELETE', 'search_versions_delete()'),
    ];
  }
  const bump = (row: string) =>
    `UPDATE search_versions SET version = ${SQLITE_NEXT} WHERE workspace_id = ${row}.workspace_id ` +
    `AND table_name = '${table}';`;
  const changed = columns.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ');
  return [
    trigger(
      `${table}_search_version_insert`,
      `CREATE TRIGGER ${table}_search_version_insert AFTER INSERT ON ${table} BEGIN
  INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, '${table}', ${SQLITE_NEXT})
  ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = ${SQLITE_NEXT}; END`,
    ),
    trigger(
      `${table}_search_version_update`,
      `CREATE TRIGGER ${table}_search_version_update AFTER UPDATE OF ${names} ON ${table}
  WHEN ${changed} BEGIN ${bump('new')} END`,
    ),
    trigger(
      `${table}_search_version_delete`,
      `CREATE TRIGGER ${table}_search_version_delete AFTER DELETE ON ${table} BEGIN ${bump('old')} END`,
    ),
  ];
}

/** The columns the counted values read: an update of any other column leaves the counts alone. */
const columnsOf = (tallies: Record<string, string>) => [
  ...new Set(
    Object.values(tallies).flatMap((expression) => [...expression.matchAll(/\{row\}\.(\w+)/g)].map((m) => m[1]!)),
  ),
];

/**
 * Per-value counts: on SQLite per row; on PostgreSQL inserts and deletes per statement (from the
 * transition tables, so a bulk insert adds each value once) and updates per row that changes a value.
 */
function tallyTriggers(dialect: Dialect, table: string, tallies: Record<string, string>): StorageObject[] {
  const entries = Object.entries(tallies);
  const columns = columnsOf(tallies).join(', ');
  if (dialect === 'postgres') {
    const args = entries.flat().map(literal).join(', ');
    const changed = Object.values(tallies)
      .map((expression) => `(${tallyOf(expression, 'OLD')}) IS DISTINCT FROM (${tallyOf(expression, 'NEW')})`)
      .join(' OR ');
    return [
      statementTrigger(table, 'tally_insert', 'INSERT', `value_counts_apply(${args})`),
      trigger(
        `${table}_tally_update`,
        `CREATE TRIGGER ${table}_tally_update AFTER UPDATE OF ${columns} ON ${table} FOR EACH ROW ` +
          `WHEN (${changed}) EXECUTE FUNCTION value_counts_move(${args})`,
      ),
      statementTrigger(table, 'tally_delete', 'DELETE', `value_counts_apply(${args})`),
    ];
  }
  const key = (filter: string, row: string) => `${row}.workspace_id, ${literal(table)}, ${literal(filter)}`;
  const match = (filter: string, row: string, expression: string) =>
    `workspace_id = ${row}.workspace_id AND table_name = ${literal(table)} AND filter_name = ${literal(filter)} ` +
    `AND value = ${tallyOf(expression, row)}`;
  const add = (filter: string, expression: string, condition = 'true') =>
    `INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) ` +
    `SELECT ${key(filter, 'new')}, ${tallyOf(expression, 'new')}, 1
       WHERE ${tallyOf(expression, 'new')} IS NOT NULL AND ${condition}
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;`;
  const remove = (filter: string, expression: string, condition = 'true') =>
    `UPDATE value_counts SET total = total - 1 WHERE ${match(filter, 'old', expression)} AND ${condition};`;
  const changed = (expression: string) => `${tallyOf(expression, 'old')} IS NOT ${tallyOf(expression, 'new')}`;
  const body = (statements: string[]) => statements.join('\n');
  return [
    trigger(
      `${table}_tally_insert`,
      `CREATE TRIGGER ${table}_tally_insert AFTER INSERT ON ${table} BEGIN
${body(entries.map(([filter, expression]) => add(filter, expression)))}
END`,
    ),
    trigger(
      `${table}_tally_update`,
      `CREATE TRIGGER ${table}_tally_update AFTER UPDATE OF ${columns} ON ${table} BEGIN
${body(
  entries.flatMap(([filter, expression]) => [
    remove(filter, expression, changed(expression)),
    add(filter, expression, changed(expression)),
  ]),
)}
END`,
    ),
    trigger(
      `${table}_tally_delete`,
      `CREATE TRIGGER ${table}_tally_delete AFTER DELETE ON ${table} BEGIN
${body(entries.map(([filter, expression]) => remove(filter, expression)))}
END`,
    ),
  ];
}

/**
 * A link row takes its copy from the linked row when written (on PostgreSQL reading that row FOR
 * SHARE, so a rename committing meanwhile waits and then copies to it too); an index orders the
 * links of the other side by the copy.
 */
function nameCopyObjects(dialect: Dialect, table: string): StorageObject[] {
  const { key, from, source, copy, by } = LINK_NAME_COPIES[table]!;
  const found = `FROM ${from} WHERE workspace_id = NEW.workspace_id AND id = NEW.${key}`;
  const order: StorageObject = {
    name: `${table}_${by.replace(/_id$/, '')}_order_idx`,
    kind: 'index',
    sql: `CREATE INDEX ${table}_${by.replace(/_id$/, '')}_order_idx ON ${table} (workspace_id, ${by}, ${copy}, ${key})`,
  };
  if (dialect === 'postgres') {
    return [
      {
        name: `${table}_copy_name`,
        kind: 'function',
        sql: `CREATE FUNCTION ${table}_copy_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT ${source} INTO NEW.${copy} ${found} FOR SHARE;
  NEW.${copy} := coalesce(NEW.${copy}, '');
  RETURN NEW;
END $$`,
      },
      trigger(
        `${table}_name_copy`,
        `CREATE TRIGGER ${table}_name_copy BEFORE INSERT OR UPDATE OF ${key}, ${copy} ON ${table} FOR EACH ROW ` +
          `EXECUTE FUNCTION ${table}_copy_name()`,
      ),
      order,
    ];
  }
  // Each writes only a copy that differs, so its own write ends it; a bulk load replays *_copy_insert.
  const name = `coalesce((SELECT ${source} ${found}), '')`;
  const recopy =
    `WHEN NEW.${copy} IS NOT ${name} BEGIN ` + `UPDATE ${table} SET ${copy} = ${name} WHERE rowid = NEW.rowid; END`;
  return [
    trigger(`${table}_copy_insert`, `CREATE TRIGGER ${table}_copy_insert AFTER INSERT ON ${table} ${recopy}`),
    trigger(
      `${table}_copy_update`,
      `CREATE TRIGGER ${table}_copy_update AFTER UPDATE OF ${key}, ${copy} ON ${table} ${recopy}`,
    ),
    order,
  ];
}

/** A rename of a row whose name links copy is copied to every such link. */
function copiesToLinks(dialect: Dialect, table: string): StorageObject[] {
  const copies = Object.entries(LINK_NAME_COPIES).filter(([, copy]) => copy.from === table);
  if (copies.length === 0) return [];
  const source = copies[0]![1].source;
  const updates = copies
    .map(
      ([link, { copy, key }]) =>
        `UPDATE ${link} SET ${copy} = NEW.${source} WHERE workspace_id = NEW.workspace_id AND ${key} = NEW.id;`,
    )
    .join('\n');
  if (dialect === 'postgres') {
    return [
      {
        name: `${table}_copy_${source}_to_links`,
        kind: 'function',
        sql: `CREATE FUNCTION ${table}_copy_${source}_to_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
${updates}
RETURN NULL;
END $$`,
      },
      trigger(
        `${table}_${source}_copy`,
        `CREATE TRIGGER ${table}_${source}_copy AFTER UPDATE OF ${source} ON ${table} FOR EACH ROW ` +
          `WHEN (OLD.${source} IS DISTINCT FROM NEW.${source}) EXECUTE FUNCTION ${table}_copy_${source}_to_links()`,
      ),
    ];
  }
  return [
    trigger(
      `${table}_${source}_copy`,
      `CREATE TRIGGER ${table}_${source}_copy AFTER UPDATE OF ${source} ON ${table} ` +
        `WHEN OLD.${source} IS NOT NEW.${source} BEGIN
${updates}
END`,
    ),
  ];
}

/**
 * The statements the service's storage facts call for on one database: shared functions, then each
 * table's (of `tables`: the baseline's own, where a later migration made a table).
 */
export function storageStatements(dialect: Dialect, tables: readonly string[] = SERVICE_TABLES): string[] {
  const objects = SERVICE_TABLES.filter((table) => tables.includes(table)).flatMap((table) =>
    storageObjects(dialect, table).map((object) => object.sql),
  );
  return [...sharedStorageFunctions(dialect), ...objects];
}

/**
 * A digest of the storage statements on both databases. The last migration that changes storage
 * records the digest it brings the schema to; test/schema-baseline.test.ts compares it with this,
 * so a fact or a trigger changed without a migration fails.
 */
export function storageFingerprint(): string {
  const hash = createHash('sha256');
  for (const dialect of ['sqlite', 'postgres'] as const) hash.update(storageStatements(dialect).join('\n;\n'));
  return hash.digest('hex').slice(0, 16);
}
