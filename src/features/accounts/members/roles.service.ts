import type { ExpressionBuilder } from 'kysely';
import type { Tables } from '../../../base/db/schema.js';
import { isRoleName, ROLE_NAMES, type RoleName, type ScopeCatalog } from '../../../base/access/scopes.js';
import type { Actor } from '../../../base/audit/audit.types.js';
import { recordAudit } from '../../../base/audit/audit.writer.js';
import type { Database } from '../../../base/db/database.js';
import { ApiError } from '../../../base/errors/api-error.js';
import { nowIso } from '../../../base/ids.js';
import { requireWorkspace } from '../workspaces/workspaces.service.js';
import { writeTransaction } from '../../../base/db/write.js';

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

/** Replaces a system role's permission set; existing keys keep the copy they were made with. */
export async function setRolePermissions(
  database: Database,
  known: ScopeCatalog,
  input: { workspaceId: string; role: string; scopes: string[] },
  actor: Actor,
): Promise<{ role: RoleName; permissions: string[] }> {
  const role = requireRoleName(input.role);
  const permissions = requireKnownScopes(input.scopes, known);
  await requireWorkspace(database, input.workspaceId);
  const theRole = (eb: ExpressionBuilder<Tables, 'roles'>) =>
    eb.and([eb('workspace_id', '=', input.workspaceId), eb('name', '=', role)]);
  await writeTransaction(database, input.workspaceId, async (trx) => {
    const current = await trx.selectFrom('roles').select('permissions').where(theRole).executeTakeFirstOrThrow();
    await trx
      .updateTable('roles')
      .set({ permissions: JSON.stringify(permissions), updated_at: nowIso() })
      .where(theRole)
      .execute();
    await recordAudit(trx, {
      workspaceId: input.workspaceId,
      category: 'access',
      action: 'update',
      actor,
      resourceType: 'role',
      resourceId: null,
      resourceName: role,
      changes: { permissions: { before: JSON.parse(current.permissions), after: permissions } },
    });
  });
  return { role, permissions };
}
