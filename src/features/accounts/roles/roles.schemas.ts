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
      'every one holds (`{"servers":{"environment":["staging"]}}`). Families not named are reached whole; ' +
      '`{}` reaches everything.',
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

/** The roles page: every role, every scope, and what each restrictable family can be narrowed by. */
export const RolesView = Type.Object({
  roles: Type.Array(Role),
  scopes: Type.Array(Type.String(), { description: 'Every scope there is.' }),
  families: Type.Array(
    Type.Object({
      key: Type.String({ description: 'The family in restrictions: servers, applications, data, …' }),
      many: Type.String({ description: 'Its plural noun.' }),
      filters: Type.Array(Type.String(), {
        description: 'The list filters a restriction of it may use (and cf_ ones).',
      }),
    }),
  ),
});
export type RolesView = Static<typeof RolesView>;

const Description = Type.Union([Type.String({ maxLength: 500 }), Type.Null()], {
  description: 'What the role is for.',
});
const Permissions = Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 });

export const CreateRole = Type.Object(
  {
    name: RoleName,
    description: Type.Optional(Description),
    permissions: Permissions,
    restrictions: Type.Optional(Restrictions),
  },
  { additionalProperties: false },
);
export type CreateRole = Static<typeof CreateRole>;

export const UpdateRole = Type.Object(
  {
    description: Type.Optional(Description),
    permissions: Type.Optional(Permissions),
    restrictions: Type.Optional(Restrictions),
  },
  { additionalProperties: false },
);
export type UpdateRole = Static<typeof UpdateRole>;

export const SetRole = Type.Object({ permissions: Permissions }, { additionalProperties: false });

export const RoleNameParams = Type.Object({ name: RoleName }, { additionalProperties: false });

export const ReachPreview = Type.Object({ restrictions: Restrictions }, { additionalProperties: false });

export const ReachCounts = Type.Object({
  counts: Type.Array(
    Type.Object({
      family: Type.String(),
      many: Type.String(),
      total: Type.Integer({ description: 'How many of its items the restrictions reach.' }),
    }),
  ),
});
