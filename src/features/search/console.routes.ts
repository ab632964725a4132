import { Type, type Static } from 'typebox';
import { OrNull } from '../../base/http/schemas.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { searchEverywhere } from './global-search.js';
import { memberCallerOf } from '../../base/http/console.js';

export const GlobalSearchQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: 200, description: 'The text, in any searched field of each family.' }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 5, description: 'Items per family.' })),
  },
  { additionalProperties: false },
);

export const GlobalSearchResults = Type.Object({
  groups: Type.Array(
    Type.Object({
      family: Type.String({ description: 'The family, as its console path names it (servers, users…).' }),
      total: Type.Integer({ description: 'Every match of the family, as its list with this q counts them.' }),
      items: Type.Array(
        Type.Object({
          id: Type.String(),
          name: Type.String(),
          detail: OrNull(Type.String(), 'A second line that tells look-alikes apart (hostname, address, e-mail).'),
          exact: Type.Boolean({ description: 'The text is exactly its name, hostname, IP address, serial number…' }),
        }),
      ),
    }),
  ),
});
export type GlobalSearchResults = Static<typeof GlobalSearchResults>;

/**
 * GET /ui/api/search: the header's search across the estate, grouped by family (search/global-search.ts),
 * exact matches first. Only the families the member's role may read are searched.
 */
export function registerSearchRoutes(app: App, { database, registry }: AppDeps): void {
  app.get(
    '/search',
    {
      config: { reach: 'applied' },
      schema: { querystring: GlobalSearchQuery, response: { 200: GlobalSearchResults } },
    },
    async (request) => {
      const caller = memberCallerOf(request);
      const q = request.query.q.trim();
      const groups = q === '' ? [] : await searchEverywhere(database, registry, caller, q, request.query.limit ?? 5);
      return { groups };
    },
  );
}
