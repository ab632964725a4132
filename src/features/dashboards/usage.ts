import { joinedOn, largestFirst, rowsOf, sumOf, type DashboardContext, type DashboardDefinition } from './dashboard.js';
import { ownerlessTable } from './architecture.js';
import { tableWidget, topBreakdownWidget, TOP_GROUPS } from './widgets.js';

/** Seats bought per contract against the users of the applications it covers. */
async function seats({ database, workspaceId }: DashboardContext) {
  const rows = await database.db
    .selectFrom('contracts as c')
    .leftJoin('contract_applications as ca', joinedOn(workspaceId, 'ca.contract_id', 'c.id'))
    .leftJoin('applications as a', joinedOn(workspaceId, 'a.id', 'ca.application_id'))
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
function unusedApplications(context: DashboardContext) {
  return ownerlessTable(
    context,
    { id: 'unused-applications', title: 'Applications without users or owners' },
    ['user_count', 'userCount', 'Users'],
    (query) => query.where((eb) => eb.or([eb('a.user_count', 'is', null), eb('a.user_count', '=', 0)])),
  );
}

/** Applications by user count: the largest groups, and `other` for the rest of all users. */
async function usersPerApplication(context: DashboardContext) {
  const applications = rowsOf(context, 'applications');
  const [top, total] = await Promise.all([
    largestFirst(applications.select(['id', 'name', 'user_count']), 'user_count')
      .orderBy('id')
      .limit(TOP_GROUPS)
      .execute(),
    sumOf(applications, 'user_count'),
  ]);
  return topBreakdownWidget(
    'users-per-application',
    'Users per application',
    top.map((row) => ({ key: row.id, label: row.name, value: Number(row.user_count) })),
    total,
  );
}

/**
 * The most installed software, each folded name and vendor shown by a name as reported, and
 * `other` for the rest of all installs.
 */
async function topDiscoveredSoftware(context: DashboardContext) {
  const { database, workspaceId } = context;
  const installs = rowsOf(context, 'software_installs');
  const [top, total] = await Promise.all([
    largestFirst(installs.select(['name_key', 'vendor_key', 'install_count']), 'install_count')
      .orderBy('name_key')
      .orderBy('vendor_key')
      .limit(TOP_GROUPS)
      .execute(),
    sumOf(installs, 'install_count'),
  ]);
  const names =
    top.length === 0
      ? []
      : await database.db
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
    total,
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
