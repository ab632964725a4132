import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { parseRestrictions } from '../../../base/access/restrictions.js';
import type { Database } from '../../../base/db/database.js';
import type { ConsoleSessionsTable, Tables } from '../../../base/db/schema.js';
import { nowIso } from '../../../base/ids.js';
import type { ConsoleSession, SessionWorkspace } from '../../../base/http/console.js';
import { hashSecret } from '../keys/key-secret.js';

/**
 * Console sessions live in the database (docs/decisions.md): a sign-out, "sign out everywhere", an
 * expiry or a removed membership holds on every instance from the next request. The browser holds
 * only a random token in an HttpOnly cookie; the database holds its SHA-256.
 */

export const SESSION_COOKIE = 'estate_session';
/** A session unused for this long is over. */
export const IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** A session ends this long after sign-in, however active. */
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60 * 1000;

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Opens a session for a person in one of their workspaces; returns the cookie token (shown to no
 * one else). The person's ended sessions are deleted on the way, so rows do not pile up.
 */
export async function openSession(
  db: Kysely<Tables>,
  userId: string,
  workspaceId: string | null,
  /**
   * A session opened through single sign-on (src/features/accounts/sso/): its provider, and an end
   * no later than the provider's.
   */
  sso?: { provider: string; endsAt: number },
): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db
    .deleteFrom('console_sessions')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', new Date(now).toISOString()),
        eb('last_seen_at', '<=', new Date(now - IDLE_TIMEOUT_MS).toISOString()),
      ]),
    )
    .execute();
  await db
    .withTables<{ console_sessions: { sso_provider?: string | null } }>()
    .insertInto('console_sessions')
    .values({
      ...(sso ? { sso_provider: sso.provider } : {}),
      id: hashSecret(token),
      user_id: userId,
      workspace_id: workspaceId,
      csrf_token: newToken(),
      created_at: new Date(now).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      expires_at: new Date(Math.min(now + ABSOLUTE_TIMEOUT_MS, sso?.endsAt ?? Number.POSITIVE_INFINITY)).toISOString(),
    })
    .execute();
  return token;
}

function isLive(row: Pick<ConsoleSessionsTable, 'last_seen_at' | 'expires_at'>, now: number): boolean {
  return Date.parse(row.expires_at) > now && Date.parse(row.last_seen_at) + IDLE_TIMEOUT_MS > now;
}

/**
 * The session a cookie token names, or undefined when it is unknown, idle too long or past its
 * absolute end (an expired row is deleted on sight). Moves last_seen_at (at most once a minute).
 */
export async function resumeSession(database: Database, token: string): Promise<ConsoleSession | undefined> {
  const id = hashSecret(token);
  // Read like a key check: from the reader, so it never waits behind a write transaction (SQLite).
  const row = await database.reader
    .selectFrom('console_sessions')
    .innerJoin('users', 'users.id', 'console_sessions.user_id')
    .select([
      'console_sessions.id',
      'console_sessions.user_id',
      'console_sessions.workspace_id',
      'console_sessions.csrf_token',
      'console_sessions.last_seen_at',
      'console_sessions.expires_at',
      'users.email',
      'users.name',
    ])
    .where('console_sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const now = Date.now();
  if (!isLive(row, now)) {
    await database.db.deleteFrom('console_sessions').where('id', '=', id).execute();
    return undefined;
  }
  if (now - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
    await database.db.updateTable('console_sessions').set({ last_seen_at: nowIso() }).where('id', '=', id).execute();
  }
  return {
    id,
    userId: row.user_id,
    email: row.email,
    name: row.name,
    csrfToken: row.csrf_token,
    expiresAt: row.expires_at,
    workspace: row.workspace_id ? await membershipOf(database.reader, row.user_id, row.workspace_id) : null,
  };
}

/**
 * The person's membership of a workspace with the role's current permissions, or null when they
 * are not a member.
 */
export async function membershipOf(
  db: Kysely<Tables>,
  userId: string,
  workspaceId: string,
): Promise<SessionWorkspace | null> {
  const row = await db
    .selectFrom('members')
    .innerJoin('workspaces', 'workspaces.id', 'members.workspace_id')
    .leftJoin('roles', (join) =>
      join.onRef('roles.workspace_id', '=', 'members.workspace_id').onRef('roles.name', '=', 'members.role'),
    )
    .select([
      'members.id as member_id',
      'members.role',
      'workspaces.id',
      'workspaces.name',
      'roles.permissions',
      'roles.restrictions',
    ])
    .where('members.user_id', '=', userId)
    .where('members.workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    memberId: row.member_id,
    role: row.role,
    permissions: row.permissions ? (JSON.parse(row.permissions) as string[]) : [],
    restrictions: parseRestrictions(row.restrictions),
  };
}

/** The workspaces a person belongs to, oldest membership first: the first is where a sign-in lands. */
export async function workspacesOf(
  db: Kysely<Tables>,
  userId: string,
): Promise<{ id: string; name: string; role: string; memberId: string }[]> {
  const rows = await db
    .selectFrom('members')
    .innerJoin('workspaces', 'workspaces.id', 'members.workspace_id')
    .select(['workspaces.id', 'workspaces.name', 'members.role', 'members.id as member_id'])
    .where('members.user_id', '=', userId)
    .orderBy('members.created_at')
    .orderBy('workspaces.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, role: row.role, memberId: row.member_id }));
}

export async function selectWorkspace(db: Kysely<Tables>, sessionId: string, workspaceId: string): Promise<void> {
  await db.updateTable('console_sessions').set({ workspace_id: workspaceId }).where('id', '=', sessionId).execute();
}

export async function closeSession(db: Kysely<Tables>, sessionId: string): Promise<void> {
  await db.deleteFrom('console_sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a person, but `keep` (the one asking, after a password change). */
export async function closeSessionsOf(db: Kysely<Tables>, userId: string, keep?: string): Promise<void> {
  let query = db.deleteFrom('console_sessions').where('user_id', '=', userId);
  if (keep) query = query.where('id', '!=', keep);
  await query.execute();
}

/** Constant-time comparison of a request's CSRF token with the session's. */
export function csrfMatches(session: ConsoleSession, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(session.csrfToken);
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
