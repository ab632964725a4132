import { verify } from '@node-rs/argon2';
import { hashPassword } from '../members/members.service.js';
import { sql, type Kysely } from 'kysely';
import type { AuditAction } from '../audit/audit.types.js';
import { recordAccountEvent } from '../audit/audit.writer.js';
import type { Database } from '../db/database.js';
import type { Tables } from '../db/schema.js';
import { GLOBAL_LOCK, writeTransaction } from '../db/write.js';
import { openSession, workspacesOf } from './sessions.js';

/**
 * Console sign-in: e-mail and password against the stored argon2 hash, throttled per account and
 * per address in the database (so every instance counts the same failures).
 *
 * - 10 failures of one account within 15 minutes lock it for 15 minutes; 30 failures from one
 *   address (several people behind one NAT share it) lock the address as long.
 * - While locked, no password is even checked: a right one is refused like a wrong one.
 * - Every sign-in, every failure and every lockout of a known person is audited in each of their
 *   workspaces, with the person as actor. Attempts refused during a lockout are not (an attacker
 *   could fill the log); the lockout itself is. No password is ever logged or audited.
 */

export const ACCOUNT_LOCK_AFTER = 10;
export const ADDRESS_LOCK_AFTER = 30;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCKOUT_MS = 15 * 60 * 1000;

export type SignInResult =
  | { outcome: 'signed_in'; token: string; userId: string; workspaceId: string | null }
  | { outcome: 'wrong_credentials' }
  | { outcome: 'locked'; retryAfterSeconds: number };

/** Verified against when the e-mail is unknown, so a miss costs the same time as a wrong password. */
let decoyHash: Promise<string> | undefined;

export async function passwordMatches(stored: string | null | undefined, password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  const target = stored ?? (await decoyHash);
  const matches = await verify(target, password).catch(() => false);
  return matches && stored !== null && stored !== undefined;
}

const accountSubject = (email: string) => `account:${email}`;
const addressSubject = (address: string) => `address:${address}`;

/** Seconds until the later of the subjects' lockouts ends, or 0 when none is locked. */
async function lockedFor(db: Kysely<Tables>, subjects: string[]): Promise<number> {
  const rows = await db.selectFrom('sign_in_failures').select('locked_until').where('subject', 'in', subjects).execute();
  const now = Date.now();
  const until = Math.max(0, ...rows.map((row) => (row.locked_until ? Date.parse(row.locked_until) : 0)));
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/**
 * Counts one failure of a subject in one statement (parallel failures all count) and locks it
 * when it reaches `limit`. Returns true only for the failure that locked it, so the lockout is
 * recorded once.
 */
async function countFailure(db: Kysely<Tables>, subject: string, limit: number): Promise<boolean> {
  const now = new Date();
  const windowOpen = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
  const at = now.toISOString();
  await db
    .insertInto('sign_in_failures')
    .values({ subject, failures: 1, window_start: at, locked_until: null })
    .onConflict((oc) =>
      oc.column('subject').doUpdateSet({
        failures: sql<number>`case when sign_in_failures.window_start < ${windowOpen} then 1 else sign_in_failures.failures + 1 end`,
        window_start: sql<string>`case when sign_in_failures.window_start < ${windowOpen} then ${at} else sign_in_failures.window_start end`,
      }),
    )
    .execute();
  // Subjects whose window and lockout are over are forgotten, so guessed e-mails do not pile up.
  await db
    .deleteFrom('sign_in_failures')
    .where('window_start', '<', windowOpen)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
    .execute();
  const locked = await db
    .updateTable('sign_in_failures')
    .set({ failures: 0, window_start: at, locked_until: new Date(now.getTime() + LOCKOUT_MS).toISOString() })
    .where('subject', '=', subject)
    .where('failures', '>=', limit)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) > 0;
}

/**
 * Records an account event in the person's workspaces (all of them; with `only`, that one; with
 * `only: null`, none), each in its own write transaction. `change`, the write the event records (a session opened or closed, a
 * password set), runs inside the first of those transactions, so it is committed exactly with its
 * event; a person with no workspace has it run alone.
 */
export async function auditAccountEvent<T = void>(
  database: Database,
  user: { id: string; name: string },
  action: AuditAction,
  options: { only?: string | null; change?: (trx: Kysely<Tables>) => Promise<T> } = {},
): Promise<T | undefined> {
  const all = options.only === null ? [] : await workspacesOf(database.db, user.id);
  const workspaces = options.only === undefined ? all : all.filter((workspace) => workspace.id === options.only);
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

export async function signIn(database: Database, input: { email: string; password: string; address: string }): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const subjects = [accountSubject(email), addressSubject(input.address)];
  const retryAfterSeconds = await lockedFor(database.db, subjects);
  if (retryAfterSeconds > 0) return { outcome: 'locked', retryAfterSeconds };

  const user = await database.db.selectFrom('users').select(['id', 'name', 'password_hash']).where('email', '=', email).executeTakeFirst();
  if (!(await passwordMatches(user?.password_hash, input.password))) {
    const accountLocked = await countFailure(database.db, subjects[0]!, ACCOUNT_LOCK_AFTER);
    await countFailure(database.db, subjects[1]!, ADDRESS_LOCK_AFTER);
    if (user) {
      await auditAccountEvent(database, user, 'sign_in_failure');
      if (accountLocked) await auditAccountEvent(database, user, 'lockout');
    }
    return { outcome: 'wrong_credentials' };
  }

  await database.db.deleteFrom('sign_in_failures').where('subject', '=', subjects[0]!).execute();
  const workspaceId = (await workspacesOf(database.db, user!.id))[0]?.id ?? null;
  const token = await auditAccountEvent(database, user!, 'sign_in', { only: workspaceId, change: (trx) => openSession(trx, user!.id, workspaceId) });
  return { outcome: 'signed_in', token: token!, userId: user!.id, workspaceId };
}
