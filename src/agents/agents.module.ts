import type { ExpressionBuilder } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../db/database.js';
import type { AgentsTable, Tables } from '../db/schema.js';
import { containsText } from '../db/text-search.js';
import type { AppDeps, App } from '../http/types.js';
import { DateTime, OrNull, Uuid } from '../http/schemas.js';
import { listPage, listQuerySchema, type OffsetList } from '../pagination/offset.js';
import { registerReadRoutes } from '../resources/read-routes.js';
import { requireRow } from '../resources/crud.js';

export const AGENT_STATUSES = ['active', 'silent', 'never_seen', 'revoked'] as const;

/** An agent that has not reported for this long is silent. */
export const SILENT_AFTER_MS = 24 * 60 * 60 * 1000;

const Agent = Type.Object(
  {
    id: Uuid('Agent id.'),
    name: Type.String({ description: 'Name given at enrollment.', examples: ['db-01 agent'] }),
    hostname: OrNull(Type.String({ examples: ['db-01'] }), 'Host it last reported from.'),
    version: OrNull(Type.String({ examples: ['0.1.0'] }), 'Agent version it last reported.'),
    status: Type.Enum(AGENT_STATUSES, { description: `active (reported within 24 h), silent (not for 24 h), never_seen (enrolled, no report yet) or revoked.` }),
    createdAt: DateTime('Enrollment instant.'),
    lastSeenAt: OrNull(DateTime('Last report.'), 'Last report; null before the first one.'),
    revokedAt: OrNull(DateTime('Revocation instant.'), 'When its token was revoked.'),
  },
  { description: 'An enrolled agent that reports a host. Agents are enrolled and revoked by admins with the estate command.' },
);
type Agent = Static<typeof Agent>;

export function agentStatus(row: AgentsTable, now = Date.now()): Agent['status'] {
  if (row.revoked_at) return 'revoked';
  if (!row.last_seen_at) return 'never_seen';
  return now - Date.parse(row.last_seen_at) > SILENT_AFTER_MS ? 'silent' : 'active';
}

function agentRowToDto(row: AgentsTable): Agent {
  return {
    id: row.id, name: row.name, hostname: row.hostname, version: row.version, status: agentStatus(row), createdAt: row.created_at,
    lastSeenAt: row.last_seen_at, revokedAt: row.revoked_at,
  };
}

const AgentListQuery = listQuerySchema(
  { status: Type.Optional(Type.Enum(AGENT_STATUSES, { description: 'Only agents in this status.' })) },
  ['name', 'createdAt', 'lastSeenAt'],
  'Case-insensitive text in the name or hostname.',
);
const SORT = { name: 'name', createdAt: 'created_at', lastSeenAt: 'last_seen_at' };

function statusCondition(eb: ExpressionBuilder<Tables, 'agents'>, status: Agent['status']) {
  const silentBefore = new Date(Date.now() - SILENT_AFTER_MS).toISOString();
  if (status === 'revoked') return eb('revoked_at', 'is not', null);
  if (status === 'never_seen') return eb.and([eb('revoked_at', 'is', null), eb('last_seen_at', 'is', null)]);
  if (status === 'silent') return eb.and([eb('revoked_at', 'is', null), eb('last_seen_at', '<', silentBefore)]);
  return eb.and([eb('revoked_at', 'is', null), eb('last_seen_at', '>=', silentBefore)]);
}

async function listAgents(database: Database, workspaceId: string, query: Static<typeof AgentListQuery>): Promise<OffsetList<Agent>> {
  let base = database.db.selectFrom('agents').selectAll().where('workspace_id', '=', workspaceId);
  if (query.q) base = base.where((eb) => eb.or([containsText('name', query.q!), containsText('hostname', query.q!)]));
  if (query.status) base = base.where((eb) => statusCondition(eb, query.status!));
  return listPage(base, query, {
    sorts: SORT,
    defaultSort: 'name',
    idColumn: 'id',
    counted: { db: database.db, workspaceId, table: 'agents' },
    toDtos: (rows) => rows.map(agentRowToDto),
  });
}

export function registerAgentRoutes(app: App, { database }: AppDeps): void {
  registerReadRoutes(app, database, {
    path: '/agents',
    openApiTag: 'agents',
    nouns: { one: 'agent', many: 'agents' },
    scope: 'agents:read',
    listQuery: AgentListQuery,
    item: Agent,
    listDescription: 'Enrolled agents with their status and last report. Never shows tokens.',
    list: (db, workspaceId, query) => listAgents(db, workspaceId, query),
    get: async (db, workspaceId, id) => agentRowToDto(await requireRow(db.db, { table: 'agents', nouns: { one: 'agent' } }, workspaceId, id)),
  });
}
