/**
 * The total of a search alone (`q`, the audit log's `query`) is counted once per change of the
 * searched text (src/base/db/search-counts.ts) and remembered meanwhile. It must stay exact through
 * every kind of change, also one another Estate instance makes, on both databases.
 */
import { createRegistry } from '../../../src/families/registry.js';
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql, type CompiledQuery } from 'kysely';
import { buildApp } from '../../../src/surfaces/server/app.js';
import { openDatabase } from '../../../src/base/db/database.js';
import { VERSIONED } from '../../../src/base/db/storage.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { COUNTED_TABLES } from '../../../src/base/db/storage.js';
import { migrateToLatest } from '../../../src/base/db/migrate.js';
import { createKey } from '../../../src/features/accounts/keys/keys.service.js';
import { createWorkspace, deleteWorkspace } from '../../../src/features/accounts/workspaces/workspaces.service.js';
import { createTestDatabase, describeEachDatabase, type Harness } from '../../support/harness.js';
import { everyEvent, everyItem } from '../../support/walk.js';

type Named = { id: string; name: string };

/** The total a search reports, and the items its pages hold (read by the page query, not the count). */
async function searched(
  h: Pick<Harness, 'call'>,
  key: string,
  path: string,
  query: Record<string, string>,
): Promise<{ total: number; items: number }> {
  const { items, total } = await everyItem(h, key, path, query);
  return { total, items: items.length };
}

describeEachDatabase('totals of searches', (h) => {
  it('keep a version on every searched table, moved by inserts, deletes and searched columns only', async () => {
    const { rows } =
      h.dialect === 'sqlite'
        ? await sql<{
            name: string;
          }>`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%search_version%'`.execute(
            h.database.db,
          )
        : await sql<{
            name: string;
          }>`SELECT tgname AS name FROM pg_trigger WHERE tgname LIKE '%search_version%'`.execute(h.database.db);
    assert.deepEqual(
      rows.map((row) => row.name).sort(),
      Object.keys(VERSIONED)
        .flatMap((table) => ['insert', 'update', 'delete'].map((operation) => `${table}_search_version_${operation}`))
        .sort(),
    );

    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const version = async () =>
      Number(
        (
          await h.database.db
            .selectFrom('search_versions')
            .select('version')
            .where('workspace_id', '=', ws.id)
            .where('table_name', '=', 'servers')
            .executeTakeFirst()
        )?.version ?? 0,
      );
    const server = (await h.call('POST', '/public/v1/servers', { key, body: { name: 'web-1' } })).json() as Named;
    const first = await version();
    assert.equal(
      (await h.call('PATCH', `/public/v1/servers/${server.id}`, { key, body: { environment: 'staging', cpuCores: 4 } }))
        .statusCode,
      200,
    );
    assert.equal(await version(), first, 'a column no search reads leaves the version');
    assert.equal(
      (await h.call('PATCH', `/public/v1/servers/${server.id}`, { key, body: { name: 'web-1' } })).statusCode,
      200,
    );
    assert.equal(await version(), first, 'a searched column set to its own value leaves it');
    assert.equal(
      (await h.call('PATCH', `/public/v1/servers/${server.id}`, { key, body: { hostname: 'web-1.example' } }))
        .statusCode,
      200,
    );
    assert.notEqual(await version(), first, 'a searched column moves it');
  });

  it('stay exact through creates, renames, deletes, a bulk seed and the audit events they write', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const check = async (expected: number, why: string) => {
      const result = await searched(h, key, '/servers', { q: 'web' });
      assert.deepEqual(result, { total: expected, items: expected }, why);
      const audit = (
        await h.call('GET', '/public/v1/audit-log', { key, query: { query: 'web', limit: '200' } })
      ).json() as { data: unknown[]; total: number };
      assert.equal(audit.total, audit.data.length, `audit log, ${why}`);
    };
    const created: Named[] = [];
    for (const [i, name] of ['web-1', 'web-2', 'db-1', 'WEB-3'].entries())
      created.push(
        (
          await h.call('POST', '/public/v1/servers', { key, body: { name, hostname: `host-${i}.example` } })
        ).json() as Named,
      );
    await check(3, 'created');
    await check(3, 'asked again');
    await h.call('PATCH', `/public/v1/servers/${created[0]!.id}`, { key, body: { name: 'app-1' } });
    await check(2, 'renamed out of the search');
    await h.call('PATCH', `/public/v1/servers/${created[2]!.id}`, { key, body: { hostname: 'db-1.web.internal' } });
    await check(3, 'another searched column now matches');
    await h.call('DELETE', `/public/v1/servers/${created[1]!.id}`, { key });
    await check(2, 'deleted');
    // Parallel renames, each in its own transaction, between two reads of the total.
    const renames = created
      .filter((_, i) => i !== 1)
      .map((server, i) =>
        h.call('PATCH', `/public/v1/servers/${server.id}`, { key, body: { name: `web-parallel-${i}` } }),
      );
    for (const response of await Promise.all(renames)) assert.equal(response.statusCode, 200, response.body);
    await check(3, 'renamed in parallel');
    await seedWorkspace(h.database, { workspaceId: ws.id, size: 60, seed: 3 });
    const { total } = await searched(h, key, '/servers', { q: 'web' });
    assert.ok(total > 3, 'the seed wrote web servers');
    await check(total, 'after a bulk seed');
  });

  it('answer a repeated search from memory, and another instance’s change at once', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    for (const name of ['web-1', 'web-2']) await h.call('POST', '/public/v1/servers', { key, body: { name } });
    const counted: string[] = [];
    const database = openDatabase(h.url, {
      onQuery: (query: CompiledQuery) => void (/count\(\*\)/i.test(query.sql) && counted.push(query.sql)),
    });
    const other = await buildApp({ database });
    try {
      const total = async () =>
        (
          (
            await other.inject({
              method: 'GET',
              url: '/public/v1/servers',
              query: { q: 'web' },
              headers: { authorization: `Bearer ${key}` },
            })
          ).json() as { pagination: { total: number } }
        ).pagination.total;
      assert.equal(await total(), 2);
      assert.ok(counted.length > 0, 'the first search counts');
      counted.length = 0;
      assert.equal(await total(), 2);
      assert.deepEqual(counted, [], 'the same search again reads the remembered total');
      // The first instance writes; the second must see it in its next total.
      assert.equal((await h.call('POST', '/public/v1/servers', { key, body: { name: 'web-3' } })).statusCode, 201);
      assert.equal(await total(), 3, "another instance's create");
      assert.ok(counted.length > 0, 'counted again after the change');
      const web1 = (await h.call('GET', '/public/v1/servers', { key, query: { q: 'web-1' } })).json() as {
        data: Named[];
      };
      assert.equal((await h.call('DELETE', `/public/v1/servers/${web1.data[0]!.id}`, { key })).statusCode, 204);
      assert.equal(await total(), 2, "another instance's delete");
    } finally {
      await other.close();
      await database.close();
    }
  });

  it(
    'count a search of an estate of one workspace in its text index alone, ' +
      'and each workspace its own once another has rows',
    async () => {
      // Every versioned table keeps row counts: they tell when a workspace holds all of its rows.
      for (const table of Object.keys(VERSIONED))
        assert.ok(
          (COUNTED_TABLES as readonly string[]).includes(table) || table === 'audit_events',
          `${table} is row-counted`,
        );
      const test = await createTestDatabase(h.dialect);
      const database = openDatabase(test.url);
      let app: Awaited<ReturnType<typeof buildApp>> | undefined;
      try {
        await migrateToLatest(database);
        const alone = await createWorkspace(database, createRegistry().scopes, { name: 'Alone' }, CLI_ACTOR);
        await seedWorkspace(database, { workspaceId: alone.id, size: 300, seed: 5 });
        const key = (await createKey(database, { workspaceId: alone.id, name: 'key', alias: 'admin' })).secret;
        app = await buildApp({ database });
        const local: Pick<Harness, 'call'> = {
          call: (method, url, options = {}) =>
            app!.inject({ method, url, query: options.query, headers: { authorization: `Bearer ${options.key}` } }),
        };
        const assertExact = async (secret: string, why: string) => {
          for (const [path, q] of [
            ['/servers', 'prod'],
            ['/servers', '-00'],
            ['/workstations', 'ws-0'],
            ['/applications', 'a'],
            ['/discovered-applications', 'micro'],
          ] as const) {
            const { total, items } = await searched(local, secret, path, { q });
            assert.equal(total, items, `${path}?q=${q}, ${why}`);
          }
          for (const query of ['create', 'server']) {
            const { total, events } = await everyEvent(local, secret, { query });
            assert.equal(total, events.length, `audit-log?query=${query}, ${why}`);
          }
        };
        await assertExact(key, 'one workspace');
        // Another workspace with rows of every table: each counts its own matches from now on.
        const other = await createWorkspace(database, createRegistry().scopes, { name: 'Other' }, CLI_ACTOR);
        await seedWorkspace(database, { workspaceId: other.id, size: 200, seed: 6 });
        const otherKey = (await createKey(database, { workspaceId: other.id, name: 'key', alias: 'admin' })).secret;
        await assertExact(key, 'beside another workspace');
        await assertExact(otherKey, 'the other workspace');
        await deleteWorkspace(database, other.id);
        await assertExact(key, 'alone again');
      } finally {
        await app?.close();
        await database.close();
        await test.drop();
      }
    },
  );
});
