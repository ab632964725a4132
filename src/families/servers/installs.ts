import { sql, type Kysely } from 'kysely';
import type { Tables } from '../../base/db/schema.js';
import { foldKey } from '../../base/db/text-search.js';

const CHUNK = 500;

/**
 * Lets other requests run between the statements of a large report. SQLite statements run
 * synchronously and Kysely resumes after them in a microtask, so without this a large report
 * would hold the event loop for its whole transaction (docs/notes/agent-reports.md).
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Case-folded (name, vendor): how software is matched and counted, in JavaScript on both databases. */
export const keyOf = (name: string, vendor: string) => `${foldKey(name)}\u0000${foldKey(vendor)}`;

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/**
 * Adds install-count deltas per (name, vendor) key, in batches of upserts. (A discovered row's key
 * gets its total of 0 from a database trigger when the row is written: src/base/db/baseline/<dialect>.sql.)
 */
export async function applyInstallDeltas(
  trx: Kysely<Tables>,
  workspaceId: string,
  deltas: Map<string, number>,
): Promise<void> {
  // Sorted, so that concurrent reports lock counter rows in the same order and cannot deadlock.
  const changed = [...deltas.entries()]
    .filter(([, delta]) => delta !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const batch of chunks(changed)) {
    await trx
      .insertInto('software_installs')
      .values(
        batch.map(([key, delta]) => {
          const [name_key, vendor_key] = key.split('\u0000') as [string, string];
          return { workspace_id: workspaceId, name_key, vendor_key, install_count: delta };
        }),
      )
      .onConflict((oc) =>
        oc
          .columns(['workspace_id', 'name_key', 'vendor_key'])
          .doUpdateSet({ install_count: sql`software_installs.install_count + excluded.install_count` }),
      )
      .execute();
    await yieldToEventLoop();
  }
}

/**
 * Before a host is deleted (its discovered software cascades with it): takes its installed
 * software out of the install counts.
 */
export async function releaseHostSoftware(
  trx: Kysely<Tables>,
  workspaceId: string,
  hostColumn: 'server_id' | 'workstation_id',
  hostId: string,
): Promise<void> {
  const rows = await trx
    .selectFrom('discovered_applications')
    .select(['name', 'vendor'])
    .where('workspace_id', '=', workspaceId)
    .where(hostColumn, '=', hostId)
    .where('missing_since', 'is', null)
    .execute();
  const deltas = new Map<string, number>();
  for (const row of rows) deltas.set(keyOf(row.name, row.vendor), (deltas.get(keyOf(row.name, row.vendor)) ?? 0) - 1);
  await applyInstallDeltas(trx, workspaceId, deltas);
}
