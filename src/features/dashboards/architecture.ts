import { sql } from 'kysely';
import { countPer, type DashboardContext, type DashboardDefinition, joinedOn, rowsOf } from './dashboard.js';
import { breakdownWidget, countRows, firstRowsTable, tableWidget, TABLE_ROWS } from './widgets.js';

/** Applications by the number of flows they send or receive, most connected first. */
async function integrationHubs({ database, workspaceId }: DashboardContext) {
  const { db } = database;
  const ends = db
    .selectFrom('flows')
    .select(['source_application_id as application_id'])
    .select([sql<number>`1`.as('outgoing'), sql<number>`0`.as('incoming')])
    .where('workspace_id', '=', workspaceId)
    .unionAll(
      db
        .selectFrom('flows')
        .select(['target_application_id as application_id'])
        .select([sql<number>`0`.as('outgoing'), sql<number>`1`.as('incoming')])
        .where('workspace_id', '=', workspaceId),
    );
  const hubs = db
    .selectFrom(ends.as('e'))
    .innerJoin('applications as a', joinedOn(workspaceId, 'a.id', 'e.application_id'))
    .select(['a.id', 'a.name'])
    .select((eb) => [
      eb.fn.sum<number>('e.outgoing').as('outgoing'),
      eb.fn.sum<number>('e.incoming').as('incoming'),
      eb.fn.countAll<number>().as('flows'),
    ])
    .groupBy(['a.id', 'a.name']);
  return firstRowsTable(
    {
      id: 'integration-hubs',
      title: 'Applications by number of flows',
      columns: { application: 'Application', flows: 'Flows', outgoing: 'Outgoing', incoming: 'Incoming' },
    },
    hubs.orderBy('flows', 'desc').orderBy('a.name').orderBy('a.id').limit(TABLE_ROWS).execute(),
    countRows(db.selectFrom(hubs.as('h')).selectAll()),
    (row) => ({
      application: row.name,
      flows: Number(row.flows),
      outgoing: Number(row.outgoing),
      incoming: Number(row.incoming),
      resourceType: 'application',
      resourceId: row.id,
    }),
  );
}

/** The workspace's applications that nobody owns (no row in application_owners). */
export function applicationsWithoutOwner(database: DashboardContext['database'], workspaceId: string) {
  return database.db
    .selectFrom('applications as a')
    .where('a.workspace_id', '=', workspaceId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('application_owners as o')
            .select('o.user_id')
            .where('o.workspace_id', '=', workspaceId)
            .whereRef('o.application_id', '=', 'a.id'),
        ),
      ),
    );
}

/**
 * A table of ownerless applications (those `narrow` keeps, when given) by name, with one more
 * column of the application: criticality here, user count on the usage dashboard.
 */
export function ownerlessTable(
  { database, workspaceId }: DashboardContext,
  head: { id: string; title: string },
  [column, key, label]: ['criticality' | 'user_count', string, string],
  narrow: (query: ReturnType<typeof applicationsWithoutOwner>) => typeof query = (query) => query,
) {
  const orphans = narrow(applicationsWithoutOwner(database, workspaceId));
  return firstRowsTable(
    { ...head, columns: { application: 'Application', [key]: label } },
    orphans
      .select(['a.id', 'a.name', `a.${column}`])
      .orderBy('a.name')
      .orderBy('a.id')
      .limit(TABLE_ROWS)
      .execute(),
    countRows(orphans),
    (row) => ({ application: row.name, [key]: row[column], resourceType: 'application', resourceId: row.id }),
  );
}

/** Flows that carry at least one data object holding personal data, with those objects. */
async function personalDataFlows({ database, workspaceId }: DashboardContext) {
  const rows = await database.db
    .selectFrom('flows as f')
    .innerJoin('flow_data_objects as fd', joinedOn(workspaceId, 'fd.flow_id', 'f.id'))
    .innerJoin('data_objects as d', joinedOn(workspaceId, 'd.id', 'fd.data_object_id'))
    .innerJoin('applications as s', joinedOn(workspaceId, 's.id', 'f.source_application_id'))
    .innerJoin('applications as t', joinedOn(workspaceId, 't.id', 'f.target_application_id'))
    .select(['f.id', 'f.name', 's.name as source', 't.name as target', 'd.name as dataObject'])
    .where('f.workspace_id', '=', workspaceId)
    .where('d.personal_data', '=', 1)
    .orderBy('f.name')
    .orderBy('f.id')
    .orderBy('d.name')
    .execute();
  const flows = new Map<
    string,
    { flow: string; source: string; target: string; dataObjects: string[]; resourceType: string; resourceId: string }
  >();
  for (const row of rows) {
    const flow = flows.get(row.id) ?? {
      flow: row.name,
      source: row.source,
      target: row.target,
      dataObjects: [],
      resourceType: 'flow',
      resourceId: row.id,
    };
    flow.dataObjects.push(row.dataObject);
    flows.set(row.id, flow);
  }
  return tableWidget(
    'personal-data-flows',
    'Flows that carry personal data',
    { flow: 'Flow', source: 'From', target: 'To', dataObjects: 'Personal data' },
    [...flows.values()],
    flows.size,
  );
}

export const architectureDashboard: DashboardDefinition = {
  name: 'architecture',
  title: 'Architecture',
  description:
    'Applications by hosting type, category and criticality; integration hubs; applications without an ' +
    'owner; data objects by classification and the flows that carry personal data.',
  widgetIds: [
    'applications-by-hosting',
    'applications-by-category',
    'applications-by-criticality',
    'integration-hubs',
    'applications-without-owner',
    'data-by-classification',
    'personal-data-flows',
  ],
  async widgets(context) {
    const { database, workspaceId } = context;
    const applications = rowsOf(context, 'applications');
    const [byHosting, byCategory, byCriticality, hubs, orphans, byClassification, personal] = await Promise.all([
      countPer(applications, 'hosting_type'),
      database.db
        .selectFrom('applications as a')
        .leftJoin('categories as c', joinedOn(workspaceId, 'c.id', 'a.category_id'))
        .select(['a.category_id as key', 'c.name as label'])
        .select((eb) => eb.fn.countAll<number>().as('value'))
        .where('a.workspace_id', '=', workspaceId)
        .groupBy(['a.category_id', 'c.name'])
        .execute(),
      countPer(applications, 'criticality'),
      integrationHubs(context),
      ownerlessTable(context, { id: 'applications-without-owner', title: 'Applications without an owner' }, [
        'criticality',
        'criticality',
        'Criticality',
      ]),
      countPer(rowsOf(context, 'data_objects'), 'classification'),
      personalDataFlows(context),
    ]);
    return [
      breakdownWidget('applications-by-hosting', 'Applications by hosting type', byHosting),
      breakdownWidget(
        'applications-by-category',
        'Applications by category',
        byCategory.map((row) => ({ key: row.key, value: row.value, ...(row.label ? { label: row.label } : {}) })),
      ),
      breakdownWidget('applications-by-criticality', 'Applications by criticality', byCriticality),
      hubs,
      orphans,
      breakdownWidget('data-by-classification', 'Data objects by classification', byClassification),
      personal,
    ];
  },
};
