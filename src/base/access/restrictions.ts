/**
 * Restrictions: how far a custom role, and the keys made from it, reach into the estate. Per family
 * (its path's name: `servers`, `data`), the list filters that family's API already accepts, each
 * with the values an item must match (`{"servers":{"environment":["staging"],"tagId":["…"]}}`).
 * Every term holds at once (AND), including two values of one filter. A family not named is
 * reached whole; no restrictions at all (`{}`) is the system roles' reach.
 *
 * This module is the data alone; what the terms mean for a family's rows is resources/reach.ts.
 */
import { ApiError } from '../errors/api-error.js';

export type Restrictions = Record<string, Record<string, string[]>>;

export const NO_RESTRICTIONS: Restrictions = Object.freeze({});

/** Query parameters that never restrict: a restriction is a filter, not a search or a page. */
export const NOT_RESTRICTING: ReadonlySet<string> = new Set(['q', 'limit', 'offset', 'sort']);

export function isRestricted(restrictions: Restrictions): boolean {
  return Object.keys(restrictions).length > 0;
}

/** The restrictions in one canonical form: families, filters and values sorted, values once each. */
export function canonicalRestrictions(restrictions: Restrictions): Restrictions {
  const families = Object.keys(restrictions)
    .sort()
    .map((family) => {
      const filters = Object.keys(restrictions[family]!)
        .sort()
        .map((filter) => [filter, [...new Set(restrictions[family]![filter])].sort()] as const)
        .filter(([, values]) => values.length > 0);
      return [family, Object.fromEntries(filters)] as const;
    })
    .filter(([, filters]) => Object.keys(filters).length > 0);
  return Object.fromEntries(families);
}

/** Both reaches at once: every term of either holds (a key made by a restricted member keeps the member's). */
export function bothRestrictions(first: Restrictions, second: Restrictions): Restrictions {
  const merged: Record<string, Record<string, string[]>> = {};
  for (const restrictions of [first, second])
    for (const [family, filters] of Object.entries(restrictions))
      for (const [filter, values] of Object.entries(filters)) add(merged, family, filter, values);
  return canonicalRestrictions(merged);
}

function add(restrictions: Restrictions, family: string, filter: string, values: readonly string[]): void {
  const filters = restrictions[family] ?? {};
  filters[filter] = [...(filters[filter] ?? []), ...values];
  restrictions[family] = filters;
}

/** Whether `inner` holds every term of `outer`: it reaches no item `outer` does not. */
export function narrowerOrEqual(inner: Restrictions, outer: Restrictions): boolean {
  return Object.entries(outer).every(([family, filters]) =>
    Object.entries(filters).every(([filter, values]) =>
      values.every((value) => inner[family]?.[filter]?.includes(value) ?? false),
    ),
  );
}

/** Stored text → restrictions; null or empty text is none. */
export function parseRestrictions(text: string | null | undefined): Restrictions {
  if (!text) return NO_RESTRICTIONS;
  return JSON.parse(text) as Restrictions;
}

/** Restrictions → stored text (canonical, so equal reaches are equal text: the cache keys by it). */
export function restrictionsText(restrictions: Restrictions): string {
  return JSON.stringify(canonicalRestrictions(restrictions));
}

/**
 * What a kept answer's key adds for a caller (lists/response-cache.ts): nothing without restrictions,
 * else the restrictions, so that callers of different reach never share an answer.
 */
export function cacheKeyOfReach(restrictions: Restrictions): string {
  return isRestricted(restrictions) ? ` within ${restrictionsText(restrictions)}` : '';
}

/** A family's terms as people write them: `environment=staging and tagId=…`. */
export function describeTerms(filters: Record<string, string[]>): string {
  return Object.entries(filters)
    .flatMap(([filter, values]) => values.map((value) => `${filter}=${value}`))
    .join(' and ');
}

/**
 * The restrictions of `--restrict FAMILY:FILTER=VALUE` flags (several combine: every one holds).
 * Only the form is checked here; whether the family has that filter is the registry's to say.
 */
export function restrictionsFromFlags(flags: readonly string[]): Restrictions {
  const restrictions: Record<string, Record<string, string[]>> = {};
  for (const flag of flags) {
    const match = /^([a-z][a-z0-9_-]*):([A-Za-z][A-Za-z0-9_]*)=(.*)$/.exec(flag.trim());
    if (!match || match[3]!.trim() === '')
      throw new ApiError('bad_request', `--restrict ${flag}: write FAMILY:FILTER=VALUE (servers:environment=staging)`);
    const [, family, filter, value] = match as unknown as [string, string, string, string];
    add(restrictions, family, filter, [value.trim()]);
  }
  return canonicalRestrictions(restrictions);
}
