/**
 * Issue 14's migrations 0021–0027 on a database that already holds an estate: the per-day counts,
 * the install totals, the search versions, the link counts, the memberships' counts and their
 * copies of each person's name, and the server links' copies of their server's name are
 * backfilled from the rows, so every total the lists read from them is exact, and the people
 * lists and the servers of a tag or an application in order, right after the upgrade, on both
 * databases.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { CLI_ACTOR } from '../src/audit/audit.types.js';
import { openDatabase } from '../src/db/database.js';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { buildApp } from '../src/app/app.js';
import { createKey } from '../src/keys/keys.service.js';
import { addMember } from '../src/members/members.service.js';
import { seedWorkspace } from '../src/seed/seed.js';
import { createWorkspace } from '../src/workspaces/workspaces.service.js';
import { createTestDatabase, describeEachDatabase, type Harness } from './support/harness.js';
import { everyEvent, everyItem } from './support/walk.js';

type Item = Record<string, unknown>;

describeEachDatabase('an estate upgraded to the counts of issue 14', (h) => {
  it('reads exact totals from the backfilled counts', async () => {
    const test = await createTestDatabase(h.dialect);
    const database = openDatabase(test.url);
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      assert.equal((await migrateTo(database, '0020-search-text')).at(-1), '0020-search-text');
      const ws = await createWorkspace(database, { name: 'Upgraded' }, CLI_ACTOR);
      await addMember(
        database,
        { workspaceId: ws.id, email: 'admin@upgraded.test', name: 'Admin', role: 'admin' },
        CLI_ACTOR,
      );
      await seedWorkspace(database, { workspaceId: ws.id, size: 300, seed: 4 });
      // Before 0022 the seed kept no total for software missing from the start: a product without one.
      const product = await database.db
        .selectFrom('discovered_applications')
        .select(['name_key', 'vendor_key'])
        .where('workspace_id', '=', ws.id)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const removed = await database.db
        .deleteFrom('software_installs')
        .where('workspace_id', '=', ws.id)
        .where((eb) =>
          eb.or([
            eb('install_count', '=', 0),
            eb.and([eb('name_key', '=', product.name_key), eb('vendor_key', '=', product.vendor_key)]),
          ]),
        )
        .executeTakeFirst();
      assert.ok(Number(removed.numDeletedRows) >= 1);
      await migrateToLatest(database);
      const key = (await createKey(database, { workspaceId: ws.id, name: 'key', alias: 'admin' })).secret;
      app = await buildApp({ database });
      const get = async (path: string, query: Record<string, string>) => {
        const response = await app!.inject({
          method: 'GET',
          url: `/public/v1${path}`,
          query,
          headers: { authorization: `Bearer ${key}` },
        });
        assert.equal(response.statusCode, 200, response.body);
        return response.json() as { data: Item[]; pagination?: { total: number }; total?: number; nextCursor?: string };
      };
      const local: Pick<Harness, 'call'> = {
        call: (method, url, options = {}) =>
          app!.inject({ method, url, query: options.query, headers: { authorization: `Bearer ${options.key}` } }),
      };
      const walk = (path: string, query: Record<string, string> = {}) => everyItem<Item>(local, key, path, query);
      const events = async (query: Record<string, string>) => {
        const { events: read, total } = await everyEvent<Item>(local, key, query);
        return { count: read.length, total };
      };

      const workstations = (await walk('/workstations')).items;
      for (const date of [
        String(workstations[0]!.warrantyEnd),
        String(workstations[7]!.warrantyEnd),
        new Date().toISOString().slice(0, 10),
      ]) {
        const { items, total } = await walk('/workstations', { warrantyEndsBefore: date });
        assert.equal(total, items.length, `warrantyEndsBefore=${date}`);
      }
      const log = await get('/audit-log', { limit: '50' });
      for (const query of [
        { to: String(log.data[20]!.timestamp) },
        { from: String(log.data[40]!.timestamp) },
      ] as Record<string, string>[]) {
        const { count, total } = await events(query);
        assert.equal(total, count, `audit-log ${JSON.stringify(query)}`);
      }
      // The links' copies of their server's name (0027) are backfilled: the servers of each tag,
      // and of an application, list in the order of the servers' own names.
      const linked = async (table: 'server_tags' | 'application_servers', column: string, id: string) =>
        (
          await sql<{
            id: string;
          }>`SELECT servers.id AS id FROM servers JOIN ${sql.table(table)} l ON l.workspace_id = servers.workspace_id AND l.server_id = servers.id
          WHERE ${sql.ref(`l.${column}`)} = ${id} ORDER BY servers.name, servers.id`.execute(database.db)
        ).rows.map((row) => String(row.id));
      const tags = (await walk('/tags')).items;
      assert.ok(tags.length > 5);
      for (const tag of tags) {
        const { items, total } = await walk('/servers', { tagId: String(tag.id) });
        assert.equal(total, items.length, `tagId=${tag.id}`);
        assert.deepEqual(
          items.map((item) => item.id),
          await linked('server_tags', 'tag_id', String(tag.id)),
          `tagId=${tag.id}: in name order`,
        );
      }
      const application = (await walk('/applications')).items[0]!;
      const running = await walk('/servers', { applicationId: String(application.id) });
      assert.equal(running.total, running.items.length, 'applicationId=');
      assert.ok(running.total > 0);
      assert.deepEqual(
        running.items.map((item) => item.id),
        await linked('application_servers', 'application_id', String(application.id)),
        'applicationId=: in name order',
      );
      for (let i = 0; i < 2; i += 1) {
        const { items, total } = await walk('/servers', { q: 'prod' });
        assert.equal(total, items.length, `q, read ${i + 1}`);
      }
      const byInstalls = await walk('/discovered-applications', { sort: 'installCount' });
      assert.equal(byInstalls.items.length, byInstalls.total, 'installCount: every discovered entry lists');
      assert.ok(
        byInstalls.items.some((item) => item.installCount === 0),
        'the product without a total lists, with 0',
      );
      const users = await walk('/users', { sort: 'name' });
      const people = await database.db
        .selectFrom('members')
        .innerJoin('users', 'users.id', 'members.user_id')
        .select(['users.id', 'users.name'])
        .where('members.workspace_id', '=', ws.id)
        .orderBy('users.name')
        .orderBy('users.id')
        .execute();
      assert.ok(people.length > 5);
      assert.equal(users.total, people.length, 'users: total');
      assert.deepEqual(
        users.items.map((user) => user.id),
        people.map((person) => person.id),
        'users by name',
      );
      const members = await walk('/members', { sort: '-email' });
      assert.equal(members.total, people.length, 'members: total');
      for (const role of ['read', 'write', 'admin']) {
        const { items, total } = await walk('/members', { role });
        assert.equal(total, items.length, `members?role=${role}`);
        assert.equal(
          total,
          members.items.filter((member) => member.role === role).length,
          `members?role=${role}: every one`,
        );
      }
    } finally {
      await app?.close();
      await database.close();
      await test.drop();
    }
  });
});
