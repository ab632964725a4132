import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import { ensureFieldIndexes } from '../custom-fields/indexes.js';
import type { Database, Dialect } from './database.js';
import * as baseline from './migrations/0001-baseline.js';
import * as serverAddresses from './migrations/0002-server-addresses.js';
import * as searchAndViews from './migrations/0003-search-and-views.js';
import * as singleSignOn from './migrations/0004-single-sign-on.js';
import * as fleetAgents from './migrations/0005-fleet-agents.js';
import * as dataVersions from './migrations/0006-data-versions.js';
import * as shortSearches from './migrations/0007-short-searches.js';
import * as customFields from './migrations/0008-custom-fields.js';
import * as people from './migrations/0009-people.js';
import * as customSearch from './migrations/0010-custom-search.js';

type DialectMigration = {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
  /** Set by a migration that changes storage: the storageFingerprint() it brings the schema to. */
  storageFingerprint?: string;
};

/** Versioned migrations, in order. Names are stable: they are recorded in the database. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '0001-baseline': baseline,
  '0002-server-addresses': serverAddresses,
  '0003-search-and-views': searchAndViews,
  '0004-single-sign-on': singleSignOn,
  '0005-fleet-agents': fleetAgents,
  '0006-data-versions': dataVersions,
  '0007-short-searches': shortSearches,
  '0008-custom-fields': customFields,
  '0009-people': people,
  '0010-custom-search': customSearch,
};

/** The pre-release chain the baseline squashed: its last migration, and the one renamed since. */
const OLD_CHAIN_END = '0033-operator-invitations';
const OLD_RENAMED: Record<string, string> = { '0032-server-addresses': '0002-server-addresses' };
/** A migration recorded by databases made after the squash, folded into the baseline since. */
const FOLDED = '0003-operator-invitations';

/**
 * A database made before the baseline records the squashed migrations by their old names; it
 * holds the baseline's schema once it has them all, and is recorded as having the baseline. One
 * that stopped earlier is refused: the baseline cannot finish its upgrade. A later migration
 * folded into the baseline is dropped from the record: the database has its change already.
 */
async function recordSquashedMigrations(database: Database): Promise<void> {
  const db = database.db as unknown as Kysely<{ estate_migrations: { name: string; timestamp: string } }>;
  const tables = await db.introspection.getTables();
  if (!tables.some((table) => table.name === 'estate_migrations')) return;
  const names = (await db.selectFrom('estate_migrations').select('name').execute()).map((row) => row.name);
  if (names.includes(FOLDED)) await db.deleteFrom('estate_migrations').where('name', '=', FOLDED).execute();
  if (!names.includes('0001-core')) return;
  if (!names.includes(OLD_CHAIN_END)) {
    throw new Error(
      `this database was made by a pre-release Estate and stopped at migration ${names.sort().at(-1)}; ` +
        `this version upgrades only databases that reached ${OLD_CHAIN_END}`,
    );
  }
  await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('estate_migrations')
      .select('timestamp')
      .where('name', '=', OLD_CHAIN_END)
      .executeTakeFirstOrThrow();
    const squashed = names.filter((name) => name.startsWith('00') && !(name in OLD_RENAMED));
    await trx.deleteFrom('estate_migrations').where('name', 'in', squashed).execute();
    await trx
      .insertInto('estate_migrations')
      .values({ name: '0001-baseline', timestamp: last.timestamp })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    for (const [old, name] of Object.entries(OLD_RENAMED)) {
      await trx.updateTable('estate_migrations').set({ name }).where('name', '=', old).execute();
    }
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
