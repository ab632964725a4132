/**
 * `estate backup`, `estate backup --verify` and `estate restore`, on each database: a backup taken
 * while the API writes holds every write acknowledged before it began and restores to the counts
 * of its snapshot; a restore gives the API answers of the source, refuses a database holding rows,
 * a damaged file and a backup of an unknown schema, and writes nothing then.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../src/app/app.js';
import { CLI_ACTOR } from '../src/audit/audit.types.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { migrateTo } from '../src/db/migrate.js';
import { seedWorkspace } from '../src/seed/seed.js';
import { createWorkspace } from '../src/workspaces/workspaces.service.js';
import { differences, publicAnswers } from './support/answers.js';
import { estate } from './support/cli.js';
import {
  createMigratedTestDatabase,
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from './support/harness.js';

const rowsOf = async (database: Database, table: string) =>
  Number((await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(database.db)).rows[0]!.n);

describeEachDatabase('backup and restore', (h) => {
  let directory: string;
  const targets: TestDatabase[] = [];
  /** A new, empty database of the suite's kind: not even migrated (restore makes the schema), or migrated. */
  const emptyDatabase = async (migrated = false) => {
    const target = await (migrated ? createMigratedTestDatabase : createTestDatabase)(h.dialect);
    targets.push(target);
    return target;
  };
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

  it('--verify prints an intact backup’s counts, and finds a flipped byte, a changed row and a cut file', async () => {
    const verified = await estate(h.url, ['backup', '--verify', quiet, '--json']);
    assert.equal(verified.code, 0, verified.stderr);
    const report = verified.json();
    assert.equal(report.valid, true);
    assert.equal(report.dialect, h.dialect);
    assert.ok(report.tables.servers >= 150 && report.tables.audit_events > 0);
    assert.ok(Array.isArray(report.migrations) && report.migrations.length > 0);
    const human = await estate(h.url, ['backup', '--verify', quiet]);
    assert.match(human.stdout, /is intact: \d+ rows/);

    const bytes = readFileSync(quiet);
    const flipped = Buffer.from(bytes);
    const middle = Math.floor(bytes.length / 2);
    flipped[middle] = flipped[middle]! ^ 0x10;
    const cut = bytes.subarray(0, Math.floor(bytes.length * 0.7));
    // A valid gzip whose one row was changed: only the table's digest tells.
    const lines = gunzipSync(bytes).toString('utf8').split('\n');
    const row = lines.findIndex((line) => line.includes('"Backed up"'));
    lines[row] = lines[row]!.replace('"Backed up"', '"Backed up!"');
    const changed = gzipSync(lines.join('\n'));
    for (const [name, content] of [
      ['flipped', flipped],
      ['cut', cut],
      ['changed', changed],
    ] as const) {
      const file = join(directory, `${name}.estate.gz`);
      writeFileSync(file, content);
      const checked = await estate(h.url, ['backup', '--verify', file, '--json']);
      assert.equal(checked.code, 1, `${name}: ${checked.stdout}`);
      assert.equal(checked.stdout, '');
      assert.match(checked.stderr, /is not an intact Estate backup/, name);
      const target = await emptyDatabase(true);
      const restored = await estate(target.url, ['restore', file, '--json']);
      assert.equal(restored.code, 1, `${name}: ${restored.stdout}`);
      assert.match(restored.stderr, /is not an intact Estate backup/);
      const database = openDatabase(target.url);
      try {
        assert.equal(await rowsOf(database, 'workspaces'), 0, `${name}: nothing restored`);
      } finally {
        await database.close();
      }
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
      await createWorkspace(database, { name: 'From an older Estate' }, CLI_ACTOR);
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
    const newer = await emptyDatabase(true);
    const refused = await estate(newer.url, ['restore', file]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /the target database is at schema \S+ and the rows at \S+/);
  });
});
