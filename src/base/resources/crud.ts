/**
 * List / get / create / patch / delete of a family (family.ts) with the conventions of docs/api.md:
 * offset paging, q, allow-listed sort, family filters, strict bodies, 404 for foreign ids, 422 for
 * broken rules, one audit event per write in the same transaction (API field names and values),
 * change tracking, and the release of everything that refers to a deleted row (dependents.ts).
 */
import { type Compilable, type Kysely, sql } from 'kysely';
import { Type, type Static, type TObject } from 'typebox';
import type { Actor } from '../audit/audit.types.js';
import { diffFields, recordAudit } from '../audit/audit.writer.js';
import type { Database } from '../db/database.js';
import { dynamic } from '../db/dynamic.js';
import type { Tables } from '../db/schema.js';
import { writeTransaction } from '../db/write.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { callerOf, type Caller } from '../http/authenticate.js';
import { isRestricted } from '../access/restrictions.js';
import { ifMatchOf, requireMatch, withEtag } from '../http/etag.js';
import { errorResponses, PUBLIC_ERRORS } from '../http/errors.js';
import { IdParams } from '../http/schemas.js';
import type { App, AppDeps } from '../http/types.js';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { isUuid, newId, nowIso } from '../ids.js';
import { listPage, orderOf, pageOf, type ListQuery, type OffsetList } from '../lists/offset.js';
import { compiledOnce } from '../db/compiled.js';
import { countedTotal } from '../db/row-counts.js';
import { versionedSearch } from '../db/storage.js';
import { article, registerReadRoutes } from './read-routes.js';
import { itemJson, itemText, pageText } from './item-json.js';
import { textIndexCount, writableColumns } from '../db/text-search.js';
import { sortScanOf, whereMatching } from '../lists/matching.js';
import type { Family, FamilyTable, Referable, Relation } from './family.js';
import { singleFilterTotalsOf, filterOrderReadsOf } from '../lists/plan.js';
import {
  outOfReach,
  reachableIds,
  reachByTable,
  reaches,
  withoutUnreached,
  type FamilyReach,
  type ReachOfTable,
} from './reach.js';
import { dialectOf } from '../db/dialect.js';
import { fieldTerms, namesFields } from '../custom-fields/list-terms.js';
import {
  fieldNamesIn,
  fieldNamesOf,
  fieldNamesText,
  type ItemField,
  itemFieldsOf,
  shownValues,
  splitFieldChanges,
  storedValues,
  takesFields,
  valuesToStore,
} from '../custom-fields/values.js';

/**
 * Per-request options of a write: the If-Match precondition (http/etag.ts), and the caller's reach
 * over the family (reach.ts): an item outside it is not found, a write that leaves it is refused.
 */
export interface WriteOptions {
  ifMatch?: string;
  reach?: FamilyReach | undefined;
  /**
   * The caller's reach over the families the item refers to: a reference or relation id it sets
   * must name a reached item (else 422, as for one that does not exist), and the hidden ids of a
   * relation it replaces are kept.
   */
  targets?: ReachOfTable | undefined;
}

/** A delete of one item by `actor`, with the request's If-Match precondition if it sent one. */
export interface ItemDeletion extends WriteOptions {
  workspaceId: string;
  id: string;
  actor: Actor;
}

/** Releases what refers to a row about to be deleted (dependents.ts), inside the delete's transaction. */
export type Release = (
  trx: Kysely<Tables>,
  workspaceId: string,
  target: { table: string; id: string },
  actor: Actor,
) => Promise<void>;

export async function findRow<T extends FamilyTable>(
  db: Kysely<Tables>,
  table: T,
  workspaceId: string,
  id: string,
): Promise<Tables[T] | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await dynamic(db)
    .selectFrom(table as string)
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row as Tables[T] | undefined;
}

export async function requireRow<T extends FamilyTable>(
  db: Kysely<Tables>,
  target: { table: T; nouns: { one: string } },
  workspaceId: string,
  id: string,
): Promise<Tables[T]> {
  const row = await findRow(db, target.table, workspaceId, id);
  if (!row) throw notFound(target.nouns.one);
  return row;
}

/** Moves a row's change-tracking column (docs/api.md, "Resources") inside the caller's transaction. */
export async function touch(
  trx: Kysely<Tables>,
  table: string,
  column: string,
  workspaceId: string,
  id: string,
): Promise<void> {
  await dynamic(trx)
    .updateTable(table)
    .set({ [column]: nowIso() })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

/** 422 unless `id` (when set) names a row of the target family in the workspace. */
export async function requireReference(
  trx: Kysely<Tables>,
  target: Referable,
  workspaceId: string,
  id: string | null | undefined,
  field: string,
): Promise<void> {
  if (id === null || id === undefined) return;
  const row = isUuid(id)
    ? await dynamic(trx)
        .selectFrom(target.table)
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw missingReference(target, field);
}

const missingReference = (target: Referable, field: string) =>
  new ApiError('unprocessable_entity', `${field} does not name ${article(target.nouns.one)} of this workspace`);

/** The references and relation ids a write sets name items the caller reaches (WriteOptions.targets). */
async function requireTargetsReached(
  { family, relations }: { family: Family; relations: Relation[] },
  trx: Kysely<Tables>,
  workspaceId: string,
  input: Record<string, unknown>,
  rows: { before: object | undefined; next: object },
  targets: ReachOfTable | undefined,
): Promise<void> {
  if (!targets) return;
  const before = rows.before as Record<string, unknown> | undefined;
  for (const reference of family.definition.references ?? []) {
    const column = family.columnOf(reference.field);
    const value = (rows.next as Record<string, unknown>)[column];
    if (typeof value !== 'string' || value === before?.[column]) continue;
    if (!(await reaches(trx, workspaceId, await targets(reference.target.table), value)))
      throw missingReference(reference.target, reference.field);
  }
  for (const relation of relations) {
    const reach = relation.field in input ? await targets(relation.target.table) : undefined;
    if (!reach) continue;
    const given = [...new Set((input[relation.field] as string[] | null) ?? [])];
    const reached = await reachableIds(trx, workspaceId, reach, given);
    if (given.some((id) => !reached.has(id))) throw missingReference(relation.target, relation.field);
  }
}

/** 422 when setting `parentId` would make a row its own ancestor (categories, teams). */
async function refuseCycle(
  trx: Kysely<Tables>,
  table: 'categories' | 'teams',
  workspaceId: string,
  id: string,
  parentId: string | null,
): Promise<void> {
  let current = parentId;
  for (let depth = 0; current && depth < 1000; depth += 1) {
    if (current === id) throw new ApiError('unprocessable_entity', 'parentId would create a cycle');
    current = (await findRow(trx, table, workspaceId, current))?.parent_id ?? null;
  }
}

/**
 * The rule of a tree family (categories, teams): `parentId` names a row of the same family in the
 * workspace, and no row becomes its own ancestor (both 422).
 */
export function treeRule(target: Referable & { table: 'categories' | 'teams' }) {
  return async ({
    trx,
    workspaceId,
    next,
  }: {
    trx: Kysely<Tables>;
    workspaceId: string;
    next: { id: string; parent_id: string | null };
  }): Promise<void> => {
    await requireReference(trx, target, workspaceId, next.parent_id, 'parentId');
    await refuseCycle(trx, target.table, workspaceId, next.id, next.parent_id);
  };
}

/** Loads every relation's ids for a page of rows in one query per relation. */
async function loadRelations(
  db: Kysely<Tables>,
  workspaceId: string,
  relations: Relation[],
  ids: string[],
): Promise<Map<string, Record<string, string[]>>> {
  const byId = new Map<string, Record<string, string[]>>(
    ids.map((id) => [id, Object.fromEntries(relations.map((r) => [r.field, [] as string[]]))]),
  );
  if (ids.length === 0) return byId;
  for (const relation of relations) {
    const linked = await linkedIds(db, workspaceId, relation.table, relation.ownColumn, relation.otherColumn, ids);
    for (const [own, others] of linked) byId.get(own)![relation.field] = others;
  }
  return byId;
}

/** The ids a link table links to each of `ids` (its `own` column), in the order they were linked. */
export async function linkedIds(
  db: Kysely<Tables>,
  workspaceId: string,
  table: string,
  own: string,
  other: string,
  ids: string[],
): Promise<Map<string, string[]>> {
  const rows = await dynamic(db)
    .selectFrom(table)
    .select([`${own} as own`, `${other} as other`])
    .where('workspace_id', '=', workspaceId)
    .where(own, 'in', ids)
    .orderBy('created_at')
    .orderBy(other)
    .execute();
  const byOwn = new Map<string, string[]>();
  for (const row of rows) byOwn.set(String(row.own), [...(byOwn.get(String(row.own)) ?? []), String(row.other)]);
  return byOwn;
}

/** Replaces the links of the relations present in the body; every id must be in the workspace (422). */
async function writeRelations(
  trx: Kysely<Tables>,
  workspaceId: string,
  relations: Relation[],
  id: string,
  input: Record<string, unknown>,
  targets?: ReachOfTable,
): Promise<void> {
  for (const relation of relations) {
    if (!(relation.field in input)) continue;
    const given = [...new Set((input[relation.field] as string[] | null) ?? [])];
    // Links to items the caller does not reach are not the caller's to remove: they stay.
    const ids = [...new Set([...given, ...(await hiddenLinks(trx, workspaceId, relation, id, targets))])];
    for (const other of ids) await requireReference(trx, relation.target, workspaceId, other, relation.field);
    await dynamic(trx)
      .deleteFrom(relation.table)
      .where('workspace_id', '=', workspaceId)
      .where(relation.ownColumn, '=', id)
      .execute();
    if (ids.length === 0) continue;
    const now = nowIso();
    await dynamic(trx)
      .insertInto(relation.table)
      .values(
        ids.map((other) => ({
          workspace_id: workspaceId,
          [relation.ownColumn]: id,
          [relation.otherColumn]: other,
          created_at: now,
        })),
      )
      .execute();
  }
}

/** The ids a relation of the item links that the caller does not reach (none without a reach). */
async function hiddenLinks(
  trx: Kysely<Tables>,
  workspaceId: string,
  relation: Relation,
  id: string,
  targets: ReachOfTable | undefined,
): Promise<string[]> {
  const reach = targets && (await targets(relation.target.table));
  if (!reach) return [];
  const linked = await dynamic(trx)
    .selectFrom(relation.table)
    .select(`${relation.otherColumn} as id`)
    .where('workspace_id', '=', workspaceId)
    .where(relation.ownColumn, '=', id)
    .execute();
  const ids = linked.map((row) => String(row.id));
  const reached = await reachableIds(trx, workspaceId, reach, ids);
  return ids.filter((linkedId) => !reached.has(linkedId));
}

export { article };

export type FamilyService<T extends FamilyTable = FamilyTable, Item extends TObject = TObject> = ReturnType<
  typeof createFamilyService<T, Item>
>;

/** A write that runs in a caller's transaction, made to run in one of its own (`update` from `updateIn`). */
function ownTransaction<Args extends unknown[], Result>(
  write: (trx: Kysely<Tables>, workspaceId: string, ...args: Args) => Promise<Result>,
) {
  return (database: Database, workspaceId: string, ...args: Args): Promise<Result> =>
    writeTransaction(database, workspaceId, (trx) => write(trx, workspaceId, ...args));
}

/** What a family's service derives from its definition once, shared by each of its operations. */
interface ServiceContext<T extends FamilyTable, Item extends TObject> {
  family: Family<T, Item>;
  relations: Relation[];
  /** The family's name for its custom fields: its path without the slash. */
  fieldFamily: string;
  release: Release | undefined;
}

export function createFamilyService<T extends FamilyTable, Item extends TObject>(
  family: Family<T, Item>,
  release?: Release,
) {
  type Row = Tables[T];
  type Dto = Static<Item>;
  const { definition } = family;
  const context: ServiceContext<T, Item> = {
    family,
    relations: definition.relations ?? [],
    fieldFamily: definition.path.slice(1),
    release,
  };

  /**
   * DTOs of rows with their relation ids and every custom field of the family (`names`: the
   * fields' names when the caller has read them, as a write does once for all it reads).
   */
  const dtos = (db: Kysely<Tables>, workspaceId: string, rows: Row[], names?: string[]): Promise<Dto[]> =>
    itemsOf(context, db, workspaceId, rows, names);

  /** Creates inside the caller's transaction (for writes that span several resources). */
  const createIn = (
    trx: Kysely<Tables>,
    workspaceId: string,
    input: Record<string, unknown>,
    actor: Actor,
    options: WriteOptions = {},
  ) => createItemIn(context, trx, workspaceId, input, actor, options);

  /** Updates inside the caller's transaction (an import, a bulk action): the rules and audit of `update`. */
  const updateIn = (
    trx: Kysely<Tables>,
    workspaceId: string,
    id: string,
    input: Record<string, unknown>,
    actor: Actor,
    options: WriteOptions = {},
  ) => updateItemIn(context, trx, workspaceId, id, input, actor, options);

  /** Deletes inside the caller's transaction (a bulk action): the release and audit of `remove`. */
  const removeIn = (trx: Kysely<Tables>, workspaceId: string, id: string, actor: Actor, options: WriteOptions = {}) =>
    removeItemIn(context, trx, workspaceId, id, actor, options);

  const plainPage = plainPagesOf(context);

  return {
    family,
    /** Items of stored rows, with their relation ids (an export reads rows in its own order). */
    dtos,
    createIn,
    create: ownTransaction(createIn),
    updateIn,
    update: ownTransaction(updateIn),
    removeIn,
    remove: ownTransaction(removeIn),

    /** A page of the items the caller reaches (`reach`: its terms planned with the query's own). */
    async list(
      database: Database,
      workspaceId: string,
      query: ListQuery,
      reach?: FamilyReach,
    ): Promise<OffsetList<Dto>> {
      return listItems(context, plainPage, database, workspaceId, query, reach);
    },

    /**
     * The page of a query with paging alone as the list route's serializer writes it, each item
     * written by SQLite (item-json.ts); undefined for any other query, on PostgreSQL, or where the
     * family's items cannot be written so (`jsonFields`): `list` answers those.
     */
    async listText(database: Database, workspaceId: string, query: ListQuery): Promise<string | undefined> {
      if (!family.jsonFields || database.dialect !== 'sqlite' || !pagingAlone(query)) return undefined;
      const { rows, page, total, names } = await readPlainPage(context, plainPage, database, workspaceId, query, true);
      const items = rows.map((row) => itemText(row.estate_item!, row.custom_fields, names));
      return pageText(items, page, total);
    },

    /** One item; 404 when it is missing, another workspace's, or outside the caller's reach. */
    async get(database: Database, workspaceId: string, id: string, reach?: FamilyReach): Promise<Dto> {
      const row = await requireRow(database.db, definition, workspaceId, id);
      if (!(await reaches(database.db, workspaceId, reach, id))) throw notFound(definition.nouns.one);
      return (await dtos(database.db, workspaceId, [row]))[0]!;
    },
  };
}

const idOf = (row: object) => (row as { id: string }).id;

/** The items of rows: each row's DTO with its relation ids and its custom fields (`dtos` of the service). */
async function itemsOf<T extends FamilyTable, Item extends TObject>(
  { family, relations, fieldFamily }: ServiceContext<T, Item>,
  db: Kysely<Tables>,
  workspaceId: string,
  rows: Tables[T][],
  names?: string[],
): Promise<Static<Item>[]> {
  if (rows.length === 0) return [];
  const [shown, loaded] = await Promise.all([
    names ?? fieldNamesOf(db, workspaceId, fieldFamily),
    relations.length === 0 ? undefined : loadRelations(db, workspaceId, relations, rows.map(idOf)),
  ]);
  return rows.map((row) => {
    const dto = family.toDto(row) as Record<string, unknown>;
    dto.customFields = shownValues(shown, dto.customFields as Record<string, unknown>);
    return (loaded ? { ...dto, ...loaded.get(idOf(row)) } : dto) as Static<Item>;
  });
}

/** The body with its `customFields` replaced by the values the item stores after the write. */
async function withStoredValues<T extends FamilyTable, Item extends TObject>(
  { fieldFamily }: ServiceContext<T, Item>,
  trx: Kysely<Tables>,
  workspaceId: string,
  id: string,
  input: Record<string, unknown>,
  before: Tables[T] | undefined,
  actor: Actor,
  fields: ItemField[],
): Promise<Record<string, unknown>> {
  if (before && !('customFields' in input)) return input;
  const customFields = await valuesToStore({
    fields,
    trx,
    dialect: dialectOf(trx),
    workspaceId,
    family: fieldFamily,
    id,
    before: before ? storedValues((before as { custom_fields?: unknown }).custom_fields) : undefined,
    input: input.customFields,
    reported: actor.type === 'agent',
  });
  return { ...input, customFields };
}

/** An audit diff of two items, a change of custom fields as one change per field. */
function auditedChanges<T extends FamilyTable, Item extends TObject>(
  { family }: ServiceContext<T, Item>,
  before: Static<Item> | undefined,
  after: Static<Item>,
) {
  return splitFieldChanges(diffFields(before, after, family.untracked));
}

/** Records the audit event of a write to one of the family's rows. */
async function audited<T extends FamilyTable, Item extends TObject>(
  { family }: ServiceContext<T, Item>,
  trx: Kysely<Tables>,
  workspaceId: string,
  actor: Actor,
  action: 'create' | 'update' | 'delete',
  row: Tables[T],
  changes?: Record<string, { before: unknown; after: unknown }>,
) {
  await recordAudit(trx, {
    workspaceId,
    category: family.definition.auditCategory,
    action,
    actor,
    resourceType: family.definition.resourceType,
    resourceId: idOf(row),
    resourceName: family.nameOf(row),
    ...(changes ? { changes } : {}),
  });
}

/** Creates an item inside the caller's transaction (`createIn` of the service). */
async function createItemIn<T extends FamilyTable, Item extends TObject>(
  context: ServiceContext<T, Item>,
  trx: Kysely<Tables>,
  workspaceId: string,
  input: Record<string, unknown>,
  actor: Actor,
  { reach, targets }: WriteOptions,
): Promise<Static<Item>> {
  const { family, relations, fieldFamily } = context;
  const { definition } = family;
  const now = nowIso();
  const id = newId();
  // The family's custom fields, read once for the checks and the answer.
  const fields = await itemFieldsOf(trx, workspaceId, fieldFamily);
  const next = {
    ...family.defaults(),
    ...family.toColumns(await withStoredValues(context, trx, workspaceId, id, input, undefined, actor, fields)),
    workspace_id: workspaceId,
    id,
    created_at: now,
    ...(family.trackingColumn ? { [family.trackingColumn]: now } : {}),
  } as Tables[T];
  await definition.check?.({ trx, workspaceId, before: undefined, next });
  await requireTargetsReached(context, trx, workspaceId, input, { before: undefined, next }, targets);
  await dynamic(trx)
    .insertInto(definition.table as string)
    .values(next as unknown as Record<string, unknown>)
    .execute();
  await writeRelations(trx, workspaceId, relations, idOf(next), input, targets);
  const [dto] = await itemsOf(context, trx, workspaceId, [next], namesOf(fields));
  await audited(context, trx, workspaceId, actor, 'create', next, auditedChanges(context, undefined, dto!));
  if (reach) {
    await linkIntoReach(context, trx, workspaceId, next, reach, actor);
    if (!(await reaches(trx, workspaceId, reach, idOf(next)))) throw outOfReach(reach);
  }
  return dto!;
}

/** Updates an item inside the caller's transaction (`updateIn` of the service). */
async function updateItemIn<T extends FamilyTable, Item extends TObject>(
  context: ServiceContext<T, Item>,
  trx: Kysely<Tables>,
  workspaceId: string,
  id: string,
  input: Record<string, unknown>,
  actor: Actor,
  options: WriteOptions,
): Promise<Static<Item>> {
  const { family, relations, fieldFamily } = context;
  const { definition } = family;
  const before = await requireRow(trx, definition, workspaceId, id);
  if (!(await reaches(trx, workspaceId, options.reach, id))) throw notFound(definition.nouns.one);
  // The family's custom fields, read once for the item before, the checks and the item after.
  const fields = await itemFieldsOf(trx, workspaceId, fieldFamily);
  const [beforeDto] = await itemsOf(context, trx, workspaceId, [before], namesOf(fields));
  requireMatch(options.ifMatch, await asTheCallerSees(context, trx, workspaceId, beforeDto!, options));
  const stored = await withStoredValues(context, trx, workspaceId, id, input, before, actor, fields);
  const next = { ...before, ...family.toColumns(stored) } as Tables[T];
  await definition.check?.({ trx, workspaceId, before, next });
  await requireTargetsReached(context, trx, workspaceId, input, { before, next }, options.targets);
  await writeRelations(trx, workspaceId, relations, id, input, options.targets);
  const [afterDto] = await itemsOf(context, trx, workspaceId, [next], namesOf(fields));
  const changes = auditedChanges(context, beforeDto!, afterDto!);
  if (Object.keys(changes).length === 0) return beforeDto!;
  const { workspace_id: _workspace, id: _id, ...set } = writableColumns(next as unknown as Record<string, unknown>);
  if (family.trackingColumn) set[family.trackingColumn] = nowIso();
  await dynamic(trx)
    .updateTable(definition.table as string)
    .set(set)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .execute();
  if (!(await reaches(trx, workspaceId, options.reach, id))) throw outOfReach(options.reach!);
  await audited(context, trx, workspaceId, actor, 'update', next, changes);
  const kept = afterDto as Record<string, unknown>;
  return {
    ...afterDto!,
    ...family.toDto({ ...next, ...set } as Tables[T]),
    customFields: kept.customFields,
    ...Object.fromEntries(relations.map((r) => [r.field, kept[r.field]])),
  };
}

/** Deletes an item inside the caller's transaction (`removeIn` of the service). */
async function removeItemIn<T extends FamilyTable, Item extends TObject>(
  context: ServiceContext<T, Item>,
  trx: Kysely<Tables>,
  workspaceId: string,
  id: string,
  actor: Actor,
  options: WriteOptions,
): Promise<void> {
  const { definition } = context.family;
  const row = await requireRow(trx, definition, workspaceId, id);
  if (!(await reaches(trx, workspaceId, options.reach, id))) throw notFound(definition.nouns.one);
  if (options.ifMatch !== undefined) {
    const [item] = await itemsOf(context, trx, workspaceId, [row]);
    requireMatch(options.ifMatch, await asTheCallerSees(context, trx, workspaceId, item!, options));
  }
  await definition.beforeDelete?.(trx, workspaceId, row);
  await context.release?.(trx, workspaceId, { table: definition.table, id }, actor);
  await dynamic(trx)
    .deleteFrom(definition.table as string)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .execute();
  await audited(context, trx, workspaceId, actor, 'delete', row);
}

/** The unfiltered list's page statement of a sort and direction. */
type PlainPage = (sort: string, direction: 'asc' | 'desc', text?: boolean) => ReturnType<typeof compiledOnce<PlainRow>>;
/**
 * A row of the plain page: the item's columns (or, as text, its JSON and its stored custom fields),
 * the kept total and the family's field names (fieldNamesText).
 */
type PlainRow = Record<string, unknown> & {
  estate_total: number | null;
  estate_fields?: string | null;
  estate_item?: string;
  custom_fields?: string;
};

/**
 * The unfiltered list's page statement by sort and direction, compiled once (db/compiled.ts). It
 * reads the page's rows, as the columns the items show or (`text`) as each item's JSON text
 * (item-json.ts), and beside them the kept total and the family's field names, each a subquery
 * read once: one round trip instead of three. Its parameters are the workspace (once per
 * subquery, then for the rows), the limit and the offset.
 */
function plainPagesOf<T extends FamilyTable, Item extends TObject>({
  family,
  fieldFamily,
}: ServiceContext<T, Item>): PlainPage {
  const plainPages = new Map<string, ReturnType<typeof compiledOnce<PlainRow>>>();
  const table = family.definition.table as string;
  return (sort, direction, text = false) => {
    const key = `${sort} ${direction} ${text}`;
    let plan = plainPages.get(key);
    if (!plan) {
      plan = compiledOnce((db) => {
        const total = db
          .selectFrom('row_counts')
          .select('total')
          .where('workspace_id', '=', '')
          .where('table_name', '=', sql.lit(table));
        const jsonFields = family.jsonFields;
        const rows = dynamic(db).selectFrom(table);
        const plain = rows.select([...family.itemColumns]);
        let ordered = (
          text && jsonFields
            ? (rows.select(itemJson(jsonFields).as('estate_item')).select('custom_fields') as typeof plain)
            : plain
        )
          .select(total.as('estate_total'))
          .select(takesFields(fieldFamily) ? [fieldNamesText(db, fieldFamily).as('estate_fields')] : [])
          .where('workspace_id', '=', '');
        for (const expression of orderOf(family.sorts[sort]!, 'id', direction)) ordered = ordered.orderBy(expression);
        return ordered.limit(0).offset(0) as unknown as Compilable<PlainRow>;
      });
      plainPages.set(key, plan);
    }
    return plan;
  };
}

/**
 * The page of a query with paging alone (`limit`, `offset`, `sort`): its rows, total and field
 * names read in one statement (plainPagesOf), as rows or (`text`) as the items' JSON texts.
 */
async function readPlainPage<T extends FamilyTable, Item extends TObject>(
  { family, fieldFamily }: ServiceContext<T, Item>,
  plainPage: PlainPage,
  database: Database,
  workspaceId: string,
  query: ListQuery,
  text: boolean,
) {
  const value = query.sort ?? family.defaultSort;
  const direction = value.startsWith('-') ? 'desc' : 'asc';
  const named = value.replace(/^-/, '');
  const sort = named in family.sorts ? named : family.defaultSort.replace(/^-/, '');
  const page = pageOf(query);
  const workspaces = takesFields(fieldFamily) ? [workspaceId, workspaceId] : [workspaceId];
  const statement = plainPage(sort, direction, text);
  const { rows } = await statement(database.db, [...workspaces, workspaceId, page.limit, page.offset]);
  const first = rows[0];
  // A page past the end has no row to carry the total: it is read alone then.
  const total = first
    ? Number(first.estate_total ?? 0)
    : await countedTotal(database.db, workspaceId, family.definition.table);
  return { rows, page, total, names: first ? fieldNamesIn(first.estate_fields ?? null) : [] };
}

/** Whether a list query asks for paging alone, which plainPagesOf reads: no filter, no custom field's sort. */
const pagingAlone = (query: ListQuery) => !namesFields(query) && Object.keys(query).every((name) => PAGING.has(name));

/** A page of the family's list (`list` of the service). */
async function listItems<T extends FamilyTable, Item extends TObject>(
  context: ServiceContext<T, Item>,
  plainPage: PlainPage,
  database: Database,
  workspaceId: string,
  asked: ListQuery,
  reach?: FamilyReach,
): Promise<OffsetList<Static<Item>>> {
  const { family, fieldFamily } = context;
  // The caller's reach: its terms join the query's filters, and the planner reads them as such.
  const query = reach ? { ...asked, ...reach.values } : asked;
  const { definition } = family;
  // The `cf_` parameters and sort of the query, as filters and a sort of this request only.
  const named = namesFields(query)
    ? fieldTerms(
        database.dialect,
        fieldFamily,
        await itemFieldsOf(database.db, workspaceId, fieldFamily),
        query,
        `${definition.table}.custom_fields`,
      )
    : undefined;
  if (pagingAlone(query)) {
    // Only paging: the page in the sort's order, its total and the field names, in one statement
    // compiled once per sort (plainPagesOf), without building a query.
    const { rows, page, total, names } = await readPlainPage(context, plainPage, database, workspaceId, query, false);
    return {
      data: await itemsOf(context, database.db, workspaceId, rows as unknown as Tables[T][], names),
      pagination: { ...page, total },
    };
  }
  const rows = dynamic(database.db)
    .selectFrom(definition.table as string)
    .selectAll()
    .where('workspace_id', '=', workspaceId);
  const search = { dialect: database.dialect, index: { table: definition.table }, columns: definition.search };
  const versioned = versionedSearch(definition.facts);
  const filters = { ...definition.filters, ...named?.filters, ...reach?.filters };
  const conditions = { query, search, filters, workspaceId };
  return listPage(whereMatching(rows, conditions), query, {
    ...sortScanOf(rows, conditions, { table: definition.table }, dynamic(database.db)),
    filterOrders: filterOrderReadsOf(filters, database.db, workspaceId, definition.storageOf),
    sorts: named ? { ...family.sorts, ...named.sorts } : family.sorts,
    defaultSort: family.defaultSort,
    idColumn: 'id',
    counted: {
      db: database.db,
      workspaceId,
      table: definition.table,
      singleFilter: withReachTotals(
        singleFilterTotalsOf(filters, database.db, workspaceId, definition.table, definition.storageOf),
        reach,
      ),
      ...(versioned && { searched: versioned }),
      everyRow: (text) => textIndexCount(database.dialect, search.index, text),
    },
    toDtos: (rows) => itemsOf(context, database.db, workspaceId, rows as unknown as Tables[T][]),
  });
}

const namesOf = (fields: ItemField[]) => fields.map((field) => field.name);

/**
 * The kept totals of single filters, and of the reach's terms by their own names: a restriction of
 * one term (`environment=staging`) alone reads its per-value count as that filter alone does.
 */
function withReachTotals<T>(totals: Record<string, T>, reach: FamilyReach | undefined): Record<string, T> {
  if (!reach) return totals;
  const aliased = { ...totals };
  for (const [name, origin] of Object.entries(reach.origins)) aliased[name] ??= totals[origin]!;
  return Object.fromEntries(Object.entries(aliased).filter(([, total]) => total !== undefined));
}

/** The item as the writing caller reads it (its ETag is the one the caller holds for If-Match). */
async function asTheCallerSees<T extends FamilyTable, Item extends TObject>(
  { family }: ServiceContext<T, Item>,
  trx: Kysely<Tables>,
  workspaceId: string,
  item: Static<Item>,
  { targets }: WriteOptions,
): Promise<Static<Item>> {
  return targets ? (await withoutUnreached(trx, workspaceId, family, [item], targets))[0]! : item;
}

/**
 * A new item linked to what its creator's reach follows a link to (`teamId=X`: the team X) when
 * its body did not link it, through the family's own link of that table; audited as a link.
 */
async function linkIntoReach<T extends FamilyTable, Item extends TObject>(
  { family }: ServiceContext<T, Item>,
  trx: Kysely<Tables>,
  workspaceId: string,
  row: Tables[T],
  reach: FamilyReach,
  actor: Actor,
): Promise<void> {
  const id = idOf(row);
  for (const { link, value } of reach.links) {
    const own = family.definition.links?.find(
      (candidate) => candidate.table === link.table && candidate.parentColumn === link.ownColumn,
    );
    if (!own || !(await own.child.find(trx, workspaceId, value))) continue;
    const links = dynamic(trx);
    const linked = await links
      .selectFrom(link.table)
      .select(link.ownColumn)
      .where('workspace_id', '=', workspaceId)
      .where(link.ownColumn, '=', id)
      .where(link.otherColumn, '=', value)
      .executeTakeFirst();
    if (linked) continue;
    await links
      .insertInto(link.table)
      .values({ workspace_id: workspaceId, [link.ownColumn]: id, [link.otherColumn]: value, created_at: nowIso() })
      .execute();
    await recordAudit(trx, {
      workspaceId,
      category: family.definition.auditCategory,
      action: 'link',
      actor,
      resourceType: family.definition.resourceType,
      resourceId: id,
      resourceName: family.nameOf(row),
      changes: { [own.segment]: { before: null, after: value } },
    });
  }
}

/** Query parameters that only page a list. */
const PAGING = new Set(['limit', 'offset', 'sort']);

function capitalise(word: string): string {
  return word.replace(/(^|[-_ ])(\w)/g, (_, __, c: string) => c.toUpperCase());
}

/**
 * The caller's reach over a family and the families its items refer to, and the items as it sees
 * them (relation ids of items it does not reach left out).
 */
async function callerWithin(database: Database, families: readonly Family[], family: Family, caller: Caller) {
  // Most callers reach everything: nothing to resolve, nothing to leave out.
  if (!isRestricted(caller.restrictions)) return { reach: undefined, targets: undefined, shown: unchanged };
  const targets = reachByTable(database.db, caller, families);
  return {
    reach: await targets(family.definition.table),
    targets,
    shown: <D>(items: D[]) => withoutUnreached(database.db, caller.workspaceId, family, items, targets),
  };
}

const unchanged = async <D>(items: D[]): Promise<D[]> => items;

/** The write routes' descriptions in the OpenAPI document (the route adds the scope). */
function writeDescriptions({ definition }: Family) {
  const { one, many } = definition.nouns;
  const ifMatch = `With If-Match, answers 412 if the ${one} changed since that ETag.`;
  // What a key made from a custom role with restrictions meets (docs/roles.md).
  const restrictedWrites =
    `A key whose role restricts ${many} writes only ${many} within its restrictions, before and after: ` +
    '403 otherwise, nothing written.';
  return {
    create:
      `Creates ${article(one)}; 201 with it. Unknown fields, wrong types and blank names are 400; ` +
      'broken rules (such as a reference to an id not in the workspace) are 422. ' +
      `Fields left out stay null unless documented otherwise. ${restrictedWrites} Audited.`,
    update:
      'Partial update: omitted fields keep their value, null clears an optional field. ' +
      `Audited with the changed fields. ${ifMatch} ${restrictedWrites} ${definition.texts?.update ?? ''}`,
    delete:
      `Deletes the ${one}; 204. Of concurrent deletes one answers 204, the others 404. ${ifMatch} ` +
      `${definition.texts?.delete ?? ''} Everything that referred to it is released and audited on its own resource. ` +
      'Audited.',
  };
}

/** Registers the five CRUD routes of a family with its schemas, scopes and OpenAPI texts. */
export function registerFamilyRoutes<T extends FamilyTable, Item extends TObject>(
  typedApp: App,
  deps: AppDeps,
  service: FamilyService<T, Item>,
): void {
  const { database, registry } = deps;
  // The schemas are generic here, so handlers cannot be typed from them: routes are added through
  // Fastify's plain interface, and the service's signatures type what goes in and out.
  const app: FastifyInstance = typedApp;
  const { family } = service;
  const { definition } = family;
  const { one } = definition.nouns;
  const One = capitalise(one);
  const { create, update } = definition.schemas;
  const item: TObject = definition.schemas.item;
  const scope = (action: string) => `${definition.scopeFamily}:${action}`;
  const tags = [family.openApiTag];
  type Params = { id: string };
  const within = (caller: Caller) => callerWithin(database, registry.families, family, caller);

  registerReadRoutes(typedApp, deps, {
    path: definition.path,
    openApiTag: family.openApiTag,
    nouns: definition.nouns,
    scope: scope('read'),
    listQuery: family.listQuery,
    item,
    listDescription: definition.description,
    list: async (db, caller, query) => {
      const { reach, shown } = await within(caller);
      const page = await service.list(db, caller.workspaceId, query, reach);
      return { ...page, data: await shown(page.data) };
    },
    // A restricted caller's page is narrowed to its reach: `list` reads it.
    listText: async (db, caller, query) =>
      isRestricted(caller.restrictions) ? undefined : service.listText(db, caller.workspaceId, query),
    get: async (db, caller, id) => {
      const { reach, shown } = await within(caller);
      return (await shown([await service.get(db, caller.workspaceId, id, reach)]))[0]!;
    },
    reach: 'applied',
    kept: {
      clockFilters: Object.entries(definition.filters ?? {})
        .filter(([, filter]) => filter.clock)
        .map(([name]) => name),
    },
  });

  /** A write route's options: its scope, OpenAPI tag and names, and its schemas. */
  const write = (
    action: string,
    operationId: string,
    summary: string,
    schema: FastifySchema & { description: string },
  ) => ({
    config: { scope: scope(action), reach: 'applied' as const },
    schema: { tags, operationId, summary, ...schema, description: `${schema.description} Scope: ${scope(action)}.` },
  });

  const descriptions = writeDescriptions(family);

  app.post(
    definition.path,
    write('add', `create${One}`, `Create ${article(one)}`, {
      description: descriptions.create,
      body: create,
      response: { 201: item, ...errorResponses(...PUBLIC_ERRORS, 413, 415, 422) },
    }),
    async (request, reply) => {
      const principal = callerOf(request);
      const { reach, targets, shown } = await within(principal);
      const created = await service.create(
        database,
        principal.workspaceId,
        request.body as Record<string, unknown>,
        principal.actor,
        { reach, targets },
      );
      return reply.code(201).send((await shown([created]))[0]);
    },
  );

  app.patch(
    `${definition.path}/:id`,
    write('edit', `update${One}`, `Change ${article(one)}`, {
      description: descriptions.update,
      params: IdParams,
      body: update,
      response: { 200: item, ...errorResponses(...PUBLIC_ERRORS, 404, 412, 413, 415, 422) },
    }),
    async (request, reply) => {
      const principal = callerOf(request);
      const { reach, targets, shown } = await within(principal);
      const updated = await service.update(
        database,
        principal.workspaceId,
        (request.params as Params).id,
        request.body as Record<string, unknown>,
        principal.actor,
        { ifMatch: ifMatchOf(request), reach, targets },
      );
      return withEtag(reply, (await shown([updated]))[0]);
    },
  );

  app.delete(
    `${definition.path}/:id`,
    write('delete', `delete${One}`, `Delete ${article(one)}`, {
      description: descriptions.delete,
      params: IdParams,
      response: { 204: Type.Null({ description: 'Deleted.' }), ...errorResponses(...PUBLIC_ERRORS, 404, 412, 422) },
    }),
    async (request, reply) => {
      const principal = callerOf(request);
      const { reach, targets } = await within(principal);
      await service.remove(database, principal.workspaceId, (request.params as Params).id, principal.actor, {
        ifMatch: ifMatchOf(request),
        reach,
        targets,
      });
      return reply.code(204).send(null);
    },
  );
}
