import { sql } from 'kysely';
import { rowsIn } from '../../base/db/rows-in.js';
import { pushTo } from '../dashboards/dashboard.js';
import { Type, type Static } from 'typebox';
import { OrNull, Uuid } from '../../base/http/schemas.js';
import { addressesOf, NetworkPlacement } from '../../families/networks/addresses.js';
import { defineDiagram, diagramHead, LimitQuery, linkedFrom, Truncation } from './diagram.js';
import type { ElkNode } from 'elkjs/lib/elk-api.js';
import { drawEdges, layoutElk } from './layout.js';
import { clip, consoleHref, headingText, legend, nodeBox, rect, svgDocument } from '../dashboards/svg.js';

const KINDS = ['network', 'router', 'server', 'workstation'] as const;
type Kind = (typeof KINDS)[number];

const NetworkNode = Type.Object({
  id: Type.String({ description: 'Node id: the resource id.' }),
  kind: Type.Enum(KINDS, { description: 'network, router, server or workstation.' }),
  label: Type.String({ description: 'Name of the network, router or host.' }),
  detail: OrNull(Type.String(), 'CIDR of a network, management address of a router, IP addresses of a host.'),
  resourceId: Uuid('The resource.'),
});

const NetworkEdge = Type.Object({
  id: Type.String({ description: 'Edge id: source->target.' }),
  source: Type.String({ description: 'The router or host.' }),
  target: Type.String({ description: 'The network.' }),
  kind: Type.Enum(['router-network', 'host-network'], {
    description:
      "router-network: a router linked to the network; host-network: one of the host's IP addresses lies in " +
      'the network.',
  }),
});

const NetworkMapping = Type.Object(
  {
    ...diagramHead('network-mapping'),
    nodes: Type.Array(NetworkNode, {
      description: 'Networks (by address), routers, then hosts: servers and workstations (by name).',
    }),
    edges: Type.Array(NetworkEdge, { description: 'Router-to-network links and host placements.' }),
    unplaced: Type.Array(Type.String(), {
      description:
        "Node ids of the hosts on the map that lie in no network (no address, or none inside a network's CIDR).",
    }),
    ...Truncation({
      networks: Type.Integer({ description: 'Networks in all.' }),
      routers: Type.Integer({ description: 'Routers in all.' }),
      servers: Type.Integer({ description: 'Servers in all.' }),
      workstations: Type.Integer({ description: 'Workstations in all.' }),
    }),
  },
  {
    description:
      'Networks, routers and hosts, hosts placed in the most specific network that holds each of their IP ' +
      'addresses (IPv4 and IPv6).',
  },
);

export const networkMappingDiagram = defineDiagram({
  name: 'network-mapping',
  title: 'Network mapping',
  description:
    'Networks, routers and hosts: an edge from each router to the networks it is linked to, and from each ' +
    'host to the most specific network holding one of its IP addresses; hosts in no network are listed as ' +
    'unplaced. Workstations record no address, so they are unplaced.',
  query: LimitQuery,
  body: NetworkMapping,
  async compute({ db, workspaceId, now, limit }) {
    const mapped = <T extends 'networks' | 'routers' | 'servers' | 'workstations'>(table: T) =>
      rowsIn(db, workspaceId, table);
    const count = (table: Parameters<typeof mapped>[0]) =>
      mapped(table)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.total));
    // The first `limit` of each kind, networks by address and the others by name.
    const first = <T extends Parameters<typeof mapped>[0]>(table: T, order: 'cidr_key' | 'name') =>
      mapped(table).orderBy(sql.ref(order)).orderBy(sql.ref('id')).limit(limit);
    const [networks, routers, servers, workstations, totals] = await Promise.all([
      first('networks', 'cidr_key').select(['id', 'name', 'cidr']).execute(),
      first('routers', 'name').select(['id', 'name', 'management_ip']).execute(),
      first('servers', 'name').select(['id', 'name', 'ip_addresses']).execute(),
      first('workstations', 'name').select(['id', 'name']).execute(),
      Promise.all([count('networks'), count('routers'), count('servers'), count('workstations')]),
    ]);
    const node = (kind: Kind, id: string, label: string, detail: string | null) => ({
      id,
      kind,
      label,
      detail,
      resourceId: id,
    });
    const hosts = [
      ...servers.map((server) => ({
        ...node('server', server.id, server.name, null),
        addresses: addressesOf(server.ip_addresses),
      })),
      ...workstations.map((workstation) => ({
        ...node('workstation', workstation.id, workstation.name, null),
        addresses: [] as string[],
      })),
    ];
    const nodes = [
      ...networks.map((network) => node('network', network.id, network.name, network.cidr)),
      ...routers.map((router) => node('router', router.id, router.name, router.management_ip)),
      ...hosts.map(({ addresses, ...host }) => ({
        ...host,
        detail: addresses.length > 0 ? addresses.join(', ') : null,
      })),
    ].slice(0, limit);
    const shown = new Set(nodes.map((shownNode) => shownNode.id));
    const placement = new NetworkPlacement(networks.filter((network) => shown.has(network.id)));
    const networksOf = await linkedFrom(
      db.selectFrom('router_networks').where('workspace_id', '=', workspaceId),
      'router_id',
      'network_id',
      routers.map((router) => router.id),
    );
    const edges: Static<typeof NetworkEdge>[] = [...networksOf].flatMap(([router, linked]) =>
      shown.has(router)
        ? linked
            .filter((network) => shown.has(network))
            .map((network) => ({
              id: `${router}->${network}`,
              source: router,
              target: network,
              kind: 'router-network',
            }))
        : [],
    );
    const unplaced: string[] = [];
    for (const host of hosts) {
      if (!shown.has(host.id)) continue;
      const placed = new Set(
        host.addresses.map((address) => placement.networkOf(address)).filter((id): id is string => id !== undefined),
      );
      if (placed.size === 0) unplaced.push(host.id);
      for (const networkId of placed)
        edges.push({ id: `${host.id}->${networkId}`, source: host.id, target: networkId, kind: 'host-network' });
    }
    const [networkTotal, routerTotal, serverTotal, workstationTotal] = totals;
    return {
      name: 'network-mapping' as const,
      generatedAt: now,
      nodes,
      edges,
      unplaced,
      truncated: nodes.length < networkTotal + routerTotal + serverTotal + workstationTotal,
      totals: { networks: networkTotal, routers: routerTotal, servers: serverTotal, workstations: workstationTotal },
    };
  },
  async render(body) {
    // Each network is a box holding its hosts (packed by ELK's rectpacking); routers point at
    // the networks they are linked to; hosts in no network share one more box.
    const byId = new Map(body.nodes.map((node) => [node.id, node]));
    const hostsIn = new Map<string, string[]>();
    for (const edge of body.edges) if (edge.kind === 'host-network') pushTo(hostsIn, edge.target, edge.source);
    const UNPLACED = 'unplaced';
    const box = (id: string, hostIds: string[]): ElkNode => ({
      id,
      layoutOptions: {
        'elk.algorithm': 'rectpacking',
        'elk.padding': '[top=46,left=10,bottom=10,right=10]',
        'elk.spacing.nodeNode': '6',
        'elk.aspectRatio': '2.5',
      },
      children: hostIds.map((hostId) => ({ id: `${id}/${hostId}`, width: 150, height: 26 })),
      ...(hostIds.length === 0 ? { width: 190, height: 50 } : {}),
    });
    const networks = body.nodes.filter((node) => node.kind === 'network');
    const graph = await layoutElk({
      id: 'root',
      layoutOptions: {
        'elk.algorithm': 'layered',
        'elk.direction': 'DOWN',
        'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
        'elk.edgeRouting': 'ORTHOGONAL',
        'elk.spacing.nodeNode': '30',
        'elk.layered.spacing.nodeNodeBetweenLayers': '50',
        'elk.padding': '[top=50,left=20,bottom=20,right=20]',
      },
      children: [
        ...body.nodes
          .filter((node) => node.kind === 'router')
          .map((router) => ({ id: router.id, width: 170, height: 44 })),
        ...networks.map((network) => box(network.id, hostsIn.get(network.id) ?? [])),
        ...(body.unplaced.length > 0 ? [box(UNPLACED, body.unplaced)] : []),
      ],
      edges: body.edges
        .filter((edge) => edge.kind === 'router-network')
        .map((edge) => ({ id: edge.id, sources: [edge.source], targets: [edge.target] })),
    });
    const parts: string[] = [];
    for (const child of graph.children ?? []) {
      const area = { x: child.x ?? 0, y: child.y ?? 0, width: child.width ?? 0, height: child.height ?? 0 };
      if (child.id === UNPLACED || byId.get(child.id)?.kind === 'network') {
        const network = byId.get(child.id);
        parts.push(
          nodeBox(
            { ...area, height: 40 },
            network ? network.label : `In no network (${body.unplaced.length})`,
            network ? 'network' : 'group',
            network ? consoleHref('network', network.resourceId) : undefined,
            network?.detail ?? undefined,
          ),
        );
        parts.push(rect(area.x, area.y, area.width, area.height, { rx: 6, class: 'frame', 'fill-opacity': 0 }));
        for (const host of child.children ?? []) {
          const node = byId.get(host.id.slice(host.id.indexOf('/') + 1))!;
          parts.push(
            nodeBox(
              {
                x: area.x + (host.x ?? 0),
                y: area.y + (host.y ?? 0),
                width: host.width ?? 0,
                height: host.height ?? 0,
              },
              clip(node.label, 22),
              node.kind,
              consoleHref(node.kind, node.resourceId),
            ),
          );
        }
      } else {
        const router = byId.get(child.id)!;
        parts.push(
          nodeBox(area, router.label, 'router', consoleHref('router', router.resourceId), router.detail ?? undefined),
        );
      }
    }
    const edges = drawEdges({
      width: 0,
      height: 0,
      nodes: new Map(),
      edges: (graph.edges ?? []).map((edge) => {
        const section = edge.sections?.[0];
        return {
          id: edge.id,
          points: section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint] : [],
        };
      }),
    });
    const height = graph.height ?? 0;
    const key = legend(20, height + 10, [
      { label: 'Network (CIDR), holding its hosts', className: 'network' },
      { label: 'Router', className: 'router' },
      { label: 'Server', className: 'server' },
      { label: 'Workstation', className: 'workstation' },
    ]);
    const heading = headingText(
      `Network mapping: ${body.totals.networks} networks, ${body.totals.routers} routers, ` +
        `${body.totals.servers + body.totals.workstations} ` +
        `hosts${body.truncated ? ` (first ${body.nodes.length} nodes shown)` : ''}`,
    );
    return svgDocument(
      Math.max(graph.width ?? 0, key.width + 40, 480),
      height + key.height + 30,
      'Network mapping',
      heading + edges + parts.join('') + key.markup,
    );
  },
});
