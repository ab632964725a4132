/**
 * Portable definitions (`estate field export` / `estate field apply`): one file of field
 * definitions, without ids, that a team keeps and applies to each of its workspaces. Applying it
 * makes the workspace's definitions those of the file, in one transaction: what the file lacks
 * is deleted, what differs is changed, what is new is created; `--dry-run` tells the same diff and
 * writes nothing.
 */
import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Actor } from '../../base/audit/audit.types.js';
import type { Database } from '../../base/db/database.js';
import type { Tables } from '../../base/db/schema.js';
import { writeTransaction } from '../../base/db/write.js';
import { reconcileFieldIndexes } from '../../base/custom-fields/indexes.js';
import { ApiError } from '../../base/errors/api-error.js';
import { type AjvError, schemaError } from '../../base/http/errors.js';
import { sharedValidators } from '../../base/http/validators.js';
import { checkDefinition } from '../../base/custom-fields/fields.rules.js';
import {
  CreateCustomField,
  type CustomField,
  FIELD_FAMILIES,
  type FieldFamily,
  MAX_FIELDS_PER_FAMILY,
} from '../../base/custom-fields/fields.schemas.js';
import {
  audited,
  createFieldIn,
  definitionOf,
  deleteFieldIn,
  listFields,
  refuseBuiltIn,
  rulesOf,
  updateFieldIn,
  valueCount,
} from './fields.service.js';

export const FieldSet = Type.Object(
  {
    fields: Type.Array(CreateCustomField, {
      maxItems: FIELD_FAMILIES.length * MAX_FIELDS_PER_FAMILY,
      description: 'Every field of the set, as `POST /custom-fields` takes them.',
    }),
  },
  { additionalProperties: false, description: 'A set of custom field definitions, without ids.' },
);
export type FieldSet = Static<typeof FieldSet>;

/** One definition as a file holds it: every setting, none of the identity. */
type Portable = Omit<CustomField, 'id' | 'createdAt' | 'updatedAt'>;

export interface FieldDiff {
  created: string[];
  changed: { field: string; settings: string[] }[];
  removed: string[];
  /** Item values held by the fields removed, and by those whose type or choices change. */
  valuesAffected: number;
  dryRun: boolean;
}

const keyOf = (field: { family: string; name: string }) => `${field.family}.${field.name}`;

function portable({ id: _id, createdAt: _created, updatedAt: _updated, ...rest }: CustomField): Portable {
  return rest;
}

/** The workspace's definitions as a file holds them, by family, then order, then name. */
export async function exportFields(database: Database, workspaceId: string, family?: FieldFamily): Promise<FieldSet> {
  return { fields: (await listFields(database.db, workspaceId, family)).map(portable) };
}

/** Reads and checks a file's set: its shape, each definition whole, no field twice, at most 64 per family. */
export function readFieldSet(value: unknown): Portable[] {
  const validate = sharedValidators().strict.compile(FieldSet);
  if (!validate(value)) throw schemaError((validate.errors ?? [])[0] as AjvError, 'body');
  const entries = (value as FieldSet).fields.map(definitionOf);
  const seen = new Set<string>();
  const perFamily = new Map<string, number>();
  entries.forEach((entry, index) => {
    const where = `fields[${index}] (${keyOf(entry)})`;
    if (seen.has(keyOf(entry))) throw new ApiError('bad_request', `${where}: the set names this field twice`);
    seen.add(keyOf(entry));
    perFamily.set(entry.family, (perFamily.get(entry.family) ?? 0) + 1);
    if (perFamily.get(entry.family)! > MAX_FIELDS_PER_FAMILY)
      throw new ApiError('bad_request', `${where}: more than ${MAX_FIELDS_PER_FAMILY} fields on ${entry.family}`);
    try {
      checkDefinition(rulesOf(entry));
      refuseBuiltIn(entry.family, entry.name);
    } catch (error) {
      if (error instanceof ApiError) throw new ApiError(error.code, `${where}: ${error.message}`);
      throw error;
    }
  });
  return entries;
}

async function diffOf(
  trx: Kysely<Tables>,
  database: Database,
  workspaceId: string,
  wanted: Portable[],
  dryRun: boolean,
): Promise<{ diff: FieldDiff; current: Map<string, CustomField> }> {
  const current = new Map((await listFields(trx, workspaceId)).map((field) => [keyOf(field), field]));
  const wantedKeys = new Set(wanted.map(keyOf));
  const diff: FieldDiff = { created: [], changed: [], removed: [], valuesAffected: 0, dryRun };
  for (const [key, field] of current)
    if (!wantedKeys.has(key)) {
      diff.removed.push(key);
      diff.valuesAffected += await valueCount(trx, database.dialect, workspaceId, field);
    }
  for (const entry of wanted) {
    const existing = current.get(keyOf(entry));
    if (!existing) {
      diff.created.push(keyOf(entry));
      continue;
    }
    const before = audited(existing) as Record<string, unknown>;
    const settings = Object.keys(entry).filter(
      (setting) =>
        setting !== 'family' &&
        JSON.stringify(before[setting] ?? null) !== JSON.stringify((entry as Record<string, unknown>)[setting]),
    );
    if (settings.length === 0) continue;
    diff.changed.push({ field: keyOf(entry), settings });
    if (settings.includes('type') || settings.includes('choices'))
      diff.valuesAffected += await valueCount(trx, database.dialect, workspaceId, existing);
  }
  return { diff, current };
}

/**
 * Makes the workspace's definitions those of `wanted` (readFieldSet), each change audited as the
 * API's are, all in one transaction; with `dryRun`, only the diff.
 */
export async function applyFields(
  database: Database,
  workspaceId: string,
  wanted: Portable[],
  actor: Actor,
  { dryRun = false } = {},
): Promise<FieldDiff> {
  if (dryRun) return (await diffOf(database.db, database, workspaceId, wanted, true)).diff;
  const applied = await writeTransaction(database, workspaceId, async (trx) => {
    const { diff, current } = await diffOf(trx, database, workspaceId, wanted, false);
    for (const key of diff.removed)
      await deleteFieldIn(trx, database.dialect, workspaceId, current.get(key)!.id, actor);
    for (const { field } of diff.changed) {
      const { family: _family, ...settings } = wanted.find((entry) => keyOf(entry) === field)!;
      await updateFieldIn(trx, database.dialect, workspaceId, current.get(field)!.id, settings, actor);
    }
    for (const key of diff.created)
      await createFieldIn(trx, workspaceId, wanted.find((entry) => keyOf(entry) === key)!, actor);
    return diff;
  });
  void reconcileFieldIndexes(database);
  return applied;
}
