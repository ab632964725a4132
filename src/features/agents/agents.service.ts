import { CLI_ACTOR, type Actor } from '../../base/audit/audit.types.js';
import { recordAudit } from '../../base/audit/audit.writer.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../base/db/database.js';
import type { Tables } from '../../base/db/schema.js';
import { notFound } from '../../base/errors/api-error.js';
import { isUuid, newId, nowIso } from '../../base/ids.js';
import { requireName } from '../../base/validation.js';
import { requireWorkspace } from '../accounts/workspaces/workspaces.service.js';
import { generateAgentToken } from './agent-token.js';
import { writeTransaction } from '../../base/db/write.js';

/** Records an agent's enrollment or revocation, an access event with the admin as actor. */
function auditAgent(
  trx: Kysely<Tables>,
  workspaceId: string,
  agent: { id: string; name: string },
  action: 'create' | 'revoke',
  actor: Actor,
): Promise<void> {
  return recordAudit(trx, {
    workspaceId,
    category: 'access',
    action,
    actor,
    resourceType: 'agent',
    resourceId: agent.id,
    resourceName: agent.name,
  });
}

/**
 * Enrolls an agent: its token is returned once; only its SHA-256 is stored. A fleet agent's token
 * reports many hosts through POST /inventory (inventory/); a one-host agent's, one host.
 */
export async function enrollAgent(
  database: Database,
  input: { workspaceId: string; name: string; fleet?: boolean },
  actor: Actor = CLI_ACTOR,
): Promise<{ id: string; token: string }> {
  const name = requireName(input.name, 'name');
  await requireWorkspace(database, input.workspaceId);
  const token = generateAgentToken();
  const id = newId();
  await writeTransaction(database, input.workspaceId, async (trx) => {
    await trx
      .insertInto('agents')
      .values({
        workspace_id: input.workspaceId,
        id,
        name,
        token_hash: token.hash,
        token_prefix: token.prefix,
        hostname: null,
        version: null,
        created_at: nowIso(),
        last_seen_at: null,
        revoked_at: null,
        report_window_start: null,
        report_window_count: 0,
        fleet: input.fleet ? 1 : 0,
      })
      .execute();
    await auditAgent(trx, input.workspaceId, { id, name }, 'create', actor);
  });
  return { id, token: token.token };
}

/** Revokes an agent's token: its next report gets 401. Idempotent. */
export async function revokeAgent(
  database: Database,
  id: string,
  actor: Actor = CLI_ACTOR,
  inWorkspace?: string,
): Promise<{ id: string; revoked: true }> {
  const agent = isUuid(id)
    ? await database.db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst()
    : undefined;
  if (!agent || (inWorkspace !== undefined && agent.workspace_id !== inWorkspace)) throw notFound('agent');
  if (agent.revoked_at) return { id, revoked: true };
  await writeTransaction(database, agent.workspace_id, async (trx) => {
    await trx
      .updateTable('agents')
      .set({ revoked_at: nowIso() })
      .where('workspace_id', '=', agent.workspace_id)
      .where('id', '=', id)
      .execute();
    await auditAgent(trx, agent.workspace_id, agent, 'revoke', actor);
  });
  return { id, revoked: true };
}
