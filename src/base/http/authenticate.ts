import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../access/actor.js';
import { isRestricted, parseRestrictions, type Restrictions } from '../access/restrictions.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';

/** Who acts in a workspace: an API key or a console member. Services take this. */
export interface Caller {
  workspaceId: string;
  workspaceName: string;
  /** Sorted scope codes: frozen at key creation for a key, the role's current set for a member. */
  scopes: readonly string[];
  /** How far it reaches (access/restrictions.ts): a key's frozen at creation, a member's role's as they are now. */
  restrictions: Restrictions;
  actor: Actor;
}

/** The caller of a /public/v1 request: resolved once, passed down to services. */
export interface Principal extends Caller {
  keyId: string;
  keyName: string;
  alias: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a /public/v1 request. */
    principal?: Principal;
    /** Who acts: the key of a public request, or the signed-in member of a console request. */
    caller?: Caller;
  }
  interface FastifyContextConfig {
    /** The one scope the route requires (docs/api.md, "Scopes"); absent for scope-free routes such as GET /me. */
    scope?: string;
    /**
     * Scopes also required: a sub-resource list returns another family's items, so it needs that
     * family's read scope as well (infrastructure:read alone must not read applications).
     */
    alsoRequires?: readonly string[];
    /**
     * How the route treats a caller with restrictions (access/restrictions.ts): `applied`, it
     * answers within the caller's reach; `none`, it shows and changes no inventory item. A route
     * that says neither refuses such a caller (403 forbidden): a new route is closed until it is
     * made to respect reach.
     */
    reach?: 'applied' | 'none';
  }
}

export const WWW_AUTHENTICATE = 'Bearer realm="svc", error="invalid_token"';

/** X-Api-Key wins over Authorization when both are sent (docs/api.md, "Authentication"). */
function credentialOf(request: FastifyRequest): string | undefined {
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string') return apiKey.trim();
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1];
  }
  return undefined;
}

/** What authentication reads of an API key: the key, its scopes and its workspace if that still exists. */
export interface KeyForAuth {
  id: string;
  name: string;
  alias: string | null;
  permissions: string;
  restrictions: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  workspace_id: string | null;
  workspace_name: string | null;
}

/**
 * Finds the key a credential names, or nothing for a credential that cannot be a key. The
 * composition root passes it in (keys/key-lookup.ts), so this base knows nothing of key administration.
 */
export type FindKeyForAuth = (database: Database, credential: string) => Promise<KeyForAuth | undefined>;

type AuthResult = { principal: Principal } | { failure: 'unauthorized' } | { failure: 'forbidden' };

/**
 * Resolves the credential against the database on every request (no cache), in the order of
 * docs/api.md ("Authentication"): 401 for a missing, malformed, unknown, revoked or expired key,
 * then 403 forbidden for a key whose workspace no longer exists.
 */
export async function resolvePrincipal(
  database: Database,
  findKey: FindKeyForAuth,
  request: FastifyRequest,
): Promise<AuthResult> {
  const credential = credentialOf(request);
  if (credential === undefined) return { failure: 'unauthorized' };
  const key = await findKey(database, credential);
  if (!key || key.revoked_at) return { failure: 'unauthorized' };
  if (key.expires_at && Date.parse(key.expires_at) <= Date.now()) return { failure: 'unauthorized' };
  if (!key.workspace_id || key.workspace_name === null) return { failure: 'forbidden' };
  return {
    principal: {
      workspaceId: key.workspace_id,
      workspaceName: key.workspace_name,
      keyId: key.id,
      keyName: key.name,
      alias: key.alias,
      scopes: JSON.parse(key.permissions) as string[],
      restrictions: parseRestrictions(key.restrictions),
      actor: { type: 'api_key', id: key.id, name: key.name },
    },
  };
}

/**
 * Answers a failed authentication: 401 with an empty body and exactly this header (docs/api.md,
 * "Authentication"), or 403 forbidden.
 */
export function refuse(reply: FastifyReply, failure: 'unauthorized' | 'forbidden'): FastifyReply {
  if (failure === 'forbidden') throw new ApiError('forbidden', 'the key is not bound to any workspace');
  reply.code(401).header('WWW-Authenticate', WWW_AUTHENTICATE).send();
  return reply;
}

/**
 * onRequest hook of the public API's routes: authentication, then the route's scope. It is
 * added inside the plugin that registers those routes, so it is bound to the routes themselves:
 * whatever spelling of a path the router matched (percent-encoded, absolute-form), the hook runs.
 * It runs before the body is read or validated.
 */
export function publicAuthHook(database: Database, findKey: FindKeyForAuth) {
  return async function authenticatePublicRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const result = await resolvePrincipal(database, findKey, request);
    if ('failure' in result) return refuse(reply, result.failure);
    request.principal = result.principal;
    request.caller = result.principal;
    const { scope, alsoRequires = [] } = request.routeOptions.config ?? {};
    for (const required of scope ? [scope, ...alsoRequires] : []) {
      if (!result.principal.scopes.includes(required))
        throw new ApiError('insufficient_permission', `missing permission: ${required}`);
    }
    requireReachAware(request, result.principal);
  };
}

/** Refuses a restricted caller on a route that does not say how it treats reach (FastifyContextConfig.reach). */
export function requireReachAware(request: FastifyRequest, caller: Caller): void {
  if (isRestricted(caller.restrictions) && !request.routeOptions.config?.reach)
    throw new ApiError('forbidden', 'not available to a role with restrictions');
}

/**
 * The caller of a route served to API keys (/public/v1) and to console members (/ui/api/v1) alike:
 * its workspace, scopes and actor. Its absence is a wiring bug, not a client error.
 */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error(`route ${request.url} ran without authentication`);
  return request.caller;
}

/** The key of an authenticated public route (GET /me describes it); its absence is a wiring bug. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`route ${request.url} ran without authentication`);
  return request.principal;
}
