/**
 * Where a console session may be: a session opened with a password is never in a workspace that
 * requires single sign-on (but for its break-glass admin); a session opened through a provider
 * only in a workspace whose rules granted the person a role at that sign-in.
 */
import type { Kysely } from 'kysely';
import { recordAudit } from '../../../base/audit/audit.writer.js';
import type { Database } from '../../../base/db/database.js';
import type { Tables } from '../../../base/db/schema.js';
import { writeTransaction } from '../../../base/db/write.js';
import { hashSecret } from '../keys/key-secret.js';
import { ApiError } from '../../../base/errors/api-error.js';
import { ssoDb } from './rules.service.js';

/** The workspaces (of those given, in their order) where a password may open a session. */
export async function passwordWorkspaces<T extends { id: string; memberId: string }>(
  db: Kysely<Tables>,
  workspaces: T[],
): Promise<T[]> {
  if (workspaces.length === 0) return [];
  const required = await ssoDb(db)
    .selectFrom('sso_settings')
    .select(['workspace_id', 'break_glass_member_id'])
    .where(
      'workspace_id',
      'in',
      workspaces.map((workspace) => workspace.id),
    )
    .where('require_sso', '=', 1)
    .execute();
  return workspaces.filter(
    (workspace) =>
      !required.some((row) => row.workspace_id === workspace.id && row.break_glass_member_id !== workspace.memberId),
  );
}

/** The display names of the providers named by the rules of these workspaces, for a refusal's message. */
export async function providersOfWorkspaces(db: Kysely<Tables>, workspaceIds: string[]): Promise<string[]> {
  if (workspaceIds.length === 0) return [];
  const rows = await ssoDb(db)
    .selectFrom('sso_rules')
    .select('provider')
    .distinct()
    .where('workspace_id', 'in', workspaceIds)
    .orderBy('provider')
    .execute();
  return rows.map((row) => row.provider);
}

/**
 * 403 when a session may not move to the workspace (PUT /session/workspace): a password session
 * to one that requires single sign-on, a provider's session to one its rules did not grant.
 */
export async function refuseSessionWorkspace(
  db: Kysely<Tables>,
  session: { id: string },
  workspace: { id: string; memberId: string },
): Promise<void> {
  const row = await ssoDb(db)
    .selectFrom('console_sessions')
    .select('sso_provider')
    .where('id', '=', session.id)
    .executeTakeFirst();
  const provider = row?.sso_provider ?? null;
  if (provider === null) {
    if ((await passwordWorkspaces(db, [workspace])).length === 0)
      throw new ApiError(
        'forbidden',
        'this workspace requires single sign-on: sign out and sign in with your provider',
      );
    return;
  }
  const granted = await ssoDb(db)
    .selectFrom('sso_memberships')
    .select('member_id')
    .where('workspace_id', '=', workspace.id)
    .where('member_id', '=', workspace.memberId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  if (!granted)
    throw new ApiError(
      'forbidden',
      `your single sign-on rules do not give you this workspace: sign out and sign in another way`,
    );
}

/**
 * A right password refused because every workspace of the person requires single sign-on:
 * audited as a sign-in failure in each, with the reason.
 */
export async function auditPasswordRefused(
  database: Database,
  user: { name: string },
  workspaces: { id: string; memberId: string }[],
): Promise<void> {
  for (const workspace of workspaces) {
    await writeTransaction(database, workspace.id, (trx) =>
      recordAudit(trx, {
        workspaceId: workspace.id,
        category: 'access',
        action: 'sign_in_failure',
        actor: { type: 'member', id: workspace.memberId, name: user.name },
        resourceType: 'member',
        resourceId: workspace.memberId,
        resourceName: user.name,
        changes: { reason: { before: null, after: 'password refused: single sign-on required' } },
      }),
    );
  }
}

/**
 * Ends a session a password just opened (an accepted invitation) when its workspace requires
 * single sign-on, and refuses with 403: the person signs in through the provider instead.
 */
export async function refusePasswordSession(db: Kysely<Tables>, token: string): Promise<void> {
  const session = await db
    .selectFrom('console_sessions')
    .innerJoin('members', (join) =>
      join
        .onRef('members.user_id', '=', 'console_sessions.user_id')
        .onRef('members.workspace_id', '=', 'console_sessions.workspace_id'),
    )
    .select(['console_sessions.id', 'members.workspace_id', 'members.id as member_id'])
    .where('console_sessions.id', '=', hashSecret(token))
    .executeTakeFirst();
  if (!session) return;
  if ((await passwordWorkspaces(db, [{ id: session.workspace_id, memberId: session.member_id }])).length > 0) return;
  await db.deleteFrom('console_sessions').where('id', '=', session.id).execute();
  throw new ApiError(
    'forbidden',
    'your password is set, but this workspace requires single sign-on: use Sign in with your provider',
  );
}
