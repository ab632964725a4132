/** What every command shares: one run against the database, its output, its progress bar. */
import { existsSync } from 'node:fs';
import { databaseLocation, loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { fieldIndexesSettled } from '../custom-fields/indexes.js';

export interface JsonOption {
  json?: boolean;
}

/**
 * Runs one command against the database (config.ts databaseLocation): migrates, acts, prints
 * exactly one JSON object with --json (or a readable text otherwise; nothing when `print` is
 * false), and turns any failure into a message on stderr and exit 1. Only a command that `creates`
 * a database (migrate, restore) makes one in the current directory when none is there.
 */
export async function run<T extends object>(
  options: JsonOption,
  action: (database: Database) => Promise<T>,
  human: (result: T) => string,
  { migrate = true, print = true, creates = false } = {},
): Promise<void> {
  let database: Database | undefined;
  try {
    if (!creates) requireFoundDatabase();
    database = openDatabase(loadConfig().databaseUrl, {
      poolSize: 2,
      notice: (message) => process.stderr.write(`estate: ${message}\n`),
    });
    if (migrate) await migrateToLatest(database);
    const result = await action(database);
    // A command whose output is its data (estate export to standard output) prints nothing more.
    if (print) process.stdout.write(options.json ? `${JSON.stringify(result)}\n` : `${human(result)}\n`);
  } catch (error) {
    fail(failureMessage(error));
  } finally {
    // A field's index, built after its definition's commit (custom-fields/indexes.ts), is finished first.
    if (database) await fieldIndexesSettled(database);
    await database?.close();
  }
}

/**
 * Refuses to run where no database was named and none is found: a command run from another
 * directory would otherwise make an empty database there and answer as if the estate were empty.
 */
export function requireFoundDatabase(): void {
  const { implicitFile } = databaseLocation();
  if (implicitFile === undefined || existsSync(implicitFile)) return;
  throw new Error(
    `no database at ${implicitFile}: with neither DATABASE_URL nor ESTATE_DATA set, Estate uses data/estate.db ` +
      'in the current directory; run the command where Estate keeps its data, set ESTATE_DATA to that data ' +
      'directory (or DATABASE_URL), or create a database here with "estate migrate" or "estate serve"',
  );
}

/** A progress bar: drawn with what is done of what is planned (and a note after it); `end` ends its line. */
export interface ProgressBar {
  (done: number, planned: number, note?: string): void;
  end(): void;
}

/**
 * A one-line progress bar on a terminal's stderr, redrawn at most every 100 ms: `[####.....] 42%`,
 * then `done/planned unit` when a unit is given, or the note of the call.
 */
export function progressBar({ unit }: { unit?: string } = {}): ProgressBar {
  let last = 0;
  let drawn = false;
  const bar = (done: number, planned: number, note?: string) => {
    const now = Date.now();
    if (now - last < 100 && done < planned) return;
    last = now;
    drawn = true;
    const ratio = planned > 0 ? Math.min(1, done / planned) : 1;
    const width = 30;
    const filled = Math.round(ratio * width);
    const after = note ?? (unit ? `${done}/${planned} ${unit}` : '');
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(ratio * 100)}%`;
    // \x1b[K clears what a longer line drawn before left on the right.
    process.stderr.write(`\r${line}${after ? ` ${after}` : ''}\x1b[K`);
  };
  bar.end = () => {
    if (drawn) process.stderr.write('\n');
    drawn = false;
  };
  return bar;
}

export function warn(message: string): void {
  process.stderr.write(`estate: warning: ${message}\n`);
}

/**
 * A failure as the one line a command prints. A SQLite file another process keeps locked past the
 * busy timeout says who may hold it: `estate seed` holds a file it has alone until it ends.
 */
export function failureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code !== 'SQLITE_BUSY' && code !== 'SQLITE_LOCKED') return message;
  return (
    `${message}: another process is writing the SQLite file (an estate seed started when nothing else ` +
    'had the file open holds it until it ends); try again when it is done'
  );
}

export function fail(message: string): void {
  process.stderr.write(`estate: ${message}\n`);
  process.exitCode = 1;
}
