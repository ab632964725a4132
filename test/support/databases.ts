/**
 * Throwaway databases for the tests and the benchmarks: a temporary SQLite file, or a PostgreSQL
 * database created next to a maintenance URL and dropped afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database, type Dialect } from '../../src/base/db/database.js';
import { migrateToLatest } from '../../src/base/db/migrate.js';
import { installed } from '../../src/base/paths.js';

export interface ThrowawayDatabase {
  dialect: Dialect;
  url: string;
  /** The SQLite file (for bulk loaders). */
  file?: string;
  drop(): Promise<void>;
}

/**
 * `prefix` names the SQLite directory and the PostgreSQL database; `adminUrl` is the PostgreSQL
 * server's maintenance URL. With `migrated`, the database starts with every migration applied: a
 * copy of a template migrated once per version of src/base/db (much faster than migrating each one).
 */
export async function createThrowawayDatabase(
  dialect: Dialect,
  options: { prefix: string; adminUrl?: string; migrated?: boolean; seeded?: Seeded },
): Promise<ThrowawayDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `${options.prefix.replace(/_/g, '-')}-`));
    const file = join(dir, 'estate.db');
    if (options.seeded) copyFileSync(await sqliteSeeded(options.seeded), file);
    else if (options.migrated) copyFileSync(await sqliteTemplate(), file);
    return { dialect, url: `sqlite:${file}`, file, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (!options.adminUrl) throw new Error("a PostgreSQL throwaway database needs the server's maintenance URL");
  const adminUrl = options.adminUrl;
  const name = `${options.prefix}_${randomBytes(5).toString('hex')}`;
  const template = options.seeded
    ? ` TEMPLATE ${await postgresSeeded(adminUrl, options.seeded)}`
    : options.migrated
      ? ` TEMPLATE ${await postgresTemplate(adminUrl)}`
      : '';
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}${template}`));
  return {
    dialect,
    url: databaseUrl(adminUrl, name),
    drop: () => withClient(adminUrl, (client) => dropDatabase(client, name)),
  };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  // pg-pool's end() resolves before its clients' sessions are gone; terminating them with
  // FORCE at that moment reaches the pool as an 'error' event nothing listens to (a crash).
  // Give them up to 5 s to leave on their own first.
  await waitForSessions(client, name);
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function waitForSessions(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]!.n === 0) return;
    await sleep(100);
  }
}

/** A digest of src/base/db (migrations and what they import): a template is reused only by the code that made it. */
function schemaVersion(): string {
  return digestOf(installed('src', 'base', 'db'));
}

/** A digest of a directory's file names and contents. */
function digestOf(root: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(root);
  return hash.digest('hex').slice(0, 16);
}

let sqliteTemplatePromise: Promise<string> | undefined;

/**
 * A migrated SQLite file in the temporary directory, made once per schema version (renamed into
 * place, so readers never see half of one).
 */
function sqliteTemplate(): Promise<string> {
  sqliteTemplatePromise ??= (async () => {
    const file = join(tmpdir(), `estate-template-${schemaVersion()}.db`);
    if (existsSync(file)) return file;
    const building = `${file}.${randomBytes(5).toString('hex')}`;
    const database = openDatabase(`sqlite:${building}`);
    await migrateToLatest(database);
    await database.close();
    // The last connection's close checkpoints the write-ahead log into the file and removes it.
    if (existsSync(`${building}-wal`)) throw new Error(`${building}: the write-ahead log outlived the connection`);
    renameSync(building, file);
    return file;
  })();
  return sqliteTemplatePromise;
}

let postgresTemplatePromise: Promise<string> | undefined;

/**
 * A migrated PostgreSQL database to copy (`CREATE DATABASE … TEMPLATE`), made once per schema
 * version under an advisory lock, so that concurrent test processes make it once between them.
 */
function postgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplatePromise ??= postgresOnce(adminUrl, `estate_template_${schemaVersion()}`, '', migrateToLatest);
  return postgresTemplatePromise;
}

/**
 * A database `name` to copy, made once between concurrent processes under an advisory lock: a new
 * database (from `template`, when given) that `fill` writes, renamed into place when done.
 */
function postgresOnce(
  adminUrl: string,
  name: string,
  template: string,
  fill: (database: Database) => Promise<unknown>,
): Promise<string> {
  return withClient(adminUrl, async (client) => {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return name;
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await client.query(`CREATE DATABASE ${building}${template ? ` TEMPLATE ${template}` : ''}`);
      const database = openDatabase(databaseUrl(adminUrl, building));
      try {
        await fill(database);
      } finally {
        await database.close();
      }
      await waitForSessions(client, building);
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}

/**
 * A seeded workspace (`estate seed`'s data at `size` servers from `seed`) in a database to copy:
 * made once per run and copied per suite (a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on
 * PostgreSQL). `make` writes the workspace into the new database and returns what the suites get.
 */
export interface Seeded {
  size: number;
  seed: number;
  make(database: Database): Promise<unknown>;
}

/**
 * Where seeded templates live: ESTATE_TEST_TEMPLATES (scripts/test.mjs makes one directory per
 * run and removes it after; PostgreSQL templates carry its run id and are dropped with it), else
 * the temporary directory, kept for the next run of the same code.
 */
const TEMPLATES = process.env.ESTATE_TEST_TEMPLATES ?? tmpdir();
const RUN = process.env.ESTATE_TEST_RUN ?? 'kept';

/** A digest of src/ (the seed and everything it writes through): a template is reused only by the code that made it. */
function sourceVersion(): string {
  sourceVersionMemo ??= digestOf(installed('src'));
  return sourceVersionMemo;
}
let sourceVersionMemo: string | undefined;

function seededKey(seeded: Seeded): string {
  return `${sourceVersion()}_${seeded.size}_${seeded.seed}`;
}

/** What `make` returned, kept beside the template: the copies hold the same workspace. */
/** Makes the run's template of `seeded` when no process has made it yet (one copy is then cheap). */
export async function prepareSeeded(dialect: Dialect, seeded: Seeded, adminUrl?: string): Promise<void> {
  if (dialect === 'sqlite') await sqliteSeeded(seeded);
  else if (adminUrl) await postgresSeeded(adminUrl, seeded);
  else throw new Error("a PostgreSQL template needs the server's maintenance URL");
}

export function seededValue(dialect: Dialect, seeded: Seeded): unknown {
  return JSON.parse(readFileSync(sidecarOf(dialect, seededKey(seeded)), 'utf8'));
}

const seededFiles = new Map<string, Promise<string>>();

/** A seeded SQLite file, made once (other processes wait for the one that makes it). */
function sqliteSeeded(seeded: Seeded): Promise<string> {
  const key = seededKey(seeded);
  let made = seededFiles.get(key);
  if (!made) {
    made = onlyOnce(join(TEMPLATES, `estate-seeded-${RUN}-${key}.db`), async (file) => {
      const building = `${file}.${randomBytes(5).toString('hex')}`;
      copyFileSync(await sqliteTemplate(), building);
      const database = openDatabase(`sqlite:${building}`);
      try {
        writeFileSync(sidecarOf('sqlite', key), JSON.stringify(await seeded.make(database)));
      } finally {
        await database.close();
      }
      renameSync(building, file);
    });
    seededFiles.set(key, made);
  }
  return made;
}

/** A seeded PostgreSQL database to copy, made by one process. */
function postgresSeeded(adminUrl: string, seeded: Seeded): Promise<string> {
  const key = seededKey(seeded);
  let made = seededFiles.get(`postgres:${key}`);
  if (!made) {
    const name = `estate_seeded_${RUN}_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
    made = postgresTemplate(adminUrl).then((template) =>
      postgresOnce(adminUrl, name, template, async (database) => {
        const value = await seeded.make(database);
        // Autovacuum may be off (it is in CI): the copies get the statistics made here.
        await sql`ANALYZE`.execute(database.db);
        writeFileSync(sidecarOf('postgres', key), JSON.stringify(value));
      }),
    );
    seededFiles.set(`postgres:${key}`, made);
  }
  return made;
}

function sidecarOf(dialect: Dialect, key: string): string {
  return join(TEMPLATES, `estate-seeded-${RUN}-${dialect}-${key}.json`);
}

/**
 * `make(file)` run by one process of those that ask at once: the first takes a lock file, the
 * others wait for `file` to appear (or take over a lock whose maker died).
 */
async function onlyOnce(file: string, make: (file: string) => Promise<void>): Promise<string> {
  const lock = `${file}.lock`;
  for (;;) {
    if (existsSync(file)) return file;
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch {
      // Another process makes it: wait, unless its lock is older than any seed takes.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 15 * 60_000)
        rmSync(lock, { force: true });
      await sleep(200);
      continue;
    }
    try {
      if (!existsSync(file)) await make(file);
      return file;
    } finally {
      closeSync(fd);
      rmSync(lock, { force: true });
    }
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
