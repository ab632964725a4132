/**
 * The people rows of memberships (docs/people.md): a member's row in `people` comes and goes with
 * the membership, and a person the workspace recorded without an account becomes the member when
 * they join under the same e-mail. Kept apart from people.service.ts: the command line's member
 * commands load this without the families.
 */
import type { Kysely } from 'kysely';
import type { Actor } from '../../base/audit/audit.types.js';
import type { Tables } from '../../base/db/schema.js';
import { nowIso } from '../../base/ids.js';
import type { DependentsLoader } from '../../base/resources/registry.js';

/**
 * The person of a new membership, in the membership's transaction: the member's row in `people`.
 * A person the workspace recorded without an account under the same e-mail becomes the member:
 * their department and employee number stay, and what they own, are assigned or belong to moves to
 * the member's id (audited on each resource), unless they are the same id already (personToAccount).
 * `families` gives the families' dependents, loaded only then.
 */
export async function joinPeople(
  trx: Kysely<Tables>,
  workspaceId: string,
  user: { id: string; email: string; name: string; created_at: string },
  actor: Actor,
  families: DependentsLoader,
): Promise<void> {
  const recorded = await trx
    .selectFrom('people')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('email', '=', user.email)
    .where('member', '=', 0)
    .executeTakeFirst();
  if (recorded && recorded.id !== user.id) {
    const { move } = await families();
    await move(trx, workspaceId, { table: 'users', from: recorded.id, to: user.id }, actor);
    await trx.deleteFrom('people').where('workspace_id', '=', workspaceId).where('id', '=', recorded.id).execute();
    await trx.deleteFrom('users').where('id', '=', recorded.id).where('workspace_id', '=', workspaceId).execute();
  }
  const now = nowIso();
  const row = {
    workspace_id: workspaceId,
    id: user.id,
    name: user.name,
    email: user.email,
    department: recorded?.department ?? null,
    employee_number: recorded?.employee_number ?? null,
    member: 1,
    created_at: recorded?.created_at ?? user.created_at,
    updated_at: now,
  };
  await trx
    .insertInto('people')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['workspace_id', 'id'])
        .doUpdateSet({ member: 1, name: user.name, email: user.email, updated_at: now }),
    )
    .execute();
}

/**
 * A person the workspace recorded without an account, whose e-mail is `email`, becomes an account
 * with the same id (an invitation of them): nothing that refers to them changes. Undefined when
 * there is no such person.
 */
export async function personToAccount(
  trx: Kysely<Tables>,
  workspaceId: string,
  email: string,
  name: string | undefined,
  passwordHash: string | null,
): Promise<{ id: string; name: string; password_hash: string | null; created_at: string } | undefined> {
  const recorded = await trx
    .selectFrom('people')
    .select(['id', 'name', 'created_at'])
    .where('workspace_id', '=', workspaceId)
    .where('email', '=', email)
    .where('member', '=', 0)
    .executeTakeFirst();
  if (!recorded) return undefined;
  const named = name ?? recorded.name;
  await trx
    .updateTable('users')
    .set({ email, name: named, password_hash: passwordHash, workspace_id: null })
    .where('id', '=', recorded.id)
    .where('workspace_id', '=', workspaceId)
    .execute();
  return { id: recorded.id, name: named, password_hash: passwordHash, created_at: recorded.created_at };
}

/** The member's row leaves `people` with the membership (what they had is released before). */
export async function leavePeople(trx: Kysely<Tables>, workspaceId: string, userId: string): Promise<void> {
  await trx.deleteFrom('people').where('workspace_id', '=', workspaceId).where('id', '=', userId).execute();
}
