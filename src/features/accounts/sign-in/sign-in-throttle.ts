import { setTimeout as sleep } from 'node:timers/promises';
import ipaddr from 'ipaddr.js';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../base/db/database.js';
import type { Tables } from '../../../base/db/schema.js';
import { writeTransaction } from '../../../base/db/write.js';

/**
 * The throttle in front of every password check of the console, kept in the database so that every
 * instance counts the same attempts; each attempt is counted before its password is checked. Its
 * limits are described in docs/console.md ("Throttling"), the reasons in docs/decisions.md.
 */

export const PAIR_LIMIT = 10;
export const ADDRESS_LIMIT = 30;
export const WINDOW_MS = 15 * 60 * 1000;
/** Failures of an account that cost nothing; each further one doubles the spacing. */
export const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 250;
export const MAX_DELAY_MS = 5000;
/** A turn further away than this is refused rather than waited for. */
export const MAX_WAIT_MS = 10_000;
/** How long an address where the person signed in stays theirs. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

/** The throttle's key for an address: an IPv6 address by its /64 (IPv4-mapped ones as IPv4). */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}

const SUBJECT = {
  account: (email: string) => `account:${email}`,
  address: (address: string) => `address:${address}`,
  // An address key holds no line break, so an e-mail's subjects share the prefix `pair:<email>\n`.
  pair: (email: string, address: string) => `pair:${email}\n${address}`,
  known: (email: string, address: string) => `known:${email}\n${address}`,
};
const pairPrefix = (email: string) => `pair:${email}\n`;
/** The e-mail's pair subjects (a prefix match that no collation can reorder, unlike a range). */
const isPairOf = (email: string) =>
  sql<boolean>`substr(subject, 1, ${Array.from(pairPrefix(email)).length}) = ${pairPrefix(email)}`;

/** The spacing before an account's next password check, after `failures` failures in its window. */
export function accountDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES));
}

export type Reservation =
  | { allowed: false; retryAfterSeconds: number }
  | {
      allowed: true;
      /** Call once the password is known to be right: the attempt is given back, the address becomes the person's. */
      succeeded(): Promise<void>;
      /** Call once it is known to be wrong; true when this failure reached a limit (a lockout to audit). */
      failed(): Promise<boolean>;
    };

const timeOf = (value: string | Date) => new Date(value).getTime();

/** Counts one attempt of a subject, starting a new window when the last one is over; its count and window. */
async function count(
  db: Kysely<Tables>,
  subject: string,
  now: number,
): Promise<{ attempts: number; windowEnd: number }> {
  const at = new Date(now).toISOString();
  const windowOpen = new Date(now - WINDOW_MS).toISOString();
  const row = await db
    .insertInto('sign_in_failures')
    .values({ subject, failures: 1, window_start: at, locked_until: null })
    .onConflict((oc) => {
      const windowOver = sql<boolean>`sign_in_failures.window_start < ${windowOpen}`;
      return oc.column('subject').doUpdateSet({
        failures: sql<number>`case when ${windowOver} then 1 else sign_in_failures.failures + 1 end`,
        window_start: sql<string>`case when ${windowOver} then ${at} else sign_in_failures.window_start end`,
      });
    })
    .returning(['failures', 'window_start'])
    .executeTakeFirstOrThrow();
  return { attempts: Number(row.failures), windowEnd: timeOf(row.window_start) + WINDOW_MS };
}

/** Takes back one counted attempt; a counter back at zero goes, so refused attempts leave no rows behind. */
async function giveBack(db: Kysely<Tables>, subject: string): Promise<void> {
  await db
    .updateTable('sign_in_failures')
    .set({ failures: sql<number>`failures - 1` })
    .where('subject', '=', subject)
    .where('failures', '>', 0)
    .execute();
  await db.deleteFrom('sign_in_failures').where('subject', '=', subject).where('failures', '<=', 0).execute();
}

/**
 * Books the account's next turn to check a password, under the account's own write lock: the
 * account row counts the failure (`failures`, `window_start`) and holds the last booked turn
 * (`locked_until`). Answers the wait before the turn, or a refusal when it is too far away.
 */
async function bookTurn(
  database: Database,
  email: string,
  now: number,
): Promise<{ waitMs: number } | { refusedForMs: number }> {
  const subject = SUBJECT.account(email);
  return writeTransaction(database, `sign-in:${email}`, async (trx) => {
    const row = await trx
      .selectFrom('sign_in_failures')
      .select(['failures', 'window_start', 'locked_until'])
      .where('subject', '=', subject)
      .executeTakeFirst();
    const fresh = !row || timeOf(row.window_start) + WINDOW_MS <= now;
    const failures = fresh ? 0 : Number(row.failures);
    const lastTurn = !fresh && row.locked_until ? timeOf(row.locked_until) : 0;
    const turn = Math.max(now, lastTurn + accountDelayMs(failures));
    if (turn - now > MAX_WAIT_MS) return { refusedForMs: turn - MAX_WAIT_MS - now };
    const values = {
      failures: failures + 1,
      window_start: new Date(fresh ? now : timeOf(row.window_start)).toISOString(),
      locked_until: new Date(turn).toISOString(),
    };
    if (row) await trx.updateTable('sign_in_failures').set(values).where('subject', '=', subject).execute();
    else
      await trx
        .insertInto('sign_in_failures')
        .values({ subject, ...values })
        .execute();
    return { waitMs: turn - now };
  });
}

async function isKnownAddress(db: Kysely<Tables>, email: string, address: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_failures')
    .select('window_start')
    .where('subject', '=', SUBJECT.known(email, address))
    .executeTakeFirst();
  return row !== undefined && timeOf(row.window_start) + KNOWN_ADDRESS_MS > now;
}

const secondsUntil = (end: number, now: number) => Math.max(1, Math.ceil((end - now) / 1000));

/**
 * Reserves one password check of `email` from `address`: refused while the address or the pair
 * is over its limit, or while the account's next turn is too far away; otherwise allowed once its
 * turn comes (awaited here, without holding the event loop).
 */
export async function reserveAttempt(database: Database, email: string, rawAddress: string): Promise<Reservation> {
  const db = database.db;
  const now = Date.now();
  const address = addressKey(rawAddress);
  const subjects = {
    address: SUBJECT.address(address),
    pair: SUBJECT.pair(email, address),
    account: SUBJECT.account(email),
  };
  const byAddress = await count(db, subjects.address, now);
  if (byAddress.attempts > ADDRESS_LIMIT)
    return { allowed: false, retryAfterSeconds: secondsUntil(byAddress.windowEnd, now) };
  const byPair = await count(db, subjects.pair, now);
  if (byPair.attempts > PAIR_LIMIT) {
    // Refused before any check: the address's count is given back, so one locked pair does not use up the address.
    await giveBack(db, subjects.address);
    return { allowed: false, retryAfterSeconds: secondsUntil(byPair.windowEnd, now) };
  }
  const known = await isKnownAddress(db, email, address, now);
  if (!known) {
    const turn = await bookTurn(database, email, now);
    if ('refusedForMs' in turn) {
      await giveBack(db, subjects.pair);
      await giveBack(db, subjects.address);
      return { allowed: false, retryAfterSeconds: secondsUntil(now + turn.refusedForMs, now) };
    }
    if (turn.waitMs > 0) await sleep(turn.waitMs);
  }
  return {
    allowed: true,
    async succeeded() {
      await db.deleteFrom('sign_in_failures').where('subject', '=', subjects.pair).execute();
      await giveBack(db, subjects.address);
      if (!known) await giveBack(db, subjects.account);
      const at = new Date().toISOString();
      await db
        .insertInto('sign_in_failures')
        .values({ subject: SUBJECT.known(email, address), failures: 0, window_start: at, locked_until: null })
        .onConflict((oc) => oc.column('subject').doUpdateSet({ window_start: at }))
        .execute();
    },
    async failed() {
      // Counters whose window is over, and addresses not used for 30 days, are forgotten, so
      // guessed e-mails do not pile up.
      const at = Date.now();
      await db
        .deleteFrom('sign_in_failures')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('window_start', '<', new Date(at - WINDOW_MS).toISOString()),
              sql<boolean>`substr(subject, 1, 6) <> 'known:'`,
            ]),
            eb('window_start', '<', new Date(at - KNOWN_ADDRESS_MS).toISOString()),
          ]),
        )
        .execute();
      return byPair.attempts === PAIR_LIMIT || byAddress.attempts === ADDRESS_LIMIT;
    },
  };
}

export interface LockState {
  /** The latest end of a lock of this person from some address, or null. */
  lockedUntil: string | null;
  /** Failures from any address space this person's password checks out. */
  slowed: boolean;
}

/** The sign-in state of each e-mail that is locked from some address or slowed, for admins to see. */
export async function lockStateOf(db: Kysely<Tables>, emails: string[]): Promise<Map<string, LockState>> {
  const state = new Map<string, LockState>();
  const windowOpen = new Date(Date.now() - WINDOW_MS).toISOString();
  // In batches: SQLite refuses an expression tree deeper than 1,000.
  for (let start = 0; start < emails.length; start += 200) {
    const batch = emails.slice(start, start + 200);
    const rows = await db
      .selectFrom('sign_in_failures')
      .select(['subject', 'failures', 'window_start'])
      .where('window_start', '>=', windowOpen)
      .where((eb) => eb.or([eb('subject', 'in', batch.map(SUBJECT.account)), ...batch.map(isPairOf)]))
      .execute();
    for (const row of rows) {
      const pair = row.subject.startsWith('pair:');
      const email = pair
        ? row.subject.slice('pair:'.length, row.subject.indexOf('\n'))
        : row.subject.slice('account:'.length);
      const entry = state.get(email) ?? { lockedUntil: null, slowed: false };
      if (pair && row.failures >= PAIR_LIMIT) {
        const end = new Date(timeOf(row.window_start) + WINDOW_MS).toISOString();
        if (!entry.lockedUntil || end > entry.lockedUntil) entry.lockedUntil = end;
      }
      if (!pair && accountDelayMs(row.failures) > 0) entry.slowed = true;
      state.set(email, entry);
    }
  }
  for (const [email, entry] of state) if (!entry.lockedUntil && !entry.slowed) state.delete(email);
  return state;
}

/**
 * Ends an e-mail's locks: with `everything` (the operator) its per-address locks and its account's
 * spacing, else (a workspace admin) the per-address locks only — the account's spacing, which
 * bounds guesses from everywhere, is the operator's to end. Returns how many counters ended.
 */
export async function unlockAccount(
  db: Kysely<Tables>,
  email: string,
  { everything }: { everything: boolean },
): Promise<number> {
  const ended = await db
    .deleteFrom('sign_in_failures')
    .where((eb) =>
      everything ? eb.or([eb('subject', '=', SUBJECT.account(email)), isPairOf(email)]) : isPairOf(email),
    )
    .executeTakeFirst();
  return Number(ended.numDeletedRows);
}
