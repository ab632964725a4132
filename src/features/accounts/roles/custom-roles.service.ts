/**
 * The roles of a workspace: its three system roles (read, write, admin; their scopes editable,
 * their reach the whole estate) and its custom roles, each a name, a description, scopes and
 * restrictions (access/restrictions.ts). Members hold one role; a key made `--role NAME` keeps a
 * frozen copy of its scopes and restrictions (keys.service.ts).
 */
import type { Kysely } from 'kysely';
import {
  canonicalRestrictions,
  isRestricted,
  narrowerOrEqual,
  NO_RESTRICTIONS,
  parseRestrictions,
  restrictionsText,
  type Restrictions,
} from '../../../base/access/restrictions.js';
import { isRoleName, ROLE_NAMES, type RoleName } from '../../../base/access/scopes.js';
import type { Actor } from '../../../base/audit/audit.types.js';
import { recordAudit } from '../../../base/audit/audit.writer.js';
import type { Database } from '../../../base/db/database.js';
import type { Tables } from '../../../base/db/schema.js';
import { inTransaction, writeTransaction } from '../../../base/db/write.js';
import { ApiError, notFound } from '../../../base/errors/api-error.js';
import { newId, nowIso } from '../../../base/ids.js';
import { familyReach, requireValidRestrictions } from '../../../base/resources/reach.js';
import type { Registry } from '../../../base/resources/registry.js';
import { requireKnownScopes, requireRoleName as requireSystemRoleName } from '../members/roles.service.js';
import { requireWorkspace } from '../workspaces/workspaces.service.js';

export interface RoleDto {
  id: string;
  name: string;
  description: string | null;
  /** One of the three roles every workspace has: its reach is the whole estate, it cannot be deleted. */
  system: boolean;
  permissions: string[];
  restrictions: Restrictions;
  /** How many members hold it. */
  members: number;
}

interface RoleRow {
  id: string | null;
  name: string;
  description: string | null;
  permissions: string;
  restrictions: string;
  members: number | string | bigint | null;
}

const MAX_NAME = 60;
const MAX_DESCRIPTION = 500;

function roleDto(row: RoleRow): RoleDto {
  return {
    id: row.id!,
    name: row.name,
    description: row.description,
    system: isRoleName(row.name),
    permissions: JSON.parse(row.permissions) as string[],
    restrictions: parseRestrictions(row.restrictions),
    members: Number(row.members),
  };
}

function rolesOf(db: Kysely<Tables>, workspaceId: string) {
  return db
    .selectFrom('roles')
    .select(['roles.id', 'roles.name', 'roles.description', 'roles.permissions', 'roles.restrictions'])
    .select((eb) =>
      eb
        .selectFrom('members')
        .select(eb.fn.countAll().as('n'))
        .whereRef('members.workspace_id', '=', 'roles.workspace_id')
        .whereRef('members.role', '=', 'roles.name')
        .as('members'),
    )
    .where('roles.workspace_id', '=', workspaceId);
}

/** Every role of the workspace: the system roles first (read, write, admin), then the custom ones by name. */
export async function listRoles(db: Kysely<Tables>, workspaceId: string): Promise<RoleDto[]> {
  const rows = (await rolesOf(db, workspaceId).execute()) as RoleRow[];
  const rank = (name: string) => (isRoleName(name) ? ROLE_NAMES.indexOf(name) : ROLE_NAMES.length);
  return rows
    .map(roleDto)
    .sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** One role by id or name, or undefined. */
export async function findRole(
  db: Kysely<Tables>,
  workspaceId: string,
  by: { id: string } | { name: string },
): Promise<RoleDto | undefined> {
  const query = rolesOf(db, workspaceId);
  const row = await ('id' in by
    ? query.where('roles.id', '=', by.id)
    : query.where('roles.name', '=', by.name)
  ).executeTakeFirst();
  return row && roleDto(row as RoleRow);
}

/** A role of the workspace by name, or 400 naming the roles there are (a member's, a key's `--role`). */
export async function requireRole(db: Kysely<Tables>, workspaceId: string, name: string | undefined): Promise<RoleDto> {
  const role = name ? await findRole(db, workspaceId, { name }) : undefined;
  if (!role) {
    const names = (await listRoles(db, workspaceId)).map((known) => known.name);
    throw new ApiError('bad_request', `role must be one of ${names.join(', ')}`);
  }
  return role;
}

function requireRoleName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '' || name.length > MAX_NAME || /[\u0000-\u001f\u007f]/.test(name))
    throw new ApiError('bad_request', `name must be 1 to ${MAX_NAME} characters`);
  return name;
}

function requireDescription(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > MAX_DESCRIPTION)
    throw new ApiError('bad_request', `description must be at most ${MAX_DESCRIPTION} characters`);
  return value.trim() || null;
}

export interface RoleInput {
  workspaceId: string;
  name: string;
  description?: string | null;
  scopes?: string[];
  restrictions?: Restrictions;
}

/** Scopes and restrictions checked for storing: known scopes, restrictions the families take. */
async function checkedTerms(
  trx: Kysely<Tables>,
  registry: Registry,
  workspaceId: string,
  input: Pick<RoleInput, 'scopes' | 'restrictions'>,
) {
  const permissions = input.scopes && requireKnownScopes(input.scopes, registry.scopes);
  const restrictions = input.restrictions && canonicalRestrictions(input.restrictions);
  if (restrictions) await requireValidRestrictions(trx, workspaceId, registry.families, restrictions);
  return { permissions, restrictions };
}

/** Creates a custom role; 422 when the workspace has a role of that name. */
export async function createRole(
  database: Database,
  registry: Registry,
  input: RoleInput,
  actor: Actor,
): Promise<RoleDto> {
  const name = requireRoleName(input.name);
  const description = requireDescription(input.description);
  return writeTransaction(database, input.workspaceId, async (trx) => {
    await requireWorkspace(inTransaction(database, trx), input.workspaceId);
    const { permissions = [], restrictions = NO_RESTRICTIONS } = await checkedTerms(
      trx,
      registry,
      input.workspaceId,
      input,
    );
    if (await findRole(trx, input.workspaceId, { name }))
      throw new ApiError('unprocessable_entity', `the workspace already has a role named ${name}`);
    const id = newId();
    await trx
      .insertInto('roles')
      .values({
        workspace_id: input.workspaceId,
        id,
        name,
        description,
        permissions: JSON.stringify(permissions),
        restrictions: restrictionsText(restrictions),
        updated_at: nowIso(),
      })
      .execute();
    await recordAudit(trx, {
      workspaceId: input.workspaceId,
      category: 'access',
      action: 'create',
      actor,
      resourceType: 'role',
      resourceId: id,
      resourceName: name,
      changes: {
        permissions: { before: null, after: permissions },
        restrictions: { before: null, after: restrictions },
        ...(description ? { description: { before: null, after: description } } : {}),
      },
    });
    return (await findRole(trx, input.workspaceId, { id }))!;
  });
}

/**
 * Changes a role's description, scopes or restrictions (what is given). A system role's reach
 * stays the whole estate. Members holding it act with the change from their next request; keys
 * made from it keep their copy.
 */
export async function updateRole(
  database: Database,
  registry: Registry,
  input: RoleInput,
  actor: Actor,
): Promise<RoleDto> {
  return writeTransaction(database, input.workspaceId, async (trx) => {
    await requireWorkspace(inTransaction(database, trx), input.workspaceId);
    const before = await findRole(trx, input.workspaceId, { name: input.name });
    if (!before) throw notFound('role');
    if (before.system && input.restrictions && isRestricted(input.restrictions))
      throw new ApiError('unprocessable_entity', `${before.name} is a system role: it reaches every item`);
    const { permissions, restrictions } = await checkedTerms(trx, registry, input.workspaceId, input);
    const description = input.description === undefined ? before.description : requireDescription(input.description);
    const after = {
      description,
      permissions: permissions ?? before.permissions,
      restrictions: before.system ? NO_RESTRICTIONS : (restrictions ?? before.restrictions),
    };
    const changes = Object.fromEntries(
      (['description', 'permissions', 'restrictions'] as const)
        .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
        .map((field) => [field, { before: before[field], after: after[field] }]),
    );
    if (Object.keys(changes).length === 0) return before;
    await trx
      .updateTable('roles')
      .set({
        description: after.description,
        permissions: JSON.stringify(after.permissions),
        restrictions: restrictionsText(after.restrictions),
        updated_at: nowIso(),
      })
      .where('workspace_id', '=', input.workspaceId)
      .where('name', '=', before.name)
      .execute();
    await recordAudit(trx, {
      workspaceId: input.workspaceId,
      category: 'access',
      action: 'update',
      actor,
      resourceType: 'role',
      resourceId: before.id,
      resourceName: before.name,
      changes,
    });
    return { ...before, ...after };
  });
}

/** Replaces a system role's permission set (`estate role set`); existing keys keep the copy they were made with. */
export async function setRolePermissions(
  database: Database,
  registry: Registry,
  input: { workspaceId: string; role: string; scopes: string[] },
  actor: Actor,
): Promise<{ role: RoleName; permissions: string[] }> {
  const role = requireSystemRoleName(input.role);
  const updated = await updateRole(
    database,
    registry,
    { workspaceId: input.workspaceId, name: role, scopes: input.scopes },
    actor,
  );
  return { role, permissions: updated.permissions };
}

/**
 * Deletes a custom role. Refused (422) for a system role, and while members hold it: they would be
 * left with no role (single sign-on rules give system roles only). Keys made from it keep their copy.
 */
export async function deleteRole(
  database: Database,
  input: { workspaceId: string; name: string },
  actor: Actor,
): Promise<{ id: string; deleted: true }> {
  return writeTransaction(database, input.workspaceId, async (trx) => {
    await requireWorkspace(inTransaction(database, trx), input.workspaceId);
    const role = await findRole(trx, input.workspaceId, { name: input.name });
    if (!role) throw notFound('role');
    if (role.system) throw new ApiError('unprocessable_entity', `${role.name} is a system role: it cannot be deleted`);
    if (role.members > 0)
      throw new ApiError(
        'unprocessable_entity',
        `${role.members} member${role.members === 1 ? ' holds' : 's hold'} the role ${role.name}: ` +
          'give them another role first',
      );
    await trx.deleteFrom('roles').where('workspace_id', '=', input.workspaceId).where('name', '=', role.name).execute();
    await recordAudit(trx, {
      workspaceId: input.workspaceId,
      category: 'access',
      action: 'delete',
      actor,
      resourceType: 'role',
      resourceId: role.id,
      resourceName: role.name,
    });
    return { id: role.id, deleted: true };
  });
}

/**
 * The role a member is given, checked against who gives it: they must hold every scope of it (a
 * key with members:edit alone cannot make anyone an admin), and their own restrictions must hold in
 * it (a restricted member never gives a wider reach than theirs). Without a grantor: the operator.
 */
export async function requireGrantableRole(
  db: Kysely<Tables>,
  workspaceId: string,
  name: string,
  grantor?: { scopes: readonly string[]; restrictions: Restrictions },
): Promise<RoleDto> {
  const role = await requireRole(db, workspaceId, name);
  if (!grantor) return role;
  const missing = role.permissions.find((scope) => !grantor.scopes.includes(scope));
  if (missing)
    throw new ApiError(
      'insufficient_permission',
      `missing permission: ${missing} (giving the role ${role.name} needs every scope of that role)`,
    );
  if (!narrowerOrEqual(role.restrictions, grantor.restrictions))
    throw new ApiError(
      'insufficient_permission',
      `the role ${role.name} reaches further than yours: you can give only roles with your restrictions`,
    );
  return role;
}

/** How many items of a family restrictions reach: what the console shows before a role is saved. */
export interface ReachCount {
  family: string;
  many: string;
  total: number;
}

/**
 * What `restrictions` would reach, per family they name (checked as for storing): each family's
 * total within them, read as a restricted list's total is.
 */
export async function reachCounts(
  database: Database,
  registry: Registry,
  workspaceId: string,
  restrictions: Restrictions,
): Promise<ReachCount[]> {
  const canonical = canonicalRestrictions(restrictions);
  await requireValidRestrictions(database.db, workspaceId, registry.families, canonical);
  const counts: ReachCount[] = [];
  for (const key of Object.keys(canonical)) {
    const family = registry.byKey(key)!;
    const reach = await familyReach(database.db, workspaceId, family, canonical);
    const page = await registry.serviceOf(family).list(database, workspaceId, { limit: 1 }, reach);
    counts.push({ family: key, many: family.definition.nouns.many, total: page.pagination.total });
  }
  return counts;
}
