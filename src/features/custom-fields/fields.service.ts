/**
 * A workspace's custom field definitions: listed, read, created, changed and deleted by the API
 * (`/custom-fields`) and the CLI (`estate field`), each change in the workspace's write
 * transaction (so every instance's kept lists move on) and audited as a settings change.
 */
import { type Kysely, sql } from 'kysely';
import type { Actor, Changes } from '../../base/audit/audit.types.js';
import { diffFields, recordAudit } from '../../base/audit/audit.writer.js';
import type { Database, Dialect } from '../../base/db/database.js';
import type { Tables } from '../../base/db/schema.js';
import { writeTransaction } from '../../base/db/write.js';
import { ApiError, notFound } from '../../base/errors/api-error.js';
import { FAMILIES } from '../../families/registry.js';
import { requireMatch } from '../../base/http/etag.js';
import { isUuid, newId, nowIso } from '../../base/ids.js';
import { checkDefinition, labelOf, type FieldRules, valueSchema } from '../../base/custom-fields/fields.rules.js';
import { User } from '../../families/people/users.module.js';
import { familyTable, fieldRowToDto } from '../../base/custom-fields/values.js';

export { fieldRowToDto };
import { convertValues, reachesValues } from './conversion.js';
import { fieldIndexName, reconcileFieldIndexes, syncFieldIndex } from '../../base/custom-fields/indexes.js';
import { reachesSearch, refreshSearchText } from './search-text.js';
import { dialectOf } from '../../base/db/dialect.js';
import {
  MAX_FIELDS_PER_FAMILY,
  type CreateCustomField,
  type CustomField,
  type FieldFamily,
  type FieldSchema,
  type UpdateCustomField,
} from '../../base/custom-fields/fields.schemas.js';

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/** The definition's settings as rows hold them. */
function columnsOf(field: Omit<CustomField, 'id' | 'family' | 'createdAt' | 'updatedAt'>) {
  return {
    name: field.name,
    label: field.label.trim(),
    description: field.description,
    type: field.type,
    required: field.required ? 1 : 0,
    default_value: json(field.default),
    choices: json(field.choices),
    minimum: json(field.minimum),
    maximum: json(field.maximum),
    pattern: field.pattern,
    max_length: field.maxLength,
    reference_family: field.referenceFamily,
    unique_values: field.unique ? 1 : 0,
    group_name: field.group,
    position: field.order,
    filterable: field.filterable ? 1 : 0,
    searchable: field.searchable ? 1 : 0,
  };
}

/** The names of a family's own fields (its item's properties): no custom field may take one. */
function builtInNames(family: FieldFamily): string[] {
  if (family === 'users') return Object.keys(User.properties);
  const found = FAMILIES.find((one) => one.definition.path === `/${family}`);
  return found ? Object.keys(found.definition.schemas.item.properties) : [];
}

/** Refuses a name that is a built-in field's, also written in snake case (`serial_number`). */
export function refuseBuiltIn(family: FieldFamily, name: string): void {
  const flat = name.replaceAll('_', '');
  const clash = builtInNames(family).find((builtIn) => builtIn.toLowerCase() === flat);
  if (clash) throw new ApiError('unprocessable_entity', `name: ${family} have a built-in field ${clash}`);
}

export function rulesOf(field: CustomField | (CreateCustomField & Partial<CustomField>)): FieldRules {
  return {
    name: field.name,
    type: field.type,
    required: field.required ?? false,
    default: field.default ?? null,
    choices: field.choices ?? null,
    minimum: field.minimum ?? null,
    maximum: field.maximum ?? null,
    pattern: field.pattern ?? null,
    maxLength: field.maxLength ?? null,
    referenceFamily: field.referenceFamily ?? null,
    unique: field.unique ?? false,
  };
}

/** A new definition's settings: what `input` gives, every other setting at its default. */
export function definitionOf(input: CreateCustomField): Omit<CustomField, 'id' | 'createdAt' | 'updatedAt'> {
  return {
    ...rulesOf(input),
    referenceFamily: input.referenceFamily ?? null,
    family: input.family,
    label: input.label?.trim() ?? labelOf(input.name),
    description: input.description ?? null,
    group: input.group ?? null,
    order: input.order ?? 0,
    filterable: input.filterable ?? false,
    searchable: input.searchable ?? false,
  };
}

export async function listFields(
  db: Kysely<Tables>,
  workspaceId: string,
  family?: FieldFamily,
): Promise<CustomField[]> {
  let query = db.selectFrom('field_definitions').selectAll().where('workspace_id', '=', workspaceId);
  if (family) query = query.where('family', '=', family);
  const rows = await query.orderBy('family').orderBy('position').orderBy('name').execute();
  return rows.map(fieldRowToDto);
}

async function findRow(db: Kysely<Tables>, workspaceId: string, id: string) {
  // The CLI passes what it was given: an id that is no UUID names no field.
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom('field_definitions')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The family's table: where its items keep their values (`/data` → data_objects). */

/** Whether an item of the field's family holds a value for it (SQL condition). */
function holds(dialect: Dialect, name: string) {
  return dialect === 'postgres'
    ? sql`(custom_fields::jsonb -> ${name}) IS NOT NULL`
    : sql`json_type(custom_fields, ${`$.${name}`}) IS NOT NULL`;
}

/** How many items of the workspace hold a value (null included) for the field. */
export async function valueCount(
  trx: Kysely<Tables>,
  dialect: Dialect,
  workspaceId: string,
  field: { family: string; name: string },
): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(familyTable(field.family))}
    WHERE workspace_id = ${workspaceId} AND ${holds(dialect, field.name)}`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/** Moves each item's value of a renamed field to its new key. */
async function renameValues(trx: Kysely<Tables>, dialect: Dialect, workspaceId: string, from: CustomField, to: string) {
  const [old, next] = [`$.${from.name}`, `$.${to}`];
  const moved =
    dialect === 'postgres'
      ? sql`((custom_fields::jsonb - ${from.name})
          || jsonb_build_object(${to}::text, custom_fields::jsonb -> ${from.name}))::text`
      : sql`json_remove(json_set(custom_fields, ${next}, json(custom_fields -> ${old})), ${old})`;
  await sql`UPDATE ${sql.table(familyTable(from.family))} SET custom_fields = ${moved}
    WHERE workspace_id = ${workspaceId} AND ${holds(dialect, from.name)}`.execute(trx);
}

/** Removes each item's value of a deleted field. */
async function removeValues(trx: Kysely<Tables>, dialect: Dialect, workspaceId: string, field: CustomField) {
  const removed =
    dialect === 'postgres'
      ? sql`(custom_fields::jsonb - ${field.name})::text`
      : sql`json_remove(custom_fields, ${`$.${field.name}`})`;
  await sql`UPDATE ${sql.table(familyTable(field.family))} SET custom_fields = ${removed}
    WHERE workspace_id = ${workspaceId} AND ${holds(dialect, field.name)}`.execute(trx);
}

export async function getField(database: Database, workspaceId: string, id: string): Promise<CustomField> {
  return fieldIn(database.db, workspaceId, id);
}

/** The definition `id` as it is, 404 when the workspace has none, 412 when `ifMatch` is not its ETag. */
async function fieldIn(db: Kysely<Tables>, workspaceId: string, id: string, ifMatch?: string): Promise<CustomField> {
  const row = await findRow(db, workspaceId, id);
  if (!row) throw notFound('custom field');
  const field = fieldRowToDto(row);
  requireMatch(ifMatch, field);
  return field;
}

async function refuseTaken(trx: Kysely<Tables>, workspaceId: string, family: string, name: string, id?: string) {
  let query = trx
    .selectFrom('field_definitions')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('family', '=', family)
    .where('name', '=', name);
  if (id) query = query.where('id', '!=', id);
  if (await query.executeTakeFirst())
    throw new ApiError('unprocessable_entity', `name: ${family} have a custom field named ${name} already`);
}

/** A definition as its index is made for (indexes.ts). */
const indexed = (field: CustomField) => ({
  family: field.family,
  name: field.name,
  type: field.type,
});

/** The definition's fields as audit diffs show them. */
export const audited = ({ id: _id, family: _family, createdAt: _created, updatedAt: _updated, ...rest }: CustomField) =>
  rest;

async function audit(
  trx: Kysely<Tables>,
  workspaceId: string,
  action: 'create' | 'update' | 'delete',
  actor: Actor,
  field: CustomField,
  changes: Changes,
): Promise<void> {
  await recordAudit(trx, {
    workspaceId,
    category: 'settings',
    action,
    actor,
    resourceType: 'custom_field',
    resourceId: field.id,
    resourceName: `${field.family}.${field.name}`,
    changes,
  });
}

export async function createField(
  database: Database,
  workspaceId: string,
  input: CreateCustomField,
  actor: Actor,
): Promise<CustomField> {
  checkDefinition(rulesOf(input));
  refuseBuiltIn(input.family, input.name);
  const field = await writeTransaction(database, workspaceId, (trx) => createFieldIn(trx, workspaceId, input, actor));
  void reconcileFieldIndexes(database);
  return field;
}

/** Creates a checked definition in the caller's write transaction (`estate field apply` makes several). */
export async function createFieldIn(
  trx: Kysely<Tables>,
  workspaceId: string,
  input: CreateCustomField,
  actor: Actor,
): Promise<CustomField> {
  await refuseTaken(trx, workspaceId, input.family, input.name);
  const { count } = await trx
    .selectFrom('field_definitions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .where('family', '=', input.family)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_FIELDS_PER_FAMILY)
    throw new ApiError('unprocessable_entity', `${input.family} have ${MAX_FIELDS_PER_FAMILY} custom fields, the most`);
  const now = nowIso();
  const field: CustomField = { id: newId(), ...definitionOf(input), createdAt: now, updatedAt: now };

  await trx
    .insertInto('field_definitions')
    .values({
      workspace_id: workspaceId,
      id: field.id,
      family: field.family,
      ...columnsOf(field),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await syncFieldIndex(trx, dialectOf(trx), indexed(field));
  await audit(trx, workspaceId, 'create', actor, field, diffFields(undefined, audited(field)));
  return field;
}

export async function updateField(
  database: Database,
  workspaceId: string,
  id: string,
  patch: UpdateCustomField,
  actor: Actor,
  ifMatch?: string,
): Promise<CustomField> {
  const field = await writeTransaction(database, workspaceId, (trx) =>
    updateFieldIn(trx, database.dialect, workspaceId, id, patch, actor, ifMatch),
  );
  void reconcileFieldIndexes(database);
  return field;
}

/** Changes a definition in the caller's write transaction; checked whole after the change. */
export async function updateFieldIn(
  trx: Kysely<Tables>,
  dialect: Dialect,
  workspaceId: string,
  id: string,
  patch: UpdateCustomField,
  actor: Actor,
  ifMatch?: string,
): Promise<CustomField> {
  const before = await fieldIn(trx, workspaceId, id, ifMatch);
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const next: CustomField = { ...before, ...defined, label: (patch.label ?? before.label).trim() };
  checkDefinition(rulesOf(next));
  if (next.name !== before.name) {
    refuseBuiltIn(next.family, next.name);
    await refuseTaken(trx, workspaceId, next.family, next.name, id);
  }
  const changes = diffFields(audited(before), audited(next));
  if (Object.keys(changes).length === 0) return before;
  // A new type converts the values items hold, and any change must leave them values of the field.
  if (reachesValues(rulesOf(before), rulesOf(next)))
    await convertValues(trx, dialect, workspaceId, before.family, rulesOf(before), {
      ...rulesOf(next),
      name: before.name,
    });
  if (next.name !== before.name) await renameValues(trx, dialect, workspaceId, before, next.name);
  next.updatedAt = nowIso();
  await trx
    .updateTable('field_definitions')
    .set({ ...columnsOf(next), updated_at: next.updatedAt })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .execute();
  const [was, is] = [indexed(before), indexed(next)];
  if (fieldIndexName(dialect, was) !== fieldIndexName(dialect, is)) await syncFieldIndex(trx, dialect, was);
  await syncFieldIndex(trx, dialect, is);
  if (reachesSearch(before, next)) await refreshSearchText(trx, dialect, workspaceId, next.family);
  await audit(trx, workspaceId, 'update', actor, next, changes);
  return next;
}

export async function deleteField(
  database: Database,
  workspaceId: string,
  id: string,
  actor: Actor,
  ifMatch?: string,
): Promise<CustomField> {
  const field = await writeTransaction(database, workspaceId, (trx) =>
    deleteFieldIn(trx, database.dialect, workspaceId, id, actor, ifMatch),
  );
  void reconcileFieldIndexes(database);
  return field;
}

/** Deletes a definition in the caller's write transaction. */
export async function deleteFieldIn(
  trx: Kysely<Tables>,
  dialect: Dialect,
  workspaceId: string,
  id: string,
  actor: Actor,
  ifMatch?: string,
): Promise<CustomField> {
  const field = await fieldIn(trx, workspaceId, id, ifMatch);
  await removeValues(trx, dialect, workspaceId, field);
  await trx.deleteFrom('field_definitions').where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  await syncFieldIndex(trx, dialect, indexed(field));
  if (reachesSearch(field, undefined)) await refreshSearchText(trx, dialect, workspaceId, field.family);
  const removed = Object.entries(diffFields(undefined, audited(field))).map(([key, { after }]) => [
    key,
    { before: after, after: null },
  ]);
  await audit(trx, workspaceId, 'delete', actor, field, Object.fromEntries(removed));
  return field;
}

/** The JSON Schema of the `customFields` of a family's items, from the workspace's definitions. */
export async function fieldSchema(database: Database, workspaceId: string, family: FieldFamily): Promise<FieldSchema> {
  const fields = await listFields(database.db, workspaceId, family);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `customFields of ${family}`,
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(fields.map((field) => [field.name, valueSchema({ ...rulesOf(field), ...field })])),
    required: fields.filter((field) => field.required).map((field) => field.name),
  };
}
