import { Type, type Static } from 'typebox';
import type { DataObjectsTable } from '../db/schema.js';
import type { AppDeps, App } from '../http/types.js';
import { Clearable, DateTime, Name, OrNull, Text, Uuid } from '../http/schemas.js';
import { listQuerySchema, offsetListSchema } from '../pagination/offset.js';
import { columnsFrom, linkedTo, registerResourceRoutes, type ResourceDefinition } from '../resources/crud.js';

export const CLASSIFICATIONS = ['public', 'internal', 'confidential', 'restricted'] as const;

const DataObject = Type.Object(
  {
    id: Uuid('Data object id.'),
    name: Type.String({ description: 'Name of the data set.', examples: ['Customer master data'] }),
    description: OrNull(Type.String(), 'What it contains.'),
    classification: Type.Enum(CLASSIFICATIONS, { description: 'public, internal, confidential or restricted.' }),
    personalData: Type.Boolean({ description: 'Whether it holds personal data (GDPR and similar).' }),
    retentionDays: OrNull(Type.Integer({ minimum: 0, examples: [3650] }), 'How long it is kept, in days.'),
    applicationIds: Type.Array(Uuid('Application.'), { description: 'Applications that store or process it.' }),
    createdAt: DateTime('Creation instant.'),
    updatedAt: DateTime('Change-tracking field: moves on every change.'),
  },
  { description: 'A data object: a set of business data with its classification.' },
);
type DataObject = Static<typeof DataObject>;

const fields = {
  description: Clearable(Text(), 'What it contains.'),
  classification: Type.Optional(Type.Enum(CLASSIFICATIONS, { description: 'Classification; default internal.' })),
  personalData: Type.Optional(Type.Boolean({ description: 'Holds personal data; default false.' })),
  retentionDays: Clearable(Type.Integer({ minimum: 0, maximum: 365000 }), 'Retention in days.'),
  applicationIds: Type.Optional(Type.Array(Uuid('Application id.'), { maxItems: 500, description: 'Replaces the linked applications; each must be in the workspace (422).' })),
};

function dataObjectRowToDto(row: DataObjectsTable): DataObject {
  return {
    id: row.id, name: row.name, description: row.description, classification: row.classification as DataObject['classification'],
    personalData: Boolean(row.personal_data), retentionDays: row.retention_days, applicationIds: [], createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

const dataObjectResource: ResourceDefinition<DataObjectsTable, DataObject> = {
  table: 'data_objects',
  resourceType: 'data_object',
  auditCategory: 'inventory',
  scopeFamily: 'data',
  path: '/data',
  openApiTag: 'data',
  names: ['dataObject', 'dataObjects'],
  description: 'Data objects: business data sets, their classification and the applications holding them.',
  schemas: {
    item: DataObject,
    create: Type.Object({ name: Name('Name.', 'Customer master data'), ...fields }, { additionalProperties: false }),
    update: Type.Object({ name: Type.Optional(Name('Name.', 'Customer master data')), ...fields }, { additionalProperties: false }),
    listQuery: listQuerySchema(
      {
        classification: Type.Optional(Type.Enum(CLASSIFICATIONS, { description: 'Only this classification.' })),
        personalData: Type.Optional(Type.Boolean({ description: 'Only data objects with (true) or without (false) personal data.' })),
        applicationId: Type.Optional(Uuid('Only data objects held by this application.')),
      },
      ['name', 'classification', 'createdAt', 'updatedAt'],
      'Case-insensitive text in the name or description.',
    ),
    list: offsetListSchema(DataObject, 'Offset list of data objects.'),
  },
  toDto: dataObjectRowToDto,
  toColumns: (input) =>
    columnsFrom(input, {
      name: 'name', description: 'description', classification: 'classification', personalData: ['personal_data', (v) => (v ? 1 : 0)], retentionDays: 'retention_days',
    }),
  defaults: { description: null, classification: 'internal', personal_data: 0, retention_days: null },
  searchColumns: ['name', 'description'],
  sortColumns: { name: 'name', classification: 'classification', createdAt: 'created_at', updatedAt: 'updated_at' },
  defaultSort: 'name',
  filters: (query, eb, workspaceId) => [
    ...(query.classification ? [eb('classification', '=', query.classification)] : []),
    ...(query.personalData === undefined ? [] : [eb('personal_data', '=', query.personalData ? 1 : 0)]),
    ...(query.applicationId
      ? [linkedTo(eb, workspaceId, 'data_object_applications', 'data_object_id', 'application_id', query.applicationId)]
      : []),
  ],
  trackingColumn: 'updated_at',
  untrackedFields: ['updatedAt', 'createdAt'],
  relations: [{ field: 'applicationIds', table: 'data_object_applications', ownColumn: 'data_object_id', otherColumn: 'application_id', target: 'applications' }],
};

export function registerDataObjectRoutes(app: App, { database }: AppDeps): void {
  registerResourceRoutes(app, database, dataObjectResource, undefined, { deleteDescription: 'Its application links and flow references go with it.' });
}
