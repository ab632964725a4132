/**
 * `/servers?tagId=` and `/servers?applicationId=` alone are read in name order from their link's
 * index, through each link's copy of its server's name. The copies follow the server whoever
 * writes, a bulk load fills the copies it did not bring, the seed writes them, and on PostgreSQL a
 * rename racing a new link reaches it too.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { bulkLoader, SUSPEND_FROM_ROWS } from '../../../src/base/db/bulk.js';
import { newId } from '../../../src/base/ids.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { describeEachDatabase } from '../../support/harness.js';
import { renameWaitsForHeldInsert } from '../../support/race.js';
import { bulkTagRows } from '../../support/rows.js';
import { everyItem } from '../../support/walk.js';

type Server = { id: string; name: string };

describeEachDatabase('servers of a tag or an application in name order', (h) => {
  /** The servers of the link's other side as the servers table orders them. */
  async function truth(
    table: 'server_tags' | 'application_servers',
    column: 'tag_id' | 'application_id',
    id: string,
  ): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`SELECT servers.id AS id FROM servers JOIN ${sql.table(table)} linked
        ON linked.workspace_id = servers.workspace_id AND linked.server_id = servers.id
      WHERE ${sql.ref(`linked.${column}`)} = ${id} ORDER BY servers.name, servers.id`.execute(h.database.db);
    return rows.map((row) => String(row.id));
  }

  /** Pages of 3 by default: a page boundary falls inside a short list. */
  async function assertOrdered(
    key: string,
    filter: 'tagId' | 'applicationId',
    id: string,
    pageSize = 3,
  ): Promise<void> {
    const expected =
      filter === 'tagId'
        ? await truth('server_tags', 'tag_id', id)
        : await truth('application_servers', 'application_id', id);
    for (const [sort, order] of [
      ['name', expected],
      ['-name', [...expected].reverse()],
    ] as const) {
      const { items, total } = await everyItem<Server>(h, key, '/servers', { [filter]: id, sort }, pageSize);
      assert.equal(total, expected.length, `${filter} sort=${sort}: total`);
      assert.deepEqual(
        items.map((item) => item.id),
        order,
        `${filter} sort=${sort}`,
      );
    }
    // An id in upper case names the same tag or application.
    const upper = await everyItem<Server>(h, key, '/servers', { [filter]: id.toUpperCase() }, pageSize);
    assert.deepEqual(
      upper.items.map((item) => item.id),
      expected,
      `${filter} in upper case`,
    );
  }

  async function assertCopies(): Promise<void> {
    for (const table of ['server_tags', 'application_servers']) {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM ${sql.table(table)} linked
        JOIN servers ON servers.workspace_id = linked.workspace_id AND servers.id = linked.server_id
        WHERE linked.server_name <> servers.name`.execute(h.database.db);
      assert.equal(Number(rows[0]!.n), 0, `${table}: every copy is its server's name`);
    }
  }

  const created = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as { id: string; name: string };
  };

  it(
    'orders and counts the servers of a tag or an application after links, ' +
      'renames by any writer, unlinks and deletions',
    async () => {
      const ws = await h.workspace();
      const other = await h.workspace();
      const key = (await h.key(ws)).secret;
      const otherKey = (await h.key(other)).secret;
      const names = [
        'web-02',
        'Web-01',
        'émile',
        'db',
        'db',
        'ápp',
        'zeta',
        'Alpha',
        'alpha',
        'web-10',
        'web-1',
        '0-first',
      ];
      const servers = await Promise.all(
        names.map((name) => created(h.call('POST', '/public/v1/servers', { key, body: { name } }))),
      );
      const tag = await created(h.call('POST', '/public/v1/tags', { key, body: { name: 'ordered' } }));
      const application = await created(
        h.call('POST', '/public/v1/applications', { key, body: { name: 'Ordered app' } }),
      );
      // The same names in another workspace, linked to its own tag: never listed in the first.
      const foreign = await Promise.all(
        names
          .slice(0, 4)
          .map((name) => created(h.call('POST', '/public/v1/servers', { key: otherKey, body: { name } }))),
      );
      const foreignTag = await created(h.call('POST', '/public/v1/tags', { key: otherKey, body: { name: 'ordered' } }));
      for (const server of foreign)
        assert.equal(
          (await h.call('PUT', `/public/v1/servers/${server.id}/tags/${foreignTag.id}`, { key: otherKey })).statusCode,
          204,
        );

      // Links in parallel, through both of the application's link routes.
      const links = servers.flatMap((server, i) => [
        ...(i % 4 !== 3 ? [h.call('PUT', `/public/v1/servers/${server.id}/tags/${tag.id}`, { key })] : []),
        ...(i % 3 !== 2
          ? [
              h.call(
                'PUT',
                i % 2
                  ? `/public/v1/servers/${server.id}/applications/${application.id}`
                  : `/public/v1/applications/${application.id}/servers/${server.id}`,
                { key },
              ),
            ]
          : []),
      ]);
      for (const response of await Promise.all(links)) assert.equal(response.statusCode, 204, response.body);
      await assertOrdered(key, 'tagId', tag.id);
      await assertOrdered(key, 'applicationId', application.id);
      await assertCopies();

      // Renames through the API, in parallel; one written straight to the servers table.
      const renames = servers
        .slice(0, 6)
        .map((server, i) =>
          h.call('PATCH', `/public/v1/servers/${server.id}`, { key, body: { name: `renamed-${5 - i}` } }),
        );
      for (const response of await Promise.all(renames)) assert.equal(response.statusCode, 200, response.body);
      await h.database.db.updateTable('servers').set({ name: 'Aaa direct' }).where('id', '=', servers[8]!.id).execute();
      // A copy written straight to a link is taken from its server again.
      await sql`UPDATE server_tags SET server_name = 'forged' WHERE server_id = ${servers[9]!.id}`.execute(
        h.database.db,
      );
      await assertCopies();
      await assertOrdered(key, 'tagId', tag.id);
      await assertOrdered(key, 'applicationId', application.id);

      // An unlink, a deleted server (its links go with it).
      assert.equal(
        (await h.call('DELETE', `/public/v1/servers/${servers[0]!.id}/tags/${tag.id}`, { key })).statusCode,
        204,
      );
      assert.equal((await h.call('DELETE', `/public/v1/servers/${servers[1]!.id}`, { key })).statusCode, 204);
      await assertOrdered(key, 'tagId', tag.id);
      await assertOrdered(key, 'applicationId', application.id);
      assert.equal((await everyItem<Server>(h, otherKey, '/servers', { tagId: foreignTag.id })).total, foreign.length);
      // A tag of another workspace selects nothing here.
      assert.equal((await everyItem<Server>(h, key, '/servers', { tagId: foreignTag.id })).total, 0);
    },
  );

  it("reads a tag's servers with other conditions in the tag's name order, each row tested", async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const environments = ['staging', 'production', 'test'] as const;
    const servers = [];
    for (let i = 0; i < 36; i++)
      servers.push(
        await created(
          h.call('POST', '/public/v1/servers', {
            key,
            body: { name: `host-${(i * 7) % 36}${i % 5 === 0 ? '' : `-${i}`}`, environment: environments[i % 3] },
          }),
        ),
      );
    const tag = await created(h.call('POST', '/public/v1/tags', { key, body: { name: 'mixed' } }));
    const application = await created(h.call('POST', '/public/v1/applications', { key, body: { name: 'Mixed' } }));
    for (const [i, server] of servers.entries()) {
      if (i % 4 !== 3) await h.call('PUT', `/public/v1/servers/${server.id}/tags/${tag.id}`, { key });
      if (i % 2 === 0) await h.call('PUT', `/public/v1/servers/${server.id}/applications/${application.id}`, { key });
    }
    const { rows } = await sql<{ id: string; environment: string; app: number }>`
      SELECT servers.id AS id, servers.environment AS environment,
        (SELECT count(*) FROM application_servers a WHERE a.server_id = servers.id) AS app
      FROM servers JOIN server_tags linked
        ON linked.workspace_id = servers.workspace_id AND linked.server_id = servers.id
      WHERE linked.tag_id = ${tag.id} ORDER BY servers.name, servers.id`.execute(h.database.db);
    const staging = rows.filter((row) => row.environment === 'staging');
    const cases: [Record<string, string>, string[]][] = [
      [{ environment: 'staging' }, staging.map((row) => row.id)],
      [
        { environment: 'staging', applicationId: application.id },
        staging.filter((row) => Number(row.app)).map((row) => row.id),
      ],
    ];
    for (const [conditions, expected] of cases) {
      // Pages of 2: the first pages end within a third of the matches (read in the tag's order), the last do not.
      for (const [sort, order] of [
        ['name', expected],
        ['-name', [...expected].reverse()],
      ] as const) {
        const query = { tagId: tag.id, ...conditions, sort };
        const { items, total } = await everyItem<Server>(h, key, '/servers', query, 2);
        assert.equal(total, expected.length, JSON.stringify(query));
        assert.deepEqual(
          items.map((item) => item.id),
          order,
          JSON.stringify(query),
        );
      }
    }
  });

  it('fills the copies a bulk load did not bring', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const now = new Date().toISOString();
    const servers = Array.from({ length: 1_000 }, (_, i) => ({
      workspace_id: ws.id,
      id: newId(),
      name: `bulk-${String((i * 7919) % 1000).padStart(4, '0')}`,
      hostname: `bulk-${i}`,
      ip_addresses: '[]',
      automatic: 0,
      created_at: now,
      last_check_time: now,
    }));
    const tags = bulkTagRows(ws.id, SUSPEND_FROM_ROWS / servers.length, now);
    // As many links as load without their indexes on SQLite; every third one without its copy.
    const links = tags.flatMap((tag) =>
      servers.map((server, i) => ({
        workspace_id: ws.id,
        server_id: server.id,
        tag_id: tag.id,
        server_name: i % 3 ? server.name : '',
        created_at: now,
      })),
    );
    await h.database.db.transaction().execute(async (trx) => {
      const bulk = bulkLoader(trx, h.database);
      await bulk.insert('servers', servers);
      await bulk.insert('tags', tags);
      await bulk.insert('server_tags', links);
      await bulk.finish();
    });
    await assertCopies();
    await assertOrdered(key, 'tagId', tags[0]!.id, 90);
  });

  it("seeds links with their server's name, also when they load without their indexes", async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    // The seed's application links (one a server) then load without their indexes and keep the
    // copies it writes (on PostgreSQL with the copy trigger disabled) when the table was empty.
    await seedWorkspace(h.database, { workspaceId: ws.id, size: SUSPEND_FROM_ROWS, seed: 5 });
    await assertCopies();
    const tag = (await everyItem<Server>(h, key, '/tags')).items[0]!;
    await assertOrdered(key, 'tagId', tag.id, 200);
  });

  it('copies a rename that commits while a new link of the server is being written', async (t) => {
    if (h.dialect !== 'postgres') return t.skip('SQLite writes one transaction at a time');
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const server = (await h.call('POST', '/public/v1/servers', { key, body: { name: 'Before' } })).json() as {
      id: string;
    };
    const tag = (await h.call('POST', '/public/v1/tags', { key, body: { name: 'racing' } })).json() as { id: string };
    // The rename waits for the link's transaction (it read the server FOR SHARE).
    await renameWaitsForHeldInsert(
      h.database.db,
      (trx) =>
        trx
          .insertInto('server_tags')
          .values({ workspace_id: ws.id, server_id: server.id, tag_id: tag.id, created_at: new Date().toISOString() })
          .execute(),
      () => h.database.db.updateTable('servers').set({ name: 'After' }).where('id', '=', server.id).execute(),
    );
    const copies = await h.database.db
      .selectFrom('server_tags')
      .select('server_name')
      .where('server_id', '=', server.id)
      .execute();
    assert.deepEqual(
      copies.map((copy) => copy.server_name),
      ['After'],
    );
  });
});
