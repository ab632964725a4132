/**
 * Throwaway databases for the tests and the benchmarks: a temporary SQLite file, or a PostgreSQL
 * database created next to a maintenance URL and dropped afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openDatabase, type Dialect } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

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
 * copy of a template migrated once per version of src/db (much faster than migrating each one).
 */
export async function createThrowawayDatabase(
  dialect: Dialect,
  options: { prefix: string; adminUrl?: string; migrated?: boolean },
): Promise<ThrowawayDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `${options.prefix.replace(/_/g, '-')}-`));
    const file = join(dir, 'estate.db');
    if (options.migrated) copyFileSync(await sqliteTemplate(), file);
    return { dialect, url: `sqlite:${file}`, file, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (!options.adminUrl) throw new Error("a PostgreSQL throwaway database needs the server's maintenance URL");
  const adminUrl = options.adminUrl;
  const name = `${options.prefix}_${randomBytes(5).toString('hex')}`;
  const template = options.migrated ? ` TEMPLATE ${await postgresTemplate(adminUrl)}` : '';
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

/** A digest of src/db (migrations and what they import): a template is reused only by the code that made it. */
function schemaVersion(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(fileURLToPath(new URL('../../src/db', import.meta.url)));
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
  postgresTemplatePromise ??= withClient(adminUrl, async (client) => {
    const name = `estate_template_${schemaVersion()}`;
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return name;
      const building = `${name}_${randomBytes(4).toString('hex')}`;
      await client.query(`CREATE DATABASE ${building}`);
      const database = openDatabase(databaseUrl(adminUrl, building));
      await migrateToLatest(database);
      await database.close();
      await waitForSessions(client, building);
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return postgresTemplatePromise;
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
