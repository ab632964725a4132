import type { DashboardContext, DashboardDefinition } from './dashboard.js';
import { releaseOf, type EndOfLife } from './end-of-life.js';
import { breakdownWidget, tableWidget, topBreakdownWidget, TABLE_ROWS, TOP_GROUPS } from './widgets.js';

/** Servers and workstations with their OS. */
function hosts({ database, workspaceId }: DashboardContext) {
  const { db } = database;
  return db.selectFrom('servers').select(['id', 'name', 'os', 'os_version']).select((eb) => eb.val('server').as('kind')).where('workspace_id', '=', workspaceId)
    .unionAll(db.selectFrom('workstations').select(['id', 'name', 'os', 'os_version']).select((eb) => eb.val('workstation').as('kind')).where('workspace_id', '=', workspaceId));
}

interface Release {
  os: string | null;
  osVersion: string | null;
  hosts: number;
}

/** The distinct OS releases in use and how many hosts run each: few rows, whatever the estate's size. */
async function releasesInUse(context: DashboardContext): Promise<Release[]> {
  const rows = await context.database.db.selectFrom(hosts(context).as('h')).select(['h.os', 'h.os_version']).select((eb) => eb.fn.countAll<number>().as('hosts'))
    .groupBy(['h.os', 'h.os_version']).execute();
  return rows.map((row) => ({ os: row.os, osVersion: row.os_version, hosts: Number(row.hosts) }));
}

const osLabel = (release: { os: string | null; osVersion: string | null }) => [release.os, release.osVersion].filter(Boolean).join(' ');

/** The hosts running one of `releases` (each past end of life), oldest end of life first. */
async function endOfLifeHosts(context: DashboardContext, releases: { os: string; osVersion: string | null; entry: EndOfLife }[]) {
  if (releases.length === 0) return { rows: [], ids: [] as string[] };
  const rows = await context.database.db.selectFrom(hosts(context).as('h')).select(['h.id', 'h.name', 'h.kind', 'h.os', 'h.os_version'])
    .where((eb) => eb.or(releases.map((release) => eb.and([eb('h.os', '=', release.os), release.osVersion === null ? eb('h.os_version', 'is', null) : eb('h.os_version', '=', release.osVersion)]))))
    .orderBy('h.name').orderBy('h.id').execute();
  const endOfLife = new Map(releases.map((release) => [`${release.os}\u0000${release.osVersion}`, release.entry]));
  const found = rows.map((row) => ({ ...row, entry: endOfLife.get(`${row.os}\u0000${row.os_version}`)! }));
  found.sort((a, b) => a.entry.endOfLife.localeCompare(b.entry.endOfLife) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { rows: found, ids: found.filter((row) => row.kind === 'server').map((row) => row.id) };
}

/** Applications linked to at least one server past end of life, with how many. */
async function applicationsOnEndOfLifeHosts({ database, workspaceId }: DashboardContext, serverIds: string[]) {
  if (serverIds.length === 0) return [];
  const rows = await database.db.selectFrom('application_servers as l')
    .innerJoin('applications as a', (join) => join.onRef('a.id', '=', 'l.application_id').on('a.workspace_id', '=', workspaceId))
    .select(['a.id', 'a.name']).select((eb) => eb.fn.countAll<number>().as('hosts'))
    .where('l.workspace_id', '=', workspaceId).where('l.server_id', 'in', serverIds)
    .groupBy(['a.id', 'a.name']).orderBy('hosts', 'desc').orderBy('a.name').orderBy('a.id').execute();
  return rows.map((row) => ({ application: row.name, endOfLifeHosts: Number(row.hosts), resourceType: 'application', resourceId: row.id }));
}

export const technologyDashboard: DashboardDefinition = {
  name: 'technology',
  title: 'Technology',
  description:
    'Operating system releases in use, the hosts past end of life (from the end-of-life table shipped with Estate: major Linux distributions, Windows Server, Windows and macOS), applications by lifecycle phase and the applications running on end-of-life servers.',
  widgetIds: ['os-versions', 'end-of-life-os', 'applications-by-lifecycle', 'applications-on-eol-hosts'],
  async widgets(context) {
    const { database, workspaceId, today } = context;
    const [releases, byLifecycle] = await Promise.all([
      releasesInUse(context),
      database.db.selectFrom('applications').select(['lifecycle_status as key']).select((eb) => eb.fn.countAll<number>().as('value'))
        .where('workspace_id', '=', workspaceId).groupBy('lifecycle_status').execute(),
    ]);
    const pastEndOfLife = releases.flatMap((release) => {
      const entry = releaseOf(release.os, release.osVersion);
      return entry && entry.endOfLife < today && release.os !== null ? [{ os: release.os, osVersion: release.osVersion, entry }] : [];
    });
    const eol = await endOfLifeHosts(context, pastEndOfLife);
    const applications = await applicationsOnEndOfLifeHosts(context, eol.ids);
    const total = releases.reduce((sum, release) => sum + release.hosts, 0);
    const top = [...releases].sort((a, b) => b.hosts - a.hosts || osLabel(a).localeCompare(osLabel(b))).filter((release) => release.os !== null || release.osVersion !== null).slice(0, TOP_GROUPS);
    const unknown = releases.find((release) => release.os === null && release.osVersion === null)?.hosts ?? 0;
    const versions = topBreakdownWidget('os-versions', 'Operating system releases in use', top.map((release) => ({ key: osLabel(release), label: osLabel(release), value: release.hosts })), total - unknown);
    if (unknown > 0 && versions.kind === 'breakdown') versions.items.push({ key: 'unknown', label: 'Unknown', value: unknown });
    return [
      versions,
      tableWidget(
        'end-of-life-os',
        'Hosts past the end of life of their operating system',
        { name: 'Host', kind: 'Kind', os: 'Operating system', release: 'Release', endOfLife: 'End of life' },
        eol.rows.slice(0, TABLE_ROWS).map((row) => ({
          name: row.name, kind: row.kind, os: osLabel({ os: row.os, osVersion: row.os_version }), release: row.entry.release, endOfLife: row.entry.endOfLife,
          resourceType: row.kind, resourceId: row.id,
        })),
        eol.rows.length,
      ),
      breakdownWidget('applications-by-lifecycle', 'Applications by lifecycle phase', byLifecycle),
      tableWidget('applications-on-eol-hosts', 'Applications on servers past end of life', { application: 'Application', endOfLifeHosts: 'End-of-life servers' }, applications, applications.length),
    ];
  },
};
