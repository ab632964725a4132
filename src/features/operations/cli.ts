import type { Command } from 'commander';
import { loadConfig } from '../../base/config.js';
import { openDatabase, type Database } from '../../base/db/database.js';
import { type JsonOption, progressBar, requireFoundDatabase } from '../../base/cli/run.js';

/**
 * Runs one operation: prints one JSON object with --json, else a readable summary; any failure is
 * one line on stderr and exit code 1 (as every command of main.ts).
 */
async function operate<T extends object>(
  options: JsonOption,
  action: (progress?: (done: number, planned: number) => void) => Promise<T>,
  human: (result: T) => string,
): Promise<void> {
  const bar = process.stderr.isTTY ? progressBar({ unit: 'rows' }) : undefined;
  try {
    const result = await action(bar);
    bar?.end();
    process.stdout.write(options.json ? `${JSON.stringify(result)}\n` : `${human(result)}\n`);
  } catch (error) {
    bar?.end();
    process.stderr.write(`estate: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}

/**
 * The database (DATABASE_URL, else ESTATE_DATA), opened but not migrated. Only `creates` (a
 * restore) makes one in the current directory when none was named and none is there.
 */
async function withDatabase<T>(work: (database: Database) => Promise<T>, { creates = false } = {}): Promise<T> {
  if (!creates) requireFoundDatabase();
  const database = openDatabase(loadConfig().databaseUrl, {
    poolSize: 2,
    notice: (message) => process.stderr.write(`estate: ${message}\n`),
  });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const seconds = (started: number) => Math.round((Date.now() - started) / 100) / 10;

const tableLines = (tables: Record<string, number>) =>
  Object.entries(tables)
    .map(([table, rows]) => `  ${table.padEnd(28)} ${rows}`)
    .join('\n');

/** `estate backup`, `estate restore` and `estate copy`: the instance as a whole (docs/operations.md). */
export function registerOperations(program: Command): void {
  program
    .command('backup')
    .description(
      'write a consistent snapshot of the whole instance to FILE (gzip’d JSON lines) while it keeps serving; ' +
        'with --verify, check a backup file instead',
    )
    .argument('<file>', 'the backup file: a new one (never overwritten), or the one to check with --verify')
    .option('--verify', 'check FILE (every table’s count and digest, the trailer) and print its counts')
    .option(
      '--json',
      'print one JSON object: {"file","bytes","rows","tables":{…},"sha256","seconds"}; ' +
        'with --verify {"file","valid":true,"createdAt","dialect","migrations","rows","tables":{…}}',
    )
    .addHelpText(
      'after',
      '\nEvery workspace, person, password and key hash, agent and audit event is in the file (console ' +
        'sign-ins are not): keep it as safe as the database. It restores into SQLite or PostgreSQL.',
    )
    .action((file: string, opts: JsonOption & { verify?: boolean }) => {
      const started = Date.now();
      if (opts.verify)
        return operate(
          opts,
          async () => (await import('./backup-file.js')).verifyBackup(file),
          (r) =>
            `${r.file} is intact: ${r.rows} rows of a ${r.dialect} backup made ${r.createdAt}\n${tableLines(r.tables)}`,
        );
      return operate(
        opts,
        async (progress) => {
          requireFoundDatabase();
          return {
            ...(await (await import('./backup.js')).backupDatabase(loadConfig().databaseUrl, file, progress)),
            seconds: seconds(started),
          };
        },
        (r) => `backed up ${r.rows} rows to ${r.file} (${r.bytes} bytes) in ${r.seconds}s`,
      );
    });

  program
    .command('restore')
    .description('fill a new, empty database (DATABASE_URL) with a backup; a database holding rows is refused')
    .argument('<file>', 'a file written by estate backup')
    .option('--json', 'print one JSON object: {"file","rows","tables":{…},"migrated":[…],"seconds"}')
    .addHelpText(
      'after',
      '\nThe schema is made first; the rows are loaded and checked against the file in one transaction, ' +
        'so a damaged file leaves the database empty. The transaction holds the target: a writer already in it ' +
        'makes the restore refuse, one that comes later waits for it. A backup of an older version is migrated ' +
        'after the load; one of a newer version is refused. Counts and search are rebuilt from the rows.',
    )
    .action((file: string, opts: JsonOption) => {
      const started = Date.now();
      return operate(
        opts,
        (progress) =>
          withDatabase(
            async (database) => ({
              ...(await (await import('./backup.js')).restoreDatabase(database, file, progress)),
              seconds: seconds(started),
            }),
            { creates: true },
          ),
        (r) => `restored ${r.rows} rows from ${r.file} in ${r.seconds}s\n${tableLines(r.tables)}`,
      );
    });

  program
    .command('copy')
    .description(
      'copy everything from DATABASE_URL into another, empty database of either kind ' +
        '(moving from SQLite to PostgreSQL), then count every table in both',
    )
    .requiredOption('--to <url>', 'the target: sqlite:PATH or postgres://user:pass@host:port/db')
    .option(
      '--json',
      'print one JSON object: {"from","to","target","rows","tables":{…},"verified":true,"migrated":[…],"seconds"}',
    )
    .addHelpText(
      'after',
      '\nThe source keeps serving: the copy reads one snapshot of it. The target is migrated first and must ' +
        'hold no rows. API keys, agent tokens, passwords and audit cursors work on the target; console ' +
        'sign-ins do not (people sign in again).',
    )
    .action((opts: JsonOption & { to: string }) => {
      const started = Date.now();
      return operate(
        opts,
        async (progress) => ({
          ...(await (await import('./copy.js')).copyDatabase(loadConfig().databaseUrl, opts.to, progress)),
          seconds: seconds(started),
        }),
        (r) =>
          `copied ${r.rows} rows from ${r.from} to ${r.target} in ${r.seconds}s; every table counted:\n` +
          tableLines(r.tables),
      );
    });
}
