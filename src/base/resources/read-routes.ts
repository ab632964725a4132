import type { FastifyInstance } from 'fastify';
import type { Static, TObject } from 'typebox';
import type { Database } from '../db/database.js';
import { callerOf, type Caller } from '../http/authenticate.js';
import { cacheKeyOfReach } from '../access/restrictions.js';
import { withEtag } from '../http/etag.js';
import { errorResponses, PUBLIC_ERRORS } from '../http/errors.js';
import { IdParams, titleOf } from '../http/schemas.js';
import type { App, AppDeps } from '../http/types.js';
import { offsetListSchema, type OffsetList } from '../lists/offset.js';
import type { Nouns } from './family.js';

/** The read side every listed resource shares: an offset list and one item by id. */
export interface ReadRoutes<Query extends TObject = TObject> {
  path: string;
  openApiTag: string;
  nouns: Nouns;
  /** The read scope of both routes. */
  scope: string;
  listQuery: Query;
  item: TObject;
  /** What the list holds (the scope and paging sentence are added). */
  listDescription: string;
  /** The caller's page: a family's within the caller's reach (reach.ts). */
  list(database: Database, caller: Caller, query: Static<Query>): Promise<OffsetList<unknown>>;
  /**
   * The caller's page as the route's serializer would write `list`'s, where it can be written
   * without it (crud.ts, item-json.ts); undefined where `list` must answer.
   */
  listText?(database: Database, caller: Caller, query: Static<Query>): Promise<string | undefined>;
  /** The item, or a 404 not_found for an id that is not in the workspace (or not in the caller's reach). */
  get(database: Database, caller: Caller, id: string): Promise<unknown>;
  /**
   * Lists whose pages depend on the workspace's rows alone are cached, serialized, under its data
   * version by the response cache (lists/response-cache.ts), but for queries with one of `clockFilters`.
   */
  kept?: { clockFilters: readonly string[] };
  /** How the routes treat a restricted caller (FastifyContextConfig.reach); absent, they refuse one. */
  reach?: 'applied' | 'none';
}

const capitalise = (words: string) => words.replace(/(^|[-_ ])(\w)/g, (_, __, c: string) => c.toUpperCase());
export const article = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/** Registers `GET {path}` (offset list, docs/api.md "Paging") and `GET {path}/{id}` (with an ETag). */
/** The name of a list of titled items in the API document's components (`ServerList`). */
const listTitleOf = (item: TObject) => {
  const title = titleOf(item);
  return title && `${title}List`;
};

export function registerReadRoutes<Query extends TObject>(
  typedApp: App,
  { database, responseCache }: AppDeps,
  routes: ReadRoutes<Query>,
): void {
  // The schemas vary by resource: routes go through Fastify's plain interface, typed by `routes`.
  const app: FastifyInstance = typedApp;
  const { one, many } = routes.nouns;
  const tags = [routes.openApiTag];
  app.get(
    routes.path,
    {
      config: { scope: routes.scope, ...(routes.reach && { reach: routes.reach }) },
      schema: {
        tags,
        operationId: `list${capitalise(many)}`,
        summary: `List ${many}`,
        description:
          `${routes.listDescription} Offset list with q, sort and filters; ` +
          `an unknown parameter or value is a 400. Scope: ${routes.scope}.`,
        querystring: routes.listQuery,
        response: {
          200: offsetListSchema(routes.item, `Offset list of ${many}.`, listTitleOf(routes.item)),
          ...errorResponses(...PUBLIC_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const query = request.query as Static<Query>;
      const { kept } = routes;
      /** The page as the route's serializer writes it: the same bytes, from the database where it can. */
      const text = async () =>
        (await routes.listText?.(database, caller, query)) ??
        (reply.serialize(await routes.list(database, caller, query)) as string);
      const json = (page: string) => reply.type('application/json; charset=utf-8').send(page);
      if (!kept || kept.clockFilters.some((name) => name in query)) return json(await text());
      // Sent as it is kept: serialized once.
      const page = await responseCache.answer(
        caller.workspaceId,
        `${routes.path}?${JSON.stringify(query)}${cacheKeyOfReach(caller.restrictions)}`,
        text,
        (page) => page.length * 2,
      );
      return json(page);
    },
  );
  app.get(
    `${routes.path}/:id`,
    {
      config: { scope: routes.scope, ...(routes.reach && { reach: routes.reach }) },
      schema: {
        tags,
        operationId: `get${capitalise(one)}`,
        summary: `Get ${article(one)}`,
        description:
          `One ${one} of the key's workspace; an id of another workspace, or outside the restrictions of the ` +
          `key's role, answers 404 like a missing one. ` +
          `The ETag header can be sent back in If-Match. Scope: ${routes.scope}.`,
        params: IdParams,
        response: { 200: routes.item, ...errorResponses(...PUBLIC_ERRORS, 404) },
      },
    },
    async (request, reply) =>
      withEtag(reply, await routes.get(database, callerOf(request), (request.params as { id: string }).id)),
  );
}
