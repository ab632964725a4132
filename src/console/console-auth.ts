import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Actor } from '../access/actor.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import { callerOf, type Caller } from '../http/authenticate.js';
import { IdParams } from '../http/schemas.js';
import type { App } from '../http/types.js';
import {
  csrfMatches,
  resumeSession,
  SESSION_COOKIE,
  ABSOLUTE_TIMEOUT_MS,
  type ConsoleSession,
  type SessionWorkspace,
} from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession?: ConsoleSession;
  }
  interface FastifyContextConfig {
    /** A console route that needs no session (sign-in, accepting an invitation). */
    signedOut?: boolean;
    /** A console route any signed-in person may call, with or without a selected workspace. */
    anyWorkspace?: boolean;
    /** A console route only members whose role is admin may call: keys, agents, roles. */
    adminOnly?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure over HTTPS, only sent to /ui. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/ui',
    maxAge: Math.floor(ABSOLUTE_TIMEOUT_MS / 1000),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/ui',
  });
}

/**
 * A state-changing request that a browser says comes from another site is refused, whatever
 * cookie it carries: Origin (sent by browsers on every cross-origin and every POST request) must
 * be this service's own, and Sec-Fetch-Site must not be cross-site. This also covers sign-in,
 * which has no session yet (login CSRF).
 */
function refuseCrossSite(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
    throw new ApiError('forbidden', 'cross-site request refused: the Origin is not this console');
  }
  if (request.headers['sec-fetch-site'] === 'cross-site') throw new ApiError('forbidden', 'cross-site request refused');
}

/**
 * onRequest hook of every console API route (/ui/api): cross-site check, the session from its
 * cookie (401 when absent or expired), the CSRF token on every state-changing request (403), and
 * the route's permission against the member's role in the selected workspace (403). It runs
 * before the body is read, like the public API's authentication.
 */
export function consoleAuthHook(database: Database) {
  return async function authenticateConsoleRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const unsafe = UNSAFE.has(request.method);
    if (unsafe) refuseCrossSite(request);
    const config = request.routeOptions.config ?? {};
    if (config.signedOut) return;

    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await resumeSession(database, token) : undefined;
    if (!session) {
      if (token) clearSessionCookie(request, reply);
      throw new ApiError('unauthorized', 'sign in first: there is no session, or it ended');
    }
    if (unsafe && !csrfMatches(session, request.headers['x-csrf-token']))
      throw new ApiError('forbidden', 'missing or wrong CSRF token (X-CSRF-Token)');
    request.consoleSession = session;
    if (config.anyWorkspace) return;

    const workspace = session.workspace;
    if (!workspace)
      throw new ApiError('forbidden', 'choose a workspace first: you are not a member of the selected one');
    if (config.adminOnly && workspace.role !== 'admin')
      throw new ApiError('insufficient_permission', 'only admins may do this');
    const { scope, alsoRequires = [] } = config;
    for (const required of scope ? [scope, ...alsoRequires] : []) {
      if (!workspace.permissions.includes(required))
        throw new ApiError('insufficient_permission', `missing permission: ${required}`);
    }
    request.caller = {
      workspaceId: workspace.id,
      workspaceName: workspace.name,
      scopes: workspace.permissions,
      actor: { type: 'member', id: workspace.memberId, name: session.name },
    };
  };
}

/** The session of an authenticated console route; its absence is a wiring bug. */
export function sessionOf(request: FastifyRequest): ConsoleSession {
  if (!request.consoleSession) throw new Error(`console route ${request.url} ran without a session`);
  return request.consoleSession;
}

/** A console route's options: the public scope it needs, as the public API's route does, and its schema. */
export const scopedRoute = <Schema extends FastifySchema>(scope: string, schema: Schema) => ({
  config: { scope },
  schema,
});

/** The signed-in member as the caller of services (set by the hook), with their membership. */
export function memberCallerOf(request: FastifyRequest): Caller & { member: SessionWorkspace; userId: string } {
  const session = sessionOf(request);
  if (!session.workspace) throw new Error(`console route ${request.url} needs a workspace`);
  return { ...callerOf(request), member: session.workspace, userId: session.userId };
}

/**
 * `POST {path}` for admins: an action on one object of the workspace by id (rotate or revoke a key,
 * revoke an agent), taken by the service that already has the shape `(database, id, actor,
 * workspaceId)` and answered with what it returns.
 */
export function postAdminAction<Response extends TSchema>(
  app: App,
  database: Database,
  path: string,
  response: Response,
  act: (database: Database, id: string, actor: Actor, workspaceId: string) => Promise<Static<Response>>,
): void {
  // Widened to TSchema inside: the signature above already ties `act`'s answer to `response`.
  const schema: { params: typeof IdParams; response: { 200: TSchema } } = {
    params: IdParams,
    response: { 200: response },
  };
  app.post(path, { config: { adminOnly: true }, schema }, async (request) => {
    const caller = memberCallerOf(request);
    return act(database, request.params.id, caller.actor, caller.workspaceId);
  });
}
