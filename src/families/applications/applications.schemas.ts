import { itemSchema, writeSchemas } from '../../base/resources/family.js';
import { Type, type Static } from 'typebox';
import { HOSTING_TYPES } from './catalog.service.js';
import { Clearable, DateOnly, DateTime, Name, OrNull, Text, Uuid } from '../../base/http/schemas.js';

export const LIFECYCLE_STATUSES = ['plan', 'phase_in', 'active', 'phase_out', 'end_of_life'] as const;
export const CRITICALITIES = ['low', 'medium', 'high', 'critical'] as const;

const Score = (description: string) => Type.Integer({ minimum: 1, maximum: 5, description, examples: [4] });

export const Application = itemSchema(
  'Application',
  {
    name: Type.String({ description: 'Application name.', examples: ['Salesforce Sales Cloud'] }),
    description: OrNull(Type.String(), 'What it is used for.'),
    vendor: OrNull(Type.String({ examples: ['Salesforce'] }), 'Vendor or maintainer.'),
    version: OrNull(Type.String({ examples: ['2024.2'] }), 'Version in use.'),
    url: OrNull(Type.String({ examples: ['https://acme.my.salesforce.com'] }), 'Where users reach it.'),
    lifecycleStatus: OrNull(Type.Enum(LIFECYCLE_STATUSES), 'Current lifecycle phase; null when not recorded.'),
    criticality: OrNull(Type.Enum(CRITICALITIES), 'Business criticality; null when not assessed.'),
    hostingType: OrNull(Type.Enum(HOSTING_TYPES), 'saas, on_premise or hybrid.'),
    categoryId: OrNull(Uuid('Category.'), 'Category of the application (see /categories).'),
    catalogEntryId: OrNull(
      Type.String({ examples: ['salesforce-sales-cloud'] }),
      'Entry of the application catalog it is an instance of.',
    ),
    businessValue: OrNull(
      Score('Business value, 1 (low) to 5 (high).'),
      'Business value 1–5; the y axis of the quadrant diagram.',
    ),
    technicalFit: OrNull(
      Score('Technical fit, 1 (poor) to 5 (excellent).'),
      'Technical fit 1–5; the x axis of the quadrant diagram.',
    ),
    userCount: OrNull(Type.Integer({ minimum: 0, examples: [250] }), 'Number of people using it.'),
    planDate: OrNull(DateOnly('Planning starts.'), 'Start of the plan phase.'),
    phaseInDate: OrNull(DateOnly('Roll-out starts.'), 'Start of the phase-in phase.'),
    activeDate: OrNull(DateOnly('In production.'), 'Start of the active phase.'),
    phaseOutDate: OrNull(DateOnly('Retirement starts.'), 'Start of the phase-out phase.'),
    endOfLifeDate: OrNull(DateOnly('Switched off.'), 'End of life.'),
  },
  'An application of the portfolio.',
  'Change-tracking field: moves on every change, including links, unlinks and comments.',
);
export type Application = Static<typeof Application>;

const writable = {
  lifecycleStatus: Clearable(Type.Enum(LIFECYCLE_STATUSES), 'Lifecycle phase; null (the default) when not recorded.'),
  description: Clearable(Text(), 'What it is used for.'),
  vendor: Clearable(Text(200), 'Vendor or maintainer.'),
  version: Clearable(Text(100), 'Version in use.'),
  url: Clearable(
    Type.String({ format: 'http-url', maxLength: 2000 }),
    'Where users reach it: an absolute http:// or https:// URL.',
  ),
  criticality: Clearable(Type.Enum(CRITICALITIES), 'Business criticality; null (the default) when not assessed.'),
  hostingType: Clearable(Type.Enum(HOSTING_TYPES), 'saas, on_premise or hybrid.'),
  categoryId: Clearable(Uuid('Category id.'), 'Category; must be in the workspace (422).'),
  catalogEntryId: Clearable(Type.String({ maxLength: 200 }), 'Catalog entry id; must exist in the catalog (422).'),
  businessValue: Clearable(Score('Business value 1–5.'), 'Business value 1–5.'),
  technicalFit: Clearable(Score('Technical fit 1–5.'), 'Technical fit 1–5.'),
  userCount: Clearable(Type.Integer({ minimum: 0 }), 'Number of users.'),
  planDate: Clearable(DateOnly('Plan start.'), 'Plan start; lifecycle dates must not go backwards (422).'),
  phaseInDate: Clearable(DateOnly('Phase-in start.'), 'Phase-in start.'),
  activeDate: Clearable(DateOnly('Active start.'), 'Active start.'),
  phaseOutDate: Clearable(DateOnly('Phase-out start.'), 'Phase-out start.'),
  endOfLifeDate: Clearable(DateOnly('End of life.'), 'End of life.'),
};

export const { create: CreateApplication, update: UpdateApplication } = writeSchemas(
  { name: Name('Application name.', 'Salesforce Sales Cloud') },
  writable,
);

export const Comment = Type.Object(
  {
    id: Uuid('Comment id.'),
    applicationId: Uuid('The application.'),
    body: Type.String({ description: 'Comment text.', examples: ['Renewal approved by finance.'] }),
    author: Type.Object(
      {
        type: Type.String({ description: 'api_key or member.' }),
        id: OrNull(Uuid('Author id.'), 'Author id.'),
        name: Type.String({ description: 'Author name.' }),
      },
      { description: 'Who wrote it.' },
    ),
    createdAt: DateTime('When it was written.'),
  },
  { title: 'Comment', description: 'A comment on an application.' },
);
export type Comment = Static<typeof Comment>;

export const CreateComment = Type.Object(
  { body: Type.String({ minLength: 1, maxLength: 10000, pattern: '\\S', description: 'Comment text; not blank.' }) },
  { additionalProperties: false },
);
