import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Type } from 'typebox';
import { enrollAgent } from '../../../src/features/agents/agents.service.js';
import { newId } from '../../../src/base/ids.js';
import { operationsDashboard } from '../../../src/features/dashboards/operations.js';
import { DashboardSummary, type Widget, type BreakdownItem } from '../../../src/features/dashboards/widgets.js';
import { Dashboard } from '../../../src/features/dashboards/widgets.js';
import { ErrorBody } from '../../../src/base/http/errors.js';
import { describeEachDatabase, type Harness } from '../../support/harness.js';
import { bodyOf, writer } from '../../support/typed.js';
import { browserMissing, launchBrowser } from '../../support/browser.js';
import { picture, rendersInBrowser } from '../../support/pictures.js';

const DAY = 86_400_000;
const isoDaysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

function widget<Kind extends Widget['kind']>(
  widgets: Widget[],
  id: string,
  kind: Kind,
): Extract<Widget, { kind: Kind }> {
  const found = widgets.find((candidate) => candidate.id === id);
  assert.ok(found, `widget ${id} is missing`);
  assert.equal(found.kind, kind, `widget ${id} is a ${found.kind}`);
  return found as Extract<Widget, { kind: Kind }>;
}

const items = (breakdown: { items: BreakdownItem[] }) => breakdown.items.map(({ key, value }) => [key, value]);

async function dashboard(h: Harness, key: string, name: string) {
  const response = await h.call('GET', `/public/v1/dashboards/${name}`, { key });
  assert.equal(response.statusCode, 200, response.body);
  return bodyOf(Dashboard(name), response);
}

describeEachDatabase('dashboards', (h) => {
  it('GET /dashboards lists each dashboard with its scope; any valid key may call it', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws, { scopes: ['tags:read'] });
    const response = await h.call('GET', '/public/v1/dashboards', { key: key.secret });
    assert.equal(response.statusCode, 200, response.body);
    const list = bodyOf(Type.Array(DashboardSummary), response);
    const operations = list.find((entry) => entry.name === 'operations');
    assert.deepEqual(operations && { name: operations.name, requiredScope: operations.requiredScope }, {
      name: 'operations',
      requiredScope: 'operations_dashboard:read',
    });
  });

  it(
    '401 before 404 for an unknown dashboard; 404 not_found with a key; ' +
      '403 names the missing scope; unknown parameters are 400',
    async () => {
      const ws = await h.workspace();
      const admin = await h.key(ws);
      const unknownWithoutKey = await h.call('GET', '/public/v1/dashboards/nope');
      assert.equal(unknownWithoutKey.statusCode, 401);
      assert.equal(unknownWithoutKey.body, '');
      const unknown = await h.call('GET', '/public/v1/dashboards/nope', { key: admin.secret });
      assert.equal(unknown.statusCode, 404);
      assert.equal(bodyOf(ErrorBody, unknown).code, 'not_found');
      const reader = await h.key(ws, { scopes: ['infrastructure:read'] });
      const refused = await h.call('GET', '/public/v1/dashboards/operations', { key: reader.secret });
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(bodyOf(ErrorBody, refused), {
        code: 'insufficient_permission',
        message: 'missing permission: operations_dashboard:read',
        status: 403,
      });
      const extra = await h.call('GET', '/public/v1/dashboards/operations', {
        key: admin.secret,
        query: { days: '7' },
      });
      assert.equal(extra.statusCode, 400);
    },
  );

  it(
    'operations: hosts by environment, OS and source add up to the hosts; ' +
      'stale hosts, silent agents, triage backlog and changes per day are exact',
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const { post } = writer(h, key);
      await post('servers', { name: 'db-01', environment: 'production', os: 'Debian GNU/Linux' });
      await post('servers', { name: 'db-02', environment: 'production', os: 'Ubuntu' });
      const old = await post('servers', { name: 'legacy-01' });
      await post('workstations', { name: 'LT-0001', os: 'Windows 11' });
      // An agent reports a workstation: one more host, from an agent, with software awaiting triage.
      const laptopAgent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'laptop agent' });
      const report = await h.call('POST', '/agent/v1/report', {
        headers: { authorization: `Bearer ${laptopAgent.token}` },
        body: {
          host: { hostname: 'lt-0002', kind: 'workstation', os: 'Windows 11' },
          software: [
            { name: 'Slack', vendor: 'Slack' },
            { name: 'Zoom', vendor: 'Zoom' },
          ],
        },
      });
      assert.equal(report.statusCode, 200, report.body);
      // Time passes for some of them: written straight to the database, as the clock cannot be moved.
      await h.database.db
        .updateTable('servers')
        .set({ last_check_time: isoDaysAgo(31) })
        .where('id', '=', old.id)
        .execute();
      const quiet = await enrollAgent(h.database, { workspaceId: ws.id, name: 'quiet agent' });
      await h.database.db
        .updateTable('agents')
        .set({ last_seen_at: isoDaysAgo(2) })
        .where('id', '=', quiet.id)
        .execute();
      await enrollAgent(h.database, { workspaceId: ws.id, name: 'never seen' });
      const anEvent = await h.database.db
        .selectFrom('audit_events')
        .select('id')
        .where('workspace_id', '=', ws.id)
        .orderBy('timestamp')
        .limit(1)
        .executeTakeFirstOrThrow();
      await h.database.db
        .updateTable('audit_events')
        .set({ timestamp: isoDaysAgo(3) })
        .where('id', '=', anEvent.id)
        .execute();
      const eventsToday = await h.database.db
        .selectFrom('audit_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', ws.id)
        .where('timestamp', '>=', `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`)
        .executeTakeFirstOrThrow();

      const body = await dashboard(h, key, 'operations');
      assert.equal(body.name, 'operations');
      assert.deepEqual(
        body.widgets.map((w) => w.id),
        operationsDashboard.widgetIds,
      );
      assert.deepEqual(items(widget(body.widgets, 'hosts-by-environment', 'breakdown')), [
        ['production', 2],
        ['unknown', 1],
      ]);
      assert.deepEqual(items(widget(body.widgets, 'hosts-by-os', 'breakdown')), [
        ['Windows 11', 2],
        ['Debian GNU/Linux', 1],
        ['Ubuntu', 1],
        ['unknown', 1],
      ]);
      assert.deepEqual(items(widget(body.widgets, 'hosts-by-source', 'breakdown')), [
        ['manual', 4],
        ['agent', 1],
      ]);
      const stale = widget(body.widgets, 'stale-hosts', 'table');
      assert.equal(stale.total, 1);
      assert.deepEqual(
        stale.rows.map((row) => [row.name, row.resourceType, row.resourceId]),
        [['legacy-01', 'server', old.id]],
      );
      const silent = widget(body.widgets, 'silent-agents', 'table');
      assert.equal(silent.total, 1);
      assert.deepEqual(
        silent.rows.map((row) => [row.name, row.resourceType, row.resourceId]),
        [['quiet agent', 'agent', quiet.id]],
      );
      assert.equal(widget(body.widgets, 'triage-backlog', 'number').value, 2);
      const changes = widget(body.widgets, 'changes-per-day', 'series');
      assert.equal(changes.points.length, 30);
      assert.equal(changes.points.at(-1)!.date, new Date().toISOString().slice(0, 10));
      assert.equal(changes.points.at(-1)!.value, Number(eventsToday.n));
      assert.equal(changes.points.at(-4)!.value, 1);
      assert.equal(
        changes.points.reduce((sum, point) => sum + point.value, 0),
        Number(eventsToday.n) + 1,
      );
    },
  );

  it(
    'finance: annualised spend per currency (never added across currencies), ' +
      'by vendor, application and category; renewals in 30/60/90 days; cost per user',
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const { post } = writer(h, key);
      const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
      const sales = await post('categories', { name: 'Sales' });
      const crm = await post('applications', { name: 'CRM', userCount: 10, categoryId: sales.id });
      const portal = await post('applications', { name: 'Portal' });
      const licences = await post('contracts', {
        name: 'CRM licences',
        vendor: 'Salesforce',
        startDate: day(-100),
        renewalDate: day(20),
        noticePeriodDays: 30,
        amount: 1000,
        currency: 'EUR',
        billingPeriod: 'monthly',
        applicationIds: [crm.id, portal.id],
      });
      const support = await post('contracts', {
        name: 'CRM support',
        vendor: 'Salesforce',
        startDate: day(-10),
        endDate: day(80),
        noticePeriodDays: 30,
        amount: 500,
        currency: 'USD',
        billingPeriod: 'quarterly',
        applicationIds: [crm.id],
      });
      await post('contracts', {
        name: 'Set-up',
        vendor: 'Acme',
        startDate: day(0),
        amount: 3000,
        currency: 'EUR',
        billingPeriod: 'one_time',
      });
      await post('contracts', {
        name: 'Ended',
        vendor: 'Acme',
        startDate: day(-400),
        endDate: day(-1),
        amount: 999,
        currency: 'EUR',
        billingPeriod: 'yearly',
      });
      await post('contracts', {
        name: 'Not yet',
        vendor: 'Acme',
        startDate: day(10),
        amount: 100,
        currency: 'EUR',
        billingPeriod: 'yearly',
      });
      await post('contracts', { name: 'Unpriced', vendor: 'Other', startDate: day(-5) });

      const body = await dashboard(h, key, 'finance');
      const money = (id: string) =>
        widget(body.widgets, id, 'breakdown').items.map(({ key: k, value, currency }) => [k, value, currency]);
      assert.deepEqual(money('annual-spend'), [
        ['EUR', 15000, 'EUR'],
        ['USD', 2000, 'USD'],
      ]);
      assert.deepEqual(money('spend-by-vendor'), [
        ['Salesforce', 12000, 'EUR'],
        ['Acme', 3000, 'EUR'],
        ['Salesforce', 2000, 'USD'],
      ]);
      assert.deepEqual(money('spend-by-application'), [
        [crm.id, 6000, 'EUR'],
        [portal.id, 6000, 'EUR'],
        ['unknown', 3000, 'EUR'],
        [crm.id, 2000, 'USD'],
      ]);
      assert.deepEqual(
        widget(body.widgets, 'spend-by-application', 'breakdown').items.map((item) => item.label),
        ['CRM', 'Portal', 'Unknown', 'CRM'],
      );
      assert.deepEqual(money('spend-by-category'), [
        ['unknown', 9000, 'EUR'],
        [sales.id, 6000, 'EUR'],
        [sales.id, 2000, 'USD'],
      ]);
      const due = (days: number) =>
        widget(body.widgets, `renewals-${days}`, 'table').rows.map((row) => [
          row.resourceId,
          row.renewalDate,
          row.noticeDeadline,
        ]);
      assert.deepEqual(due(30), [[licences.id, day(20), day(-10)]]);
      assert.deepEqual(due(60), [
        [licences.id, day(20), day(-10)],
        [support.id, day(80), day(50)],
      ]);
      assert.deepEqual(due(90), due(60));
      const costs = widget(body.widgets, 'cost-per-user', 'table').rows.map((row) => [
        row.application,
        row.annualCost,
        row.currency,
        row.userCount,
        row.costPerUser,
      ]);
      assert.deepEqual(costs, [
        ['CRM', 6000, 'EUR', 10, 600],
        ['CRM', 2000, 'USD', 10, 200],
        ['Portal', 6000, 'EUR', null, null],
      ]);
    },
  );

  it(
    'usage: users per application add up, seats against users, ' +
      'applications without users or owners, discovered software by install count',
    async () => {
      const ws = await h.workspace();
      const { post, put } = writer(h, (await h.key(ws)).secret);
      const crm = await post('applications', { name: 'CRM', userCount: 50 });
      const wiki = await post('applications', { name: 'Wiki', userCount: 0 });
      const owned = await post('applications', { name: 'Owned' });
      const forgotten = await post('applications', { name: 'Forgotten' });
      await put(`applications/${crm.id}/owners/${ws.admin.userId}`);
      await put(`applications/${owned.id}/owners/${ws.admin.userId}`);
      const licences = await post('contracts', {
        name: 'Licences',
        vendor: 'Acme',
        startDate: '2026-01-01',
        seats: 60,
        applicationIds: [crm.id, wiki.id],
      });
      const spare = await post('contracts', {
        name: 'Spare',
        vendor: 'Acme',
        startDate: '2026-01-01',
        seats: 5,
        applicationIds: [forgotten.id],
      });
      await post('contracts', { name: 'No seats', vendor: 'Acme', startDate: '2026-01-01', applicationIds: [crm.id] });
      for (const [hostname, software] of [
        ['db-01', ['postgresql', 'nginx']],
        ['db-02', ['postgresql']],
      ] as const) {
        const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: hostname });
        const report = await h.call('POST', '/agent/v1/report', {
          headers: { authorization: `Bearer ${agent.token}` },
          body: {
            host: { hostname, kind: 'server' },
            software: software.map((name) => ({
              name,
              vendor: name === 'nginx' ? 'F5' : 'PostgreSQL Global Development Group',
            })),
          },
        });
        assert.equal(report.statusCode, 200, report.body);
      }

      const body = await dashboard(h, (await h.key(ws)).secret, 'usage');
      assert.deepEqual(items(widget(body.widgets, 'users-per-application', 'breakdown')), [[crm.id, 50]]);
      const seats = widget(body.widgets, 'seats', 'table');
      assert.deepEqual(
        seats.rows.map((row) => [row.resourceId, row.seats, row.users, row.unused]),
        [
          [licences.id, 60, 50, 10],
          [spare.id, 5, null, null],
        ],
      );
      const unused = widget(body.widgets, 'unused-applications', 'table');
      assert.deepEqual(
        unused.rows.map((row) => row.resourceId),
        [forgotten.id, wiki.id],
      );
      assert.equal(unused.total, 2);
      const software = widget(body.widgets, 'top-discovered-software', 'breakdown').items.map((item) => [
        item.label,
        item.value,
      ]);
      assert.deepEqual(software, [
        ['postgresql (PostgreSQL Global Development Group)', 2],
        ['nginx (F5)', 1],
      ]);
    },
  );

  it(
    'architecture: applications by hosting, category and criticality; ' +
      'integration hubs; without owner; data by classification; flows of personal data',
    async () => {
      const ws = await h.workspace();
      const { post, put } = writer(h, (await h.key(ws)).secret);
      const finance = await post('categories', { name: 'Finance' });
      const a = await post('applications', {
        name: 'A',
        hostingType: 'saas',
        categoryId: finance.id,
        criticality: 'high',
      });
      const b = await post('applications', { name: 'B', hostingType: 'on_premise', criticality: 'critical' });
      const c = await post('applications', { name: 'C' });
      await put(`applications/${a.id}/owners/${ws.admin.userId}`);
      const customers = await post('data', { name: 'Customers', classification: 'confidential', personalData: true });
      const prices = await post('data', { name: 'Prices', classification: 'internal' });
      await post('data', { name: 'Notes' });
      const orders = await post('flows', {
        name: 'Orders',
        sourceApplicationId: a.id,
        targetApplicationId: b.id,
        dataObjectIds: [customers.id, prices.id],
      });
      await post('flows', { name: 'Invoices', sourceApplicationId: b.id, targetApplicationId: c.id });
      await post('flows', {
        name: 'Prices',
        sourceApplicationId: a.id,
        targetApplicationId: c.id,
        dataObjectIds: [prices.id],
      });
      await post('flows', { name: 'Returns', sourceApplicationId: c.id, targetApplicationId: a.id });

      const body = await dashboard(h, (await h.key(ws)).secret, 'architecture');
      assert.deepEqual(items(widget(body.widgets, 'applications-by-hosting', 'breakdown')), [
        ['on_premise', 1],
        ['saas', 1],
        ['unknown', 1],
      ]);
      assert.deepEqual(
        widget(body.widgets, 'applications-by-category', 'breakdown').items.map((item) => [
          item.key,
          item.label,
          item.value,
        ]),
        [
          ['unknown', 'Unknown', 2],
          [finance.id, 'Finance', 1],
        ],
      );
      assert.deepEqual(items(widget(body.widgets, 'applications-by-criticality', 'breakdown')), [
        ['critical', 1],
        ['high', 1],
        ['unknown', 1],
      ]);
      const hubs = widget(body.widgets, 'integration-hubs', 'table').rows.map((row) => [
        row.application,
        row.flows,
        row.outgoing,
        row.incoming,
      ]);
      assert.deepEqual(hubs, [
        ['A', 3, 2, 1],
        ['C', 3, 1, 2],
        ['B', 2, 1, 1],
      ]);
      assert.deepEqual(
        widget(body.widgets, 'applications-without-owner', 'table').rows.map((row) => row.resourceId),
        [b.id, c.id],
      );
      assert.deepEqual(items(widget(body.widgets, 'data-by-classification', 'breakdown')), [
        ['confidential', 1],
        ['internal', 1],
        ['unknown', 1],
      ]);
      const personal = widget(body.widgets, 'personal-data-flows', 'table');
      assert.deepEqual(personal.rows, [
        {
          flow: 'Orders',
          source: 'A',
          target: 'B',
          dataObjects: ['Customers'],
          resourceType: 'flow',
          resourceId: orders.id,
        },
      ]);
    },
  );

  it(
    'technology: OS releases in use, hosts past end of life from the shipped table, ' +
      'applications by lifecycle and on end-of-life servers',
    async () => {
      const ws = await h.workspace();
      const { post, put } = writer(h, (await h.key(ws)).secret);
      const bionic = await post('servers', { name: 'old-ubuntu', os: 'Ubuntu', osVersion: '18.04' });
      const jammy = await post('servers', { name: 'new-ubuntu', os: 'Ubuntu', osVersion: '22.04.3 LTS' });
      const windows = await post('servers', { name: 'old-windows', os: 'Windows Server 2012 R2 Standard' });
      await post('servers', { name: 'bare' });
      const laptop = await post('workstations', { name: 'LT-1', os: 'Windows 10', osVersion: '22H2' });
      const billing = await post('applications', { name: 'Billing', lifecycleStatus: 'active' });
      const portal = await post('applications', { name: 'Portal' });
      await put(`applications/${billing.id}/servers/${bionic.id}`);
      await put(`applications/${billing.id}/servers/${windows.id}`);
      await put(`applications/${portal.id}/servers/${jammy.id}`);

      const body = await dashboard(h, (await h.key(ws)).secret, 'technology');
      assert.deepEqual(items(widget(body.widgets, 'os-versions', 'breakdown')), [
        ['Ubuntu 18.04', 1],
        ['Ubuntu 22.04.3 LTS', 1],
        ['Windows 10 22H2', 1],
        ['Windows Server 2012 R2 Standard', 1],
        ['unknown', 1],
      ]);
      const eol = widget(body.widgets, 'end-of-life-os', 'table');
      assert.equal(eol.total, 3);
      assert.deepEqual(
        eol.rows.map((row) => [row.resourceId, row.resourceType, row.release, row.endOfLife]),
        [
          [bionic.id, 'server', 'Ubuntu 18.04 LTS', '2023-05-31'],
          [windows.id, 'server', 'Windows Server 2012 R2', '2023-10-10'],
          [laptop.id, 'workstation', 'Windows 10', '2025-10-14'],
        ],
      );
      assert.deepEqual(items(widget(body.widgets, 'applications-by-lifecycle', 'breakdown')), [
        ['active', 1],
        ['unknown', 1],
      ]);
      assert.deepEqual(
        widget(body.widgets, 'applications-on-eol-hosts', 'table').rows.map((row) => [
          row.resourceId,
          row.endOfLifeHosts,
        ]),
        [[billing.id, 2]],
      );
    },
  );

  it(
    'workstations: by OS, manufacturer and model; warranties ending in 90 days; ' +
      'unassigned (retired left out); age by purchase year',
    async () => {
      const ws = await h.workspace();
      const { post } = writer(h, (await h.key(ws)).secret);
      const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
      const dell = await post('workstations', {
        name: 'LT-1',
        os: 'Windows 11',
        manufacturer: 'Dell',
        model: 'Latitude 7440',
        purchaseDate: '2023-03-01',
        warrantyEnd: day(30),
        assignedUserId: ws.admin.userId,
      });
      const lenovo = await post('workstations', {
        name: 'LT-2',
        os: 'Windows 11',
        manufacturer: 'Lenovo',
        model: 'T14',
        purchaseDate: '2024-06-01',
        warrantyEnd: day(120),
      });
      await post('workstations', { name: 'MAC-1', os: 'macOS', manufacturer: 'Apple', status: 'retired' });

      const body = await dashboard(h, (await h.key(ws)).secret, 'workstations');
      assert.deepEqual(items(widget(body.widgets, 'workstations-by-os', 'breakdown')), [
        ['Windows 11', 2],
        ['macOS', 1],
      ]);
      assert.deepEqual(items(widget(body.widgets, 'workstations-by-manufacturer', 'breakdown')), [
        ['Apple', 1],
        ['Dell', 1],
        ['Lenovo', 1],
      ]);
      assert.deepEqual(items(widget(body.widgets, 'workstations-by-model', 'breakdown')), [
        ['Latitude 7440', 1],
        ['T14', 1],
        ['unknown', 1],
      ]);
      assert.deepEqual(
        widget(body.widgets, 'warranty-ending-90', 'table').rows.map((row) => [row.resourceId, row.warrantyEnd]),
        [[dell.id, day(30)]],
      );
      assert.deepEqual(
        widget(body.widgets, 'unassigned-workstations', 'table').rows.map((row) => row.resourceId),
        [lenovo.id],
      );
      assert.deepEqual(items(widget(body.widgets, 'workstation-age', 'breakdown')), [
        ['2023', 1],
        ['2024', 1],
        ['unknown', 1],
      ]);
    },
  );

  it('finance: a contract split over 3 applications adds up to the cent (100.00 = 33.34 + 33.33 + 33.33)', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const { post } = writer(h, key);
    const ids = [
      await post('applications', { name: 'A' }),
      await post('applications', { name: 'B' }),
      await post('applications', { name: 'C' }),
    ].map((app) => app.id);
    await post('contracts', {
      name: 'Shared',
      vendor: 'Acme',
      startDate: '2026-01-01',
      amount: 100,
      currency: 'EUR',
      billingPeriod: 'yearly',
      applicationIds: ids,
    });
    const body = await dashboard(h, key, 'finance');
    const shares = widget(body.widgets, 'spend-by-application', 'breakdown').items.map((item) => item.value);
    assert.deepEqual(shares, [33.34, 33.33, 33.33]);
    assert.equal(Math.round(shares.reduce((sum, value) => sum + value, 0) * 100), 100 * 100);
    assert.deepEqual(items(widget(body.widgets, 'annual-spend', 'breakdown')), [['EUR', 100]]);
  });

  it(
    'technology: 600 end-of-life OS versions answer (statements ' +
      "stay within SQLite's compound and expression limits)",
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const now = new Date().toISOString();
      const rows = Array.from({ length: 600 }, (_, index) => ({
        workspace_id: ws.id,
        id: newId(),
        name: `old-${String(index).padStart(3, '0')}`,
        hostname: `old-${index}`,
        ip_addresses: '[]',
        os: 'Ubuntu',
        os_version: `18.04.${index}`,
        automatic: 0,
        agent_device: '',
        custom_fields: '{}',
        created_at: now,
        last_check_time: now,
      }));
      for (let start = 0; start < rows.length; start += 200)
        await h.database.db
          .insertInto('servers')
          .values(rows.slice(start, start + 200))
          .execute();
      const body = await dashboard(h, key, 'technology');
      const eol = widget(body.widgets, 'end-of-life-os', 'table');
      assert.deepEqual([eol.total, eol.rows.length, eol.rows[0]!.name], [600, 100, 'old-000']);
    },
  );

  it('every dashboard is also a picture: a standalone SVG (Accept or format=svg) that Chromium renders, ' +
    'names escaped, rows linked to the console', {
    skip: browserMissing(),
  }, async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const { post } = writer(h, key);
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const app = await post('applications', { name: 'Ünïcødé & <apps> "quoted"', userCount: 3 });
    await post('applications', { name: 'Idle <unused>' });
    await post('contracts', {
      name: 'Renews <soon> & often',
      vendor: 'A&B',
      startDate: day(-10),
      renewalDate: day(10),
      amount: 10,
      currency: 'EUR',
      billingPeriod: 'monthly',
      applicationIds: [app.id],
    });
    const old = await post('servers', { name: 'old & <stale>', os: 'Ubuntu', osVersion: '18.04' });
    await h.database.db
      .updateTable('servers')
      .set({ last_check_time: isoDaysAgo(40) })
      .where('id', '=', old.id)
      .execute();
    await post('workstations', { name: 'LT <1>', os: 'Windows 10', manufacturer: 'Dell & Co' });
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      for (const name of ['finance', 'usage', 'operations', 'architecture', 'technology', 'workstations']) {
        const svg = await picture(h, key, `/public/v1/dashboards/${name}`, { format: 'svg' });
        assert.equal(
          await picture(h, key, `/public/v1/dashboards/${name}`, {}, 'image/svg+xml').then((again) => again.length > 0),
          true,
        );
        await rendersInBrowser(page, svg, name);
      }
      const json = await h.call('GET', '/public/v1/dashboards/finance', {
        key,
        headers: { accept: 'application/json, image/svg+xml;q=0.5' },
      });
      assert.match(String(json.headers['content-type']), /^application\/json/);
    } finally {
      await browser.close();
    }
  });
});
