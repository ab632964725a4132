/**
 * A listed resource that is not a family (tags, users, members, agents, discovered applications),
 * declared the way families are: its rows, search columns, sorts and filters, from which its list
 * query schema, its list and its read routes are derived (read-routes.ts).
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { Type, type Static, type TObject } from 'typebox';
import { titleOf } from '../http/schemas.js';
import type { Database } from '../db/database.js';
import type { DynamicTables } from '../db/dynamic.js';
import type { Tables } from '../db/schema.js';
import { describedSearch, serviceStorage, STORAGE, versionedSearch } from '../db/storage.js';
import type { FieldFamily } from '../custom-fields/field-kinds.js';
import { FIELD_LIST_PARAMETERS, fieldTerms, namesFields } from '../custom-fields/list-terms.js';
import { fieldNamesOf, itemFieldsOf, shownValues } from '../custom-fields/values.js';
import { textIndexCount, type TextIndex } from '../db/text-search.js';
import { notFound } from '../errors/api-error.js';
import {
  listPage,
  listQuerySchema,
  offsetListSchema,
  type ListQuery,
  type OffsetList,
  type Sort,
} from '../lists/offset.js';
import type { App, AppDeps } from '../http/types.js';
import { componentName, searchDescription, withTitle, type Linkable, type Nouns } from './family.js';
import type { Filter } from '../lists/filters.js';
import { sortScanOf, whereMatching } from '../lists/matching.js';
import { singleFilterTotalsOf } from '../lists/plan.js';
import { registerReadRoutes } from './read-routes.js';

export interface ListingDefinition<Row, Item extends TObject, DB = Tables, From extends keyof DB = keyof DB> {
  /** The singular noun; the plural adds an s. */
  noun: string;
  /** Default: the plural noun, kebab-case (`discovered application` → `/discovered-applications`). */
  path?: string;
  /** Default: the plural noun. */
  openApiTag?: string;
  /** The read scope of the list and the item. Default: the path's name, `:read`. */
  scope?: string;
  item: Item;
  /** What the list holds (the scope and paging sentence are added). */
  description: string;
  /** The workspace's rows, joined as the item needs; `sort`, the name of the requested order, may choose how. */
  rows(db: Kysely<Tables>, workspaceId: string, sort?: string): SelectQueryBuilder<DB, From, Row>;
  /** One row of the workspace by id; undefined for a missing, foreign or malformed id. */
  find(db: Kysely<Tables>, workspaceId: string, id: string): Promise<Row | undefined>;
  /** The table whose searched columns (db/storage.ts) `q` searches, and the name the rows query gives it. */
  textIndex: TextIndex;
  sorts: Record<string, Sort>;
  /** Default name. */
  defaultSort?: string;
  /** The id column, last in every ordering (default id). */
  idColumn?: string;
  filters?: Record<string, Filter>;
  /** The table whose trigger-kept count answers an unfiltered total. */
  counted?: string;
  /**
   * The family of custom field definitions the items take (custom-fields/), and the column of the
   * rows holding their values: the items show `customFields` (every field, null when unset) and
   * the list takes `cf_` filters and sorts, as a family's.
   */
  customFields?: { family: FieldFamily; column: string };
  /**
   * PostgreSQL, where `rows` would read a page badly in the order of `sort`: the page's rows read
   * another way, or undefined. `matching` adds the list's conditions to a query of the rows;
   * `reach` is the page's end (offset + limit). The total still counts `rows`.
   */
  pagedRows?(
    db: Kysely<Tables>,
    workspaceId: string,
    sort: string,
    direction: 'asc' | 'desc',
    matching: <Q>(rows: Q) => Q,
    reach: number,
  ): SelectQueryBuilder<DB, From, Row> | undefined;
  toDto(row: Row): Static<Item>;
}

export interface Listing<Row = unknown, Item extends TObject = TObject> {
  nouns: Nouns;
  path: string;
  scope: string;
  openApiTag: string;
  item: Item;
  description: string;
  toDto(row: Row): Static<Item>;
  find(db: Kysely<Tables>, workspaceId: string, id: string): Promise<Row | undefined>;
  listQuery: TObject;
  /** The offset list envelope around the item schema. */
  listSchema: ReturnType<typeof offsetListSchema<Item>>;
  list(database: Database, workspaceId: string, query: ListQuery): Promise<OffsetList<Static<Item>>>;
  /** One item by id, or 404 not_found. */
  get(database: Database, workspaceId: string, id: string): Promise<Static<Item>>;
  /** The columns `q` searches and their text index. */
  textSearch: { index: TextIndex; columns: readonly string[] };
  /** The list's filters, by query parameter. */
  filters: Record<string, Filter>;
  /** The list's sorts, by `sort` name. */
  sorts: Record<string, Sort>;
  /** The table whose trigger-kept counts answer totals, if any. */
  counted?: string;
}

/** The `cf_` parameters and sort of a query, as filters and a sort of this request only. */
async function fieldTermsOf(
  database: Database,
  workspaceId: string,
  fields: ListingDefinition<unknown, TObject, unknown, never>['customFields'],
  query: ListQuery,
) {
  if (!fields || !namesFields(query)) return undefined;
  const defined = await itemFieldsOf(database.db, workspaceId, fields.family);
  return fieldTerms(database.dialect, fields.family, defined, query, fields.column);
}

export function defineListing<Row, Item extends TObject, DB, From extends keyof DB>(
  definition: ListingDefinition<Row, Item, DB, From>,
): Listing<Row, Item> {
  const listed = definition.filters ?? {};
  const nouns = { one: definition.noun, many: `${definition.noun}s` };
  const path = definition.path ?? `/${nouns.many.replaceAll(' ', '-')}`;
  const { table, alias } = definition.textIndex;
  const facts = STORAGE[table] ?? {};
  const searched = (facts.searched ?? []).map((column) => `${alias ?? table}.${column}`);
  const textSearch = { index: definition.textIndex, columns: searched };
  const item = titleOf(definition.item) ? definition.item : withTitle(definition.item, componentName(definition.noun));
  /** The items with every field of their workspace's definitions (null when unset), where they take fields. */
  const withFields = async <Dto>(database: Database, workspaceId: string, dtos: Dto[]): Promise<Dto[]> => {
    const fields = definition.customFields;
    if (!fields || dtos.length === 0) return dtos;
    const names = await fieldNamesOf(database.db, workspaceId, fields.family);
    return dtos.map((dto) => {
      const values = (dto as { customFields?: Record<string, unknown> }).customFields ?? {};
      return { ...dto, customFields: shownValues(names, values) };
    });
  };
  return {
    nouns,
    path,
    scope: definition.scope ?? `${path.slice(1)}:read`,
    openApiTag: definition.openApiTag ?? nouns.many,
    item,
    description: definition.description,
    toDto: definition.toDto,
    find: definition.find,
    listQuery: listQuerySchema(
      Object.fromEntries(Object.entries(listed).map(([name, filter]) => [name, Type.Optional(filter.schema)])),
      Object.keys(definition.sorts),
      searchDescription(facts.searched ? describedSearch(facts) : searched),
      definition.customFields === undefined ? {} : { patterns: FIELD_LIST_PARAMETERS },
    ),
    listSchema: offsetListSchema(item, `Offset list of ${nouns.many}.`, `${titleOf(item)}List`),
    textSearch,
    filters: listed,
    sorts: definition.sorts,
    ...(definition.counted ? { counted: definition.counted } : {}),
    async list(database, workspaceId, query) {
      const named = await fieldTermsOf(database, workspaceId, definition.customFields, query);
      const filters = named ? { ...listed, ...named.filters } : listed;
      const sorts = named ? { ...definition.sorts, ...named.sorts } : definition.sorts;
      // Filters name columns at run time: they apply to the dynamic view of the rows (db/dynamic.ts).
      const defaultSort = definition.defaultSort ?? 'name';
      const sort = (query.sort ?? defaultSort).replace(/^-/, '');
      const rows = definition.rows(database.db, workspaceId, sort) as unknown as SelectQueryBuilder<
        DynamicTables,
        string,
        Row
      >;
      const conditions = { query, search: { dialect: database.dialect, ...textSearch }, filters, workspaceId };
      const matching = <Q>(selected: Q) =>
        whereMatching(selected as unknown as typeof rows, conditions) as unknown as Q;
      const { pagedRows } = definition;
      // The counted table is the one the list pages; `q` may search it (its text index names it) or another.
      const searchesCounted = definition.textIndex.table === definition.counted;
      const versioned = searchesCounted ? versionedSearch(facts) : undefined;
      const counted = definition.counted
        ? { table: definition.counted, alias: searchesCounted ? definition.textIndex.alias : undefined }
        : undefined;
      return listPage(matching(rows), query, {
        ...(counted ? sortScanOf(rows, conditions, counted) : {}),
        ...(pagedRows && database.dialect === 'postgres'
          ? {
              paged: (direction: 'asc' | 'desc', reach: number) =>
                pagedRows(database.db, workspaceId, sort, direction, matching, reach) as unknown as
                  | typeof rows
                  | undefined,
            }
          : {}),
        sorts,
        defaultSort,
        idColumn: definition.idColumn ?? 'id',
        ...(definition.counted
          ? {
              counted: {
                db: database.db,
                workspaceId,
                table: definition.counted,
                singleFilter: singleFilterTotalsOf(
                  filters,
                  database.db,
                  workspaceId,
                  definition.counted,
                  serviceStorage,
                ),
                ...(versioned
                  ? {
                      searched: versioned,
                      everyRow: (text: string) => textIndexCount(database.dialect, definition.textIndex, text),
                    }
                  : {}),
              },
            }
          : {}),
        toDtos: async (found) =>
          withFields(
            database,
            workspaceId,
            found.map((row) => definition.toDto(row)),
          ),
      });
    },
    async get(database, workspaceId, id) {
      const row = await definition.find(database.db, workspaceId, id);
      if (!row) throw notFound(nouns.one);
      return (await withFields(database, workspaceId, [definition.toDto(row)]))[0]!;
    },
  };
}

/** A listed resource as the child of a link (`/applications/{id}/tags`), kept in `table`. */
export function linkableListing<Row, Item extends TObject>(
  listing: Listing<Row, Item>,
  table: string,
  listLinked: Linkable<Row>['listLinked'],
): Linkable<Row, Static<Item>> {
  return {
    table,
    nouns: listing.nouns,
    readScope: listing.scope,
    item: listing.item,
    toDto: listing.toDto,
    find: listing.find,
    listLinked,
  };
}

/**
 * Registers a listing's `GET {path}` and `GET {path}/{id}`. `reach`: `none` for a listing that
 * shows no inventory item (tags, people, members), so restricted callers read it whole; without
 * it, restricted callers are refused (FastifyContextConfig.reach).
 */
export function registerListing(app: App, deps: AppDeps, listing: Listing, reach?: 'none'): void {
  registerReadRoutes(app, deps, {
    ...listing,
    ...(reach && { reach }),
    listDescription: listing.description,
    // Not a family: no restriction narrows it (access/restrictions.ts).
    list: (db, caller, query) => listing.list(db, caller.workspaceId, query),
    get: (db, caller, id) => listing.get(db, caller.workspaceId, id),
  });
}
