import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Type } from 'typebox';
import { enrollAgent } from '../src/agents/agents.service.js';
import { DashboardSummary, Widget, type BreakdownItem } from '../src/dashboards/widgets.js';
import { Dashboard } from '../src/dashboards/widgets.js';
import { ErrorBody } from '../src/http/errors.js';
import { describeEachDatabase, type Harness } from './support/harness.js';
import { bodyOf } from './support/typed.js';

const DAY = 86_400_000;
const isoDaysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

function widget<Kind extends Widget['kind']>(widgets: Widget[], id: string, kind: Kind): Extract<Widget, { kind: Kind }> {
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
    assert.deepEqual(operations && { name: operations.name, requiredScope: operations.requiredScope }, { name: 'operations', requiredScope: 'operations_dashboard:read' });
  });

  it('401 before 404 for an unknown dashboard; 404 not_found with a key; 403 names the missing scope; unknown parameters are 400', async () => {
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
    assert.deepEqual(bodyOf(ErrorBody, refused), { code: 'insufficient_permission', message: 'missing permission: operations_dashboard:read', status: 403 });
    const extra = await h.call('GET', '/public/v1/dashboards/operations', { key: admin.secret, query: { days: '7' } });
    assert.equal(extra.statusCode, 400);
  });

  it('operations: hosts by environment, OS and source add up to the hosts; stale hosts, silent agents, triage backlog and changes per day are exact', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const post = async (path: string, body: unknown) => {
      const response = await h.call('POST', `/public/v1/${path}`, { key, body });
      assert.equal(response.statusCode, 201, response.body);
      return response.json() as { id: string };
    };
    await post('servers', { name: 'db-01', environment: 'production', os: 'Debian GNU/Linux' });
    await post('servers', { name: 'db-02', environment: 'production', os: 'Ubuntu' });
    const old = await post('servers', { name: 'legacy-01' });
    await post('workstations', { name: 'LT-0001', os: 'Windows 11' });
    // An agent reports a workstation: one more host, from an agent, with software awaiting triage.
    const laptopAgent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'laptop agent' });
    const report = await h.call('POST', '/agent/v1/report', {
      headers: { authorization: `Bearer ${laptopAgent.token}` },
      body: { host: { hostname: 'lt-0002', kind: 'workstation', os: 'Windows 11' }, software: [{ name: 'Slack', vendor: 'Slack' }, { name: 'Zoom', vendor: 'Zoom' }] },
    });
    assert.equal(report.statusCode, 200, report.body);
    // Time passes for some of them: written straight to the database, as the clock cannot be moved.
    await h.database.db.updateTable('servers').set({ last_check_time: isoDaysAgo(31) }).where('id', '=', old.id).execute();
    const quiet = await enrollAgent(h.database, { workspaceId: ws.id, name: 'quiet agent' });
    await h.database.db.updateTable('agents').set({ last_seen_at: isoDaysAgo(2) }).where('id', '=', quiet.id).execute();
    await enrollAgent(h.database, { workspaceId: ws.id, name: 'never seen' });
    const anEvent = await h.database.db.selectFrom('audit_events').select('id').where('workspace_id', '=', ws.id).orderBy('timestamp').limit(1).executeTakeFirstOrThrow();
    await h.database.db.updateTable('audit_events').set({ timestamp: isoDaysAgo(3) }).where('id', '=', anEvent.id).execute();
    const eventsToday = await h.database.db.selectFrom('audit_events').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', ws.id).where('timestamp', '>=', `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`).executeTakeFirstOrThrow();

    const body = await dashboard(h, key, 'operations');
    assert.equal(body.name, 'operations');
    assert.deepEqual(body.widgets.map((w) => w.id), ['hosts-by-environment', 'hosts-by-os', 'hosts-by-source', 'stale-hosts', 'silent-agents', 'triage-backlog', 'changes-per-day']);
    assert.deepEqual(items(widget(body.widgets, 'hosts-by-environment', 'breakdown')), [['production', 2], ['unknown', 1]]);
    assert.deepEqual(items(widget(body.widgets, 'hosts-by-os', 'breakdown')), [['Windows 11', 2], ['Debian GNU/Linux', 1], ['Ubuntu', 1], ['unknown', 1]]);
    assert.deepEqual(items(widget(body.widgets, 'hosts-by-source', 'breakdown')), [['manual', 4], ['agent', 1]]);
    const stale = widget(body.widgets, 'stale-hosts', 'table');
    assert.equal(stale.total, 1);
    assert.deepEqual(stale.rows.map((row) => [row.name, row.resourceType, row.resourceId]), [['legacy-01', 'server', old.id]]);
    const silent = widget(body.widgets, 'silent-agents', 'table');
    assert.equal(silent.total, 1);
    assert.deepEqual(silent.rows.map((row) => [row.name, row.resourceType, row.resourceId]), [['quiet agent', 'agent', quiet.id]]);
    assert.equal(widget(body.widgets, 'triage-backlog', 'number').value, 2);
    const changes = widget(body.widgets, 'changes-per-day', 'series');
    assert.equal(changes.points.length, 30);
    assert.equal(changes.points.at(-1)!.date, new Date().toISOString().slice(0, 10));
    assert.equal(changes.points.at(-1)!.value, Number(eventsToday.n));
    assert.equal(changes.points.at(-4)!.value, 1);
    assert.equal(changes.points.reduce((sum, point) => sum + point.value, 0), Number(eventsToday.n) + 1);
  });

  it('finance: annualised spend per currency (never added across currencies), by vendor, application and category; renewals in 30/60/90 days; cost per user', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const post = async (path: string, body: unknown) => {
      const response = await h.call('POST', `/public/v1/${path}`, { key, body });
      assert.equal(response.statusCode, 201, response.body);
      return response.json() as { id: string };
    };
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const sales = await post('categories', { name: 'Sales' });
    const crm = await post('applications', { name: 'CRM', userCount: 10, categoryId: sales.id });
    const portal = await post('applications', { name: 'Portal' });
    const licences = await post('contracts', { name: 'CRM licences', vendor: 'Salesforce', startDate: day(-100), renewalDate: day(20), noticePeriodDays: 30, amount: 1000, currency: 'EUR', billingPeriod: 'monthly', applicationIds: [crm.id, portal.id] });
    const support = await post('contracts', { name: 'CRM support', vendor: 'Salesforce', startDate: day(-10), endDate: day(80), noticePeriodDays: 30, amount: 500, currency: 'USD', billingPeriod: 'quarterly', applicationIds: [crm.id] });
    await post('contracts', { name: 'Set-up', vendor: 'Acme', startDate: day(0), amount: 3000, currency: 'EUR', billingPeriod: 'one_time' });
    await post('contracts', { name: 'Ended', vendor: 'Acme', startDate: day(-400), endDate: day(-1), amount: 999, currency: 'EUR', billingPeriod: 'yearly' });
    await post('contracts', { name: 'Not yet', vendor: 'Acme', startDate: day(10), amount: 100, currency: 'EUR', billingPeriod: 'yearly' });
    await post('contracts', { name: 'Unpriced', vendor: 'Other', startDate: day(-5) });

    const body = await dashboard(h, key, 'finance');
    const money = (id: string) => widget(body.widgets, id, 'breakdown').items.map(({ key: k, value, currency }) => [k, value, currency]);
    assert.deepEqual(money('annual-spend'), [['EUR', 15000, 'EUR'], ['USD', 2000, 'USD']]);
    assert.deepEqual(money('spend-by-vendor'), [['Salesforce', 12000, 'EUR'], ['Acme', 3000, 'EUR'], ['Salesforce', 2000, 'USD']]);
    assert.deepEqual(money('spend-by-application'), [[crm.id, 6000, 'EUR'], [portal.id, 6000, 'EUR'], ['unknown', 3000, 'EUR'], [crm.id, 2000, 'USD']]);
    assert.deepEqual(widget(body.widgets, 'spend-by-application', 'breakdown').items.map((item) => item.label), ['CRM', 'Portal', 'Unknown', 'CRM']);
    assert.deepEqual(money('spend-by-category'), [['unknown', 9000, 'EUR'], [sales.id, 6000, 'EUR'], [sales.id, 2000, 'USD']]);
    const due = (days: number) => widget(body.widgets, `renewals-${days}`, 'table').rows.map((row) => [row.resourceId, row.renewalDate, row.noticeDeadline]);
    assert.deepEqual(due(30), [[licences.id, day(20), day(-10)]]);
    assert.deepEqual(due(60), [[licences.id, day(20), day(-10)], [support.id, day(80), day(50)]]);
    assert.deepEqual(due(90), due(60));
    const costs = widget(body.widgets, 'cost-per-user', 'table').rows.map((row) => [row.application, row.annualCost, row.currency, row.userCount, row.costPerUser]);
    assert.deepEqual(costs, [['CRM', 6000, 'EUR', 10, 600], ['CRM', 2000, 'USD', 10, 200], ['Portal', 6000, 'EUR', null, null]]);
  });
});
