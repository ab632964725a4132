import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import { dynamic } from '../db/dynamic.js';
import type { Tables } from '../db/schema.js';
import { DateTime, Uuid } from '../http/schemas.js';
import type { App, AppDeps } from '../http/types.js';
import { isUuid } from '../ids.js';
import { defineListing, linkableListing, registerListing } from '../resources/listing.js';

export const User = Type.Object(
  {
    id: Uuid('User id: the person, the same in every workspace they belong to.'),
    email: Type.String({ description: 'Login e-mail, lower-case.', examples: ['ada@acme.test'] }),
    name: Type.String({ description: 'Display name.', examples: ['Ada Lovelace'] }),
    createdAt: DateTime('When the person was first added.'),
  },
  { description: 'A person who is a member of the workspace.' },
);
export type User = Static<typeof User>;

export interface UserRow {
  id: string;
  email: string;
  name: string;
  created_at: string;
}

export function userRowToDto(row: UserRow): User {
  return { id: row.id, email: row.email, name: row.name, createdAt: row.created_at };
}

/**
 * Users of a workspace are the people with a membership in it, read from the memberships: they
 * hold copies of each person's name, e-mail and creation time (kept by triggers of the baseline,
 * src/db/baseline/), which the list orders by in their indexes.
 */
export function workspaceUsers(db: Kysely<Tables>, workspaceId: string) {
  return db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .where('members.workspace_id', '=', workspaceId)
    .select(['users.id', 'users.email', 'users.name', 'users.created_at']);
}

export async function findWorkspaceUser(
  db: Kysely<Tables>,
  workspaceId: string,
  id: string,
): Promise<UserRow | undefined> {
  return isUuid(id) ? workspaceUsers(db, workspaceId).where('users.id', '=', id).executeTakeFirst() : undefined;
}

/**
 * How a person is searched, wherever people are listed (users, members): name and e-mail, in the
 * users table's text index.
 */
export const PERSON_SEARCH = { textIndex: { table: 'users' } };

/** The people of the workspace: its members' persons. */
export const userListing = defineListing({
  noun: 'user',
  openApiTag: 'people',
  item: User,
  description: 'The people who are members of the workspace.',
  rows: workspaceUsers,
  ...PERSON_SEARCH,
  sorts: { name: 'members.user_name', email: 'members.user_email', createdAt: 'members.user_created_at' },
  idColumn: 'members.user_id',
  counted: 'members',
  toDto: userRowToDto,
  find: findWorkspaceUser,
});

export function registerUserRoutes(app: App, { database }: AppDeps): void {
  registerListing(app, database, userListing);
}

/** People as a family others refer to (a workstation's assigned user) and link (owners, team members). */
export const userLinkable = linkableListing(userListing, 'users', async (db, workspaceId, link, parentId) => {
  const linked = await dynamic(db)
    .selectFrom(link.table)
    .select(link.childColumn)
    .where('workspace_id', '=', workspaceId)
    .where(link.parentColumn, '=', parentId)
    .execute();
  if (linked.length === 0) return [];
  const ids = linked.map((row) => String(row[link.childColumn]));
  return workspaceUsers(db, workspaceId)
    .where('users.id', 'in', ids)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
});
