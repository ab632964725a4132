/**
 * The SQL of the storage objects the facts of storage.ts call for: triggers that keep row counts,
 * per-value counts, search versions, the text index and copied names in the writing transaction.
 * A migration that adds a table or a fact runs these statements (for an empty table: existing rows
 * are not counted or indexed here); test/base/db/schema-baseline.test.ts checks the baseline holds them.
 */
import { createHash } from 'node:crypto';
import type { Dialect } from './dialect.js';
import {
  LINK_NAME_COPIES,
  type NameCopy,
  POSTGRES_NEXT,
  SQLITE_NEXT,
  STORAGE,
  type TableStorage,
  valueCountsOn,
  valueOfRow,
} from './storage.js';

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The functions the triggers call on PostgreSQL, shared by every table (none on SQLite). */
export function sharedStorageFunctions(dialect: Dialect): string[] {
  if (dialect !== 'postgres') return [];
  const plpgsql = (name: string, body: string) =>
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$\n${body}\n$$`;
  return [
    ...customSearchFunctions(dialect),
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

/**
 * The storage objects one table's facts call for, in the order they are made: the service's own
 * facts of the table unless a family defined elsewhere gives its table's (`facts`).
 */
export function storageObjects(dialect: Dialect, table: string, facts = STORAGE[table] ?? {}): StorageObject[] {
  const valueCounts = valueCountsOn(dialect, facts);
  return [
    ...(facts.counted ? countTriggers(dialect, table) : []),
    ...(facts.searched ? searchObjects(dialect, table, facts) : []),
    ...(facts.customFields !== undefined ? customSearchObjects(dialect, table, facts.customFields) : []),
    ...(Object.keys(valueCounts).length > 0 ? valueCountTriggers(dialect, table, valueCounts) : []),
    ...(facts.nameCopy ? nameCopyObjects(dialect, table, facts.nameCopy) : []),
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
 * SQLite: whether a table's text index is written from the row as it is in the table rather than
 * as its trigger saw it: `custom_search` is written by a trigger of its own (customSearchObjects),
 * and whichever of the two runs first, the index then holds the row's text.
 */
const fromRow = (facts: TableStorage): boolean =>
  facts.customFields !== undefined && (facts.searched ?? []).includes('custom_search');

/**
 * SQLite: a contentless FTS5 table `<table>_text`, trigram-tokenized over the folded columns, and
 * the gram index of shorter searches (gramIndex).
 * PostgreSQL: `search_text`, the folded columns joined by U+001F (a match cannot span two), under
 * a trigram GIN index with the trigrams before the workspace.
 */
function textIndex(dialect: Dialect, table: string, facts: TableStorage): StorageObject[] {
  const columns = facts.searched ?? [];
  if (dialect === 'postgres') {
    const folded = columns.map((column) => `estate_fold(coalesce(${column}, ''))`).join(' || chr(31) || ');
    const keys = facts.unscoped ? 'search_text gin_trgm_ops' : 'search_text gin_trgm_ops, workspace_id';
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
  const written = (row: string) =>
    fromRow(facts)
      ? `DELETE FROM ${text} WHERE rowid = ${row}.rowid;
  INSERT INTO ${text} (rowid, ${names}) SELECT rowid, ${folded(table)} FROM ${table} WHERE rowid = ${row}.rowid;`
      : `INSERT INTO ${text} (rowid, ${names}) VALUES (${row}.rowid, ${folded(row)});`;
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
  ${written('new')} END`,
    ),
    trigger(
      `${table}_text_update`,
      `CREATE TRIGGER ${table}_text_update AFTER UPDATE OF ${names} ON ${table} BEGIN
  DELETE FROM ${text} WHERE rowid = old.rowid;
  ${written('new')} END`,
    ),
    trigger(
      `${table}_text_delete`,
      `CREATE TRIGGER ${table}_text_delete AFTER DELETE ON ${table} BEGIN
  DELETE FROM ${text} WHERE rowid = old.rowid; END`,
    ),
    ...gramIndex(table, facts),
  ];
}

/**
 * SQLite: the gram index `<table>_grams` of a search of one or two characters (text-search.ts,
 * gramText): a contentless FTS5 table of one column, the row's tokens, without positions.
 */
function gramIndex(table: string, facts: TableStorage): StorageObject[] {
  const columns = facts.searched ?? [];
  const grams = `${table}_grams`;
  const tokens = (row: string) => `estate_grams(${columns.map((column) => `${row}.${column}`).join(', ')})`;
  const written = (row: string) =>
    fromRow(facts)
      ? `DELETE FROM ${grams} WHERE rowid = ${row}.rowid;
  INSERT INTO ${grams} (rowid, grams) SELECT rowid, ${tokens(table)} FROM ${table} WHERE rowid = ${row}.rowid;`
      : `INSERT INTO ${grams} (rowid, grams) VALUES (${row}.rowid, ${tokens(row)});`;
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
  ${written('new')} END`,
    ),
    trigger(
      `${table}_grams_update`,
      `CREATE TRIGGER ${table}_grams_update AFTER UPDATE OF ${columns.join(', ')} ON ${table} BEGIN
  DELETE FROM ${grams} WHERE rowid = old.rowid;
  ${written('new')} END`,
    ),
    trigger(
      `${table}_grams_delete`,
      `CREATE TRIGGER ${table}_grams_delete AFTER DELETE ON ${table} BEGIN
  DELETE FROM ${grams} WHERE rowid = old.rowid; END`,
    ),
  ];
}

/** The text index of a table over its searched columns, and the triggers that move its search versions. */
function searchObjects(dialect: Dialect, table: string, facts: TableStorage): StorageObject[] {
  return [
    ...textIndex(dialect, table, facts),
    ...(facts.unscoped ? [] : versionTriggers(dialect, table, facts.searched ?? [])),
  ];
}

/** A workspace's search version of the table moves on every insert, delete and searched change. */
function versionTriggers(dialect: Dialect, table: string, columns: readonly string[]): StorageObject[] {
  const names = columns.join(', ');
  if (dialect === 'postgres') {
    const changed = columns.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(' OR ');
    // An UPDATE OF trigger follows the columns a statement sets, not those a BEFORE trigger sets:
    // `custom_search` changes with `custom_fields` (customSearchObjects).
    const set = columns.includes('custom_search') ? `${names}, custom_fields` : names;
    return [
      statementTrigger(table, 'search_version_insert', 'INSERT', 'search_versions_insert()'),
      trigger(
        `${table}_search_version_update`,
        `CREATE TRIGGER ${table}_search_version_update AFTER UPDATE OF ${set} ON ${table} ` +
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
const columnsOf = (valueCounts: Record<string, string>) => [
  ...new Set(
    Object.values(valueCounts).flatMap((expression) => [...expression.matchAll(/\{row\}\.(\w+)/g)].map((m) => m[1]!)),
  ),
];

/**
 * Per-value counts: on SQLite per row; on PostgreSQL inserts and deletes per statement (from the
 * transition tables, so a bulk insert adds each value once) and updates per row that changes a value.
 */
function valueCountTriggers(dialect: Dialect, table: string, valueCounts: Record<string, string>): StorageObject[] {
  const entries = Object.entries(valueCounts);
  const columns = columnsOf(valueCounts).join(', ');
  if (dialect === 'postgres') {
    const args = entries.flat().map(literal).join(', ');
    const changed = Object.values(valueCounts)
      .map((expression) => `(${valueOfRow(expression, 'OLD')}) IS DISTINCT FROM (${valueOfRow(expression, 'NEW')})`)
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
    `AND value = ${valueOfRow(expression, row)}`;
  const add = (filter: string, expression: string, condition = 'true') =>
    `INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) ` +
    `SELECT ${key(filter, 'new')}, ${valueOfRow(expression, 'new')}, 1
       WHERE ${valueOfRow(expression, 'new')} IS NOT NULL AND ${condition}
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;`;
  const remove = (filter: string, expression: string, condition = 'true') =>
    `UPDATE value_counts SET total = total - 1 WHERE ${match(filter, 'old', expression)} AND ${condition};`;
  const changed = (expression: string) => `${valueOfRow(expression, 'old')} IS NOT ${valueOfRow(expression, 'new')}`;
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
 * SHARE, so a rename committing meanwhile waits and then copies to it too), and so the copies of
 * the columns kept `alongside`; an index orders the links of the other side by the copy, and one
 * per column alongside by that column's copy, then the name's.
 */
function nameCopyObjects(dialect: Dialect, table: string, nameCopy: NameCopy): StorageObject[] {
  const { key, from, source, copy, by } = nameCopy;
  const alongside = Object.entries(nameCopy.alongside ?? {});
  const found = `FROM ${from} WHERE workspace_id = NEW.workspace_id AND id = NEW.${key}`;
  const side = by.replace(/_id$/, '');
  const index = (name: string, columns: string[]): StorageObject => ({
    name,
    kind: 'index',
    sql: `CREATE INDEX ${name} ON ${table} (workspace_id, ${by}, ${columns.join(', ')}, ${key})`,
  });
  const indexes = [
    index(`${table}_${side}_order_idx`, [copy]),
    ...alongside.map(([, kept]) => index(`${table}_${side}_${kept}_idx`, [kept, copy])),
  ];
  const written = [copy, ...alongside.map(([, kept]) => kept)];
  if (dialect === 'postgres') {
    const copied = [source, ...alongside.map(([column]) => column)];
    return [
      {
        name: `${table}_copy_name`,
        kind: 'function',
        sql: `CREATE FUNCTION ${table}_copy_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT ${copied.join(', ')} INTO ${written.map((column) => `NEW.${column}`).join(', ')} ${found} FOR SHARE;
  NEW.${copy} := coalesce(NEW.${copy}, '');
  RETURN NEW;
END $$`,
      },
      trigger(
        `${table}_name_copy`,
        `CREATE TRIGGER ${table}_name_copy BEFORE INSERT OR UPDATE OF ${[key, ...written].join(', ')} ON ${table} ` +
          `FOR EACH ROW EXECUTE FUNCTION ${table}_copy_name()`,
      ),
      ...indexes,
    ];
  }
  // Each writes only a copy that differs, so its own write ends it; a bulk load replays *_copy_insert.
  const name = `coalesce((SELECT ${source} ${found}), '')`;
  const values = [[copy, name], ...alongside.map(([column, kept]) => [kept, `(SELECT ${column} ${found})`])];
  const recopy =
    `WHEN ${values.map(([column, value]) => `NEW.${column} IS NOT ${value}`).join(' OR ')} BEGIN ` +
    `UPDATE ${table} SET ${values.map(([column, value]) => `${column} = ${value}`).join(', ')} ` +
    'WHERE rowid = NEW.rowid; END';
  return [
    trigger(`${table}_copy_insert`, `CREATE TRIGGER ${table}_copy_insert AFTER INSERT ON ${table} ${recopy}`),
    trigger(
      `${table}_copy_update`,
      `CREATE TRIGGER ${table}_copy_update AFTER UPDATE OF ${[key, ...written].join(', ')} ON ${table} ${recopy}`,
    ),
    ...indexes,
  ];
}

/** A change of a row's column the service's links copy (its name, a column alongside) is copied to every such link. */
function copiesToLinks(dialect: Dialect, table: string): StorageObject[] {
  const copies = Object.entries(LINK_NAME_COPIES).filter(([, copy]) => copy.from === table);
  // Each copied column and, per link keeping it, the link's column holding the copy.
  const columns = new Map<string, [link: string, copy: string, key: string][]>();
  for (const [link, { source, copy, key, alongside = {} }] of copies)
    for (const [column, kept] of [[source, copy], ...Object.entries(alongside)] as [string, string][])
      columns.set(column, [...(columns.get(column) ?? []), [link, kept, key]]);
  return [...columns].flatMap(([source, links]) => {
    const updates = links
      .map(
        ([link, copy, key]) =>
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
        } satisfies StorageObject,
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
  });
}

/** The statements the service's storage facts call for on one database: shared functions, then each table's. */
export function storageStatements(dialect: Dialect): string[] {
  const objects = Object.keys(STORAGE).flatMap((table) => storageObjects(dialect, table).map((object) => object.sql));
  return [...sharedStorageFunctions(dialect), ...objects];
}

/**
 * PostgreSQL: `estate_custom_search_of(workspace, family, custom_fields)`, the text of the
 * workspace's searchable fields of the family in a row's values (an array's items each), and the
 * trigger function that keeps `custom_search` with it. Neither names a table at creation, so the
 * baseline makes them before `field_definitions` exists.
 */
export function customSearchFunctions(dialect: Dialect): string[] {
  if (dialect !== 'postgres') return [];
  return [
    `CREATE OR REPLACE FUNCTION estate_custom_search_of(uuid, text, text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF $3 = '{}' THEN RETURN NULL; END IF;
  RETURN (SELECT string_agg(CASE jsonb_typeof(field.value)
      WHEN 'array' THEN (SELECT string_agg(item, ' ') FROM jsonb_array_elements_text(field.value) AS item)
      ELSE field.value #>> '{}' END, ' ' ORDER BY d.position, d.name)
    FROM field_definitions AS d CROSS JOIN LATERAL (SELECT $3::jsonb -> d.name AS value) AS field
    WHERE d.workspace_id = $1 AND d.family = $2 AND d.searchable = 1 AND jsonb_typeof(field.value) <> 'null');
END
$$`,
    `CREATE OR REPLACE FUNCTION estate_custom_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.custom_fields IS NOT DISTINCT FROM OLD.custom_fields THEN RETURN NEW; END IF;
  NEW.custom_search := estate_custom_search_of(NEW.workspace_id, TG_ARGV[0], NEW.custom_fields);
  RETURN NEW;
END
$$`,
  ];
}

/**
 * The text `q` finds of a row's searchable custom fields (`row` names the row: `new`, or the
 * table in an UPDATE): their values joined by spaces, an array's items each; NULL when the
 * workspace has none of the family or the row no value for them.
 */
export function customSearchValue(dialect: Dialect, family: string, row: string): string {
  if (dialect === 'postgres')
    return `estate_custom_search_of(${row}.workspace_id, ${literal(family)}, ${row}.custom_fields)`;
  const path = `'$.' || d.name`;
  return `(SELECT group_concat(CASE json_type(${row}.custom_fields, ${path})
      WHEN 'array' THEN (SELECT group_concat(item.value, ' ') FROM json_each(${row}.custom_fields, ${path}) AS item)
      ELSE json_extract(${row}.custom_fields, ${path}) END, ' ')
    FROM field_definitions AS d
    WHERE d.workspace_id = ${row}.workspace_id AND d.family = ${literal(family)} AND d.searchable = 1)`;
}

/**
 * The trigger that keeps a table's `custom_search` with its `custom_fields` (storage.ts,
 * `customFields`): on PostgreSQL before the row is written (so `search_text` is generated from it),
 * on SQLite after, an UPDATE of that column that its text index's triggers follow, made only
 * where the workspace has searchable fields of the family.
 */
export function customSearchObjects(dialect: Dialect, table: string, family: string): StorageObject[] {
  if (dialect === 'postgres')
    return [
      trigger(
        `${table}_custom_search`,
        `CREATE TRIGGER ${table}_custom_search BEFORE INSERT OR UPDATE OF custom_fields ON ${table} ` +
          `FOR EACH ROW EXECUTE FUNCTION estate_custom_search(${literal(family)})`,
      ),
    ];
  const searchable =
    'EXISTS (SELECT 1 FROM field_definitions WHERE workspace_id = new.workspace_id ' +
    `AND family = ${literal(family)} AND searchable = 1)`;
  const value = customSearchValue(dialect, family, 'new');
  const write = `UPDATE ${table} SET custom_search = ${value} WHERE rowid = new.rowid;`;
  return [
    trigger(
      `${table}_custom_search_insert`,
      `CREATE TRIGGER ${table}_custom_search_insert AFTER INSERT ON ${table}
  WHEN new.custom_fields <> '{}' AND ${searchable} BEGIN ${write} END`,
    ),
    trigger(
      `${table}_custom_search_update`,
      `CREATE TRIGGER ${table}_custom_search_update AFTER UPDATE OF custom_fields ON ${table}
  WHEN new.custom_fields IS NOT old.custom_fields AND ${searchable} BEGIN ${write} END`,
    ),
  ];
}

/**
 * A digest of the storage statements on both databases. The last migration that changes storage
 * records the digest it brings the schema to; test/base/db/schema-baseline.test.ts compares it with this,
 * so a fact or a trigger changed without a migration fails.
 */
export function storageFingerprint(): string {
  const hash = createHash('sha256');
  for (const dialect of ['sqlite', 'postgres'] as const) hash.update(storageStatements(dialect).join('\n;\n'));
  return hash.digest('hex').slice(0, 16);
}
