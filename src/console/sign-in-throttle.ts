import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Tables } from '../db/schema.js';

/**
 * The throttle in front of every password check of the console (sign-in and the current password
 * of a password change), kept in the database so that every instance counts the same attempts.
 *
 * - An attempt is counted (reserved) before its password is checked, in one atomic statement per
 *   subject, so parallel attempts never check more passwords than a limit allows. A right
 *   password gives its reservation back; a wrong one keeps it as a failure.
 * - One account from one address: 10 attempts in a 15-minute window, then refused until the
 *   window ends. One address, whatever the accounts: 30. A window is never extended by refused
 *   attempts, so a lock ends at most 15 minutes after the first failure.
 * - One account from every address together is never refused, only slowed: past 5 failures in the
 *   window, each check waits a delay that doubles with every failure, up to 5 s. A stranger's
 *   failures elsewhere cost the owner a few seconds at most, never their sign-in.
 */

export const PAIR_LIMIT = 10;
export const ADDRESS_LIMIT = 30;
export const WINDOW_MS = 15 * 60 * 1000;
/** Failures of an account that cost nothing; each further one doubles the delay. */
export const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 250;
export const MAX_DELAY_MS = 5000;

const SUBJECT = {
  account: (email: string) => `account:${email}`,
  address: (address: string) => `address:${address}`,
  // The address cannot hold a line break, so an e-mail's subjects share the prefix `pair:<email>\n`.
  pair: (email: string, address: string) => `pair:${email}\n${address}`,
};
const pairPrefix = (email: string) => `pair:${email}\n`;
/** The e-mail's pair subjects (a prefix match that no collation can reorder, unlike a range). */
const isPairOf = (email: string) => sql<boolean>`substr(subject, 1, ${Array.from(pairPrefix(email)).length}) = ${pairPrefix(email)}`;

/** The wait before an account's next password check, after `failures` failures in its window. */
export function accountDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES));
}

export type Reservation =
  | { allowed: false; retryAfterSeconds: number }
  | {
      allowed: true;
      /** Call once the password is known to be right: the attempt is given back. */
      succeeded(): Promise<void>;
      /** Call once it is known to be wrong; true when this failure reached a limit (a lockout to audit). */
      failed(): Promise<boolean>;
    };

const timeOf = (value: string | Date) => new Date(value).getTime();

/** Counts one attempt of a subject, starting a new window when the last one is over; its count and window. */
async function count(db: Kysely<Tables>, subject: string, now: number): Promise<{ attempts: number; windowEnd: number }> {
  const at = new Date(now).toISOString();
  const windowOpen = new Date(now - WINDOW_MS).toISOString();
  const row = await db
    .insertInto('sign_in_failures')
    .values({ subject, failures: 1, window_start: at, locked_until: null })
    .onConflict((oc) =>
      oc.column('subject').doUpdateSet({
        failures: sql<number>`case when sign_in_failures.window_start < ${windowOpen} then 1 else sign_in_failures.failures + 1 end`,
        window_start: sql<string>`case when sign_in_failures.window_start < ${windowOpen} then ${at} else sign_in_failures.window_start end`,
      }),
    )
    .returning(['failures', 'window_start'])
    .executeTakeFirstOrThrow();
  return { attempts: Number(row.failures), windowEnd: timeOf(row.window_start) + WINDOW_MS };
}

async function giveBack(db: Kysely<Tables>, subject: string): Promise<void> {
  await db.updateTable('sign_in_failures').set({ failures: sql<number>`failures - 1` }).where('subject', '=', subject).where('failures', '>', 0).execute();
}

const secondsUntil = (end: number, now: number) => Math.max(1, Math.ceil((end - now) / 1000));

/**
 * Reserves one password check of `email` from `address`: refused while the address or the pair
 * is over its limit; otherwise allowed after the account's delay (awaited here, without holding
 * the event loop).
 */
export async function reserveAttempt(db: Kysely<Tables>, email: string, address: string): Promise<Reservation> {
  const now = Date.now();
  const subjects = { address: SUBJECT.address(address), pair: SUBJECT.pair(email, address), account: SUBJECT.account(email) };
  const byAddress = await count(db, subjects.address, now);
  if (byAddress.attempts > ADDRESS_LIMIT) return { allowed: false, retryAfterSeconds: secondsUntil(byAddress.windowEnd, now) };
  const byPair = await count(db, subjects.pair, now);
  if (byPair.attempts > PAIR_LIMIT) {
    // Refused before any check: the address's count is given back, so one locked pair does not use up the address.
    await giveBack(db, subjects.address);
    return { allowed: false, retryAfterSeconds: secondsUntil(byPair.windowEnd, now) };
  }
  const byAccount = await count(db, subjects.account, now);
  const delay = accountDelayMs(byAccount.attempts - 1);
  if (delay > 0) await sleep(delay);
  return {
    allowed: true,
    async succeeded() {
      await db.deleteFrom('sign_in_failures').where('subject', '=', subjects.pair).execute();
      await giveBack(db, subjects.address);
      await giveBack(db, subjects.account);
    },
    async failed() {
      // Subjects whose window is over are forgotten, so guessed e-mails do not pile up.
      await db.deleteFrom('sign_in_failures').where('window_start', '<', new Date(Date.now() - WINDOW_MS).toISOString()).execute();
      return byPair.attempts === PAIR_LIMIT || byAddress.attempts === ADDRESS_LIMIT;
    },
  };
}

/** When the e-mail's sign-in is refused from some address (the latest end), or slowed, for admins to see. */
export async function lockStateOf(db: Kysely<Tables>, emails: string[]): Promise<Map<string, { lockedUntil: string | null; slowed: boolean }>> {
  const state = new Map<string, { lockedUntil: string | null; slowed: boolean }>();
  if (emails.length === 0) return state;
  const windowOpen = new Date(Date.now() - WINDOW_MS).toISOString();
  const rows = await db
    .selectFrom('sign_in_failures')
    .select(['subject', 'failures', 'window_start'])
    .where('window_start', '>=', windowOpen)
    .where((eb) => eb.or(emails.flatMap((email) => [eb('subject', '=', SUBJECT.account(email)), isPairOf(email)])))
    .execute();
  for (const row of rows) {
    const pair = row.subject.startsWith('pair:');
    const email = pair ? row.subject.slice(5, row.subject.indexOf('\n')) : row.subject.slice('account:'.length);
    const entry = state.get(email) ?? { lockedUntil: null, slowed: false };
    if (pair && row.failures >= PAIR_LIMIT) {
      const end = new Date(timeOf(row.window_start) + WINDOW_MS).toISOString();
      if (!entry.lockedUntil || end > entry.lockedUntil) entry.lockedUntil = end;
    }
    if (!pair && accountDelayMs(row.failures) > 0) entry.slowed = true;
    state.set(email, entry);
  }
  for (const [email, entry] of state) if (!entry.lockedUntil && !entry.slowed) state.delete(email);
  return state;
}

/** Ends every lock and delay of an e-mail's sign-in (not the locks of addresses, which are nobody's). Returns how many counters ended. */
export async function unlockAccount(db: Kysely<Tables>, email: string): Promise<number> {
  const ended = await db
    .deleteFrom('sign_in_failures')
    .where((eb) => eb.or([eb('subject', '=', SUBJECT.account(email)), isPairOf(email)]))
    .executeTakeFirst();
  return Number(ended.numDeletedRows);
}
