/**
 * A SQLite load alone on its file (Database.alone, used by `estate seed`): a rollback journal while
 * no other connection has the file open, the WAL otherwise, and the file back in the WAL after; the
 * thread that checkpoints the WAL, started a second after the file is opened.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../../src/base/db/database.js';
import { estate } from '../../support/cli.js';
import { createMigratedTestDatabase, type TestDatabase } from '../../support/harness.js';

const addWorkspace = (executor: Database['db'], id: string) =>
  sql`INSERT INTO workspaces (id, name, created_at, updated_at)
    VALUES (${id}, ${id}, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(executor);

const journalMode = async (database: Database, executor: Database['db'] = database.db) =>
  (await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(executor)).rows[0]!.journal_mode;

describe('SQLite: a load alone on its file', () => {
  let target: TestDatabase;
  let database: Database;
  let file: string;
  before(async () => {
    target = await createMigratedTestDatabase('sqlite');
    file = target.url.slice('sqlite:'.length);
    database = openDatabase(target.url);
  });
  after(async () => {
    await database.close();
    await target.drop();
  });

  it('writes with a rollback journal while no other connection has the file, and is in the WAL after', async () => {
    const during = await database.alone!(async () => {
      await addWorkspace(database.db, 'w-alone');
      return journalMode(database);
    });
    assert.equal(during, 'delete');
    assert.equal(await journalMode(database), 'wal');
    // Another connection reads the committed row from the file.
    const other = new SqliteDatabase(file, { readonly: true });
    try {
      assert.equal(other.prepare("SELECT name FROM workspaces WHERE id = 'w-alone'").pluck().get(), 'w-alone');
    } finally {
      other.close();
    }
  });

  it('stays in the WAL when another connection has the file open, which goes on reading meanwhile', async () => {
    const other = new SqliteDatabase(file, { readonly: true });
    try {
      other.prepare('SELECT count(*) FROM workspaces').get();
      const during = await database.alone!(async () => {
        await addWorkspace(database.db, 'w-shared');
        assert.equal(other.prepare("SELECT count(*) FROM workspaces WHERE id = 'w-alone'").pluck().get(), 1);
        return journalMode(database);
      });
      assert.equal(during, 'wal');
    } finally {
      other.close();
    }
    assert.equal(await journalMode(database), 'wal');
  });

  it('leaves nothing of a load that fails, and the file in the WAL', async () => {
    await assert.rejects(
      database.alone!(() =>
        database.db.transaction().execute(async (trx) => {
          await addWorkspace(trx, 'w-failed');
          throw new Error('the load fails');
        }),
      ),
      /the load fails/,
    );
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM workspaces WHERE id = 'w-failed'`.execute(
      database.db,
    );
    assert.equal(Number(rows[0]!.n), 0);
    assert.equal(await journalMode(database), 'wal');
  });

  it('runs a load called inside a transaction as it is, in the WAL', async () => {
    const during = await database.db.transaction().execute((trx) => database.alone!(() => journalMode(database, trx)));
    assert.equal(during, 'wal');
  });

  it('estate seed alone on its file: a rollback journal meanwhile, the inventory written, the WAL after', async () => {
    const created = await estate(target.url, ['workspace', 'create', '--name', 'seeded', '--json']);
    assert.equal(created.code, 0, created.stderr);
    const ws = created.json().id as string;
    // The suite's own connection would keep the seed in the WAL: it is closed meanwhile.
    await database.close();
    try {
      const seeding = estate(target.url, ['seed', '--workspace', ws, '--size', '3000', '--json']);
      // The rollback journal exists while the seed's transaction writes (the WAL's file would instead).
      let journal = false;
      let ended = false;
      void seeding.finally(() => (ended = true));
      while (!ended) {
        journal ||= existsSync(`${file}-journal`);
        await sleep(2);
      }
      const seeded = await seeding;
      assert.equal(seeded.code, 0, seeded.stderr);
      assert.equal(seeded.json().created.servers, 3000);
      assert.ok(journal, 'the seed wrote with a rollback journal');
    } finally {
      database = openDatabase(target.url);
    }
    const check = new SqliteDatabase(file, { readonly: true });
    try {
      assert.equal(check.pragma('journal_mode', { simple: true }), 'wal');
      assert.equal(check.prepare('SELECT count(*) FROM servers WHERE workspace_id = ?').pluck().get(ws), 3000);
      assert.equal(check.pragma('integrity_check', { simple: true }), 'ok');
    } finally {
      check.close();
    }
  });

  it('a command that finds the file held by another writer says so, and works once it is free', async () => {
    await database.close();
    // What a seed alone on the file holds: the rollback journal and the file's exclusive lock.
    const holder = new SqliteDatabase(file);
    try {
      holder.pragma('busy_timeout = 5000');
      holder.pragma('journal_mode = DELETE');
      holder.exec('BEGIN EXCLUSIVE');
      const refused = await estate(target.url, ['workspace', 'create', '--name', 'waiting', '--json']);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /^estate: database is locked: another process is writing the SQLite file/);
      assert.doesNotMatch(refused.stderr, /\n\s+at /, 'no stack trace');
      holder.exec('COMMIT');
    } finally {
      holder.close();
      database = openDatabase(target.url);
    }
    const created = await estate(target.url, ['workspace', 'create', '--name', 'after', '--json']);
    assert.equal(created.code, 0, created.stderr);
  });
});

describe('SQLite: the checkpointer thread', () => {
  it('starts a second after the file is opened: until then SQLite checkpoints in commits', async () => {
    const target = await createMigratedTestDatabase('sqlite');
    const database = openDatabase(target.url);
    const threads = () => readdirSync('/proc/self/task').length;
    const automatic = async () =>
      (await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(database.db)).rows[0]!
        .wal_autocheckpoint;
    try {
      const before = threads();
      // An `estate` command's whole life: no thread started, SQLite's automatic checkpoint on.
      await addWorkspace(database.db, 'w-early');
      assert.equal(await automatic(), 1000);
      await sleep(1_500);
      assert.equal(await automatic(), 0, 'the thread checkpoints instead of the commits');
      assert.equal(threads(), before + 1, 'one thread more: the checkpointer');
    } finally {
      await database.close();
      await target.drop();
    }
  });

  it('is not started for a database closed within the second', async () => {
    const target = await createMigratedTestDatabase('sqlite');
    const threads = readdirSync('/proc/self/task').length;
    const database = openDatabase(target.url);
    await addWorkspace(database.db, 'w-short');
    await database.close();
    await sleep(1_500);
    // No thread more (one of the runtime's own may have ended meanwhile: fewer is no checkpointer either).
    const after = readdirSync('/proc/self/task').length;
    assert.ok(after <= threads, `${after} threads after, ${threads} before`);
    await target.drop();
  });
});
