import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { capacityLargest } from '../diagrams/capacity-largest.js';
import { CapacityLargest, FlowCategories, NetworkHosts, NetworkOverview } from '../diagrams/console-views.schemas.js';
import { MAX_NODES } from '../diagrams/diagram.js';
import { rendererOf } from '../diagrams/diagrams.routes.js';
import { flowCategories } from '../diagrams/flow-categories.js';
import { networkHosts, networkOverview } from '../diagrams/network-overview.js';
import { callerOf } from '../http/authenticate.js';
import { errorResponses } from '../http/errors.js';
import { PictureFormat, SVG_TYPE, wantsSvg } from '../http/pictures.js';
import { IdParams } from '../http/schemas.js';
import type { App, AppDeps } from '../http/types.js';
import { nowIso } from '../ids.js';

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
 * them (issue 31): the flow map by category, the networks with their host counts and one network's
 * hosts, the largest capacity. JSON, or the SVG drawn by the diagrams' render workers with
 * format=svg; each needs the scope of its public diagram. The public diagrams are unchanged.
 */
export function registerDiagramViewRoutes(app: App, deps: AppDeps): void {
  const { db } = deps.database;
  const renderer = rendererOf(app, deps);
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
      config: { scope: 'flow_mapping_diagram:read' },
      schema: { querystring: FormatQuery, response: { 200: FlowCategories, ...ERRORS } },
    },
    async (request, reply) => answer(request, reply, await flowCategories(db, callerOf(request).workspaceId, nowIso())),
  );

  app.get(
    '/diagrams/network-mapping/networks',
    {
      config: { scope: 'network_mapping_diagram:read' },
      schema: { querystring: NarrowedQuery, response: { 200: NetworkOverview, ...ERRORS } },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await networkOverview(deps.database, callerOf(request).workspaceId, nowIso(), request.query),
      ),
  );

  app.get(
    '/diagrams/network-mapping/networks/:id',
    {
      config: { scope: 'network_mapping_diagram:read' },
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
        await networkHosts(db, callerOf(request).workspaceId, nowIso(), request.params.id, request.query),
      ),
  );

  app.get(
    '/diagrams/capacity-map/largest',
    {
      config: { scope: 'capacity_map_diagram:read' },
      schema: { querystring: FormatQuery, response: { 200: CapacityLargest, ...ERRORS } },
    },
    async (request, reply) =>
      answer(request, reply, await capacityLargest(db, callerOf(request).workspaceId, nowIso())),
  );
}
