import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 14: the total of a list filtered by a broad filter (`environment=production`, a quarter of
 * a million servers) comes from a per-value count kept by triggers, like `row_counts` keeps the
 * unfiltered totals, instead of counting the matching rows on every request.
 *
 * `value_counts` holds per workspace, table and filter the rows each value selects. The counted
 * value is SQL over the row (`{row}` stands for it), as text; NULL is not counted. Triggers keep
 * it in the writing transaction: per row on SQLite; on PostgreSQL inserts and deletes per
 * statement, from the statement's transition tables, so a bulk insert adds each value's count
 * once, and updates per row that changes a counted value. Decrements are
 * UPDATEs only: when a workspace is deleted, its rows and counts go in one cascade, in any order.
 *
 * The application reads the list from here (src/db/tallies.ts): the filters it may count are the
 * ones whose triggers exist.
 */
export const TALLIES: Record<string, Record<string, string>> = {
  applications: {
    lifecycleStatus: '{row}.lifecycle_status',
    criticality: '{row}.criticality',
    hostingType: '{row}.hosting_type',
  },
  categories: { root: "CASE WHEN {row}.parent_id IS NULL THEN 'true' ELSE 'false' END" },
  servers: {
    environment: '{row}.environment',
    automatic: 'CAST({row}.automatic AS TEXT)',
    os: '{row}.os_key',
  },
  networks: { environment: '{row}.environment' },
  routers: { manufacturer: '{row}.manufacturer_key' },
  workstations: {
    status: '{row}.status',
    automatic: 'CAST({row}.automatic AS TEXT)',
    assigned: "CASE WHEN {row}.assigned_user_id IS NULL THEN 'false' ELSE 'true' END",
  },
  data_objects: {
    classification: '{row}.classification',
    personalData: 'CAST({row}.personal_data AS TEXT)',
  },
  contracts: { type: '{row}.type', vendor: '{row}.vendor_key' },
  flows: { protocol: '{row}.protocol', frequency: '{row}.frequency' },
  announcements: { severity: '{row}.severity' },
  discovered_applications: {
    status: '{row}.status',
    missing: "CASE WHEN {row}.missing_since IS NULL THEN 'false' ELSE 'true' END",
    vendor: '{row}.vendor_key',
  },
  // The audit log's filters: one count per action serves `actions=` with several.
  audit_events: {
    category: '{row}.category',
    actions: '{row}.action',
    resourceType: '{row}.resource_type',
  },
};

const of = (expression: string, row: string) => expression.replaceAll('{row}', row);
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const uuid = dialect === 'postgres' ? 'uuid' : 'text';
  await db.schema
    .createTable('value_counts')
    .addColumn('workspace_id', uuid, (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('filter_name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('value_counts_pk', ['workspace_id', 'table_name', 'filter_name', 'value'])
    .execute();

  if (dialect === 'postgres') await createPostgresFunctions(db);
  for (const [table, tallies] of Object.entries(TALLIES)) {
    if (dialect === 'postgres') await createPostgresTriggers(db, table, tallies);
    else await createSqliteTriggers(db, table, tallies);
    for (const [filter, expression] of Object.entries(tallies)) {
      await sql`INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total)
        SELECT workspace_id, ${table}, ${filter}, value, count(*) FROM (SELECT workspace_id, ${sql.raw(of(expression, table))} AS value FROM ${sql.table(table)}) counted
        WHERE value IS NOT NULL GROUP BY workspace_id, value`.execute(db);
    }
  }
}

/**
 * `value_counts_apply(filter, expression, …)`: the insert and delete trigger function of every
 * counted table, per statement, its arguments the table's filters and their SQL with `{row}` for
 * the row. Values are applied in (workspace, value) order, so concurrent statements lock counter
 * rows in one order.
 *
 * `value_counts_move(…)`, the same arguments: per updated row, and only for an update that changes
 * a counted value (the trigger's WHEN). A statement trigger with transition tables cannot be
 * limited to some columns, and ran six dynamic queries for every UPDATE of the table: 0.76 ms
 * more per single-row update, measured on 2,000 updates of servers.last_check_time.
 */
async function createPostgresFunctions(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION value_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
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
             ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = value_counts.total + excluded.total',
            TG_TABLE_NAME, filter, replace(expression, '{row}', 'n'));
        END IF;
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION value_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      filter text;
      expression text;
      old_value text;
      new_value text;
    BEGIN
      FOR i IN 0 .. TG_NARGS / 2 - 1 LOOP
        filter := TG_ARGV[2 * i];
        expression := TG_ARGV[2 * i + 1];
        EXECUTE format('SELECT %s, %s', replace(expression, '{row}', '($1)'), replace(expression, '{row}', '($2)')) INTO old_value, new_value USING OLD, NEW;
        CONTINUE WHEN old_value IS NOT DISTINCT FROM new_value;
        IF old_value IS NOT NULL THEN
          UPDATE value_counts SET total = total - 1
           WHERE workspace_id = OLD.workspace_id AND table_name = TG_TABLE_NAME AND filter_name = filter AND value = old_value;
        END IF;
        IF new_value IS NOT NULL THEN
          INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) VALUES (NEW.workspace_id, TG_TABLE_NAME, filter, new_value, 1)
          ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = value_counts.total + 1;
        END IF;
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);
}

/** The columns the counted values read: an update of any other column leaves the counts alone. */
const columnsOf = (tallies: Record<string, string>) => [
  ...new Set(
    Object.values(tallies).flatMap((expression) => [...expression.matchAll(/\{row\}\.(\w+)/g)].map((m) => m[1]!)),
  ),
];

export async function createPostgresTriggers(
  db: Kysely<unknown>,
  table: string,
  tallies: Record<string, string>,
): Promise<void> {
  const args = sql.raw(Object.entries(tallies).flat().map(literal).join(', '));
  const name = (operation: string) => sql.id(`${table}_tally_${operation}`);
  const changed = sql.raw(
    Object.values(tallies)
      .map((expression) => `(${of(expression, 'OLD')}) IS DISTINCT FROM (${of(expression, 'NEW')})`)
      .join(' OR '),
  );
  const columns = sql.join(columnsOf(tallies).map((column) => sql.ref(column)));
  await sql`CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${sql.table(table)} REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply(${args})`.execute(
    db,
  );
  await sql`CREATE TRIGGER ${name('update')} AFTER UPDATE OF ${columns} ON ${sql.table(table)} FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION value_counts_move(${args})`.execute(
    db,
  );
  await sql`CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${sql.table(table)} REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply(${args})`.execute(
    db,
  );
}

export async function createSqliteTriggers(
  db: Kysely<unknown>,
  table: string,
  tallies: Record<string, string>,
): Promise<void> {
  const key = (filter: string, row: string) => `${row}.workspace_id, ${literal(table)}, ${literal(filter)}`;
  const match = (filter: string, row: string, expression: string) =>
    `workspace_id = ${row}.workspace_id AND table_name = ${literal(table)} AND filter_name = ${literal(filter)} AND value = ${of(expression, row)}`;
  const add = (filter: string, expression: string, condition = 'true') =>
    `INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT ${key(filter, 'new')}, ${of(expression, 'new')}, 1
       WHERE ${of(expression, 'new')} IS NOT NULL AND ${condition}
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;`;
  const remove = (filter: string, expression: string, condition = 'true') =>
    `UPDATE value_counts SET total = total - 1 WHERE ${match(filter, 'old', expression)} AND ${condition};`;
  const changed = (expression: string) => `${of(expression, 'old')} IS NOT ${of(expression, 'new')}`;
  const entries = Object.entries(tallies);
  const columns = columnsOf(tallies);
  await sql
    .raw(`CREATE TRIGGER ${table}_tally_insert AFTER INSERT ON ${table} BEGIN
    ${entries.map(([filter, expression]) => add(filter, expression)).join('\n    ')}
  END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ${table}_tally_update AFTER UPDATE OF ${columns.join(', ')} ON ${table} BEGIN
    ${entries.map(([filter, expression]) => `${remove(filter, expression, changed(expression))}\n    ${add(filter, expression, changed(expression))}`).join('\n    ')}
  END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ${table}_tally_delete AFTER DELETE ON ${table} BEGIN
    ${entries.map(([filter, expression]) => remove(filter, expression)).join('\n    ')}
  END`)
    .execute(db);
}
