import { recordAccountEvent } from '../../../base/audit/audit.writer.js';
import type { Database } from '../../../base/db/database.js';
import { writeTransaction } from '../../../base/db/write.js';
import { ApiError } from '../../../base/errors/api-error.js';
import { hashSecret } from '../keys/key-secret.js';
import { hashPassword } from '../members/members.service.js';
import { belongsElsewhere } from '../members/invitations.js';
import { requireStrongPassword } from '../members/password-policy.js';
import { openSession } from './sessions.js';
import { auditAccountEvent } from './sign-in.js';

/** Accepting an invitation link made by members/invitations.ts. */

const INVALID = 'the invitation link is not valid: it was used, it expired, or it was never issued';

/**
 * Sets the invited person's password and signs them in. The link works once: of two parallel
 * uses, one sets the password and the other is refused. It works only while the membership it was
 * made for exists, the person has no password and — for a workspace's link — belongs to no other
 * workspace; the password being set is audited in every workspace the person belongs to.
 */
export async function acceptInvitation(
  database: Database,
  token: string,
  password: string,
): Promise<{ token: string; userId: string; workspaceId: string }> {
  const tokenHash = hashSecret(token);
  const invitation = await database.db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!invitation || invitation.used_at || Date.parse(invitation.expires_at) <= Date.now())
    throw new ApiError('unprocessable_entity', INVALID);
  const person = await database.db
    .selectFrom('users')
    .select(['email', 'name'])
    .where('id', '=', invitation.user_id)
    .executeTakeFirst();
  if (!person) throw new ApiError('unprocessable_entity', INVALID);
  await requireStrongPassword(password, [person.email, person.name]);
  const passwordHash = await hashPassword(password);
  const accepted = await writeTransaction(database, invitation.workspace_id, async (trx) => {
    const used = await trx
      .updateTable('invitations')
      .set({ used_at: new Date().toISOString() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) throw new ApiError('unprocessable_entity', INVALID);
    // Set only over no password, in one statement: on PostgreSQL it also locks the person's row
    // against a membership being added meanwhile (members.service.ts takes the same lock).
    const set = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', invitation.user_id)
      .where('password_hash', 'is', null)
      .executeTakeFirst();
    if (Number(set.numUpdatedRows) === 0)
      throw new ApiError('unprocessable_entity', 'this person has set a password already: sign in with it');
    const member = await trx
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select(['members.id', 'users.name'])
      .where('members.workspace_id', '=', invitation.workspace_id)
      .where('members.id', '=', invitation.member_id)
      .executeTakeFirst();
    if (!member) throw new ApiError('unprocessable_entity', 'the invitation is for a membership that was removed');
    // A workspace's link sets the password only of a person nobody else has: once another
    // workspace has added them, whoever holds this link must not get in there.
    const forWorkspace = invitation.issued_by !== 'operator';
    if (forWorkspace && (await belongsElsewhere(trx, invitation.user_id, invitation.workspace_id)))
      throw new ApiError('unprocessable_entity', INVALID);
    await recordAccountEvent(trx, invitation.workspace_id, member, 'password_change');
    const session = await openSession(trx, invitation.user_id, invitation.workspace_id);
    return { token: session, userId: invitation.user_id, workspaceId: invitation.workspace_id, name: member.name };
  });
  await auditAccountEvent(database, { id: accepted.userId, name: accepted.name }, 'password_change', {
    except: accepted.workspaceId,
  });
  return { token: accepted.token, userId: accepted.userId, workspaceId: accepted.workspaceId };
}
