/** What every command shares: one run against the database, its output, its progress bar. */
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

export interface JsonOption {
  json?: boolean;
}

/**
 * Runs one command against DATABASE_URL: migrates, acts, prints exactly one JSON object with
 * --json (or a readable text otherwise; nothing when `print` is false), and turns any failure
 * into a message on stderr and exit 1.
 */
export async function run<T extends object>(
  options: JsonOption,
  action: (database: Database) => Promise<T>,
  human: (result: T) => string,
  { migrate = true, print = true } = {},
): Promise<void> {
  let database: Database | undefined;
  try {
    database = openDatabase(loadConfig().databaseUrl, {
      poolSize: 2,
      notice: (message) => process.stderr.write(`estate: ${message}\n`),
    });
    if (migrate) await migrateToLatest(database);
    const result = await action(database);
    // A command whose output is its data (estate export to standard output) prints nothing more.
    if (print) process.stdout.write(options.json ? `${JSON.stringify(result)}\n` : `${human(result)}\n`);
  } catch (error) {
    process.stderr.write(`estate: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await database?.close();
    await (await import('../members/password-policy.js')).closePasswordChecks();
  }
}

/** A one-line progress bar on a terminal's stderr, redrawn at most every 100 ms. */
export function progressBar(): (done: number, planned: number) => void {
  let last = 0;
  return (done, planned) => {
    const now = Date.now();
    if (now - last < 100 && done < planned) return;
    last = now;
    const ratio = planned > 0 ? Math.min(1, done / planned) : 1;
    const width = 30;
    const filled = Math.round(ratio * width);
    process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(ratio * 100)}%`);
  };
}

export function warn(message: string): void {
  process.stderr.write(`estate: warning: ${message}\n`);
}

export function fail(message: string): void {
  process.stderr.write(`estate: ${message}\n`);
  process.exitCode = 1;
}
