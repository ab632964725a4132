import { Type, type Static } from 'typebox';
import { registerPictureRoutes } from '../dashboards/picture-routes.js';
import { PictureFormat } from '../../base/http/pictures.js';
import { callerOf } from '../../base/http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS } from '../../base/http/errors.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { DEFAULT_NODES, diagramScope } from './diagram.js';
import { DIAGRAMS } from './diagram-list.js';
import { estateOf } from '../dashboards/reach.js';
import { createDiagramRenderer, type DiagramRenderer } from './render-pool.js';

export { DIAGRAMS } from './diagram-list.js';

/**
 * One pool of render workers per app: the public API and the console's /ui/api/v1 register these
 * routes with the same deps. It ends when the app closes.
 */
const renderers = new WeakMap<AppDeps, DiagramRenderer>();
export function rendererOf(app: App, deps: AppDeps): DiagramRenderer {
  let renderer = renderers.get(deps);
  if (!renderer) {
    const created = createDiagramRenderer({ budgetMs: deps.diagramBudgetMs });
    renderers.set(deps, created);
    app.addHook('onClose', () => created.close());
    renderer = created;
  }
  return renderer;
}

/**
 * GET /diagrams (what exists and the scope each needs) and one GET /diagrams/{name} per diagram,
 * each with its own scope, query and schema; the same answer as an SVG picture on request, drawn
 * in a worker thread within the diagram budget (render-pool.ts).
 */
export function registerDiagramRoutes(app: App, deps: AppDeps): void {
  const renderer = rendererOf(app, deps);
  registerPictureRoutes(app, {
    noun: 'diagram',
    entries: DIAGRAMS,
    scopeOf: diagramScope,
    route: (diagram, scope) => ({
      schema: {
        summary: `The ${diagram.title.toLowerCase()} diagram`,
        description:
          `${diagram.description} JSON by default; with Accept: image/svg+xml or format=svg, a ` +
          'standalone SVG picture (text/xml-safe, no external resources, nodes linking to ' +
          "/ui/<family>/<id>). Computed from live data on each request, over the items the caller's role " +
          'reaches. A picture is drawn within the ' +
          "server's diagram budget (DIAGRAM_BUDGET_MS, default 10 s); one that takes longer answers 422 " +
          'diagram_too_large, whose message names limit: ask for fewer nodes, or for the JSON answer. ' +
          `Scope: ${scope}.`,
        querystring: Type.Object(
          { ...diagram.query.properties, format: PictureFormat },
          { additionalProperties: false },
        ),
        response: { 200: diagram.body, ...errorResponses(...PUBLIC_ERRORS, 422, 'diagram_too_large') },
      },
      async answer(request, now) {
        const { format: _format, ...own } = request.query as Static<typeof diagram.query> & { format?: string };
        const limit = typeof own.limit === 'number' ? own.limit : DEFAULT_NODES;
        const { workspaceId } = callerOf(request);
        const database = await estateOf(request, deps);
        const context = { database, db: database.db, workspaceId, now, today: now.slice(0, 10), limit };
        const body = await diagram.compute(context, own);
        return { body, picture: () => renderer.render({ name: diagram.name, body, limit }) };
      },
    }),
  });
}
