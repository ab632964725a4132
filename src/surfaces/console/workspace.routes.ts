import { Type } from 'typebox';
import { ROLE_NAMES } from '../../base/access/scopes.js';
import { enrollAgent, revokeAgent } from '../../features/agents/agents.service.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { INVENTORY_REALM } from '../../features/agent-inventory/inventory.routes.js';
import { getRolePermissions, setRolePermissions } from '../../features/accounts/members/roles.service.js';
import { memberCallerOf, postAdminAction } from '../../base/http/console.js';
import {
  EnrolledAgent,
  EnrollAgent,
  Revoked,
  RoleParams,
  RolesView,
  SetRole,
} from '../../features/accounts/console.schemas.js';

/** The ready command that starts an enrolled agent on its host. */
function agentCommand(origin: string, token: string): string {
  return `npx estate agent run --server ${origin} --token ${token}`;
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * A fleet agent's settings for the inventory agents (docs/agents.md): the token is the password of
 * HTTP Basic; the OCS agent base64-decodes its --user and --password and answers only its --realm.
 */
function inventorySettings(origin: string, token: string) {
  const url = `${origin}/inventory`;
  return {
    url,
    glpiAgent: `glpi-agent --server ${url} --user fleet --password ${token}`,
    fusionInventory: `fusioninventory-agent --server ${url} --user fleet --password ${token}`,
    ocsInventory:
      `ocsinventory-agent --server=${url} --user=${base64('fleet')} --password=${base64(token)} ` +
      `--realm="${INVENTORY_REALM}"`,
  };
}

/**
 * Roles, and enrolling and revoking agents (the lists, audit log and settings are the workspace
 * routes under /ui/api/v1).
 */
export function registerWorkspaceRoutes(app: App, { database, registry }: AppDeps): void {
  app.get('/roles', { schema: { response: { 200: RolesView } } }, async (request) => {
    const { workspaceId } = memberCallerOf(request);
    const roles = await Promise.all(
      ROLE_NAMES.map(async (name) => ({ name, permissions: await getRolePermissions(database, workspaceId, name) })),
    );
    return { roles, scopes: [...registry.scopes.all] };
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
        registry.scopes,
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
      const fleet = request.body.fleet === true;
      const enrolled = await enrollAgent(
        database,
        { workspaceId: caller.workspaceId, name: request.body.name, fleet },
        caller.actor,
      );
      const origin = `${request.protocol}://${request.host}`;
      return reply
        .code(201)
        .send(
          fleet
            ? { ...enrolled, fleet, inventory: inventorySettings(origin, enrolled.token) }
            : { ...enrolled, fleet, command: agentCommand(origin, enrolled.token) },
        );
    },
  );

  postAdminAction(app, database, '/agents/:id/revoke', Revoked, revokeAgent);
}
