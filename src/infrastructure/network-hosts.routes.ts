import { Type } from 'typebox';
import type { Kysely } from 'kysely';
import type { Tables } from '../db/schema.js';
import { callerOf } from '../http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS } from '../http/errors.js';
import { IdParams } from '../http/schemas.js';
import type { App, AppDeps } from '../http/types.js';
import { requireRow } from '../resources/crud.js';
import { addressesOf, networkOf, rangeOf } from './addresses.js';
import { networks } from './networks.module.js';
import { servers } from './servers.module.js';

/** Servers read per statement while placing addresses. */
const PAGE = 5000;

/**
 * The servers placed in a network: those with an address whose most specific network it is (the
 * rule of the network-mapping diagram). Addresses are stored as JSON lists, so the servers are
 * read in pages along the primary key and placed here.
 */
export async function hostsOfNetwork(db: Kysely<Tables>, workspaceId: string, networkId: string): Promise<Tables['servers'][]> {
  await requireRow(db, networks.definition, workspaceId, networkId);
  const ranges = (await db.selectFrom('networks').select(['id', 'cidr']).where('workspace_id', '=', workspaceId).execute()).map(rangeOf);
  const placed: string[] = [];
  let after: string | undefined;
  for (;;) {
    let query = db.selectFrom('servers').select(['id', 'ip_addresses']).where('workspace_id', '=', workspaceId);
    // The first page has no lower bound: on PostgreSQL ids are uuid, and '' is not one.
    if (after) query = query.where('id', '>', after);
    const page = await query.orderBy('id').limit(PAGE).execute();
    for (const server of page) if (addressesOf(server.ip_addresses).some((address) => networkOf(address, ranges) === networkId)) placed.push(server.id);
    if (page.length < PAGE) break;
    after = page.at(-1)!.id;
  }
  const rows: Tables['servers'][] = [];
  for (let start = 0; start < placed.length; start += PAGE) {
    rows.push(...(await db.selectFrom('servers').selectAll().where('workspace_id', '=', workspaceId).where('id', 'in', placed.slice(start, start + PAGE)).execute()));
  }
  return rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
}

export function registerNetworkHostRoutes(app: App, { database }: AppDeps): void {
  app.get(
    '/networks/:id/hosts',
    {
      config: { scope: 'infrastructure:read' },
      schema: {
        operationId: 'listNetworkHosts',
        tags: ['networks'],
        summary: 'List the servers in a network',
        description:
          'Servers with an IP address whose most specific network (longest prefix) is this one, as a bare JSON array by name: the placement of the network-mapping diagram. Workstations record no address. Scope: infrastructure:read.',
        params: IdParams,
        response: { 200: Type.Array(servers.definition.schemas.item), ...errorResponses(...PUBLIC_ERRORS, 404) },
      },
    },
    async (request) => {
      const { workspaceId } = callerOf(request);
      return (await hostsOfNetwork(database.db, workspaceId, request.params.id)).map((row) => servers.toDto(row));
    },
  );
}
