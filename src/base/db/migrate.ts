import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import { ensureFieldIndexes } from '../custom-fields/indexes.js';
import type { Database, Dialect } from './database.js';
import * as baseline from './migrations/0011-baseline.js';
import * as customRoles from './migrations/0012-custom-roles.js';
import * as bulkEdits from './migrations/0013-bulk-edits.js';
import * as hostSorts from './migrations/0014-host-sorts.js';
import * as linkCopies from './migrations/0015-link-copies.js';

type DialectMigration = {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
  /** Set by a migration that changes storage: the storageFingerprint() it brings the schema to. */
  storageFingerprint?: string;
};

/** Versioned migrations, in order. Names are stable: they are recorded in the database. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '0011-baseline': baseline,
  '0012-custom-roles': customRoles,
  '0013-bulk-edits': bulkEdits,
  '0014-host-sorts': hostSorts,
  '0015-link-copies': linkCopies,
};

/**
 * The chains the baseline squashed, as databases and backups made before it record them: the
 * first one's baseline and its nine later migrations. The chain before that began with 0001-core;
 * an Estate of the first baseline upgrades such a database, and this version then the result.
 */
export const SQUASHED = [
  '0001-baseline',
  '0002-server-addresses',
  '0003-search-and-views',
  '0004-single-sign-on',
  '0005-fleet-agents',
  '0006-data-versions',
  '0007-short-searches',
  '0008-custom-fields',
  '0009-people',
  '0010-custom-search',
];
const OLDER_CHAIN = '0001-core';

/** A database or backup whose schema is an older chain's that this version cannot finish. */
export class SquashedSchemaError extends Error {}

/**
 * The names `recorded` (a database's or a backup's migrations) have today: the whole squashed chain
 * is the baseline; a part of it, or the chain before it, is refused, naming where it stopped.
 */
export function currentMigrationNames(recorded: readonly string[]): string[] {
  const squashed = recorded.filter((name) => SQUASHED.includes(name));
  if (recorded.includes(OLDER_CHAIN) || (squashed.length > 0 && squashed.length < SQUASHED.length)) {
    const last = [...recorded].sort().at(-1);
    throw new SquashedSchemaError(
      `the schema was made by an earlier Estate and stopped at migration ${last}, which this version no ` +
        `longer upgrades: bring it to migration ${SQUASHED.at(-1)} with the Estate release before the ` +
        '2026-11-30 schema baseline, then use this version',
    );
  }
  if (squashed.length === 0) return [...recorded];
  return ['0011-baseline', ...recorded.filter((name) => !SQUASHED.includes(name))];
}

/** A database made before the baseline is recorded as having it when it ran the whole squashed chain. */
async function recordSquashedMigrations(database: Database): Promise<void> {
  const db = database.db as unknown as Kysely<{ estate_migrations: { name: string; timestamp: string } }>;
  const tables = await db.introspection.getTables();
  if (!tables.some((table) => table.name === 'estate_migrations')) return;
  const names = (await db.selectFrom('estate_migrations').select('name').execute()).map((row) => row.name);
  if (!names.some((name) => name === OLDER_CHAIN || SQUASHED.includes(name))) return;
  currentMigrationNames(names);
  await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('estate_migrations')
      .select('timestamp')
      .where('name', '=', SQUASHED.at(-1)!)
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('estate_migrations').where('name', 'in', SQUASHED).execute();
    await trx.insertInto('estate_migrations').values({ name: '0011-baseline', timestamp: last.timestamp }).execute();
  });
}

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const entries = Object.entries(MIGRATIONS).map(([name, migration]) => [
      name,
      { up: (db: Kysely<unknown>) => migration.up(db, this.dialect) },
    ]);
    return Object.fromEntries(entries);
  }
}

function migratorOf(database: Database): Migrator {
  return new Migrator({
    db: database.db,
    provider: new StaticMigrationProvider(database.dialect),
    migrationTableName: 'estate_migrations',
    migrationLockTableName: 'estate_migrations_lock',
    // The names are ASCII ("0002-…"): compared by code unit, as Kysely's default localeCompare
    // orders them, without loading the locale's collation in every `estate` command (about 10 ms).
    nameComparator: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  });
}

function applied({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Applies pending migrations and returns the names applied by this call. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  await recordSquashedMigrations(database);
  const names = applied(await migratorOf(database).migrateToLatest());
  // Indexes a definition calls for but a restore or a copy did not bring (custom-fields/indexes.ts).
  await ensureFieldIndexes(database);
  return names;
}

/** Applies pending migrations up to and including `target` (tests of upgrades from an older schema). */
export async function migrateTo(database: Database, target: string): Promise<string[]> {
  if (!(target in MIGRATIONS)) throw new Error(`unknown migration ${target}`);
  await recordSquashedMigrations(database);
  return applied(await migratorOf(database).migrateTo(target));
}

/** Every migration's name, in order: what a database at the latest schema has recorded. */
export function migrationNames(): string[] {
  return Object.keys(MIGRATIONS);
}

/** The storage fingerprint the migrations bring a database to: the last one a migration records. */
export function migratedStorageFingerprint(): string | undefined {
  return Object.values(MIGRATIONS)
    .map((migration) => migration.storageFingerprint)
    .filter(Boolean)
    .at(-1);
}
