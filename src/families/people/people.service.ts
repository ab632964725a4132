/**
 * People who are not members (docs/people.md): someone the estate is assigned to who never signs
 * in. Each has a row in `people`, as members do, and an id row in `users` (no password, an address
 * under the reserved `.invalid` domain, bound to the workspace) so that owners, assignees and team
 * members keep one kind of reference. Becoming a member keeps what they were given
 * (`joinPeople`).
 */
import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Actor } from '../../base/audit/audit.types.js';
import { deleteRecorded, recordAudit } from '../../base/audit/audit.writer.js';
import type { Database } from '../../base/db/database.js';
import type { PeopleTable, Tables } from '../../base/db/schema.js';
import { writeTransaction } from '../../base/db/write.js';
import { ApiError, notFound } from '../../base/errors/api-error.js';
import type { ItemDeletion, Release } from '../../base/resources/crud.js';
import { Clearable, Text } from '../../base/http/schemas.js';
import { requireMatch } from '../../base/http/etag.js';
import { newId, nowIso } from '../../base/ids.js';
import { requireEmail, requireName } from '../../base/validation.js';
import type { Changes } from '../../base/audit/audit.types.js';
import {
  fieldNamesOf,
  shownValues,
  splitFieldChanges,
  storedValues,
  valuesToStore,
} from '../../base/custom-fields/values.js';
import { dialectOf } from '../../base/db/dialect.js';
import { findWorkspaceUser, userRowToDto, type User } from './users.module.js';

const FIELD_VALUES = 'Values of the workspace’s custom fields of people (GET /custom-fields?family=users), by name.';

/** The fields the audit diff of a person names. */
const AUDITED = ['name', 'email', 'department', 'employeeNumber', 'customFields'] as const;

/** What changed between two answers of a person, with each custom field's change on its own. */
function changesOf(before: Partial<User>, after: User): Changes {
  const changes: Changes = {};
  for (const key of AUDITED) {
    const [old, next] = [before[key] ?? null, after[key]];
    if (JSON.stringify(old) !== JSON.stringify(next)) changes[key] = { before: old, after: next };
  }
  return splitFieldChanges(changes);
}

/** A person as the API answers them: every custom field of people in the workspace, null when unset. */
export async function personAnswer(trx: Kysely<Tables>, workspaceId: string, row: PeopleTable): Promise<User> {
  const dto = userRowToDto(row);
  return {
    ...dto,
    customFields: shownValues(
      await fieldNamesOf(trx, workspaceId, 'users'),
      dto.customFields as Record<string, unknown>,
    ),
  };
}

const Name = Type.String({ minLength: 1, maxLength: 200, description: 'Display name.' });
const Email = Type.String({ maxLength: 254, description: 'E-mail, unique among the people of the workspace.' });
const Department = Text(200);
const EmployeeNumber = Type.String({ minLength: 1, maxLength: 100 });

export const CreatePerson = Type.Object(
  {
    name: Name,
    email: Type.Optional(Email),
    department: Type.Optional(Department),
    employeeNumber: Type.Optional(EmployeeNumber),
    customFields: Type.Optional(
      Type.Object(
        {},
        { additionalProperties: true, description: FIELD_VALUES + ' Fields left out take their default.' },
      ),
    ),
  },
  { additionalProperties: false, description: 'A person without an account.' },
);
export type CreatePerson = Static<typeof CreatePerson>;

export const UpdatePerson = Type.Object(
  {
    name: Type.Optional(Name),
    email: Clearable(Email, "The person's e-mail; null clears it. A member's is their account's (422)."),
    department: Clearable(Department, 'null clears it.'),
    employeeNumber: Clearable(EmployeeNumber, 'null clears it. Unique in the workspace.'),
    customFields: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          description: FIELD_VALUES + ' Merged into the stored ones; null clears a field.',
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    description: "The fields to change. A member's name and e-mail are their account's: only an account changes them.",
  },
);
export type UpdatePerson = Static<typeof UpdatePerson>;

/** The address of a person's id row: never a real one, never signs in (requireEmail refuses `.invalid`). */
const idRowEmail = (id: string) => `${id}@people.invalid`;

async function refuseTaken(
  trx: Kysely<Tables>,
  workspaceId: string,
  person: { id?: string; email?: string | null; employee_number?: string | null },
): Promise<void> {
  for (const [column, label] of [
    ['email', 'e-mail'],
    ['employee_number', 'employee number'],
  ] as const) {
    const value = person[column];
    if (value === undefined || value === null) continue;
    const holder = await trx
      .selectFrom('people')
      .select(['id', 'member'])
      .where('workspace_id', '=', workspaceId)
      .where(column, '=', value)
      .executeTakeFirst();
    if (holder && holder.id !== person.id)
      throw new ApiError('unprocessable_entity', `a person of this workspace has the ${label} ${value} already`);
  }
}

const textOf = (value: string | null | undefined) =>
  value === undefined || value === null ? value : value.trim() || null;

/** Creates a person without an account inside the caller's transaction (an import's `--create-people`). */
export async function createPersonIn(
  trx: Kysely<Tables>,
  workspaceId: string,
  input: CreatePerson,
  actor: Actor,
): Promise<User> {
  const now = nowIso();
  const id = newId();
  const values = await valuesToStore({
    trx,
    dialect: dialectOf(trx),
    workspaceId,
    family: 'users',
    id,
    before: undefined,
    input: input.customFields,
  });
  const row: PeopleTable = {
    workspace_id: workspaceId,
    id,
    name: requireName(input.name, 'name'),
    email: input.email === undefined ? null : requireEmail(input.email),
    department: textOf(input.department) ?? null,
    employee_number: textOf(input.employeeNumber) ?? null,
    member: 0,
    custom_fields: JSON.stringify(values),
    created_at: now,
    updated_at: now,
  };
  await refuseTaken(trx, workspaceId, row);
  await trx
    .insertInto('users')
    .values({
      id,
      email: idRowEmail(id),
      name: row.name,
      password_hash: null,
      created_at: now,
      workspace_id: workspaceId,
    })
    .execute();
  await trx.insertInto('people').values(row).execute();
  const created = await personAnswer(trx, workspaceId, row);
  await recordAudit(trx, {
    workspaceId,
    category: 'organisation',
    action: 'create',
    actor,
    resourceType: 'user',
    resourceId: id,
    resourceName: row.name,
    changes: changesOf({}, created),
  });
  return created;
}

export function createPerson(database: Database, workspaceId: string, input: CreatePerson, actor: Actor) {
  return writeTransaction(database, workspaceId, (trx) => createPersonIn(trx, workspaceId, input, actor));
}

async function requirePerson(trx: Kysely<Tables>, workspaceId: string, id: string): Promise<PeopleTable> {
  const row = await findWorkspaceUser(trx, workspaceId, id);
  if (!row) throw notFound('user');
  return row;
}

export async function updatePerson(
  database: Database,
  workspaceId: string,
  id: string,
  input: UpdatePerson,
  actor: Actor,
  ifMatch?: string,
): Promise<User> {
  return writeTransaction(database, workspaceId, async (trx) => {
    const row = await requirePerson(trx, workspaceId, id);
    const before = await personAnswer(trx, workspaceId, row);
    requireMatch(ifMatch, before);
    const values =
      input.customFields === undefined
        ? undefined
        : await valuesToStore({
            trx,
            dialect: dialectOf(trx),
            workspaceId,
            family: 'users',
            id,
            before: storedValues(row.custom_fields),
            input: input.customFields,
          });
    const next: PeopleTable = {
      ...row,
      ...(values === undefined ? {} : { custom_fields: JSON.stringify(values) }),
      ...(input.name === undefined ? {} : { name: requireName(input.name, 'name') }),
      ...(input.email === undefined ? {} : { email: input.email === null ? null : requireEmail(input.email) }),
      ...(input.department === undefined ? {} : { department: textOf(input.department) ?? null }),
      ...(input.employeeNumber === undefined ? {} : { employee_number: textOf(input.employeeNumber) ?? null }),
    };
    if (row.member === 1 && (next.name !== row.name || next.email !== row.email))
      throw new ApiError(
        'unprocessable_entity',
        `${row.name} is a member: their name and e-mail are their account's and change only with it`,
      );
    await refuseTaken(trx, workspaceId, next);
    const after = await personAnswer(trx, workspaceId, { ...next, updated_at: nowIso() });
    const changes = changesOf(before, after);
    if (Object.keys(changes).length === 0) return before;
    await trx
      .updateTable('people')
      .set({
        name: next.name,
        email: next.email,
        department: next.department,
        employee_number: next.employee_number,
        ...(next.custom_fields === undefined ? {} : { custom_fields: next.custom_fields }),
        updated_at: after.updatedAt,
      })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .execute();
    if (row.member === 0) await trx.updateTable('users').set({ name: next.name }).where('id', '=', id).execute();
    await recordAudit(trx, {
      workspaceId,
      category: 'organisation',
      action: 'update',
      actor,
      resourceType: 'user',
      resourceId: id,
      resourceName: next.name,
      changes,
    });
    return after;
  });
}

/** Deletes a person without an account; what they were given is released as when a member leaves. */
export async function deletePerson(database: Database, release: Release, deletion: ItemDeletion): Promise<void> {
  const { workspaceId, id, actor, ifMatch } = deletion;
  await writeTransaction(database, workspaceId, async (trx) => {
    const row = await requirePerson(trx, workspaceId, id);
    requireMatch(ifMatch, await personAnswer(trx, workspaceId, row));
    if (row.member === 1)
      throw new ApiError(
        'unprocessable_entity',
        `${row.name} is a member: remove the membership (DELETE /members/{id}) to remove them`,
      );
    await release(trx, workspaceId, { table: 'users', id }, actor);
    await deleteRecorded(trx, 'people', {
      workspaceId,
      category: 'organisation',
      actor,
      resourceType: 'user',
      resourceId: id,
      resourceName: row.name,
    });
    // The id row goes with the person (only a person without an account has one bound to the workspace).
    await trx.deleteFrom('users').where('id', '=', id).where('workspace_id', '=', workspaceId).execute();
  });
}
