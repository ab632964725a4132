import { Type, type Static } from 'typebox';
import { DateTime, Name, OrNull, Uuid } from '../../base/http/schemas.js';
import { Member } from './members/members.service.js';
import { RoleName, Restrictions as RestrictionsSchema } from './roles/roles.schemas.js';

/**
 * Bodies and answers of the console's own API (/ui/api). The console's typed client imports these
 * types, and its forms check the same limits, so the browser and the server agree on every rule.
 */

const Role = RoleName;
const Password = (description: string, minLength: number) => Type.String({ minLength, maxLength: 1024, description });

export const SignIn = Type.Object(
  {
    email: Type.String({
      minLength: 1,
      maxLength: 254,
      pattern: '^[^\\u0000-\\u001f\\u007f]+$',
      description: 'The e-mail (no control characters).',
    }),
    password: Password('The password.', 1),
  },
  { additionalProperties: false },
);
export type SignIn = Static<typeof SignIn>;

export const SessionView = Type.Object({
  user: Type.Object({ id: Uuid('The person.'), email: Type.String(), name: Type.String() }),
  workspaces: Type.Array(Type.Object({ id: Uuid('Workspace.'), name: Type.String(), role: Role })),
  workspace: OrNull(
    Type.Object({
      id: Uuid('The selected workspace.'),
      name: Type.String(),
      memberId: Uuid("The person's membership."),
      role: Role,
      permissions: Type.Array(Type.String(), { description: "The role's scopes as they are now." }),
      restrictions: RestrictionsSchema,
      demo: Type.Boolean({
        description: 'The demo workspace made by the first start: the console shows a getting-started banner.',
      }),
    }),
    'The selected workspace, or null when none is.',
  ),
  csrfToken: Type.String({ description: 'Send as X-CSRF-Token on every state-changing request.' }),
  expiresAt: DateTime('The absolute end of the session.'),
});
export type SessionView = Static<typeof SessionView>;

export const SelectWorkspace = Type.Object(
  { workspaceId: Uuid('A workspace the person belongs to.') },
  { additionalProperties: false },
);
export type SelectWorkspace = Static<typeof SelectWorkspace>;

export const PASSWORD_MIN = 8;

export const ChangePassword = Type.Object(
  {
    currentPassword: Password('The password now.', 1),
    newPassword: Password(`The new password, at least ${PASSWORD_MIN} characters.`, PASSWORD_MIN),
  },
  { additionalProperties: false },
);
export type ChangePassword = Static<typeof ChangePassword>;

export const AcceptInvitation = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200 }),
    password: Password(`At least ${PASSWORD_MIN} characters.`, PASSWORD_MIN),
  },
  { additionalProperties: false },
);
export type AcceptInvitation = Static<typeof AcceptInvitation>;

/** What the key list and a new key's answer share. */
const keyFields = {
  id: Uuid('Key id.'),
  name: Type.String(),
  alias: OrNull(Type.String(), 'The alias it was made from (read, write, admin), or null for explicit scopes.'),
  permissions: Type.Array(Type.String()),
  prefix: Type.String({ description: 'The first characters of the secret, to recognise it by.' }),
  expiresAt: OrNull(DateTime('Expiry.'), 'Expiry, or null.'),
};

export const ConsoleKey = Type.Object({
  ...keyFields,
  status: Type.Enum(['active', 'expired', 'revoked']),
  createdAt: DateTime('Creation.'),
  createdBy: OrNull(Type.String(), 'Member id of the creator.'),
  createdByName: OrNull(Type.String(), 'Name of the creator, when still a member.'),
  revokedAt: OrNull(DateTime('Revocation.'), 'Revocation, or null.'),
  rotatedAt: OrNull(DateTime('Last rotation.'), 'Last rotation, or null.'),
});
export type ConsoleKey = Static<typeof ConsoleKey>;

export const KeyList = Type.Object({ data: Type.Array(ConsoleKey) });
export type KeyList = Static<typeof KeyList>;

export const CreateKey = Type.Object(
  {
    name: Name('Name of the key.', 'billing sync'),
    alias: Type.Optional(Role),
    scopes: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: 200 })),
    expiresAt: Type.Optional(DateTime('Optional expiry, in the future.')),
  },
  { additionalProperties: false },
);
export type CreateKey = Static<typeof CreateKey>;

export const CreatedKey = Type.Object({
  ...keyFields,
  secret: Type.String({ description: 'The secret, shown this once.' }),
  createdBy: Type.String({ description: 'Member id of the creator.' }),
});
export type CreatedKey = Static<typeof CreatedKey>;

export const RotatedKey = Type.Object({ id: Uuid('Key id.'), secret: Type.String(), prefix: Type.String() });
export type RotatedKey = Static<typeof RotatedKey>;

/** The answer to revoking a key or an agent. */
export const Revoked = Type.Object({ id: Type.String(), revoked: Type.Literal(true) });

export const AddMember = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    name: Type.Optional(Name('Name of a new person.', 'Ada Lovelace')),
    role: Role,
  },
  { additionalProperties: false },
);
export type AddMember = Static<typeof AddMember>;

export const AddedMember = Type.Object({
  member: Type.Object(
    { id: Uuid('The new membership.'), email: Type.String(), role: Role },
    { description: 'The membership as given: nothing about the person from other workspaces.' },
  ),
  invitation: OrNull(
    Type.Object({ path: Type.String(), expiresAt: DateTime('End of validity.') }),
    'A one-time link to set a password, shown once: only for a person nobody else has (new, or without a ' +
      'password and in no workspace).',
  ),
  notice: OrNull(Type.String(), 'For a person who already has an Estate account: when they will see the workspace.'),
});
export type AddedMember = Static<typeof AddedMember>;

export const EnrollAgent = Type.Object(
  {
    name: Name('Name of the agent.', 'db-01 agent'),
    fleet: Type.Optional(
      Type.Boolean({
        description:
          'A fleet agent: its token reports many hosts through POST /inventory (GLPI Agent, FusionInventory, ' +
          'OCS Inventory). Default false: one host, with `estate agent run`.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type EnrollAgent = Static<typeof EnrollAgent>;
export const EnrolledAgent = Type.Object({
  id: Uuid('Agent id.'),
  token: Type.String({ description: 'Shown this once.' }),
  fleet: Type.Boolean({ description: 'Whether the token reports many hosts (POST /inventory).' }),
  command: Type.Optional(
    Type.String({ description: 'One-host agents: the ready command that starts the agent on its host.' }),
  ),
  inventory: Type.Optional(
    Type.Object(
      {
        url: Type.String({ description: 'The address the agents are given as their server: <origin>/inventory.' }),
        glpiAgent: Type.String({ description: 'A GLPI Agent command line.' }),
        fusionInventory: Type.String({ description: 'A FusionInventory Agent command line.' }),
        ocsInventory: Type.String({
          description: 'An OCS Inventory agent command line (it base64-decodes its --user and --password).',
        }),
      },
      { description: 'Fleet agents: the settings of the inventory agents, with the token.' },
    ),
  ),
});
export type EnrolledAgent = Static<typeof EnrolledAgent>;

/** An active key a member made, as shown when that member is removed or demoted (admins only). */
export const MemberKey = Type.Object({
  id: Uuid('Key id.'),
  name: Type.String(),
  alias: OrNull(Type.String(), 'The alias it was made from (read, write, admin), or null for explicit scopes.'),
  permissions: Type.Array(Type.String()),
  prefix: Type.String({ description: 'The first characters of the secret, to recognise it by.' }),
  createdAt: DateTime('Creation.'),
  expiresAt: OrNull(DateTime('Expiry.'), 'Expiry, or null.'),
  lastWriteAt: OrNull(
    DateTime('Last change made with the key.'),
    'When the key last changed something (its last audit event); reads are not recorded, so null means ' +
      'none recorded.',
  ),
});
export type MemberKey = Static<typeof MemberKey>;

export const MemberKeyList = Type.Object({
  data: Type.Array(MemberKey, { description: 'Active keys (not revoked, not expired) the member made, oldest first.' }),
});
export type MemberKeyList = Static<typeof MemberKeyList>;

/**
 * What a removal or demotion did to the member's keys: nothing is revoked silently, nothing kept
 * silently.
 */
const keysOutcome = {
  revokedKeys: Type.Array(Uuid('Key id.'), {
    description: 'Keys the member made, revoked in the same transaction (each audited as a revocation).',
  }),
  activeKeys: Type.Array(MemberKey, { description: 'Keys the member made that stay active.' }),
};

const RevokeKeys = Type.Boolean({
  description:
    'Also revoke every active key the member made, in the same transaction. Default false: keys belong to ' +
    'the workspace.',
});

export const RemoveMemberQuery = Type.Object(
  { revokeKeys: Type.Optional(RevokeKeys) },
  { additionalProperties: false },
);
export type RemoveMemberQuery = Static<typeof RemoveMemberQuery>;

export const RemovedMember = Type.Object({
  id: Uuid('The removed membership.'),
  removed: Type.Literal(true),
  ...keysOutcome,
});
export type RemovedMember = Static<typeof RemovedMember>;

export const ChangeMemberRole = Type.Object(
  {
    role: Type.String({
      minLength: 1,
      maxLength: 60,
      description: 'The new role: read, write, admin or a custom role. The last admin cannot be demoted (422).',
    }),
    revokeKeys: Type.Optional(RevokeKeys),
  },
  { additionalProperties: false },
);
export type ChangeMemberRole = Static<typeof ChangeMemberRole>;

export const ChangedMember = Type.Object({ member: Member, ...keysOutcome });
export type ChangedMember = Static<typeof ChangedMember>;
