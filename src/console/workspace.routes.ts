import { Type } from 'typebox';
import { allScopes, ROLE_NAMES } from '../access/scopes.js';
import { enrollAgent, revokeAgent } from '../agents/agents.service.js';
import type { App, AppDeps } from '../http/types.js';
import { getRolePermissions, setRolePermissions } from '../roles/roles.service.js';
import { memberCallerOf, postAdminAction } from './console-auth.js';
import { EnrolledAgent, EnrollAgent, Revoked, RoleParams, RolesView, SetRole } from './console.schemas.js';

/** The ready command that starts an enrolled agent on its host. */
function agentCommand(origin: string, token: string): string {
  return `npx estate agent run --server ${origin} --token ${token}`;
}

/**
 * Roles, and enrolling and revoking agents (the lists, audit log and settings are the workspace
 * routes under /ui/api/v1).
 */
export function registerWorkspaceRoutes(app: App, { database }: AppDeps): void {
  app.get('/roles', { schema: { response: { 200: RolesView } } }, async (request) => {
    const { workspaceId } = memberCallerOf(request);
    const roles = await Promise.all(
      ROLE_NAMES.map(async (name) => ({ name, permissions: await getRolePermissions(database, workspaceId, name) })),
    );
    return { roles, scopes: [...allScopes()] };
  });

  app.put(
    '/roles/:name',
    {
      config: { adminOnly: true },
      schema: {
        params: RoleParams,
        body: SetRole,
        response: { 200: Type.Object({ name: RoleParams.properties.name, permissions: Type.Array(Type.String()) }) },
      },
    },
    async (request) => {
      const caller = memberCallerOf(request);
      const { role, permissions } = await setRolePermissions(
        database,
        { workspaceId: caller.workspaceId, role: request.params.name, scopes: request.body.permissions },
        caller.actor,
      );
      return { name: role, permissions };
    },
  );

  app.post(
    '/agents',
    { config: { adminOnly: true }, schema: { body: EnrollAgent, response: { 201: EnrolledAgent } } },
    async (request, reply) => {
      const caller = memberCallerOf(request);
      const enrolled = await enrollAgent(
        database,
        { workspaceId: caller.workspaceId, name: request.body.name },
        caller.actor,
      );
      const origin = `${request.protocol}://${request.host}`;
      return reply.code(201).send({ ...enrolled, command: agentCommand(origin, enrolled.token) });
    },
  );

  postAdminAction(app, database, '/agents/:id/revoke', Revoked, revokeAgent);
}
