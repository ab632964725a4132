/**
 * `estate backup`, `estate backup --verify` and `estate restore`, on each database: a backup taken
 * while the API writes holds every write acknowledged before it began and restores to the counts
 * of its snapshot; a restore gives the API answers of the source, refuses a database holding rows,
 * a file changed, cut or flipped (its gzip intact or not) and a backup of an unknown schema, and
 * writes nothing then; a writer in the target before a restore makes it refuse, one that comes
 * while it loads waits for it, and neither mixes its rows with the backup's.
 */
import { createRegistry } from '../../../src/families/registry.js';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { buildApp } from '../../../src/surfaces/server/app.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { openDatabase, type Database } from '../../../src/base/db/database.js';
import { migrateTo } from '../../../src/base/db/migrate.js';
import { newId, nowIso } from '../../../src/base/ids.js';
import type { BackupHeader } from '../../../src/features/operations/backup-file.js';
import { BATCH_ROWS } from '../../../src/features/operations/snapshot.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { createWorkspace } from '../../../src/features/accounts/workspaces/workspaces.service.js';
import { differences, publicAnswers } from '../../support/answers.js';
import { estate, type CliResult } from '../../support/cli.js';
import {
  createMigratedTestDatabase,
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '../../support/harness.js';

const rowsOf = async (database: Database, table: string) =>
  Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(database.db)).rows[0]!.n);

/** Every table of the database and its rows: the migrator's records, derived storage and FTS tables too. */
async function contentsOf(url: string): Promise<Record<string, number>> {
  const database = openDatabase(url);
  try {
    const names =
      database.dialect === 'sqlite'
        ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'`
        : sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()`;
    const contents: Record<string, number> = {};
    for (const { name } of (await names.execute(database.db)).rows) contents[name] = await rowsOf(database, name);
    return contents;
  } finally {
    await database.close();
  }
}

/**
 * The rows of each table of a backup that the workspace `workspaceId` did not write: all but its
 * own row in workspaces, all but the rows naming it elsewhere.
 */
async function rowsBesides(url: string, header: BackupHeader, workspaceId: string): Promise<Record<string, number>> {
  const database = openDatabase(url);
  try {
    const rows: Record<string, number> = {};
    for (const { name, columns } of header.tables) {
      const owner = name === 'workspaces' ? 'id' : columns.includes('workspace_id') ? 'workspace_id' : undefined;
      const besides = owner ? sql`WHERE ${sql.ref(owner)} IS NULL OR ${sql.ref(owner)} <> ${workspaceId}` : sql``;
      const query = sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(name)} ${besides}`;
      rows[name] = Number((await query.execute(database.db)).rows[0]!.n);
    }
    return rows;
  } finally {
    await database.close();
  }
}

/** A backup's lines (the last one empty: the file ends with a newline), its header and a table's first row. */
const linesOf = (file: string) => gunzipSync(readFileSync(file)).toString('utf8').split('\n');
const headerOf = (lines: string[]) => JSON.parse(lines[0]!) as BackupHeader;
const firstRowOf = (lines: string[], table: string) => lines.indexOf(JSON.stringify({ table })) + 1;
const digestOf = (lines: string[]) =>
  createHash('sha256')
    .update(lines.map((line) => `${line}\n`).join(''))
    .digest('hex');

/** A refusal as every command makes one: exit code 1, nothing on stdout, one line on stderr (no stack) saying why. */
function assertRefused(result: CliResult, label: string, reason?: RegExp): void {
  assert.equal(result.code, 1, `${label}: ${result.stdout}${result.stderr}`);
  assert.equal(result.stdout, '', label);
  assert.match(result.stderr, /^estate: [^\n]+\n$/, `${label}: one line on stderr, no stack trace`);
  if (reason) assert.match(result.stderr, reason, label);
}

describeEachDatabase('backup and restore', (h) => {
  let directory: string;
  const targets: TestDatabase[] = [];
  /** A new, empty database of the suite's kind: not even migrated (restore makes the schema), or migrated. */
  const emptyDatabase = async (migrated = false) => {
    const target = await (migrated ? createMigratedTestDatabase : createTestDatabase)(h.dialect);
    targets.push(target);
    return target;
  };
  let large: Promise<string> | undefined;
  /** A backup of a workspace of its own whose largest table holds more than two batches of rows, taken once. */
  const largeBackup = () =>
    (large ??= (async () => {
      const source = await emptyDatabase(true);
      const database = openDatabase(source.url);
      try {
        const workspace = await createWorkspace(database, createRegistry().scopes, { name: 'Large' }, CLI_ACTOR);
        await seedWorkspace(database, { workspaceId: workspace.id, size: 2600 });
      } finally {
        await database.close();
      }
      const file = join(directory, 'large.estate.gz');
      const taken = await estate(source.url, ['backup', file, '--json']);
      assert.equal(taken.code, 0, taken.stderr);
      return file;
    })());
  /** A backup taken before the other tests write: the backed-up workspace stays as it was then. */
  let quiet: string;
  let key: string;

  before(async () => {
    directory = mkdtempSync(join(tmpdir(), 'estate-backup-'));
    const workspace = await h.workspace('Backed up');
    key = (await h.key(workspace)).secret;
    await seedWorkspace(h.database, { workspaceId: workspace.id, size: 150 });
    quiet = join(directory, 'quiet.estate.gz');
    const taken = await estate(h.url, ['backup', quiet, '--json']);
    assert.equal(taken.code, 0, taken.stderr);
  });

  after(async () => {
    for (const target of targets) await target.drop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('a backup taken during writes holds every write acknowledged before it and its snapshot’s counts', async () => {
    const workspace = await h.workspace('Busy');
    const { secret } = await h.key(workspace);
    const write = async (name: string) => {
      const response = await h.call('POST', '/public/v1/servers', {
        key: secret,
        body: { name, hostname: name, ipAddresses: ['10.1.0.1'], environment: 'production' },
      });
      assert.equal(response.statusCode, 201, response.body);
      return (response.json() as { id: string }).id;
    };
    const before: string[] = [];
    for (let i = 0; i < 25; i += 1) before.push(await write(`before-${i}`));

    const file = join(directory, 'busy.estate.gz');
    let running = true;
    const backup = estate(h.url, ['backup', file, '--json']).finally(() => {
      running = false;
    });
    const during: string[] = [];
    for (let i = 0; running && i < 3000; i += 1) during.push(await write(`during-${i}`));
    const taken = await backup;
    assert.equal(taken.code, 0, taken.stderr);
    const summary = taken.json() as { file: string; rows: number; tables: Record<string, number>; bytes: number };
    assert.ok(during.length > 0, 'writes went on while the backup ran');
    assert.equal(summary.bytes, statSync(file).size);
    assert.equal(statSync(file).mode & 0o077, 0, 'the file holds password and key hashes: its owner’s alone');

    const target = await emptyDatabase();
    const restored = await estate(target.url, ['restore', file, '--json']);
    assert.equal(restored.code, 0, restored.stderr);
    assert.deepEqual(restored.json().tables, summary.tables);
    const database = openDatabase(target.url);
    const app = await buildApp({ database });
    try {
      for (const [table, rows] of Object.entries(summary.tables))
        assert.equal(await rowsOf(database, table), rows, `${table} holds the rows of the snapshot`);
      const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });
      for (const id of before) assert.equal((await get(`/public/v1/servers/${id}`)).statusCode, 200, id);
      const restoredIds: string[] = [];
      for (let offset = 0; ; offset += 200) {
        const page = (await get(`/public/v1/servers?limit=200&offset=${offset}`)).json() as { data: { id: string }[] };
        restoredIds.push(...page.data.map((server) => server.id));
        if (page.data.length < 200) break;
      }
      const written = new Set([...before, ...during]);
      assert.ok(
        restoredIds.every((id) => written.has(id)),
        'no row the source never acknowledged',
      );
      // What was written during the backup is a prefix of the writes: the snapshot is one moment.
      assert.deepEqual(new Set(restoredIds), new Set([...before, ...during].slice(0, restoredIds.length)));
      const totals = (url: string) => get(url).then((r) => (r.json() as { pagination: { total: number } }).pagination);
      assert.equal((await totals('/public/v1/servers?limit=1')).total, restoredIds.length);
      assert.equal((await totals('/public/v1/servers?limit=1&environment=production')).total, restoredIds.length);
      assert.equal((await totals('/public/v1/servers?limit=1&q=during')).total, restoredIds.length - before.length);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('a restored database answers every API request as the source did when the backup was taken', async () => {
    const target = await emptyDatabase(true);
    const restored = await estate(target.url, ['restore', quiet, '--json']);
    assert.equal(restored.code, 0, restored.stderr);
    const database = openDatabase(target.url);
    const app = await buildApp({ database });
    try {
      // The suite's other tests write later workspaces: the backed-up one is compared.
      const expected = await publicAnswers(h.app, key);
      const actual = await publicAnswers(app, key);
      const differing = differences(expected, actual);
      assert.deepEqual(differing.slice(0, 5), [], `${differing.length} of ${expected.size} answers differ`);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('--verify prints an intact backup’s counts', async () => {
    const verified = await estate(h.url, ['backup', '--verify', quiet, '--json']);
    assert.equal(verified.code, 0, verified.stderr);
    const report = verified.json();
    assert.equal(report.valid, true);
    assert.equal(report.dialect, h.dialect);
    assert.ok(report.tables.servers >= 150 && report.tables.audit_events > 0);
    assert.ok(Array.isArray(report.migrations) && report.migrations.length > 0);
    const human = await estate(h.url, ['backup', '--verify', quiet]);
    assert.match(human.stdout, /is intact: \d+ rows/);
  });

  /**
   * Writes each damaged file, has --verify check it and restore load it into a new database (both
   * at once), and expects both refused, naming the file and `reason`, and the database as it was:
   * every table, the migrator's records and derived storage included (a database without a schema
   * is left with the one restore made, as `estate migrate` leaves it).
   */
  const refusesDamaged = async (cases: [name: string, content: Buffer, reason?: RegExp, migrated?: boolean][]) => {
    const pristine = await contentsOf((await emptyDatabase(true)).url);
    for (const [name, content, reason, migrated = true] of cases) {
      const file = join(directory, `${name.replaceAll(/\W+/g, '-')}.estate.gz`);
      writeFileSync(file, content);
      const target = await emptyDatabase(migrated);
      const [checked, restored] = await Promise.all([
        estate(h.url, ['backup', '--verify', file, '--json']),
        estate(target.url, ['restore', file, '--json']),
      ]);
      for (const [command, result] of Object.entries({ '--verify': checked, restore: restored })) {
        assertRefused(result, `${name}: ${command}`, reason);
        assert.ok(result.stderr.startsWith(`estate: ${file} is not an intact Estate backup: `), result.stderr);
      }
      assert.deepEqual(await contentsOf(target.url), pristine, `${name}: restore wrote nothing`);
    }
  };

  it('one value changed, gzip intact: --verify and restore refuse it naming the table, and write nothing', async () => {
    const lines = linesOf(quiet);
    const renamedWorkspace = [...lines];
    const at = renamedWorkspace.findIndex((line) => line.includes('"Backed up"'));
    renamedWorkspace[at] = renamedWorkspace[at]!.replace('"Backed up"', '"Backed up!"');
    // One byte of one server's name, the line still the JSON array the writer makes.
    const renamedServer = [...lines];
    const server = firstRowOf(lines, 'servers');
    const row = JSON.parse(lines[server]!) as unknown[];
    const name = headerOf(lines)
      .tables.find((table) => table.name === 'servers')!
      .columns.indexOf('name');
    const was = row[name] as string;
    row[name] = `${was.slice(0, -1)}${was.endsWith('x') ? 'y' : 'x'}`;
    renamedServer[server] = JSON.stringify(row);
    // The same, with the table's own digest made again to match: the trailer's still tells.
    const redigested = [...renamedServer];
    const end = redigested.findIndex((line) => line.startsWith('{"end":"servers"'));
    redigested[end] = JSON.stringify({
      ...JSON.parse(redigested[end]!),
      sha256: digestOf(redigested.slice(server, end)),
    });
    // A table's rows are written a batch at a time, and its digest read after them: a row made a
    // copy of its neighbour breaks the table's key first (PostgreSQL: its COPY's failure comes out
    // as the second batch is written, so the table holds more than two).
    const large = linesOf(await largeBackup());
    const biggest = headerOf(large).tables.reduce((most, table) => (table.rows > most.rows ? table : most));
    assert.ok(biggest.rows > 2 * BATCH_ROWS, `table ${biggest.name} holds more than two batches`);
    const copied = [...large];
    const first = firstRowOf(large, biggest.name);
    copied[first + 1] = copied[first]!;
    await refusesDamaged([
      ['a workspace renamed', gzipSync(renamedWorkspace.join('\n')), /the rows of table workspaces were changed$/m],
      ['one byte of a server name', gzipSync(renamedServer.join('\n')), /the rows of table servers were changed$/m],
      [
        'a server renamed and its table digest made again',
        gzipSync(redigested.join('\n')),
        /its content does not match the digest of its trailer$/m,
      ],
      [
        `a row of ${biggest.name} copied over the next`,
        gzipSync(copied.join('\n')),
        new RegExp(`the rows of table ${biggest.name} were changed$`, 'm'),
      ],
    ]);
  });

  it('a file cut (at half, in gzip’s trailer, before its own) or flipped: both refuse it, write nothing', async () => {
    const bytes = readFileSync(quiet);
    const flipped = Buffer.from(bytes);
    const middle = Math.floor(bytes.length / 2);
    flipped[middle] = flipped[middle]! ^ 0x10;
    const lines = linesOf(quiet);
    const trailer = lines.findIndex((line) => line.startsWith('{"trailer"'));
    await refusesDamaged([
      ['cut at half', bytes.subarray(0, middle), /unexpected end of file$/m],
      ['cut at half, into a database without a schema', bytes.subarray(0, middle), /unexpected end of file$/m, false],
      // gzip ends with the CRC-32 and the length of its content, 4 bytes each.
      ['cut in gzip’s trailer', bytes.subarray(0, bytes.length - 3), /unexpected end of file$/m],
      ['its last line left out, in an intact gzip', gzipSync(lines.slice(0, trailer).join('\n')), /truncated/],
      ['a flipped byte', flipped],
    ]);
  });

  /** Polls `seen` until it holds (true) or the restore has ended (false: seen too late, or never so). */
  const until = async (restoring: Promise<CliResult>, seen: () => Promise<boolean>): Promise<boolean> => {
    let ended = false;
    void restoring.finally(() => {
      ended = true;
    });
    while (!ended) {
      if (await seen()) return true;
      await sleep(2);
    }
    return false;
  };

  /**
   * Resolves once the restore into `target` waits for a lock another connection holds, as PostgreSQL
   * shows. SQLite does not show a connection waiting at BEGIN IMMEDIATE: 2 s (the command's start)
   * are waited instead; a restore that reaches it later sees the same rows.
   */
  const restoreWaits = async (target: TestDatabase, restoring: Promise<CliResult>): Promise<void> => {
    if (h.dialect === 'sqlite') {
      await Promise.race([sleep(2_000), restoring]);
      return;
    }
    const database = openDatabase(target.url, { poolSize: 1 });
    try {
      const waiting = sql<{ n: number }>`SELECT count(*) AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`;
      await until(restoring, async () => Number((await waiting.execute(database.db)).rows[0]!.n) > 0);
    } finally {
      await database.close();
    }
  };

  /**
   * Whether the restore into `target` was seen in its transaction, before it ended: holding
   * SQLite's write lock (a BEGIN IMMEDIATE that does not wait is refused), or on PostgreSQL a lock on
   * workspaces other than a reader's.
   */
  const restoreSeenLoading = async (target: TestDatabase, restoring: Promise<CliResult>): Promise<boolean> => {
    if (h.dialect === 'sqlite') {
      const probe = new SqliteDatabase(target.file!, { timeout: 0 });
      try {
        return await until(restoring, async () => {
          try {
            probe.exec('BEGIN IMMEDIATE');
            probe.exec('ROLLBACK');
            return false;
          } catch (error) {
            if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
            throw error;
          }
        });
      } finally {
        probe.close();
      }
    }
    const database = openDatabase(target.url, { poolSize: 1 });
    try {
      const held = sql<{ n: number }>`SELECT count(*) AS n FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
        WHERE l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND c.relname = 'workspaces' AND l.granted AND l.mode <> 'AccessShareLock' AND l.pid <> pg_backend_pid()`;
      return await until(restoring, async () => Number((await held.execute(database.db)).rows[0]!.n) > 0);
    } finally {
      await database.close();
    }
  };

  it('a writer already in the target makes restore wait (5 s at most) and refuse; its rows alone stay', async () => {
    const target = await emptyDatabase(true);
    const writer = openDatabase(target.url);
    const id = newId();
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // A write transaction that has inserted its row and not yet committed.
    const writing = writer.db.transaction().execute(async (trx) => {
      const now = nowIso();
      await trx
        .insertInto('workspaces')
        .values({
          id,
          name: 'Written first',
          default_currency: 'EUR',
          time_zone: 'UTC',
          created_at: now,
          updated_at: now,
        })
        .execute();
      holding();
      await committing;
    });
    try {
      await held;
      const gaveUp = await estate(target.url, ['restore', quiet, '--json']);
      assertRefused(gaveUp, 'a writer holding on', /another connection is writing to the target database/);
      const restoring = estate(target.url, ['restore', quiet, '--json']);
      await restoreWaits(target, restoring);
      commit();
      await writing;
      assertRefused(await restoring, 'a writer committing meanwhile', /not empty \(table workspaces has rows\)/);
    } finally {
      commit();
      await writing.catch(() => undefined);
      await writer.close();
    }
    const header = headerOf(linesOf(quiet));
    const none = Object.fromEntries(header.tables.map((table) => [table.name, 0]));
    assert.deepEqual(await rowsBesides(target.url, header, id), none, 'no row of the backup');
    const database = openDatabase(target.url);
    try {
      const ids = await database.db.selectFrom('workspaces').select('id').execute();
      assert.deepEqual(ids, [{ id }], 'the writer’s row');
    } finally {
      await database.close();
    }
  });

  it('a writer coming while restore loads waits for the commit: the backup’s rows, then the writer’s', async () => {
    const file = await largeBackup();
    const header = headerOf(linesOf(file));
    const target = await emptyDatabase(true);
    const restoring = estate(target.url, ['restore', file, '--json']);
    assert.ok(await restoreSeenLoading(target, restoring), 'the writer comes while the restore loads');
    const writer = openDatabase(target.url);
    // Ordering is what is tested, not SQLite's 5 s busy timeout: a loaded machine restores for longer.
    if (h.dialect === 'sqlite') await sql`PRAGMA busy_timeout = 120000`.execute(writer.db);
    let written: { id: string };
    try {
      written = await createWorkspace(
        writer,
        createRegistry().scopes,
        { name: 'Written during the restore' },
        CLI_ACTOR,
      );
    } finally {
      await writer.close();
    }
    const restored = await restoring;
    assert.equal(restored.code, 0, restored.stderr);
    const backedUp = Object.fromEntries(header.tables.map((table) => [table.name, table.rows]));
    assert.deepEqual(restored.json().tables, backedUp);
    assert.deepEqual(await rowsBesides(target.url, header, written.id), backedUp, 'every row of the backup, no other');
    const database = openDatabase(target.url);
    try {
      assert.equal(await rowsOf(database, 'workspaces'), backedUp.workspaces! + 1, 'and the writer’s workspace');
    } finally {
      await database.close();
    }
  });

  it('restore refuses a database holding rows, and backup an existing file, with exit code 1', async () => {
    const refused = await estate(h.url, ['restore', quiet, '--json']);
    assert.equal(refused.code, 1);
    assert.equal(refused.stdout, '');
    assert.match(refused.stderr, /not empty \(table \w+ has rows\)/);
    const existing = await estate(h.url, ['backup', quiet]);
    assert.equal(existing.code, 1);
    assert.match(existing.stderr, /exists already/);
    const missing = await estate(h.url, ['restore', join(directory, 'absent.gz')]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /there is no file/);
  });

  it('restore refuses a backup of a schema this version does not know, and writes nothing', async () => {
    const lines = gunzipSync(readFileSync(quiet)).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]!) as { migrations: string[] };
    header.migrations.push('9999-from-the-future');
    lines[0] = JSON.stringify(header);
    // The trailer's digest is made again, so only the schema is wrong.
    const trailerAt = lines.findIndex((line) => line.startsWith('{"trailer"'));
    const trailer = JSON.parse(lines[trailerAt]!) as { trailer: { sha256: string } };
    trailer.trailer.sha256 = createHash('sha256')
      .update(
        lines
          .slice(0, trailerAt)
          .map((line) => `${line}\n`)
          .join(''),
      )
      .digest('hex');
    lines[trailerAt] = JSON.stringify(trailer);
    const file = join(directory, 'future.estate.gz');
    writeFileSync(file, gzipSync(lines.join('\n')));
    assert.equal((await estate(h.url, ['backup', '--verify', file])).code, 0, 'an intact file');
    const target = await emptyDatabase(true);
    const restored = await estate(target.url, ['restore', file]);
    assert.equal(restored.code, 1);
    assert.match(restored.stderr, /newer Estate: its schema ends at migration 9999-from-the-future/);
  });

  it('a backup of an older schema is restored at it and then migrated; a database past it is refused', async (t) => {
    const names = (
      await sql<{ name: string }>`SELECT name FROM estate_migrations ORDER BY name`.execute(h.database.db)
    ).rows.map((row) => row.name);
    if (names.length < 2) return t.skip('one migration: no older schema');
    const old = await emptyDatabase();
    const database = openDatabase(old.url);
    try {
      await migrateTo(database, names[0]!);
      // Rows as the older Estate wrote them: today's services write today's columns.
      const now = new Date().toISOString();
      const id = '01a00000-0000-7000-8000-0000000000aa';
      await sql`INSERT INTO workspaces (id, name, default_currency, time_zone, created_at, updated_at)
        VALUES (${id}, 'From an older Estate', 'EUR', 'UTC', ${now}, ${now})`.execute(database.db);
      for (const role of ['read', 'write', 'admin'])
        await sql`INSERT INTO roles (workspace_id, name, permissions, updated_at)
          VALUES (${id}, ${role}, '[]', ${now})`.execute(database.db);
    } finally {
      await database.close();
    }
    const file = join(directory, 'older.estate.gz');
    const taken = await estate(old.url, ['backup', file, '--json']);
    assert.equal(taken.code, 0, taken.stderr);
    const target = await emptyDatabase();
    const restored = await estate(target.url, ['restore', file, '--json']);
    assert.equal(restored.code, 0, restored.stderr);
    assert.deepEqual(restored.json().migrated, names.slice(1));
    const upgraded = openDatabase(target.url);
    try {
      // 0012-custom-roles gave the older roles their ids.
      const roles = (await sql<{ id: string | null }>`SELECT id FROM roles`.execute(upgraded.db)).rows;
      assert.equal(roles.length, 3);
      assert.ok(roles.every((role) => role.id && /^[0-9a-f-]{36}$/.test(role.id)));
    } finally {
      await upgraded.close();
    }
    const newer = await emptyDatabase(true);
    const refused = await estate(newer.url, ['restore', file]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /the target database is at schema \S+ and the rows at \S+/);
  });
});
