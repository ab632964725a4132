import { hash } from '@node-rs/argon2';
import type { RoleName } from '../access/scopes.js';
import type { Actor } from '../audit/audit.types.js';
import { recordAudit } from '../audit/audit.writer.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import { isUuid, newId, nowIso } from '../ids.js';
import { requireRoleName } from '../roles/roles.service.js';
import { requireEmail, requireName } from '../validation.js';
import { requireWorkspace } from '../workspaces/workspaces.service.js';
import { writeTransaction } from '../db/write.js';

export interface MemberDto {
  id: string;
  userId: string;
  email: string;
  name: string;
  role: RoleName;
}

const MIN_PASSWORD_LENGTH = 8;

/** Argon2id with the library's defaults (m=19 MiB, t=2, p=1: the OWASP baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Adds a person to a workspace. People are global users found by e-mail, so one person can be a
 * member of several workspaces. A new person gets the name and password given here; an existing
 * person (a member elsewhere) keeps theirs: one workspace's action never changes credentials or
 * the name another workspace sees.
 */
export async function addMember(
  database: Database,
  input: { workspaceId: string; email: string; name: string; role: string; password?: string },
  actor: Actor,
): Promise<MemberDto> {
  const email = requireEmail(input.email);
  const name = requireName(input.name, 'name');
  const role = requireRoleName(input.role);
  if (input.password !== undefined && input.password.length < MIN_PASSWORD_LENGTH) {
    throw new ApiError('bad_request', `password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  await requireWorkspace(database, input.workspaceId);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const now = nowIso();

  return writeTransaction(database, input.workspaceId, async (trx) => {
    // Users are global: another workspace may add the same new person at this moment, so the
    // insert yields to theirs instead of failing on the unique e-mail.
    await trx
      .insertInto('users')
      .values({ id: newId(), email, name, password_hash: passwordHash, created_at: now })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    const user = await trx.selectFrom('users').select(['id', 'name']).where('email', '=', email).executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom('members')
      .select('id')
      .where('workspace_id', '=', input.workspaceId)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (existing) throw new ApiError('unprocessable_entity', `${email} is already a member of this workspace`);

    const id = newId();
    await trx.insertInto('members').values({ workspace_id: input.workspaceId, id, user_id: user.id, role, created_at: now }).execute();
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
    return { id, userId: user.id, email, name: user.name, role };
  });
}

/** A member of the workspace with the person's name and role, or undefined. */
export async function findMember(database: Database, workspaceId: string, memberId: string): Promise<MemberDto | undefined> {
  if (!isUuid(memberId)) return undefined;
  const row = await database.db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select(['members.id', 'members.user_id', 'members.role', 'users.email', 'users.name'])
    .where('members.workspace_id', '=', workspaceId)
    .where('members.id', '=', memberId)
    .executeTakeFirst();
  return row && { id: row.id, userId: row.user_id, email: row.email, name: row.name, role: row.role as RoleName };
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
