import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { Tables } from '../../base/db/schema.js';
import { callerOf } from '../../base/http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS } from '../../base/http/errors.js';
import { IdParams } from '../../base/http/schemas.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { requireRow } from '../../base/resources/crud.js';
import type { Family } from '../../base/resources/family.js';
import { reachableIds, reachOf, reaches, type FamilyReach } from '../../base/resources/reach.js';
import { notFound } from '../../base/errors/api-error.js';
import { NetworkPlacement } from './addresses.js';
import { networks } from './networks.module.js';
import { servers } from '../servers/servers.module.js';

/** Servers read per statement. */
const PAGE = 5000;
/** Address ranges read per statement (a UNION ALL of one index range each). */
const RANGES_PER_READ = 50;

/**
 * The servers placed in a network: those with an address whose most specific network it is (the
 * rule of the network-mapping diagram). The network's own addresses are its CIDR less the
 * networks inside it: a few ranges of the servers' address keys (table server_addresses), each
 * read from the index on (workspace, address), so the cost follows the network's servers, not the
 * workspace's.
 */
export async function hostsOfNetwork(
  db: Kysely<Tables>,
  workspaceId: string,
  networkId: string,
  /** A restricted caller's reach: hosts and networks it does not reach are as if they did not exist. */
  reach: { networks?: FamilyReach | undefined; servers?: FamilyReach | undefined } = {},
): Promise<Tables['servers'][]> {
  await requireRow(db, networks.definition, workspaceId, networkId);
  if (!(await reaches(db, workspaceId, reach.networks, networkId))) throw notFound(networks.definition.nouns.one);
  const all = await db.selectFrom('networks').select(['id', 'cidr']).where('workspace_id', '=', workspaceId).execute();
  const reachedNetworks =
    reach.networks &&
    (await reachableIds(
      db,
      workspaceId,
      reach.networks,
      all.map((n) => n.id),
    ));
  const placement = new NetworkPlacement(reachedNetworks ? all.filter((n) => reachedNetworks.has(n.id)) : all);
  const ranges = placement.rangesOf(networkId);
  const placed = new Set<string>();
  for (let start = 0; start < ranges.length; start += RANGES_PER_READ) {
    const [first, ...rest] = ranges
      .slice(start, start + RANGES_PER_READ)
      .map((range) =>
        db
          .selectFrom('server_addresses')
          .select('server_id')
          .where('workspace_id', '=', workspaceId)
          .where('address', '>=', range.start)
          .where('address', '<=', range.end),
      );
    const rows = await rest.reduce((union, query) => union.unionAll(query), first!).execute();
    for (const row of rows) placed.add(row.server_id);
  }
  const reachedHosts = reach.servers && (await reachableIds(db, workspaceId, reach.servers, [...placed]));
  const ids = reachedHosts ? [...placed].filter((id) => reachedHosts.has(id)) : [...placed];
  const rows: Tables['servers'][] = [];
  for (let start = 0; start < ids.length; start += PAGE) {
    rows.push(
      ...(await db
        .selectFrom('servers')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', ids.slice(start, start + PAGE))
        .execute()),
    );
  }
  return rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
}

export function registerNetworkHostRoutes(app: App, { database }: AppDeps): void {
  app.get(
    '/networks/:id/hosts',
    {
      config: { scope: 'infrastructure:read', reach: 'applied' },
      schema: {
        operationId: 'listNetworkHosts',
        tags: ['networks'],
        summary: 'List the servers in a network',
        description:
          'Servers with an IP address whose most specific network (longest prefix) is this one, ' +
          'as a bare JSON array by name: the placement of the network-mapping diagram. ' +
          'Workstations record no address. Scope: infrastructure:read.',
        params: IdParams,
        response: { 200: Type.Array(servers.definition.schemas.item), ...errorResponses(...PUBLIC_ERRORS, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const reach = {
        networks: await reachOf(database.db, caller, networks as unknown as Family),
        servers: await reachOf(database.db, caller, servers as unknown as Family),
      };
      const hosts = await hostsOfNetwork(database.db, caller.workspaceId, request.params.id, reach);
      return hosts.map((row) => servers.toDto(row));
    },
  );
}
