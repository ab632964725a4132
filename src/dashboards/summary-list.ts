import { Type } from 'typebox';
import { errorResponses, NoQuery, PUBLIC_ERRORS } from '../http/errors.js';
import type { App } from '../http/types.js';
import { DashboardSummary } from './widgets.js';

const capitalised = (name: string) => name[0]!.toUpperCase() + name.slice(1);

/**
 * GET /dashboards or /diagrams: every entry with the scope it needs, as a bare array. It needs no
 * scope beyond a valid key, so that an integration can find out what its key may read.
 */
export function registerSummaryList(
  app: App,
  list: {
    path: string;
    noun: string;
    entries: readonly { name: string; title: string; description: string }[];
    scopeOf(name: string): string;
  },
): void {
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
    async () =>
      list.entries.map(({ name, title, description }) => ({
        name,
        title,
        description,
        requiredScope: list.scopeOf(name),
      })),
  );
}
