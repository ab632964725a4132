import type { DependentsLoader } from '../../../base/resources/registry.js';
import { hash } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Restrictions } from '../../../base/access/restrictions.js';
import { requireGrantableRole } from '../roles/custom-roles.service.js';
import { RoleName } from '../roles/roles.schemas.js';
import { DateTime, Uuid } from '../../../base/http/schemas.js';
import type { Actor } from '../../../base/audit/audit.types.js';
import { recordAudit } from '../../../base/audit/audit.writer.js';
import type { Database } from '../../../base/db/database.js';
import type { Tables } from '../../../base/db/schema.js';
import { ApiError } from '../../../base/errors/api-error.js';
import { isUuid, newId, nowIso } from '../../../base/ids.js';
import { requireEmail, requireName } from '../../../base/validation.js';
import { requireWorkspace } from '../workspaces/workspaces.service.js';
import { writeTransaction } from '../../../base/db/write.js';
import { belongsElsewhere, createInvitation, type Invitation } from './invitations.js';
import { requireStrongPassword } from './password-policy.js';
import { joinPeople, personToAccount } from '../../../families/people/membership-people.js';

export interface MemberDto {
  id: string;
  userId: string;
  email: string;
  name: string;
  /** A system role's name or a custom role's. */
  role: string;
}

/** Argon2id with the library's defaults (m=19 MiB, t=2, p=1: the OWASP baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Adds a person (a global user, found by e-mail) to a workspace. A person this addition creates
 * gets the name and password given or, with `invite`, a link to set one (as does one without a
 * password in no other workspace); anyone else gets the membership only (docs/decisions.md,
 * "Invitations only for a person nobody else has"). With `discreet` (the console) a name given for
 * an existing person is ignored rather than refused, so the answer reveals no name from elsewhere.
 */
export async function addMember(
  database: Database,
  /** The families' dependents: a recorded person who becomes the member has what refers to them moved. */
  families: DependentsLoader,
  input: {
    workspaceId: string;
    email: string;
    name?: string;
    role: string;
    password?: string;
    invite?: boolean;
    discreet?: boolean;
  },
  actor: Actor,
  /** The member granting the role (console): the role must be within their scopes and reach. */
  grantor?: { scopes: readonly string[]; restrictions: Restrictions },
): Promise<MemberDto & { invitation?: Invitation; created: boolean }> {
  const email = requireEmail(input.email);
  const name = input.name === undefined ? undefined : requireName(input.name, 'name');
  if (typeof input.role !== 'string' || input.role === '') throw new ApiError('bad_request', 'give a role');
  if (input.password !== undefined) await requireStrongPassword(input.password, [email, name ?? '']);
  await requireWorkspace(database, input.workspaceId);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const now = nowIso();

  return writeTransaction(database, input.workspaceId, async (trx) => {
    const { known, user, created } = await personOf(database, trx, input.workspaceId, {
      email,
      name,
      passwordHash,
      now,
    });
    const existing = await trx
      .selectFrom('members')
      .select('id')
      .where('workspace_id', '=', input.workspaceId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (existing) throw new ApiError('unprocessable_entity', `${email} is already a member of this workspace`);
    // A person's name belongs to them in every workspace: the operator's command refuses a
    // different one rather than ignore it; the console ignores it rather than reveal the name.
    if (!created && !input.discreet && name !== undefined && name !== user.name) {
      throw new ApiError(
        'unprocessable_entity',
        `${email} is already known as "${user.name}"; leave out the name or give that one`,
      );
    }

    const { name: role } = await requireGrantableRole(trx, input.workspaceId, input.role, grantor);

    const id = newId();
    await trx
      .insertInto('members')
      .values({ workspace_id: input.workspaceId, id, user_id: user.id, role, created_at: now })
      .execute();
    await joinPeople(
      trx,
      input.workspaceId,
      { id: user.id, email, name: user.name, created_at: user.created_at ?? now },
      actor,
      families,
    );
    await recordAudit(trx, {
      workspaceId: input.workspaceId,
      category: 'organisation',
      action: 'create',
      actor,
      resourceType: 'member',
      resourceId: id,
      resourceName: user.name,
      changes: { email: { before: null, after: email }, role: { before: null, after: role } },
    });
    const added = { id, userId: user.id, email, name: user.name, role, created };
    // Only a person nobody else has — created by this addition, or without a password and in no
    // other workspace — gets a link to set one, made in the same transaction as the membership.
    const nobodyElses =
      created || (known?.password_hash === null && !(await belongsElsewhere(trx, user.id, input.workspaceId)));
    if (input.invite && passwordHash === null && nobodyElses) {
      const member = { id, name: user.name };
      const invitation = await createInvitation(
        trx,
        { workspaceId: input.workspaceId, userId: user.id, member },
        actor,
      );
      return { ...added, invitation };
    }
    return added;
  });
}

/**
 * The person with the e-mail, found (and on PostgreSQL locked until the transaction ends, so an
 * invitation being accepted at this moment, invitations.ts, sees this membership or comes before
 * it), made from a person the workspace recorded without an account, or created.
 */
async function personOf(
  database: Database,
  trx: Kysely<Tables>,
  workspaceId: string,
  { email, name, passwordHash, now }: { email: string; name?: string; passwordHash: string | null; now: string },
) {
  const person = trx
    .selectFrom('users')
    .select(['id', 'name', 'password_hash', 'created_at'])
    .where('email', '=', email);
  const known = await (database.dialect === 'postgres' ? person.forUpdate() : person).executeTakeFirst();
  // A person the workspace recorded without an account becomes this account, keeping their id.
  const recorded = known ? undefined : await personToAccount(trx, workspaceId, email, name, passwordHash);
  if (!known && !recorded && name === undefined)
    throw new ApiError('bad_request', `name is required: ${email} is a new person`);
  // Users are global: another workspace may add the same new person at this moment, so the
  // insert yields to theirs instead of failing on the unique e-mail; only the insert that
  // happened creates the person (and may invite them).
  const inserted = known
    ? undefined
    : (recorded ??
      (await trx
        .insertInto('users')
        .values({ id: newId(), email, name: name!, password_hash: passwordHash, created_at: now })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst()));
  const user =
    known ??
    (await trx
      .selectFrom('users')
      .select(['id', 'name', 'created_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow());
  return { known, user, created: inserted !== undefined };
}

/** A member may give a role only when they hold every scope of it (the console's grants). */
/** A member of the workspace with the person's name and role, or undefined. */
export async function findMember(
  database: Database,
  workspaceId: string,
  memberId: string,
): Promise<MemberDto | undefined> {
  if (!isUuid(memberId)) return undefined;
  const row = await database.db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select(['members.id', 'members.user_id', 'members.role', 'users.email', 'users.name'])
    .where('members.workspace_id', '=', workspaceId)
    .where('members.id', '=', memberId)
    .executeTakeFirst();
  return row && { id: row.id, userId: row.user_id, email: row.email, name: row.name, role: row.role };
}

/** The workspace's earliest admin: the default creator of keys made from the CLI. */
export async function findFirstAdmin(database: Database, workspaceId: string): Promise<MemberDto | undefined> {
  const row = await database.db
    .selectFrom('members')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'admin')
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return row && findMember(database, workspaceId, row.id);
}

export const Member = Type.Object(
  {
    id: Uuid('Member id: the membership of one person in this workspace.'),
    userId: Uuid('The person (see /users).'),
    email: Type.String({ description: 'Login e-mail.', examples: ['ada@acme.test'] }),
    name: Type.String({ description: 'Display name.', examples: ['Ada Lovelace'] }),
    role: RoleName,
    createdAt: DateTime('When the person joined the workspace.'),
  },
  { description: "A person's membership of the workspace, with their role." },
);
export type Member = Static<typeof Member>;

/**
 * An invitation made by the operator (`estate member invite`) for a member who has no password
 * yet: the way in for a person whom several workspaces added before they chose one, whose
 * workspaces' own links no longer work. Audited in that workspace.
 */
export async function inviteByOperator(
  database: Database,
  input: { workspaceId: string; email: string },
  actor: Actor,
): Promise<{ memberId: string; email: string } & Invitation> {
  const email = requireEmail(input.email);
  await requireWorkspace(database, input.workspaceId);
  return writeTransaction(database, input.workspaceId, async (trx) => {
    const member = await trx
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select(['members.id', 'members.user_id', 'users.name', 'users.password_hash'])
      .where('members.workspace_id', '=', input.workspaceId)
      .where('users.email', '=', email)
      .executeTakeFirst();
    if (!member) throw new ApiError('not_found', `${email} is not a member of this workspace`);
    if (member.password_hash !== null)
      throw new ApiError('unprocessable_entity', `${email} has a password already: they sign in with it`);
    const invitation = await createInvitation(
      trx,
      { workspaceId: input.workspaceId, userId: member.user_id, member, issuedBy: 'operator' },
      actor,
    );
    return { memberId: member.id, email, ...invitation };
  });
}
