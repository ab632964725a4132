import { Type, type Static } from 'typebox';
import { agentListing } from '../../features/agents/agents.module.js';
import type { Database } from '../../base/db/database.js';
import { containsText } from '../../base/db/text-search.js';
import { notFound } from '../../base/errors/api-error.js';
import { IdParams, OrNull } from '../../base/http/schemas.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { memberListing } from '../../features/accounts/members/memberships.js';
import { memberCallerOf, scopedRoute } from '../../base/http/console.js';

const ActorType = Type.Union([Type.Literal('member'), Type.Literal('api_key'), Type.Literal('agent')]);

export const AuditActor = Type.Object(
  {
    id: Type.String({ description: 'The id audit events carry as actor.id (the actorId filter).' }),
    type: ActorType,
    name: Type.String(),
    detail: OrNull(Type.String(), 'What tells look-alikes apart: e-mail, host, or whether a key is revoked.'),
  },
  { additionalProperties: false },
);
export type AuditActor = Static<typeof AuditActor>;

export const AuditActorQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name (or e-mail, host).' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20, description: 'Actors of each kind.' })),
  },
  { additionalProperties: false },
);

export const AuditActorList = Type.Object({
  data: Type.Array(AuditActor),
  total: Type.Integer({ description: 'Every match of the three kinds together.' }),
});
export type AuditActorList = Static<typeof AuditActorList>;

/** The workspace's API keys whose name holds the text, newest first; revoked ones too (their events stay). */
async function keysNamed(database: Database, workspaceId: string, q: string, limit: number) {
  let rows = database.db
    .selectFrom('api_keys')
    .select(['id', 'name', 'revoked_at'])
    .where('workspace_id', '=', workspaceId);
  if (q) rows = rows.where(containsText('name', q));
  const [page, count] = await Promise.all([
    rows.orderBy('name').orderBy('id').limit(limit).execute(),
    rows
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { page, total: Number(count.total) };
}

const keyActor = (row: { id: string; name: string; revoked_at: string | null }): AuditActor => ({
  id: row.id,
  type: 'api_key',
  name: row.name,
  detail: row.revoked_at ? 'API key, revoked' : 'API key',
});

/**
 * GET /ui/api/audit-actors?q=: who may appear as the actor of the workspace's audit events —
 * members (by name or e-mail), API keys (by name) and agents (by name or host) — for the audit
 * log's actor filter, which searches them by name instead of listing a hundred members.
 * GET /ui/api/audit-actors/{id} names one (an id from the URL). Both read only the session's
 * workspace and need `audit_log:read`, as the log itself.
 */
export function registerAuditActorRoutes(app: App, { database }: AppDeps): void {
  app.get(
    '/audit-actors',
    // Who acted (members, keys, agents): no inventory item, so a restricted member reads them whole.
    {
      ...scopedRoute('audit_log:read', { querystring: AuditActorQuery, response: { 200: AuditActorList } }),
      config: { scope: 'audit_log:read', reach: 'none' as const },
    },
    async (request) => {
      const { workspaceId } = memberCallerOf(request);
      const q = request.query.q?.trim() ?? '';
      const limit = request.query.limit ?? 20;
      const query = { limit, ...(q ? { q } : {}) };
      const [members, agents, keys] = await Promise.all([
        memberListing.list(database, workspaceId, { ...query, sort: 'name' }),
        agentListing.list(database, workspaceId, { ...query, sort: 'name' }),
        keysNamed(database, workspaceId, q, limit),
      ]);
      const data: AuditActor[] = [
        ...members.data.map((m) => ({ id: m.id, type: 'member' as const, name: m.name, detail: `Member, ${m.email}` })),
        ...keys.page.map(keyActor),
        ...agents.data.map((a) => ({
          id: a.id,
          type: 'agent' as const,
          name: a.name,
          detail: a.hostname ? `Agent on ${a.hostname}` : 'Agent',
        })),
      ];
      return { data, total: members.pagination.total + agents.pagination.total + keys.total };
    },
  );

  app.get(
    '/audit-actors/:id',
    { config: { scope: 'audit_log:read', reach: 'none' }, schema: { params: IdParams, response: { 200: AuditActor } } },
    async (request) => {
      const { workspaceId } = memberCallerOf(request);
      const { id } = request.params;
      const member = await memberListing.find(database.db, workspaceId, id);
      if (member) {
        const dto = memberListing.toDto(member);
        return { id, type: 'member' as const, name: dto.name, detail: `Member, ${dto.email}` };
      }
      const key = await database.db
        .selectFrom('api_keys')
        .select(['id', 'name', 'revoked_at'])
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (key) return keyActor(key);
      const agent = await agentListing.find(database.db, workspaceId, id);
      if (agent) {
        const dto = agentListing.toDto(agent);
        return {
          id,
          type: 'agent' as const,
          name: dto.name,
          detail: dto.hostname ? `Agent on ${dto.hostname}` : 'Agent',
        };
      }
      throw notFound('actor');
    },
  );
}
