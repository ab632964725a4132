import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import { dynamic } from '../../base/db/dynamic.js';
import type { PeopleTable, Tables } from '../../base/db/schema.js';
import { DateTime, OrNull, Uuid } from '../../base/http/schemas.js';
import { fieldNamesOf, shownValues, storedValues } from '../../base/custom-fields/values.js';
import { isUuid } from '../../base/ids.js';
import { equalsFilter } from '../../base/lists/filters.js';
import { defineListing, linkableListing } from '../../base/resources/listing.js';

export const User = Type.Object(
  {
    id: Uuid('Person id. A member keeps the same id in every workspace they belong to.'),
    email: OrNull(
      Type.String({ examples: ['ada@acme.test'] }),
      "A member's login e-mail; the e-mail of a person without an account, if known. Lower-case.",
    ),
    name: Type.String({ description: 'Display name.', examples: ['Ada Lovelace'] }),
    department: OrNull(Type.String(), 'Department, as the workspace records it.'),
    employeeNumber: OrNull(Type.String(), 'Employee number, unique in the workspace.'),
    member: Type.Boolean({
      description:
        'Whether the person is a member (signs in). A person who is not can be owner, assignee or team member.',
    }),
    customFields: Type.Object(
      {},
      {
        additionalProperties: true,
        description:
          'The workspace’s own fields of people (GET /custom-fields?family=users): every one, null when unset.',
        examples: [{ cost_centre: '4711' }],
      },
    ),
    createdAt: DateTime('When the person was first added.'),
    updatedAt: DateTime('When the workspace last changed what it records of the person.'),
  },
  {
    title: 'User',
    description: 'A person of the workspace: a member, or someone the estate is assigned to who never signs in.',
  },
);
export type User = Static<typeof User>;

export function userRowToDto(row: PeopleTable): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    department: row.department,
    employeeNumber: row.employee_number,
    member: row.member === 1,
    customFields: storedValues(row.custom_fields),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The people of a workspace: its members and those it records without an account. */
export function workspaceUsers(db: Kysely<Tables>, workspaceId: string) {
  return db.selectFrom('people').selectAll().where('workspace_id', '=', workspaceId);
}

export async function findWorkspaceUser(
  db: Kysely<Tables>,
  workspaceId: string,
  id: string,
): Promise<PeopleTable | undefined> {
  return isUuid(id) ? workspaceUsers(db, workspaceId).where('id', '=', id).executeTakeFirst() : undefined;
}

/** How members are searched: their account's name and e-mail, in the users table's text index. */
export const PERSON_SEARCH = { textIndex: { table: 'users' } };

/** The people of the workspace. */
export const userListing = defineListing({
  noun: 'user',
  openApiTag: 'people',
  item: User,
  description: 'The people of the workspace: its members, and the people it records who never sign in.',
  rows: workspaceUsers,
  textIndex: { table: 'people' },
  sorts: { name: 'name', email: { column: 'email', nullable: true }, createdAt: 'created_at' },
  filters: {
    member: equalsFilter(
      'member',
      Type.Boolean({ description: 'true: only members; false: only people without an account.' }),
      (value) => (value ? 1 : 0),
    ),
  },
  counted: 'people',
  customFields: { family: 'users', column: 'people.custom_fields' },
  toDto: userRowToDto,
  find: findWorkspaceUser,
});

const linkedUsers = linkableListing(userListing, 'users', async (db, workspaceId, link, parentId) => {
  const linked = await dynamic(db)
    .selectFrom(link.table)
    .select(link.childColumn)
    .where('workspace_id', '=', workspaceId)
    .where(link.parentColumn, '=', parentId)
    .execute();
  if (linked.length === 0) return [];
  const ids = linked.map((row) => String(row[link.childColumn]));
  return workspaceUsers(db, workspaceId).where('id', 'in', ids).orderBy('name').orderBy('id').execute();
});

/** People as a family others refer to (a workstation's assigned user) and link (owners, team members). */
export const userLinkable = {
  ...linkedUsers,
  async toDtos(db: Kysely<Tables>, workspaceId: string, rows: PeopleTable[]): Promise<User[]> {
    if (rows.length === 0) return [];
    const names = await fieldNamesOf(db, workspaceId, 'users');
    return rows.map((row) => {
      const dto = userRowToDto(row);
      return { ...dto, customFields: shownValues(names, dto.customFields as Record<string, unknown>) };
    });
  },
};
