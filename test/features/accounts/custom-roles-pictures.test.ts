/**
 * Dashboards and diagrams within a restricted caller's reach (docs/roles.md): computed over the
 * items it reaches, as if the others did not exist; no id or name of a hidden item in any answer,
 * JSON or picture, of the public API or of the console's views.
 */
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { it } from 'node:test';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { reachedDatabase } from '../../../src/base/resources/reached-tables.js';
import { createKey } from '../../../src/features/accounts/keys/keys.service.js';
import { createRole } from '../../../src/features/accounts/roles/custom-roles.service.js';
import { ESTATE_READS } from '../../../src/features/dashboards/reach.js';
import { dashboardScope } from '../../../src/features/dashboards/dashboard.js';
import { DASHBOARDS } from '../../../src/features/dashboards/dashboards.routes.js';
import { diagramScope } from '../../../src/features/diagrams/diagram.js';
import { DIAGRAMS } from '../../../src/features/diagrams/diagram-list.js';
import { personIn, signIn } from '../../support/console.js';
import { describeEachDatabase, type Harness } from '../../support/harness.js';
import { writer } from '../../support/typed.js';

/** Every hidden item's name holds this word, and no reached one's does. */
const HIDDEN = 'Zhidden';

/**
 * An estate of reached and hidden items in every family the dashboards and diagrams read, and a
 * key and a member of a role restricted to the staging servers and networks and team T's
 * applications.
 */
async function estate(h: Harness) {
  const ws = await h.workspace();
  const admin = await h.key(ws);
  const { post, put } = writer(h, admin.secret);
  const team = await post('teams', { name: 'Team T' });
  const other = await post('teams', { name: 'Team U' });
  const category = await post('categories', { name: 'Commerce' });
  const hiddenCategory = await post('categories', { name: 'Back office' });

  const shop = await post('applications', { name: 'Shop', categoryId: category.id, lifecycleStatus: 'active' });
  const cart = await post('applications', { name: 'Cart', categoryId: category.id });
  const payroll = await post('applications', {
    name: `${HIDDEN} payroll`,
    categoryId: hiddenCategory.id,
    lifecycleStatus: 'active',
  });
  for (const app of [shop, cart]) await put(`applications/${app.id}/teams/${team.id}`);
  await put(`applications/${payroll.id}/teams/${other.id}`);

  const lan = await post('networks', { name: 'lan', cidr: '10.9.0.0/24', environment: 'staging' });
  const dmz = await post('networks', { name: `${HIDDEN} dmz`, cidr: '10.9.1.0/24', environment: 'production' });
  const router = await post('routers', { name: 'edge' });
  await put(`routers/${router.id}/networks/${lan.id}`);
  await put(`routers/${router.id}/networks/${dmz.id}`);

  const staging = await post('servers', {
    name: 'stg-shop-1',
    environment: 'staging',
    os: 'Debian',
    cpuCores: 4,
    ipAddresses: ['10.9.0.5'],
  });
  const production = await post('servers', {
    name: `${HIDDEN}-prod-1`,
    hostname: `${HIDDEN}.example`,
    environment: 'production',
    os: 'Windows Server',
    cpuCores: 64,
    ipAddresses: ['10.9.0.6', '10.9.1.6'],
  });
  await put(`applications/${shop.id}/servers/${staging.id}`);
  await put(`applications/${shop.id}/servers/${production.id}`);
  await put(`applications/${payroll.id}/servers/${production.id}`);

  const personal = await post('data', { name: 'Orders', personalData: true, applicationIds: [shop.id] });
  const salaries = await post('data', {
    name: `${HIDDEN} salaries`,
    personalData: true,
    applicationIds: [payroll.id],
  });
  await post('flows', {
    name: 'checkout',
    sourceApplicationId: shop.id,
    targetApplicationId: cart.id,
    dataObjectIds: [personal.id],
  });
  await post('flows', { name: 'wages', sourceApplicationId: shop.id, targetApplicationId: payroll.id });
  await post('contracts', {
    name: 'Hosting',
    vendor: 'Acme',
    startDate: '2026-01-01',
    amount: 1200,
    currency: 'EUR',
    billingPeriod: 'yearly',
    applicationIds: [shop.id, payroll.id],
  });
  await post('workstations', { name: 'laptop-1', os: 'Debian' });

  const restrictions = {
    servers: { environment: ['staging'] },
    networks: { environment: ['staging'] },
    applications: { teamId: [team.id] },
  };
  const scopes = [
    ...DASHBOARDS.map((dashboard) => dashboardScope(dashboard.name)),
    ...DIAGRAMS.map((diagram) => diagramScope(diagram.name)),
    'infrastructure:read',
    'applications:read',
  ];
  await createRole(h.database, h.registry, { workspaceId: ws.id, name: 'stg', scopes, restrictions }, CLI_ACTOR);
  const key = await createKey(h.database, { workspaceId: ws.id, name: 'stg', role: 'stg', asMemberId: ws.admin.id });
  const hiddenIds = [payroll.id, production.id, dmz.id, salaries.id];
  return { ws, admin, key, hiddenIds, reached: { shop, cart, staging, lan } };
}

/** What a hidden item could be recognised by in an answer. */
function assertNothingHidden(body: string, hiddenIds: readonly string[], what: string) {
  assert.ok(!body.includes(HIDDEN), `${what} names a hidden item`);
  for (const id of hiddenIds) assert.ok(!body.includes(id), `${what} holds the hidden id ${id}`);
}

const PICTURES = [
  ...DASHBOARDS.map((dashboard) => `dashboards/${dashboard.name}`),
  ...DIAGRAMS.map((diagram) => `diagrams/${diagram.name}`),
];

describeEachDatabase('custom roles: dashboards and diagrams within a reach', (h) => {
  it('every dashboard and diagram, JSON and SVG, holds nothing of a hidden item; an admin sees them', async () => {
    const { admin, key, hiddenIds } = await estate(h);
    let seenByAdmin = 0;
    for (const path of PICTURES) {
      for (const format of ['json', 'svg']) {
        const query = { format };
        const answer = await h.call('GET', `/public/v1/${path}`, { key: key.secret, query });
        assert.equal(answer.statusCode, 200, `${path} ${format}: ${answer.body.slice(0, 300)}`);
        assertNothingHidden(answer.body, hiddenIds, `${path} ${format}`);
        const full = await h.call('GET', `/public/v1/${path}`, { key: admin.secret, query });
        assert.equal(full.statusCode, 200, path);
        if (full.body.includes(HIDDEN)) seenByAdmin += 1;
      }
    }
    // The estate is one the pictures show: the admin's name the hidden items.
    assert.ok(seenByAdmin >= 10, `the admin's pictures name hidden items in ${seenByAdmin} answers`);
  });

  it('the figures count only what the caller reaches', async () => {
    const { key, reached } = await estate(h);
    const answer = await h.call('GET', '/public/v1/dashboards/operations', { key: key.secret });
    const { widgets } = answer.json() as { widgets: { id: string; items?: { key: string; value: number }[] }[] };
    const byEnvironment = widgets.find((widget) => widget.id === 'hosts-by-environment');
    assert.deepEqual(
      byEnvironment?.items?.map(({ key, value }) => ({ key, value })),
      [{ key: 'staging', value: 1 }],
    );
    const capacity = (await h.call('GET', '/public/v1/diagrams/capacity-map', { key: key.secret })).json() as {
      totals: Record<string, number>;
    };
    assert.equal(capacity.totals.hosts, 1, JSON.stringify(capacity.totals));
    const flows = (await h.call('GET', '/public/v1/diagrams/flow-mapping', { key: key.secret })).body;
    assert.ok(flows.includes(reached.shop.id) && flows.includes(reached.cart.id));
    assert.ok(!flows.includes('wages'), 'a flow to a hidden application is not drawn');
  });

  it("a restricted member's console views hold nothing of a hidden item, kept apart from an admin's", async () => {
    const { ws, hiddenIds, reached } = await estate(h);
    const member = await personIn(h, ws, 'stg', 'Mallory');
    const client = await signIn(h, member.email);
    const adminPerson = await personIn(h, ws, 'admin', 'Ada');
    const adminClient = await signIn(h, adminPerson.email);
    const views = [
      '/ui/api/diagrams/flow-mapping/categories',
      '/ui/api/diagrams/network-mapping/networks',
      `/ui/api/diagrams/network-mapping/networks/${reached.lan.id}`,
      '/ui/api/diagrams/capacity-map/largest',
      '/ui/api/v1/dashboards/finance',
    ];
    for (const view of views) {
      // The admin first: its view, kept, must not be the member's.
      assert.equal((await adminClient.call('GET', view)).statusCode, 200, view);
      for (const format of ['json', 'svg']) {
        const answer = await client.call('GET', `${view}?format=${format}`);
        assert.equal(answer.statusCode, 200, `${view}: ${answer.body.slice(0, 300)}`);
        assertNothingHidden(answer.body, hiddenIds, `${view} ${format}`);
      }
    }
    const hiddenNetwork = await client.call('GET', `/ui/api/diagrams/network-mapping/networks/${hiddenIds[2]}`);
    assert.equal(hiddenNetwork.statusCode, 404);
  });

  it('the reached view refuses writes and a table no rule names, and is the database itself unrestricted', async () => {
    const { ws, key } = await estate(h);
    const caller = { workspaceId: ws.id, restrictions: { servers: { environment: ['staging'] } } };
    const within = await reachedDatabase(h.database, caller as never, h.registry.families, ESTATE_READS);
    await assert.rejects(within.db.deleteFrom('servers').where('workspace_id', '=', ws.id).execute(), /read only/);
    await assert.rejects(within.db.selectFrom('row_counts').selectAll().execute(), /no rule says how it narrows/);
    // Raw SQL inside a query: a table named in its text is refused, one named with sql.table() narrowed.
    const all = sql<number>`(SELECT count(*) FROM servers)`;
    await assert.rejects(within.db.selectFrom('workspaces').select(all.as('n')).execute(), /raw SQL names the table/);
    const counted = sql<number>`(SELECT count(*) FROM ${sql.table('servers')} AS s WHERE s.workspace_id = ${ws.id})`;
    const narrowed = await within.db.selectFrom('workspaces').select(counted.as('n')).where('id', '=', ws.id).execute();
    assert.equal(Number(narrowed[0]!.n), 1, 'the staging server alone');
    await assert.rejects(sql`SELECT count(*) FROM row_counts`.execute(within.db), /raw SQL names the table row_counts/);
    // A common table expression named as a table would read it whole.
    await assert.rejects(
      within.db
        .with('servers', (db) => db.selectFrom('workstations').selectAll())
        .selectFrom('servers')
        .selectAll()
        .execute(),
      /named servers, as a table/,
    );
    const open = await reachedDatabase(h.database, { ...caller, restrictions: {} } as never, h.registry.families, {
      ...ESTATE_READS,
    });
    assert.equal(open, h.database);
    // The servers all exist still: the refused delete wrote nothing.
    const servers = await h.database.db.selectFrom('servers').where('workspace_id', '=', ws.id).selectAll().execute();
    assert.equal(servers.length, 2);
    assert.ok(key);
  });
});
