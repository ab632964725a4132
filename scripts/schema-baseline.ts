/**
 * Writes the schema baseline of each database (src/db/baseline/<dialect>.sql) from a scratch
 * database migrated up to a migration: `npm run schema:baseline -- [MIGRATION]`. Used to squash
 * migrations before a release (docs/architecture.md, "Migrations"); the baseline migration runs
 * these files. estate_fold() is left out: the baseline makes it for the server it runs on.
 * BASELINE_OUT=DIR writes them there instead (to compare two schemas).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDatabase, type Database, type Dialect } from '../src/db/database.js';
import { migrateTo, migrateToLatest } from '../src/db/migrate.js';
import { createThrowawayDatabase } from '../test/support/databases.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const target = process.argv[2];

async function migrated(dialect: Dialect) {
  const scratch = await createThrowawayDatabase(dialect, { prefix: 'estate_baseline', adminUrl: ADMIN_URL });
  const database = openDatabase(scratch.url);
  if (target) await migrateTo(database, target);
  else await migrateToLatest(database);
  return { scratch, database };
}

/** Statements end with `;` on a line of their own, so the baseline splits them without parsing SQL. */
const statement = (text: string) => `${text.trim().replace(/;$/, '')}\n;\n`;

async function sqliteSchema(database: Database): Promise<string> {
  const { rows: shadows } = await sql<{
    name: string;
  }>`SELECT name FROM pragma_table_list WHERE type = 'shadow'`.execute(database.db);
  const skipped = new Set(shadows.map((row) => row.name));
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
  const blocks = dump
    .split(/^--\n-- Name: .*\n--\n/m)
    .slice(1)
    .map((block) => block.replace(/^(--|SET |\\).*$/gm, '').trim())
    .filter((block) => block && !/^CREATE FUNCTION public\.estate_fold\(/.test(block))
    .filter((block) => !/^CREATE EXTENSION/.test(block));
  return blocks.map((block) => statement(block.replaceAll('public.', ''))).join('\n');
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  const { scratch, database } = await migrated(dialect);
  try {
    const schema = dialect === 'sqlite' ? await sqliteSchema(database) : postgresSchema(scratch.url);
    const file = process.env.BASELINE_OUT
      ? `${process.env.BASELINE_OUT}/${dialect}.sql`
      : fileURLToPath(new URL(`../src/db/baseline/${dialect}.sql`, import.meta.url));
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
