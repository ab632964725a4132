import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../db/database.js';
import type { Tables } from '../db/schema.js';
import { containsText } from '../db/text-search.js';
import { notFound } from '../errors/api-error.js';
import type { AppDeps, App } from '../http/types.js';
import { DateTime, Uuid } from '../http/schemas.js';
import { isUuid } from '../ids.js';
import { listPage, listQuerySchema, type OffsetList } from '../pagination/offset.js';
import { registerReadRoutes } from '../resources/read-routes.js';
import type { Linkable } from '../resources/family.js';
import { dynamic } from '../db/dynamic.js';

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

/** Users of a workspace are the people with a membership in it. */
export function workspaceUsers(db: Kysely<Tables>, workspaceId: string) {
  return db
    .selectFrom('users')
    .innerJoin('members', (join) => join.onRef('members.user_id', '=', 'users.id').on('members.workspace_id', '=', workspaceId))
    .select(['users.id', 'users.email', 'users.name', 'users.created_at']);
}

export async function findWorkspaceUser(db: Kysely<Tables>, workspaceId: string, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  return workspaceUsers(db, workspaceId).where('users.id', '=', id).executeTakeFirst();
}

const UserListQuery = listQuerySchema({}, ['name', 'email', 'createdAt'], 'Case-insensitive text in the name or e-mail.');

async function listUsers(database: Database, workspaceId: string, query: Static<typeof UserListQuery>): Promise<OffsetList<User>> {
  let rows = workspaceUsers(database.db, workspaceId);
  if (query.q) rows = rows.where((eb) => eb.or([containsText('users.name', query.q!), containsText('users.email', query.q!)]));
  return listPage(rows, query, {
    sorts: { name: 'users.name', email: 'users.email', createdAt: 'users.created_at' },
    defaultSort: 'name',
    idColumn: 'users.id',
    toDtos: (found) => found.map(userRowToDto),
  });
}

export function registerUserRoutes(app: App, { database }: AppDeps): void {
  registerReadRoutes(app, database, {
    path: '/users',
    openApiTag: 'people',
    nouns: { one: 'user', many: 'users' },
    scope: 'users:read',
    listQuery: UserListQuery,
    item: User,
    listDescription: 'The people who are members of the workspace.',
    list: (db, workspaceId, query) => listUsers(db, workspaceId, query),
    get: async (db, workspaceId, id) => {
      const row = await findWorkspaceUser(db.db, workspaceId, id);
      if (!row) throw notFound('user');
      return userRowToDto(row);
    },
  });
}

/** People as a family others refer to (a workstation's assigned user) and link (owners, team members). */
export const userLinkable: Linkable<UserRow, User> = {
  table: 'users',
  nouns: { one: 'user', many: 'users' },
  readScope: 'users:read',
  item: User,
  toDto: userRowToDto,
  find: findWorkspaceUser,
  listLinked: async (db, workspaceId, link, parentId) => {
    const linked = await dynamic(db).selectFrom(link.table).select(link.childColumn).where('workspace_id', '=', workspaceId).where(link.parentColumn, '=', parentId).execute();
    if (linked.length === 0) return [];
    const ids = linked.map((row) => String(row[link.childColumn]));
    return workspaceUsers(db, workspaceId).where('users.id', 'in', ids).orderBy('users.name').orderBy('users.id').execute();
  },
};
