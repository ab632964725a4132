import type { Kysely } from 'kysely';
import { rowsIn } from '../../base/db/rows-in.js';
import type { Tables } from '../../base/db/schema.js';
import { Type } from 'typebox';
import { OrNull, Uuid } from '../../base/http/schemas.js';
import { defineDiagram, diagramHead, LimitQuery, linkedFrom, Truncation } from './diagram.js';
import * as svg from '../dashboards/svg.js';

const Capacity = {
  cpuCores: Type.Integer({ description: 'CPU cores (unknown counts as 0).' }),
  memoryMb: Type.Integer({ description: 'Memory in MB (unknown counts as 0).' }),
  storageGb: Type.Integer({ description: 'Storage in GB (unknown counts as 0).' }),
};

const CapacityHost = Type.Object({
  id: Uuid('The server.'),
  label: Type.String({ description: 'Server name.' }),
  ...Capacity,
  applicationIds: Type.Array(Uuid('Application.'), { description: 'Applications the server hosts.' }),
});

const CapacityGroup = Type.Object({
  location: OrNull(Type.String(), 'Location; null when not recorded.'),
  environment: OrNull(Type.String(), 'Environment; null when not recorded.'),
  hostCount: Type.Integer({ description: 'Servers in the group (also those beyond the limit).' }),
  ...Capacity,
  hosts: Type.Array(CapacityHost, { description: "The group's servers by name, as far as the limit allows." }),
});

const CapacityMap = Type.Object(
  {
    ...diagramHead('capacity-map'),
    groups: Type.Array(CapacityGroup, {
      description: "By location, then environment (unknown last); totals over all the group's servers.",
    }),
    ...Truncation({ hosts: Type.Integer({ description: 'Servers in all.' }) }),
  },
  {
    description:
      'Servers grouped by location and environment with their CPU, memory and storage and the applications each hosts.',
  },
);

const int = (value: unknown) => Number(value ?? 0);
/** SQLite allows at most 500 terms in one compound SELECT. */
const GROUPS_PER_STATEMENT = 100;

/** The workspace's servers per (location, environment): how many, and their CPU, memory and storage. */
export function capacityGroups(db: Kysely<Tables>, workspaceId: string) {
  return rowsIn(db, workspaceId, 'servers')
    .select(['location', 'environment'])
    .select((eb) => [
      eb.fn.countAll<number>().as('servers'),
      eb.fn.sum<number>('cpu_cores').as('cpu'),
      eb.fn.sum<number>('memory_mb').as('memory'),
      eb.fn.sum<number>('storage_gb').as('storage'),
    ])
    .groupBy(['location', 'environment'])
    .execute();
}

export const capacityMapDiagram = defineDiagram({
  name: 'capacity-map',
  title: 'Capacity map',
  description:
    'Servers grouped by location and environment, with the CPU cores, memory and storage of each group and ' +
    'each server, and the applications each server hosts.',
  query: LimitQuery,
  body: CapacityMap,
  async compute({ db, workspaceId, now, limit }) {
    const servers = db.selectFrom('servers').where('workspace_id', '=', workspaceId);
    const groups = (await capacityGroups(db, workspaceId)).map(({ location, environment, servers, ...sums }) => ({
      location,
      environment,
      hosts: servers,
      ...sums,
    }));
    // Groups by location, then environment, unknown last (the same on both databases).
    const order = (a: string | null, b: string | null) =>
      a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
    groups.sort((a, b) => order(a.location, b.location) || order(a.environment, b.environment));
    // Every group shows its first servers by name, an equal share of the limit (at least one): one
    // branch per group, each a range of the capacity index, in statements of GROUPS_PER_STATEMENT.
    const share = Math.max(1, Math.floor(limit / Math.max(1, groups.length)));
    const firstOf = (group: { location: string | null; environment: string | null }) =>
      db
        .selectFrom(
          servers
            .select(['id', 'name', 'location', 'environment', 'cpu_cores', 'memory_mb', 'storage_gb'])
            .where('location', group.location === null ? 'is' : '=', group.location)
            .where('environment', group.environment === null ? 'is' : '=', group.environment)
            .orderBy('name')
            .orderBy('id')
            .limit(share)
            .as('g'),
        )
        .selectAll();
    const shownGroups = groups.slice(0, limit);
    const hosts = (
      await Promise.all(
        Array.from({ length: Math.ceil(shownGroups.length / GROUPS_PER_STATEMENT) }, (_, chunk) => {
          const [first, ...rest] = shownGroups
            .slice(chunk * GROUPS_PER_STATEMENT, (chunk + 1) * GROUPS_PER_STATEMENT)
            .map(firstOf);
          return rest.reduce((union, branch) => union.unionAll(branch), first!).execute();
        }),
      )
    ).flat();
    const applications = await linkedFrom(
      db.selectFrom('application_servers').where('workspace_id', '=', workspaceId),
      'server_id',
      'application_id',
      hosts.map((host) => host.id),
    );
    const keyOf = (location: string | null, environment: string | null) => JSON.stringify([location, environment]);
    const byName = (x: { name: string; id: string }, y: { name: string; id: string }) =>
      x.name < y.name ? -1 : x.name > y.name ? 1 : x.id.localeCompare(y.id);
    const members = new Map<string, typeof hosts>();
    for (const host of hosts.sort(byName))
      members.set(keyOf(host.location, host.environment), [
        ...(members.get(keyOf(host.location, host.environment)) ?? []),
        host,
      ]);
    // More groups than the limit: the first groups show one server each, until the limit.
    let room = limit;
    for (const group of groups) {
      const key = keyOf(group.location, group.environment);
      const shown = (members.get(key) ?? []).slice(0, room);
      members.set(key, shown);
      room -= shown.length;
    }
    const total = groups.reduce((sum, group) => sum + int(group.hosts), 0);
    return {
      name: 'capacity-map' as const,
      generatedAt: now,
      groups: groups.map((group) => ({
        location: group.location,
        environment: group.environment,
        hostCount: int(group.hosts),
        cpuCores: int(group.cpu),
        memoryMb: int(group.memory),
        storageGb: int(group.storage),
        hosts: (members.get(keyOf(group.location, group.environment)) ?? []).map((host) => ({
          id: host.id,
          label: host.name,
          cpuCores: int(host.cpu_cores),
          memoryMb: int(host.memory_mb),
          storageGb: int(host.storage_gb),
          applicationIds: applications.get(host.id) ?? [],
        })),
      })),
      truncated: [...members.values()].reduce((sum, shown) => sum + shown.length, 0) < total,
      totals: { hosts: total },
    };
  },
  render(body) {
    const columnWidth = 340;
    const columns = Math.min(4, Math.max(1, body.groups.length));
    const heights = body.groups.map(
      (group) => 56 + group.hosts.length * 22 + (group.hosts.length < group.hostCount ? 18 : 0),
    );
    const tops: number[] = [];
    const columnBottoms = Array.from({ length: columns }, () => 40);
    const lefts: number[] = [];
    heights.forEach((height) => {
      const column = columnBottoms.indexOf(Math.min(...columnBottoms));
      tops.push(columnBottoms[column]!);
      lefts.push(20 + column * (columnWidth + 20));
      columnBottoms[column]! += height + 20;
    });
    const maxMemory = Math.max(1, ...body.groups.flatMap((group) => group.hosts.map((host) => host.memoryMb)));
    const markup = body.groups
      .map((group, index) => {
        const x = lefts[index]!;
        const y = tops[index]!;
        const title = `${group.location ?? 'Unknown location'} · ${group.environment ?? 'unknown environment'}`;
        const summary =
          `${group.hostCount} servers · ${group.cpuCores} cores · ` +
          `${Math.round(group.memoryMb / 1024)} GB RAM · ${group.storageGb} GB disk`;
        const rows = group.hosts
          .map((host, row) => {
            const rowY = y + 50 + row * 22;
            const bar = svg.rect(x + 150, rowY - 10, Math.max(2, (host.memoryMb / maxMemory) * 110), 10, {
              class: 'node server',
            });
            return svg.link(
              svg.consoleHref('server', host.id),
              svg.tooltip(
                `${host.label}: ${host.cpuCores} cores, ${host.memoryMb} MB, ${host.storageGb} GB, ` +
                  `${host.applicationIds.length} applications`,
              ) +
                svg.text(x + 12, rowY, svg.clip(host.label, 20), { class: 'label' }) +
                bar +
                svg.text(x + columnWidth - 14, rowY, `${host.cpuCores}c`, { class: 'detail', 'text-anchor': 'end' }),
              host.label,
            );
          })
          .join('');
        const more =
          group.hosts.length < group.hostCount
            ? svg.text(x + 12, y + 50 + group.hosts.length * 22, `… ${group.hostCount - group.hosts.length} more`, {
                class: 'detail',
              })
            : '';
        return svg.element(
          'g',
          {},
          svg.rect(x, y, columnWidth, heights[index]!, { rx: 8, class: 'group' }) +
            svg.text(x + 12, y + 20, svg.clip(title, 44), { class: 'heading' }) +
            svg.text(x + 12, y + 36, summary, { class: 'detail' }) +
            rows +
            more,
        );
      })
      .join('');
    const bottom = Math.max(...columnBottoms);
    const key = svg.legend(20, bottom, [
      { label: 'Server: bar = memory, c = CPU cores', className: 'server' },
      { label: 'Location and environment', className: 'group' },
    ]);
    const heading = svg.headingText(
      `Capacity map: ${body.totals.hosts} servers in ${body.groups.length} ` +
        `groups${body.truncated ? ' (first servers shown)' : ''}`,
    );
    return svg.svgDocument(
      Math.max(20 + columns * (columnWidth + 20), key.width + 40),
      bottom + key.height + 20,
      'Capacity map',
      heading + markup + key.markup,
    );
  },
});
