/**
 * Every list operation of /openapi.json, with each sort (both directions) and filter, is served by
 * an index on both databases: each statement a real request ran is explained and must neither read
 * a whole table nor sort all its rows, nor (on SQLite, planning for a far larger estate) read a
 * workspace's rows to filter them.
 */
import { createRegistry } from '../../../src/families/registry.js';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { sql, type CompiledQuery } from 'kysely';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { openDatabase, type Database } from '../../../src/base/db/database.js';
import { migrateToLatest } from '../../../src/base/db/migrate.js';
import { buildApp, type App } from '../../../src/surfaces/server/app.js';
import { createKey } from '../../../src/features/accounts/keys/keys.service.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { createWorkspace } from '../../../src/features/accounts/workspaces/workspaces.service.js';
import { createMigratedTestDatabase, DIALECTS, type TestDatabase, serviceFamilies } from '../../support/harness.js';
import { listOperations, type Operation, type Parameter, type Schema } from '../../support/list-operations.js';

/** Enough servers that PostgreSQL's planner prefers an index to reading a table and sorting it. */
const SEED_SIZE = 20_000;

/** Parameters that page or search rather than filter (the audit log searches with `query`). */
const PAGING = new Set(['limit', 'offset', 'sort', 'q', 'cursor', 'query']);

/**
 * Filters that select one parent's children (an id: a tag, an owner, a server) or a range (a
 * date): their matches are read through an index on the link or the column and then ordered.
 */
const BOUNDED_FILTER_FORMATS = new Set(['uuid', 'date', 'date-time']);

/**
 * The orderings no index of the listed table can give, each sorting a set bounded by something
 * other than the size of the estate; the matches are still read through an index, never a scan.
 * `'*'` names every variant of the list.
 */
const SORTED_MATCHES: Record<string, { variants: string[]; why: string }> = {
  '/public/v1/agents': { variants: ['status'], why: 'the status depends on the clock (a report in the last 24 h)' },
  '/public/v1/announcements': {
    variants: ['active'],
    why: 'the clock decides; the window is read from announcements_window_idx',
  },
};

/**
 * Filters read alone in the list's default order from the link's own index (the name copies of
 * src/base/db/storage.ts): never sorted, and read by the workspace through the link's index.
 */
const ORDERED_ALONE = new Set(['/public/v1/servers tagId', '/public/v1/servers applicationId']);

function sortsMatchesOf(path: string, query: Record<string, string>, parameters: Parameter[]): boolean {
  const named = Object.keys(query);
  if (named.length === 1 && ORDERED_ALONE.has(`${path} ${named[0]}`)) return false;
  // A search reads its matches from the text index, then orders them.
  if (query.q || query.query) return true;
  const allowed = SORTED_MATCHES[path]?.variants ?? [];
  const parameterNames = [...named, ...(query.sort ? [query.sort.replace(/^-/, '')] : [])];
  return (
    allowed.includes('*') ||
    parameterNames.some(
      (name) =>
        allowed.includes(name) ||
        BOUNDED_FILTER_FORMATS.has(parameters.find((p) => p.name === name)?.schema.format ?? ''),
    )
  );
}

/** A value of the parameter's type; whether it matches any row does not change the plan. */
function sampleValue(schema: Schema): string {
  if (schema.enum) return String(schema.enum[0]);
  if (schema.anyOf) return sampleValue(schema.anyOf.find((option) => option.type !== 'null') ?? schema.anyOf[0]!);
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date') return '2026-01-01';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.type === 'boolean') return 'true';
  if (schema.type === 'array' && schema.items) return sampleValue(schema.items);
  if (schema.type === 'integer' || schema.type === 'number') return String(Math.max(1, schema.minimum ?? 1));
  return 'x';
}

/**
 * The plan's lines that read a whole table or sort whole results; empty when indexes serve it.
 * `sortsMatches`: ordering the matches of one parent or range is allowed (no single index orders
 * them). PostgreSQL is asked whether an index *can* serve the statement, with sequential scans and
 * disallowed sorts priced out, since at test size it rightly prefers reading a small table whole.
 */
async function planProblems(
  database: Database,
  query: CompiledQuery,
  sortsMatches: boolean,
  filtered: boolean,
  partialIndexes: ReadonlySet<string>,
): Promise<string[]> {
  // A search must read the text index, not compare the text of every row.
  const searches = /estate_fold\(.*\) like|search_text" like|\smatch\s/i.test(query.sql);
  const textIndex =
    database.dialect === 'sqlite' ? /_(text|grams) VIRTUAL TABLE INDEX \d+:M/ : /Bitmap Index Scan on \w+_text_idx/;
  const unindexedSearch = (plan: string[]) =>
    searches && !plan.some((line) => textIndex.test(line))
      ? [`the search does not read the text index:\n      ${plan.join('\n      ')}`]
      : [];
  if (database.dialect === 'sqlite') {
    const { rows } = await database.db.executeQuery<{ detail: string }>({
      ...query,
      sql: `EXPLAIN QUERY PLAN ${query.sql}`,
    });
    return [
      ...unindexedSearch(rows.map((row) => row.detail)),
      ...rows
        .map((row) => row.detail)
        .filter(
          (detail) =>
            /^SCAN (?!CONSTANT ROW|\w+_(text|grams) VIRTUAL TABLE INDEX \d+:M)/.test(detail) ||
            (!sortsMatches &&
              /TEMP B-TREE FOR (ORDER BY|GROUP BY|DISTINCT|LAST TERM OF ORDER BY|RIGHT PART OF ORDER BY)/.test(
                detail,
              )) ||
            // Walking the sort's index while testing each row against an indexed list of ids (LIST
            // SUBQUERY) is the plan for a link filter; any other filter must narrow the index read.
            (filtered &&
              !rows.some((row) => row.detail.startsWith('LIST SUBQUERY')) &&
              walksWorkspace(
                /^SEARCH \w+ USING (?:COVERING )?INDEX (\w+) \(workspace_id=\?\)$/.exec(detail)?.[1],
                partialIndexes,
              )),
        ),
    ];
  }
  const lines = await database.db.connection().execute(async (connection) => {
    await sql`BEGIN`.execute(connection);
    try {
      await sql`SET LOCAL enable_seqscan = off`.execute(connection);
      if (!sortsMatches) await sql`SET LOCAL enable_sort = off`.execute(connection);
      // Comparing the text of a few hundred rows is cheap, so at CI size the planner rightly filters
      // a small family's rows; priced as it is across a large workspace, a search must find an index.
      if (searches) await sql`ALTER FUNCTION textlike(text, text) COST 100000`.execute(connection);
      const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>({
        ...query,
        sql: `EXPLAIN ${query.sql}`,
      });
      return rows.map((row) => row['QUERY PLAN']);
    } finally {
      await sql`ROLLBACK`.execute(connection);
    }
  });
  // An Incremental Sort presorted on every key but the last (the id) orders only rows that tie on
  // all the others (of the installCount sort, one product's installs), which is allowed.
  const tiesOnly = new Set<number>();
  lines.forEach((line, i) => {
    // (EXPLAIN prints the presorted keys without their direction.)
    const sortKey = /^Sort Key: (.*)$/
      .exec(lines[i + 1]?.trim() ?? '')?.[1]
      ?.replaceAll(' DESC', '')
      .split(', ');
    const presorted = /^Presorted Key: (.*)$/.exec(lines[i + 2]?.trim() ?? '')?.[1];
    if (/->\s+Incremental Sort\s/.test(line) && sortKey && presorted === sortKey.slice(0, -1).join(', '))
      for (const n of [i, i + 1, i + 2]) tiesOnly.add(n);
  });
  return [
    ...unindexedSearch(lines),
    ...lines
      .filter(
        (line, i) =>
          /Seq Scan on (?!row_counts|workspaces)/.test(line) ||
          (!sortsMatches && !tiesOnly.has(i) && /(^|->\s+)(Incremental )?Sort\s/.test(line.trim())) ||
          // Walking a sort's index and filtering is right for a filter that keeps most rows, never
          // for an id: reading the workspace to find an id means no index has the id.
          (/(Index|Recheck) Cond: \(workspace_id = [^()]*\)$/.test(line.trim()) &&
            /^Filter: .*::uuid\)/.test(lines[i + 1]?.trim() ?? '')),
      )
      .map((line) => `${line.trim()}\n      ${lines.join('\n      ')}`),
  ];
}

/**
 * A filtered query that reads an index by the workspace alone (`SEARCH t USING INDEX i
 * (workspace_id=?)`) reads every row of the workspace to find its matches, unless the index is
 * partial: then it holds just the rows the filter keeps.
 */
function walksWorkspace(index: string | undefined, partialIndexes: ReadonlySet<string>): boolean {
  return index !== undefined && !partialIndexes.has(index);
}

/** How many times larger than the seed the SQLite planner is told the estate is. */
const STATISTICS_SCALE = 1000;
/** Tables that do not grow with the estate: a workspace's software products (one total each) come from its software. */
const UNSCALED = new Set(['software_installs']);

/**
 * SQLite's counterpart of pricing out sequential scans on PostgreSQL: the seed's statistics
 * (sqlite_stat1, which SQLite documents as writable) rewritten for an estate `factor` times larger,
 * each table and workspace holding `factor` times the rows and every narrower key as many as now.
 */
async function scaleStatistics(database: Database, factor: number): Promise<void> {
  const { rows } = await sql<{ tbl: string; idx: string | null; stat: string; first: string | null }>`
    SELECT tbl, idx, stat, (SELECT name FROM pragma_index_info(idx) WHERE seqno = 0) AS first
      FROM sqlite_stat1`.execute(database.db);
  for (const row of rows) {
    if (UNSCALED.has(row.tbl)) continue;
    const scaled = row.first === 'workspace_id' ? 2 : 1;
    const stat = row.stat
      .split(' ')
      .map((token, i) => (i < scaled && /^\d+$/.test(token) ? String(Number(token) * factor) : token))
      .join(' ');
    await sql`UPDATE sqlite_stat1 SET stat = ${stat} WHERE tbl = ${row.tbl} AND idx IS ${row.idx}`.execute(database.db);
  }
  await sql`ANALYZE sqlite_schema`.execute(database.db);
}

/** The names of every index and trigger, to compare before and after a bulk load. */
async function indexNames(database: Database): Promise<string[]> {
  const { rows } =
    database.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name`.execute(database.db)
      : await sql<{
          name: string;
        }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public'
            UNION SELECT tgname FROM pg_trigger WHERE NOT tgisinternal ORDER BY name`.execute(database.db);
  return rows.map((row) => row.name);
}

for (const dialect of DIALECTS) {
  describe(`query plans of every list [${dialect}]`, () => {
    let target: TestDatabase;
    let database: Database;
    let app: App;
    let secret: string;
    let operations: [path: string, operation: Operation][];
    let captured: CompiledQuery[] = [];
    let recording = false;
    let indexesBefore: string[] = [];

    before(async () => {
      target = await createMigratedTestDatabase(dialect);
      database = openDatabase(target.url, { onQuery: (query) => void (recording && captured.push(query)) });
      await migrateToLatest(database);
      const workspace = await createWorkspace(database, createRegistry().scopes, { name: 'Plans' }, CLI_ACTOR);
      await addMember(
        database,
        serviceFamilies,
        { workspaceId: workspace.id, email: 'plans@example.test', name: 'Plan Admin', role: 'admin' },
        CLI_ACTOR,
      );
      indexesBefore = await indexNames(database);
      await seedWorkspace(database, { workspaceId: workspace.id, size: SEED_SIZE });
      // A second workspace, so that a plan reading every workspace's rows is not mistaken for one reading its own.
      const other = await createWorkspace(database, createRegistry().scopes, { name: 'Other' }, CLI_ACTOR);
      await seedWorkspace(database, { workspaceId: other.id, size: SEED_SIZE / 4 });
      if (dialect === 'sqlite') await scaleStatistics(database, STATISTICS_SCALE);
      secret = (await createKey(database, { workspaceId: workspace.id, name: 'plans', alias: 'admin' })).secret;
      app = await buildApp({ database });
      operations = await listOperations(app);
    });
    after(async () => {
      await app?.close();
      await database?.close();
      await target?.drop();
    });

    /** A path with its `{id}` replaced by a real item of the parent list, so the child list runs. */
    async function concretePath(path: string): Promise<string> {
      const match = /^(.*?)\/\{[^}]+\}(.*)$/.exec(path);
      if (!match) return path;
      const parent = (
        await app.inject({
          method: 'GET',
          url: match[1]!,
          query: { limit: '1' },
          headers: { authorization: `Bearer ${secret}` },
        })
      ).json() as { data?: { id: string }[] };
      return `${match[1]}/${parent.data?.[0]?.id ?? randomUUID()}${match[2]}`;
    }

    it('leaves every index and every row count as a bulk load found them', async () => {
      // The SQLite loader drops a doubled table's indexes and count trigger during the seed.
      assert.deepEqual(await indexNames(database), indexesBefore);
      for (const table of ['servers', 'workstations', 'audit_events'] as const) {
        const { rows } = await sql<{ kept: number; actual: number }>`
          SELECT (SELECT sum(total) FROM row_counts WHERE table_name = ${table}) AS kept,
                 (SELECT count(*) FROM ${sql.table(table)}) AS actual`.execute(database.db);
        assert.equal(Number(rows[0]!.kept), Number(rows[0]!.actual), `${table}: row_counts`);
      }
      // The per-value, per-day and per-link counts (src/base/db/storage.ts), which the loader also fills at the end.
      const day = (column: string) =>
        dialect === 'sqlite' ? `substr(${column}, 1, 10)` : `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
      const counted = [
        ['servers', 'environment', 'environment'],
        ['workstations', 'status', 'status'],
        ['discovered_applications', 'status', 'status'],
        ['workstations', 'day:warranty_end', day('warranty_end')],
        ['audit_events', 'day:timestamp', day('timestamp')],
        ['server_tags', 'link:tag_id', 'CAST(tag_id AS TEXT)'],
        ['application_servers', 'link:application_id', 'CAST(application_id AS TEXT)'],
      ] as const;
      for (const [table, filter, value] of counted) {
        const { rows } = await sql<{ workspace_id: string; value: string; n: number }>`
          SELECT workspace_id, ${sql.raw(value)} AS value, count(*) AS n
            FROM ${sql.table(table)} GROUP BY 1, 2 ORDER BY 1, 2`.execute(database.db);
        const kept = await database.db
          .selectFrom('value_counts')
          .select(['workspace_id', 'value', 'total as n'])
          .where('table_name', '=', table)
          .where('filter_name', '=', filter)
          .where('total', '<>', 0)
          .orderBy('workspace_id')
          .orderBy('value')
          .execute();
        assert.deepEqual(
          kept.map((row) => ({ ...row, n: Number(row.n) })),
          rows.map((row) => ({ ...row, n: Number(row.n) })),
          `${table}.${filter}: value_counts`,
        );
      }
      // The search versions, set for every loaded table and workspace.
      const versions = await database.db
        .selectFrom('search_versions')
        .select(['table_name', 'version'])
        .where('table_name', 'in', ['servers', 'workstations', 'audit_events'])
        .execute();
      assert.equal(versions.length, 6, 'both workspaces');
      if (dialect === 'sqlite') {
        // The text and gram indexes, filled after the load with a larger FTS5 hash: every row, and the
        // hash back to its size.
        for (const text of ['servers', 'workstations', 'audit_events'].flatMap((t) => [`${t}_text`, `${t}_grams`])) {
          const table = text.replace(/_(text|grams)$/, '');
          const { rows } = await sql<{ indexed: number; actual: number; hash: number }>`
            SELECT (SELECT count(*) FROM ${sql.table(text)}) AS indexed,
              (SELECT count(*) FROM ${sql.table(table)}) AS actual,
              (SELECT v FROM ${sql.table(`${text}_config`)} WHERE k = 'hashsize') AS hash`.execute(database.db);
          assert.equal(rows[0]!.indexed, rows[0]!.actual, `${text}: every row indexed`);
          assert.equal(rows[0]!.hash ?? 1024 * 1024, 1024 * 1024, `${text}: FTS5 hashsize back to its default`);
        }
      }
    });

    it('finds the list operations to check', () => {
      assert.ok(operations.length >= 16, `only ${operations.length} list operations found`);
    });

    it('serves every sort and filter of every list from an index', async () => {
      const problems: string[] = [];
      const partialIndexes = new Set(
        dialect === 'sqlite'
          ? (
              await sql<{
                name: string;
              }>`SELECT name FROM sqlite_master WHERE type = 'index' AND sql LIKE '% where %'`.execute(database.db)
            ).rows.map((row) => row.name)
          : [],
      );
      for (const [path, operation] of operations) {
        const url = await concretePath(path);
        const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
        const sorts = (parameters.find((parameter) => parameter.name === 'sort')?.schema.enum ?? []) as string[];
        const variants: Record<string, string>[] = [
          {},
          ...sorts.map((sort) => ({ sort })),
          ...parameters.filter((p) => !PAGING.has(p.name)).map((p) => ({ [p.name]: sampleValue(p.schema) })),
          // A search matching few rows must read the text index. One matching many may instead walk
          // the sort's index until a page is full, which PostgreSQL rightly prefers.
          ...parameters.filter((p) => p.name === 'q' || p.name === 'query').map((p) => ({ [p.name]: 'qzx-nowhere' })),
          // SQLite: a search of one or two characters reads the gram index (db/text-search.ts).
          ...(dialect === 'sqlite'
            ? parameters
                .filter((p) => p.name === 'q' || p.name === 'query')
                .flatMap((p) => [{ [p.name]: 'zq' }, { [p.name]: '%' }])
            : []),
        ];
        for (const query of variants) {
          const sortsMatches = sortsMatchesOf(path, query, parameters);
          // A filter whose matches the sort's index may be walked for: a date range (dense, the
          // planner's choice) and the listed clock-bound filters and people lists.
          const walkable = (name: string) =>
            ['date', 'date-time'].includes(parameters.find((p) => p.name === name)?.schema.format ?? '') ||
            (SORTED_MATCHES[path]?.variants.some((variant) => variant === '*' || variant === name) ?? false);
          const filtered = Object.keys(query).some((name) => !PAGING.has(name) && !walkable(name));
          captured = [];
          recording = true;
          const response = await app.inject({
            method: 'GET',
            url,
            query,
            headers: { authorization: `Bearer ${secret}` },
          });
          recording = false;
          const label = `GET ${path}?${new URLSearchParams(query)}`;
          if (response.statusCode !== 200 && response.statusCode !== 404)
            problems.push(`${label}: answered ${response.statusCode} ${response.body.slice(0, 200)}`);
          // Lookups keyed by the ids of the page (relations, references) are bounded by the page size.
          for (const statement of captured.filter(
            (statement) => /^\s*select/i.test(statement.sql) && !/" in \((\?|\$\d)/.test(statement.sql),
          )) {
            for (const line of await planProblems(database, statement, sortsMatches, filtered, partialIndexes))
              problems.push(`${label}: ${line}\n    ${statement.sql.slice(0, 400)}`);
          }
        }
      }
      if (process.env.PLAN_REPORT) writeFileSync(`${process.env.PLAN_REPORT}.${dialect}`, problems.join('\n'));
      assert.deepEqual(problems, [], problems.join('\n'));
    });
  });
}
