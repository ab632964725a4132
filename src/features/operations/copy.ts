/**
 * `estate copy --to URL`: every row of the current database into another, empty one of either kind,
 * read from one snapshot while the source keeps serving, loaded as a restore loads (load.ts), and
 * counted table by table in the target once committed.
 */
import { resolve } from 'node:path';
import { openDatabase, parseDatabaseUrl, type Dialect } from '../../base/db/database.js';
import { migrateToLatest } from '../../base/db/migrate.js';
import { countRows, isLatestSchema, loadDatabase, prepareSchema } from './load.js';
import { withSnapshot } from './snapshot.js';

export interface CopiedDatabase {
  from: Dialect;
  to: Dialect;
  /** The target, without its password. */
  target: string;
  rows: number;
  tables: Record<string, number>;
  /** Every table of the target counted after the commit, equal to the source's snapshot. */
  verified: true;
  migrated: string[];
}

/** A database URL as it may be printed: a PostgreSQL password masked. */
export function withoutPassword(url: string): string {
  if (parseDatabaseUrl(url).dialect === 'sqlite') return url;
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** The same database named twice (the same file, or the same server and database). */
function sameDatabase(a: string, b: string): boolean {
  const [x, y] = [parseDatabaseUrl(a), parseDatabaseUrl(b)];
  if (x.dialect !== y.dialect) return false;
  if (x.dialect === 'sqlite') return resolve(x.target) === resolve(y.target);
  const [p, q] = [new URL(x.target), new URL(y.target)];
  return p.host === q.host && p.pathname === q.pathname;
}

export async function copyDatabase(
  sourceUrl: string,
  targetUrl: string,
  progress?: (done: number, planned: number) => void,
): Promise<CopiedDatabase> {
  if (sameDatabase(sourceUrl, targetUrl)) throw new Error('--to names the current database; name another one');
  const target = openDatabase(targetUrl, { poolSize: 2 });
  try {
    return await withSnapshot(sourceUrl, async (snapshot) => {
      await prepareSchema(target, snapshot.migrations);
      const currentStorage = await isLatestSchema(snapshot.migrations);
      const tables = await loadDatabase(target, { ...snapshot, currentStorage }, progress);
      const migrated = await migrateToLatest(target);
      const counted = await countRows(target, snapshot.tables);
      const differing = snapshot.tables.filter((table) => counted[table.name] !== table.rows);
      if (differing.length > 0)
        throw new Error(
          `the copy differs from the source in ${differing
            .map((table) => `${table.name} (${counted[table.name]} rows, the source ${table.rows})`)
            .join(', ')}`,
        );
      return {
        from: snapshot.dialect,
        to: target.dialect,
        target: withoutPassword(targetUrl),
        rows: snapshot.tables.reduce((sum, table) => sum + table.rows, 0),
        tables,
        verified: true as const,
        migrated,
      };
    });
  } finally {
    await target.close();
  }
}
