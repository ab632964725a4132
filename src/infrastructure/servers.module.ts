import { isIP } from 'node:net';
import { Type, type Static } from 'typebox';
import { Application } from '../applications/applications.schemas.js';
import { applicationLinkParent, applicationRowToDto } from '../applications/applications.module.js';
import type { ServersTable } from '../db/schema.js';
import { releaseHostSoftware } from '../agents/report.service.js';
import { ApiError } from '../errors/api-error.js';
import type { AppDeps, App } from '../http/types.js';
import { Clearable, DateTime, Name, OrNull, Text, Uuid } from '../http/schemas.js';
import { listQuerySchema, offsetListSchema } from '../pagination/offset.js';
import { columnsFrom, linkedTo, registerResourceRoutes, type ResourceDefinition } from '../resources/crud.js';
import { registerLinkRoutes, workspaceChild } from '../resources/links.js';
import { Tag } from '../tags/tags.schemas.js';
import { tagRowToDto } from '../tags/tags.service.js';
import { userLinkChild } from '../users/users.module.js';

export const ENVIRONMENTS = ['production', 'staging', 'test', 'development', 'disaster_recovery'] as const;

/** Fields an agent owns on an automatic host (spec §2, §7.2): the API refuses to change them. */
export const AGENT_OWNED_FIELDS = ['name', 'os', 'manufacturer'] as const;

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
    environment: Type.Enum(ENVIRONMENTS, { description: 'Environment.' }),
    location: OrNull(Type.String({ examples: ['Frankfurt DC2, rack 14'] }), 'Site, room or rack.'),
    description: OrNull(Type.String(), 'Notes.'),
    automatic: Type.Boolean({ description: 'true when reported by an agent; then name, os and manufacturer cannot be changed through the API (422).' }),
    agentId: OrNull(Uuid('Reporting agent.'), 'The agent that reports it; null for a manual server.'),
    createdAt: DateTime('Creation instant.'),
    lastCheckTime: DateTime('Change-tracking field: the last creation, edit or link of a manual server; the last report of an automatic one.'),
  },
  { description: 'A physical or virtual server.' },
);
export type Server = Static<typeof Server>;

const Ip = Type.String({ maxLength: 45, description: 'IPv4 or IPv6 address.', examples: ['10.0.0.5'] });
const writable = {
  ipAddresses: Type.Optional(Type.Array(Ip, { maxItems: 64, description: 'IPv4 and IPv6 addresses.' })),
  os: Clearable(Text(200), 'Operating system.'),
  osVersion: Clearable(Text(100), 'Operating system version.'),
  manufacturer: Clearable(Text(200), 'Hardware manufacturer.'),
  model: Clearable(Text(200), 'Hardware model.'),
  serialNumber: Clearable(Text(200), 'Serial number.'),
  cpuCores: Clearable(Type.Integer({ minimum: 0, maximum: 100000 }), 'CPU cores.'),
  memoryMb: Clearable(Type.Integer({ minimum: 0 }), 'Memory in MiB.'),
  storageGb: Clearable(Type.Integer({ minimum: 0 }), 'Storage in GB.'),
  environment: Type.Optional(Type.Enum(ENVIRONMENTS, { description: 'Environment; default production.' })),
  location: Clearable(Text(200), 'Site, room or rack.'),
  description: Clearable(Text(), 'Notes.'),
};

export function serverRowToDto(row: ServersTable): Server {
  return {
    id: row.id, name: row.name, hostname: row.hostname, ipAddresses: JSON.parse(row.ip_addresses) as string[], os: row.os, osVersion: row.os_version,
    manufacturer: row.manufacturer, model: row.model, serialNumber: row.serial_number, cpuCores: row.cpu_cores, memoryMb: row.memory_mb,
    storageGb: row.storage_gb, environment: row.environment as Server['environment'], location: row.location, description: row.description,
    automatic: Boolean(row.automatic), agentId: row.agent_id, createdAt: row.created_at, lastCheckTime: row.last_check_time,
  };
}

function ipList(value: unknown): string {
  const addresses = [...new Set(value as string[])];
  const bad = addresses.find((address) => isIP(address) === 0);
  if (bad !== undefined) throw new ApiError('bad_request', `ipAddresses contains "${bad}", which is not an IPv4 or IPv6 address`);
  return JSON.stringify(addresses);
}


export const serverResource: ResourceDefinition<ServersTable, Server> = {
  table: 'servers',
  resourceType: 'server',
  auditCategory: 'inventory',
  scopeFamily: 'infrastructure',
  path: '/servers',
  openApiTag: 'servers',
  names: ['server', 'servers'],
  description: 'Servers, manual or reported by agents.',
  schemas: {
    item: Server,
    create: Type.Object({ name: Name('Display name.', 'db-01'), hostname: Type.Optional(Name('Host name; default the name.', 'db-01.acme.internal')), ...writable }, { additionalProperties: false }),
    update: Type.Object({ name: Type.Optional(Name('Display name; not changeable on an automatic server (422).', 'db-01')), hostname: Type.Optional(Name('Host name.', 'db-01.acme.internal')), ...writable }, { additionalProperties: false }),
    listQuery: listQuerySchema(
      {
        environment: Type.Optional(Type.Enum(ENVIRONMENTS, { description: 'Only this environment.' })),
        automatic: Type.Optional(Type.Boolean({ description: 'true: only agent-reported servers; false: only manual ones.' })),
        os: Type.Optional(Type.String({ maxLength: 200, description: 'Only this operating system (exact, case-insensitive).' })),
        agentId: Type.Optional(Uuid('Only servers reported by this agent.')),
        tagId: Type.Optional(Uuid('Only servers with this tag.')),
        applicationId: Type.Optional(Uuid('Only servers running this application.')),
      },
      ['name', 'hostname', 'environment', 'createdAt', 'lastCheckTime', 'cpuCores', 'memoryMb'],
      'Case-insensitive text in the name, hostname or IP addresses.',
    ),
    list: offsetListSchema(Server, 'Offset list of servers.'),
  },
  toDto: serverRowToDto,
  toColumns: (input) => {
    const columns = columnsFrom<ServersTable>(input, {
      name: 'name', hostname: 'hostname', ipAddresses: ['ip_addresses', ipList], os: 'os', osVersion: 'os_version', manufacturer: 'manufacturer',
      model: 'model', serialNumber: 'serial_number', cpuCores: 'cpu_cores', memoryMb: 'memory_mb', storageGb: 'storage_gb',
      environment: 'environment', location: 'location', description: 'description',
    });
    return columns;
  },
  defaults: {
    ip_addresses: '[]', os: null, os_version: null, manufacturer: null, model: null, serial_number: null, cpu_cores: null, memory_mb: null,
    storage_gb: null, environment: 'production', location: null, description: null, automatic: 0, agent_id: null,
  },
  searchColumns: ['name', 'hostname', 'ip_addresses'],
  sortColumns: {
    name: 'name', hostname: 'hostname', environment: 'environment', createdAt: 'created_at', lastCheckTime: 'last_check_time', cpuCores: 'cpu_cores', memoryMb: 'memory_mb',
  },
  defaultSort: 'name',
  filters: (query, eb, workspaceId) => [
    ...(query.environment ? [eb('environment', '=', query.environment)] : []),
    ...(query.automatic === undefined ? [] : [eb('automatic', '=', query.automatic ? 1 : 0)]),
    ...(query.os ? [eb(eb.fn('lower', ['os']), '=', String(query.os).toLowerCase())] : []),
    ...(query.agentId ? [eb('agent_id', '=', query.agentId)] : []),
    ...(query.tagId ? [linkedTo(eb, workspaceId, 'server_tags', 'server_id', 'tag_id', query.tagId)] : []),
    ...(query.applicationId ? [linkedTo(eb, workspaceId, 'application_servers', 'server_id', 'application_id', query.applicationId)] : []),
  ],
  trackingColumn: 'last_check_time',
  untrackedFields: ['lastCheckTime', 'createdAt'],
  async beforeDelete(trx, workspaceId, row) {
    await releaseHostSoftware(trx, workspaceId, 'server_id', row.id);
  },
  async check({ before, next }) {
    if (!next.hostname) next.hostname = next.name;
    if (before?.automatic) {
      const changed = AGENT_OWNED_FIELDS.filter((field) => (before as any)[field] !== (next as any)[field]);
      if (changed.length > 0) {
        throw new ApiError('unprocessable_entity', `${changed.join(', ')} of an automatic server cannot change: its agent reports ${changed.length > 1 ? 'them' : 'it'}`);
      }
    }
  },
};

export function registerServerRoutes(app: App, { database }: AppDeps): void {
  registerResourceRoutes(app, database, serverResource, undefined, {
    deleteDescription: 'Its owner, tag and application links and its discovered software go with it. An automatic server may be deleted; its next report re-creates it.',
    updateDescription: 'On an automatic server, changing name, os or manufacturer answers 422; other fields stay editable.',
  });
  const parent = {
    table: 'servers', path: '/servers', noun: 'server', resourceType: 'server' as const, auditCategory: 'inventory' as const,
    scopeFamily: 'infrastructure', trackingColumn: 'last_check_time', openApiTag: 'servers',
  };
  registerLinkRoutes(app, database, {
    parent,
    child: userLinkChild('server_owners', 'server_id', 'owners'),
    linkTable: 'server_owners', parentColumn: 'server_id', childColumn: 'user_id', names: ['ServerOwner', 'ServerOwners'],
  });
  registerLinkRoutes(app, database, {
    parent,
    child: workspaceChild({
      table: 'tags', readScope: 'tags:read', segment: 'tags', param: 'tagId', noun: 'tag', item: Tag, toDto: tagRowToDto,
      linkTable: 'server_tags', parentColumn: 'server_id', childColumn: 'tag_id',
    }),
    linkTable: 'server_tags', parentColumn: 'server_id', childColumn: 'tag_id', names: ['ServerTag', 'ServerTags'],
  });
  registerLinkRoutes(app, database, {
    parent,
    child: workspaceChild({
      table: 'applications', readScope: 'applications:read', segment: 'applications', param: 'applicationId', noun: 'application', item: Application, toDto: applicationRowToDto,
      linkTable: 'application_servers', parentColumn: 'server_id', childColumn: 'application_id',
    }),
    linkTable: 'application_servers', parentColumn: 'server_id', childColumn: 'application_id', names: ['ServerApplication', 'ServerApplications'],
  });
  // The same link seen from the application.
  registerLinkRoutes(app, database, {
    parent: applicationLinkParent,
    child: workspaceChild({
      table: 'servers', readScope: 'infrastructure:read', segment: 'servers', param: 'serverId', noun: 'server', item: Server, toDto: serverRowToDto,
      linkTable: 'application_servers', parentColumn: 'application_id', childColumn: 'server_id',
    }),
    linkTable: 'application_servers', parentColumn: 'application_id', childColumn: 'server_id', names: ['ApplicationServer', 'ApplicationServers'],
  });
}
