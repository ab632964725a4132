import { sql, type Kysely } from 'kysely';
import type { Database } from '../../base/db/database.js';
import type { Tables } from '../../base/db/schema.js';
import { rowsIn } from '../../base/db/rows-in.js';
import { rowTotal } from '../../base/resources/reached-tables.js';
import { addressesOf, NetworkPlacement, type KeyRange } from '../../families/networks/addresses.js';
import { hostsOfNetwork } from '../../families/networks/network-hosts.routes.js';
import type { NetworkHosts, NetworkOverview } from './console-views.schemas.js';
import { linkedFrom } from './diagram.js';
import { consoleHref, headingText, legend, link, rect, svgDocument, text, tooltip } from '../dashboards/svg.js';

/**
 * The console's network map of a large workspace: every network with the number of
 * servers placed in it, counted in the database from server_addresses (the placement rule of the
 * network-mapping diagram and of GET /networks/{id}/hosts), and one network's hosts on request.
 * A limit that applies is stated with the totals, never applied silently.
 */

/** Networks drawn unless `limit` says otherwise; hosts of one network likewise. */
export const OVERVIEW_NETWORKS = 200;
export const NETWORK_HOSTS = 500;
/** Ranges joined in one statement (three parameters each, within both databases' limits). */
const RANGES_PER_STATEMENT = 3000;

/** Whether a name or address holds the text, case-insensitively. */
const holds = (text: string | undefined) => {
  const wanted = text?.trim().toLowerCase();
  return (...values: (string | null)[]) =>
    !wanted || values.some((value) => value !== null && value.toLowerCase().includes(wanted));
};

/**
 * Distinct servers with an address in each group's ranges, in one statement: the ranges are the
 * rows of a VALUES table joined to server_addresses by its (workspace_id, address) index, each
 * range one index range scan. The caller keeps the ranges within RANGES_PER_STATEMENT.
 */
async function countByGroup(
  database: Database,
  workspaceId: string,
  groups: [group: string, ranges: KeyRange[]][],
): Promise<Map<string, number>> {
  const rows = groups.flatMap(([group, ranges]) =>
    ranges.map((range) => sql`(${group}, ${range.start}, ${range.end})`),
  );
  if (rows.length === 0) return new Map();
  // PostgreSQL: a LATERAL subquery, one index range scan per range whatever the statistics say
  // (with stale ones the planner joined every address of the workspace to every range), keys
  // compared byte by byte (the column's "C" collation). SQLite's planner walks the index per range.
  // The table is named with sql.table(), so that a restricted caller's reads it within its reach.
  const addresses = sql.table('server_addresses');
  const result =
    database.dialect === 'postgres'
      ? await sql<{ group_key: string; hosts: number | string }>`
    WITH ranges (group_key, low, high) AS (VALUES ${sql.join(rows)})
    SELECT ranges.group_key, COUNT(DISTINCT a.server_id) AS hosts
    FROM ranges CROSS JOIN LATERAL (SELECT sa.server_id FROM ${addresses} AS sa
      WHERE sa.workspace_id = ${workspaceId} AND sa.address >= ranges.low COLLATE "C"
        AND sa.address <= ranges.high COLLATE "C") a
    GROUP BY ranges.group_key`.execute(database.db)
      : await sql<{ group_key: string; hosts: number | string }>`
    WITH ranges (group_key, low, high) AS (VALUES ${sql.join(rows)})
    SELECT ranges.group_key, COUNT(DISTINCT a.server_id) AS hosts
    FROM ranges JOIN ${addresses} AS a ON a.workspace_id = ${workspaceId}
      AND a.address >= ranges.low AND a.address <= ranges.high
    GROUP BY ranges.group_key`.execute(database.db);
  return new Map(result.rows.map((row) => [row.group_key, Number(row.hosts)]));
}

/** Distinct servers with an address in any of the ranges; past one statement, read as server ids. */
async function serversIn(database: Database, workspaceId: string, ranges: KeyRange[]): Promise<number> {
  if (ranges.length <= RANGES_PER_STATEMENT)
    return (await countByGroup(database, workspaceId, [['all', ranges]])).get('all') ?? 0;
  const seen = new Set<string>();
  for (let start = 0; start < ranges.length; start += RANGES_PER_STATEMENT) {
    const rows = await rowsIn(database.db, workspaceId, 'server_addresses')
      .select('server_id')
      .where((eb) =>
        eb.or(
          ranges
            .slice(start, start + RANGES_PER_STATEMENT)
            .map((range) => eb.and([eb('address', '>=', range.start), eb('address', '<=', range.end)])),
        ),
      )
      .execute();
    for (const row of rows) seen.add(row.server_id);
  }
  return seen.size;
}

/**
 * Servers placed in each network (its ranges: its CIDR without the networks nested in it): whole
 * networks per statement, so none is counted in two.
 */
async function hostCounts(
  database: Database,
  workspaceId: string,
  placement: NetworkPlacement,
  networkIds: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>(networkIds.map((id) => [id, 0]));
  let batch: [string, KeyRange[]][] = [];
  let size = 0;
  const flush = async () => {
    for (const [id, servers] of await countByGroup(database, workspaceId, batch)) counts.set(id, servers);
    batch = [];
    size = 0;
  };
  for (const id of networkIds) {
    const ranges = placement.rangesOf(id);
    if (ranges.length > RANGES_PER_STATEMENT) counts.set(id, await serversIn(database, workspaceId, ranges));
    else {
      if (size + ranges.length > RANGES_PER_STATEMENT) await flush();
      batch.push([id, ranges]);
      size += ranges.length;
    }
  }
  await flush();
  return counts;
}

/** The address ranges of every network together: the top-level networks' CIDRs, each once. */
function everyRange(placement: NetworkPlacement, networkIds: string[]): KeyRange[] {
  const ranges = networkIds.flatMap((id) => placement.rangesOf(id));
  ranges.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  const merged: KeyRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range.start[0] === last.start[0] && range.start <= last.end) {
      if (range.end > last.end) last.end = range.end;
    } else merged.push({ ...range });
  }
  return merged;
}

/** The routers linked to any of these networks, by name, with the links among them. */
async function routersOf(db: Kysely<Tables>, workspaceId: string, networkIds: string[]) {
  const shown = new Set(networkIds);
  const routersByNetwork = await linkedFrom(
    db.selectFrom('router_networks').where('workspace_id', '=', workspaceId),
    'network_id',
    'router_id',
    networkIds,
  );
  const networkIdsOf = new Map<string, string[]>();
  for (const [network, routers] of routersByNetwork)
    for (const router of routers)
      if (shown.has(network)) networkIdsOf.set(router, [...(networkIdsOf.get(router) ?? []), network]);
  if (networkIdsOf.size === 0) return [];
  const rows = await rowsIn(db, workspaceId, 'routers')
    .select(['id', 'name', 'management_ip'])
    .where('id', 'in', [...networkIdsOf.keys()])
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map((router) => ({
    id: router.id,
    name: router.name,
    managementIp: router.management_ip,
    networkIds: networkIdsOf.get(router.id) ?? [],
  }));
}

/** The networks (matching q, by address, at most `limit`) with their host counts, and the workspace's totals. */
export async function networkOverview(
  database: Database,
  workspaceId: string,
  now: string,
  query: { q?: string; limit?: number },
): Promise<NetworkOverview> {
  const { db } = database;
  const networks = await rowsIn(db, workspaceId, 'networks')
    .select(['id', 'name', 'cidr'])
    .orderBy('cidr_key')
    .orderBy('id')
    .execute();
  const placement = new NetworkPlacement(networks);
  const matches = holds(query.q);
  const matching = networks.filter((network) => matches(network.name, network.cidr));
  const shown = matching.slice(0, query.limit ?? OVERVIEW_NETWORKS);
  const shownIds = shown.map((network) => network.id);
  const everyNetwork = everyRange(
    placement,
    networks.map((network) => network.id),
  );
  const [hosts, servers, placedServers, workstations, routers] = await Promise.all([
    hostCounts(database, workspaceId, placement, shownIds),
    rowTotal(db, workspaceId, 'servers'),
    serversIn(database, workspaceId, everyNetwork),
    rowTotal(db, workspaceId, 'workstations'),
    routersOf(db, workspaceId, shownIds),
  ]);
  return {
    name: 'network-mapping-networks',
    generatedAt: now,
    networks: shown.map((network) => ({ ...network, hosts: hosts.get(network.id) ?? 0 })),
    routers,
    totals: { networks: matching.length, allNetworks: networks.length, servers, placedServers, workstations },
  };
}

/** One network with its servers (matching q, by name, at most `limit`) and its routers. */
export async function networkHosts(
  db: Kysely<Tables>,
  workspaceId: string,
  now: string,
  networkId: string,
  query: { q?: string; limit?: number },
): Promise<NetworkHosts> {
  const all = await hostsOfNetwork(db, workspaceId, networkId);
  const network = await rowsIn(db, workspaceId, 'networks')
    .select(['id', 'name', 'cidr'])
    .where('id', '=', networkId)
    .executeTakeFirstOrThrow();
  const matches = holds(query.q);
  const matching = all
    .map((server) => ({ id: server.id, name: server.name, addresses: addressesOf(server.ip_addresses), server }))
    .filter(({ name, server, addresses }) => matches(name, server.hostname, ...addresses));
  return {
    name: 'network-mapping-network',
    generatedAt: now,
    network,
    routers: await routersOf(db, workspaceId, [networkId]),
    hosts: matching.slice(0, query.limit ?? NETWORK_HOSTS).map(({ server: _server, ...host }) => host),
    totals: { hosts: all.length, matching: matching.length },
  };
}

/** The console page that shows one network's hosts. */
const networkHref = (id: string) => `/ui/diagrams/network-mapping?networkId=${encodeURIComponent(id)}`;

/** Boxes in rows of `columns`, from (left, top): where each one goes. */
const grid = (count: number, columns: number, cell: { width: number; height: number }, left: number, top: number) =>
  Array.from({ length: count }, (_, index) => ({
    x: left + (index % columns) * cell.width,
    y: top + Math.floor(index / columns) * cell.height,
  }));

/**
 * Routers in a row above a grid of network cards, each card naming its CIDR, its routers and its
 * servers (with a bar by count), linking to its hosts; then a card for the hosts in no network.
 */
export function renderNetworkOverview(body: NetworkOverview): string {
  const columns = Math.max(1, Math.min(5, Math.ceil(Math.sqrt(body.networks.length + 1))));
  const card = { width: 260, height: 78 };
  const routerNames = new Map<string, string[]>();
  for (const router of body.routers)
    for (const network of router.networkIds)
      routerNames.set(network, [...(routerNames.get(network) ?? []), router.name]);
  const parts: string[] = [];
  let top = 44;
  if (body.routers.length > 0) {
    parts.push(text(20, top + 14, 'Routers', { class: 'heading' }));
    grid(body.routers.length, columns, card, 20, top + 24).forEach((at, index) => {
      const router = body.routers[index]!;
      const detail = `${router.managementIp ?? 'no management address'} · ${router.networkIds.length} networks`;
      parts.push(
        link(
          consoleHref('router', router.id),
          rect(at.x, at.y, card.width - 14, 44, { rx: 6, class: 'node router' }) +
            text(at.x + 10, at.y + 18, router.name, { class: 'label' }) +
            text(at.x + 10, at.y + 35, detail, { class: 'detail' }),
          router.name,
        ),
      );
    });
    top += 24 + Math.ceil(body.routers.length / columns) * card.height;
  }
  parts.push(text(20, top + 14, 'Networks: choose one to see its servers', { class: 'heading' }));
  const most = Math.max(1, ...body.networks.map((network) => network.hosts));
  const unplacedServers = body.totals.servers - body.totals.placedServers;
  const cards = grid(body.networks.length + 1, columns, card, 20, top + 24);
  body.networks.forEach((network, index) => {
    const at = cards[index]!;
    const via = routerNames.get(network.id);
    parts.push(
      link(
        networkHref(network.id),
        rect(at.x, at.y, card.width - 14, card.height - 12, { rx: 6, class: 'node network' }) +
          text(at.x + 10, at.y + 18, network.name, { class: 'label' }) +
          text(at.x + 10, at.y + 34, `${network.cidr}${via ? ` · via ${via.join(', ')}` : ''}`, { class: 'detail' }) +
          rect(at.x + 10, at.y + 44, Math.max(2, ((card.width - 120) * network.hosts) / most), 10, {
            class: 'node server',
          }) +
          text(at.x + card.width - 24, at.y + 54, `${network.hosts} servers`, {
            class: 'detail',
            'text-anchor': 'end',
          }),
        `${network.name} (${network.cidr}): ${network.hosts} servers`,
      ),
    );
  });
  const last = cards[body.networks.length]!;
  parts.push(
    tooltip('Hosts in no network') +
      rect(last.x, last.y, card.width - 14, card.height - 12, { rx: 6, class: 'group' }) +
      text(last.x + 10, last.y + 18, 'In no network', { class: 'label' }) +
      text(last.x + 10, last.y + 36, `${unplacedServers} servers without an address in a network`, {
        class: 'detail',
      }) +
      text(last.x + 10, last.y + 52, `${body.totals.workstations} workstations (no address recorded)`, {
        class: 'detail',
      }),
  );
  const bottom = last.y + card.height + 10;
  const key = legend(20, bottom, [
    { label: 'Network: its address range, routers and servers', className: 'network' },
    { label: 'Router', className: 'router' },
  ]);
  const heading = headingText(
    `Network mapping: ${body.totals.allNetworks} networks, ${body.totals.servers} servers, ` +
      `${body.totals.workstations} workstations`,
  );
  return svgDocument(
    Math.max(20 + columns * card.width + 6, key.width + 40, 480),
    bottom + key.height + 20,
    'Network mapping',
    heading + parts.join('') + key.markup,
  );
}

/** One network: its routers, then its servers in a grid, each linking to its page. */
export function renderNetworkHosts(body: NetworkHosts): string {
  const columns = Math.max(1, Math.min(6, Math.ceil(Math.sqrt(body.hosts.length / 2))));
  const cell = { width: 220, height: 44 };
  const parts: string[] = [];
  const routers = body.routers.map((router) => router.name).join(', ');
  parts.push(
    link(
      consoleHref('network', body.network.id),
      rect(20, 40, Math.max(400, columns * cell.width), 44, { rx: 6, class: 'node network' }) +
        text(30, 58, `${body.network.name} (${body.network.cidr})`, { class: 'label' }) +
        text(30, 75, routers ? `Routers: ${routers}` : 'No router linked', { class: 'detail' }),
      body.network.name,
    ),
  );
  grid(body.hosts.length, columns, cell, 20, 96).forEach((at, index) => {
    const host = body.hosts[index]!;
    parts.push(
      link(
        consoleHref('server', host.id),
        rect(at.x, at.y, cell.width - 10, cell.height - 8, { rx: 5, class: 'node server' }) +
          text(at.x + 8, at.y + 15, host.name, { class: 'label' }) +
          text(at.x + 8, at.y + 30, host.addresses.join(', '), { class: 'detail' }),
        host.name,
      ),
    );
  });
  const bottom = 96 + Math.ceil(body.hosts.length / columns) * cell.height + 10;
  const shown =
    body.hosts.length < body.totals.hosts ? `${body.hosts.length} of ${body.totals.hosts}` : `${body.totals.hosts}`;
  return svgDocument(
    Math.max(40 + columns * cell.width, 440),
    bottom + 10,
    `Network ${body.network.name}`,
    text(20, 26, `Network ${body.network.name}: ${shown} servers`, { class: 'heading' }) + parts.join(''),
  );
}
