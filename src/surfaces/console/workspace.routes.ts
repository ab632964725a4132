import { enrollAgent, revokeAgent } from '../../features/agents/agents.service.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { INVENTORY_REALM } from '../../features/agent-inventory/inventory.routes.js';
import { memberCallerOf, postAdminAction } from '../../base/http/console.js';
import { EnrolledAgent, EnrollAgent, Revoked } from '../../features/accounts/console.schemas.js';

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
 * Enrolling and revoking agents (the lists, audit log and settings are the workspace
 * routes under /ui/api/v1).
 */
export function registerWorkspaceRoutes(app: App, { database }: AppDeps): void {
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
