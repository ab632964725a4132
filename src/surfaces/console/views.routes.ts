import { Type } from 'typebox';
import { CreateView, SavedView, ViewList, VIEWS_PER_LIST } from './lists.schemas.js';
import { FamilyKey } from '../../base/http/console.js';
import type { Database } from '../../base/db/database.js';
import type { SavedViewsTable } from '../../base/db/schema.js';
import { writeTransaction } from '../../base/db/write.js';
import { ApiError, notFound } from '../../base/errors/api-error.js';
import { IdParams } from '../../base/http/schemas.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { newId, nowIso } from '../../base/ids.js';
import { consoleCatalog } from './catalog.routes.js';
import type { ConsoleFamily } from './console.types.js';
import { memberCallerOf } from '../../base/http/console.js';

const ViewsQuery = Type.Object({ family: FamilyKey }, { additionalProperties: false });

type Row = SavedViewsTable & { owner_name: string };

function viewOf(row: Row, userId: string): SavedView {
  return {
    id: row.id,
    family: row.family,
    name: row.name,
    shared: Number(row.shared) === 1,
    mine: row.owner_user_id === userId,
    ownerName: row.owner_name,
    query: JSON.parse(row.query) as SavedView['query'],
    createdAt: row.created_at,
  };
}

/** The views of the workspace `userId` may see: their own, and those shared with the workspace. */
function visibleViews(database: Database, workspaceId: string, userId: string) {
  return database.db
    .selectFrom('saved_views')
    .innerJoin('users', 'users.id', 'saved_views.owner_user_id')
    .selectAll('saved_views')
    .select('users.name as owner_name')
    .where('saved_views.workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('saved_views.owner_user_id', '=', userId), eb('saved_views.shared', '=', 1)]));
}

/** The member's role must read the list the view is of. */
function requireReadable(catalog: readonly ConsoleFamily[], family: string, scopes: readonly string[]): void {
  const list = catalog.find((candidate) => candidate.key === family);
  if (!list) throw new ApiError('bad_request', `family: there is no list ${family}`);
  if (!scopes.includes(list.scopes.read))
    throw new ApiError('insufficient_permission', `missing permission: ${list.scopes.read}`);
}

/**
 * Saved views of the lists (docs/console.md, "Saved views"): GET /ui/api/views?family= (the
 * person's own and the workspace's shared ones), POST /ui/api/views, DELETE /ui/api/views/{id}
 * (one's own; admins also shared ones). Always the session's workspace: another workspace's view
 * is not found. Views are the console's preferences, like its columns, not the workspace's data:
 * they are not audit events (whose resource types are the public API's).
 */
export function registerViewRoutes(app: App, { database, registry }: AppDeps): void {
  const catalog = consoleCatalog(registry.families);
  app.get(
    '/views',
    { config: { reach: 'none' }, schema: { querystring: ViewsQuery, response: { 200: ViewList } } },
    async (request) => {
      const caller = memberCallerOf(request);
      requireReadable(catalog, request.query.family, caller.scopes);
      const rows = await visibleViews(database, caller.workspaceId, caller.userId)
        .where('saved_views.family', '=', request.query.family)
        .orderBy('saved_views.name')
        .orderBy('saved_views.id')
        .execute();
      return { data: rows.map((row) => viewOf(row, caller.userId)) };
    },
  );

  app.post(
    '/views',
    { config: { reach: 'none' }, schema: { body: CreateView, response: { 201: SavedView } } },
    async (request, reply) => {
      const caller = memberCallerOf(request);
      const { family, name, shared, query } = request.body;
      requireReadable(catalog, family, caller.scopes);
      const row: SavedViewsTable = {
        workspace_id: caller.workspaceId,
        id: newId(),
        family,
        name: name.trim(),
        owner_user_id: caller.userId,
        shared: shared ? 1 : 0,
        query: JSON.stringify(query),
        created_at: nowIso(),
      };
      await writeTransaction(database, caller.workspaceId, async (trx) => {
        const count = await trx
          .selectFrom('saved_views')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', caller.workspaceId)
          .where('owner_user_id', '=', caller.userId)
          .where('family', '=', family)
          .executeTakeFirstOrThrow();
        if (Number(count.n) >= VIEWS_PER_LIST)
          throw new ApiError('unprocessable_entity', `at most ${VIEWS_PER_LIST} views per list: delete one first`);
        await trx.insertInto('saved_views').values(row).execute();
      });
      return reply.code(201).send(viewOf({ ...row, owner_name: caller.actor.name }, caller.userId));
    },
  );

  app.delete(
    '/views/:id',
    { config: { reach: 'none' }, schema: { params: IdParams, response: { 204: Type.Null() } } },
    async (request, reply) => {
      const caller = memberCallerOf(request);
      await writeTransaction(database, caller.workspaceId, async (trx) => {
        const view = await visibleViews({ ...database, db: trx }, caller.workspaceId, caller.userId)
          .where('saved_views.id', '=', request.params.id)
          .executeTakeFirst();
        if (!view) throw notFound('view');
        if (view.owner_user_id !== caller.userId && caller.member.role !== 'admin')
          throw new ApiError('insufficient_permission', 'only its creator or an admin may delete a shared view');
        await trx
          .deleteFrom('saved_views')
          .where('workspace_id', '=', caller.workspaceId)
          .where('id', '=', request.params.id)
          .execute();
      });
      return reply.code(204).send(null);
    },
  );
}
