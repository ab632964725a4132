/**
 * Writes the schema baseline of each database (src/base/db/baseline/<dialect>.sql) from a scratch
 * database migrated up to a migration: `npm run schema:baseline -- [MIGRATION]`, to squash
 * migrations before a release (docs/architecture.md, "Migrations"). Left out, because the baseline
 * migration makes them: estate_fold(), which depends on the server, and the storage objects that
 * the facts of db/storage.ts call for. `--all` keeps everything (BASELINE_OUT=DIR writes elsewhere):
 * a whole schema, to compare two of them.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDatabase, type Database, type Dialect } from '../src/base/db/database.js';
import { migrateTo, migrateToLatest } from '../src/base/db/migrate.js';
import { STORAGE } from '../src/base/db/storage.js';
import { sharedStorageFunctions, storageObjects } from '../src/base/db/storage-sql.js';
import { createThrowawayDatabase } from '../test/support/databases.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const all = process.argv.includes('--all');
const target = process.argv.slice(2).find((argument) => !argument.startsWith('--'));

async function migrated(dialect: Dialect) {
  const scratch = await createThrowawayDatabase(dialect, { prefix: 'estate_baseline', adminUrl: ADMIN_URL });
  const database = openDatabase(scratch.url);
  if (target) await migrateTo(database, target);
  else await migrateToLatest(database);
  return { scratch, database };
}

/** The names of the objects the baseline makes from the storage facts. */
function storageNames(dialect: Dialect): Set<string> {
  if (all) return new Set();
  const functions = sharedStorageFunctions(dialect).map((text) => /FUNCTION (\w+)/.exec(text)![1]!);
  const objects = Object.keys(STORAGE).flatMap((table) => storageObjects(dialect, table).map((object) => object.name));
  return new Set([...functions, ...objects]);
}

/** Statements end with `;` on a line of their own, so the baseline splits them without parsing SQL. */
const statement = (text: string) => `${text.trim().replace(/;$/, '')}\n;\n`;

async function sqliteSchema(database: Database): Promise<string> {
  const { rows: shadows } = await sql<{
    name: string;
  }>`SELECT name FROM pragma_table_list WHERE type = 'shadow'`.execute(database.db);
  const skipped = new Set([...shadows.map((row) => row.name), ...storageNames('sqlite')]);
  const { rows } = await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master
    WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'estate_migration%' ORDER BY rowid`.execute(
    database.db,
  );
  return rows
    .filter((row) => !skipped.has(row.name))
    .map((row) => statement(row.sql))
    .join('\n');
}

function postgresSchema(url: string): string {
  const dump = execFileSync(
    'pg_dump',
    ['--schema-only', '--no-owner', '--no-privileges', '--no-comments', '--exclude-table=estate_migration*', url],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const skipped = storageNames('postgres');
  // Each object's block starts with a header naming it: "-- Name: <table> <trigger>; Type: TRIGGER; …".
  const blocks = dump.split(/^--\n(?=-- Name: )/m).slice(1);
  return blocks
    .flatMap((block) => {
      const [, name = '', type = ''] = /^-- Name: (?:\w+ )?(\w+)(?:\(.*\))?; Type: ([A-Z ]+);/.exec(block) ?? [];
      if (type === 'EXTENSION' || name === 'estate_fold' || skipped.has(name)) return [];
      let text = block.replace(/^(--|SET |\\).*$/gm, '').trim();
      // search_text is a storage object too: its table is made without it.
      if (!all) text = text.replace(/,\n\s+search_text text GENERATED ALWAYS AS \(.*\) STORED/, '');
      return text ? [statement(text.replaceAll('public.', ''))] : [];
    })
    .join('\n');
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  const { scratch, database } = await migrated(dialect);
  try {
    const schema = dialect === 'sqlite' ? await sqliteSchema(database) : postgresSchema(scratch.url);
    const file = process.env.BASELINE_OUT
      ? `${process.env.BASELINE_OUT}/${dialect}.sql`
      : fileURLToPath(new URL(`../src/base/db/baseline/${dialect}.sql`, import.meta.url));
    writeFileSync(
      file,
      `-- Estate's schema baseline (${dialect}), written by scripts/schema-baseline.ts.\n\n${schema}`,
    );
    console.log(`${file}: ${schema.split('\n;\n').length - 1} statements`);
  } finally {
    await database.close();
    await scratch.drop();
  }
}
