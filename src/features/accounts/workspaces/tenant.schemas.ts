import { Type, type Static } from 'typebox';

export const Tenant = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'The workspace id.' }),
    name: Type.String({ description: 'Display name of the workspace.', examples: ['Acme Corp'] }),
    defaultCurrency: Type.String({
      description: 'ISO 4217 code for amounts that carry no currency of their own.',
      examples: ['EUR'],
    }),
    timeZone: Type.String({ description: 'IANA time zone the console shows dates in.', examples: ['Europe/Paris'] }),
    createdAt: Type.String({ format: 'date-time', description: 'Creation instant.' }),
    updatedAt: Type.String({ format: 'date-time', description: 'Last change of these settings.' }),
  },
  { title: 'Tenant', description: "The settings of the key's workspace." },
);
export type Tenant = Static<typeof Tenant>;

export const UpdateTenant = Type.Object(
  {
    name: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Display name; not blank.' }),
    ),
    defaultCurrency: Type.Optional(
      Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, three capital letters.', examples: ['USD'] }),
    ),
    timeZone: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone name.', examples: ['America/New_York'] }),
    ),
  },
  { additionalProperties: false, description: 'Fields to change; omitted fields keep their value.' },
);
export type UpdateTenant = Static<typeof UpdateTenant>;
