import type { DashboardContext, DashboardDefinition } from './dashboard.js';
import { applicationsWithoutOwner } from './architecture.js';
import { countRows, firstRowsTable, tableWidget, topBreakdownWidget, TABLE_ROWS, TOP_GROUPS } from './widgets.js';

/** Seats bought per contract against the users of the applications it covers. */
async function seats({ database, workspaceId }: DashboardContext) {
  const rows = await database.db
    .selectFrom('contracts as c')
    .leftJoin('contract_applications as ca', (join) =>
      join.onRef('ca.contract_id', '=', 'c.id').on('ca.workspace_id', '=', workspaceId),
    )
    .leftJoin('applications as a', (join) =>
      join.onRef('a.id', '=', 'ca.application_id').on('a.workspace_id', '=', workspaceId),
    )
    .select(['c.id', 'c.name', 'c.seats'])
    .select((eb) => [
      eb.fn.sum<number | null>('a.user_count').as('users'),
      eb.fn.count<number>('a.user_count').as('counted'),
    ])
    .where('c.workspace_id', '=', workspaceId)
    .where('c.seats', 'is not', null)
    .groupBy(['c.id', 'c.name', 'c.seats'])
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
  return tableWidget(
    'seats',
    'Seats bought and users of the covered applications',
    { contract: 'Contract', seats: 'Seats bought', users: 'Users', unused: 'Seats unused' },
    rows.map((row) => {
      const users = Number(row.counted) > 0 ? Number(row.users) : null;
      return {
        contract: row.name,
        seats: Number(row.seats),
        users,
        unused: users === null ? null : Number(row.seats) - users,
        resourceType: 'contract',
        resourceId: row.id,
      };
    }),
    rows.length,
  );
}

/** Applications with no known users (userCount 0 or not recorded) and no owner. */
function unusedApplications({ database, workspaceId }: DashboardContext) {
  const unused = applicationsWithoutOwner(database, workspaceId).where((eb) =>
    eb.or([eb('a.user_count', 'is', null), eb('a.user_count', '=', 0)]),
  );
  return firstRowsTable(
    {
      id: 'unused-applications',
      title: 'Applications without users or owners',
      columns: { application: 'Application', userCount: 'Users' },
    },
    unused.select(['a.id', 'a.name', 'a.user_count']).orderBy('a.name').orderBy('a.id').limit(TABLE_ROWS).execute(),
    countRows(unused),
    (row) => ({ application: row.name, userCount: row.user_count, resourceType: 'application', resourceId: row.id }),
  );
}

/** Applications by user count: the largest groups, and `other` for the rest of all users. */
async function usersPerApplication({ database, workspaceId }: DashboardContext) {
  const applications = database.db.selectFrom('applications').where('workspace_id', '=', workspaceId);
  const [top, all] = await Promise.all([
    applications
      .select(['id', 'name', 'user_count'])
      .where('user_count', '>', 0)
      .orderBy('user_count', 'desc')
      .orderBy('id')
      .limit(TOP_GROUPS)
      .execute(),
    applications.select((eb) => eb.fn.sum<number | null>('user_count').as('total')).executeTakeFirstOrThrow(),
  ]);
  return topBreakdownWidget(
    'users-per-application',
    'Users per application',
    top.map((row) => ({ key: row.id, label: row.name, value: Number(row.user_count) })),
    Number(all.total ?? 0),
  );
}

/**
 * The most installed software, each folded name and vendor shown by a name as reported, and
 * `other` for the rest of all installs.
 */
async function topDiscoveredSoftware({ database, workspaceId }: DashboardContext) {
  const { db } = database;
  const installs = db.selectFrom('software_installs').where('workspace_id', '=', workspaceId);
  const [top, all] = await Promise.all([
    installs
      .select(['name_key', 'vendor_key', 'install_count'])
      .where('install_count', '>', 0)
      .orderBy('install_count', 'desc')
      .orderBy('name_key')
      .orderBy('vendor_key')
      .limit(TOP_GROUPS)
      .execute(),
    installs.select((eb) => eb.fn.sum<number | null>('install_count').as('total')).executeTakeFirstOrThrow(),
  ]);
  const names =
    top.length === 0
      ? []
      : await db
          .selectFrom('discovered_applications')
          .select(['name_key', 'vendor_key'])
          .select((eb) => [eb.fn.min('name').as('name'), eb.fn.min('vendor').as('vendor')])
          .where('workspace_id', '=', workspaceId)
          .where((eb) =>
            eb.or(top.map((row) => eb.and([eb('name_key', '=', row.name_key), eb('vendor_key', '=', row.vendor_key)]))),
          )
          .groupBy(['name_key', 'vendor_key'])
          .execute();
  const named = new Map(names.map((row) => [`${row.vendor_key}/${row.name_key}`, row]));
  return topBreakdownWidget(
    'top-discovered-software',
    'Discovered software by install count',
    top.map((row) => {
      const key = `${row.vendor_key}/${row.name_key}`;
      const found = named.get(key);
      const name = String(found?.name ?? row.name_key);
      return {
        key,
        label: found?.vendor ? `${name} (${String(found.vendor)})` : name,
        value: Number(row.install_count),
      };
    }),
    Number(all.total ?? 0),
  );
}

export const usageDashboard: DashboardDefinition = {
  name: 'usage',
  title: 'Usage',
  description:
    'Users per application, seats bought against users, applications nobody uses, and the software agents ' +
    'found most often.',
  widgetIds: ['users-per-application', 'seats', 'unused-applications', 'top-discovered-software'],
  widgets: (context) =>
    Promise.all([
      usersPerApplication(context),
      seats(context),
      unusedApplications(context),
      topDiscoveredSoftware(context),
    ]),
};
