/**
 * What a console API route (/ui/api) knows of its request: the signed-in session the console's
 * authentication hook attached, the route options that hook reads, and the helpers a feature's
 * console routes are written with. The hook itself, and the sessions it resumes, belong to sign-in
 * (features/accounts/sign-in); a feature's console routes need only this.
 */
import type { FastifyRequest, FastifySchema } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import type { Actor } from '../access/actor.js';
import type { Restrictions } from '../access/restrictions.js';
import type { Database } from '../db/database.js';
import { callerOf, type Caller } from './authenticate.js';
import { IdParams } from './schemas.js';
import type { App } from './types.js';

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

/** The signed-in person and, when one is selected, their membership of a workspace. */
export interface ConsoleSession {
  id: string;
  userId: string;
  email: string;
  name: string;
  csrfToken: string;
  expiresAt: string;
  workspace: SessionWorkspace | null;
}

export interface SessionWorkspace {
  id: string;
  name: string;
  memberId: string;
  /** A system role's name (read, write, admin) or a custom role's. */
  role: string;
  /** The role's permission set as it is now: a console member acts with their role's current scopes. */
  permissions: string[];
  /** The role's restrictions as they are now (access/restrictions.ts). */
  restrictions: Restrictions;
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

/** A list of the console by its family key (servers, data…). */
export const FamilyKey = Type.String({
  pattern: '^[a-z][a-z-]*$',
  maxLength: 40,
  description: 'The list (servers, data…).',
});
