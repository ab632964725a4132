/**
 * A page of items written as JSON by SQLite: each row's item as the text the list route's
 * serializer writes for it (the same fields in the same order, the same escapes), so that a page
 * computed without the response cache makes no object per row or field and serializes nothing but
 * its envelope and the items' custom fields (docs/decisions.md, "Performance").
 *
 * SQLite writes an item's fields but its last, `customFields`: which keys it shows depends on the
 * workspace's definitions, read in the same statement (crud.ts), so they are added here. SQLite's
 * json_object escapes strings as JSON.stringify does; test/base/resources/item-json.test.ts holds
 * every family's text to the serializer's, byte for byte. PostgreSQL is not asked to: its JSON costs
 * it more CPU than the rows and their serializing cost Node (0.27 ms against 0.17 ms for a page of
 * 50 servers), and on one machine both share the cores.
 */
import { type RawBuilder, sql } from 'kysely';
import { shownValues, storedValues } from '../custom-fields/values.js';
import type { JsonField } from './family.js';

/** A field's value as json_object takes it: the column, or JSON it embeds as it is (true/false, an array). */
function jsonValue({ column, as }: JsonField): string {
  const ref = `"${column}"`;
  if (as === 'boolean') return `json(case when ${ref} <> 0 then 'true' else 'false' end)`;
  return as === 'json' ? `json(${ref})` : ref;
}

/**
 * The row's item as SQLite's json_object writes it, every field but `customFields` (itemText adds
 * them). Field names and columns are the family's own, never a request's.
 */
export function itemJson(fields: readonly JsonField[]): RawBuilder<string> {
  const pairs = fields.map((field) => `'${field.field}', ${jsonValue(field)}`);
  return sql<string>`json_object(${sql.raw(pairs.join(', '))})`;
}

/** The item's text: the database's object, with its custom fields added, every one of `names` (null when unset). */
export function itemText(written: string, storedFields: unknown, names: readonly string[]): string {
  const shown = names.length === 0 ? '{}' : JSON.stringify(shownValues(names, storedValues(storedFields)));
  return `${written.slice(0, -1)},"customFields":${shown}}`;
}

/** The offset list's text around items' texts, as the route's serializer writes it. */
export function pageText(items: readonly string[], page: { limit: number; offset: number }, total: number): string {
  return `{"data":[${items.join(',')}],"pagination":{"limit":${page.limit},"offset":${page.offset},"total":${total}}}`;
}
