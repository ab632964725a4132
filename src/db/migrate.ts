import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Database, Dialect } from './database.js';
import * as core from './migrations/0001-core.js';
import * as auditCounts from './migrations/0002-audit-counts.js';
import * as organisation from './migrations/0003-organisation.js';
import * as inventory from './migrations/0004-inventory.js';
import * as agents from './migrations/0005-agents.js';
import * as rowCounts from './migrations/0006-row-counts.js';
import * as integrity from './migrations/0007-integrity.js';
import * as agentReportRate from './migrations/0008-agent-report-rate.js';
import * as oneRowCount from './migrations/0009-one-row-count.js';
import * as unicodeFold from './migrations/0010-unicode-fold.js';
import * as unknownStaysNull from './migrations/0011-unknown-stays-null.js';
import * as foldedFilterKeys from './migrations/0012-folded-filter-keys.js';
import * as insightIndexes from './migrations/0013-insight-indexes.js';
import * as consoleSessions from './migrations/0014-console-sessions.js';
import * as listIndexes from './migrations/0015-list-indexes.js';
import * as moreListIndexes from './migrations/0016-more-list-indexes.js';
import * as textIndex from './migrations/0017-text-index.js';
import * as valueCounts from './migrations/0018-value-counts.js';
import * as filterIndexes from './migrations/0019-filter-indexes.js';
import * as searchText from './migrations/0020-search-text.js';
import * as dayCounts from './migrations/0021-day-counts.js';
import * as installCountOrder from './migrations/0022-install-count-order.js';
import * as searchVersions from './migrations/0023-search-versions.js';
import * as asciiFold from './migrations/0024-ascii-fold.js';
import * as linkCounts from './migrations/0025-link-counts.js';
import * as memberOrder from './migrations/0026-member-order.js';
import * as linkOrder from './migrations/0027-link-order.js';
import * as nullOrder from './migrations/0028-null-order.js';
import * as memberCopies from './migrations/0029-member-copies.js';
import * as inlineFold from './migrations/0030-inline-fold.js';
import * as trigramsFirst from './migrations/0031-trigrams-first.js';
import * as serverAddresses from './migrations/0032-server-addresses.js';
import * as operatorInvitations from './migrations/0033-operator-invitations.js';

type DialectMigration = { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> };

/** Versioned migrations, in order. Names are stable: they are recorded in the database. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '0001-core': core,
  '0002-audit-counts': auditCounts,
  '0003-organisation': organisation,
  '0004-inventory': inventory,
  '0005-agents': agents,
  '0006-row-counts': rowCounts,
  '0007-integrity': integrity,
  '0008-agent-report-rate': agentReportRate,
  '0009-one-row-count': oneRowCount,
  '0010-unicode-fold': unicodeFold,
  '0011-unknown-stays-null': unknownStaysNull,
  '0012-folded-filter-keys': foldedFilterKeys,
  '0013-insight-indexes': insightIndexes,
  '0014-console-sessions': consoleSessions,
  '0015-list-indexes': listIndexes,
  '0016-more-list-indexes': moreListIndexes,
  '0017-text-index': textIndex,
  '0018-value-counts': valueCounts,
  '0019-filter-indexes': filterIndexes,
  '0020-search-text': searchText,
  '0021-day-counts': dayCounts,
  '0022-install-count-order': installCountOrder,
  '0023-search-versions': searchVersions,
  '0024-ascii-fold': asciiFold,
  '0025-link-counts': linkCounts,
  '0026-member-order': memberOrder,
  '0027-link-order': linkOrder,
  '0028-null-order': nullOrder,
  '0029-member-copies': memberCopies,
  '0030-inline-fold': inlineFold,
  '0031-trigrams-first': trigramsFirst,
  '0032-server-addresses': serverAddresses,
  '0033-operator-invitations': operatorInvitations,
};

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
  return applied(await migratorOf(database).migrateToLatest());
}

/** Applies pending migrations up to and including `target` (tests of upgrades from an older schema). */
export async function migrateTo(database: Database, target: string): Promise<string[]> {
  if (!(target in MIGRATIONS)) throw new Error(`unknown migration ${target}`);
  return applied(await migratorOf(database).migrateTo(target));
}
