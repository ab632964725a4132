import { isRoleName, ROLE_NAMES } from '../../../base/access/scopes.js';
import { CLI_ACTOR, type Actor, type Changes } from '../../../base/audit/audit.types.js';
import { recordAudit } from '../../../base/audit/audit.writer.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../../base/db/database.js';
import type { Tables } from '../../../base/db/schema.js';
import { ApiError, notFound } from '../../../base/errors/api-error.js';
import { newId, nowIso } from '../../../base/ids.js';
import { findFirstAdmin, findMember } from '../members/members.service.js';
import { getRolePermissions } from '../members/roles.service.js';
import { requireRole } from '../roles/custom-roles.service.js';
import {
  bothRestrictions,
  isRestricted,
  NO_RESTRICTIONS,
  parseRestrictions,
  restrictionsText,
  type Restrictions,
} from '../../../base/access/restrictions.js';
import { parseIsoDateTime, requireName } from '../../../base/validation.js';
import { findWorkspace, requireWorkspace } from '../workspaces/workspaces.service.js';
import { generateKeySecret } from './key-secret.js';
import {
  findKeyById,
  insertKey,
  lastAuditedUseOf,
  listActiveKeysMadeBy,
  listKeysOfWorkspace,
  type ApiKeyRow,
} from './keys.repository.js';
import { inTransaction, writeTransaction } from '../../../base/db/write.js';

export interface CreateKeyInput {
  workspaceId: string;
  name: string;
  alias?: string;
  scopes?: string[];
  /** A custom role whose scopes and restrictions the key copies, frozen. */
  role?: string;
  expiresAt?: string;
  /** The admin member creating the key; default: the workspace's first admin. */
  asMemberId?: string;
}

export interface CreatedKey {
  id: string;
  name: string;
  alias: string | null;
  permissions: string[];
  /** Only for a key made from a custom role (or a restricted creator): the role it copied, or null. */
  role?: string | null;
  /** Only for such a key: its reach, frozen at creation, its role's restrictions and its creator's. */
  restrictions?: Restrictions;
  secret: string;
  prefix: string;
  expiresAt: string | null;
  createdBy: string;
}

export type KeyStatus = 'active' | 'expired' | 'revoked';

export interface KeySummary {
  id: string;
  name: string;
  alias: string | null;
  role: string | null;
  permissions: string[];
  restrictions: Restrictions;
  prefix: string;
  status: KeyStatus;
  createdAt: string;
  createdBy: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  rotatedAt: string | null;
}

/** An active key as shown to whoever removes or demotes the member who made it. */
export interface MemberKey {
  id: string;
  name: string;
  alias: string | null;
  permissions: string[];
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  /**
   * The last change made with the key (its last audit event as actor); reads leave no trace, so
   * null is "none recorded".
   */
  lastWriteAt: string | null;
}

function keyStatus(row: ApiKeyRow, now = Date.now()): KeyStatus {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && Date.parse(row.expires_at) <= now) return 'expired';
  return 'active';
}

/**
 * Creates a key scoped by exactly one of an alias or explicit scopes. An alias copies its role's
 * permission set as it is now; no key ever gets a scope its creator lacks.
 */
export async function createKey(database: Database, input: CreateKeyInput): Promise<CreatedKey> {
  const name = requireName(input.name, 'name');
  const hasAlias = input.alias !== undefined;
  const hasScopes = input.scopes !== undefined;
  const hasRole = input.role !== undefined;
  if (Number(hasAlias) + Number(hasScopes) + Number(hasRole) !== 1)
    throw new ApiError('bad_request', 'give exactly one of alias, scopes or role');
  if (hasAlias && !isRoleName(input.alias!))
    throw new ApiError('bad_request', `alias must be one of ${ROLE_NAMES.join(', ')}`);
  if (hasScopes && input.scopes!.length === 0) throw new ApiError('bad_request', 'scopes must list at least one scope');
  // Unknown scopes are refused by name at the edge (requireKnownScopes); here, none its creator lacks.
  const requested = hasScopes ? [...new Set(input.scopes!)].sort() : undefined;
  const expiresAt = input.expiresAt === undefined ? null : parseIsoDateTime(input.expiresAt, 'expiresAt');
  if (expiresAt && Date.parse(expiresAt) <= Date.now())
    throw new ApiError('bad_request', 'expiresAt must be in the future');

  const secret = generateKeySecret();
  // The creator's role and permissions are read under the workspace's write lock, so a
  // concurrent demotion or role change cannot slip between the check and the key.
  return writeTransaction(database, input.workspaceId, async (trx) => {
    const current = inTransaction(database, trx);
    await requireWorkspace(current, input.workspaceId);
    const creator = input.asMemberId
      ? await findMember(current, input.workspaceId, input.asMemberId)
      : await findFirstAdmin(current, input.workspaceId);
    if (!creator) {
      throw input.asMemberId
        ? notFound('member')
        : new ApiError(
            'unprocessable_entity',
            'the workspace has no admin member, and a key is made by one: add one with ' +
              '`estate member add --workspace ID --email E --name N --role admin` ' +
              '(or create workspaces with `estate workspace create --admin-email E`)',
          );
    }
    if (creator.role !== 'admin') throw new ApiError('forbidden', 'only admin members can create keys');

    const creatorRole = await requireRole(trx, input.workspaceId, creator.role);
    const copied = hasRole ? await requireRole(trx, input.workspaceId, input.role) : undefined;
    if (copied?.system) throw new ApiError('bad_request', `${copied.name} is a system role: give it as the alias`);
    const permissions =
      requested ?? copied?.permissions ?? (await getRolePermissions(current, input.workspaceId, input.alias as 'read'));
    const lacking = permissions.filter((scope) => !creatorRole.permissions.includes(scope));
    if (lacking.length > 0) throw new ApiError('forbidden', `the creator lacks the scope: ${lacking.join(', ')}`);
    // A key never reaches further than its creator: the creator's restrictions hold for it too.
    const restrictions = bothRestrictions(creatorRole.restrictions, copied?.restrictions ?? NO_RESTRICTIONS);

    const row: ApiKeyRow = {
      id: newId(),
      workspace_id: input.workspaceId,
      name,
      alias: input.alias ?? null,
      permissions: JSON.stringify(permissions),
      restrictions: isRestricted(restrictions) ? restrictionsText(restrictions) : null,
      role: copied?.name ?? null,
      key_hash: secret.hash,
      prefix: secret.prefix,
      created_by: creator.id,
      created_at: nowIso(),
      expires_at: expiresAt,
      revoked_at: null,
      rotated_at: null,
    };
    await insertKey(trx, row);
    const byCreator: Actor = { type: 'member', id: creator.id, name: creator.name };
    await auditKey(trx, row, 'create', byCreator, {
      alias: { before: null, after: row.alias },
      ...(copied ? { role: { before: null, after: copied.name } } : {}),
      permissions: { before: null, after: permissions },
      ...(isRestricted(restrictions) ? { restrictions: { before: null, after: restrictions } } : {}),
      expiresAt: { before: null, after: expiresAt },
    });
    return {
      id: row.id,
      name,
      alias: row.alias,
      permissions,
      // A key with a reach of its own says so; the documented fields of the others stay as they were.
      ...((copied || isRestricted(restrictions)) && { role: row.role, restrictions }),
      secret: secret.secret,
      prefix: secret.prefix,
      expiresAt,
      createdBy: creator.id,
    };
  });
}

/** The key by id; with `workspaceId`, a key of another workspace is as missing as an unknown one. */
async function requireKey(database: Database, id: string, workspaceId?: string): Promise<ApiKeyRow> {
  const row = await findKeyById(database.db, id);
  if (!row || (workspaceId !== undefined && row.workspace_id !== workspaceId)) throw notFound('key');
  return row;
}

/** A new secret for the same key: the old secret fails from the next request. */
export async function rotateKey(
  database: Database,
  id: string,
  actor: Actor = CLI_ACTOR,
  inWorkspace?: string,
): Promise<{ id: string; secret: string; prefix: string }> {
  const { workspace_id: workspaceId } = await requireKey(database, id, inWorkspace);
  const secret = generateKeySecret();
  return writeTransaction(database, workspaceId, async (trx) => {
    const row = await requireKey(inTransaction(database, trx), id);
    if (row.revoked_at) throw new ApiError('unprocessable_entity', 'a revoked key cannot be rotated');
    if (!(await findWorkspace(inTransaction(database, trx), row.workspace_id)))
      throw new ApiError('unprocessable_entity', 'the key belongs to a deleted workspace');
    await trx
      .updateTable('api_keys')
      .set({ key_hash: secret.hash, prefix: secret.prefix, rotated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    await auditKey(trx, row, 'rotate', actor, { prefix: { before: row.prefix, after: secret.prefix } });
    return { id, secret: secret.secret, prefix: secret.prefix };
  });
}

/** Revokes a key; idempotent. Keys of a deleted workspace can still be revoked (no audit log remains). */
export async function revokeKey(
  database: Database,
  id: string,
  actor: Actor = CLI_ACTOR,
  inWorkspace?: string,
): Promise<{ id: string; revoked: true }> {
  const { workspace_id: workspaceId } = await requireKey(database, id, inWorkspace);
  await writeTransaction(database, workspaceId, async (trx) => {
    const row = await requireKey(inTransaction(database, trx), id);
    if (row.revoked_at) return;
    await markRevoked(trx, row, actor, Boolean(await findWorkspace(inTransaction(database, trx), row.workspace_id)));
  });
  return { id, revoked: true };
}

/**
 * The one way a key becomes revoked, inside the caller's write transaction, audited when its
 * workspace still exists.
 */
async function markRevoked(trx: Kysely<Tables>, row: ApiKeyRow, actor: Actor, audited: boolean): Promise<void> {
  await trx.updateTable('api_keys').set({ revoked_at: nowIso() }).where('id', '=', row.id).execute();
  if (audited) await auditKey(trx, row, 'revoke', actor);
}

/** An access event on a key, in its workspace's audit log. */
function auditKey(
  trx: Kysely<Tables>,
  row: ApiKeyRow,
  action: 'create' | 'rotate' | 'revoke',
  actor: Actor,
  changes?: Changes,
): Promise<void> {
  return recordAudit(trx, {
    workspaceId: row.workspace_id,
    category: 'access',
    action,
    actor,
    resourceType: 'api_key',
    resourceId: row.id,
    resourceName: row.name,
    changes,
  });
}

/**
 * The active keys (not revoked, not expired) the member made. Keys belong to the workspace and
 * outlive their maker's role, so removing or demoting a member shows these instead
 * of revoking them silently. Takes the write transaction when called inside one.
 */
export async function activeKeysMadeBy(
  db: Kysely<Tables>,
  workspaceId: string,
  memberId: string,
): Promise<MemberKey[]> {
  const rows = await listActiveKeysMadeBy(db, workspaceId, memberId, nowIso());
  const keys: MemberKey[] = [];
  for (const row of rows) {
    keys.push({
      id: row.id,
      name: row.name,
      alias: row.alias,
      permissions: JSON.parse(row.permissions) as string[],
      prefix: row.prefix,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      lastWriteAt: await lastAuditedUseOf(db, workspaceId, row.id),
    });
  }
  return keys;
}

/**
 * Revokes every active key the member made, inside the caller's write transaction (a removal or a
 * demotion), each audited as a revocation by `actor` exactly as a single revocation is.
 */
export async function revokeKeysMadeBy(
  trx: Kysely<Tables>,
  workspaceId: string,
  memberId: string,
  actor: Actor,
): Promise<string[]> {
  const rows = await listActiveKeysMadeBy(trx, workspaceId, memberId, nowIso());
  for (const row of rows) await markRevoked(trx, row, actor, true);
  return rows.map((row) => row.id);
}

export async function listKeys(database: Database, workspaceId: string): Promise<KeySummary[]> {
  await requireWorkspace(database, workspaceId);
  const rows = await listKeysOfWorkspace(database, workspaceId);
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    alias: row.alias,
    role: row.role,
    permissions: JSON.parse(row.permissions) as string[],
    restrictions: parseRestrictions(row.restrictions),
    prefix: row.prefix,
    status: keyStatus(row, now),
    createdAt: row.created_at,
    createdBy: row.created_by,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    rotatedAt: row.rotated_at,
  }));
}
