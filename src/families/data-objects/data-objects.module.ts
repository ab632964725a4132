import { Type } from 'typebox';
import { applications } from '../applications/applications.module.js';
import { Clearable, IdList, Name, OrNull, Text, Uuid } from '../../base/http/schemas.js';
import { booleanColumn, defineFamily, itemSchema, writeSchemas } from '../../base/resources/family.js';
import { equalsFilter, linkedFilter } from '../../base/lists/filters.js';

export const CLASSIFICATIONS = ['public', 'internal', 'confidential', 'restricted'] as const;

const DataObject = itemSchema(
  'Data object',
  {
    name: Type.String({ description: 'Name of the data set.', examples: ['Customer master data'] }),
    description: OrNull(Type.String(), 'What it contains.'),
    classification: OrNull(
      Type.Enum(CLASSIFICATIONS),
      'public, internal, confidential or restricted; null when not classified.',
    ),
    personalData: Type.Boolean({ description: 'Whether it holds personal data (GDPR and similar).' }),
    retentionDays: OrNull(Type.Integer({ minimum: 0, examples: [3650] }), 'How long it is kept, in days.'),
    applicationIds: Type.Array(Uuid('Application.'), { description: 'Applications that store or process it.' }),
  },
  'A data object: a set of business data with its classification.',
);

const fields = {
  description: Clearable(Text(), 'What it contains.'),
  classification: Clearable(Type.Enum(CLASSIFICATIONS), 'Classification; null (the default) when not classified.'),
  personalData: Type.Optional(Type.Boolean({ description: 'Holds personal data; default false.' })),
  retentionDays: Clearable(Type.Integer({ minimum: 0, maximum: 365000 }), 'Retention in days.'),
  applicationIds: IdList('Application', 500, 'the linked applications'),
};

export const dataObjects = defineFamily({
  table: 'data_objects',
  noun: 'data object',
  path: '/data',
  description: 'Data objects: business data sets, their classification and the applications holding them.',
  schemas: {
    item: DataObject,
    ...writeSchemas({ name: Name('Name.', 'Customer master data') }, fields),
  },
  fields: {
    personalData: booleanColumn(),
  },
  sorts: ['name', 'classification', 'createdAt', 'updatedAt'],
  filters: {
    classification: equalsFilter(
      'classification',
      Type.Enum(CLASSIFICATIONS, { description: 'Only this classification.' }),
    ),
    personalData: equalsFilter(
      'personal_data',
      Type.Boolean({ description: 'Only data objects with (true) or without (false) personal data.' }),
      (value) => (value ? 1 : 0),
    ),
    applicationId: linkedFilter(
      'data_object_applications',
      'data_object_id',
      'application_id',
      Uuid('Only data objects held by this application.'),
    ),
  },
  relations: [
    {
      field: 'applicationIds',
      table: 'data_object_applications',
      ownColumn: 'data_object_id',
      otherColumn: 'application_id',
      target: applications.definition,
    },
  ],
});
