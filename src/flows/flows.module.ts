import { Type, type Static } from 'typebox';
import type { FlowsTable } from '../db/schema.js';
import { ApiError } from '../errors/api-error.js';
import type { AppDeps, App } from '../http/types.js';
import { Clearable, DateTime, Name, OrNull, Text, Uuid } from '../http/schemas.js';
import { listQuerySchema, offsetListSchema } from '../pagination/offset.js';
import { columnsFrom, linkedTo, registerResourceRoutes, requireReference, type ResourceDefinition } from '../resources/crud.js';

export const PROTOCOLS = ['https', 'http', 'sftp', 'ftp', 'smtp', 'amqp', 'kafka', 'jdbc', 'grpc', 'soap', 'file', 'other'] as const;
export const FREQUENCIES = ['real_time', 'hourly', 'daily', 'weekly', 'monthly', 'on_demand'] as const;

const Flow = Type.Object(
  {
    id: Uuid('Flow id.'),
    name: Type.String({ description: 'What flows.', examples: ['Orders to invoicing'] }),
    sourceApplicationId: Uuid('Application the data comes from.'),
    targetApplicationId: Uuid('Application the data goes to.'),
    protocol: Type.Enum(PROTOCOLS, { description: 'Transport or protocol.' }),
    frequency: Type.Enum(FREQUENCIES, { description: 'How often it runs.' }),
    description: OrNull(Type.String(), 'Notes.'),
    dataObjectIds: Type.Array(Uuid('Data object.'), { description: 'Data objects carried by the flow.' }),
    createdAt: DateTime('Creation instant.'),
    updatedAt: DateTime('Last change.'),
  },
  { description: 'A data flow from one application to another.' },
);
type Flow = Static<typeof Flow>;

const fields = {
  protocol: Type.Optional(Type.Enum(PROTOCOLS, { description: 'Default https.' })),
  frequency: Type.Optional(Type.Enum(FREQUENCIES, { description: 'Default daily.' })),
  description: Clearable(Text(), 'Notes.'),
  dataObjectIds: Type.Optional(Type.Array(Uuid('Data object id.'), { maxItems: 200, description: 'Replaces the carried data objects; each must be in the workspace (422).' })),
};

function flowRowToDto(row: FlowsTable): Flow {
  return {
    id: row.id, name: row.name, sourceApplicationId: row.source_application_id, targetApplicationId: row.target_application_id,
    protocol: row.protocol as Flow['protocol'], frequency: row.frequency as Flow['frequency'], description: row.description, dataObjectIds: [],
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

const flowResource: ResourceDefinition<FlowsTable, Flow> = {
  table: 'flows',
  resourceType: 'flow',
  auditCategory: 'inventory',
  scopeFamily: 'applications',
  path: '/flows',
  openApiTag: 'flows',
  names: ['flow', 'flows'],
  description: 'Data flows between applications.',
  schemas: {
    item: Flow,
    create: Type.Object(
      { name: Name('What flows.', 'Orders to invoicing'), sourceApplicationId: Uuid('Source application id.'), targetApplicationId: Uuid('Target application id.'), ...fields },
      { additionalProperties: false },
    ),
    update: Type.Object(
      {
        name: Type.Optional(Name('What flows.', 'Orders to invoicing')),
        sourceApplicationId: Type.Optional(Uuid('Source application id.')),
        targetApplicationId: Type.Optional(Uuid('Target application id.')),
        ...fields,
      },
      { additionalProperties: false },
    ),
    listQuery: listQuerySchema(
      {
        applicationId: Type.Optional(Uuid('Only flows from or to this application.')),
        sourceApplicationId: Type.Optional(Uuid('Only flows from this application.')),
        targetApplicationId: Type.Optional(Uuid('Only flows to this application.')),
        protocol: Type.Optional(Type.Enum(PROTOCOLS, { description: 'Only this protocol.' })),
        frequency: Type.Optional(Type.Enum(FREQUENCIES, { description: 'Only this frequency.' })),
        dataObjectId: Type.Optional(Uuid('Only flows carrying this data object.')),
      },
      ['name', 'protocol', 'frequency', 'createdAt', 'updatedAt'],
      'Case-insensitive text in the name or description.',
    ),
    list: offsetListSchema(Flow, 'Offset list of flows.'),
  },
  toDto: flowRowToDto,
  toColumns: (input) =>
    columnsFrom(input, {
      name: 'name', sourceApplicationId: 'source_application_id', targetApplicationId: 'target_application_id', protocol: 'protocol', frequency: 'frequency', description: 'description',
    }),
  defaults: { protocol: 'https', frequency: 'daily', description: null },
  searchColumns: ['name', 'description'],
  sortColumns: { name: 'name', protocol: 'protocol', frequency: 'frequency', createdAt: 'created_at', updatedAt: 'updated_at' },
  defaultSort: 'name',
  filters: (query, eb, workspaceId) => [
    ...(query.applicationId ? [eb.or([eb('source_application_id', '=', query.applicationId), eb('target_application_id', '=', query.applicationId)])] : []),
    ...(query.sourceApplicationId ? [eb('source_application_id', '=', query.sourceApplicationId)] : []),
    ...(query.targetApplicationId ? [eb('target_application_id', '=', query.targetApplicationId)] : []),
    ...(query.protocol ? [eb('protocol', '=', query.protocol)] : []),
    ...(query.frequency ? [eb('frequency', '=', query.frequency)] : []),
    ...(query.dataObjectId
      ? [linkedTo(eb, workspaceId, 'flow_data_objects', 'flow_id', 'data_object_id', query.dataObjectId)]
      : []),
  ],
  trackingColumn: 'updated_at',
  untrackedFields: ['updatedAt', 'createdAt'],
  relations: [{ field: 'dataObjectIds', table: 'flow_data_objects', ownColumn: 'flow_id', otherColumn: 'data_object_id', target: 'data_objects' }],
  async check({ trx, workspaceId, next }) {
    await requireReference(trx, 'applications', workspaceId, next.source_application_id, 'sourceApplicationId');
    await requireReference(trx, 'applications', workspaceId, next.target_application_id, 'targetApplicationId');
    if (next.source_application_id === next.target_application_id) throw new ApiError('unprocessable_entity', 'a flow needs two different applications');
  },
};

export function registerFlowRoutes(app: App, { database }: AppDeps): void {
  registerResourceRoutes(app, database, flowResource, undefined, {
    updateDescription: 'Applications or data objects outside the workspace, or the same application at both ends, answer 422.',
    deleteDescription: 'Flows are also deleted with either of their applications.',
  });
}
