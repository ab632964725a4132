import { sql, type SqlBool } from 'kysely';
import {
  countPer,
  HOST_TABLES,
  hostKind,
  mergeCounts,
  type DashboardContext,
  type DashboardDefinition,
  type HostTable,
  joinedOn,
  rowsOf,
} from './dashboard.js';
import { releaseOf, type EndOfLife } from './end-of-life.js';
import { breakdownWidget, tableWidget, topBreakdownWidget, TABLE_ROWS, TOP_GROUPS } from './widgets.js';

interface Release {
  os: string | null;
  osVersion: string | null;
  hosts: number;
}

type EndOfLifeRelease = { os: string; osVersion: string | null; entry: EndOfLife };

/** The distinct OS releases in use and how many hosts run each: few rows, read from the OS indexes. */
async function releasesInUse({ database, workspaceId }: DashboardContext): Promise<Release[]> {
  const counts = await Promise.all(
    HOST_TABLES.map((table) =>
      database.db
        .selectFrom(table)
        .select(['os', 'os_version'])
        .select((eb) => eb.fn.countAll<number>().as('hosts'))
        .where('workspace_id', '=', workspaceId)
        .groupBy(['os', 'os_version'])
        .execute(),
    ),
  );
  const merged = mergeCounts(
    ...counts.map((rows) => rows.map((row) => ({ key: JSON.stringify([row.os, row.os_version]), value: row.hosts }))),
  );
  return merged.map(({ key, value }) => {
    const [os, osVersion] = JSON.parse(key) as [string | null, string | null];
    return { os, osVersion, hosts: value };
  });
}

const osLabel = (release: { os: string | null; osVersion: string | null }) =>
  [release.os, release.osVersion].filter(Boolean).join(' ');

/** Rows of one of the releases: a condition on (os, os_version) of `table`, which its OS index serves. */
function isOneOf(releases: EndOfLifeRelease[], table: HostTable) {
  const os = sql.ref(`${table}.os`);
  const version = sql.ref(`${table}.os_version`);
  return sql<SqlBool>`(${sql.join(
    releases.map((release) => {
      const isVersion = release.osVersion === null ? sql`${version} IS NULL` : sql`${version} = ${release.osVersion}`;
      return sql`(${os} = ${release.os} AND ${isVersion})`;
    }),
    sql` OR `,
  )})`;
}

/**
 * Releases in batches with their index: one statement holds at most RELEASES_PER_STATEMENT of them
 * (SQLite allows 500 terms in a compound SELECT and an expression depth of 1,000).
 */
const RELEASES_PER_STATEMENT = 100;
function batchesOf(releases: EndOfLifeRelease[]) {
  const indexed = releases.map((release, index) => ({ release, index }));
  return Array.from({ length: Math.ceil(indexed.length / RELEASES_PER_STATEMENT) }, (_, n) =>
    indexed.slice(n * RELEASES_PER_STATEMENT, (n + 1) * RELEASES_PER_STATEMENT),
  );
}

/**
 * The first TABLE_ROWS hosts past end of life, the oldest end of life first, then by name: for each
 * release and host table, its first hosts along the OS release index (one UNION per table), merged.
 */
async function endOfLifeHosts({ database, workspaceId }: DashboardContext, releases: EndOfLifeRelease[]) {
  if (releases.length === 0) return [];
  const perTable = await Promise.all(
    HOST_TABLES.flatMap((table) =>
      batchesOf(releases).map(async (batch) => {
        const [first, ...rest] = batch.map(({ release, index }) =>
          database.db
            .selectFrom(
              database.db
                .selectFrom(table)
                .select(['id', 'name', 'os', 'os_version'])
                .select(sql<number>`${sql.lit(index)}`.as('release'))
                .where('workspace_id', '=', workspaceId)
                .where(isOneOf([release], table))
                .orderBy('name')
                .orderBy('id')
                .limit(TABLE_ROWS)
                .as('r'),
            )
            .selectAll(),
        );
        const rows = await rest.reduce((union, branch) => union.unionAll(branch), first!).execute();
        return rows.map((row) => ({ ...row, kind: hostKind(table), entry: releases[Number(row.release)]!.entry }));
      }),
    ),
  );
  const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : a.id.localeCompare(b.id);
  return perTable
    .flat()
    .sort(
      (a, b) =>
        a.entry.endOfLife.localeCompare(b.entry.endOfLife) ||
        a.entry.release.localeCompare(b.entry.release) ||
        byName(a, b),
    )
    .slice(0, TABLE_ROWS);
}

/** Applications linked to at least one server past end of life, with how many. */
async function applicationsOnEndOfLifeHosts({ database, workspaceId }: DashboardContext, releases: EndOfLifeRelease[]) {
  if (releases.length === 0) return [];
  // A server runs one release, so the counts of disjoint batches of releases add up.
  const counts = new Map<string, { name: string; hosts: number }>();
  for (const batch of batchesOf(releases)) {
    const rows = await database.db
      .selectFrom('servers')
      .innerJoin('application_servers as l', joinedOn(workspaceId, 'l.server_id', 'servers.id'))
      .innerJoin('applications as a', joinedOn(workspaceId, 'a.id', 'l.application_id'))
      .select(['a.id', 'a.name'])
      .select((eb) => eb.fn.countAll<number>().as('hosts'))
      .where('servers.workspace_id', '=', workspaceId)
      .where(
        isOneOf(
          batch.map(({ release }) => release),
          'servers',
        ),
      )
      .groupBy(['a.id', 'a.name'])
      .execute();
    for (const row of rows)
      counts.set(row.id, { name: row.name, hosts: (counts.get(row.id)?.hosts ?? 0) + Number(row.hosts) });
  }
  return [...counts]
    .sort(
      ([idA, a], [idB, b]) =>
        b.hosts - a.hosts || (a.name < b.name ? -1 : a.name > b.name ? 1 : idA.localeCompare(idB)),
    )
    .map(([id, row]) => ({
      application: row.name,
      endOfLifeHosts: row.hosts,
      resourceType: 'application',
      resourceId: id,
    }));
}

export const technologyDashboard: DashboardDefinition = {
  name: 'technology',
  title: 'Technology',
  description:
    'Operating system releases in use, the hosts past end of life (from the end-of-life table shipped with ' +
    'Estate: major Linux distributions, Windows Server, Windows and macOS), applications by lifecycle ' +
    'phase and the applications running on end-of-life servers.',
  widgetIds: ['os-versions', 'end-of-life-os', 'applications-by-lifecycle', 'applications-on-eol-hosts'],
  async widgets(context) {
    const { today } = context;
    const [releases, byLifecycle] = await Promise.all([
      releasesInUse(context),
      countPer(rowsOf(context, 'applications'), 'lifecycle_status'),
    ]);
    const pastEndOfLife = releases.flatMap((release) => {
      const entry = releaseOf(release.os, release.osVersion);
      return entry && entry.endOfLife < today && release.os !== null
        ? [{ os: release.os, osVersion: release.osVersion, entry, hosts: release.hosts }]
        : [];
    });
    const [eolRows, applications] = await Promise.all([
      endOfLifeHosts(context, pastEndOfLife),
      applicationsOnEndOfLifeHosts(context, pastEndOfLife),
    ]);
    const total = releases.reduce((sum, release) => sum + release.hosts, 0);
    // Releases with neither name nor version are one `unknown` group, which always shows.
    const known = releases.filter((release) => release.os !== null || release.osVersion !== null);
    const unknown = total - known.reduce((sum, release) => sum + release.hosts, 0);
    const top = known
      .sort((a, b) => b.hosts - a.hosts || (osLabel(a) < osLabel(b) ? -1 : osLabel(a) > osLabel(b) ? 1 : 0))
      .slice(0, TOP_GROUPS);
    const groups = [
      ...top.map((release) => ({ key: osLabel(release), value: release.hosts })),
      ...(unknown > 0 ? [{ key: null, value: unknown }] : []),
    ];
    const versions = topBreakdownWidget('os-versions', 'Operating system releases in use', groups, total);
    return [
      versions,
      tableWidget(
        'end-of-life-os',
        'Hosts past the end of life of their operating system',
        { name: 'Host', kind: 'Kind', os: 'Operating system', release: 'Release', endOfLife: 'End of life' },
        eolRows.map((row) => ({
          name: row.name,
          kind: row.kind,
          os: osLabel({ os: row.os, osVersion: row.os_version }),
          release: row.entry.release,
          endOfLife: row.entry.endOfLife,
          resourceType: row.kind,
          resourceId: row.id,
        })),
        pastEndOfLife.reduce((sum, release) => sum + release.hosts, 0),
      ),
      breakdownWidget('applications-by-lifecycle', 'Applications by lifecycle phase', byLifecycle),
      tableWidget(
        'applications-on-eol-hosts',
        'Applications on servers past end of life',
        { application: 'Application', endOfLifeHosts: 'End-of-life servers' },
        applications,
        applications.length,
      ),
    ];
  },
};
