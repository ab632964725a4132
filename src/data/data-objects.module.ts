import { Type } from 'typebox';
import { applications } from '../applications/applications.module.js';
import { Clearable, DateTime, Name, OrNull, Text, Uuid } from '../http/schemas.js';
import { booleanColumn, defineFamily, equalsFilter, linkedFilter, writeSchemas } from '../resources/family.js';

export const CLASSIFICATIONS = ['public', 'internal', 'confidential', 'restricted'] as const;

const DataObject = Type.Object(
  {
    id: Uuid('Data object id.'),
    name: Type.String({ description: 'Name of the data set.', examples: ['Customer master data'] }),
    description: OrNull(Type.String(), 'What it contains.'),
    classification: OrNull(Type.Enum(CLASSIFICATIONS), 'public, internal, confidential or restricted; null when not classified.'),
    personalData: Type.Boolean({ description: 'Whether it holds personal data (GDPR and similar).' }),
    retentionDays: OrNull(Type.Integer({ minimum: 0, examples: [3650] }), 'How long it is kept, in days.'),
    applicationIds: Type.Array(Uuid('Application.'), { description: 'Applications that store or process it.' }),
    createdAt: DateTime('Creation instant.'),
    updatedAt: DateTime('Change-tracking field: moves on every change.'),
  },
  { description: 'A data object: a set of business data with its classification.' },
);

const fields = {
  description: Clearable(Text(), 'What it contains.'),
  classification: Clearable(Type.Enum(CLASSIFICATIONS), 'Classification; null (the default) when not classified.'),
  personalData: Type.Optional(Type.Boolean({ description: 'Holds personal data; default false.' })),
  retentionDays: Clearable(Type.Integer({ minimum: 0, maximum: 365000 }), 'Retention in days.'),
  applicationIds: Type.Optional(Type.Array(Uuid('Application id.'), { maxItems: 500, description: 'Replaces the linked applications; each must be in the workspace (422).' })),
};

export const dataObjects = defineFamily({
  table: 'data_objects',
  nouns: { one: 'data object', many: 'data objects' },
  path: '/data',
  description: 'Data objects: business data sets, their classification and the applications holding them.',
  scopeFamily: 'data',
  schemas: {
    item: DataObject,
    ...writeSchemas({ name: Name('Name.', 'Customer master data') }, fields),
  },
  fields: {
    personalData: booleanColumn(),
  },
  search: ['name', 'description'],
  sorts: ['name', 'classification', 'createdAt', 'updatedAt'],
  filters: {
    classification: equalsFilter('classification', Type.Enum(CLASSIFICATIONS, { description: 'Only this classification.' })),
    personalData: equalsFilter('personal_data', Type.Boolean({ description: 'Only data objects with (true) or without (false) personal data.' }), (value) => (value ? 1 : 0)),
    applicationId: linkedFilter('data_object_applications', 'data_object_id', 'application_id', Uuid('Only data objects held by this application.')),
  },
  relations: [{ field: 'applicationIds', table: 'data_object_applications', ownColumn: 'data_object_id', otherColumn: 'application_id', target: applications.definition }],
});
