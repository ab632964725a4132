import { SILENT_AFTER_MS } from '../agents/agents.module.js';
import {
  countPer,
  dayOf,
  daysBefore,
  HOST_TABLES,
  hostKind,
  mergeCounts,
  type DashboardContext,
  type DashboardDefinition,
  rowsOf,
} from './dashboard.js';
import {
  breakdownWidget,
  countRows,
  firstRowsTable,
  numberWidget,
  seriesWidget,
  tableWidget,
  TABLE_ROWS,
} from './widgets.js';

/** A host not reported and not changed for this long is stale. */
export const STALE_AFTER_DAYS = 30;
const CHANGE_DAYS = 30;

/**
 * Hosts past the stale cutoff, oldest first: each host table read along its last_check_time index
 * (at most TABLE_ROWS rows each) and merged, so that neither is read whole.
 */
async function staleHosts(context: DashboardContext) {
  const { db } = context.database;
  const cutoff = daysBefore(context.now, STALE_AFTER_DAYS);
  const perTable = await Promise.all(
    HOST_TABLES.map(async (table) => {
      const stale = db
        .selectFrom(table)
        .where('workspace_id', '=', context.workspaceId)
        .where('last_check_time', '<', cutoff);
      const [rows, total] = await Promise.all([
        stale
          .select(['id', 'name', 'last_check_time'])
          .orderBy('last_check_time')
          .orderBy('id')
          .limit(TABLE_ROWS)
          .execute(),
        countRows(stale),
      ]);
      return { rows: rows.map((row) => ({ ...row, kind: hostKind(table) })), total };
    }),
  );
  const rows = perTable
    .flatMap((found) => found.rows)
    .sort((a, b) => a.last_check_time.localeCompare(b.last_check_time) || a.id.localeCompare(b.id));
  return tableWidget(
    'stale-hosts',
    `Hosts without a report or change for ${STALE_AFTER_DAYS} days`,
    { name: 'Host', kind: 'Kind', lastCheckTime: 'Last report or change' },
    rows.map((row) => ({
      name: row.name,
      kind: row.kind,
      lastCheckTime: row.last_check_time,
      resourceType: row.kind,
      resourceId: row.id,
    })),
    perTable.reduce((sum, found) => sum + found.total, 0),
  );
}

/** Counts of servers and workstations by a column both have, added up per value. */
async function hostsBy({ database, workspaceId }: DashboardContext, column: 'os' | 'automatic') {
  const counts = await Promise.all(
    HOST_TABLES.map((table) => countPer(database.db.selectFrom(table).where('workspace_id', '=', workspaceId), column)),
  );
  return mergeCounts(...counts);
}

async function silentAgents({ database, workspaceId, now }: DashboardContext) {
  const silent = database.db
    .selectFrom('agents')
    .where('workspace_id', '=', workspaceId)
    .where('revoked_at', 'is', null)
    .where('last_seen_at', '<', new Date(Date.parse(now) - SILENT_AFTER_MS).toISOString());
  return firstRowsTable(
    {
      id: 'silent-agents',
      title: 'Agents silent for more than a day',
      columns: { name: 'Agent', hostname: 'Host', lastSeenAt: 'Last report' },
    },
    silent
      .select(['id', 'name', 'hostname', 'last_seen_at'])
      .orderBy('last_seen_at')
      .orderBy('id')
      .limit(TABLE_ROWS)
      .execute(),
    countRows(silent),
    (row) => ({
      name: row.name,
      hostname: row.hostname,
      lastSeenAt: row.last_seen_at,
      resourceType: 'agent',
      resourceId: row.id,
    }),
  );
}

export const operationsDashboard: DashboardDefinition = {
  name: 'operations',
  title: 'Operations',
  description:
    'Hosts by environment, operating system and source; stale hosts and silent agents; software awaiting ' +
    'triage; changes per day.',
  widgetIds: [
    'hosts-by-environment',
    'hosts-by-os',
    'hosts-by-source',
    'stale-hosts',
    'silent-agents',
    'triage-backlog',
    'changes-per-day',
  ],
  async widgets(context) {
    const { database, workspaceId, now, today } = context;
    const { db } = database;
    const since = daysBefore(`${today}T00:00:00.000Z`, CHANGE_DAYS - 1);
    const [byEnvironment, byOs, bySource, stale, silent, backlog, changes] = await Promise.all([
      countPer(rowsOf(context, 'servers'), 'environment'),
      hostsBy(context, 'os'),
      hostsBy(context, 'automatic'),
      staleHosts(context),
      silentAgents(context),
      db
        .selectFrom('discovered_applications')
        .select((eb) => eb.fn.countAll<number>().as('value'))
        .where('workspace_id', '=', workspaceId)
        .where('status', '=', 'new')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('audit_events')
        .select(dayOf(database, 'timestamp').as('day'))
        .select((eb) => eb.fn.countAll<number>().as('value'))
        .where('workspace_id', '=', workspaceId)
        .where('timestamp', '>=', since)
        .where('timestamp', '<=', now)
        .groupBy('day')
        .execute(),
    ]);
    return [
      breakdownWidget(
        'hosts-by-environment',
        'Servers by environment',
        byEnvironment.map((row) => ({ key: row.key, value: row.value })),
      ),
      breakdownWidget(
        'hosts-by-os',
        'Hosts by operating system',
        byOs.map((row) => ({ key: row.key === null ? null : String(row.key), value: row.value })),
      ),
      breakdownWidget(
        'hosts-by-source',
        'Hosts by source',
        bySource.map((row) =>
          Number(row.key)
            ? { key: 'agent', label: 'Reported by an agent', value: row.value }
            : { key: 'manual', label: 'Entered manually', value: row.value },
        ),
      ),
      stale,
      silent,
      numberWidget('triage-backlog', 'Discovered software awaiting triage', Number(backlog.value)),
      seriesWidget(
        'changes-per-day',
        `Changes per day, last ${CHANGE_DAYS} days`,
        today,
        CHANGE_DAYS,
        new Map(changes.map((row) => [row.day, Number(row.value)])),
      ),
    ];
  },
};
