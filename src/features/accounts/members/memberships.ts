/**
 * Memberships as the API and the console manage them: the members list, role changes and removal
 * (which releases everything that tied the person to the workspace, through every family). Kept
 * apart from members.service.ts, which the command line loads without the families.
 */
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { ROLE_NAMES } from '../../../base/access/scopes.js';
import { requireGrantableRole } from '../roles/custom-roles.service.js';
import { RoleName } from '../roles/roles.schemas.js';
import type { Actor } from '../../../base/audit/audit.types.js';
import { deleteRecorded, recordAudit } from '../../../base/audit/audit.writer.js';
import type { Database } from '../../../base/db/database.js';
import type { Tables } from '../../../base/db/schema.js';
import { writeTransaction } from '../../../base/db/write.js';
import { ApiError, notFound } from '../../../base/errors/api-error.js';
import type { DependentsLoader } from '../../../base/resources/registry.js';
import type { Release } from '../../../base/resources/crud.js';
import type { Caller } from '../../../base/http/authenticate.js';
import { requireMatch } from '../../../base/http/etag.js';
import { isUuid } from '../../../base/ids.js';
import { activeKeysMadeBy, revokeKeysMadeBy, type MemberKey } from '../keys/keys.service.js';
import { equalsFilter } from '../../../base/lists/filters.js';
import { defineListing } from '../../../base/resources/listing.js';
import { leavePeople } from '../../../families/people/membership-people.js';
import { PERSON_SEARCH } from '../../../families/people/users.module.js';
import { Member } from './members.service.js';

export const UpdateMember = Type.Object(
  {
    role: Type.String({
      ...RoleName,
      description: 'The new role: read, write, admin or a custom role. The last admin cannot be demoted (422).',
    }),
  },
  { additionalProperties: false },
);

/** The workspace's memberships, each with its person's e-mail and name. */
export function membersOf(db: Kysely<Tables>, workspaceId: string) {
  return db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select(['members.id', 'members.user_id', 'members.role', 'members.created_at', 'users.email', 'users.name'])
    .where('members.workspace_id', '=', workspaceId);
}

type MemberRow = { id: string; user_id: string; role: string; created_at: string; email: string; name: string };

export function memberRowToDto(row: MemberRow): Member {
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    name: row.name,
    role: row.role as Member['role'],
    createdAt: row.created_at,
  };
}

async function findMemberRow(db: Kysely<Tables>, workspaceId: string, id: string): Promise<MemberRow | undefined> {
  return isUuid(id) ? membersOf(db, workspaceId).where('members.id', '=', id).executeTakeFirst() : undefined;
}

export async function requireMember(db: Kysely<Tables>, workspaceId: string, id: string): Promise<MemberRow> {
  const row = await findMemberRow(db, workspaceId, id);
  if (!row) throw notFound('member');
  return row;
}

/** 422 when the change would leave the workspace with no admin. */
async function refuseLastAdmin(
  trx: Kysely<Tables>,
  workspaceId: string,
  member: MemberRow,
  what: string,
): Promise<void> {
  if (member.role !== 'admin') return;
  if (await isLastAdmin(trx, workspaceId))
    throw new ApiError('unprocessable_entity', `the last admin of the workspace cannot be ${what}`);
}

/** Whether the workspace has one admin at most: an admin of it is then its last. */
export async function isLastAdmin(trx: Kysely<Tables>, workspaceId: string): Promise<boolean> {
  const admins = await trx
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(admins.count) <= 1;
}

/** The memberships of the workspace, with each person's name, e-mail and role. */
export const memberListing = defineListing({
  noun: 'member',
  openApiTag: 'people',
  item: Member,
  description: "Memberships of the workspace with each person's role.",
  rows: membersOf,
  ...PERSON_SEARCH,
  // The copies of the person's name and e-mail that the membership keeps (kept by triggers of the
  // baseline, src/base/db/baseline/), in its indexes.
  sorts: {
    name: 'members.user_name',
    email: 'members.user_email',
    // read, write, admin; then the custom roles (no rank), first ascending on both databases.
    role: { column: 'members.role', ranks: ROLE_NAMES, nullable: true },
    createdAt: 'members.created_at',
  },
  idColumn: 'members.id',
  filters: {
    role: equalsFilter('members.role', Type.String({ ...RoleName, description: 'Only members with this role.' })),
  },
  counted: 'members',
  toDto: memberRowToDto,
  find: findMemberRow,
});

/** What became of the active keys a removed or demoted member made: revoked with the change, or still active. */
export interface KeysOfMember {
  revokedKeys: string[];
  activeKeys: MemberKey[];
}

/**
 * The member's keys in a removal or demotion, in its transaction: `report` lists those that stay
 * active, `revoke` revokes them all (each audited as a revocation by the actor). Keys belong to
 * the workspace, so nothing is revoked unless asked.
 */
export type KeysChoice = 'report' | 'revoke';

async function settleKeys(
  trx: Kysely<Tables>,
  workspaceId: string,
  memberId: string,
  actor: Actor,
  choice: KeysChoice,
): Promise<KeysOfMember> {
  const revokedKeys = choice === 'revoke' ? await revokeKeysMadeBy(trx, workspaceId, memberId, actor) : [];
  return { revokedKeys, activeKeys: await activeKeysMadeBy(trx, workspaceId, memberId) };
}

/**
 * Changes a member's role. The caller must hold every scope of the role it gives (the rule that a
 * key never gets a scope its creator lacks, applied to promotion): a key with members:edit alone
 * cannot make anyone an admin, who could then mint an admin key.
 */
export async function changeRole(
  database: Database,
  principal: Caller,
  id: string,
  role: string,
  ifMatch?: string,
): Promise<Member> {
  return writeTransaction(database, principal.workspaceId, (trx) => changeRoleIn(trx, principal, id, role, ifMatch));
}

/** changeRole and the member's keys (`keys`) in one transaction: the console's demotion. */
export async function changeRoleAndKeys(
  database: Database,
  principal: Caller,
  id: string,
  role: string,
  { ifMatch, keys }: { ifMatch?: string; keys: KeysChoice },
): Promise<{ member: Member } & KeysOfMember> {
  return writeTransaction(database, principal.workspaceId, async (trx) => {
    const member = await changeRoleIn(trx, principal, id, role, ifMatch);
    return { member, ...(await settleKeys(trx, principal.workspaceId, id, principal.actor, keys)) };
  });
}

async function changeRoleIn(
  trx: Kysely<Tables>,
  principal: Caller,
  id: string,
  role: string,
  ifMatch?: string,
): Promise<Member> {
  const { workspaceId, actor } = principal;
  const member = await requireMember(trx, workspaceId, id);
  requireMatch(ifMatch, memberRowToDto(member));
  if (member.role === role) return memberRowToDto(member);
  await requireGrantableRole(trx, workspaceId, role, principal);
  await refuseLastAdmin(trx, workspaceId, member, 'demoted');
  await trx.updateTable('members').set({ role }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  await recordAudit(trx, {
    workspaceId,
    category: 'organisation',
    action: 'update',
    actor,
    resourceType: 'member',
    resourceId: id,
    resourceName: member.name,
    changes: { role: { before: member.role, after: role } },
  });
  return memberRowToDto({ ...member, role });
}

/**
 * Removes a membership and everything that tied the person to this workspace: teams, ownerships,
 * assigned machines.
 */
export async function removeMember(
  database: Database,
  families: DependentsLoader,
  principal: Caller,
  id: string,
  ifMatch?: string,
): Promise<void> {
  const { workspaceId, actor } = principal;
  const { release } = await families();
  await writeTransaction(database, workspaceId, (trx) => removeMemberIn(trx, release, workspaceId, id, actor, ifMatch));
}

/** removeMember and the member's keys (`keys`) in one transaction: the console and `estate member remove`. */
export async function removeMemberAndKeys(
  database: Database,
  families: DependentsLoader,
  workspaceId: string,
  id: string,
  actor: Actor,
  { ifMatch, keys }: { ifMatch?: string; keys: KeysChoice },
): Promise<KeysOfMember> {
  const { release } = await families();
  return writeTransaction(database, workspaceId, async (trx) => {
    await removeMemberIn(trx, release, workspaceId, id, actor, ifMatch);
    return settleKeys(trx, workspaceId, id, actor, keys);
  });
}

async function removeMemberIn(
  trx: Kysely<Tables>,
  release: Release,
  workspaceId: string,
  id: string,
  actor: Actor,
  ifMatch?: string,
): Promise<void> {
  const member = await requireMember(trx, workspaceId, id);
  requireMatch(ifMatch, memberRowToDto(member));
  await refuseLastAdmin(trx, workspaceId, member, 'removed');
  // Every family releases the person in its own way (owners and team members unlinked, machines
  // unassigned), audited on each resource it changes.
  await release(trx, workspaceId, { table: 'users', id: member.user_id }, actor);
  await leavePeople(trx, workspaceId, member.user_id);
  await deleteRecorded(trx, 'members', {
    workspaceId,
    category: 'organisation',
    actor,
    resourceType: 'member',
    resourceId: id,
    resourceName: member.name,
  });
}
