import type { SelectQueryBuilder } from 'kysely';
import { Type, type TProperties, type TSchema } from 'typebox';

export const OFFSET_LIMIT_DEFAULT = 50;
export const OFFSET_LIMIT_MAX = 200;

/** Clamps an integer into [min, max]: out-of-range paging values are corrected, never rejected (spec §8). */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

export interface Page {
  limit: number;
  offset: number;
}

/** The effective page of an offset list: limit 1..200 (default 50), offset ≥ 0 (default 0). */
export function pageOf(query: { limit?: number; offset?: number }): Page {
  return {
    limit: clamp(query.limit ?? OFFSET_LIMIT_DEFAULT, 1, OFFSET_LIMIT_MAX),
    offset: Math.max(0, Math.trunc(query.offset ?? 0)),
  };
}

/** `sort` values for the allow-listed fields: `field` ascending, `-field` descending. */
export function sortValues(fields: readonly string[]): string[] {
  return fields.flatMap((field) => [field, `-${field}`]);
}

/**
 * The query string of an offset list: paging, `q`, an allow-listed `sort` and the family's own
 * filters. Unknown parameters are rejected (a mistyped filter must never widen a result).
 */
export function listQuerySchema<P extends TProperties>(filters: P, sortFields: readonly string[], qDescription: string) {
  return Type.Object(
    {
      limit: Type.Optional(Type.Integer({ description: `Page size, default ${OFFSET_LIMIT_DEFAULT}; clamped to 1..${OFFSET_LIMIT_MAX}.`, examples: [50] })),
      offset: Type.Optional(
        Type.Integer({
          minimum: -Number.MAX_SAFE_INTEGER,
          maximum: Number.MAX_SAFE_INTEGER,
          description: 'Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. Not an integer, or beyond ±9007199254740991: 400.',
          examples: [0],
        }),
      ),
      q: Type.Optional(Type.String({ maxLength: 200, description: qDescription })),
      sort: Type.Optional(Type.Enum(sortValues(sortFields), { description: `Sort field, prefixed with - for descending. One of: ${sortValues(sortFields).join(', ')}.` })),
      ...filters,
    },
    { additionalProperties: false },
  );
}

/** The offset list envelope of spec §2.3 around an item schema. */
export function offsetListSchema<T extends TSchema>(item: T, description: string) {
  return Type.Object(
    {
      data: Type.Array(item),
      pagination: Type.Object({
        limit: Type.Integer({ description: 'Effective (clamped) page size.' }),
        offset: Type.Integer({ description: 'Effective offset.' }),
        total: Type.Integer({ description: 'Count of all matching items.' }),
      }),
    },
    { description },
  );
}

export interface OffsetList<T> {
  data: T[];
  pagination: { limit: number; offset: number; total: number };
}

/** Parses `sort` (`name` or `-name`) against the column each allowed field maps to. */
export function sortOf(sort: string | undefined, columns: Record<string, string>, fallback: string): { column: string; direction: 'asc' | 'desc' } {
  const value = sort ?? fallback;
  const descending = value.startsWith('-');
  const field = descending ? value.slice(1) : value;
  return { column: columns[field] ?? columns[fallback.replace(/^-/, '')]!, direction: descending ? 'desc' : 'asc' };
}

/**
 * Runs a filtered query as one page plus the total count. Ordering ends with the id so pages are
 * stable when the sort column has ties.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: Page,
  order: { column: string; direction: 'asc' | 'desc' },
  idColumn: string,
  /** A cheaper way to the total when one is known (trigger-kept counts of unfiltered lists). */
  knownTotal?: () => Promise<number>,
): Promise<{ rows: O[]; total: number }> {
  const counted = query.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')) as unknown as SelectQueryBuilder<DB, TB, { total: number }>;
  const [rows, total] = await Promise.all([
    query
      .orderBy(order.column as never, order.direction)
      .orderBy(idColumn as never, order.direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    knownTotal ? knownTotal().then((value) => ({ total: value })) : counted.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}
