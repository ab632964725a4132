import ipaddr from 'ipaddr.js';
import { Type, type Static } from 'typebox';
import type { NetworksTable, RoutersTable } from '../db/schema.js';
import { ApiError } from '../errors/api-error.js';
import type { AppDeps, App } from '../http/types.js';
import { Clearable, DateTime, Name, OrNull, Text, Uuid } from '../http/schemas.js';
import { listQuerySchema, offsetListSchema } from '../pagination/offset.js';
import { columnsFrom, linkedTo, registerResourceRoutes, type ResourceDefinition } from '../resources/crud.js';
import { registerLinkRoutes, workspaceChild } from '../resources/links.js';
import { Tag } from '../tags/tags.schemas.js';
import { tagRowToDto } from '../tags/tags.service.js';
import { ENVIRONMENTS } from './servers.module.js';

/** Parses a CIDR; host bits must be zero (10.0.0.0/24, not 10.0.0.5/24). Returns the canonical text. */
export function canonicalCidr(value: string): string {
  let parsed: [ipaddr.IPv4 | ipaddr.IPv6, number];
  try {
    parsed = ipaddr.parseCIDR(value.trim());
  } catch {
    throw new ApiError('bad_request', `cidr "${value}" is not a valid CIDR such as 10.0.0.0/24 or 2001:db8::/48`);
  }
  const [address, prefix] = parsed;
  const network = address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(value.trim()) : ipaddr.IPv6.networkAddressFromCIDR(value.trim());
  if (network.toString() !== address.toString()) {
    throw new ApiError('bad_request', `cidr "${value}" has host bits set; the network is ${network.toString()}/${prefix}`);
  }
  return `${network.toString()}/${prefix}`;
}

/** Whether an address lies inside a canonical CIDR. */
export function cidrContains(cidr: string, address: string): boolean {
  try {
    const ip = ipaddr.parse(address);
    const range = ipaddr.parseCIDR(cidr);
    return ip.kind() === range[0].kind() && ip.match(range);
  } catch {
    return false;
  }
}

function ipAddress(field: string) {
  return (value: unknown) => {
    if (value === null) return null;
    if (!ipaddr.isValid(String(value))) throw new ApiError('bad_request', `${field} "${String(value)}" is not an IPv4 or IPv6 address`);
    return ipaddr.parse(String(value)).toString();
  };
}

export const Network = Type.Object(
  {
    id: Uuid('Network id.'),
    name: Type.String({ description: 'Network name.', examples: ['Production servers'] }),
    cidr: Type.String({ description: 'Address range in CIDR notation, canonical (host bits zero).', examples: ['10.20.0.0/24'] }),
    vlan: OrNull(Type.Integer({ minimum: 1, maximum: 4094, examples: [120] }), 'VLAN id, 1–4094.'),
    gateway: OrNull(Type.String({ examples: ['10.20.0.1'] }), 'Default gateway, inside the CIDR.'),
    environment: OrNull(Type.Enum(ENVIRONMENTS), 'Environment the network serves.'),
    location: OrNull(Type.String({ examples: ['Frankfurt DC2'] }), 'Site.'),
    description: OrNull(Type.String(), 'Notes.'),
    createdAt: DateTime('Creation instant.'),
    updatedAt: DateTime('Last change, including router links.'),
  },
  { description: 'An IP network (subnet).' },
);

const networkFields = {
  vlan: Clearable(Type.Integer({ minimum: 1, maximum: 4094 }), 'VLAN id, 1–4094.'),
  gateway: Clearable(Type.String({ maxLength: 45 }), 'Default gateway; must lie inside the CIDR (422).'),
  environment: Clearable(Type.Enum(ENVIRONMENTS), 'Environment.'),
  location: Clearable(Text(200), 'Site.'),
  description: Clearable(Text(), 'Notes.'),
};
const Cidr = Type.String({ minLength: 1, maxLength: 64, description: 'CIDR such as 10.20.0.0/24 or 2001:db8::/48; host bits must be zero.', examples: ['10.20.0.0/24'] });

function networkRowToDto(row: NetworksTable): Static<typeof Network> {
  return {
    id: row.id, name: row.name, cidr: row.cidr, vlan: row.vlan, gateway: row.gateway, environment: row.environment as Static<typeof Network>['environment'],
    location: row.location, description: row.description, createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

export const Router = Type.Object(
  {
    id: Uuid('Router id.'),
    name: Type.String({ description: 'Router name.', examples: ['edge-fra-1'] }),
    manufacturer: OrNull(Type.String({ examples: ['Cisco'] }), 'Manufacturer.'),
    model: OrNull(Type.String({ examples: ['ASR 1001-X'] }), 'Model.'),
    os: OrNull(Type.String({ examples: ['IOS XE'] }), 'Network operating system.'),
    osVersion: OrNull(Type.String({ examples: ['17.9.4'] }), 'OS version.'),
    serialNumber: OrNull(Type.String(), 'Serial number.'),
    managementIp: OrNull(Type.String({ examples: ['10.0.255.1'] }), 'Management address.'),
    location: OrNull(Type.String(), 'Site or rack.'),
    description: OrNull(Type.String(), 'Notes.'),
    createdAt: DateTime('Creation instant.'),
    updatedAt: DateTime('Last change, including network and tag links.'),
  },
  { description: 'A router or layer-3 switch.' },
);

const routerFields = {
  manufacturer: Clearable(Text(200), 'Manufacturer.'),
  model: Clearable(Text(200), 'Model.'),
  os: Clearable(Text(200), 'Network operating system.'),
  osVersion: Clearable(Text(100), 'OS version.'),
  serialNumber: Clearable(Text(200), 'Serial number.'),
  managementIp: Clearable(Type.String({ maxLength: 45 }), 'Management address (IPv4 or IPv6).'),
  location: Clearable(Text(200), 'Site or rack.'),
  description: Clearable(Text(), 'Notes.'),
};

function routerRowToDto(row: RoutersTable): Static<typeof Router> {
  return {
    id: row.id, name: row.name, manufacturer: row.manufacturer, model: row.model, os: row.os, osVersion: row.os_version, serialNumber: row.serial_number,
    managementIp: row.management_ip, location: row.location, description: row.description, createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

const networkResource: ResourceDefinition<NetworksTable, Static<typeof Network>> = {
  table: 'networks',
  resourceType: 'network',
  auditCategory: 'inventory',
  scopeFamily: 'infrastructure',
  path: '/networks',
  openApiTag: 'networks',
  names: ['network', 'networks'],
  description: 'IP networks of the workspace.',
  schemas: {
    item: Network,
    create: Type.Object({ name: Name('Network name.', 'Production servers'), cidr: Cidr, ...networkFields }, { additionalProperties: false }),
    update: Type.Object({ name: Type.Optional(Name('Network name.', 'Production servers')), cidr: Type.Optional(Cidr), ...networkFields }, { additionalProperties: false }),
    listQuery: listQuerySchema(
      {
        environment: Type.Optional(Type.Enum(ENVIRONMENTS, { description: 'Only this environment.' })),
        vlan: Type.Optional(Type.Integer({ minimum: 1, maximum: 4094, description: 'Only this VLAN.' })),
      },
      ['name', 'cidr', 'vlan', 'createdAt', 'updatedAt'],
      'Case-insensitive text in the name, CIDR or location.',
    ),
    list: offsetListSchema(Network, 'Offset list of networks.'),
  },
  toDto: networkRowToDto,
  toColumns: (input) =>
    columnsFrom(input, {
      name: 'name', cidr: ['cidr', (v) => canonicalCidr(String(v))], vlan: 'vlan', gateway: ['gateway', ipAddress('gateway')],
      environment: 'environment', location: 'location', description: 'description',
    }),
  defaults: { vlan: null, gateway: null, environment: null, location: null, description: null },
  searchColumns: ['name', 'cidr', 'location'],
  sortColumns: { name: 'name', cidr: 'cidr', vlan: 'vlan', createdAt: 'created_at', updatedAt: 'updated_at' },
  defaultSort: 'name',
  filters: (query, eb) => [
    ...(query.environment ? [eb('environment', '=', query.environment)] : []),
    ...(query.vlan ? [eb('vlan', '=', query.vlan)] : []),
  ],
  trackingColumn: 'updated_at',
  untrackedFields: ['updatedAt', 'createdAt'],
  async check({ next }) {
    if (next.gateway && !cidrContains(next.cidr, next.gateway)) throw new ApiError('unprocessable_entity', `gateway ${next.gateway} is outside ${next.cidr}`);
  },
};

const routerResource: ResourceDefinition<RoutersTable, Static<typeof Router>> = {
  table: 'routers',
  resourceType: 'router',
  auditCategory: 'inventory',
  scopeFamily: 'infrastructure',
  path: '/routers',
  openApiTag: 'routers',
  names: ['router', 'routers'],
  description: 'Routers and layer-3 switches.',
  schemas: {
    item: Router,
    create: Type.Object({ name: Name('Router name.', 'edge-fra-1'), ...routerFields }, { additionalProperties: false }),
    update: Type.Object({ name: Type.Optional(Name('Router name.', 'edge-fra-1')), ...routerFields }, { additionalProperties: false }),
    listQuery: listQuerySchema(
      {
        manufacturer: Type.Optional(Type.String({ maxLength: 200, description: 'Only this manufacturer (exact, case-insensitive).' })),
        networkId: Type.Optional(Uuid('Only routers attached to this network.')),
      },
      ['name', 'manufacturer', 'createdAt', 'updatedAt'],
      'Case-insensitive text in the name, model or management address.',
    ),
    list: offsetListSchema(Router, 'Offset list of routers.'),
  },
  toDto: routerRowToDto,
  toColumns: (input) =>
    columnsFrom(input, {
      name: 'name', manufacturer: 'manufacturer', model: 'model', os: 'os', osVersion: 'os_version', serialNumber: 'serial_number',
      managementIp: ['management_ip', ipAddress('managementIp')], location: 'location', description: 'description',
    }),
  defaults: { manufacturer: null, model: null, os: null, os_version: null, serial_number: null, management_ip: null, location: null, description: null },
  searchColumns: ['name', 'model', 'management_ip'],
  sortColumns: { name: 'name', manufacturer: 'manufacturer', createdAt: 'created_at', updatedAt: 'updated_at' },
  defaultSort: 'name',
  filters: (query, eb, workspaceId) => [
    ...(query.manufacturer ? [eb(eb.fn('lower', ['manufacturer']), '=', String(query.manufacturer).toLowerCase())] : []),
    ...(query.networkId
      ? [linkedTo(eb, workspaceId, 'router_networks', 'router_id', 'network_id', query.networkId)]
      : []),
  ],
  trackingColumn: 'updated_at',
  untrackedFields: ['updatedAt', 'createdAt'],
};

export function registerNetworkRoutes(app: App, { database }: AppDeps): void {
  registerResourceRoutes(app, database, networkResource, undefined, {
    deleteDescription: 'It is unlinked from its routers.',
    updateDescription: 'A cidr with host bits set or an invalid address is a 400; a gateway outside the CIDR is a 422.',
  });
  registerResourceRoutes(app, database, routerResource, undefined, { deleteDescription: 'Its network and tag links go with it.' });

  const routers = { table: 'routers', path: '/routers', noun: 'router', resourceType: 'router' as const, auditCategory: 'inventory' as const, scopeFamily: 'infrastructure', trackingColumn: 'updated_at', openApiTag: 'routers' };
  registerLinkRoutes(app, database, {
    parent: routers,
    child: workspaceChild({
      table: 'networks', readScope: 'infrastructure:read', segment: 'networks', param: 'networkId', noun: 'network', item: Network, toDto: networkRowToDto,
      linkTable: 'router_networks', parentColumn: 'router_id', childColumn: 'network_id',
    }),
    linkTable: 'router_networks', parentColumn: 'router_id', childColumn: 'network_id', names: ['RouterNetwork', 'RouterNetworks'],
  });
  registerLinkRoutes(app, database, {
    parent: routers,
    child: workspaceChild({
      table: 'tags', readScope: 'tags:read', segment: 'tags', param: 'tagId', noun: 'tag', item: Tag, toDto: tagRowToDto,
      linkTable: 'router_tags', parentColumn: 'router_id', childColumn: 'tag_id',
    }),
    linkTable: 'router_tags', parentColumn: 'router_id', childColumn: 'tag_id', names: ['RouterTag', 'RouterTags'],
  });
  registerLinkRoutes(app, database, {
    parent: { table: 'networks', path: '/networks', noun: 'network', resourceType: 'network', auditCategory: 'inventory', scopeFamily: 'infrastructure', trackingColumn: 'updated_at', openApiTag: 'networks' },
    child: workspaceChild({
      table: 'routers', readScope: 'infrastructure:read', segment: 'routers', param: 'routerId', noun: 'router', item: Router, toDto: routerRowToDto,
      linkTable: 'router_networks', parentColumn: 'network_id', childColumn: 'router_id',
    }),
    linkTable: 'router_networks', parentColumn: 'network_id', childColumn: 'router_id', names: ['NetworkRouter', 'NetworkRouters'],
    readOnly: true,
  });
}
