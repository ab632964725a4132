/**
 * `estate backup`, `estate backup --verify` and `estate restore`: a whole instance to one file
 * (backup-file.ts) and back, into either database.
 */
import type { Database } from '../../base/db/database.js';
import { migratedStorageFingerprint, migrateToLatest } from '../../base/db/migrate.js';
import { DamagedBackupError, openBackup, verifyBackup, writeBackup, type WrittenBackup } from './backup-file.js';
import { isLatestSchema, loadDatabase, NotEmptyError, prepareSchema } from './load.js';
import { withSnapshot } from './snapshot.js';

type Progress = (done: number, planned: number) => void;

/** Writes a snapshot of the database at `url` to `file`. */
export function backupDatabase(url: string, file: string, progress?: Progress): Promise<WrittenBackup> {
  return withSnapshot(url, (snapshot) =>
    writeBackup(snapshot, file, { storageFingerprint: migratedStorageFingerprint(), progress }),
  );
}

export interface RestoredBackup {
  file: string;
  rows: number;
  tables: Record<string, number>;
  /** Migrations run after the load: those of this version the backup's schema did not have. */
  migrated: string[];
}

/**
 * Restores `file` into an empty database: its schema is made (up to the backup's migrations), the
 * rows loaded and checked against the file in one transaction, then later migrations run. A load
 * that fails on a damaged file reports the damage.
 */
export async function restoreDatabase(database: Database, file: string, progress?: Progress): Promise<RestoredBackup> {
  const backup = await openBackup(file);
  try {
    const { header } = backup;
    await prepareSchema(database, header.migrations);
    const tables = await loadDatabase(
      database,
      {
        migrations: header.migrations,
        tables: header.tables,
        rows: (table) => backup.rows(table),
        finish: () => backup.finish(),
        currentStorage: await isLatestSchema(header.migrations),
      },
      progress,
    ).catch(async (error: unknown) => {
      throw await failureOf(error, file);
    });
    const migrated = await migrateToLatest(database);
    return { file, rows: header.tables.reduce((sum, table) => sum + table.rows, 0), tables, migrated };
  } finally {
    backup.close();
  }
}

/**
 * What made the load of `file` fail. A table's rows are written a batch at a time and its digest
 * read after them, so a changed row may break a key or a type first: the file is then read
 * through, and its damage, if it has one, is the failure to report.
 */
async function failureOf(error: unknown, file: string): Promise<unknown> {
  if (error instanceof DamagedBackupError || error instanceof NotEmptyError) return error;
  try {
    await verifyBackup(file);
    return error;
  } catch (damage) {
    return damage instanceof DamagedBackupError ? damage : error;
  }
}
