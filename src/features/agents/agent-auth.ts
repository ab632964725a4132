import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import type { Tables } from '../../base/db/schema.js';
import { ApiError } from '../../base/errors/api-error.js';
import type { Actor } from '../../base/audit/audit.types.js';
import type { Database } from '../../base/db/database.js';
import { WWW_AUTHENTICATE } from '../../base/http/authenticate.js';
import { hashSecret } from '../accounts/keys/key-secret.js';
import { AGENT_TOKEN_PREFIX } from './agent-token.js';

/** The agent behind an /agent/ request. */
export interface AgentPrincipal {
  workspaceId: string;
  agentId: string;
  actor: Actor;
  /** A fleet agent: its token reports many hosts, through POST /inventory only. */
  fleet: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    agent?: AgentPrincipal;
  }
}

/** The agent of an active agent token in the request's Authorization header, if any. */
export async function resolveAgent(database: Database, request: FastifyRequest): Promise<AgentPrincipal | undefined> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return agentOfToken(database, match?.[1]);
}

/** The agent of an active agent token, if it is one. */
export async function agentOfToken(database: Database, token: string | undefined): Promise<AgentPrincipal | undefined> {
  if (!token?.startsWith(AGENT_TOKEN_PREFIX)) return undefined;
  const agent = await database.reader
    .selectFrom('agents')
    .select(['workspace_id', 'id', 'name', 'revoked_at', 'fleet'])
    .where('token_hash', '=', hashSecret(token))
    .executeTakeFirst();
  if (!agent || agent.revoked_at) return undefined;
  return {
    workspaceId: agent.workspace_id,
    agentId: agent.id,
    actor: { type: 'agent', id: agent.id, name: agent.name },
    fleet: agent.fleet === 1,
  };
}

/**
 * onRequest hook of the agent API's routes (added by the module that registers them, so bound to
 * the routes, not to a spelling of their path): the bearer token must be an active agent token,
 * checked against the database on every request, before the body is read. Failures answer 401
 * with an empty body, as on the public API.
 */
export function agentAuthHook(database: Database) {
  return async function authenticateAgent(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const agent = await resolveAgent(database, request);
    if (!agent) {
      reply.code(401).header('WWW-Authenticate', WWW_AUTHENTICATE).send();
      return reply;
    }
    request.agent = agent;
  };
}

/**
 * onRequest hook after agentAuthHook: counts the agent's report in its one-minute window with one
 * atomic statement on the agent row (so the cap holds across instances) and answers 429 with
 * Retry-After beyond `perMinute`, before the body is read.
 */
export function agentRateHook(database: Database, perMinute: number) {
  return async function limitAgentReports(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const agent = agentOf(request);
    const now = new Date();
    const windowOver = (eb: ExpressionBuilder<Tables, 'agents'>) =>
      eb.or([
        eb('report_window_start', 'is', null),
        eb('report_window_start', '<=', new Date(now.getTime() - 60_000).toISOString()),
      ]);
    const row = await database.db
      .updateTable('agents')
      .set((eb) => ({
        report_window_start: eb
          .case()
          .when(windowOver(eb))
          .then(now.toISOString())
          .else(eb.ref('report_window_start'))
          .end(),
        report_window_count: eb
          .case()
          .when(windowOver(eb))
          .then(1)
          .else(eb('report_window_count', '+', 1))
          .end(),
      }))
      .where('workspace_id', '=', agent.workspaceId)
      .where('id', '=', agent.agentId)
      .returning(['report_window_start', 'report_window_count'])
      .executeTakeFirst();
    if (!row || row.report_window_count <= perMinute) return;
    const retryAfter = Math.max(1, Math.ceil((Date.parse(row.report_window_start!) + 60_000 - now.getTime()) / 1000));
    reply.header('Retry-After', String(retryAfter));
    throw new ApiError(
      'too_many_requests',
      `more than ${perMinute} reports from this agent in a minute; retry in ${retryAfter} s`,
    );
  };
}

export function agentOf(request: FastifyRequest): AgentPrincipal {
  if (!request.agent) throw new Error(`route ${request.url} ran without agent authentication`);
  return request.agent;
}
