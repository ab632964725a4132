import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { callerOf } from '../http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS } from '../http/errors.js';
import { PictureFormat, SVG_TYPE, wantsSvg } from '../http/pictures.js';
import type { App, AppDeps } from '../http/types.js';
import { nowIso } from '../ids.js';
import { dashboardScope, type DashboardDefinition } from './dashboard.js';
import { architectureDashboard } from './architecture.js';
import { financeDashboard } from './finance.js';
import { operationsDashboard } from './operations.js';
import { technologyDashboard } from './technology.js';
import { usageDashboard } from './usage.js';
import { workstationsDashboard } from './workstations.js';
import { renderDashboard } from './picture.js';
import { registerSummaryList } from './summary-list.js';
import { Dashboard } from './widgets.js';

/** The dashboards of the public API, in the order GET /dashboards lists them. */
export const DASHBOARDS: readonly DashboardDefinition[] = [
  financeDashboard,
  usageDashboard,
  operationsDashboard,
  architectureDashboard,
  technologyDashboard,
  workstationsDashboard,
];

const capitalised = (name: string) => name[0]!.toUpperCase() + name.slice(1);

/**
 * GET /dashboards (what exists and the scope each needs) and one GET /dashboards/{name} per
 * dashboard, each with its own scope and response schema. An unknown name is an unrouted path
 * under /public: 401 first, then 404 not_found.
 */
export function registerDashboardRoutes(typedApp: App, { database }: AppDeps): void {
  registerSummaryList(typedApp, {
    path: '/dashboards',
    noun: 'dashboard',
    entries: DASHBOARDS,
    scopeOf: dashboardScope,
  });

  // A route answers JSON or an SVG string: it goes through Fastify's plain interface.
  const app: FastifyInstance = typedApp;
  for (const dashboard of DASHBOARDS) {
    const scope = dashboardScope(dashboard.name);
    app.get(
      `/dashboards/${dashboard.name}`,
      {
        config: { scope },
        schema: {
          operationId: `get${capitalised(dashboard.name)}Dashboard`,
          tags: ['dashboards'],
          summary: `The ${dashboard.name} dashboard`,
          description:
            `${dashboard.description} Computed from live data on each request. Widgets: ` +
            `${dashboard.widgetIds.join(', ')}. JSON by default; with Accept: image/svg+xml or format=svg, ` +
            `the widgets drawn as one standalone SVG picture. Scope: ${scope}.`,
          querystring: Type.Object({ format: PictureFormat }, { additionalProperties: false }),
          response: { 200: Dashboard(dashboard.name), ...errorResponses(...PUBLIC_ERRORS) },
        },
      },
      async (request, reply) => {
        const now = nowIso();
        const widgets = await dashboard.widgets({
          database,
          workspaceId: callerOf(request).workspaceId,
          now,
          today: now.slice(0, 10),
        });
        if (wantsSvg((request.query as { format?: string }).format, request.headers.accept))
          return reply
            .type(SVG_TYPE)
            .send(renderDashboard({ name: dashboard.name, title: dashboard.title, generatedAt: now, widgets }));
        return { name: dashboard.name, generatedAt: now, widgets };
      },
    );
  }
}
