import type { Static, TObject } from 'typebox';
import { snakeCase } from './family.js';

type Computed<Row, Item> = { [Field in keyof Item]?: (row: Row) => Item[Field] };

/**
 * Maps a row to an item of `schema`: every field read from its snake_case column (`createdAt` from
 * `created_at`), except those `computed` from the whole row. Families do the same in `defineFamily`.
 */
export function itemReader<Row, Item extends TObject>(
  schema: Item,
  computed: Computed<Row, Static<Item>> = {},
): (row: Row) => Static<Item> {
  const read = Object.keys(schema.properties).map((field): [string, (row: Row) => unknown] => {
    const compute = (computed as Record<string, ((row: Row) => unknown) | undefined>)[field];
    const column = snakeCase(field);
    return [field, compute ?? ((row) => (row as Record<string, unknown>)[column])];
  });
  return (row) => {
    const item: Record<string, unknown> = {};
    for (const [field, value] of read) item[field] = value(row);
    return item as Static<Item>;
  };
}
