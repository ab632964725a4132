import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Tables } from '../../base/db/schema.js';
import { addressesOf, addressKey, NetworkPlacement } from './addresses.js';
import { servers } from '../servers/servers.module.js';
import { IdParams, OrNull, Uuid } from '../../base/http/schemas.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { requireRow } from '../../base/resources/crud.js';
import { memberCallerOf } from '../../base/http/console.js';
import type { Family } from '../../base/resources/family.js';
import { reachableIds, reachOf, reaches, type FamilyReach } from '../../base/resources/reach.js';
import { notFound } from '../../base/errors/api-error.js';
import { networks } from './networks.module.js';

export const ServerNetworks = Type.Object({
  networks: Type.Array(
    Type.Object({
      id: Uuid('Network id.'),
      name: Type.String(),
      cidr: Type.String(),
      vlan: OrNull(Type.Integer(), 'VLAN.'),
      environment: OrNull(Type.String(), 'Environment.'),
      addresses: Type.Array(Type.String(), { description: "The server's addresses placed in this network." }),
    }),
  ),
  unplaced: Type.Array(Type.String(), { description: 'Addresses no network of the workspace holds.' }),
});
export type ServerNetworks = Static<typeof ServerNetworks>;

/** An address key of server_addresses (db/address-keys.ts) written back as an address. */
function addressOfKey(key: string): string {
  const hex = key.slice(1);
  if (key[0] === '4') return [0, 2, 4, 6].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join('.');
  return (hex.match(/.{4}/g) ?? []).map((group) => group.replace(/^0+(?=.)/, '')).join(':');
}

/**
 * The networks a server's addresses lie in, by the rule of a network's hosts
 * (GET /networks/{id}/hosts): each of its address keys (server_addresses, read by the server's
 * primary key) placed in its most specific network of the workspace (NetworkPlacement). The
 * reverse of that route, computed here so the browser never reads every network.
 */
export async function networksOfServer(
  db: Kysely<Tables>,
  workspaceId: string,
  serverId: string,
  /** A restricted caller's reach: the server must be reached, and only reached networks place its addresses. */
  reach: { networks?: FamilyReach | undefined; servers?: FamilyReach | undefined } = {},
): Promise<ServerNetworks> {
  const server = await requireRow(db, servers.definition, workspaceId, serverId);
  if (!(await reaches(db, workspaceId, reach.servers, serverId))) throw notFound(servers.definition.nouns.one);
  const keys = await db
    .selectFrom('server_addresses')
    .select('address')
    .where('workspace_id', '=', workspaceId)
    .where('server_id', '=', server.id)
    .orderBy('address')
    .execute();
  if (keys.length === 0) return { networks: [], unplaced: [] };
  const every = await db
    .selectFrom('networks')
    .select(['id', 'name', 'cidr', 'vlan', 'environment'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const reached =
    reach.networks &&
    (await reachableIds(
      db,
      workspaceId,
      reach.networks,
      every.map((n) => n.id),
    ));
  const all = reached ? every.filter((network) => reached.has(network.id)) : every;
  const placement = new NetworkPlacement(all);
  const byId = new Map(all.map((network) => [network.id, network]));
  // Each address as the server's own list spells it (the key is its sortable form).
  const spelled = new Map(addressesOf(server.ip_addresses).map((address) => [addressKey(address), address]));
  const placed = new Map<string, string[]>();
  const unplaced: string[] = [];
  for (const { address: key } of keys) {
    const address = spelled.get(key) ?? addressOfKey(key);
    const networkId = placement.networkOf(address);
    if (networkId) placed.set(networkId, [...(placed.get(networkId) ?? []), address]);
    else unplaced.push(address);
  }
  return {
    networks: [...placed.entries()].map(([id, addresses]) => {
      const network = byId.get(id)!;
      return { ...network, vlan: network.vlan === null ? null : Number(network.vlan), addresses };
    }),
    unplaced,
  };
}

/** GET /ui/api/servers/{id}/networks: a server's networks for its detail page (infrastructure:read). */
export function registerServerNetworkRoutes(app: App, { database }: AppDeps): void {
  app.get(
    '/servers/:id/networks',
    {
      config: { scope: 'infrastructure:read', reach: 'applied' as const },
      schema: { params: IdParams, response: { 200: ServerNetworks } },
    },
    async (request) => {
      const caller = memberCallerOf(request);
      const reach = {
        networks: await reachOf(database.reader, caller, networks as unknown as Family),
        servers: await reachOf(database.reader, caller, servers as unknown as Family),
      };
      return networksOfServer(database.reader, caller.workspaceId, request.params.id, reach);
    },
  );
}
