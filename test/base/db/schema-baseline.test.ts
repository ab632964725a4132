import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../../src/base/db/database.js';
import {
  currentMigrationNames,
  migratedStorageFingerprint,
  migrateTo,
  migrateToLatest,
  migrationNames,
  SQUASHED,
  SquashedSchemaError,
} from '../../../src/base/db/migrate.js';
import { STORAGE } from '../../../src/base/db/storage.js';
import { storageFingerprint, storageObjects } from '../../../src/base/db/storage-sql.js';
import { createTestDatabase, describeEachDatabase } from '../../support/harness.js';

/** Triggers named the way storage-sql.ts names the objects of storage facts. */
const STORAGE_TRIGGER = new RegExp(
  `_(${[
    'count_(insert|delete)',
    'tally_(insert|update|delete)',
    'text_(insert|update|delete)',
    'grams_(insert|update|delete)',
    'search_version_(insert|update|delete)',
    'copy_(insert|update)',
    '(name|environment)_copy',
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

  it('a database that ran the whole squashed chain is recorded at the baseline; a part is refused', async () => {
    const squashed = SQUASHED;
    const older = [
      '0001-core',
      ...Array.from({ length: 32 }, (_, i) => `${String(i + 2).padStart(4, '0')}-pre-release`),
    ];
    await withOwnDatabase(h.dialect, async (database) => {
      // The schema of the squashed chain's end is the baseline's.
      await migrateTo(database, '0011-baseline');
      const db = database.db as unknown as import('kysely').Kysely<{
        estate_migrations: { name: string; timestamp: string };
      }>;
      const record = async (names: string[]) => {
        await db.deleteFrom('estate_migrations').execute();
        const timestamp = new Date().toISOString();
        await db
          .insertInto('estate_migrations')
          .values(names.map((name) => ({ name, timestamp })))
          .execute();
      };
      const recorded = async () =>
        (await db.selectFrom('estate_migrations').select('name').orderBy('name').execute()).map((row) => row.name);

      await record(squashed);
      assert.deepEqual(await migrateToLatest(database), migrationNames().slice(1), 'the schema is the baseline');
      assert.deepEqual(await recorded(), migrationNames());

      await record(squashed.slice(0, 6));
      await assert.rejects(migrateToLatest(database), /stopped at migration 0006-data-versions, which this version/);
      assert.deepEqual(await recorded(), squashed.slice(0, 6), 'the record is left as it was');
      await record(older);
      await assert.rejects(migrateToLatest(database), /stopped at migration 0033-pre-release/);
    });
  });

  it('a backup recorded at the squashed chain is at the baseline; at a part of it, it is refused', () => {
    assert.deepEqual(currentMigrationNames(migrationNames()), migrationNames());
    assert.deepEqual(currentMigrationNames(SQUASHED), ['0011-baseline']);
    assert.deepEqual(currentMigrationNames([...SQUASHED, '0012-later']), ['0011-baseline', '0012-later']);
    assert.throws(() => currentMigrationNames(SQUASHED.slice(0, 9)), SquashedSchemaError);
    assert.throws(() => currentMigrationNames(['0001-core', '0002-accounts']), /stopped at migration 0002-accounts/);
  });
});
