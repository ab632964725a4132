import { isIP } from 'node:net';
import { Type, type Static } from 'typebox';
import { applications } from '../applications/applications.module.js';
import { ApiError } from '../../base/errors/api-error.js';
import { Clearable, Name, OrNull, Text, Uuid } from '../../base/http/schemas.js';
import { defineFamily, jsonArrayColumn } from '../../base/resources/family.js';
import { equalsFilter, foldedEqualsFilter, linkedFilter } from '../../base/lists/filters.js';
import { linkableFamily } from '../../base/resources/links.js';
import { hostParts } from './hosts.js';
import { tagLinkable } from '../tags/tags.repository.js';
import { userLinkable } from '../people/users.module.js';

const host = hostParts('server');

export const ENVIRONMENTS = ['production', 'staging', 'test', 'development', 'disaster_recovery'] as const;

export const Server = Type.Object(
  {
    id: Uuid('Server id.'),
    name: Type.String({ description: 'Display name.', examples: ['db-01'] }),
    hostname: Type.String({ description: 'Host name (FQDN or short).', examples: ['db-01.prod.acme.internal'] }),
    ipAddresses: Type.Array(Type.String({ examples: ['10.0.0.5'] }), { description: 'IPv4 and IPv6 addresses.' }),
    os: OrNull(Type.String({ examples: ['Debian GNU/Linux'] }), 'Operating system.'),
    osVersion: OrNull(Type.String({ examples: ['12'] }), 'Operating system version.'),
    manufacturer: OrNull(Type.String({ examples: ['Dell Inc.'] }), 'Hardware manufacturer.'),
    model: OrNull(Type.String({ examples: ['PowerEdge R650'] }), 'Hardware model.'),
    serialNumber: OrNull(Type.String({ examples: ['7XK2L93'] }), 'Serial number or service tag.'),
    cpuCores: OrNull(Type.Integer({ minimum: 0, examples: [16] }), 'CPU cores.'),
    memoryMb: OrNull(Type.Integer({ minimum: 0, examples: [65536] }), 'Memory in MiB.'),
    storageGb: OrNull(Type.Integer({ minimum: 0, examples: [1920] }), 'Storage in GB.'),
    environment: OrNull(Type.Enum(ENVIRONMENTS), 'Environment; null when not recorded.'),
    location: OrNull(Type.String({ examples: ['Frankfurt DC2, rack 14'] }), 'Site, room or rack.'),
    description: OrNull(Type.String(), 'Notes.'),
    ...host.reportingProperties,
  },
  { description: 'A physical or virtual server.' },
);
export type Server = Static<typeof Server>;

const Ip = Type.String({ maxLength: 45, description: 'IPv4 or IPv6 address.', examples: ['10.0.0.5'] });
const writable = {
  ipAddresses: Type.Optional(Type.Array(Ip, { maxItems: 64, description: 'IPv4 and IPv6 addresses.' })),
  ...host.writableHardware(100000),
  storageGb: Clearable(Type.Integer({ minimum: 0 }), 'Storage in GB.'),
  environment: Clearable(Type.Enum(ENVIRONMENTS), 'Environment; null (the default) when not recorded.'),
  location: Clearable(Text(200), 'Site, room or rack.'),
  description: Clearable(Text(), 'Notes.'),
};

/** Distinct addresses, each a valid IPv4 or IPv6 address (400 otherwise). */
export function ipList(addresses: string[], field = 'ipAddresses'): string[] {
  const distinct = [...new Set(addresses)];
  const bad = distinct.find((address) => isIP(address) === 0);
  if (bad !== undefined)
    throw new ApiError('bad_request', `${field} contains "${bad}", which is not an IPv4 or IPv6 address`);
  return distinct;
}

const ServerCreate = Type.Object(
  {
    name: Name('Display name.', 'db-01'),
    hostname: Type.Optional(Name('Host name; default the name.', 'db-01.acme.internal')),
    ...writable,
  },
  { additionalProperties: false },
);
const ServerUpdate = Type.Object(
  {
    name: Type.Optional(Name('Display name; not changeable on an automatic server (422).', 'db-01')),
    hostname: Type.Optional(Name('Host name.', 'db-01.acme.internal')),
    ...writable,
  },
  { additionalProperties: false },
);

export const servers = defineFamily({
  table: 'servers',
  noun: 'server',
  description: 'Servers, manual or reported by agents.',
  scopeFamily: 'infrastructure',
  schemas: { item: Server, create: ServerCreate, update: ServerUpdate },
  fields: {
    // Sorted by the first address's key (migration 0014): in numeric order, IPv4 before IPv6.
    ipAddresses: { ...jsonArrayColumn(ipList), sortColumn: 'ip_key', sortNullable: true },
    os: { foldedInto: 'os_key' },
    ...host.automaticField,
  },
  trackingField: 'lastCheckTime',
  sorts: [
    'name',
    'hostname',
    'ipAddresses',
    'environment',
    'os',
    'manufacturer',
    'model',
    'serialNumber',
    'createdAt',
    'lastCheckTime',
    'cpuCores',
    'memoryMb',
  ],
  filters: {
    environment: equalsFilter('environment', Type.Enum(ENVIRONMENTS, { description: 'Only this environment.' })),
    ...host.automaticFilter('true: only agent-reported servers; false: only manual ones.'),
    os: foldedEqualsFilter(
      'os_key',
      Type.String({ maxLength: 200, description: 'Only this operating system (exact, case-insensitive).' }),
    ),
    agentId: equalsFilter('agent_id', Uuid('Only servers reported by this agent.')),
    tagId: linkedFilter('server_tags', 'server_id', 'tag_id', Uuid('Only servers with this tag.')),
    applicationId: linkedFilter(
      'application_servers',
      'server_id',
      'application_id',
      Uuid('Only servers running this application.'),
    ),
  },
  links: [
    {
      segment: 'owners',
      param: 'userId',
      child: userLinkable,
      table: 'server_owners',
      parentColumn: 'server_id',
      childColumn: 'user_id',
    },
    {
      segment: 'tags',
      param: 'tagId',
      child: tagLinkable,
      table: 'server_tags',
      parentColumn: 'server_id',
      childColumn: 'tag_id',
    },
    {
      segment: 'applications',
      param: 'applicationId',
      child: linkableFamily(applications),
      table: 'application_servers',
      parentColumn: 'server_id',
      childColumn: 'application_id',
      reverse: { segment: 'servers', param: 'serverId' },
    },
  ],
  async beforeDelete(trx, workspaceId, row) {
    await host.releaseSoftware(trx, workspaceId, row.id);
  },
  async check({ before, next }) {
    if (!next.hostname) next.hostname = next.name;
    host.refuseAgentOwnedChange(before, next);
  },
  texts: {
    delete:
      'Its owner, tag and application links and its discovered software go with it. ' +
      'An automatic server may be deleted; its next report re-creates it.',
    update: 'On an automatic server, changing name, os or manufacturer answers 422; other fields stay editable.',
  },
});
