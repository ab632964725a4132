import ipaddr from 'ipaddr.js';
import { canonicalCidr, cidrContains, cidrKey } from './cidr.js';
import { Type } from 'typebox';
import { ApiError } from '../../base/errors/api-error.js';
import { Clearable, Name, OrNull, Text, Uuid } from '../../base/http/schemas.js';
import { defineFamily, itemSchema, writeSchemas } from '../../base/resources/family.js';
import { equalsFilter, foldedEqualsFilter, linkedFilter } from '../../base/lists/filters.js';
import { linkableFamily } from '../../base/resources/links.js';
import { tagLinkable } from '../tags/tags.repository.js';
import { ENVIRONMENTS } from '../servers/servers.module.js';

function ipAddress(field: string) {
  return (value: unknown) => {
    if (!ipaddr.isValid(String(value)))
      throw new ApiError('bad_request', `${field} "${String(value)}" is not an IPv4 or IPv6 address`);
    return ipaddr.parse(String(value)).toString();
  };
}

export const Network = itemSchema(
  'Network',
  {
    name: Type.String({ description: 'Network name.', examples: ['Production servers'] }),
    cidr: Type.String({
      description: 'Address range in CIDR notation, canonical (host bits zero).',
      examples: ['10.20.0.0/24'],
    }),
    vlan: OrNull(Type.Integer({ minimum: 1, maximum: 4094, examples: [120] }), 'VLAN id, 1–4094.'),
    gateway: OrNull(Type.String({ examples: ['10.20.0.1'] }), 'Default gateway, inside the CIDR.'),
    environment: OrNull(Type.Enum(ENVIRONMENTS), 'Environment the network serves.'),
    location: OrNull(Type.String({ examples: ['Frankfurt DC2'] }), 'Site.'),
    description: OrNull(Type.String(), 'Notes.'),
  },
  'An IP network (subnet).',
  'Last change, including router links.',
);

const networkFields = {
  vlan: Clearable(Type.Integer({ minimum: 1, maximum: 4094 }), 'VLAN id, 1–4094.'),
  gateway: Clearable(Type.String({ maxLength: 45 }), 'Default gateway; must lie inside the CIDR (422).'),
  environment: Clearable(Type.Enum(ENVIRONMENTS), 'Environment.'),
  location: Clearable(Text(200), 'Site.'),
  description: Clearable(Text(), 'Notes.'),
};
const Cidr = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'CIDR such as 10.20.0.0/24 or 2001:db8::/48; host bits must be zero.',
  examples: ['10.20.0.0/24'],
});

export const Router = itemSchema(
  'Router',
  {
    name: Type.String({ description: 'Router name.', examples: ['edge-fra-1'] }),
    manufacturer: OrNull(Type.String({ examples: ['Cisco'] }), 'Manufacturer.'),
    model: OrNull(Type.String({ examples: ['ASR 1001-X'] }), 'Model.'),
    os: OrNull(Type.String({ examples: ['IOS XE'] }), 'Network operating system.'),
    osVersion: OrNull(Type.String({ examples: ['17.9.4'] }), 'OS version.'),
    serialNumber: OrNull(Type.String(), 'Serial number.'),
    managementIp: OrNull(Type.String({ examples: ['10.0.255.1'] }), 'Management address.'),
    location: OrNull(Type.String(), 'Site or rack.'),
    description: OrNull(Type.String(), 'Notes.'),
  },
  'A router or layer-3 switch.',
  'Last change, including network and tag links.',
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

export const networks = defineFamily({
  table: 'networks',
  noun: 'network',
  description: 'IP networks of the workspace.',
  scopeFamily: 'infrastructure',
  schemas: {
    item: Network,
    ...writeSchemas({ name: Name('Network name.', 'Production servers'), cidr: Cidr }, networkFields),
  },
  fields: {
    cidr: { write: (value) => canonicalCidr(String(value)), sortColumn: 'cidr_key' },
    gateway: { write: ipAddress('gateway') },
  },
  // Networks sort by address, numerically (10.1.2.0/24 before 10.1.10.0/24), IPv4 before IPv6.
  sorts: ['name', 'cidr', 'vlan', 'createdAt', 'updatedAt'],
  filters: {
    environment: equalsFilter('environment', Type.Enum(ENVIRONMENTS, { description: 'Only this environment.' })),
    vlan: equalsFilter('vlan', Type.Integer({ minimum: 1, maximum: 4094, description: 'Only this VLAN.' })),
  },
  async check({ next }) {
    next.cidr_key = cidrKey(next.cidr);
    if (next.gateway && !cidrContains(next.cidr, next.gateway))
      throw new ApiError('unprocessable_entity', `gateway ${next.gateway} is outside ${next.cidr}`);
  },
  texts: {
    delete: 'It is unlinked from its routers.',
    update: 'A cidr with host bits set or an invalid address is a 400; a gateway outside the CIDR is a 422.',
  },
});

export const routers = defineFamily({
  table: 'routers',
  noun: 'router',
  description: 'Routers and layer-3 switches.',
  scopeFamily: 'infrastructure',
  schemas: {
    item: Router,
    ...writeSchemas({ name: Name('Router name.', 'edge-fra-1') }, routerFields),
  },
  fields: {
    manufacturer: { foldedInto: 'manufacturer_key' },
    managementIp: { write: ipAddress('managementIp') },
  },
  sorts: ['name', 'manufacturer', 'createdAt', 'updatedAt'],
  filters: {
    manufacturer: foldedEqualsFilter(
      'manufacturer_key',
      Type.String({ maxLength: 200, description: 'Only this manufacturer (exact, case-insensitive).' }),
    ),
    networkId: linkedFilter(
      'router_networks',
      'router_id',
      'network_id',
      Uuid('Only routers attached to this network.'),
    ),
  },
  links: [
    {
      segment: 'networks',
      param: 'networkId',
      child: linkableFamily(networks),
      table: 'router_networks',
      parentColumn: 'router_id',
      childColumn: 'network_id',
      reverse: { segment: 'routers', param: 'routerId', readOnly: true },
    },
    {
      segment: 'tags',
      param: 'tagId',
      child: tagLinkable,
      table: 'router_tags',
      parentColumn: 'router_id',
      childColumn: 'tag_id',
    },
  ],
  texts: { delete: 'Its network and tag links go with it.' },
});
