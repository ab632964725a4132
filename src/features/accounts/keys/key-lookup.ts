import { compiledOnce } from '../../../base/db/compiled.js';
import type { Database } from '../../../base/db/database.js';
import type { KeyForAuth } from '../../../base/http/authenticate.js';
import { hashSecret, KEY_PREFIX } from './key-secret.js';

/**
 * Authentication's one question about keys, apart from their administration (keys.service.ts):
 * the key a credential names, with its workspace if that still exists. One indexed lookup per
 * request, by the hash of the secret; a credential without the key prefix is no key and is not
 * looked up.
 */
export async function findKeyForAuth(database: Database, credential: string): Promise<KeyForAuth | undefined> {
  if (!credential.startsWith(KEY_PREFIX)) return undefined;
  return (await keyByHash(database.reader, [hashSecret(credential)])).rows[0];
}

/** The lookup, compiled once (db/compiled.ts): it runs on every request with a key. */
const keyByHash = compiledOnce((db) =>
  db
    .selectFrom('api_keys')
    .leftJoin('workspaces', 'workspaces.id', 'api_keys.workspace_id')
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.alias',
      'api_keys.permissions',
      'api_keys.restrictions',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'workspaces.id as workspace_id',
      'workspaces.name as workspace_name',
    ])
    .where('api_keys.key_hash', '=', ''),
);
