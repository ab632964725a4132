import { Type } from 'typebox';
import { applications } from '../applications/applications.module.js';
import { dataObjects } from '../data-objects/data-objects.module.js';
import { ApiError } from '../../base/errors/api-error.js';
import { Clearable, IdList, Name, OrNull, Text, Uuid } from '../../base/http/schemas.js';
import { requireReference } from '../../base/resources/crud.js';
import { defineFamily, itemSchema, writeSchemas } from '../../base/resources/family.js';
import { equalsFilter, linkedFilter } from '../../base/lists/filters.js';

export const PROTOCOLS = [
  'https',
  'http',
  'sftp',
  'ftp',
  'smtp',
  'amqp',
  'kafka',
  'jdbc',
  'grpc',
  'soap',
  'file',
  'other',
] as const;
export const FREQUENCIES = ['real_time', 'hourly', 'daily', 'weekly', 'monthly', 'on_demand'] as const;

const Flow = itemSchema(
  'Flow',
  {
    name: Type.String({ description: 'What flows.', examples: ['Orders to invoicing'] }),
    sourceApplicationId: Uuid('Application the data comes from.'),
    targetApplicationId: Uuid('Application the data goes to.'),
    protocol: OrNull(Type.Enum(PROTOCOLS), 'Transport or protocol; null when not recorded.'),
    frequency: OrNull(Type.Enum(FREQUENCIES), 'How often it runs; null when not recorded.'),
    description: OrNull(Type.String(), 'Notes.'),
    dataObjectIds: Type.Array(Uuid('Data object.'), { description: 'Data objects carried by the flow.' }),
  },
  'A data flow from one application to another.',
  'Last change.',
);

const fields = {
  protocol: Clearable(Type.Enum(PROTOCOLS), 'Transport or protocol; null (the default) when not recorded.'),
  frequency: Clearable(Type.Enum(FREQUENCIES), 'How often it runs; null (the default) when not recorded.'),
  dataObjectIds: IdList('Data object', 200, 'the carried data objects'),
  description: Clearable(Text(), 'Notes.'),
};

export const flows = defineFamily({
  table: 'flows',
  noun: 'flow',
  description: 'Data flows between applications.',
  scopeFamily: 'applications',
  schemas: {
    item: Flow,
    ...writeSchemas(
      {
        name: Name('What flows.', 'Orders to invoicing'),
        sourceApplicationId: Uuid('Source application id.'),
        targetApplicationId: Uuid('Target application id.'),
      },
      fields,
    ),
  },
  sorts: ['name', 'protocol', 'frequency', 'createdAt', 'updatedAt'],
  filters: {
    applicationId: {
      schema: Uuid('Only flows from or to this application.'),
      where: (eb, id) => eb.or([eb('source_application_id', '=', id), eb('target_application_id', '=', id)]),
    },
    sourceApplicationId: equalsFilter('source_application_id', Uuid('Only flows from this application.')),
    targetApplicationId: equalsFilter('target_application_id', Uuid('Only flows to this application.')),
    protocol: equalsFilter('protocol', Type.Enum(PROTOCOLS, { description: 'Only this protocol.' })),
    frequency: equalsFilter('frequency', Type.Enum(FREQUENCIES, { description: 'Only this frequency.' })),
    dataObjectId: linkedFilter(
      'flow_data_objects',
      'flow_id',
      'data_object_id',
      Uuid('Only flows carrying this data object.'),
    ),
  },
  relations: [
    {
      field: 'dataObjectIds',
      table: 'flow_data_objects',
      ownColumn: 'flow_id',
      otherColumn: 'data_object_id',
      target: dataObjects.definition,
    },
  ],
  // A flow goes with either of its applications (audited as a delete of the flow).
  references: [
    { field: 'sourceApplicationId', target: applications.definition, onDelete: 'delete' },
    { field: 'targetApplicationId', target: applications.definition, onDelete: 'delete' },
  ],
  async check({ trx, workspaceId, next }) {
    await requireReference(
      trx,
      applications.definition,
      workspaceId,
      next.source_application_id,
      'sourceApplicationId',
    );
    await requireReference(
      trx,
      applications.definition,
      workspaceId,
      next.target_application_id,
      'targetApplicationId',
    );
    if (next.source_application_id === next.target_application_id)
      throw new ApiError('unprocessable_entity', 'a flow needs two different applications');
  },
  texts: {
    update: 'Applications or data objects outside the workspace, or the same application at both ends, answer 422.',
    delete: 'Flows are also deleted with either of their applications.',
  },
});
