import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/schema.js';
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
 * Creates the invitation inside the transaction that added the member (or, for `estate member
 * invite`, `issuedBy: 'operator'`). Earlier unused links of the membership stop working.
 */
export async function createInvitation(
  trx: Kysely<Tables>,
  input: { workspaceId: string; userId: string; memberId: string; issuedBy?: 'workspace' | 'operator' },
): Promise<Invitation> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await trx
    .deleteFrom('invitations')
    .where('workspace_id', '=', input.workspaceId)
    .where('member_id', '=', input.memberId)
    .where('used_at', 'is', null)
    .execute();
  const expiresAt = new Date(now + INVITATION_VALID_MS).toISOString();
  await trx
    .insertInto('invitations')
    .values({
      token_hash: hashSecret(token),
      workspace_id: input.workspaceId,
      user_id: input.userId,
      member_id: input.memberId,
      created_at: new Date(now).toISOString(),
      expires_at: expiresAt,
      used_at: null,
      issued_by: input.issuedBy ?? 'workspace',
    })
    .execute();
  return { path: `/ui/invite#${token}`, expiresAt };
}
