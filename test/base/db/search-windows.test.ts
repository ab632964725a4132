/**
 * On SQLite a broad search (`q`, the audit log's `query`) may read its page by testing a window of
 * rows at the start of the page's order instead of listing every match from the text index.
 * Whichever read serves a page, it is the page the plain substring rule gives, on both databases.
 */
import { createRegistry } from '../../../src/families/registry.js';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type CompiledQuery } from 'kysely';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { openDatabase, type Database } from '../../../src/base/db/database.js';
import { likePattern } from '../../../src/base/db/text-search.js';
import { buildApp, type App } from '../../../src/surfaces/server/app.js';
import { createKey } from '../../../src/features/accounts/keys/keys.service.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { createWorkspace } from '../../../src/features/accounts/workspaces/workspaces.service.js';
import { createMigratedTestDatabase, DIALECTS, type TestDatabase } from '../../support/harness.js';

/** Servers: enough that a search matching most of them may be read from a window (offset.ts). */
const SERVERS = 24_000;

type Page = { data: { id: string }[]; pagination?: { total: number }; total?: number; nextCursor?: string };

for (const dialect of DIALECTS) {
  describe(`pages of broad searches [${dialect}]`, () => {
    let target: TestDatabase;
    let database: Database;
    let app: App;
    let key: string;
    let workspaceId: string;
    let statements: string[] = [];

    before(async () => {
      target = await createMigratedTestDatabase(dialect);
      database = openDatabase(target.url, { onQuery: (query: CompiledQuery) => void statements.push(query.sql) });
      const workspace = await createWorkspace(database, createRegistry().scopes, { name: 'Windows' }, CLI_ACTOR);
      workspaceId = workspace.id;
      // One server in 20 (by id) sorts first by name, and one in 26 of those matches `match`; the
      // others all match it and sort after them: ascending, a window at the start holds a few.
      // Named as the seed makes them: an UPDATE of every name afterwards took 12 s on SQLite.
      await seedWorkspace(database, {
        workspaceId,
        size: SERVERS,
        seed: 3,
        serverName: (id) =>
          id.slice(34) < '0d'
            ? `aa-${id}${id.slice(35) === '0' && id.charAt(33) < '8' ? '-match' : '-quiet'}`
            : `zz-match-${id}`,
      });
      // Three servers without a number of cores: ascending, they come first.
      await sql`UPDATE servers SET cpu_cores = NULL WHERE workspace_id = ${workspaceId} AND id IN (
          SELECT id FROM servers WHERE workspace_id = ${workspaceId} AND name LIKE 'zz-%' ORDER BY id LIMIT 3
        )`.execute(database.db);
      // Server events older than 60 days, and one in 16 of the later ones, get a name only they
      // hold: the newest events hold a few.
      const before = new Date(Date.now() - 60 * 86_400_000).toISOString();
      await sql`UPDATE audit_events SET resource_name = 'srv ' || resource_name
        WHERE workspace_id = ${workspaceId} AND resource_type = 'server'
          AND (timestamp < ${before} OR substr(CAST(resource_id AS TEXT), 36) = '0')`.execute(database.db);
      key = (await createKey(database, { workspaceId, name: 'windows', alias: 'admin' })).secret;
      // Which statements read each page is what these tests look at: no page is kept under the data
      // version (lists/response-cache.ts), and the rows were changed behind the service's back above.
      app = await buildApp({ database, logger: false, responseCacheBytes: 0 });
    });
    after(async () => {
      await app?.close();
      await database?.close();
      await target?.drop();
    });

    async function get(path: string, query: Record<string, string>): Promise<Page> {
      const response = await app.inject({
        method: 'GET',
        url: `/public/v1${path}`,
        query,
        headers: { authorization: `Bearer ${key}` },
      });
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as Page;
    }

    /**
     * The matching servers' ids in a sort's order (rows without a value first ascending), by the plain
     * substring rule on each column.
     */
    async function expectedServers(
      text: string,
      column: string,
      direction: 'asc' | 'desc',
      offset: number,
      limit: number,
    ): Promise<string[]> {
      const pattern = likePattern(text);
      const { rows } = await sql<{ id: string }>`SELECT id FROM servers WHERE workspace_id = ${workspaceId}
        AND (estate_fold(name) LIKE ${pattern} ESCAPE '\\' OR estate_fold(hostname) LIKE ${pattern} ESCAPE '\\'
          OR estate_fold(ip_addresses) LIKE ${pattern} ESCAPE '\\')
        ORDER BY ${sql.ref(column)} ${sql.raw(direction)}
          ${sql.raw(direction === 'asc' ? 'NULLS FIRST' : 'NULLS LAST')}, id ${sql.raw(direction)}
        LIMIT ${limit} OFFSET ${offset}`.execute(database.db);
      return rows.map((row) => String(row.id));
    }

    /**
     * Whether the request walked a window testing the rows' text, and whether it listed the text
     * index's matches (after a window too short).
     */
    function reads(): { window: boolean; listed: boolean } {
      const window = statements.some(
        (statement) =>
          /estate_fold\("name"\) end like .* and \("\w+", "id"\) (<=|>=)/.test(statement) ||
          /estate_fold\("resource_name"\) end like .*\(timestamp, id\) >=/.test(statement),
      );
      const listed = statements.some((statement) => /_text" match/.test(statement) && /^select \*/.test(statement));
      return { window, listed };
    }

    it('are the pages of the substring rule, from a window or from the matches', async () => {
      const cases: [text: string, sort: string, column: string][] = [
        ['match', '-name', 'name'], // the window holds the page
        ['match', 'name', 'name'], // the matches come after the first window: a second, larger one holds them
        // Too few matches for a window worth testing (SQLite), or last in the order (PostgreSQL): the
        // first page lists them; the next ones start from the first match, remembered (SearchStart).
        ['quiet', 'name', 'name'],
        ['quiet', '-name', 'name'],
        ['internal', 'name', 'name'],
        ['internal', 'hostname', 'hostname'],
        ['internal', 'cpuCores', 'cpu_cores'], // rows without cores come first: no window (SQLite)
        ['internal', '-cpuCores', 'cpu_cores'],
        ['internal', '-createdAt', 'created_at'],
      ];
      const seen = { window: 0, listed: 0 };
      for (const [text, sort, column] of cases) {
        for (const offset of [0, 50, 137]) {
          statements = [];
          const page = await get('/servers', { q: text, sort, limit: '50', offset: String(offset) });
          const expected = await expectedServers(text, column, sort.startsWith('-') ? 'desc' : 'asc', offset, 50);
          assert.equal(expected.length, 50);
          assert.deepEqual(
            page.data.map((server) => server.id),
            expected,
            `q=${text} sort=${sort} offset=${offset}`,
          );
          if (dialect === 'sqlite') {
            const read = reads();
            if (read.window && !read.listed) seen.window += 1;
            if (read.listed) seen.listed += 1;
            if (text === 'match' && sort === '-name')
              assert.ok(read.window && !read.listed, `q=match sort=-name offset=${offset}: read from the window`);
            if (text === 'match' && sort === 'name')
              assert.ok(read.window && !read.listed, `q=match sort=name offset=${offset}: a larger window`);
            if (text === 'quiet' && (offset === 0) !== (read.listed && !read.window))
              assert.fail(`q=quiet sort=${sort} offset=${offset}: listed only at offset 0`);
            if (sort === 'cpuCores') assert.ok(!read.window, 'no window over rows without a sort value');
          } else {
            // PostgreSQL: the first rows of the sort's order (a derived table), else every match
            // sorted (a materialized CTE), never a walk of the sort's index bounded only by the table.
            const windowed = statements.some((statement) =>
              /^select \* from \(select \* from "servers" where .* limit \$\d+\) as "servers" where/.test(statement),
            );
            const listed = statements.some((statement) => /^with "servers" as materialized/.test(statement));
            const unbounded = statements.some((statement) =>
              /^select \* from "servers" where "workspace_id" = \$1 and "servers"."search_text" like/.test(statement),
            );
            assert.ok(!unbounded, `q=${text} sort=${sort} offset=${offset}: no unbounded read`);
            if (windowed && !listed) seen.window += 1;
            if (listed) seen.listed += 1;
            if (text === 'match' && sort === '-name')
              assert.ok(windowed && !listed, `q=match sort=-name offset=${offset}: read from the window`);
            if (text === 'match' && sort === 'name')
              assert.ok(windowed && !listed, `q=match sort=name offset=${offset}: a larger window`);
            if (text === 'quiet' && sort === '-name' && (offset === 0) !== listed)
              assert.fail(`q=quiet sort=-name offset=${offset}: listed only at offset 0`);
          }
        }
      }
      assert.ok(seen.window >= 6 && seen.listed >= 1, JSON.stringify(seen));
    });

    it('are the audit log pages of the substring rule, cursor after cursor', async () => {
      // '-0': in most names, the newest events' too. 'srv ': mostly in old events, so the first
      // page is read from a larger window than an even spread needs (the next ones, from a cursor
      // among them, may be read either way).
      for (const [query, windowed] of [
        ['-0', [true, true, true]],
        ['srv ', [true]],
      ] as const) {
        const pattern = likePattern(query);
        const { rows } = await sql<{ id: string }>`SELECT id FROM audit_events WHERE workspace_id = ${workspaceId}
          AND (estate_fold(resource_name) LIKE ${pattern} ESCAPE '\\'
            OR estate_fold(actor_name) LIKE ${pattern} ESCAPE '\\'
            OR estate_fold(action) LIKE ${pattern} ESCAPE '\\'
            OR estate_fold(resource_type) LIKE ${pattern} ESCAPE '\\')
          ORDER BY timestamp DESC, id DESC LIMIT 150`.execute(database.db);
        let cursor: string | undefined;
        const read: string[] = [];
        for (let i = 0; i < 3; i += 1) {
          statements = [];
          const page = await get('/audit-log', { query, limit: '50', ...(cursor ? { cursor } : {}) });
          read.push(...page.data.map((event) => event.id));
          cursor = page.nextCursor;
          if (dialect === 'sqlite' && windowed[i] !== undefined) {
            const { window, listed } = reads();
            assert.equal(window && !listed, windowed[i], `query=${query} page ${i + 1}: read from a window`);
          }
        }
        assert.deepEqual(
          read,
          rows.map((row) => String(row.id)),
          `query=${query}`,
        );
      }
    });
  });
}
