import { Type, type Static } from 'typebox';
import { DateTime, OrNull, Uuid } from '../../base/http/schemas.js';

/**
 * The answers of the console's diagram views (console/diagram-views.routes.ts), apart from their
 * computation so that the console's pages import their types without the server's modules.
 */

/** The node id of applications without a category, and of the categories past CATEGORY_NODES. */
export const NO_CATEGORY = 'none';
export const OTHER_CATEGORIES = 'other';

export const FlowCategories = Type.Object({
  name: Type.Literal('flow-mapping-categories'),
  generatedAt: DateTime('When it was computed.'),
  categories: Type.Array(
    Type.Object({
      id: Type.String({ description: `The category id, "${NO_CATEGORY}" or "${OTHER_CATEGORIES}".` }),
      categoryId: OrNull(Uuid('The category.'), 'None for applications without a category, or the rest summed.'),
      name: Type.String(),
      applications: Type.Integer({ description: 'Applications of the category.' }),
      flowsWithin: Type.Integer({ description: 'Flows between two applications of the category.' }),
    }),
    { description: 'Categories with applications, most applications first.' },
  ),
  edges: Type.Array(
    Type.Object({
      source: Type.String({ description: 'Node id of the category the data comes from.' }),
      target: Type.String({ description: 'Node id of the category the data goes to.' }),
      flows: Type.Integer({ description: 'Flows from an application of source to one of target.' }),
    }),
  ),
  totals: Type.Object({
    applications: Type.Integer(),
    flows: Type.Integer(),
    categories: Type.Integer({ description: 'Categories with applications (and one for those without).' }),
  }),
});
export type FlowCategories = Static<typeof FlowCategories>;

const Router = Type.Object({
  id: Uuid('The router.'),
  name: Type.String(),
  managementIp: OrNull(Type.String(), 'Its management address.'),
  networkIds: Type.Array(Uuid('A network on the map.'), { description: 'The networks on the map it links.' }),
});

export const NetworkOverview = Type.Object({
  name: Type.Literal('network-mapping-networks'),
  generatedAt: DateTime('When it was computed.'),
  networks: Type.Array(
    Type.Object({
      id: Uuid('The network.'),
      name: Type.String(),
      cidr: Type.String(),
      hosts: Type.Integer({ description: 'Servers with an address whose most specific network this is.' }),
    }),
    { description: 'The networks matching q, by address, as far as the limit allows.' },
  ),
  routers: Type.Array(Router, { description: 'Routers linked to a network on the map, by name.' }),
  totals: Type.Object({
    networks: Type.Integer({ description: 'Networks matching q (all of them without q).' }),
    allNetworks: Type.Integer(),
    servers: Type.Integer(),
    placedServers: Type.Integer({ description: 'Servers with an address in some network.' }),
    workstations: Type.Integer({ description: 'Workstations, which record no address: in no network.' }),
  }),
});
export type NetworkOverview = Static<typeof NetworkOverview>;

export const NetworkHosts = Type.Object({
  name: Type.Literal('network-mapping-network'),
  generatedAt: DateTime('When it was computed.'),
  network: Type.Object({ id: Uuid('The network.'), name: Type.String(), cidr: Type.String() }),
  routers: Type.Array(Router),
  hosts: Type.Array(
    Type.Object({ id: Uuid('The server.'), name: Type.String(), addresses: Type.Array(Type.String()) }),
    { description: "The network's servers matching q, by name, as far as the limit allows." },
  ),
  totals: Type.Object({
    hosts: Type.Integer({ description: "The network's servers." }),
    matching: Type.Integer({ description: 'Those matching q (all of them without q).' }),
  }),
});
export type NetworkHosts = Static<typeof NetworkHosts>;

const Capacity = {
  servers: Type.Integer(),
  cpuCores: Type.Integer({ description: 'Unknown counts as 0.' }),
  memoryMb: Type.Integer({ description: 'Unknown counts as 0.' }),
  storageGb: Type.Integer({ description: 'Unknown counts as 0.' }),
};

export const CapacityLargest = Type.Object({
  name: Type.Literal('capacity-map-largest'),
  generatedAt: DateTime('When it was computed.'),
  groups: Type.Array(
    Type.Object({
      location: OrNull(Type.String(), 'Not recorded.'),
      environment: OrNull(Type.String(), 'Not recorded.'),
      ...Capacity,
    }),
    { description: 'The groups with the most servers, most first.' },
  ),
  otherGroups: Type.Object({ groups: Type.Integer(), ...Capacity }, { description: 'The other groups, summed.' }),
  servers: Type.Array(
    Type.Object({
      id: Uuid('The server.'),
      name: Type.String(),
      location: OrNull(Type.String(), 'Not recorded.'),
      environment: OrNull(Type.String(), 'Not recorded.'),
      cpuCores: Type.Integer(),
      memoryMb: Type.Integer(),
      storageGb: Type.Integer(),
    }),
    { description: 'The servers with the most memory, most first.' },
  ),
  otherServers: Type.Object({ ...Capacity }, { description: 'The other servers, summed.' }),
  totals: Type.Object({ groups: Type.Integer(), ...Capacity }),
});
export type CapacityLargest = Static<typeof CapacityLargest>;
