import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { capacityLargest } from './capacity-largest.js';
import { CapacityLargest, FlowCategories, NetworkHosts, NetworkOverview } from './console-views.schemas.js';
import { MAX_NODES } from './diagram.js';
import { rendererOf } from './diagrams.routes.js';
import { flowCategories } from './flow-categories.js';
import { networkHosts, networkOverview } from './network-overview.js';
import { callerOf } from '../../base/http/authenticate.js';
import { errorResponses } from '../../base/http/errors.js';
import { PictureFormat, SVG_TYPE, wantsSvg } from '../../base/http/pictures.js';
import { IdParams } from '../../base/http/schemas.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { nowIso } from '../../base/ids.js';
import { cacheKeyOfReach } from '../../base/access/restrictions.js';
import type { Database } from '../../base/db/database.js';
import { estateOf } from '../dashboards/reach.js';

/** What a kept view is counted as in memory (a network overview of 200 networks is about 60 kB). */
const VIEW_BYTES = 128 * 1024;

const FormatQuery = Type.Object({ format: PictureFormat }, { additionalProperties: false });
const NarrowedQuery = Type.Object(
  {
    format: PictureFormat,
    q: Type.Optional(Type.String({ maxLength: 200, description: 'Only names or addresses holding this text.' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_NODES, description: 'Most networks or servers.' })),
  },
  { additionalProperties: false },
);
const ERRORS = errorResponses(400, 401, 403, 422, 'diagram_too_large', 503);

/**
 * The console's views of the diagrams that do not read at 10,000 servers as the public API draws
 * them: the flow map by category, the networks with their host counts and one network's
 * hosts, the largest capacity. JSON, or the SVG drawn by the diagrams' render workers with
 * format=svg; each needs the scope of its public diagram. The public diagrams are unchanged.
 */
export function registerDiagramViewRoutes(app: App, deps: AppDeps): void {
  const renderer = rendererOf(app, deps);
  // The view of the workspace's rows, computed once per data version (lists/response-cache.ts): the page
  // asks for its JSON and its picture at once, and a view read again before a write is not counted
  // again. `generatedAt` stays the instant it was computed, which the rows have not changed since.
  // It is computed over the estate the caller reaches, and kept per reach.
  const kept = <Body>(
    request: FastifyRequest,
    name: string,
    compute: (estate: Database, workspaceId: string) => Promise<Body>,
  ) => {
    const { workspaceId, restrictions } = callerOf(request);
    const { q, limit } = request.query as { q?: string; limit?: number };
    return deps.responseCache.answer(
      workspaceId,
      `console view ${name}?${JSON.stringify([q, limit])}${cacheKeyOfReach(restrictions)}`,
      async () => compute(await estateOf(request, deps), workspaceId),
      () => VIEW_BYTES,
    );
  };
  // The JSON body, or the picture of it (the reply, sent: Fastify sends nothing more).
  const answer = async <Body extends { name: string }>(
    request: FastifyRequest,
    reply: FastifyReply,
    body: Body,
  ): Promise<Body> => {
    const format = (request.query as { format?: string }).format;
    if (!wantsSvg(format, request.headers.accept)) return body;
    const svg = await renderer.render({ name: body.name, body, limit: MAX_NODES });
    return reply.type(SVG_TYPE).send(svg) as never;
  };

  app.get(
    '/diagrams/flow-mapping/categories',
    {
      config: { scope: 'flow_mapping_diagram:read', reach: 'applied' },
      schema: { querystring: FormatQuery, response: { 200: FlowCategories, ...ERRORS } },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await kept(request, 'flow-categories', (estate, workspaceId) =>
          flowCategories(estate.db, workspaceId, nowIso()),
        ),
      ),
  );

  app.get(
    '/diagrams/network-mapping/networks',
    {
      config: { scope: 'network_mapping_diagram:read', reach: 'applied' },
      schema: { querystring: NarrowedQuery, response: { 200: NetworkOverview, ...ERRORS } },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await kept(request, 'network-overview', (estate, workspaceId) =>
          networkOverview(estate, workspaceId, nowIso(), { q: request.query.q, limit: request.query.limit }),
        ),
      ),
  );

  app.get(
    '/diagrams/network-mapping/networks/:id',
    {
      config: { scope: 'network_mapping_diagram:read', reach: 'applied' },
      schema: {
        params: IdParams,
        querystring: NarrowedQuery,
        response: { 200: NetworkHosts, ...errorResponses(404), ...ERRORS },
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await kept(request, `network-hosts ${request.params.id}`, (estate, workspaceId) =>
          networkHosts(estate.db, workspaceId, nowIso(), request.params.id, {
            q: request.query.q,
            limit: request.query.limit,
          }),
        ),
      ),
  );

  app.get(
    '/diagrams/capacity-map/largest',
    {
      config: { scope: 'capacity_map_diagram:read', reach: 'applied' },
      schema: { querystring: FormatQuery, response: { 200: CapacityLargest, ...ERRORS } },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await kept(request, 'capacity-largest', (estate, workspaceId) =>
          capacityLargest(estate.db, workspaceId, nowIso()),
        ),
      ),
  );
}
