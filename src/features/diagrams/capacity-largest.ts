import type { Kysely } from 'kysely';
import type { Tables } from '../../base/db/schema.js';
import { rowsIn } from '../../base/db/rows-in.js';
import { capacityGroups } from './capacity-map.js';
import type { CapacityLargest } from './console-views.schemas.js';
import { consoleHref, element, legend, link, rect, svgDocument, text } from '../dashboards/svg.js';

/**
 * The console's capacity map: the largest groups (location and environment) and the
 * largest servers as sorted bars with their full labels, the rest summed in one more bar, instead
 * of the public picture's grid of every group. Its figures come from two grouped reads and one
 * indexed top-N read.
 */

/** Bars per chart: the largest groups and servers; the rest is one more bar. */
export const LARGEST_GROUPS = 12;
export const LARGEST_SERVERS = 15;

const int = (value: unknown) => Number(value ?? 0);

export async function capacityLargest(db: Kysely<Tables>, workspaceId: string, now: string): Promise<CapacityLargest> {
  const servers = rowsIn(db, workspaceId, 'servers');
  const [grouped, largest] = await Promise.all([
    capacityGroups(db, workspaceId),
    servers
      .select(['id', 'name', 'location', 'environment', 'cpu_cores', 'memory_mb', 'storage_gb'])
      .where('memory_mb', 'is not', null)
      .orderBy('memory_mb', 'desc')
      .orderBy('id', 'desc')
      .limit(LARGEST_SERVERS)
      .execute(),
  ]);
  const groups = grouped
    .map((group) => ({
      location: group.location,
      environment: group.environment,
      servers: int(group.servers),
      cpuCores: int(group.cpu),
      memoryMb: int(group.memory),
      storageGb: int(group.storage),
    }))
    .sort(
      (a, b) =>
        b.servers - a.servers ||
        String(a.location).localeCompare(String(b.location)) ||
        String(a.environment).localeCompare(String(b.environment)),
    );
  const sum = <Item extends { cpuCores: number; memoryMb: number; storageGb: number }>(
    items: Item[],
    serversOf: (item: Item) => number,
  ) => ({
    servers: items.reduce((total, item) => total + serversOf(item), 0),
    cpuCores: items.reduce((total, item) => total + item.cpuCores, 0),
    memoryMb: items.reduce((total, item) => total + item.memoryMb, 0),
    storageGb: items.reduce((total, item) => total + item.storageGb, 0),
  });
  const totals = { groups: groups.length, ...sum(groups, (group) => group.servers) };
  const top = largest.map((server) => ({
    id: server.id,
    name: server.name,
    location: server.location,
    environment: server.environment,
    cpuCores: int(server.cpu_cores),
    memoryMb: int(server.memory_mb),
    storageGb: int(server.storage_gb),
  }));
  const topSum = sum(top, () => 1);
  return {
    name: 'capacity-map-largest',
    generatedAt: now,
    groups: groups.slice(0, LARGEST_GROUPS),
    otherGroups: {
      groups: Math.max(0, groups.length - LARGEST_GROUPS),
      ...sum(groups.slice(LARGEST_GROUPS), (group) => group.servers),
    },
    servers: top,
    otherServers: {
      servers: totals.servers - topSum.servers,
      cpuCores: totals.cpuCores - topSum.cpuCores,
      memoryMb: totals.memoryMb - topSum.memoryMb,
      storageGb: totals.storageGb - topSum.storageGb,
    },
    totals,
  };
}

const gigabytes = (megabytes: number) =>
  megabytes >= 1024 * 1024 ? `${(megabytes / 1024 / 1024).toFixed(1)} TB` : `${Math.round(megabytes / 1024)} GB`;
const storage = (gb: number) => (gb >= 1024 ? `${(gb / 1024).toFixed(1)} TB` : `${gb} GB`);
/** An environment in people's words: `disaster_recovery` → Disaster recovery. */
const labelOfEnvironment = (value: string) => value.replace(/_/g, ' ').replace(/^\w/, (first) => first.toUpperCase());
const place = (item: { location: string | null; environment: string | null }) =>
  `${item.location ?? 'Unknown location'} · ` +
  (item.environment ? labelOfEnvironment(item.environment) : 'unknown environment');

interface Bar {
  label: string;
  value: number;
  figures: string;
  href?: string;
  rest?: boolean;
}

/** One chart of horizontal bars: full labels in a column as wide as the longest, the figures after each bar. */
function bars(title: string, items: Bar[], top: number): { markup: string; height: number; width: number } {
  const labelWidth = Math.max(120, ...items.map((item) => item.label.length * 7 + 16));
  const barWidth = 320;
  const figuresWidth = Math.max(...items.map((item) => item.figures.length * 6.5), 100);
  const most = Math.max(1, ...items.map((item) => item.value));
  const rows = items.map((item, index) => {
    const y = top + 28 + index * 26;
    const shape =
      text(20, y + 13, item.label, { class: 'label' }) +
      rect(20 + labelWidth, y, Math.max(2, (barWidth * item.value) / most), 18, {
        rx: 3,
        class: item.rest ? 'group' : 'node server',
      }) +
      text(20 + labelWidth + barWidth + 10, y + 13, item.figures, { class: 'detail' });
    return item.href ? link(item.href, shape, `${item.label}: ${item.figures}`) : element('g', {}, shape);
  });
  return {
    markup: text(20, top + 14, title, { class: 'heading' }) + rows.join(''),
    height: 28 + items.length * 26 + 16,
    width: 20 + labelWidth + barWidth + 10 + figuresWidth + 20,
  };
}

export function renderCapacityLargest(body: CapacityLargest): string {
  const figures = (item: { servers?: number; cpuCores: number; memoryMb: number; storageGb: number }) =>
    `${item.servers === undefined ? '' : `${item.servers} servers · `}${item.cpuCores} cores · ` +
    `${gigabytes(item.memoryMb)} memory · ${storage(item.storageGb)} storage`;
  const groups = bars(
    `Largest groups by servers (${body.groups.length} of ${body.totals.groups} groups)`,
    [
      ...body.groups.map((group) => ({ label: place(group), value: group.servers, figures: figures(group) })),
      ...(body.otherGroups.groups > 0
        ? [
            {
              label: `${body.otherGroups.groups} other groups`,
              value: body.otherGroups.servers,
              figures: figures(body.otherGroups),
              rest: true,
            },
          ]
        : []),
    ],
    40,
  );
  const servers = bars(
    `Largest servers by memory (${body.servers.length} of ${body.totals.servers} servers)`,
    [
      ...body.servers.map((server) => ({
        label: `${server.name} (${place(server)})`,
        value: server.memoryMb,
        figures: figures(server),
        href: consoleHref('server', server.id),
      })),
      ...(body.otherServers.servers > 0
        ? [
            {
              label: `${body.otherServers.servers} other servers`,
              value: 0,
              figures: figures(body.otherServers),
              rest: true,
            },
          ]
        : []),
    ],
    40 + groups.height,
  );
  const bottom = 40 + groups.height + servers.height;
  const key = legend(20, bottom, [
    { label: 'Bar: servers of a group, memory of a server', className: 'server' },
    { label: 'The rest, summed', className: 'group' },
  ]);
  return svgDocument(
    Math.max(groups.width, servers.width, key.width + 40),
    bottom + key.height + 20,
    'Capacity map',
    text(
      20,
      26,
      `Capacity map: ${body.totals.servers} servers in ${body.totals.groups} groups, ${figures(body.totals)}`,
      {
        class: 'heading',
      },
    ) +
      groups.markup +
      servers.markup +
      key.markup,
  );
}
