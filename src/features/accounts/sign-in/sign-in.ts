import { verify } from '@node-rs/argon2';
import { hashPassword } from '../members/members.service.js';
import type { Kysely } from 'kysely';
import type { Actor, AuditAction } from '../../../base/audit/audit.types.js';
import { recordAccountEvent, recordAudit } from '../../../base/audit/audit.writer.js';
import { ApiError } from '../../../base/errors/api-error.js';
import type { Database } from '../../../base/db/database.js';
import type { Tables } from '../../../base/db/schema.js';
import { GLOBAL_LOCK, writeTransaction } from '../../../base/db/write.js';
import { lockoutsTotal, signInsTotal } from '../../../base/metrics/metrics.js';
import { reserveAttempt, unlockAccount } from './sign-in-throttle.js';
import { openSession, workspacesOf } from './sessions.js';
import { auditPasswordRefused, passwordWorkspaces, providersOfWorkspaces } from '../sso/session-gate.js';

/**
 * Console sign-in: e-mail and password against the stored argon2 hash, behind the throttle of
 * sign-in-throttle.ts. Sign-ins, failures and lockouts of a known person are audited in each of
 * their workspaces; attempts the throttle refuses are not (they could flood the log).
 */

export type SignInResult =
  | { outcome: 'signed_in'; token: string; userId: string; workspaceId: string | null }
  | { outcome: 'wrong_credentials' }
  /** The password is right, but every workspace of the person requires single sign-on (src/features/accounts/sso/). */
  | { outcome: 'sso_required'; providers: string[] }
  | { outcome: 'locked'; retryAfterSeconds: number };

/** Verified against when the e-mail is unknown, so a miss costs the same time as a wrong password. */
let decoyHash: Promise<string> | undefined;

export async function passwordMatches(stored: string | null | undefined, password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  const target = stored ?? (await decoyHash);
  const matches = await verify(target, password).catch(() => false);
  return matches && stored !== null && stored !== undefined;
}

/**
 * Records an account event in the person's workspaces (all of them, but `except`; with `only`,
 * that one; with `only: null`, none), each in its own write transaction. `change`, the write the
 * event records (a session opened or closed, a password set), runs inside the first of those
 * transactions, so it is committed exactly with its event; a person with no workspace has it run
 * alone.
 */
export async function auditAccountEvent<T = void>(
  database: Database,
  user: { id: string; name: string },
  action: AuditAction,
  options: { only?: string | null; except?: string; change?: (trx: Kysely<Tables>) => Promise<T> } = {},
): Promise<T | undefined> {
  const all = options.only === null ? [] : await workspacesOf(database.db, user.id);
  const workspaces = (
    options.only === undefined ? all : all.filter((workspace) => workspace.id === options.only)
  ).filter((workspace) => workspace.id !== options.except);
  let result: T | undefined;
  let pending = options.change;
  if (workspaces.length === 0 && pending) return writeTransaction(database, GLOBAL_LOCK, pending);
  for (const workspace of workspaces) {
    await writeTransaction(database, workspace.id, async (trx) => {
      if (pending) result = await pending(trx);
      pending = undefined;
      await recordAccountEvent(trx, workspace.id, { id: workspace.memberId, name: user.name }, action);
    });
  }
  return result;
}

export async function signIn(
  database: Database,
  input: { email: string; password: string; address: string },
): Promise<SignInResult> {
  const result = await checkSignIn(database, input);
  signInsTotal.inc({ outcome: result.outcome });
  return result;
}

async function checkSignIn(
  database: Database,
  input: { email: string; password: string; address: string },
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const attempt = await reserveAttempt(database, email, input.address);
  if (!attempt.allowed) return { outcome: 'locked', retryAfterSeconds: attempt.retryAfterSeconds };

  const user = await database.db
    .selectFrom('users')
    .select(['id', 'name', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!(await passwordMatches(user?.password_hash, input.password))) {
    const lockedOut = await attempt.failed();
    if (lockedOut) lockoutsTotal.inc();
    if (user) {
      await auditAccountEvent(database, user, 'sign_in_failure');
      if (lockedOut) await auditAccountEvent(database, user, 'lockout');
    }
    return { outcome: 'wrong_credentials' };
  }

  await attempt.succeeded();
  const memberships = await workspacesOf(database.db, user!.id);
  const open = await passwordWorkspaces(database.db, memberships);
  if (memberships.length > 0 && open.length === 0) {
    await auditPasswordRefused(database, user!, memberships);
    return {
      outcome: 'sso_required',
      providers: await providersOfWorkspaces(
        database.db,
        memberships.map((w) => w.id),
      ),
    };
  }
  const workspaceId = open[0]?.id ?? null;
  const token = await auditAccountEvent(database, user!, 'sign_in', {
    only: workspaceId,
    change: (trx) => openSession(trx, user!.id, workspaceId),
  });
  return { outcome: 'signed_in', token: token!, userId: user!.id, workspaceId };
}

/**
 * Checks the current password of a signed-in person (before a password change) behind the same
 * throttle as sign-in: a stolen session cannot guess it faster than a stranger could sign in.
 */
export async function currentPasswordMatches(
  database: Database,
  user: { id: string; email: string; name: string },
  password: string,
  address: string,
): Promise<'matches' | 'wrong' | { retryAfterSeconds: number }> {
  const attempt = await reserveAttempt(database, user.email, address);
  if (!attempt.allowed) return { retryAfterSeconds: attempt.retryAfterSeconds };
  const stored = await database.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  if (await passwordMatches(stored.password_hash, password)) {
    await attempt.succeeded();
    return 'matches';
  }
  const lockedOut = await attempt.failed();
  if (lockedOut) lockoutsTotal.inc();
  await auditAccountEvent(database, user, 'sign_in_failure');
  if (lockedOut) await auditAccountEvent(database, user, 'lockout');
  return 'wrong';
}

/**
 * Ends a person's sign-in locks. The operator (`estate member unlock`) ends them all, audited in
 * each of the person's workspaces; an admin of a workspace (`workspaceId`) ends the locks of single
 * addresses only, audited in that workspace. The counters go in the same transaction as the first
 * audit event. 404 for an unknown e-mail.
 */
export async function unlockPerson(
  database: Database,
  rawEmail: string,
  actor: Actor,
  scope: { workspaceId?: string } = {},
): Promise<{ email: string; unlocked: true; ended: number }> {
  const email = rawEmail.trim().toLowerCase();
  const user = await database.db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!user) throw new ApiError('not_found', `no person has the e-mail ${email}`);
  const workspaces = (await workspacesOf(database.db, user.id)).filter(
    (workspace) => !scope.workspaceId || workspace.id === scope.workspaceId,
  );
  const end = (trx: Kysely<Tables>) => unlockAccount(trx, email, { everything: !scope.workspaceId });
  let ended: number | undefined;
  for (const workspace of workspaces) {
    await writeTransaction(database, workspace.id, async (trx) => {
      ended ??= await end(trx);
      await recordAudit(trx, {
        workspaceId: workspace.id,
        category: 'access',
        action: 'unlock',
        actor,
        resourceType: 'member',
        resourceId: workspace.memberId,
        resourceName: user.name,
      });
    });
  }
  ended ??= await writeTransaction(database, GLOBAL_LOCK, end);
  return { email, unlocked: true, ended };
}
