/**
 * Throwaway databases for the tests and the benchmarks: a temporary SQLite file, or a PostgreSQL
 * database created next to a maintenance URL and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Dialect } from '../../src/db/database.js';

export interface ThrowawayDatabase {
  dialect: Dialect;
  url: string;
  /** The SQLite file (for bulk loaders). */
  file?: string;
  drop(): Promise<void>;
}

/** `prefix` names the SQLite directory and the PostgreSQL database; `adminUrl` is the PostgreSQL server's maintenance URL. */
export async function createThrowawayDatabase(dialect: Dialect, options: { prefix: string; adminUrl?: string }): Promise<ThrowawayDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `${options.prefix.replace(/_/g, '-')}-`));
    const file = join(dir, 'estate.db');
    return { dialect, url: `sqlite:${file}`, file, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (!options.adminUrl) throw new Error('a PostgreSQL throwaway database needs the server\'s maintenance URL');
  const adminUrl = options.adminUrl;
  const name = `${options.prefix}_${randomBytes(5).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dialect,
    url: url.toString(),
    drop: () =>
      withClient(adminUrl, async (client) => {
        // pg-pool's end() resolves before its clients' sessions are gone; terminating them with
        // FORCE at that moment reaches the pool as an 'error' event nothing listens to (a crash).
        // Give them up to 5 s to leave on their own first.
        for (let i = 0; i < 50; i++) {
          const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0]!.n === 0) break;
          await sleep(100);
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
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
