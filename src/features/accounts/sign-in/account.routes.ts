import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DEMO_WORKSPACE_NAME } from '../bootstrap.js';
import type { Database } from '../../../base/db/database.js';
import { ApiError } from '../../../base/errors/api-error.js';
import type { App, AppDeps } from '../../../base/http/types.js';
import { clearSessionCookie, setSessionCookie } from './console-auth.js';
import { sessionOf } from '../../../base/http/console.js';
import { AcceptInvitation, ChangePassword, SelectWorkspace, SessionView, SignIn } from '../console.schemas.js';
import { acceptInvitation } from './invitations.js';
import {
  closeSession,
  closeSessionsOf,
  membershipOf,
  resumeSession,
  selectWorkspace,
  workspacesOf,
} from './sessions.js';
import type { ConsoleSession } from '../../../base/http/console.js';
import { hashPassword } from '../members/members.service.js';
import { requireStrongPassword } from '../members/password-policy.js';
import { auditAccountEvent, currentPasswordMatches, signIn } from './sign-in.js';
import { refusePasswordSession, refuseSessionWorkspace } from '../sso/session-gate.js';

const NoContent = Type.Null();

async function viewOf(database: Database, session: ConsoleSession): Promise<SessionView> {
  const workspaces = await workspacesOf(database.db, session.userId);
  const workspace = session.workspace;
  return {
    user: { id: session.userId, email: session.email, name: session.name },
    workspaces: workspaces.map(({ id, name, role }) => ({ id, name, role })),
    workspace: workspace && { ...workspace, demo: workspace.name === DEMO_WORKSPACE_NAME },
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt,
  };
}

/** The session a token just opened, as the answer to sign-in. */
async function openedView(database: Database, token: string): Promise<SessionView> {
  const session = await resumeSession(database, token);
  if (!session) throw new Error('a session just opened was not found');
  return viewOf(database, session);
}

function addressOf(request: FastifyRequest): string {
  return request.ip || 'unknown';
}

/** Sign-in, sign-out, the session itself, the workspace switcher, password change and invitations. */
export function registerAccountRoutes(app: App, { database }: AppDeps): void {
  app.post(
    '/session',
    { config: { signedOut: true }, schema: { body: SignIn, response: { 200: SessionView } } },
    async (request, reply) => {
      const result = await signIn(database, { ...request.body, address: addressOf(request) });
      if (result.outcome === 'locked') {
        reply.header('Retry-After', String(result.retryAfterSeconds));
        throw new ApiError(
          'too_many_requests',
          `too many failed sign-ins: try again in ${Math.ceil(result.retryAfterSeconds / 60)} min`,
        );
      }
      if (result.outcome === 'wrong_credentials') throw new ApiError('unauthorized', 'wrong e-mail or password');
      if (result.outcome === 'sso_required')
        throw new ApiError(
          'forbidden',
          `your workspaces require single sign-on: use Sign in with your provider (${result.providers.join(', ')})`,
        );
      setSessionCookie(request, reply, result.token);
      return openedView(database, result.token);
    },
  );

  app.get('/session', { config: { anyWorkspace: true }, schema: { response: { 200: SessionView } } }, async (request) =>
    viewOf(database, sessionOf(request)),
  );

  /**
   * Ends this session (audited in its workspace) or, `everywhere`, every session of the person on
   * every instance, this one included (audited in each of their workspaces).
   */
  const signOut = (everywhere: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const session = sessionOf(request);
    await auditAccountEvent(
      database,
      { id: session.userId, name: session.name },
      'sign_out',
      everywhere
        ? { change: (trx) => closeSessionsOf(trx, session.userId) }
        : { only: session.workspace?.id ?? null, change: (trx) => closeSession(trx, session.id) },
    );
    clearSessionCookie(request, reply);
    return reply.code(204).send(null);
  };
  app.delete('/session', { config: { anyWorkspace: true }, schema: { response: { 204: NoContent } } }, signOut(false));
  app.delete('/sessions', { config: { anyWorkspace: true }, schema: { response: { 204: NoContent } } }, signOut(true));

  app.put(
    '/session/workspace',
    { config: { anyWorkspace: true }, schema: { body: SelectWorkspace, response: { 200: SessionView } } },
    async (request) => {
      const session = sessionOf(request);
      const workspace = await membershipOf(database.db, session.userId, request.body.workspaceId);
      if (!workspace) throw new ApiError('not_found', 'workspace not found among yours');
      await refuseSessionWorkspace(database.db, session, { id: workspace.id, memberId: workspace.memberId });
      await selectWorkspace(database.db, session.id, workspace.id);
      return viewOf(database, { ...session, workspace });
    },
  );

  // A new password ends every other session of the person.
  app.put(
    '/password',
    { config: { anyWorkspace: true }, schema: { body: ChangePassword, response: { 204: NoContent } } },
    async (request, reply) => {
      const session = sessionOf(request);
      const person = { id: session.userId, email: session.email, name: session.name };
      await requireStrongPassword(request.body.newPassword, [session.email, session.name], 'newPassword');
      const current = await currentPasswordMatches(database, person, request.body.currentPassword, addressOf(request));
      if (typeof current === 'object') {
        reply.header('Retry-After', String(current.retryAfterSeconds));
        throw new ApiError(
          'too_many_requests',
          `too many wrong passwords: try again in ${Math.ceil(current.retryAfterSeconds / 60)} min`,
        );
      }
      if (current === 'wrong') throw new ApiError('unprocessable_entity', 'currentPassword is not your password');
      const passwordHash = await hashPassword(request.body.newPassword);
      await auditAccountEvent(database, { id: session.userId, name: session.name }, 'password_change', {
        change: async (trx) => {
          await trx
            .updateTable('users')
            .set({ password_hash: passwordHash })
            .where('id', '=', session.userId)
            .execute();
          await closeSessionsOf(trx, session.userId, session.id);
        },
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/invitations/accept',
    { config: { signedOut: true }, schema: { body: AcceptInvitation, response: { 200: SessionView } } },
    async (request, reply) => {
      const accepted = await acceptInvitation(database, request.body.token, request.body.password);
      // The password is set; a workspace that requires single sign-on still opens no session with it.
      await refusePasswordSession(database.db, accepted.token);
      setSessionCookie(request, reply, accepted.token);
      return openedView(database, accepted.token);
    },
  );
}
