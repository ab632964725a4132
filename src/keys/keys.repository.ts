import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { ApiKeysTable, Tables } from '../db/schema.js';
import { isUuid } from '../ids.js';

export type ApiKeyRow = ApiKeysTable;

export async function insertKey(trx: Kysely<Tables>, row: ApiKeyRow): Promise<void> {
  await trx.insertInto('api_keys').values(row).execute();
}

export async function findKeyById(db: Kysely<Tables>, id: string): Promise<ApiKeyRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listKeysOfWorkspace(database: Database, workspaceId: string): Promise<ApiKeyRow[]> {
  return database.db.selectFrom('api_keys').selectAll().where('workspace_id', '=', workspaceId).orderBy('created_at').orderBy('id').execute();
}

export interface KeyForAuth {
  id: string;
  name: string;
  alias: string | null;
  permissions: string;
  expires_at: string | null;
  revoked_at: string | null;
  workspace_id: string | null;
  workspace_name: string | null;
}

/** One indexed lookup per request: the key by the hash of its secret, with its workspace if it still exists. */
export async function findKeyForAuth(database: Database, keyHash: string): Promise<KeyForAuth | undefined> {
  return database.reader
    .selectFrom('api_keys')
    .leftJoin('workspaces', 'workspaces.id', 'api_keys.workspace_id')
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.alias',
      'api_keys.permissions',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'workspaces.id as workspace_id',
      'workspaces.name as workspace_name',
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
}
