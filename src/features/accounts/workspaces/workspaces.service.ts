import { ROLE_NAMES, type ScopeCatalog } from '../../../base/access/scopes.js';
import type { Actor } from '../../../base/audit/audit.types.js';
import { recordAudit } from '../../../base/audit/audit.writer.js';
import type { Database } from '../../../base/db/database.js';
import { notFound } from '../../../base/errors/api-error.js';
import { isUuid, newId, nowIso } from '../../../base/ids.js';
import { requireName } from '../../../base/validation.js';
import { writeTransaction } from '../../../base/db/write.js';

export interface WorkspaceDto {
  id: string;
  name: string;
}

/** Creates a workspace with its three system roles at their default permission sets of `scopes`. */
export async function createWorkspace(
  database: Database,
  scopes: ScopeCatalog,
  input: { name: string },
  actor: Actor,
): Promise<WorkspaceDto> {
  const name = requireName(input.name, 'name');
  const id = newId();
  const now = nowIso();
  await writeTransaction(database, id, async (trx) => {
    await trx
      .insertInto('workspaces')
      .values({ id, name, default_currency: 'EUR', time_zone: 'UTC', created_at: now, updated_at: now })
      .execute();
    await trx
      .insertInto('roles')
      .values(
        ROLE_NAMES.map((role) => ({
          workspace_id: id,
          id: newId(),
          name: role,
          permissions: JSON.stringify(scopes.defaults(role)),
          updated_at: now,
        })),
      )
      .execute();
    await recordAudit(trx, {
      workspaceId: id,
      category: 'settings',
      action: 'create',
      actor,
      resourceType: 'workspace',
      resourceId: id,
      resourceName: name,
      changes: { name: { before: null, after: name } },
    });
  });
  return { id, name };
}

/**
 * Deletes a workspace with its members, roles and audit log. Its API keys are kept, bound to no
 * workspace, so that callers get 403 forbidden instead of an ambiguous 401.
 */
export async function deleteWorkspace(database: Database, id: string): Promise<{ id: string; deleted: true }> {
  if (!isUuid(id)) throw notFound('workspace');
  // Under the workspace's write lock: a write in flight finishes first, none starts half-way.
  const result = await writeTransaction(database, id, (trx) =>
    trx.deleteFrom('workspaces').where('id', '=', id).executeTakeFirst(),
  );
  if (Number(result.numDeletedRows) === 0) throw notFound('workspace');
  return { id, deleted: true };
}

export async function findWorkspace(database: Database, id: string): Promise<WorkspaceDto | undefined> {
  if (!isUuid(id)) return undefined;
  return database.db.selectFrom('workspaces').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function requireWorkspace(database: Database, id: string): Promise<WorkspaceDto> {
  const workspace = await findWorkspace(database, id);
  if (!workspace) throw notFound('workspace');
  return workspace;
}

export async function countWorkspaces(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom('workspaces')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
