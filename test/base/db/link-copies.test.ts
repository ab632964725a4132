import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../../../src/base/db/database.js';
import { migrateTo, migrateToLatest } from '../../../src/base/db/migrate.js';
import { STORAGE, type TableStorage } from '../../../src/base/db/storage.js';
import { storageObjects } from '../../../src/base/db/storage-sql.js';
import { Server, servers } from '../../../src/families/servers/servers.module.js';
import { Application } from '../../../src/families/applications/applications.schemas.js';
import { Tag } from '../../../src/families/tags/tags.schemas.js';
import { createTestDatabase, describeEachDatabase } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

const LINKS = ['server_tags', 'application_servers'] as const;
const ENVIRONMENTS = ['production', 'staging', 'development'] as const;

/** A link's storage as it was before 0015: the name's copy alone. */
function beforeCopies(table: string): TableStorage {
  const facts = STORAGE[table]!;
  const { alongside: _, ...nameCopy } = facts.nameCopy!;
  return { ...facts, nameCopy };
}

/**
 * The servers linked to `other` (a tag, an application) in `environment` (and whose name holds
 * `text`), read plainly: their ids in name order.
 */
async function linkedIn(db: Kysely<unknown>, link: string, by: string, other: string, environment: string, text = '') {
  const { rows } = await sql<{ id: string }>`SELECT s.id FROM servers s JOIN ${sql.table(link)} l
    ON l.workspace_id = s.workspace_id AND l.server_id = s.id
    WHERE ${sql.ref(`l.${by}`)} = ${other} AND s.environment = ${environment}
      AND s.name LIKE ${`%${text}%`} ORDER BY s.name, s.id`.execute(db);
  return rows.map((row) => String(row.id));
}

describeEachDatabase('links keep their server environment', (h) => {
  it('a list by tag or application and environment is exact while servers move, are linked and deleted', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const post = (path: string, body: object) => h.call('POST', path, { key, body });
    const tags = [
      bodyOf(Tag, await post('/public/v1/tags', { name: 'pci' })),
      bodyOf(Tag, await post('/public/v1/tags', { name: 'edge' })),
    ];
    const app = bodyOf(Application, await post('/public/v1/applications', { name: 'Billing' }));
    const made: Server[] = [];
    for (let i = 0; i < 24; i++)
      made.push(
        bodyOf(
          Server,
          await post('/public/v1/servers', {
            name: `host-${String(i).padStart(2, '0')}`,
            ...(i % 4 !== 3 && { environment: ENVIRONMENTS[i % 3] }),
          }),
        ),
      );
    const put = async (path: string) => assert.equal((await h.call('PUT', path, { key })).statusCode, 204, path);
    for (const [i, server] of made.entries()) {
      if (i % 2 === 0) await put(`/public/v1/servers/${server.id}/tags/${tags[0]!.id}`);
      if (i % 3 === 0) await put(`/public/v1/servers/${server.id}/tags/${tags[1]!.id}`);
      if (i % 5 !== 0) await put(`/public/v1/servers/${server.id}/applications/${app.id}`);
    }
    const check = async (moment: string) => {
      for (const environment of ENVIRONMENTS) {
        const lists = [
          ...tags.map((tag) => ['server_tags', 'tag_id', tag.id, { tagId: tag.id }] as const),
          ['application_servers', 'application_id', app.id, { applicationId: app.id }] as const,
        ];
        for (const [link, by, other, filter] of lists)
          for (const [sort, q] of [['name'], ['-name'], ['hostname'], ['name', 'host-1'], ['hostname', 'st-2']]) {
            const answer = bodyOf(
              servers.list,
              await h.call('GET', '/public/v1/servers', {
                key,
                query: { ...filter, environment, sort: sort!, limit: '200', ...(q && { q }) },
              }),
            );
            const db = h.database.db as unknown as Kysely<unknown>;
            const expected = await linkedIn(db, link, by, other, environment, q);
            const got = answer.data.map((server) => server.id);
            if (sort === 'name') assert.deepEqual(got, expected, `${moment}: ${link} ${environment} by ${sort}`);
            else assert.deepEqual([...got].sort(), [...expected].sort(), `${moment}: ${link} ${environment} ${sort}`);
            assert.equal(answer.pagination.total, expected.length, `${moment}: total of ${link} ${environment}`);
          }
      }
    };
    await check('made');
    // Environments changed (set, moved, cleared), a rename, a server deleted, a link removed and added.
    for (const [i, server] of made.entries()) {
      if (i % 3 !== 1) continue;
      const environment = i % 2 === 0 ? null : ENVIRONMENTS[(i + 1) % 3];
      const patched = await h.call('PATCH', `/public/v1/servers/${server.id}`, {
        key,
        body: i === 7 ? { name: `renamed-${i}` } : { environment },
      });
      assert.equal(patched.statusCode, 200, patched.body);
    }
    assert.equal((await h.call('DELETE', `/public/v1/servers/${made[4]!.id}`, { key })).statusCode, 204);
    assert.equal(
      (await h.call('DELETE', `/public/v1/servers/${made[6]!.id}/tags/${tags[0]!.id}`, { key })).statusCode,
      204,
    );
    await put(`/public/v1/servers/${made[7]!.id}/tags/${tags[0]!.id}`);
    await check('after changes');
    const { rows: stale } = await sql<{ n: number }>`SELECT count(*) AS n FROM server_tags l JOIN servers s
      ON s.workspace_id = l.workspace_id AND s.id = l.server_id
      WHERE l.server_environment IS DISTINCT FROM s.environment OR l.server_name <> s.name`.execute(h.database.db);
    assert.equal(Number(stale[0]!.n), 0, 'every copy is its server’s');
  });

  it('a database migrated before 0015 gets the copies of its links, and keeps them from then on', async () => {
    const test = await createTestDatabase(h.dialect);
    const database = openDatabase(test.url);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      await migrateTo(database, '0014-host-sorts');
      // Storage as 0014 left it: the name's copy alone, and no environment's copy.
      for (const link of LINKS) {
        const side = link === 'server_tags' ? 'tag' : 'application';
        await sql`DROP INDEX ${sql.id(`${link}_${side}_server_environment_idx`)}`.execute(db);
        if (h.dialect === 'postgres') {
          await sql`DROP TRIGGER ${sql.id(`${link}_name_copy`)} ON ${sql.table(link)}`.execute(db);
          await sql`DROP FUNCTION ${sql.id(`${link}_copy_name`)}()`.execute(db);
        } else {
          await sql`DROP TRIGGER ${sql.id(`${link}_copy_insert`)}`.execute(db);
          await sql`DROP TRIGGER ${sql.id(`${link}_copy_update`)}`.execute(db);
        }
        await sql`ALTER TABLE ${sql.table(link)} DROP COLUMN server_environment`.execute(db);
        for (const object of storageObjects(h.dialect, link, beforeCopies(link)))
          if (object.name.includes('_copy')) await sql.raw(object.sql).execute(db);
      }
      if (h.dialect === 'postgres') {
        await sql`DROP TRIGGER servers_environment_copy ON servers`.execute(db);
        await sql`DROP FUNCTION servers_copy_environment_to_links()`.execute(db);
      } else await sql`DROP TRIGGER servers_environment_copy`.execute(db);
      await sql`DELETE FROM estate_migrations WHERE name = '0015-link-copies'`.execute(db);

      const now = new Date().toISOString();
      const ws = '01a00000-0000-7000-8000-0000000000aa';
      const tag = '01a00000-0000-7000-8000-0000000000bb';
      await sql`INSERT INTO workspaces (id, name, default_currency, time_zone, created_at, updated_at)
        VALUES (${ws}, 'Older', 'EUR', 'UTC', ${now}, ${now})`.execute(db);
      await sql`INSERT INTO tags (workspace_id, id, name, colour, created_at, name_key)
        VALUES (${ws}, ${tag}, 'pci', '#336699', ${now}, 'pci')`.execute(db);
      const ids = ENVIRONMENTS.map((_, i) => `01a00000-0000-7000-8000-00000000000${i}`);
      for (const [i, id] of ids.entries()) {
        await sql`INSERT INTO servers (workspace_id, id, name, hostname, ip_addresses, automatic, created_at,
          last_check_time, environment) VALUES (${ws}, ${id}, ${`old-${i}`}, ${`old-${i}`}, '[]', 0, ${now}, ${now},
          ${ENVIRONMENTS[i]})`.execute(db);
        await sql`INSERT INTO server_tags (workspace_id, server_id, tag_id, created_at)
          VALUES (${ws}, ${id}, ${tag}, ${now})`.execute(db);
      }
      assert.deepEqual(await migrateToLatest(database), ['0015-link-copies']);
      const copies = async () =>
        (
          await sql<{ name: string; environment: string | null }>`SELECT server_name AS name,
            server_environment AS environment FROM server_tags ORDER BY server_name`.execute(db)
        ).rows.map((row) => `${row.name} ${row.environment}`);
      assert.deepEqual(await copies(), ['old-0 production', 'old-1 staging', 'old-2 development']);
      await sql`UPDATE servers SET environment = 'staging' WHERE id = ${ids[0]}`.execute(db);
      await sql`UPDATE servers SET environment = NULL WHERE id = ${ids[2]}`.execute(db);
      assert.deepEqual(await copies(), ['old-0 staging', 'old-1 staging', 'old-2 null']);
      // A copy written directly is replaced by the server's own.
      await sql`UPDATE server_tags SET server_environment = 'production'`.execute(db);
      assert.deepEqual(await copies(), ['old-0 staging', 'old-1 staging', 'old-2 null']);
    } finally {
      await database.close();
      await test.drop();
    }
  });
});
