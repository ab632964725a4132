import { Type } from 'typebox';
import { ApiError } from '../../base/errors/api-error.js';
import { Clearable, DateOnly, Name, OrNull, Text, Uuid } from '../../base/http/schemas.js';
import { defineFamily, writeSchemas } from '../../base/resources/family.js';
import { dateFilter, equalsFilter } from '../../base/lists/filters.js';
import { findWorkspaceUser, userLinkable } from '../people/users.module.js';
import { hostParts } from '../servers/hosts.js';

const host = hostParts('workstation');

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
    ...host.reportingProperties,
  },
  { description: 'A laptop or desktop.' },
);

const fields = {
  hostname: Clearable(Text(253), 'Host name.'),
  ...host.writableHardware(4096),
  status: Type.Optional(
    Type.Enum(WORKSTATION_STATUSES, { description: 'Status; default in_use when assigned, else in_stock.' }),
  ),
  assignedUserId: Clearable(Uuid('Assigned user id.'), 'The person using it; must be a user of the workspace (422).'),
  purchaseDate: Clearable(DateOnly('Purchase date.'), 'Purchase date.'),
  warrantyEnd: Clearable(DateOnly('Warranty end.'), 'Warranty end; not before the purchase date (422).'),
  location: Clearable(Text(200), 'Office or site.'),
};

export const workstations = defineFamily({
  table: 'workstations',
  noun: 'workstation',
  description: 'Laptops and desktops, assigned to people.',
  scopeFamily: 'infrastructure',
  schemas: {
    item: Workstation,
    ...writeSchemas({ name: Name('Asset name; not changeable on an automatic workstation (422).', 'LT-0042') }, fields),
  },
  fields: {
    ...host.automaticField,
  },
  trackingField: 'lastCheckTime',
  sorts: [
    'name',
    'hostname',
    'status',
    'os',
    'manufacturer',
    'model',
    'serialNumber',
    'purchaseDate',
    'warrantyEnd',
    'createdAt',
    'lastCheckTime',
  ],
  filters: {
    status: equalsFilter('status', Type.Enum(WORKSTATION_STATUSES, { description: 'Only this status.' })),
    assignedUserId: equalsFilter('assigned_user_id', Uuid('Only machines assigned to this user.')),
    assigned: {
      schema: Type.Boolean({ description: 'true: only assigned machines; false: only unassigned ones.' }),
      where: (eb, assigned) => eb('assigned_user_id', assigned ? 'is not' : 'is', null),
      key: String,
    },
    ...host.automaticFilter('true: only agent-reported machines; false: only manual ones.'),
    warrantyEndsBefore: dateFilter(
      'warranty_end',
      '<',
      DateOnly('Only machines whose warranty ends before this date.'),
    ),
  },
  // A person who leaves the workspace no longer has the machine assigned.
  references: [{ field: 'assignedUserId', target: userLinkable, onDelete: 'clear' }],
  async beforeDelete(trx, workspaceId, row) {
    await host.releaseSoftware(trx, workspaceId, row.id);
  },
  async check({ trx, workspaceId, before, next }) {
    if (!next.status) next.status = next.assigned_user_id ? 'in_use' : 'in_stock';
    if (next.assigned_user_id && !(await findWorkspaceUser(trx, workspaceId, next.assigned_user_id))) {
      throw new ApiError('unprocessable_entity', 'assignedUserId does not name a user of this workspace');
    }
    if (next.purchase_date && next.warranty_end && next.warranty_end < next.purchase_date) {
      throw new ApiError('unprocessable_entity', 'warrantyEnd is before purchaseDate');
    }
    host.refuseAgentOwnedChange(before, next);
  },
  texts: {
    update:
      'An assignedUserId outside the workspace or a warranty ending before the purchase answers 422; ' +
      'so does changing name, os or manufacturer of an automatic workstation.',
  },
});
