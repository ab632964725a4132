import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Actor } from '../../../base/audit/audit.types.js';
import { recordAudit } from '../../../base/audit/audit.writer.js';
import type { Tables } from '../../../base/db/schema.js';
import { hashSecret } from '../keys/key-secret.js';

/**
 * A member added in the console without a password gets a one-time invitation link, shown once
 * to the admin who added them and valid for 7 days. Its token travels in the URL's fragment
 * (`/ui/invite#…`), which browsers never send to a server, so it stays out of access logs.
 */
export const INVITATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;

export interface Invitation {
  /** Path of the link, relative to the console's origin. */
  path: string;
  expiresAt: string;
}

/**
 * Creates the invitation, audited as an `invite` of the member, inside the transaction that added
 * the member (or, for `estate member invite`, `issuedBy: 'operator'`). Earlier unused links of the
 * membership stop working.
 */
export async function createInvitation(
  trx: Kysely<Tables>,
  input: {
    workspaceId: string;
    userId: string;
    member: { id: string; name: string };
    issuedBy?: 'workspace' | 'operator';
  },
  actor: Actor,
): Promise<Invitation> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await trx
    .deleteFrom('invitations')
    .where('workspace_id', '=', input.workspaceId)
    .where('member_id', '=', input.member.id)
    .where('used_at', 'is', null)
    .execute();
  const expiresAt = new Date(now + INVITATION_VALID_MS).toISOString();
  await trx
    .insertInto('invitations')
    .values({
      token_hash: hashSecret(token),
      workspace_id: input.workspaceId,
      user_id: input.userId,
      member_id: input.member.id,
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt,
      used_at: null,
      issued_by: input.issuedBy ?? 'workspace',
    })
    .execute();
  await recordAudit(trx, {
    workspaceId: input.workspaceId,
    category: 'organisation',
    action: 'invite',
    actor,
    resourceType: 'member',
    resourceId: input.member.id,
    resourceName: input.member.name,
  });
  return { path: `/ui/invite#${token}`, expiresAt };
}

/**
 * Whether the person is a member of a workspace other than `workspaceId`. A workspace's link is
 * only for a person nobody else has: a link is a credential in the hands of the admin who made it.
 */
export async function belongsElsewhere(db: Kysely<Tables>, userId: string, workspaceId: string): Promise<boolean> {
  const other = await db
    .selectFrom('members')
    .select('id')
    .where('user_id', '=', userId)
    .where('workspace_id', '!=', workspaceId)
    .executeTakeFirst();
  return other !== undefined;
}
