import { isRoleName, ROLE_NAMES, type RoleName, type ScopeCatalog } from '../../../base/access/scopes.js';
import type { Database } from '../../../base/db/database.js';
import { ApiError } from '../../../base/errors/api-error.js';

export function requireRoleName(value: string | undefined): RoleName {
  if (!value || !isRoleName(value)) throw new ApiError('bad_request', `role must be one of ${ROLE_NAMES.join(', ')}`);
  return value;
}

/** Rejects scopes `known` lacks, naming every one of them; returns the others, sorted and once each. */
export function requireKnownScopes(scopes: string[], known: ScopeCatalog): string[] {
  const unknown = scopes.filter((scope) => !known.has(scope));
  if (unknown.length > 0) throw new ApiError('bad_request', `unknown scope: ${unknown.join(', ')}`);
  return [...new Set(scopes)].sort();
}

/** The permission set a role has in a workspace right now. */
export async function getRolePermissions(database: Database, workspaceId: string, role: RoleName): Promise<string[]> {
  const row = await database.db
    .selectFrom('roles')
    .select('permissions')
    .where('workspace_id', '=', workspaceId)
    .where('name', '=', role)
    .executeTakeFirst();
  return row ? (JSON.parse(row.permissions) as string[]) : [];
}
