/**
 * The families that take custom fields and the types a field may have: plain values with no
 * imports, read by the server and by the console alike (ui/).
 */

/** The families whose items take custom fields, by their path (`/data` → `data`; people are `/users`). */
export const FIELD_FAMILIES = [
  'categories',
  'teams',
  'applications',
  'servers',
  'networks',
  'routers',
  'workstations',
  'data',
  'contracts',
  'flows',
  'announcements',
  'users',
] as const;
export type FieldFamily = (typeof FIELD_FAMILIES)[number];

export const FIELD_TYPES = [
  'text',
  'longtext',
  'integer',
  'decimal',
  'boolean',
  'date',
  'datetime',
  'url',
  'json',
  'select',
  'multiselect',
  'reference',
  'multireference',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose values have an order a list can sort by (`sort=cf_<name>`). */
export const SORTED_FIELD_TYPES: ReadonlySet<FieldType> = new Set([
  'text',
  'longtext',
  'url',
  'integer',
  'decimal',
  'boolean',
  'date',
  'datetime',
  'select',
  'reference',
]);
