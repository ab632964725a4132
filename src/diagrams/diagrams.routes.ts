import type { FastifyInstance } from 'fastify';
import { Type, type Static, type TObject } from 'typebox';
import { registerSummaryList } from '../dashboards/summary-list.js';
import { PictureFormat, SVG_TYPE, wantsSvg } from '../http/pictures.js';
import { callerOf } from '../http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS } from '../http/errors.js';
import type { App, AppDeps } from '../http/types.js';
import { nowIso } from '../ids.js';
import { DEFAULT_NODES, diagramScope } from './diagram.js';
import { DIAGRAMS } from './diagram-list.js';
import { createDiagramRenderer, type DiagramRenderer } from './render-pool.js';

export { DIAGRAMS } from './diagram-list.js';

/**
 * One pool of render workers per app: the public API and the console's /ui/api/v1 register these
 * routes with the same deps. It ends when the app closes.
 */
const renderers = new WeakMap<AppDeps, DiagramRenderer>();
function rendererOf(app: App, deps: AppDeps): DiagramRenderer {
  let renderer = renderers.get(deps);
  if (!renderer) {
    const created = createDiagramRenderer({ budgetMs: deps.diagramBudgetMs });
    renderers.set(deps, created);
    app.addHook('onClose', () => created.close());
    renderer = created;
  }
  return renderer;
}

const operationName = (name: string) =>
  name
    .split('-')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/**
 * GET /diagrams (what exists and the scope each needs) and one GET /diagrams/{name} per diagram,
 * each with its own scope, query and schema; the same answer as an SVG picture on request, drawn
 * in a worker thread within the diagram budget (render-pool.ts).
 */
export function registerDiagramRoutes(typedApp: App, deps: AppDeps): void {
  const { database } = deps;
  const renderer = rendererOf(typedApp, deps);
  registerSummaryList(typedApp, { path: '/diagrams', noun: 'diagram', entries: DIAGRAMS, scopeOf: diagramScope });

  // Each diagram has its own query and body schema: routes go through Fastify's plain interface.
  const app: FastifyInstance = typedApp;
  for (const diagram of DIAGRAMS) {
    const scope = diagramScope(diagram.name);
    const query: TObject = Type.Object(
      { ...diagram.query.properties, format: PictureFormat },
      { additionalProperties: false },
    );
    app.get(
      `/diagrams/${diagram.name}`,
      {
        config: { scope },
        schema: {
          operationId: `get${operationName(diagram.name)}Diagram`,
          tags: ['diagrams'],
          summary: `The ${diagram.title.toLowerCase()} diagram`,
          description:
            `${diagram.description} JSON by default; with Accept: image/svg+xml or format=svg, a ` +
            'standalone SVG picture (text/xml-safe, no external resources, nodes linking to ' +
            '/ui/<family>/<id>). Computed from live data on each request. A picture is drawn within the ' +
            "server's diagram budget (DIAGRAM_BUDGET_MS, default 10 s); one that takes longer answers 422 " +
            'diagram_too_large, whose message names limit: ask for fewer nodes, or for the JSON answer. ' +
            `Scope: ${scope}.`,
          querystring: query,
          response: { 200: diagram.body, ...errorResponses(...PUBLIC_ERRORS, 422, 'diagram_too_large') },
        },
      },
      async (request, reply) => {
        const now = nowIso();
        const params = request.query as Static<typeof query> & { format?: string };
        const { format, ...own } = params;
        const limit = typeof own.limit === 'number' ? own.limit : DEFAULT_NODES;
        const body = await diagram.compute(
          {
            database,
            db: database.db,
            workspaceId: callerOf(request).workspaceId,
            now,
            today: now.slice(0, 10),
            limit,
          },
          own,
        );
        if (wantsSvg(format, request.headers.accept))
          return reply.type(SVG_TYPE).send(await renderer.render({ name: diagram.name, body, limit }));
        return body;
      },
    );
  }
}
