import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../base/db/database.js';
import { ApiError } from '../../base/errors/api-error.js';
import type { App } from '../../base/http/types.js';
import {
  agentReportsTotal,
  httpRequestDuration,
  registry,
  serveMetricsOf,
  writesTotal,
} from '../../base/metrics/metrics.js';

/** Scope actions that change data (a read scope ends in :read). */
const WRITE_ACTIONS = new Set(['add', 'edit', 'delete', 'comment']);
const AGENT_REPORT_ROUTES = new Set(['/agent/v1/report', '/inventory']);

/** The family a route writes: its path's first segment after the API's prefix (`/public/v1/servers/:id` → servers). */
const familyOf = (route: string) => /^\/(?:public\/v1|ui\/api(?:\/v1)?)\/([^/]+)/.exec(route)?.[1] ?? 'other';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries the token, compared in constant time. */
function holdsToken(header: string | undefined, wanted: Buffer): boolean {
  const given = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), wanted);
}

function outcomeOfReport(status: number): string {
  if (status < 300) return 'accepted';
  if (status === 401) return 'unauthorized';
  if (status === 429) return 'throttled';
  return status < 500 ? 'refused' : 'failed';
}

/** Counts one answered request: its duration, and a write or agent report it was. */
function countResponse(request: FastifyRequest, reply: FastifyReply): void {
  // Read once: Fastify makes a new object of the route's options at each read of routeOptions.
  const { url, config } = request.routeOptions;
  const route = url ?? 'unmatched';
  const status = reply.statusCode;
  httpRequestDuration.observe({ method: request.method, route, status_code: String(status) }, reply.elapsedTime / 1000);
  if (AGENT_REPORT_ROUTES.has(route)) agentReportsTotal.inc({ outcome: outcomeOfReport(status) });
  const scope = (config as { scope?: string } | undefined)?.scope;
  if (scope && status < 300 && request.method !== 'GET') {
    const action = scope.slice(scope.indexOf(':') + 1);
    if (WRITE_ACTIONS.has(action)) writesTotal.inc({ family: familyOf(route), action });
  }
}

/**
 * GET /metrics in Prometheus' text format, served only when METRICS_TOKEN is set and only to a
 * caller who sends it as `Authorization: Bearer <token>`. Registered before every other route, so
 * its response hook times all of them.
 */
export function registerMetrics(app: App, database: Database, token: string | undefined): void {
  if (!token) return;
  const wanted = digest(token);
  serveMetricsOf(database);
  // A callback hook: an async one costs each request a promise.
  app.addHook('onResponse', (request, reply, done) => {
    countResponse(request, reply);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!holdsToken(request.headers.authorization, wanted)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new ApiError('unauthorized', 'the metrics need Authorization: Bearer with the METRICS_TOKEN');
    }
    reply.header('Cache-Control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}
