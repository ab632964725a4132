import type { Kysely } from 'kysely';
import type { Database } from '../../../base/db/database.js';
import type { ApiKeysTable, Tables } from '../../../base/db/schema.js';
import { isUuid } from '../../../base/ids.js';

export type ApiKeyRow = ApiKeysTable;

export async function insertKey(trx: Kysely<Tables>, row: ApiKeyRow): Promise<void> {
  await trx.insertInto('api_keys').values(row).execute();
}

export async function findKeyById(db: Kysely<Tables>, id: string): Promise<ApiKeyRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listKeysOfWorkspace(database: Database, workspaceId: string): Promise<ApiKeyRow[]> {
  return database.db
    .selectFrom('api_keys')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * The keys a member made that still authenticate: not revoked and not past their expiry at `now`.
 * Oldest first, like the workspace's list.
 */
export async function listActiveKeysMadeBy(
  db: Kysely<Tables>,
  workspaceId: string,
  memberId: string,
  now: string,
): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('created_by', '=', memberId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** When the key last changed something, as its actor in the audit log (reads are not audited), or null. */
export async function lastAuditedUseOf(db: Kysely<Tables>, workspaceId: string, keyId: string): Promise<string | null> {
  const row = await db
    .selectFrom('audit_events')
    .select('timestamp')
    .where('workspace_id', '=', workspaceId)
    .where('actor_id', '=', keyId)
    .where('actor_type', '=', 'api_key')
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.timestamp ?? null;
}
