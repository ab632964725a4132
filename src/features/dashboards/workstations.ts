import { countPer, dayAfter, rowsOf, type DashboardContext, type DashboardDefinition } from './dashboard.js';
import { breakdownWidget, countRows, firstRowsTable, TABLE_ROWS } from './widgets.js';

const WARRANTY_DAYS = 90;

async function warrantyEnding({ database, workspaceId, today }: DashboardContext) {
  const ending = database.db
    .selectFrom('workstations')
    .where('workspace_id', '=', workspaceId)
    .where('warranty_end', '>=', today)
    .where('warranty_end', '<=', dayAfter(today, WARRANTY_DAYS));
  return firstRowsTable(
    {
      id: 'warranty-ending-90',
      title: `Warranties ending in the next ${WARRANTY_DAYS} days`,
      columns: { name: 'Workstation', model: 'Model', warrantyEnd: 'Warranty ends' },
    },
    ending
      .select(['id', 'name', 'model', 'warranty_end'])
      .orderBy('warranty_end')
      .orderBy('name')
      .orderBy('id')
      .limit(TABLE_ROWS)
      .execute(),
    countRows(ending),
    (row) => ({
      name: row.name,
      model: row.model,
      warrantyEnd: row.warranty_end,
      resourceType: 'workstation',
      resourceId: row.id,
    }),
  );
}

/** Workstations in use or in stock that nobody is assigned to (retired machines are left out). */
async function unassigned({ database, workspaceId }: DashboardContext) {
  const free = database.db
    .selectFrom('workstations')
    .where('workspace_id', '=', workspaceId)
    .where('assigned_user_id', 'is', null)
    .where('status', '!=', 'retired');
  return firstRowsTable(
    {
      id: 'unassigned-workstations',
      title: 'Workstations assigned to nobody',
      columns: { name: 'Workstation', status: 'Status', location: 'Location' },
    },
    free.select(['id', 'name', 'status', 'location']).orderBy('name').orderBy('id').limit(TABLE_ROWS).execute(),
    countRows(free),
    (row) => ({
      name: row.name,
      status: row.status,
      location: row.location,
      resourceType: 'workstation',
      resourceId: row.id,
    }),
  );
}

export const workstationsDashboard: DashboardDefinition = {
  name: 'workstations',
  title: 'Workstations',
  description:
    'Workstations by operating system, manufacturer and model; warranties ending in 90 days; machines ' +
    'assigned to nobody; age by purchase year.',
  widgetIds: [
    'workstations-by-os',
    'workstations-by-manufacturer',
    'workstations-by-model',
    'warranty-ending-90',
    'unassigned-workstations',
    'workstation-age',
  ],
  async widgets(context) {
    const workstations = rowsOf(context, 'workstations');
    const [byOs, byManufacturer, byModel, ending, free, byDay] = await Promise.all([
      countPer(workstations, 'os'),
      countPer(workstations, 'manufacturer'),
      countPer(workstations, 'model'),
      warrantyEnding(context),
      unassigned(context),
      countPer(workstations, 'purchase_date'),
    ]);
    const years = new Map<string | null, number>();
    for (const row of byDay) {
      const year = row.key ? row.key.slice(0, 4) : null;
      years.set(year, (years.get(year) ?? 0) + Number(row.value));
    }
    return [
      breakdownWidget('workstations-by-os', 'Workstations by operating system', byOs),
      breakdownWidget('workstations-by-manufacturer', 'Workstations by manufacturer', byManufacturer),
      breakdownWidget('workstations-by-model', 'Workstations by model', byModel),
      ending,
      free,
      breakdownWidget(
        'workstation-age',
        'Workstations by purchase year',
        [...years].map(([key, value]) => ({ key, value })),
      ),
    ];
  },
};
