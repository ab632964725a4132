import { Type, type Static } from 'typebox';
import type { AgentsTable } from '../../base/db/schema.js';
import { DateTime, OrNull, Uuid } from '../../base/http/schemas.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { findRow } from '../../base/resources/crud.js';
import type { Eb } from '../../base/lists/filters.js';
import { defineListing, registerListing } from '../../base/resources/listing.js';
import { itemReader } from '../../base/resources/item-reader.js';

export const AGENT_STATUSES = ['active', 'silent', 'never_seen', 'revoked'] as const;

/** An agent that has not reported for this long is silent. */
export const SILENT_AFTER_MS = 24 * 60 * 60 * 1000;

const Agent = Type.Object(
  {
    id: Uuid('Agent id.'),
    name: Type.String({ description: 'Name given at enrollment.', examples: ['db-01 agent'] }),
    hostname: OrNull(Type.String({ examples: ['db-01'] }), 'Host it last reported from.'),
    version: OrNull(Type.String({ examples: ['0.1.0'] }), 'Agent version it last reported.'),
    status: Type.Enum(AGENT_STATUSES, {
      description:
        'active (reported within 24 h), silent (not for 24 h), never_seen (enrolled, no report yet) or revoked.',
    }),
    createdAt: DateTime('Enrollment instant.'),
    lastSeenAt: OrNull(DateTime('Last report.'), 'Last report; null before the first one.'),
    revokedAt: OrNull(DateTime('Revocation instant.'), 'When its token was revoked.'),
  },
  {
    description:
      'An enrolled agent that reports a host. Agents are enrolled and revoked by admins with the estate command.',
  },
);
type Agent = Static<typeof Agent>;

export function agentStatus(row: AgentsTable, now = Date.now()): Agent['status'] {
  if (row.revoked_at) return 'revoked';
  if (!row.last_seen_at) return 'never_seen';
  return now - Date.parse(row.last_seen_at) > SILENT_AFTER_MS ? 'silent' : 'active';
}

const agentRowToDto = itemReader<AgentsTable, typeof Agent>(Agent, { status: (row) => agentStatus(row) });

/** Agents in a status: revoked, never seen, silent (no report for SILENT_AFTER_MS) or active. */
function statusCondition(eb: Eb, status: unknown) {
  const silentBefore = new Date(Date.now() - SILENT_AFTER_MS).toISOString();
  if (status === 'revoked') return eb('revoked_at', 'is not', null);
  if (status === 'never_seen') return eb.and([eb('revoked_at', 'is', null), eb('last_seen_at', 'is', null)]);
  if (status === 'silent') return eb.and([eb('revoked_at', 'is', null), eb('last_seen_at', '<', silentBefore)]);
  return eb.and([eb('revoked_at', 'is', null), eb('last_seen_at', '>=', silentBefore)]);
}

export const agentListing = defineListing({
  noun: 'agent',
  item: Agent,
  description: 'Enrolled agents with their status and last report. Never shows tokens.',
  rows: (db, workspaceId) => db.selectFrom('agents').selectAll().where('workspace_id', '=', workspaceId),
  textIndex: { table: 'agents' },
  sorts: { name: 'name', createdAt: 'created_at', lastSeenAt: { column: 'last_seen_at', nullable: true } },
  filters: {
    status: {
      schema: Type.Enum(AGENT_STATUSES, { description: 'Only agents in this status.' }),
      where: statusCondition,
    },
  },
  counted: 'agents',
  toDto: agentRowToDto,
  find: (db, workspaceId, id) => findRow(db, 'agents', workspaceId, id),
});

export function registerAgentRoutes(app: App, deps: AppDeps): void {
  registerListing(app, deps, agentListing);
}
