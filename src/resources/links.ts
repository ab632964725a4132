/**
 * Sub-resource links (application ↔ tag, team ↔ member, …): a bare-array GET, an idempotent PUT
 * to link and DELETE to unlink, both 204. A missing or foreign parent or child answers 404. A
 * link or unlink that changes something moves the parent's tracking field and writes one audit
 * event on the parent; a repeated PUT or DELETE changes nothing and records nothing.
 */
import type { Kysely } from 'kysely';
import { Type, type TSchema } from 'typebox';
import type { AuditCategory, AuditResourceType } from '../audit/audit.types.js';
import { recordAudit } from '../audit/audit.writer.js';
import type { Database } from '../db/database.js';
import type { Tables } from '../db/schema.js';
import { notFound } from '../errors/api-error.js';
import type { App } from '../http/types.js';
import { principalOf } from '../http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS } from '../http/errors.js';
import { IdParams, Uuid } from '../http/schemas.js';
import { nowIso } from '../ids.js';
import { findRow, requireRow, touch } from './crud.js';
import { writeTransaction } from '../db/write.js';

type AnyDb = Kysely<any>;

export interface LinkDefinition<ChildRow, ChildDto> {
  parent: {
    table: string;
    path: string;
    noun: string;
    resourceType: AuditResourceType;
    auditCategory: AuditCategory;
    scopeFamily: string;
    trackingColumn?: string;
    openApiTag: string;
  };
  child: {
    /** Path segment and field name: `tags`, `members`. */
    segment: string;
    /** The read scope of the family the child belongs to, also required to list it. */
    readScope: string;
    /** Path parameter: `tagId`, `userId`. */
    param: string;
    noun: string;
    item: TSchema;
    toDto(row: ChildRow): ChildDto;
    /** The child row if it belongs to the workspace. */
    find(db: Kysely<Tables>, workspaceId: string, id: string): Promise<ChildRow | undefined>;
    /** The parent's children, in display order. */
    list(db: Kysely<Tables>, workspaceId: string, parentId: string): Promise<ChildRow[]>;
  };
  linkTable: string;
  parentColumn: string;
  childColumn: string;
  /** Operation id nouns: ['TeamMember', 'TeamMembers']. */
  names: [string, string];
  /** Only the GET (the link is managed from the other side). */
  readOnly?: boolean;
}

export function registerLinkRoutes<ChildRow, ChildDto>(app: App, database: Database, definition: LinkDefinition<ChildRow, ChildDto>): void {
  const { parent, child } = definition;
  const [One, Many] = definition.names;
  const a = app as any;
  const LinkParams = Type.Object({ id: Uuid(`${parent.noun} id.`), [child.param]: Uuid(`${child.noun} id.`) }, { additionalProperties: false });

  async function change(workspaceId: string, parentId: string, childId: string, action: 'link' | 'unlink', actor: Parameters<typeof recordAudit>[1]['actor']) {
    await writeTransaction(database, workspaceId, async (trx) => {
      const parentRow = await requireRow<{ name?: string; hostname?: string }>(trx, parent.table, workspaceId, parentId, parent.noun);
      if (!(await child.find(trx, workspaceId, childId))) throw notFound(child.noun);
      const where = (qb: any) =>
        qb.where('workspace_id', '=', workspaceId).where(definition.parentColumn, '=', parentId).where(definition.childColumn, '=', childId);
      const existing = await where((trx as AnyDb).selectFrom(definition.linkTable).select(definition.childColumn)).executeTakeFirst();
      if (action === 'link' && existing) return;
      if (action === 'unlink' && !existing) return;
      if (action === 'link') {
        await (trx as AnyDb)
          .insertInto(definition.linkTable)
          .values({ workspace_id: workspaceId, [definition.parentColumn]: parentId, [definition.childColumn]: childId, created_at: nowIso() })
          .execute();
      } else {
        await where((trx as AnyDb).deleteFrom(definition.linkTable)).execute();
      }
      if (parent.trackingColumn) await touch(trx, parent.table, parent.trackingColumn, workspaceId, parentId);
      await recordAudit(trx, {
        workspaceId,
        category: parent.auditCategory,
        action,
        actor,
        resourceType: parent.resourceType,
        resourceId: parentId,
        resourceName: parentRow.name ?? parentRow.hostname ?? null,
        changes: { [child.segment]: action === 'link' ? { before: null, after: childId } : { before: childId, after: null } },
      });
    });
  }

  const parentRead = `${parent.scopeFamily}:read`;
  const alsoRequires = child.readScope === parentRead ? [] : [child.readScope];
  a.get(
    `${parent.path}/:id/${child.segment}`,
    {
      config: { scope: parentRead, alsoRequires },
      schema: {
        tags: [parent.openApiTag],
        operationId: `list${Many}`,
        summary: `List the ${child.segment} of a ${parent.noun}`,
        description: `The ${child.segment} linked to the ${parent.noun}, as a bare JSON array (no envelope). Scopes: ${[parentRead, ...alsoRequires].join(' and ')} (a sub-resource list also needs the read scope of the family it returns).`,
        params: IdParams,
        response: { 200: Type.Array(child.item), ...errorResponses(...PUBLIC_ERRORS, 404) },
      },
    },
    async (request: any) => {
      const workspaceId = principalOf(request).workspaceId;
      await requireRow(database.db, parent.table, workspaceId, request.params.id, parent.noun);
      return (await child.list(database.db, workspaceId, request.params.id)).map(child.toDto);
    },
  );

  if (definition.readOnly) return;

  const actions = [
    { method: 'put', action: 'link', summary: `Link a ${child.noun} to a ${parent.noun}`, done: 'Linked.' },
    { method: 'delete', action: 'unlink', summary: `Unlink a ${child.noun} from a ${parent.noun}`, done: 'Unlinked.' },
  ] as const;
  for (const { method, action, summary, done } of actions) {
    a[method](
      `${parent.path}/:id/${child.segment}/:${child.param}`,
      {
        config: { scope: `${parent.scopeFamily}:edit` },
        schema: {
          tags: [parent.openApiTag],
          operationId: `${action}${One}`,
          summary,
          description: `Idempotent: 204 whether or not the link existed. A missing or foreign ${parent.noun} or ${child.noun} answers 404. Audited as ${action} when it changes something. Scope: ${parent.scopeFamily}:edit.`,
          params: LinkParams,
          response: { 204: Type.Null({ description: done }), ...errorResponses(...PUBLIC_ERRORS, 404) },
        },
      },
      async (request: any, reply: any) => {
        const principal = principalOf(request);
        await change(principal.workspaceId, request.params.id, request.params[child.param], action, principal.actor);
        return reply.code(204).send(null);
      },
    );
  }
}

/**
 * The child side of a link to another workspace-scoped table (tags, teams, applications, …):
 * found by (workspace_id, id), listed through the link table in `orderBy` order.
 */
export function workspaceChild<Row, Dto>(options: {
  table: string;
  /** The read scope of the child's family. */
  readScope: string;
  segment: string;
  param: string;
  noun: string;
  item: TSchema;
  toDto(row: Row): Dto;
  linkTable: string;
  /** Link-table column pointing at the parent. */
  parentColumn: string;
  /** Link-table column pointing at this child. */
  childColumn: string;
  orderBy?: string;
}): LinkDefinition<Row, Dto>['child'] {
  const { table, linkTable, parentColumn, childColumn } = options;
  return {
    segment: options.segment,
    readScope: options.readScope,
    param: options.param,
    noun: options.noun,
    item: options.item,
    toDto: options.toDto,
    find: (db, workspaceId, id) => findRow<Row & Record<string, unknown>>(db, table, workspaceId, id) as Promise<Row | undefined>,
    list: (db, workspaceId, parentId) =>
      (db as AnyDb)
        .selectFrom(table)
        .innerJoin(linkTable, (join: any) => join.onRef(`${linkTable}.${childColumn}`, '=', `${table}.id`).onRef(`${linkTable}.workspace_id`, '=', `${table}.workspace_id`))
        .selectAll(table)
        .where(`${table}.workspace_id`, '=', workspaceId)
        .where(`${linkTable}.${parentColumn}`, '=', parentId)
        .orderBy(`${table}.${options.orderBy ?? 'name'}`)
        .orderBy(`${table}.id`)
        .execute() as Promise<Row[]>,
  };
}
