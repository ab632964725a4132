import { Type } from 'typebox';
import { callerOf } from '../../base/http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS } from '../../base/http/errors.js';
import { PictureFormat } from '../../base/http/pictures.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { dashboardScope, type DashboardDefinition } from './dashboard.js';
import { architectureDashboard } from './architecture.js';
import { financeDashboard } from './finance.js';
import { operationsDashboard } from './operations.js';
import { technologyDashboard } from './technology.js';
import { usageDashboard } from './usage.js';
import { workstationsDashboard } from './workstations.js';
import { renderDashboard } from './picture.js';
import { registerPictureRoutes } from './picture-routes.js';
import { Dashboard } from './widgets.js';
import { estateOf } from './reach.js';

/** The dashboards of the public API, in the order GET /dashboards lists them. */
export const DASHBOARDS: readonly DashboardDefinition[] = [
  financeDashboard,
  usageDashboard,
  operationsDashboard,
  architectureDashboard,
  technologyDashboard,
  workstationsDashboard,
];

/**
 * GET /dashboards (what exists and the scope each needs) and one GET /dashboards/{name} per
 * dashboard, each with its own scope and response schema. An unknown name is an unrouted path
 * under /public: 401 first, then 404 not_found.
 */
export function registerDashboardRoutes(app: App, deps: AppDeps): void {
  registerPictureRoutes(app, {
    noun: 'dashboard',
    entries: DASHBOARDS,
    scopeOf: dashboardScope,
    route: (dashboard, scope) => ({
      schema: {
        summary: `The ${dashboard.name} dashboard`,
        description:
          `${dashboard.description} Computed from live data on each request, over the items the caller's ` +
          `role reaches. Widgets: ` +
          `${dashboard.widgetIds.join(', ')}. JSON by default; with Accept: image/svg+xml or format=svg, ` +
          `the widgets drawn as one standalone SVG picture. Scope: ${scope}.`,
        querystring: Type.Object({ format: PictureFormat }, { additionalProperties: false }),
        response: { 200: Dashboard(dashboard.name), ...errorResponses(...PUBLIC_ERRORS) },
      },
      async answer(request, now) {
        const { workspaceId } = callerOf(request);
        const database = await estateOf(request, deps);
        const widgets = await dashboard.widgets({ database, workspaceId, now, today: now.slice(0, 10) });
        return {
          body: { name: dashboard.name, generatedAt: now, widgets },
          picture: () => renderDashboard({ name: dashboard.name, title: dashboard.title, generatedAt: now, widgets }),
        };
      },
    }),
  });
}
