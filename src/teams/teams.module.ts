import { Type, type Static } from 'typebox';
import { Name, Uuid } from '../http/schemas.js';
import { refuseCycle, requireReference } from '../resources/crud.js';
import { defineFamily, equalsFilter, itemSchema, linkedFilter, writeSchemas } from '../resources/family.js';
import { userLinkable } from '../users/users.module.js';

export const Team = itemSchema(
  'Team',
  {
    name: Type.String({ description: 'Team name.', examples: ['Platform'] }),
    description: Type.Union([Type.String(), Type.Null()], { description: 'What the team does.', examples: ['Runs the shared infrastructure'] }),
    email: Type.Union([Type.String(), Type.Null()], { description: 'Team mailbox.', examples: ['platform@acme.test'] }),
    parentId: Type.Union([Uuid('Parent team.'), Type.Null()], { description: 'Parent team in the organisation; null at the top.' }),
  },
  'A team of the organisation.', 'Change-tracking field: moves on every change, including member links and unlinks.',
);
export type Team = Static<typeof Team>;

const fields = {
  description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], { description: 'What the team does.' })),
  email: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 254 }), Type.Null()], { description: 'Team mailbox.' })),
  parentId: Type.Optional(Type.Union([Uuid('Parent team id.'), Type.Null()], { description: 'Parent team; null for a top-level team.' })),
};

const nouns = { one: 'team', many: 'teams' };

export const teams = defineFamily({
  table: 'teams',
  noun: nouns.one,
  description: 'Teams of the organisation, a tree through parentId.',
  auditCategory: 'organisation',
  scopeFamily: 'organisation',
  schemas: {
    item: Team,
    ...writeSchemas({ name: Name('Team name.', 'Platform') }, fields),
  },
  search: ['name', 'description'],
  sorts: ['name', 'createdAt', 'updatedAt'],
  filters: {
    parentId: equalsFilter('parent_id', Uuid('Only the direct sub-teams of this team.')),
    memberId: linkedFilter('team_members', 'team_id', 'user_id', Uuid('Only teams this user belongs to.')),
  },
  // Sub-teams move up to the top level rather than disappearing with their parent.
  references: [{ field: 'parentId', target: { table: 'teams', nouns }, onDelete: 'clear' }],
  links: [{ segment: 'members', param: 'userId', child: userLinkable, table: 'team_members', parentColumn: 'team_id', childColumn: 'user_id' }],
  async check({ trx, workspaceId, next }) {
    await requireReference(trx, { table: 'teams', nouns }, workspaceId, next.parent_id, 'parentId');
    await refuseCycle(trx, 'teams', workspaceId, next.id, next.parent_id);
  },
  texts: {
    delete: 'Its members are unlinked, its sub-teams become top-level teams and it is unlinked from applications.',
    update: 'A parentId that would make the team its own ancestor answers 422.',
  },
});
