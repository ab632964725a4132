import { Type, type Static } from 'typebox';
import type { WorkstationsTable } from '../db/schema.js';
import { releaseHostSoftware } from '../agents/report.service.js';
import { ApiError } from '../errors/api-error.js';
import type { AppDeps, App } from '../http/types.js';
import { Clearable, DateOnly, DateTime, Name, OrNull, Text, Uuid } from '../http/schemas.js';
import { listQuerySchema, offsetListSchema } from '../pagination/offset.js';
import { columnsFrom, registerResourceRoutes, type ResourceDefinition } from '../resources/crud.js';
import { findWorkspaceUser } from '../users/users.module.js';
import { AGENT_OWNED_FIELDS } from './servers.module.js';

export const WORKSTATION_STATUSES = ['in_use', 'in_stock', 'in_repair', 'retired'] as const;

const Workstation = Type.Object(
  {
    id: Uuid('Workstation id.'),
    name: Type.String({ description: 'Asset name.', examples: ['LT-0042'] }),
    hostname: OrNull(Type.String({ examples: ['lt-0042.corp.acme.test'] }), 'Host name.'),
    serialNumber: OrNull(Type.String({ examples: ['PF3ABC12'] }), 'Serial number.'),
    manufacturer: OrNull(Type.String({ examples: ['Lenovo'] }), 'Manufacturer.'),
    model: OrNull(Type.String({ examples: ['ThinkPad T14 Gen 4'] }), 'Model.'),
    os: OrNull(Type.String({ examples: ['Windows 11 Pro'] }), 'Operating system.'),
    osVersion: OrNull(Type.String({ examples: ['23H2'] }), 'OS version.'),
    cpuCores: OrNull(Type.Integer({ minimum: 0 }), 'CPU cores.'),
    memoryMb: OrNull(Type.Integer({ minimum: 0 }), 'Memory in MiB.'),
    status: Type.Enum(WORKSTATION_STATUSES, { description: 'in_use, in_stock, in_repair or retired.' }),
    assignedUserId: OrNull(Uuid('Assigned user.'), 'The person using it (see /users); null when unassigned.'),
    purchaseDate: OrNull(DateOnly('Purchase date.'), 'Purchase date.'),
    warrantyEnd: OrNull(DateOnly('Warranty end.'), 'End of the warranty.'),
    location: OrNull(Type.String(), 'Office or site.'),
    automatic: Type.Boolean({ description: 'true when reported by an agent; then name, os and manufacturer cannot be changed (422).' }),
    agentId: OrNull(Uuid('Reporting agent.'), 'The agent that reports it.'),
    createdAt: DateTime('Creation instant.'),
    lastCheckTime: DateTime('The last creation or edit (manual) or report (automatic).'),
  },
  { description: 'A laptop or desktop.' },
);
type Workstation = Static<typeof Workstation>;

const fields = {
  hostname: Clearable(Text(253), 'Host name.'),
  serialNumber: Clearable(Text(200), 'Serial number.'),
  manufacturer: Clearable(Text(200), 'Manufacturer.'),
  model: Clearable(Text(200), 'Model.'),
  os: Clearable(Text(200), 'Operating system.'),
  osVersion: Clearable(Text(100), 'OS version.'),
  cpuCores: Clearable(Type.Integer({ minimum: 0, maximum: 4096 }), 'CPU cores.'),
  memoryMb: Clearable(Type.Integer({ minimum: 0 }), 'Memory in MiB.'),
  status: Type.Optional(Type.Enum(WORKSTATION_STATUSES, { description: 'Status; default in_use when assigned, else in_stock.' })),
  assignedUserId: Clearable(Uuid('Assigned user id.'), 'The person using it; must be a user of the workspace (422).'),
  purchaseDate: Clearable(DateOnly('Purchase date.'), 'Purchase date.'),
  warrantyEnd: Clearable(DateOnly('Warranty end.'), 'Warranty end; not before the purchase date (422).'),
  location: Clearable(Text(200), 'Office or site.'),
};

function workstationRowToDto(row: WorkstationsTable): Workstation {
  return {
    id: row.id, name: row.name, hostname: row.hostname, serialNumber: row.serial_number, manufacturer: row.manufacturer, model: row.model, os: row.os,
    osVersion: row.os_version, cpuCores: row.cpu_cores, memoryMb: row.memory_mb, status: row.status as Workstation['status'], assignedUserId: row.assigned_user_id,
    purchaseDate: row.purchase_date, warrantyEnd: row.warranty_end, location: row.location, automatic: Boolean(row.automatic), agentId: row.agent_id,
    createdAt: row.created_at, lastCheckTime: row.last_check_time,
  };
}

const workstationResource: ResourceDefinition<WorkstationsTable, Workstation> = {
  table: 'workstations',
  resourceType: 'workstation',
  auditCategory: 'inventory',
  scopeFamily: 'infrastructure',
  path: '/workstations',
  openApiTag: 'workstations',
  names: ['workstation', 'workstations'],
  description: 'Laptops and desktops, assigned to people.',
  schemas: {
    item: Workstation,
    create: Type.Object({ name: Name('Asset name.', 'LT-0042'), ...fields }, { additionalProperties: false }),
    update: Type.Object({ name: Type.Optional(Name('Asset name.', 'LT-0042')), ...fields }, { additionalProperties: false }),
    listQuery: listQuerySchema(
      {
        status: Type.Optional(Type.Enum(WORKSTATION_STATUSES, { description: 'Only this status.' })),
        assignedUserId: Type.Optional(Uuid('Only machines assigned to this user.')),
        assigned: Type.Optional(Type.Boolean({ description: 'true: only assigned machines; false: only unassigned ones.' })),
        automatic: Type.Optional(Type.Boolean({ description: 'true: only agent-reported machines.' })),
        warrantyEndsBefore: Type.Optional(DateOnly('Only machines whose warranty ends before this date.')),
      },
      ['name', 'status', 'purchaseDate', 'warrantyEnd', 'createdAt', 'lastCheckTime'],
      'Case-insensitive text in the name, hostname, serial number or model.',
    ),
    list: offsetListSchema(Workstation, 'Offset list of workstations.'),
  },
  toDto: workstationRowToDto,
  toColumns: (input) =>
    columnsFrom(input, {
      name: 'name', hostname: 'hostname', serialNumber: 'serial_number', manufacturer: 'manufacturer', model: 'model', os: 'os', osVersion: 'os_version',
      cpuCores: 'cpu_cores', memoryMb: 'memory_mb', status: 'status', assignedUserId: 'assigned_user_id', purchaseDate: 'purchase_date',
      warrantyEnd: 'warranty_end', location: 'location',
    }),
  defaults: {
    hostname: null, serial_number: null, manufacturer: null, model: null, os: null, os_version: null, cpu_cores: null, memory_mb: null,
    assigned_user_id: null, purchase_date: null, warranty_end: null, location: null, automatic: 0, agent_id: null,
  },
  searchColumns: ['name', 'hostname', 'serial_number', 'model'],
  sortColumns: { name: 'name', status: 'status', purchaseDate: 'purchase_date', warrantyEnd: 'warranty_end', createdAt: 'created_at', lastCheckTime: 'last_check_time' },
  defaultSort: 'name',
  filters: (query, eb) => [
    ...(query.status ? [eb('status', '=', query.status)] : []),
    ...(query.assignedUserId ? [eb('assigned_user_id', '=', query.assignedUserId)] : []),
    ...(query.assigned === undefined ? [] : [eb('assigned_user_id', query.assigned ? 'is not' : 'is', null)]),
    ...(query.automatic === undefined ? [] : [eb('automatic', '=', query.automatic ? 1 : 0)]),
    ...(query.warrantyEndsBefore ? [eb('warranty_end', '<', query.warrantyEndsBefore)] : []),
  ],
  trackingColumn: 'last_check_time',
  untrackedFields: ['lastCheckTime', 'createdAt'],
  async beforeDelete(trx, workspaceId, row) {
    await releaseHostSoftware(trx, workspaceId, 'workstation_id', row.id);
  },
  async check({ trx, workspaceId, before, next }) {
    if (!next.status) next.status = next.assigned_user_id ? 'in_use' : 'in_stock';
    if (next.assigned_user_id && !(await findWorkspaceUser(trx, workspaceId, next.assigned_user_id))) {
      throw new ApiError('unprocessable_entity', 'assignedUserId does not name a user of this workspace');
    }
    if (next.purchase_date && next.warranty_end && next.warranty_end < next.purchase_date) {
      throw new ApiError('unprocessable_entity', 'warrantyEnd is before purchaseDate');
    }
    if (before?.automatic) {
      const changed = AGENT_OWNED_FIELDS.filter((field) => (before as any)[field] !== (next as any)[field]);
      if (changed.length > 0) throw new ApiError('unprocessable_entity', `${changed.join(', ')} of an automatic workstation cannot change: its agent reports it`);
    }
  },
};

export function registerWorkstationRoutes(app: App, { database }: AppDeps): void {
  registerResourceRoutes(app, database, workstationResource, undefined, {
    updateDescription: 'An assignedUserId outside the workspace or a warranty ending before the purchase answers 422; so does changing name, os or manufacturer of an automatic workstation.',
  });
}
