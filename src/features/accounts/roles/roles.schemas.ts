import { Type, type Static } from 'typebox';
import { OrNull, Uuid } from '../../../base/http/schemas.js';

/** A role's name: a system role (read, write, admin) or a custom role of the workspace. */
export const RoleName = Type.String({
  minLength: 1,
  maxLength: 60,
  description: 'read, write, admin, or the name of a custom role of the workspace.',
  examples: ['write'],
});

/** Restrictions (access/restrictions.ts) as the API writes them. */
export const Restrictions = Type.Record(
  Type.String({ maxLength: 40 }),
  Type.Record(
    Type.String({ maxLength: 60 }),
    Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 }),
  ),
  {
    title: 'Restrictions',
    description:
      'Per family (servers, applications, data, …), the list filters its items must match, each with its values: ' +
      'every one holds (`{"servers":{"environment":["staging"]}}`). Families not named are reached whole; `{}` reaches everything.',
  },
);

export const Role = Type.Object(
  {
    id: Uuid('The role.'),
    name: RoleName,
    description: OrNull(Type.String(), 'What the role is for.'),
    system: Type.Boolean({ description: 'read, write or admin: every workspace has them; they reach every item.' }),
    permissions: Type.Array(Type.String(), { description: 'Its scopes (resource:action).' }),
    restrictions: Restrictions,
    members: Type.Integer({ description: 'How many members hold it.' }),
  },
  { title: 'Role' },
);
export type Role = Static<typeof Role>;
