/**
 * What restrictions (access/restrictions.ts) mean for one family's rows: the terms as the family's
 * own list filters, under names of their own, so that a restricted list is planned with the
 * request's filters as one query (lists/offset.ts); which of some ids a caller reaches; and the
 * check of restrictions before they are stored (a role, a key).
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { Type, type TSchema } from 'typebox';
import { describeTerms, isRestricted, NOT_RESTRICTING, type Restrictions } from '../access/restrictions.js';
import { fieldTerms } from '../custom-fields/list-terms.js';
import { itemFieldsOf, type ItemField } from '../custom-fields/values.js';
import { dialectOf } from '../db/dialect.js';
import { dynamic } from '../db/dynamic.js';
import type { Tables } from '../db/schema.js';
import { ApiError, notFound } from '../errors/api-error.js';
import type { Caller } from '../http/authenticate.js';
import { sharedValidators } from '../http/validators.js';
import type { ValidateFunction } from 'ajv';
import type { Filter, FilterLink } from '../lists/filters.js';
import { whereMatching } from '../lists/matching.js';
import type { Family } from './family.js';

/** A family's reach for one caller: its terms as list filters and the values they compare. */
export interface FamilyReach {
  family: Family;
  /** The terms, each under a name no query parameter can have (`reach:environment:0`). */
  filters: Record<string, Filter>;
  /** The terms' values by those names: added to a list query, the planner reads them as its own filters. */
  values: Record<string, unknown>;
  /** Each term's filter by its own name (`reach:environment:0` → `environment`): a kept total of it serves the term. */
  origins: Record<string, string>;
  /** The terms in words (`environment=staging and tagId=…`), for a refusal. */
  described: string;
  /** Terms that follow a link (`tagId`, `teamId`): a created item is linked to them when its body did not. */
  links: { link: FilterLink; value: string }[];
}

/** The key of a family in restrictions: its path's name (`servers`, `data`). */
export const familyKey = (family: Family): string => family.definition.path.slice(1);

/** A term that cannot be read any more (a custom field deleted since): it reaches nothing. */
const NOTHING: Filter = { schema: Type.Any(), where: () => sql<SqlBool>`1 = 0` };

/** The coercing check of each filter's schema, compiled once (Ajv keeps every schema object it compiles). */
const checks = new WeakMap<TSchema, ValidateFunction>();

/** A filter value as the query string would give it (coerced by the filter's schema), or undefined if it is none. */
function coerced(schema: TSchema, value: string): unknown {
  let check = checks.get(schema);
  if (!check) {
    check = sharedValidators().coercing.compile(Type.Object({ value: schema }));
    checks.set(schema, check);
  }
  const holder = { value: value as unknown };
  return check(holder) ? holder.value : undefined;
}

/** One term as a filter of the family, or undefined when the family has no such filter or the value does not fit it. */
async function termFilter(
  family: Family,
  fields: () => Promise<ItemField[]>,
  db: Kysely<Tables>,
  filter: string,
  value: string,
): Promise<{ filter: Filter; value: unknown } | undefined> {
  if (NOT_RESTRICTING.has(filter)) return undefined;
  if (filter.startsWith('cf_')) {
    const defined = await fields();
    try {
      const terms = fieldTerms(dialectOf(db), familyKey(family), defined, { [filter]: value }, customColumn(family));
      const found = terms.filters[filter];
      return found && { filter: found, value };
    } catch {
      return undefined;
    }
  }
  const own = family.definition.filters?.[filter];
  if (!own) return undefined;
  const fitted = coerced(own.schema, value);
  return fitted === undefined ? undefined : { filter: own, value: fitted };
}

const customColumn = (family: Family) => `${family.definition.table}.custom_fields`;

/**
 * The family's reach under `restrictions`, or undefined when they leave it whole. A term the
 * family cannot read (a deleted custom field) reaches nothing: restrictions fail closed.
 */
export async function familyReach(
  db: Kysely<Tables>,
  workspaceId: string,
  family: Family,
  restrictions: Restrictions,
): Promise<FamilyReach | undefined> {
  const terms = restrictions[familyKey(family)];
  if (!terms || Object.keys(terms).length === 0) return undefined;
  let defined: Promise<ItemField[]> | undefined;
  const fields = () => (defined ??= itemFieldsOf(db, workspaceId, familyKey(family)));
  const reach: FamilyReach = {
    family,
    filters: {},
    values: {},
    origins: {},
    described: describeTerms(terms),
    links: [],
  };
  for (const [filter, values] of Object.entries(terms)) {
    for (const [index, value] of values.entries()) {
      const name = `reach:${filter}:${index}`;
      const term = await termFilter(family, fields, db, filter, value);
      reach.filters[name] = term?.filter ?? NOTHING;
      reach.values[name] = term?.value ?? value;
      if (term) reach.origins[name] = filter;
      if (term?.filter.link) reach.links.push({ link: term.filter.link, value: String(term.value).toLowerCase() });
    }
  }
  return reach;
}

/** The caller's reach over a family (undefined: every item). */
export function reachOf(db: Kysely<Tables>, caller: Caller, family: Family): Promise<FamilyReach | undefined> {
  return familyReach(db, caller.workspaceId, family, caller.restrictions);
}

/** The caller's reach over the family kept in a table (undefined: no family, or reached whole). */
export type ReachOfTable = (table: string) => Promise<FamilyReach | undefined>;

/** ReachOfTable for a caller among `families`, each family's reach resolved once. */
export function reachByTable(db: Kysely<Tables>, caller: Caller, families: readonly Family[]): ReachOfTable {
  const known = new Map<string, Promise<FamilyReach | undefined>>();
  return (table) => {
    let reach = known.get(table);
    if (!reach) {
      const family = families.find((candidate) => candidate.definition.table === table);
      reach = family ? reachOf(db, caller, family) : Promise.resolve(undefined);
      known.set(table, reach);
    }
    return reach;
  };
}

/**
 * Items as a restricted caller sees them: the ids of unreached items left out of their relation
 * fields (a contract's `applicationIds`), as if those items did not exist.
 */
export async function withoutUnreached<Dto>(
  db: Kysely<Tables>,
  workspaceId: string,
  family: Family,
  items: Dto[],
  targets: ReachOfTable,
): Promise<Dto[]> {
  let shown = items as Record<string, unknown>[];
  for (const relation of family.definition.relations ?? []) {
    const reach = await targets(relation.target.table);
    if (!reach) continue;
    const ids = [...new Set(shown.flatMap((item) => (item[relation.field] as string[] | undefined) ?? []))];
    const reached = await reachableIds(db, workspaceId, reach, ids);
    shown = shown.map((item) => ({
      ...item,
      [relation.field]: ((item[relation.field] as string[] | undefined) ?? []).filter((id) => reached.has(id)),
    }));
  }
  return shown as Dto[];
}

/**
 * The audit events a caller may read, or undefined for every one: with restrictions, only the
 * events about items it reaches now, or about no family it is restricted in. An item deleted, or
 * moved out of reach, takes its events out of the caller's log with it.
 */
export async function reachedEvents(
  db: Kysely<Tables>,
  caller: Caller,
  families: readonly Family[],
): Promise<((eb: ExpressionBuilder<Tables, 'audit_events'>) => Expression<SqlBool>) | undefined> {
  if (!isRestricted(caller.restrictions)) return undefined;
  const reaches = (await Promise.all(families.map((family) => reachOf(db, caller, family)))).filter(
    (reach): reach is FamilyReach => reach !== undefined,
  );
  if (reaches.length === 0) return undefined;
  const { workspaceId } = caller;
  return (eb) =>
    eb.and(
      reaches.map((reach) => {
        const { table, resourceType } = reach.family.definition;
        const reached = reachedRows(db, workspaceId, reach).select(`${table}.id`);
        return eb.or([
          eb('audit_events.resource_type', '<>', resourceType),
          eb('audit_events.resource_id', 'in', reached as never),
        ]);
      }),
    );
}

/** Which of `ids` (the family's, in the workspace) the reach holds: one query. */
export async function reachableIds(
  db: Kysely<Tables>,
  workspaceId: string,
  reach: FamilyReach,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { table } = reach.family.definition;
  const found = await reachedRows(db, workspaceId, reach)
    .select(`${table}.id as id`)
    .where(`${table}.id`, 'in', [...ids])
    .execute();
  return new Set(found.map((row) => String((row as { id: unknown }).id)));
}

/** The family's rows in the workspace that the reach holds, nothing selected yet (one query with the caller's). */
export function reachedRows(db: Kysely<Tables>, workspaceId: string, reach: FamilyReach) {
  const { table } = reach.family.definition;
  const rows = dynamic(db).selectFrom(table).where(`${table}.workspace_id`, '=', workspaceId);
  return whereMatching(rows, {
    query: reach.values,
    search: { dialect: dialectOf(db), index: { table }, columns: [] },
    filters: reach.filters,
    workspaceId,
  });
}

/** Whether the reach holds one item (no reach: every item). */
export async function reaches(
  db: Kysely<Tables>,
  workspaceId: string,
  reach: FamilyReach | undefined,
  id: string,
): Promise<boolean> {
  return !reach || (await reachableIds(db, workspaceId, reach, [id])).has(id);
}

/** 404 for an item of `family` outside the caller's reach, as for one that does not exist. */
export async function requireReached(db: Kysely<Tables>, caller: Caller, family: Family, id: string): Promise<void> {
  if (!(await reaches(db, caller.workspaceId, await reachOf(db, caller, family), id)))
    throw notFound(family.definition.nouns.one);
}

/** 403 for a write that would leave (or start outside) the caller's reach: nothing is written. */
export function outOfReach(reach: FamilyReach): ApiError {
  const { one } = reach.family.definition.nouns;
  return new ApiError(
    'insufficient_permission',
    `your role reaches only ${reach.family.definition.nouns.many} where ${reach.described}: the ${one} would not match`,
  );
}

/**
 * Restrictions checked before they are stored: each family one of `families`, each filter one of
 * its list filters (a `cf_` one a filterable custom field of the workspace), each value one the
 * filter takes. A refusal names what is wrong.
 */
export async function requireValidRestrictions(
  db: Kysely<Tables>,
  workspaceId: string,
  families: readonly Family[],
  restrictions: Restrictions,
): Promise<void> {
  const byKey = new Map(families.map((family) => [familyKey(family), family]));
  for (const [key, terms] of Object.entries(restrictions)) {
    const family = byKey.get(key);
    if (!family)
      throw new ApiError('bad_request', `restriction ${key}: no such family (one of ${[...byKey.keys()].join(', ')})`);
    const fields = () => itemFieldsOf(db, workspaceId, key);
    for (const [filter, values] of Object.entries(terms)) {
      if (NOT_RESTRICTING.has(filter)) throw new ApiError('bad_request', `restriction ${key}:${filter}: not a filter`);
      if (!filter.startsWith('cf_') && !family.definition.filters?.[filter]) {
        const known = Object.keys(family.definition.filters ?? {}).join(', ');
        throw new ApiError('bad_request', `restriction ${key}:${filter}: ${key} have no such filter (one of ${known})`);
      }
      for (const value of values) {
        if (typeof value !== 'string' || value === '' || value.length > 200)
          throw new ApiError('bad_request', `restriction ${key}:${filter}: a value is 1 to 200 characters`);
        // A custom field's term says itself what is wrong (no such field, not filterable, a bad value).
        if (filter.startsWith('cf_'))
          fieldTerms(dialectOf(db), key, await fields(), { [filter]: value }, customColumn(family));
        if (!(await termFilter(family, fields, db, filter, value)))
          throw new ApiError('bad_request', `restriction ${key}:${filter}=${value}: not a value this filter takes`);
      }
    }
  }
}
