/**
 * Sub-resource links (application ↔ tag, team ↔ member, …), declared once on the family that owns
 * them (family.ts `links`): a bare-array GET, an idempotent PUT to link and DELETE to unlink, both
 * 204, on the parent and, for a `reverse` link, on the child family too. A missing or foreign
 * parent or child answers 404. A link or unlink that changes something moves the parent's
 * tracking field and writes one audit event on the parent; a repeated PUT or DELETE records nothing.
 */
import type { Kysely } from 'kysely';
import { Type, type TObject } from 'typebox';
import type { Actor } from '../audit/audit.types.js';
import { recordAudit } from '../audit/audit.writer.js';
import type { Database } from '../db/database.js';
import { dynamic } from '../db/dynamic.js';
import type { Tables } from '../db/schema.js';
import { writeTransaction } from '../db/write.js';
import { notFound } from '../errors/api-error.js';
import { callerOf, type Caller } from '../http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS } from '../http/errors.js';
import { IdParams, Uuid } from '../http/schemas.js';
import type { App } from '../http/types.js';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../ids.js';
import { article, findRow, requireRow, touch } from './crud.js';
import { fieldNamesOf, shownValues } from '../custom-fields/values.js';
import type { Family, FamilyTable, Link, Linkable, LinkTable } from './family.js';
import { outOfReach, reachableIds, reachOf, reaches, type FamilyReach } from './reach.js';

/** The child side of a link to a family: found by (workspace_id, id), listed through the link table by name. */
export function linkableFamily<T extends FamilyTable, Item extends TObject>(
  family: Family<T, Item>,
): Linkable<Tables[T]> {
  const { table, nouns, scopeFamily, schemas, nameField } = family.definition;
  const orderColumn = family.columnOf(nameField ?? 'name');
  return {
    table,
    nouns,
    readScope: `${scopeFamily}:read`,
    item: schemas.item,
    toDto: (row) => family.toDto(row),
    async toDtos(db, workspaceId, rows) {
      if (rows.length === 0) return [];
      const names = await fieldNamesOf(db, workspaceId, family.definition.path.slice(1));
      return rows.map((row) => {
        const dto = family.toDto(row) as Record<string, unknown>;
        return { ...dto, customFields: shownValues(names, dto.customFields as Record<string, unknown>) };
      });
    },
    find: (db, workspaceId, id) => findRow(db, table, workspaceId, id),
    listLinked: (db, workspaceId, link, parentId) =>
      listThroughLink<Tables[T]>(db, table, orderColumn, workspaceId, link, parentId),
  };
}

/** Rows of `table` linked to `parentId` through `link`, ordered by `orderColumn` then id. */
export async function listThroughLink<Row>(
  db: Kysely<Tables>,
  table: string,
  orderColumn: string,
  workspaceId: string,
  link: LinkTable,
  parentId: string,
): Promise<Row[]> {
  const rows = await dynamic(db)
    .selectFrom(table)
    .innerJoin(link.table, (join) =>
      join
        .onRef(`${link.table}.${link.childColumn}`, '=', `${table}.id`)
        .onRef(`${link.table}.workspace_id`, '=', `${table}.workspace_id`),
    )
    .selectAll(table)
    .where(`${table}.workspace_id`, '=', workspaceId)
    .where(`${link.table}.${link.parentColumn}`, '=', parentId)
    .orderBy(`${table}.${orderColumn}`)
    .orderBy(`${table}.id`)
    .execute();
  return rows as Row[];
}

const singular = (segment: string) => segment.replace(/s$/, '');

/** The caller's reach over the parent and the child family of a link. */
export interface SideReach {
  parent: FamilyReach | undefined;
  child: FamilyReach | undefined;
}

/**
 * changeLink for a caller with a reach: either side outside it does not exist for the caller (404),
 * and the change may take neither out of it (403, undone with the transaction).
 */
export async function changeLinkWithin(
  trx: Kysely<Tables>,
  side: Side,
  caller: Caller,
  reach: SideReach,
  change: { parentId: string; childId: string; action: 'link' | 'unlink' },
): Promise<boolean> {
  const { workspaceId } = caller;
  const { parentId, childId, action } = change;
  if (!(await reaches(trx, workspaceId, reach.parent, parentId))) throw notFound(side.parent.definition.nouns.one);
  if (!(await reaches(trx, workspaceId, reach.child, childId))) throw notFound(side.child.nouns.one);
  const changed = await changeLink(trx, side, workspaceId, parentId, childId, action, caller.actor);
  for (const [within, id] of [
    [reach.parent, parentId],
    [reach.child, childId],
  ] as const)
    if (within && !(await reaches(trx, workspaceId, within, id))) throw outOfReach(within);
  return changed;
}
const idOf = (row: unknown) => String((row as { id: unknown }).id);

/** The caller's reach over both families of a link (a child that is no family, a tag or a person, is not narrowed). */
export async function reachesOfSide(db: Kysely<Tables>, caller: Caller, side: Side): Promise<SideReach> {
  const [parent, child] = await Promise.all([
    reachOf(db, caller, side.parent),
    side.childFamily ? reachOf(db, caller, side.childFamily) : undefined,
  ]);
  return { parent, child };
}
const capitalise = (word: string) => word.replace(/(^|[-_ ])(\w)/g, (_, __, c: string) => c.toUpperCase());

/** The link as both of its sides see it: the declaring family's, and the child family's for a reverse link. */
function sidesOf(family: Family, link: Link, families: ReadonlyMap<string, Family>) {
  const sides: {
    parent: Family;
    child: Linkable;
    /** The child's family, when it is one (not tags or people): the caller's reach narrows it. */
    childFamily: Family | undefined;
    segment: string;
    param: string;
    readOnly: boolean;
    table: LinkTable;
  }[] = [
    {
      parent: family,
      child: link.child,
      childFamily: families.get(link.child.table),
      segment: link.segment,
      param: link.param,
      readOnly: false,
      table: link as LinkTable,
    },
  ];
  if (link.reverse) {
    const childFamily = families.get(link.child.table);
    if (!childFamily)
      throw new Error(`reverse link ${family.definition.table}.${link.segment}: ${link.child.table} is not a family`);
    sides.push({
      parent: childFamily,
      child: linkableFamily(family),
      childFamily: family,
      segment: link.reverse.segment,
      param: link.reverse.param,
      readOnly: link.reverse.readOnly ?? false,
      table: { table: link.table, parentColumn: link.childColumn, childColumn: link.parentColumn },
    });
  }
  return sides;
}

/** Links or unlinks inside the caller's transaction; returns whether anything changed. */
export async function changeLink(
  trx: Kysely<Tables>,
  side: { parent: Family; child: Linkable; segment: string; table: LinkTable },
  workspaceId: string,
  parentId: string,
  childId: string,
  action: 'link' | 'unlink',
  actor: Actor,
): Promise<boolean> {
  const { parent, child, table } = side;
  const parentRow = await requireRow(trx, parent.definition, workspaceId, parentId);
  if (!(await child.find(trx, workspaceId, childId))) throw notFound(child.nouns.one);
  const links = dynamic(trx);
  const existing = await links
    .selectFrom(table.table)
    .select(table.childColumn)
    .where('workspace_id', '=', workspaceId)
    .where(table.parentColumn, '=', parentId)
    .where(table.childColumn, '=', childId)
    .executeTakeFirst();
  if ((action === 'link') === Boolean(existing)) return false;
  if (action === 'link') {
    await links
      .insertInto(table.table)
      .values({
        workspace_id: workspaceId,
        [table.parentColumn]: parentId,
        [table.childColumn]: childId,
        created_at: nowIso(),
      })
      .execute();
  } else {
    await links
      .deleteFrom(table.table)
      .where('workspace_id', '=', workspaceId)
      .where(table.parentColumn, '=', parentId)
      .where(table.childColumn, '=', childId)
      .execute();
  }
  await recordLinkChange(trx, parent, parentRow, workspaceId, side.segment, childId, action, actor);
  return true;
}

/** Moves the parent's tracking field and audits a link change on it (also used when a delete unlinks). */
export async function recordLinkChange(
  trx: Kysely<Tables>,
  parent: Family,
  parentRow: Tables[FamilyTable],
  workspaceId: string,
  segment: string,
  childId: string,
  action: 'link' | 'unlink',
  actor: Actor,
): Promise<void> {
  const parentId = (parentRow as { id: string }).id;
  if (parent.trackingColumn) await touch(trx, parent.definition.table, parent.trackingColumn, workspaceId, parentId);
  await recordAudit(trx, {
    workspaceId,
    category: parent.definition.auditCategory,
    action,
    actor,
    resourceType: parent.definition.resourceType,
    resourceId: parentId,
    resourceName: parent.nameOf(parentRow),
    changes: { [segment]: action === 'link' ? { before: null, after: childId } : { before: childId, after: null } },
  });
}

/** Registers the routes of every link of `family`, on both sides of a reverse link. */
export function registerLinkRoutes(
  app: App,
  database: Database,
  family: Family,
  families: ReadonlyMap<string, Family>,
): void {
  for (const link of family.definition.links ?? []) {
    for (const side of sidesOf(family, link, families)) registerSide(app, database, side);
  }
}

export type Side = ReturnType<typeof sidesOf>[number];

/**
 * The link `family` sees under `segment` — one it declares, or another family's reverse link —
 * when it may change it (PUT/DELETE {path}/{id}/{segment}/{childId}): for writes that link many
 * rows at once (the console's bulk actions) through changeLink, audited as the single route is.
 */
export function editableLinkSide(family: Family, segment: string, families: readonly Family[]): Side | undefined {
  const byTable = new Map(families.map((candidate) => [candidate.definition.table, candidate] as const));
  for (const owner of families) {
    for (const link of owner.definition.links ?? []) {
      for (const side of sidesOf(owner, link, byTable)) {
        if (side.parent === family && side.segment === segment && !side.readOnly) return side;
      }
    }
  }
  return undefined;
}

function registerSide(typedApp: App, database: Database, side: Side): void {
  // Generic schemas: routes go through Fastify's plain interface (see registerFamilyRoutes).
  const app: FastifyInstance = typedApp;
  const { parent, child, segment, param } = side;
  const { definition } = parent;
  const noun = definition.nouns.one;
  const One = `${capitalise(noun)}${capitalise(singular(segment))}`;
  const parentRead = `${definition.scopeFamily}:read`;
  const alsoRequires = child.readScope === parentRead ? [] : [child.readScope];
  type Params = { id: string } & Record<string, string>;

  app.get(
    `${definition.path}/:id/${segment}`,
    {
      config: { scope: parentRead, alsoRequires, reach: 'applied' },
      schema: {
        tags: [parent.openApiTag],
        operationId: `list${One}s`,
        summary: `List the ${segment} of ${article(noun)}`,
        description:
          `The ${segment} linked to the ${noun}, as a bare JSON array (no envelope). ` +
          `Scopes: ${[parentRead, ...alsoRequires].join(' and ')} ` +
          '(a sub-resource list also needs the read scope of the family it returns).',
        params: IdParams,
        response: { 200: Type.Array(child.item), ...errorResponses(...PUBLIC_ERRORS, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { workspaceId } = caller;
      const { id } = request.params as Params;
      await requireRow(database.db, definition, workspaceId, id);
      if (!(await reaches(database.db, workspaceId, await reachOf(database.db, caller, parent), id)))
        throw notFound(noun);
      const linked = await child.listLinked(database.db, workspaceId, side.table, id);
      // Only the children the caller reaches, as if the others did not exist.
      const childReach = side.childFamily && (await reachOf(database.db, caller, side.childFamily));
      const reached = childReach && (await reachableIds(database.db, workspaceId, childReach, linked.map(idOf)));
      const rows = reached ? linked.filter((row) => reached.has(idOf(row))) : linked;
      return child.toDtos ? child.toDtos(database.db, workspaceId, rows) : rows.map((row) => child.toDto(row));
    },
  );

  if (side.readOnly) return;
  const LinkParams = Type.Object(
    { id: Uuid(`${capitalise(noun)} id.`), [param]: Uuid(`${capitalise(child.nouns.one)} id.`) },
    { additionalProperties: false },
  );
  const actions = [
    { method: 'PUT', action: 'link', summary: `Link ${article(child.nouns.one)} to ${article(noun)}`, done: 'Linked.' },
    {
      method: 'DELETE',
      action: 'unlink',
      summary: `Unlink ${article(child.nouns.one)} from ${article(noun)}`,
      done: 'Unlinked.',
    },
  ] as const;
  for (const { method, action, summary, done } of actions) {
    app.route({
      method,
      url: `${definition.path}/:id/${segment}/:${param}`,
      config: { scope: `${definition.scopeFamily}:edit`, reach: 'applied' },
      schema: {
        tags: [parent.openApiTag],
        operationId: `${action}${One}`,
        summary,
        description:
          `Idempotent: 204 whether or not the link existed. A missing or foreign ${noun} or ${child.nouns.one} ` +
          `answers 404. Audited as ${action} when it changes something. Scope: ${definition.scopeFamily}:edit.`,
        params: LinkParams,
        response: { 204: Type.Null({ description: done }), ...errorResponses(...PUBLIC_ERRORS, 404) },
      },
      handler: async (request, reply) => {
        const principal = callerOf(request);
        const params = request.params as Params;
        await writeTransaction(database, principal.workspaceId, async (trx) =>
          changeLinkWithin(trx, side, principal, await reachesOfSide(trx, principal, side), {
            parentId: params.id,
            childId: params[param]!,
            action,
          }),
        );
        return reply.code(204).send(null);
      },
    });
  }
}
