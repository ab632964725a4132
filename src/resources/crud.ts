/**
 * A small composition-based factory for the inventory's plain resources: list / get / create /
 * patch / delete with the conventions of DESIGN §4 (offset paging, q, allow-listed sort, family
 * filters, strict bodies, 404 for foreign ids, 422 for broken rules, one audit event per write in
 * the same transaction, change tracking). A resource supplies its schemas, its column mapping and
 * its rules; anything unusual stays in the resource's own module.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { Type, type TSchema } from 'typebox';
import type { Actor, AuditCategory, AuditResourceType } from '../audit/audit.types.js';
import { diffFields, recordAudit } from '../audit/audit.writer.js';
import type { Database } from '../db/database.js';
import { countedTotal } from '../db/row-counts.js';
import type { Tables } from '../db/schema.js';
import { containsText } from '../db/text-search.js';
import { ApiError, notFound } from '../errors/api-error.js';
import type { App } from '../http/app.js';
import { principalOf } from '../http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS } from '../http/errors.js';
import { ifMatchOf, requireMatch, withEtag } from '../http/etag.js';
import { IdParams } from '../http/schemas.js';
import { isUuid, newId, nowIso } from '../ids.js';
import { pageOf, paginate, sortOf, type OffsetList } from '../pagination/offset.js';
import { writeTransaction } from '../db/write.js';

/** Rows are addressed generically here; each resource's own types stay precise outside. */
type AnyDb = Kysely<any>;
type Row = Record<string, any>;
type Eb = ExpressionBuilder<any, any>;

/** Per-request options of a write: the If-Match precondition (http/etag.ts). */
export interface WriteOptions {
  ifMatch?: string;
}

export interface RuleContext<R extends Row> {
  trx: Kysely<Tables>;
  workspaceId: string;
  /** The stored row; undefined on create. */
  before: R | undefined;
  /** The row as it would be written. */
  next: R;
}

export interface ResourceDefinition<R extends Row, Dto> {
  table: string;
  resourceType: AuditResourceType;
  auditCategory: AuditCategory;
  /** Scope family: `<family>:read|add|edit|delete`. */
  scopeFamily: string;
  path: string;
  openApiTag: string;
  /** Singular and plural names for operation ids and messages: ['contract', 'contracts']. */
  names: [string, string];
  description: string;
  schemas: { item: TSchema; create: TSchema; update: TSchema; listQuery: TSchema; list: TSchema };
  toDto(row: R): Dto;
  /** Maps API fields of a create or patch body to columns; only fields present in the body. */
  toColumns(input: Record<string, unknown>): Partial<R>;
  /** Defaults of columns a create body may omit. */
  defaults?: Partial<R>;
  searchColumns: string[];
  sortColumns: Record<string, string>;
  defaultSort: string;
  /** Family filters from the list query, as SQL conditions. */
  filters?(query: Record<string, any>, eb: Eb, workspaceId: string): Expression<SqlBool>[];
  /** The change-tracking column (spec §2.4), moved on every change; none for untracked resources. */
  trackingColumn?: string;
  /** Business rules (→ 422) checked inside the write transaction. */
  check?(context: RuleContext<R>): Promise<void>;
  /** Runs before a delete inside its transaction: refuse (422) or clean up what cascades cannot. */
  beforeDelete?(trx: Kysely<Tables>, workspaceId: string, row: R): Promise<void>;
  /** Fields left out of audit diffs (tracking timestamps). */
  untrackedFields?: string[];
  /** Id-array fields kept in link tables (`applicationIds` of a contract), replaced on write. */
  relations?: Relation[];
}

/** An id-array field of a resource backed by a link table. */
export interface Relation {
  field: string;
  table: string;
  ownColumn: string;
  otherColumn: string;
  /** Table the ids must belong to (same workspace), else 422. */
  target: string;
}

/** Loads every relation's ids for a page of rows in one query per relation. */
async function loadRelations(db: Kysely<Tables>, workspaceId: string, relations: Relation[], ids: string[]): Promise<Map<string, Record<string, string[]>>> {
  const byId = new Map<string, Record<string, string[]>>(ids.map((id) => [id, Object.fromEntries(relations.map((r) => [r.field, [] as string[]]))]));
  if (ids.length === 0) return byId;
  for (const relation of relations) {
    const rows = await (db as AnyDb)
      .selectFrom(relation.table)
      .select([`${relation.ownColumn} as own`, `${relation.otherColumn} as other`])
      .where('workspace_id', '=', workspaceId)
      .where(relation.ownColumn, 'in', ids)
      .orderBy('created_at')
      .orderBy(relation.otherColumn)
      .execute();
    for (const row of rows as { own: string; other: string }[]) byId.get(row.own)?.[relation.field]?.push(row.other);
  }
  return byId;
}

/** Replaces the links of the relations present in the body; every id must be in the workspace (422). */
async function writeRelations(trx: Kysely<Tables>, workspaceId: string, relations: Relation[], id: string, input: Record<string, unknown>): Promise<void> {
  for (const relation of relations) {
    if (!(relation.field in input)) continue;
    const ids = [...new Set((input[relation.field] as string[] | null) ?? [])];
    for (const other of ids) await requireReference(trx, relation.target, workspaceId, other, relation.field);
    await (trx as AnyDb).deleteFrom(relation.table).where('workspace_id', '=', workspaceId).where(relation.ownColumn, '=', id).execute();
    if (ids.length === 0) continue;
    const now = nowIso();
    await (trx as AnyDb)
      .insertInto(relation.table)
      .values(ids.map((other) => ({ workspace_id: workspaceId, [relation.ownColumn]: id, [relation.otherColumn]: other, created_at: now })))
      .execute();
  }
}

function capitalise(word: string): string {
  return word.replace(/(^|[-_ ])(\w)/g, (_, __, c: string) => c.toUpperCase());
}

export async function findRow<R extends Row>(db: Kysely<Tables>, table: string, workspaceId: string, id: string): Promise<R | undefined> {
  if (!isUuid(id)) return undefined;
  return (db as AnyDb).selectFrom(table).selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst() as Promise<R | undefined>;
}

export async function requireRow<R extends Row>(db: Kysely<Tables>, table: string, workspaceId: string, id: string, noun: string): Promise<R> {
  const row = await findRow<R>(db, table, workspaceId, id);
  if (!row) throw notFound(noun);
  return row;
}

/** Moves a resource's change-tracking column (spec §2.4) inside the caller's transaction. */
export async function touch(trx: Kysely<Tables>, table: string, column: string, workspaceId: string, id: string): Promise<void> {
  await (trx as AnyDb).updateTable(table).set({ [column]: nowIso() }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}

const PAGING_PARAMETERS = new Set(['limit', 'offset', 'sort']);

/** A list query without q or filters: its total is the table's row count in the workspace. */
function isUnfiltered(query: Record<string, unknown>): boolean {
  return Object.entries(query).every(([name, value]) => value === undefined || PAGING_PARAMETERS.has(name));
}

export function createResourceService<R extends Row, Dto extends Record<string, unknown>>(definition: ResourceDefinition<R, Dto>) {
  const [singular] = definition.names;
  const skip = definition.untrackedFields ?? [];
  const relations = definition.relations ?? [];
  const nameOf = (row: R) => String(row.name ?? row.title ?? row.hostname ?? row.id);

  /** The relation id arrays of a DTO. */
  const relationFields = (dto: Dto) => Object.fromEntries(relations.map((r) => [r.field, dto[r.field]]));

  /** DTOs of rows with their relation ids. */
  async function dtos(db: Kysely<Tables>, workspaceId: string, rows: R[]): Promise<Dto[]> {
    if (relations.length === 0) return rows.map(definition.toDto);
    const loaded = await loadRelations(db, workspaceId, relations, rows.map((r) => r.id as string));
    return rows.map((row) => ({ ...definition.toDto(row), ...loaded.get(row.id) }));
  }

  function conditions(eb: Eb, workspaceId: string, query: Record<string, any>): Expression<SqlBool> {
    const all: Expression<SqlBool>[] = [eb('workspace_id', '=', workspaceId)];
    if (query.q) all.push(eb.or(definition.searchColumns.map((column) => containsText(column, query.q))));
    if (definition.filters) all.push(...definition.filters(query, eb, workspaceId));
    return eb.and(all);
  }

  return {
    async list(database: Database, workspaceId: string, query: Record<string, any>): Promise<OffsetList<Dto>> {
      const page = pageOf(query);
      const base = (database.db as AnyDb).selectFrom(definition.table).selectAll().where((eb: Eb) => conditions(eb, workspaceId, query));
      const counted = isUnfiltered(query) ? () => countedTotal(database.db, workspaceId, definition.table) : undefined;
      const { rows, total } = await paginate(base, page, sortOf(query.sort, definition.sortColumns, definition.defaultSort), 'id', counted);
      return { data: await dtos(database.db, workspaceId, rows as R[]), pagination: { ...page, total } };
    },

    async get(database: Database, workspaceId: string, id: string): Promise<Dto> {
      const row = await requireRow<R>(database.db, definition.table, workspaceId, id, singular);
      return (await dtos(database.db, workspaceId, [row]))[0]!;
    },

    /** Creates inside the caller's transaction (for writes that span several resources). */
    async createIn(trx: Kysely<Tables>, workspaceId: string, input: Record<string, unknown>, actor: Actor): Promise<Dto> {
      const now = nowIso();
      const next = {
        ...definition.defaults,
        ...definition.toColumns(input),
        workspace_id: workspaceId,
        id: newId(),
        created_at: now,
        ...(definition.trackingColumn ? { [definition.trackingColumn]: now } : {}),
      } as unknown as R;
      await definition.check?.({ trx, workspaceId, before: undefined, next });
      await (trx as AnyDb).insertInto(definition.table).values(next).execute();
      await writeRelations(trx, workspaceId, relations, next.id, input);
      const [dto] = await dtos(trx, workspaceId, [next]);
      await recordAudit(trx, {
        workspaceId,
        category: definition.auditCategory,
        action: 'create',
        actor,
        resourceType: definition.resourceType,
        resourceId: next.id,
        resourceName: nameOf(next),
        changes: diffFields(undefined, dto!, [...skip, 'id', 'createdAt']),
      });
      return dto!;
    },

    async create(database: Database, workspaceId: string, input: Record<string, unknown>, actor: Actor): Promise<Dto> {
      return writeTransaction(database, workspaceId, (trx) => this.createIn(trx, workspaceId, input, actor));
    },

    async update(database: Database, workspaceId: string, id: string, input: Record<string, unknown>, actor: Actor, options: WriteOptions = {}): Promise<Dto> {
      const columns = definition.toColumns(input);
      return writeTransaction(database, workspaceId, async (trx) => {
        const before = await requireRow<R>(trx, definition.table, workspaceId, id, singular);
        const [beforeDto] = await dtos(trx, workspaceId, [before]);
        requireMatch(options.ifMatch, beforeDto);
        const next = { ...before, ...columns } as R;
        await definition.check?.({ trx, workspaceId, before, next });
        await writeRelations(trx, workspaceId, relations, id, input);
        const [afterDto] = await dtos(trx, workspaceId, [next]);
        const changes = diffFields(beforeDto!, afterDto!, [...skip, 'id']);
        if (Object.keys(changes).length === 0) return beforeDto!;
        if (definition.trackingColumn) (next as Row)[definition.trackingColumn] = nowIso();
        const { workspace_id: _w, id: _i, ...set } = next;
        await (trx as AnyDb).updateTable(definition.table).set(set).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
        await recordAudit(trx, {
          workspaceId,
          category: definition.auditCategory,
          action: 'update',
          actor,
          resourceType: definition.resourceType,
          resourceId: id,
          resourceName: nameOf(next),
          changes,
        });
        return { ...definition.toDto(next), ...relationFields(afterDto!) };
      });
    },

    async remove(database: Database, workspaceId: string, id: string, actor: Actor, options: WriteOptions = {}): Promise<void> {
      await writeTransaction(database, workspaceId, async (trx) => {
        const row = await requireRow<R>(trx, definition.table, workspaceId, id, singular);
        if (options.ifMatch !== undefined) requireMatch(options.ifMatch, (await dtos(trx, workspaceId, [row]))[0]);
        await definition.beforeDelete?.(trx, workspaceId, row);
        await (trx as AnyDb).deleteFrom(definition.table).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
        await recordAudit(trx, {
          workspaceId,
          category: definition.auditCategory,
          action: 'delete',
          actor,
          resourceType: definition.resourceType,
          resourceId: id,
          resourceName: nameOf(row),
        });
      });
    },
  };
}

/** Registers the five CRUD routes of a resource with its schemas, scopes and OpenAPI texts. */
export function registerResourceRoutes<R extends Row, Dto extends Record<string, unknown>>(
  app: App,
  database: Database,
  definition: ResourceDefinition<R, Dto>,
  service = createResourceService(definition),
  options: { deleteDescription?: string; updateDescription?: string } = {},
): void {
  const [singular, plural] = definition.names;
  const One = capitalise(singular);
  const Many = capitalise(plural);
  const { item, create, update, listQuery, list } = definition.schemas;
  const scope = (action: string) => `${definition.scopeFamily}:${action}`;
  const base = { tags: [definition.openApiTag] };
  const a = app as any;

  a.get(
    definition.path,
    {
      config: { scope: scope('read') },
      schema: {
        ...base,
        operationId: `list${Many}`,
        summary: `List ${plural}`,
        description: `${definition.description} Offset list with q, sort and filters; an unknown parameter or value is a 400. Scope: ${scope('read')}.`,
        querystring: listQuery,
        response: { 200: list, ...errorResponses(...PUBLIC_ERRORS) },
      },
    },
    async (request: any) => service.list(database, principalOf(request).workspaceId, request.query),
  );

  a.get(
    `${definition.path}/:id`,
    {
      config: { scope: scope('read') },
      schema: {
        ...base,
        operationId: `get${One}`,
        summary: `Get a ${singular}`,
        description: `One ${singular} of the key's workspace; an id of another workspace answers 404 like a missing one. The ETag header can be sent back in If-Match. Scope: ${scope('read')}.`,
        params: IdParams,
        response: { 200: item, ...errorResponses(...PUBLIC_ERRORS, 404) },
      },
    },
    async (request: any, reply: any) => withEtag(reply, await service.get(database, principalOf(request).workspaceId, request.params.id)),
  );

  a.post(
    definition.path,
    {
      config: { scope: scope('add') },
      schema: {
        ...base,
        operationId: `create${One}`,
        summary: `Create a ${singular}`,
        description: `Creates a ${singular}; 201 with it. Unknown fields, wrong types and blank names are 400; broken rules (such as a reference to an id not in the workspace) are 422. Audited. Scope: ${scope('add')}.`,
        body: create,
        response: { 201: item, ...errorResponses(...PUBLIC_ERRORS, 413, 415, 422) },
      },
    },
    async (request: any, reply: any) => {
      const principal = principalOf(request);
      return reply.code(201).send(await service.create(database, principal.workspaceId, request.body, principal.actor));
    },
  );

  a.patch(
    `${definition.path}/:id`,
    {
      config: { scope: scope('edit') },
      schema: {
        ...base,
        operationId: `update${One}`,
        summary: `Change a ${singular}`,
        description: `Partial update: omitted fields keep their value, null clears an optional field. Audited with the changed fields. With If-Match, answers 412 if the ${singular} changed since that ETag. ${options.updateDescription ?? ''} Scope: ${scope('edit')}.`,
        params: IdParams,
        body: update,
        response: { 200: item, ...errorResponses(...PUBLIC_ERRORS, 404, 412, 413, 415, 422) },
      },
    },
    async (request: any, reply: any) => {
      const principal = principalOf(request);
      return withEtag(reply, await service.update(database, principal.workspaceId, request.params.id, request.body, principal.actor, { ifMatch: ifMatchOf(request) }));
    },
  );

  a.delete(
    `${definition.path}/:id`,
    {
      config: { scope: scope('delete') },
      schema: {
        ...base,
        operationId: `delete${One}`,
        summary: `Delete a ${singular}`,
        description: `Deletes the ${singular}; 204. Of concurrent deletes one answers 204, the others 404. With If-Match, answers 412 if the ${singular} changed since that ETag. ${options.deleteDescription ?? ''} Audited. Scope: ${scope('delete')}.`,
        params: IdParams,
        response: { 204: Type.Null({ description: 'Deleted.' }), ...errorResponses(...PUBLIC_ERRORS, 404, 412, 422) },
      },
    },
    async (request: any, reply: any) => {
      const principal = principalOf(request);
      await service.remove(database, principal.workspaceId, request.params.id, principal.actor, { ifMatch: ifMatchOf(request) });
      return reply.code(204).send(null);
    },
  );
}

type ColumnMapping = Record<string, string | [string, (value: any) => unknown]>;

/**
 * Maps the fields present in a body to columns (absent fields are left out, so a PATCH keeps
 * them); a mapping entry may convert the value, e.g. arrays to JSON text.
 */
export function columnsFrom<R>(input: Record<string, unknown>, mapping: ColumnMapping): Partial<R> {
  const columns: Record<string, unknown> = {};
  for (const [field, target] of Object.entries(mapping)) {
    if (!(field in input)) continue;
    const value = input[field];
    if (typeof target === 'string') columns[target] = typeof value === 'string' ? value.trim() : value;
    else columns[target[0]] = target[1](value);
  }
  return columns as Partial<R>;
}

/** 422 unless `id` (when set) names a row of `table` in the workspace. */
export async function requireReference(trx: Kysely<Tables>, table: string, workspaceId: string, id: string | null | undefined, field: string): Promise<void> {
  if (id === null || id === undefined) return;
  if (!(await findRow(trx, table, workspaceId, id))) {
    throw new ApiError('unprocessable_entity', `${field} does not name a ${table.replace(/s$/, '').replace(/_/g, ' ')} of this workspace`);
  }
}

/** 422 when setting `parentId` would make a row its own ancestor (categories, teams). */
export async function refuseCycle(trx: Kysely<Tables>, table: string, workspaceId: string, id: string, parentId: string | null): Promise<void> {
  let current = parentId;
  for (let depth = 0; current && depth < 1000; depth += 1) {
    if (current === id) throw new ApiError('unprocessable_entity', 'parentId would create a cycle');
    const parent = await findRow<{ parent_id: string | null }>(trx, table, workspaceId, current);
    current = parent?.parent_id ?? null;
  }
}

/**
 * Filter "linked through `linkTable` to `value`": rows whose id is in the link table's `ownColumn`.
 * The workspace is a plain value, not a correlation: a correlated subquery makes PostgreSQL rescan
 * the link table once per row (seconds at 100,000 rows).
 */
export function linkedTo(eb: Eb, workspaceId: string, linkTable: string, ownColumn: string, column: string, value: string): Expression<SqlBool> {
  return eb('id', 'in', eb.selectFrom(linkTable).select(ownColumn).where(`${linkTable}.workspace_id`, '=', workspaceId).where(column, '=', value));
}
