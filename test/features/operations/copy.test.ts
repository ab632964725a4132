/**
 * `estate copy --to URL`: SQLite → PostgreSQL → SQLite (SQLite → SQLite → SQLite without
 * TEST_DATABASE_URL) gives the same API answers byte for byte with the same key, audit cursors
 * continue, `estate serve` on the target accepts the key, and a non-empty target is refused.
 */
import { createRegistry } from '../../../src/families/registry.js';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../../../src/surfaces/server/app.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { openDatabase, type Database } from '../../../src/base/db/database.js';
import { migrateToLatest } from '../../../src/base/db/migrate.js';
import type { App } from '../../../src/base/http/types.js';
import { createKey } from '../../../src/features/accounts/keys/keys.service.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { createWorkspace } from '../../../src/features/accounts/workspaces/workspaces.service.js';
import { differences, publicAnswers } from '../../support/answers.js';
import { estate, startServer, stopServer } from '../../support/cli.js';
import {
  createMigratedTestDatabase,
  createTestDatabase,
  type TestDatabase,
  serviceFamilies,
} from '../../support/harness.js';

interface Side {
  test: TestDatabase;
  database: Database;
  app: App;
}

async function open(test: TestDatabase): Promise<Side> {
  const database = openDatabase(test.url);
  return { test, database, app: await buildApp({ database }) };
}

async function close(side: Side | undefined): Promise<void> {
  await side?.app.close();
  await side?.database.close();
  await side?.test.drop();
}

/** Rows of every kind the seed leaves out, and values that test the types: trees, amounts, Unicode, IPv6. */
async function fill(app: App, key: string): Promise<void> {
  const call = async (method: 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown) => {
    const response = await app.inject({
      method,
      url: `/public/v1${url}`,
      headers: { authorization: `Bearer ${key}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    assert.ok(response.statusCode < 300, `${method} ${url}: ${response.body}`);
    return response.statusCode === 204 ? undefined : (response.json() as { id: string });
  };
  // A child older than its parent: a load in key order would meet the child first.
  const child = await call('POST', '/categories', { name: 'Zürich ☃ child' });
  const parent = await call('POST', '/categories', { name: 'Parent' });
  await call('PATCH', `/categories/${child!.id}`, { parentId: parent!.id });
  const team = await call('POST', '/teams', { name: 'Ops' });
  const subteam = await call('POST', '/teams', { name: 'Night shift', parentId: team!.id });
  assert.ok(subteam);
  const application = await call('POST', '/applications', { name: 'Billing', criticality: 'high' });
  await call('POST', `/applications/${application!.id}/comments`, { body: 'Migrates in Q3 — “ok”' });
  await call('POST', '/contracts', {
    name: 'Support',
    vendor: 'Acme',
    startDate: '2026-01-01',
    endDate: '2027-01-01',
    amount: 1234.56,
    autoRenew: true,
  });
  await call('POST', '/servers', { name: 'v6-host', hostname: 'v6', ipAddresses: ['2001:db8::1', '10.0.0.7'] });
  await call('PATCH', '/tenant', { defaultCurrency: 'USD' });
}

describe('estate copy', () => {
  let source: Side;
  let middle: Side | undefined;
  let last: Side | undefined;
  let key: string;
  let copies: { middle: ReturnType<typeof JSON.parse>; last: ReturnType<typeof JSON.parse> };

  before(async () => {
    const test = await createMigratedTestDatabase('sqlite');
    source = await open(test);
    await migrateToLatest(source.database);
    const workspace = await createWorkspace(source.database, createRegistry().scopes, { name: 'Acme' }, CLI_ACTOR);
    await addMember(
      source.database,
      serviceFamilies,
      { workspaceId: workspace.id, email: 'ada@example.test', name: 'Ada', role: 'admin', password: 'x7!Kq9#mPz2$vL' },
      CLI_ACTOR,
    );
    key = (await createKey(source.database, { workspaceId: workspace.id, name: 'sync', alias: 'admin' })).secret;
    await seedWorkspace(source.database, { workspaceId: workspace.id, size: 120 });
    await fill(source.app, key);
    const other = await createWorkspace(source.database, createRegistry().scopes, { name: 'Other' }, CLI_ACTOR);
    await seedWorkspace(source.database, { workspaceId: other.id, size: 30, seed: 7 });

    const middleTest = await createTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
    const toMiddle = await estate(source.test.url, ['copy', '--to', middleTest.url, '--json']);
    assert.equal(toMiddle.code, 0, toMiddle.stderr);
    middle = await open(middleTest);
    const lastTest = await createTestDatabase('sqlite');
    const toLast = await estate(middleTest.url, ['copy', '--to', lastTest.url, '--json']);
    assert.equal(toLast.code, 0, toLast.stderr);
    last = await open(lastTest);
    copies = { middle: toMiddle.json(), last: toLast.json() };
  });

  after(async () => {
    await close(last);
    await close(middle);
    await close(source);
  });

  it('--json names both kinds and every table with its rows, counted in the target after the commit', async () => {
    const { middle: first, last: second } = copies;
    assert.equal(first.from, 'sqlite');
    assert.equal(first.to, middle!.database.dialect);
    assert.equal(first.verified, true);
    assert.deepEqual(second.tables, first.tables, 'the second copy carries the rows of the first');
    assert.ok(first.tables.servers >= 150 && first.tables.audit_events > 0 && first.tables.api_keys === 1);
    assert.equal(
      first.rows,
      Object.values(first.tables as Record<string, number>).reduce((a, b) => a + b, 0),
    );
    for (const derived of ['row_counts', 'value_counts', 'search_versions', 'server_addresses', 'console_sessions'])
      assert.equal(first.tables[derived], undefined, `${derived} is made again, not copied`);
  });

  it('SQLite → target → SQLite: every API answer (lists, totals, filters, q, items, audit) is the same', async () => {
    const expected = await publicAnswers(source.app, key);
    assert.ok(expected.size > 300, `${expected.size} answers compared`);
    for (const [name, side] of [
      ['middle', middle!],
      ['last', last!],
    ] as const) {
      const actual = await publicAnswers(side.app, key);
      const differing = differences(expected, actual);
      assert.deepEqual(
        differing.slice(0, 5).map((url) => [url, expected.get(url)?.slice(0, 300), actual.get(url)?.slice(0, 300)]),
        [],
        `${name}: ${differing.length} answers differ`,
      );
    }
  });

  it('an audit cursor handed out by the source continues on the copies', async () => {
    const page = async (app: App, cursor?: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/public/v1/audit-log?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
          headers: { authorization: `Bearer ${key}` },
        })
      ).body;
    const cursor = (JSON.parse(await page(source.app)) as { nextCursor: string }).nextCursor;
    assert.ok(cursor);
    const next = await page(source.app, cursor);
    assert.equal(await page(middle!.app, cursor), next);
    assert.equal(await page(last!.app, cursor), next);
  });

  it('the counts and text search are made from the rows: equal to the source’s, never copied', async () => {
    const counts = async (database: Database) =>
      (
        await sql<{ w: string; t: string; n: number }>`SELECT workspace_id AS w, table_name AS t, total AS n
          FROM row_counts WHERE total <> 0 ORDER BY 1, 2`.execute(database.db)
      ).rows.map((row) => `${row.w} ${row.t} ${Number(row.n)}`);
    const values = async (database: Database) =>
      (
        await sql<{ key: string; n: number }>`SELECT workspace_id || ' ' || table_name || ' ' || filter_name || ' ' ||
          value AS key, total AS n FROM value_counts WHERE total <> 0 ORDER BY 1`.execute(database.db)
      ).rows.map((row) => `${row.key} ${Number(row.n)}`);
    for (const side of [middle!, last!]) {
      assert.deepEqual(await counts(side.database), await counts(source.database));
      assert.deepEqual(await values(side.database), await values(source.database));
    }
  });

  it('estate serve on the target accepts the source’s API key', async () => {
    const server = await startServer(middle!.test.url);
    try {
      const response = await fetch(`${server.base}/public/v1/me`, { headers: { authorization: `Bearer ${key}` } });
      assert.equal(response.status, 200);
      assert.doesNotMatch(server.output(), /first start|created a demo workspace/i);
    } finally {
      await stopServer(server.child);
    }
  });

  it('a target that holds rows, or the current database itself, is refused with exit code 1', async () => {
    const again = await estate(source.test.url, ['copy', '--to', last!.test.url, '--json']);
    assert.equal(again.code, 1);
    assert.equal(again.stdout, '');
    assert.match(again.stderr, /not empty/);
    const itself = await estate(source.test.url, ['copy', '--to', source.test.url]);
    assert.equal(itself.code, 1);
    assert.match(itself.stderr, /current database/);
  });
});
