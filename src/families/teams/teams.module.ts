import { Type } from 'typebox';
import { Clearable, Name, OrNull, Text, Uuid } from '../../base/http/schemas.js';
import { treeRule } from '../../base/resources/crud.js';
import { defineFamily, itemSchema, writeSchemas } from '../../base/resources/family.js';
import { equalsFilter, linkedFilter } from '../../base/lists/filters.js';
import { userLinkable } from '../people/users.module.js';

const tree = { table: 'teams', nouns: { one: 'team', many: 'teams' } } as const;

export const Team = itemSchema(
  'Team',
  {
    name: Type.String({ description: 'Team name.', examples: ['Platform'] }),
    description: OrNull(Type.String({ examples: ['Runs the shared infrastructure'] }), 'What the team does.'),
    email: OrNull(Type.String({ examples: ['platform@acme.test'] }), 'Team mailbox.'),
    parentId: OrNull(Uuid('Parent team.'), 'Parent team in the organisation; null at the top.'),
  },
  'A team of the organisation.',
  'Change-tracking field: moves on every change, including member links and unlinks.',
);

const fields = {
  description: Clearable(Text(), 'What the team does.'),
  email: Clearable(Type.String({ format: 'email', maxLength: 254 }), 'Team mailbox.'),
  parentId: Clearable(Uuid('Parent team id.'), 'Parent team; null for a top-level team.'),
};

export const teams = defineFamily({
  table: 'teams',
  noun: tree.nouns.one,
  description: 'Teams of the organisation, a tree through parentId.',
  auditCategory: 'organisation',
  scopeFamily: 'organisation',
  schemas: {
    item: Team,
    ...writeSchemas({ name: Name('Team name.', 'Platform') }, fields),
  },
  sorts: ['name', 'createdAt', 'updatedAt'],
  filters: {
    parentId: equalsFilter('parent_id', Uuid('Only the direct sub-teams of this team.')),
    memberId: linkedFilter('team_members', 'team_id', 'user_id', Uuid('Only teams this user belongs to.')),
  },
  // Sub-teams move up to the top level rather than disappearing with their parent.
  references: [{ field: 'parentId', target: tree, onDelete: 'clear' }],
  links: [
    {
      segment: 'members',
      param: 'userId',
      child: userLinkable,
      table: 'team_members',
      parentColumn: 'team_id',
      childColumn: 'user_id',
    },
  ],
  check: treeRule(tree),
  texts: {
    delete: 'Its members are unlinked, its sub-teams become top-level teams and it is unlinked from applications.',
    update: 'A parentId that would make the team its own ancestor answers 422.',
  },
});
