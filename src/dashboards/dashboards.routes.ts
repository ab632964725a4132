import { Type } from 'typebox';
import { principalOf } from '../http/authenticate.js';
import { errorResponses, NoQuery, PUBLIC_ERRORS } from '../http/errors.js';
import type { App, AppDeps } from '../http/types.js';
import { nowIso } from '../ids.js';
import { dashboardScope, type DashboardDefinition } from './dashboard.js';
import { architectureDashboard } from './architecture.js';
import { financeDashboard } from './finance.js';
import { operationsDashboard } from './operations.js';
import { technologyDashboard } from './technology.js';
import { usageDashboard } from './usage.js';
import { workstationsDashboard } from './workstations.js';
import { Dashboard, DashboardSummary } from './widgets.js';

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
 * GET /dashboards or /diagrams: every entry with the scope it needs, as a bare array. It needs no
 * scope beyond a valid key, so that an integration can find out what its key may read.
 */
export function registerSummaryList(app: App, list: { path: string; noun: string; entries: readonly { name: string; title: string; description: string }[]; scopeOf(name: string): string }): void {
  app.get(
    list.path,
    {
      schema: {
        operationId: `list${capitalised(list.noun)}s`,
        tags: [`${list.noun}s`],
        summary: `List the ${list.noun}s`,
        description: `Every ${list.noun} with the scope it needs, as a bare array. Needs no scope beyond a valid key.`,
        querystring: NoQuery,
        response: { 200: Type.Array(DashboardSummary), ...errorResponses(...PUBLIC_ERRORS) },
      },
    },
    async () => list.entries.map(({ name, title, description }) => ({ name, title, description, requiredScope: list.scopeOf(name) })),
  );
}

/**
 * GET /dashboards (what exists and the scope each needs) and one GET /dashboards/{name} per
 * dashboard, each with its own scope and response schema. An unknown name is an unrouted path
 * under /public: 401 first, then 404 not_found.
 */
export function registerDashboardRoutes(app: App, { database }: AppDeps): void {
  registerSummaryList(app, { path: '/dashboards', noun: 'dashboard', entries: DASHBOARDS, scopeOf: dashboardScope });

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
          description: `${dashboard.description} Computed from live data on each request. Widgets: ${dashboard.widgetIds.join(', ')}. Scope: ${scope}.`,
          querystring: NoQuery,
          response: { 200: Dashboard(dashboard.name), ...errorResponses(...PUBLIC_ERRORS) },
        },
      },
      async (request) => {
        const now = nowIso();
        const widgets = await dashboard.widgets({ database, workspaceId: principalOf(request).workspaceId, now, today: now.slice(0, 10) });
        return { name: dashboard.name, generatedAt: now, widgets };
      },
    );
  }
}
