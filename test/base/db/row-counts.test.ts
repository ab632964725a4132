/**
 * One row-count mechanism: audit events are counted in row_counts by the same triggers as the
 * inventory tables (COUNTED_TABLES in src/base/db/storage.ts), and the unfiltered total of GET /audit-log
 * stays exact through every insert and delete path.
 */
import { createRegistry } from '../../../src/families/registry.js';
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { agentListing } from '../../../src/features/agents/agents.module.js';
import { applications } from '../../../src/families/applications/applications.module.js';
import { Application } from '../../../src/families/applications/applications.schemas.js';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { openDatabase, type Database } from '../../../src/base/db/database.js';
import { migrateToLatest, migrationNames } from '../../../src/base/db/migrate.js';
import { COUNTED_TABLES } from '../../../src/base/db/storage.js';
import type { Tables } from '../../../src/base/db/schema.js';
import { buildApp } from '../../../src/surfaces/server/app.js';
import { Server, servers } from '../../../src/families/servers/servers.module.js';
import { newId } from '../../../src/base/ids.js';
import { createKey } from '../../../src/features/accounts/keys/keys.service.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { createWorkspace, deleteWorkspace } from '../../../src/features/accounts/workspaces/workspaces.service.js';
import { createTestDatabase, describeEachDatabase, type Harness, serviceFamilies } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

/** `count` synthetic events of a workspace, inserted in one multi-row statement each 500. */
async function insertEvents(
  db: Kysely<Tables>,
  workspaceId: string,
  count: number,
  resourceType = 'server',
): Promise<string[]> {
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const rows = Array.from({ length: count }, (_, i) => ({
    workspace_id: workspaceId,
    id: newId(),
    timestamp: new Date(start + i).toISOString(),
    category: 'inventory',
    action: 'create',
    actor_type: 'system',
    actor_id: null,
    actor_name: 'row-counts test',
    resource_type: resourceType,
    resource_id: newId(),
    resource_name: `${resourceType}-${i}`,
    changes: null,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('audit_events')
      .values(rows.slice(i, i + 500))
      .execute();
  return rows.map((r) => r.id);
}

async function eventCount(db: Kysely<Tables>, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The unfiltered total GET /public/v1/audit-log answers. */
async function auditTotal(h: Pick<Harness, 'call'>, key: string): Promise<number> {
  const res = await h.call('GET', '/public/v1/audit-log', { key, query: { limit: '1' } });
  assert.equal(res.statusCode, 200, res.body);
  return bodyOf(AuditList, res).total;
}

/** The API's total equals a direct count of the workspace's events. */
async function assertExact(
  h: Pick<Harness, 'call'>,
  db: Kysely<Tables>,
  workspaceId: string,
  key: string,
  message: string,
): Promise<number> {
  const counted = await eventCount(db, workspaceId);
  assert.equal(await auditTotal(h, key), counted, message);
  return counted;
}

/**
 * No separate audit_event_counts (nor its triggers and functions): every row-count trigger counts
 * a counted table of src/base/db/storage.ts in row_counts.
 */
async function assertOneRowCountMechanism(database: Database): Promise<void> {
  const counted = [...COUNTED_TABLES];
  const expected = counted.flatMap((t) => [`${t}_count_delete`, `${t}_count_insert`]).sort();
  if (database.dialect === 'postgres') {
    const { rows: tables } = await sql<{
      t: string | null;
    }>`SELECT to_regclass('audit_event_counts')::text AS t`.execute(database.db);
    assert.equal(tables[0]!.t, null, 'audit_event_counts is dropped');
    const { rows: functions } = await sql<{
      proname: string;
    }>`SELECT proname FROM pg_proc WHERE proname LIKE 'audit_event_counts%'`.execute(database.db);
    assert.deepEqual(functions, [], 'its trigger functions are dropped');
    const { rows: triggers } = await sql<{ tgname: string; table: string; fn: string }>`
      SELECT t.tgname, c.relname AS table, p.proname AS fn
        FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
        JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE NOT t.tgisinternal AND n.nspname = current_schema() AND t.tgname NOT LIKE '%_tally_%'
         AND t.tgname NOT LIKE '%_search_version_%' AND t.tgname NOT LIKE '%_person_%'
         AND t.tgname NOT LIKE '%_copy%' AND t.tgname NOT LIKE '%_address_%'
         AND t.tgname NOT LIKE '%_custom_search%' AND t.tgname <> 'discovered_applications_total_insert'
       ORDER BY t.tgname`.execute(database.db);
    assert.deepEqual(
      triggers.map((t) => t.tgname),
      expected,
    );
    for (const t of triggers) {
      assert.equal(t.fn, t.tgname.endsWith('_insert') ? 'row_counts_add' : 'row_counts_remove', t.tgname);
      assert.ok(counted.includes(t.table), t.table);
    }
  } else {
    const { rows: tables } = await sql<{
      name: string;
    }>`SELECT name FROM sqlite_master WHERE name = 'audit_event_counts'`.execute(database.db);
    assert.deepEqual(tables, [], 'audit_event_counts is dropped');
    // The other storage facts' triggers (text and gram indexes, valueCounts, search versions, name copies,
    // addresses, install totals, custom fields' search text) keep other things.
    const { rows: triggers } = await sql<{ name: string; tbl_name: string; sql: string }>`
      SELECT name, tbl_name, sql FROM sqlite_master
       WHERE type = 'trigger' AND name NOT GLOB '*_text_*' AND name NOT GLOB '*_grams_*' AND name NOT GLOB '*_tally_*'
         AND name NOT GLOB '*_search_version_*' AND name NOT GLOB '*_person_*' AND name NOT GLOB '*_copy*'
         AND name NOT GLOB '*_address_*' AND name NOT GLOB '*_custom_search_*'
         AND name <> 'discovered_applications_total_insert'
       ORDER BY name`.execute(database.db);
    assert.deepEqual(
      triggers.map((t) => t.name),
      expected,
    );
    for (const t of triggers) {
      assert.ok(
        t.sql.includes('row_counts') && t.sql.includes(`'${t.tbl_name}'`),
        `${t.name} counts ${t.tbl_name} in row_counts`,
      );
      assert.ok(!t.sql.includes('audit_event_counts'), t.name);
    }
  }
}

/** A database of the harness's dialect, its app, and a way to call the app; dropped by `done`. */
async function ownDatabase(h: Harness) {
  const test = await createTestDatabase(h.dialect);
  const database = openDatabase(test.url);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  return {
    database,
    async call(method: 'GET', url: string, options: { key: string; query?: Record<string, string> }) {
      app ??= await buildApp({ database });
      return app.inject({ method, url, query: options.query, headers: { authorization: `Bearer ${options.key}` } });
    },
    async done() {
      await app?.close();
      await database.close();
      await test.drop();
    },
  };
}

describeEachDatabase('row counts: audit events counted in row_counts', (h) => {
  it(
    'GET /audit-log total equals the number of events after API writes, ' +
      'rejected writes, multi-row inserts and deletes',
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      assert.equal(await assertExact(h, h.database.db, ws.id, key, 'workspace, member and key creation'), 3);

      const server = bodyOf(Server, await h.call('POST', '/public/v1/servers', { key, body: { name: 'srv-1' } }));
      const application = bodyOf(
        Application,
        await h.call('POST', '/public/v1/applications', { key, body: { name: 'App' } }),
      );
      assert.equal(
        (await h.call('PATCH', `/public/v1/servers/${server.id}`, { key, body: { name: 'srv-2' } })).statusCode,
        200,
      );
      assert.equal(
        (await h.call('PUT', `/public/v1/applications/${application.id}/servers/${server.id}`, { key })).statusCode,
        204,
      );
      assert.equal((await h.call('DELETE', `/public/v1/servers/${server.id}`, { key })).statusCode, 204);
      // The delete also unlinks the server from the application, audited on the application.
      assert.equal(await assertExact(h, h.database.db, ws.id, key, 'after API writes'), 3 + 6);
      assert.equal((await h.call('DELETE', `/public/v1/servers/${server.id}`, { key })).statusCode, 404);
      assert.equal((await h.call('POST', '/public/v1/servers', { key, body: {} })).statusCode, 400);
      assert.equal(await assertExact(h, h.database.db, ws.id, key, 'rejected writes record nothing'), 9);

      const ids = await insertEvents(h.database.db, ws.id, 1200);
      assert.equal(await assertExact(h, h.database.db, ws.id, key, 'after multi-row inserts'), 9 + 1200);
      await h.database.db
        .deleteFrom('audit_events')
        .where('workspace_id', '=', ws.id)
        .where('id', 'in', ids.slice(0, 300))
        .execute();
      assert.equal(await assertExact(h, h.database.db, ws.id, key, 'after a multi-row delete'), 9 + 900);

      // Another workspace's writes leave this total alone.
      const other = await h.workspace('Other');
      await insertEvents(h.database.db, other.id, 50);
      assert.equal(await assertExact(h, h.database.db, ws.id, key, 'another workspace wrote'), 909);
      assert.equal(
        await assertExact(h, h.database.db, other.id, (await h.key(other)).secret, 'the other workspace'),
        3 + 50,
      );
    },
  );

  it(
    "a workspace's bulk changes: a seed, " +
      'a bulk delete and the deletion of ' +
      'another workspace keep every total exact',
    async () => {
      const ws = await h.workspace('Seeded');
      const key = (await h.key(ws)).secret;
      const doomed = await h.workspace('Doomed');
      await insertEvents(h.database.db, doomed.id, 700);

      const created = await seedWorkspace(h.database, { workspaceId: ws.id, size: 300 });
      assert.ok(created.auditEvents > 300);
      assert.equal(await assertExact(h, h.database.db, ws.id, key, 'after a seed'), 3 + created.auditEvents);
      // The inventory lists' totals come from the same rows.
      const lists = { servers: servers.list, applications: applications.list, agents: agentListing.listSchema };
      for (const [path, table] of [
        ['servers', 'servers'],
        ['applications', 'applications'],
        ['agents', 'agents'],
      ] as const) {
        const res = bodyOf(lists[path], await h.call('GET', `/public/v1/${path}`, { key, query: { limit: '1' } }));
        const counted = await h.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', ws.id)
          .executeTakeFirstOrThrow();
        assert.equal(res.pagination.total, Number(counted.n), path);
      }

      await deleteWorkspace(h.database, doomed.id);
      const left = await h.database.db
        .selectFrom('row_counts')
        .select('table_name')
        .where('workspace_id', '=', doomed.id)
        .execute();
      assert.deepEqual(left, [], "a deleted workspace's counts go with it");
      const afterDelete = await assertExact(h, h.database.db, ws.id, key, 'another workspace was deleted');
      assert.equal(afterDelete, 3 + created.auditEvents);

      const removed = await h.database.db
        .deleteFrom('audit_events')
        .where('workspace_id', '=', ws.id)
        .where('resource_type', '=', 'server')
        .executeTakeFirst();
      assert.ok(Number(removed.numDeletedRows) >= 300);
      assert.equal(
        await assertExact(h, h.database.db, ws.id, key, 'after a bulk delete'),
        afterDelete - Number(removed.numDeletedRows),
      );
    },
  );

  it('a fresh migrate applies the baseline and later migrations and counts audit events in row_counts', async () => {
    const own = await ownDatabase(h);
    try {
      const applied = await migrateToLatest(own.database);
      assert.deepEqual(applied, migrationNames());
      await assertOneRowCountMechanism(own.database);

      const ws = await createWorkspace(own.database, createRegistry().scopes, { name: 'Fresh' }, CLI_ACTOR);
      await addMember(
        own.database,
        serviceFamilies,
        { workspaceId: ws.id, email: 'admin@fresh.test', name: 'Admin', role: 'admin' },
        CLI_ACTOR,
      );
      const key = (await createKey(own.database, { workspaceId: ws.id, name: 'key', alias: 'admin' })).secret;
      assert.equal(await assertExact(own, own.database.db, ws.id, key, 'fresh database'), 3);
      await insertEvents(own.database.db, ws.id, 40);
      assert.equal(await assertExact(own, own.database.db, ws.id, key, 'fresh database after inserts'), 43);
      const row = await own.database.db
        .selectFrom('row_counts')
        .select('total')
        .where('workspace_id', '=', ws.id)
        .where('table_name', '=', 'audit_events')
        .executeTakeFirstOrThrow();
      assert.equal(Number(row.total), 43);
    } finally {
      await own.done();
    }
  });
});
