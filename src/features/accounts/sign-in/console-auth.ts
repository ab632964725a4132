import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../base/db/database.js';
import { ApiError } from '../../../base/errors/api-error.js';
import { requireReachAware } from '../../../base/http/authenticate.js';
import type {} from '../../../base/http/console.js';
import { csrfMatches, resumeSession, SESSION_COOKIE, ABSOLUTE_TIMEOUT_MS } from './sessions.js';

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
      restrictions: workspace.restrictions,
      actor: { type: 'member', id: workspace.memberId, name: session.name },
    };
    requireReachAware(request, request.caller);
  };
}
