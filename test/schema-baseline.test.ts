import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../src/db/database.js';
import { migratedStorageFingerprint, migrateTo, migrateToLatest, migrationNames } from '../src/db/migrate.js';
import { STORAGE } from '../src/db/storage.js';
import { storageFingerprint, storageObjects } from '../src/db/storage-sql.js';
import { newId } from '../src/ids.js';
import { gramText } from '../src/db/text-search.js';
import { createTestDatabase, describeEachDatabase } from './support/harness.js';

/** Triggers named the way storage-sql.ts names the objects of storage facts. */
const STORAGE_TRIGGER = new RegExp(
  `_(${[
    'count_(insert|delete)',
    'tally_(insert|update|delete)',
    'text_(insert|update|delete)',
    'grams_(insert|update|delete)',
    'search_version_(insert|update|delete)',
    'copy_(insert|update)',
    'name_copy',
  ].join('|')})$`,
);

async function withOwnDatabase(dialect: Database['dialect'], work: (database: Database) => Promise<void>) {
  const test = await createTestDatabase(dialect);
  const database = openDatabase(test.url);
  try {
    await work(database);
  } finally {
    await database.close();
    await test.drop();
  }
}

/** A workspace written as a row, as a migration finds it; its id and the time written. */
async function workspaceRow(database: Database): Promise<{ workspaceId: string; now: string }> {
  const workspaceId = newId();
  const now = new Date().toISOString();
  await database.db
    .insertInto('workspaces')
    .values({
      id: workspaceId,
      name: 'Before',
      default_currency: 'EUR',
      time_zone: 'UTC',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { workspaceId, now };
}

const normalised = (text: string) => text.replace(/"/g, '').replace(/\s+/g, ' ').trim();

describeEachDatabase('schema baseline', (h) => {
  it('the migrations bring storage to what the facts call for: a changed fact or trigger needs a migration', () => {
    assert.equal(
      migratedStorageFingerprint(),
      storageFingerprint(),
      'db/storage.ts or db/storage-sql.ts changed: write a migration that changes the storage of the tables ' +
        'concerned (running their storageObjects) and export storageFingerprint = storageFingerprint() from it',
    );
  });

  it("the migrated schema holds exactly the storage facts' triggers, as storage-sql.ts writes them", async () => {
    const db = h.database.db;
    const generated = Object.keys(STORAGE)
      .concat('servers')
      .flatMap((table) => storageObjects(h.dialect, table));
    const wanted = new Map(generated.filter((object) => object.kind === 'trigger').map((o) => [o.name, o.sql]));
    if (h.dialect === 'sqlite') {
      const { rows } = await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master
        WHERE type IN ('trigger', 'table', 'index')`.execute(db);
      const found = new Map(rows.map((row) => [row.name, row.sql]));
      for (const object of generated) {
        assert.ok(found.has(object.name), `${object.name} is missing: a storage fact changed without a migration?`);
        assert.equal(normalised(found.get(object.name)!), normalised(object.sql), `${object.name} differs`);
      }
      const extra = rows.filter((row) => STORAGE_TRIGGER.test(row.name) && !wanted.has(row.name));
      assert.deepEqual(extra, [], 'no storage trigger without a fact');
      return;
    }
    const { rows } = await sql<{ name: string; args: string }>`SELECT tgname AS name,
      encode(tgargs, 'escape') AS args FROM pg_trigger WHERE NOT tgisinternal`.execute(db);
    const found = new Map(rows.map((row) => [row.name, row.args]));
    for (const [name, text] of wanted) {
      assert.ok(found.has(name), `${name} is missing: a storage fact changed without a migration?`);
      const args = /value_counts_(?:apply|move)\((.*)\)$/.exec(text)?.[1];
      if (args) {
        const expected = [...args.matchAll(/'((?:[^']|'')*)'/g)].map((m) => `${m[1]!.replaceAll("''", "'")}\\000`);
        assert.equal(found.get(name), expected.join(''), `${name} counts other values`);
      }
    }
    const extra = rows.filter((row) => STORAGE_TRIGGER.test(row.name) && !wanted.has(row.name));
    assert.deepEqual(extra, [], 'no storage trigger without a fact');
    const { rows: indexes } = await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes`.execute(db);
    const indexNames = new Set(indexes.map((row) => row.name));
    for (const object of generated.filter((o) => o.kind === 'index'))
      assert.ok(indexNames.has(object.name), object.name);
  });

  // The template for every later migration: the baseline, rows in it, the migration, the rows after.
  it(
    'a later migration applied to a filled baseline keeps and ' +
      'completes its data (0002: servers get their address rows)',
    async () => {
      await withOwnDatabase(h.dialect, async (database) => {
        assert.deepEqual(await migrateTo(database, '0001-baseline'), ['0001-baseline']);
        const db = database.db;
        const { workspaceId, now } = await workspaceRow(database);
        const servers = [
          ['web-1', ['10.0.0.1', '2001:db8::1']],
          ['web-2', ['10.0.0.2', 'not an address']],
          ['web-3', []],
        ] as const;
        const ids: string[] = [];
        for (const [name, addresses] of servers) {
          const id = newId();
          ids.push(id);
          await sql`INSERT INTO servers (workspace_id, id, name, hostname, ip_addresses, automatic, created_at,
          last_check_time) VALUES (${workspaceId}, ${id}, ${name}, ${name}, ${JSON.stringify(addresses)}, 0,
          ${now}, ${now})`.execute(db);
        }

        assert.deepEqual(await migrateToLatest(database), migrationNames().slice(1));
        const { rows } = await sql<{ server_id: string; address: string }>`SELECT server_id, address
        FROM server_addresses WHERE workspace_id = ${workspaceId} ORDER BY address`.execute(db);
        assert.deepEqual(
          rows,
          [
            { server_id: ids[1], address: '40a000002' },
            { server_id: ids[0], address: '40a000001' },
            { server_id: ids[0], address: '620010db8000000000000000000000001' },
          ].sort((a, b) => a.address.localeCompare(b.address)),
        );
        const counted = await db
          .selectFrom('row_counts')
          .select('total')
          .where('workspace_id', '=', workspaceId)
          .where('table_name', '=', 'servers')
          .executeTakeFirstOrThrow();
        assert.equal(Number(counted.total), 3, 'the rows written before are still counted');
      });
    },
  );

  it('0007: a SQLite database made before the gram index gets one, filled from the rows it has', async () => {
    if (h.dialect !== 'sqlite') {
      // Nothing to make on PostgreSQL: the migration only records itself.
      await withOwnDatabase(h.dialect, async (database) => {
        await migrateTo(database, '0006-data-versions');
        assert.deepEqual(await migrateToLatest(database), [
          '0007-short-searches',
          '0008-custom-fields',
          '0009-people',
          '0010-custom-search',
        ]);
      });
      return;
    }
    await withOwnDatabase(h.dialect, async (database) => {
      await migrateTo(database, '0006-data-versions');
      const db = database.db;
      // As the code before 0007 made it: no gram index.
      const { rows: objects } = await sql<{ name: string; type: string }>`SELECT name, type FROM sqlite_master
        WHERE type IN ('trigger', 'table')`.execute(db);
      const grams = objects.filter((row) => /_grams(_(insert|update|delete))?$/.test(row.name));
      assert.ok(grams.length > 0);
      for (const { name, type } of grams) await sql.raw(`DROP ${type.toUpperCase()} IF EXISTS ${name}`).execute(db);
      const { workspaceId, now } = await workspaceRow(database);
      await sql`INSERT INTO servers (workspace_id, id, name, hostname, ip_addresses, automatic, created_at,
        last_check_time) VALUES (${workspaceId}, ${newId()}, 'zq-host', 'zq-host', '[]', 0, ${now}, ${now})`.execute(
        db,
      );

      assert.deepEqual(await migrateToLatest(database), [
        '0007-short-searches',
        '0008-custom-fields',
        '0009-people',
        '0010-custom-search',
      ]);
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM servers_grams
        WHERE servers_grams MATCH ${`"${gramText(['zq']).split(' ').at(-1)}"`}`.execute(db);
      assert.equal(Number(rows[0]!.n), 1, 'the server written before is in the gram index');
    });
  });

  it('a database made before the baseline is recorded as having it; one that stopped earlier is refused', async () => {
    const old = [
      ...Array.from({ length: 31 }, (_, i) => `${String(i + 1).padStart(4, '0')}-pre-release`),
      '0032-server-addresses',
      '0033-operator-invitations',
    ];
    old[0] = '0001-core';
    old[30] = '0031-trigrams-first';
    await withOwnDatabase(h.dialect, async (database) => {
      await migrateToLatest(database);
      const db = database.db as unknown as import('kysely').Kysely<{
        estate_migrations: { name: string; timestamp: string };
      }>;
      await db.deleteFrom('estate_migrations').execute();
      const timestamp = new Date().toISOString();
      await db
        .insertInto('estate_migrations')
        .values(old.map((name) => ({ name, timestamp })))
        .execute();
      assert.deepEqual(
        await migrateToLatest(database),
        migrationNames().slice(2),
        'only what came after the renamed migrations: the schema is the baseline',
      );
      const names = (await db.selectFrom('estate_migrations').select('name').orderBy('name').execute()).map(
        (r) => r.name,
      );
      assert.deepEqual(names, migrationNames());

      // Made after the squash, before 0003-operator-invitations was folded into the baseline.
      await db.deleteFrom('estate_migrations').execute();
      await db
        .insertInto('estate_migrations')
        .values(
          ['0001-baseline', '0002-server-addresses', '0003-operator-invitations'].map((name) => ({ name, timestamp })),
        )
        .execute();
      assert.deepEqual(
        await migrateToLatest(database),
        migrationNames().slice(2),
        'the folded migration is not run again',
      );
      assert.deepEqual(
        (await db.selectFrom('estate_migrations').select('name').orderBy('name').execute()).map((r) => r.name),
        migrationNames(),
      );

      await db.deleteFrom('estate_migrations').execute();
      await db
        .insertInto('estate_migrations')
        .values(old.slice(0, 20).map((name) => ({ name, timestamp })))
        .execute();
      await assert.rejects(migrateToLatest(database), /stopped at migration 0020-pre-release/);

      await db.deleteFrom('estate_migrations').execute();
      await db
        .insertInto('estate_migrations')
        .values(old.slice(0, 32).map((name) => ({ name, timestamp })))
        .execute();
      await assert.rejects(
        migrateToLatest(database),
        /stopped at migration 0032-server-addresses; .* reached 0033-operator-invitations/,
        'the baseline holds what 0033 added',
      );
    });
  });
});
