import { Type, type Static } from 'typebox';
import type { TeamsTable } from '../db/schema.js';
import type { AppDeps, App } from '../http/types.js';
import { DateTime, Name, Uuid } from '../http/schemas.js';
import { listQuerySchema, offsetListSchema } from '../pagination/offset.js';
import { columnsFrom, refuseCycle, linkedTo, registerResourceRoutes, requireReference, type ResourceDefinition } from '../resources/crud.js';
import { registerLinkRoutes } from '../resources/links.js';
import { userLinkChild, type User, type UserRow } from '../users/users.module.js';

export const Team = Type.Object(
  {
    id: Uuid('Team id.'),
    name: Type.String({ description: 'Team name.', examples: ['Platform'] }),
    description: Type.Union([Type.String(), Type.Null()], { description: 'What the team does.', examples: ['Runs the shared infrastructure'] }),
    email: Type.Union([Type.String(), Type.Null()], { description: 'Team mailbox.', examples: ['platform@acme.test'] }),
    parentId: Type.Union([Uuid('Parent team.'), Type.Null()], { description: 'Parent team in the organisation; null at the top.' }),
    createdAt: DateTime('Creation instant.'),
    updatedAt: DateTime('Change-tracking field: moves on every change, including member links and unlinks.'),
  },
  { description: 'A team of the organisation.' },
);
export type Team = Static<typeof Team>;

const fields = {
  description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], { description: 'What the team does.' })),
  email: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 254 }), Type.Null()], { description: 'Team mailbox.' })),
  parentId: Type.Optional(Type.Union([Uuid('Parent team id.'), Type.Null()], { description: 'Parent team; null for a top-level team.' })),
};

export function teamRowToDto(row: TeamsTable): Team {
  return { id: row.id, name: row.name, description: row.description, email: row.email, parentId: row.parent_id, createdAt: row.created_at, updatedAt: row.updated_at };
}

export const teamResource: ResourceDefinition<TeamsTable, Team> = {
  table: 'teams',
  resourceType: 'team',
  auditCategory: 'organisation',
  scopeFamily: 'organisation',
  path: '/teams',
  openApiTag: 'teams',
  names: ['team', 'teams'],
  description: 'Teams of the organisation, a tree through parentId.',
  schemas: {
    item: Team,
    create: Type.Object({ name: Name('Team name.', 'Platform'), ...fields }, { additionalProperties: false }),
    update: Type.Object({ name: Type.Optional(Name('Team name.', 'Platform')), ...fields }, { additionalProperties: false }),
    listQuery: listQuerySchema(
      {
        parentId: Type.Optional(Uuid('Only the direct sub-teams of this team.')),
        memberId: Type.Optional(Uuid('Only teams this user belongs to.')),
      },
      ['name', 'createdAt', 'updatedAt'],
      'Case-insensitive text in the name or description.',
    ),
    list: offsetListSchema(Team, 'Offset list of teams.'),
  },
  toDto: teamRowToDto,
  toColumns: (input) => columnsFrom(input, { name: 'name', description: 'description', email: 'email', parentId: 'parent_id' }),
  defaults: { description: null, email: null, parent_id: null },
  searchColumns: ['name', 'description'],
  sortColumns: { name: 'name', createdAt: 'created_at', updatedAt: 'updated_at' },
  defaultSort: 'name',
  filters: (query, eb, workspaceId) => [
    ...(query.parentId ? [eb('parent_id', '=', query.parentId)] : []),
    ...(query.memberId
      ? [linkedTo(eb, workspaceId, 'team_members', 'team_id', 'user_id', query.memberId)]
      : []),
  ],
  trackingColumn: 'updated_at',
  untrackedFields: ['updatedAt', 'createdAt'],
  async check({ trx, workspaceId, next }) {
    await requireReference(trx, 'teams', workspaceId, next.parent_id, 'parentId');
    await refuseCycle(trx, 'teams', workspaceId, next.id, next.parent_id);
  },
  async beforeDelete(trx, workspaceId, row) {
    // Sub-teams move up to the top level rather than disappearing with their parent.
    await trx.updateTable('teams').set({ parent_id: null }).where('workspace_id', '=', workspaceId).where('parent_id', '=', row.id).execute();
  },
};

export function registerTeamRoutes(app: App, { database }: AppDeps): void {
  registerResourceRoutes(app, database, teamResource, undefined, {
    deleteDescription: 'Its members are unlinked, its sub-teams become top-level teams and it is unlinked from applications.',
    updateDescription: 'A parentId that would make the team its own ancestor answers 422.',
  });
  registerLinkRoutes<UserRow, User>(app, database, {
    parent: { table: 'teams', path: '/teams', noun: 'team', resourceType: 'team', auditCategory: 'organisation', scopeFamily: 'organisation', trackingColumn: 'updated_at', openApiTag: 'teams' },
    child: userLinkChild('team_members', 'team_id', 'members'),
    linkTable: 'team_members',
    parentColumn: 'team_id',
    childColumn: 'user_id',
    names: ['TeamMember', 'TeamMembers'],
  });
}
