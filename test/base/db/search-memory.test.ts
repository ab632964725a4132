/**
 * A broad search remembers, per search version, where its matches begin in an order and which rows
 * its pages held (db/search-counts.ts, SearchStart and SearchPage), and chooses its windows by
 * measured costs (lists/windows.ts, columnTestWindows). A page read from memory is the page the plain
 * substring rule gives, before and after writes that change what matches or where it sorts.
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
import { columnTestWindow, columnTestWindows } from '../../../src/base/lists/windows.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { createWorkspace } from '../../../src/features/accounts/workspaces/workspaces.service.js';
import { createMigratedTestDatabase, DIALECTS, ONCE, type TestDatabase } from '../../support/harness.js';

describe('the windows a broad search tries (SQLite)', ONCE, () => {
  it('tests a window where the matches are dense, as in the audit log at 1M servers', () => {
    // 10,018 of 16,136 events match: a page of 51 needs ~82 events were they spread evenly, so a
    // window of 500; testing it costs less than a quarter of listing the matches (the rule assumed
    // 40 times a match's cost per row before: it listed all 10,018).
    assert.equal(columnTestWindow((51 * 16_136) / 10_018, 16_136, 10_018), 500);
    // 1,000,000 of 1,500,000 events: the even spread's window, then one whose test costs what
    // listing the matches does.
    assert.deepEqual(columnTestWindows((51 * 1_500_000) / 1_000_000, 1_500_000, 1_000_000), [500, 200_000]);
  });

  it('lists sparse matches rather than test a window', () => {
    assert.equal(columnTestWindow((51 * 16_136) / 1_000, 16_136, 1_000), undefined);
    assert.deepEqual(columnTestWindows((51 * 16_136) / 1_000, 16_136, 1_000), []);
    // A window short of the table only.
    assert.equal(columnTestWindow(51, 400, 390), undefined);
  });
});

type Page = { data: { id: string; name?: string }[]; pagination?: { total: number }; total?: number };

for (const dialect of DIALECTS) {
  describe(`remembered searches [${dialect}]`, () => {
    let target: TestDatabase;
    let database: Database;
    let app: App;
    let key: string;
    let workspaceId: string;
    let statements: string[] = [];

    before(async () => {
      target = await createMigratedTestDatabase(dialect);
      database = openDatabase(target.url, { onQuery: (query: CompiledQuery) => void statements.push(query.sql) });
      const workspace = await createWorkspace(database, createRegistry().scopes, { name: 'Memory' }, CLI_ACTOR);
      workspaceId = workspace.id;
      await seedWorkspace(database, { workspaceId, size: 3000, seed: 5 });
      key = (await createKey(database, { workspaceId, name: 'memory', alias: 'admin' })).secret;
      // The response cache off (lists/response-cache.ts): a page asked again is read, not answered from memory.
      app = await buildApp({ database, logger: false, responseCacheBytes: 0 });
    });
    after(async () => {
      await app?.close();
      await database?.close();
      await target?.drop();
    });

    async function call(method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) {
      const response = await app.inject({
        method,
        url: `/public/v1${url}`,
        ...(body ? { payload: body } : {}),
        headers: { authorization: `Bearer ${key}` },
      });
      assert.ok(response.statusCode < 300, response.body);
      return response;
    }

    /** The matching servers' ids by name, by the plain substring rule on each searched column. */
    async function expectedServers(text: string, direction: 'asc' | 'desc', offset: number): Promise<string[]> {
      const pattern = likePattern(text);
      const columns = ['name', 'hostname', 'ip_addresses', 'os', 'manufacturer', 'model', 'serial_number', 'location'];
      const { rows } = await sql<{ id: string }>`SELECT id FROM servers WHERE workspace_id = ${workspaceId}
        AND (${sql.join(
          columns.map((column) => sql`estate_fold(coalesce(${sql.ref(column)}, '')) LIKE ${pattern} ESCAPE '\\'`),
          sql` OR `,
        )})
        ORDER BY name ${sql.raw(direction)}, id ${sql.raw(direction)} LIMIT 50 OFFSET ${offset}`.execute(database.db);
      return rows.map((row) => String(row.id));
    }

    async function expectedEvents(text: string): Promise<string[]> {
      const pattern = likePattern(text);
      const { rows } = await sql<{ id: string }>`SELECT id FROM audit_events WHERE workspace_id = ${workspaceId}
        AND (${sql.join(
          ['resource_name', 'actor_name', 'action', 'resource_type'].map(
            (column) => sql`estate_fold(coalesce(${sql.ref(column)}, '')) LIKE ${pattern} ESCAPE '\\'`,
          ),
          sql` OR `,
        )})
        ORDER BY timestamp DESC, id DESC LIMIT 50`.execute(database.db);
      return rows.map((row) => String(row.id));
    }

    const byIds = () => statements.some((statement) => /"id" in \(/.test(statement));

    it('reads a page again by its ids, and a write that changes it is seen', async () => {
      for (const sort of ['name', '-name']) {
        const direction = sort === 'name' ? 'asc' : 'desc';
        const url = `/servers?q=-prod-&sort=${sort}`;
        statements = [];
        const first = (await call('GET', url)).body;
        assert.ok(!byIds(), 'the first read lists or walks');
        statements = [];
        assert.equal((await call('GET', url)).body, first, 'the same bytes');
        assert.ok(byIds(), `${sort}: read again by its ids`);
        assert.deepEqual(
          (JSON.parse(first) as Page).data.map((server) => server.id),
          await expectedServers('-prod-', direction, 0),
        );
        for (const offset of [50, 120]) {
          const page = (await call('GET', `${url}&offset=${offset}`)).json() as Page;
          assert.deepEqual(
            page.data.map((server) => server.id),
            await expectedServers('-prod-', direction, offset),
            `${sort} offset=${offset}`,
          );
        }
      }
      // A new match that sorts first, then a match renamed away: each page follows.
      const created = (await call('POST', '/servers', { name: 'aaa-prod-000000' })).json() as { id: string };
      const page = (await call('GET', '/servers?q=-prod-&sort=name')).json() as Page;
      assert.equal(page.data[0]?.id, created.id);
      assert.deepEqual(
        page.data.map((server) => server.id),
        await expectedServers('-prod-', 'asc', 0),
      );
      const last = (await call('GET', '/servers?q=-prod-&sort=-name')).json() as Page;
      await call('PATCH', `/servers/${last.data[0]!.id}`, { name: 'renamed-away' });
      for (const [sort, direction] of [
        ['name', 'asc'],
        ['-name', 'desc'],
      ] as const)
        for (const offset of [0, 50]) {
          const again = (await call('GET', `/servers?q=-prod-&sort=${sort}&offset=${offset}`)).json() as Page;
          assert.ok(!again.data.some((server) => server.id === last.data[0]!.id));
          assert.deepEqual(
            again.data.map((server) => server.id),
            await expectedServers('-prod-', direction, offset),
            `${sort} offset=${offset} after the writes`,
          );
        }
    });

    it('reads an audit log page again by its ids, and a new event is seen', async () => {
      const url = '/audit-log?query=-prod-';
      statements = [];
      const first = (await call('GET', url)).body;
      statements = [];
      assert.equal((await call('GET', url)).body, first, 'the same bytes');
      assert.ok(byIds(), 'read again by its ids');
      assert.deepEqual(
        (JSON.parse(first) as Page).data.map((event) => event.id),
        await expectedEvents('-prod-'),
      );
      await call('POST', '/servers', { name: 'zzz-prod-000001' });
      const page = (await call('GET', url)).json() as Page;
      assert.deepEqual(
        page.data.map((event) => event.id),
        await expectedEvents('-prod-'),
      );
      assert.notDeepEqual(page.data, (JSON.parse(first) as Page).data);
    });
  });
}
