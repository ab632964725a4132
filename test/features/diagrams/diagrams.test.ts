import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Type, type TObject } from 'typebox';
import { DashboardSummary } from '../../../src/features/dashboards/widgets.js';
import { DIAGRAMS } from '../../../src/features/diagrams/diagrams.routes.js';
import { ErrorBody } from '../../../src/base/http/errors.js';
import { newId } from '../../../src/base/ids.js';
import { describeEachDatabase, type Harness } from '../../support/harness.js';
import { bodyOf, writer } from '../../support/typed.js';
import { browserMissing, launchBrowser } from '../../support/browser.js';
import { picture, rendersInBrowser } from '../../support/pictures.js';

function schemaOf(name: string): TObject {
  const diagram = DIAGRAMS.find((candidate) => candidate.name === name);
  assert.ok(diagram, `diagram ${name} is not registered`);
  return diagram.body;
}

async function diagram(h: Harness, key: string, name: string, query: Record<string, string> = {}) {
  const response = await h.call('GET', `/public/v1/diagrams/${name}`, { key, query });
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers['content-type']), /^application\/json/);
  // The schema of the route checks the shape; the test reads fields by name.
  return bodyOf(schemaOf(name), response) as Record<string, unknown> & {
    truncated?: boolean;
    totals?: Record<string, number>;
  };
}

type Node = { id: string; kind: string; label: string; resourceId?: string };
type Edge = {
  id: string;
  source: string;
  target: string;
  label: string;
  protocol?: string | null;
  dataObjectIds?: string[];
};

describeEachDatabase('diagrams', (h) => {
  it(
    'GET /diagrams lists each diagram with its scope; ' +
      'unknown names are 404 after authentication; each needs its scope',
    async () => {
      const ws = await h.workspace();
      const admin = (await h.key(ws)).secret;
      const list = bodyOf(
        Type.Array(DashboardSummary),
        await h.call('GET', '/public/v1/diagrams', { key: (await h.key(ws, { scopes: ['tags:read'] })).secret }),
      );
      assert.deepEqual(
        list.map((entry) => [entry.name, entry.requiredScope]),
        DIAGRAMS.map((entry) => [entry.name, `${entry.name.replaceAll('-', '_')}_diagram:read`]),
      );
      assert.equal((await h.call('GET', '/public/v1/diagrams/nope')).statusCode, 401);
      const unknown = await h.call('GET', '/public/v1/diagrams/nope', { key: admin });
      assert.equal(unknown.statusCode, 404);
      assert.equal(bodyOf(ErrorBody, unknown).code, 'not_found');
      const reader = (await h.key(ws, { alias: 'read' })).secret;
      for (const { name } of DIAGRAMS) {
        const refused = await h.call('GET', `/public/v1/diagrams/${name}`, {
          key: (await h.key(ws, { scopes: ['applications:read'] })).secret,
        });
        assert.equal(refused.statusCode, 403, name);
        assert.equal(
          bodyOf(ErrorBody, refused).message,
          `missing permission: ${name.replaceAll('-', '_')}_diagram:read`,
        );
        assert.equal(
          (await h.call('GET', `/public/v1/diagrams/${name}`, { key: reader })).statusCode,
          200,
          `${name} with the read role`,
        );
        assert.equal(
          (await h.call('GET', `/public/v1/diagrams/${name}`, { key: admin, query: { colour: 'red' } })).statusCode,
          400,
          `${name}: unknown parameter`,
        );
        await picture(h, admin, `/public/v1/diagrams/${name}`, { format: 'svg' });
      }
    },
  );

  it(
    'flow-mapping: one edge per flow; around an application with depth; ' +
      'by category; limit truncates with totals; SVG links every node',
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const { post } = writer(h, key);
      const sales = await post('categories', { name: 'Sales' });
      const [a, b, c, d] = [
        await post('applications', { name: 'A', categoryId: sales.id }),
        await post('applications', { name: 'B' }),
        await post('applications', { name: 'C' }),
        await post('applications', { name: 'D' }),
      ];
      const customers = await post('data', { name: 'Customers' });
      const ab = await post('flows', {
        name: 'Orders',
        sourceApplicationId: a.id,
        targetApplicationId: b.id,
        protocol: 'https',
        dataObjectIds: [customers.id],
      });
      const bc = await post('flows', { name: 'Invoices', sourceApplicationId: b.id, targetApplicationId: c.id });
      const cd = await post('flows', { name: 'Ledger', sourceApplicationId: c.id, targetApplicationId: d.id });

      const all = await diagram(h, key, 'flow-mapping');
      assert.deepEqual(
        (all.nodes as Node[]).map((node) => [node.id, node.kind, node.label, node.resourceId]),
        [
          [a.id, 'application', 'A', a.id],
          [b.id, 'application', 'B', b.id],
          [c.id, 'application', 'C', c.id],
          [d.id, 'application', 'D', d.id],
        ],
      );
      assert.deepEqual(
        (all.edges as Edge[]).map((edge) => [edge.id, edge.source, edge.target, edge.label]),
        [
          [bc.id, b.id, c.id, 'Invoices'],
          [cd.id, c.id, d.id, 'Ledger'],
          [ab.id, a.id, b.id, 'Orders'],
        ],
      );
      const orders = (all.edges as Edge[]).find((edge) => edge.id === ab.id)!;
      assert.equal(orders.protocol, 'https');
      assert.deepEqual(orders.dataObjectIds, [customers.id]);
      assert.deepEqual([all.truncated, all.totals], [false, { nodes: 4, edges: 3 }]);

      const ids = (body: Record<string, unknown>) => (body.nodes as Node[]).map((node) => node.label);
      assert.deepEqual(ids(await diagram(h, key, 'flow-mapping', { applicationId: b.id })), ['A', 'B', 'C']);
      assert.deepEqual(ids(await diagram(h, key, 'flow-mapping', { applicationId: a.id, depth: '2' })), [
        'A',
        'B',
        'C',
      ]);
      assert.deepEqual(ids(await diagram(h, key, 'flow-mapping', { applicationId: a.id, depth: '3' })), [
        'A',
        'B',
        'C',
        'D',
      ]);
      const byCategory = await diagram(h, key, 'flow-mapping', { categoryId: sales.id });
      assert.deepEqual(
        [ids(byCategory), (byCategory.edges as Edge[]).map((edge) => edge.label)],
        [['A', 'B'], ['Orders']],
      );
      const limited = await diagram(h, key, 'flow-mapping', { limit: '2' });
      assert.deepEqual(
        [ids(limited), (limited.edges as Edge[]).map((edge) => edge.label), limited.truncated, limited.totals],
        [['A', 'B'], ['Orders'], true, { nodes: 4, edges: 3 }],
      );

      const unknown = await h.call('GET', '/public/v1/diagrams/flow-mapping', {
        key,
        query: { applicationId: '01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70' },
      });
      assert.equal(unknown.statusCode, 422);
      assert.equal(
        (await h.call('GET', '/public/v1/diagrams/flow-mapping', { key, query: { depth: '4' } })).statusCode,
        400,
      );
      assert.equal(
        (await h.call('GET', '/public/v1/diagrams/flow-mapping', { key, query: { applicationId: 'nope' } })).statusCode,
        400,
      );

      const svg = await picture(h, key, '/public/v1/diagrams/flow-mapping', {}, 'image/svg+xml');
      for (const application of [a, b, c, d])
        assert.ok(svg.includes(`href="/ui/applications/${application.id}"`), 'each node links to its console page');
      assert.match(
        await picture(h, key, '/public/v1/diagrams/flow-mapping', { format: 'svg' }),
        /<title>Flow mapping<\/title>/,
      );
      assert.match(svg, /Orders \(https\)/);
    },
  );

  it(
    'network-mapping: routers to their networks, ' +
      'hosts to the most specific network of each address (IPv4 and IPv6), the rest unplaced',
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const { post, put } = writer(h, key);
      const wide = await post('networks', { name: 'Campus', cidr: '10.0.0.0/16' });
      const servers = await post('networks', { name: 'Servers', cidr: '10.0.1.0/24' });
      const v6 = await post('networks', { name: 'IPv6', cidr: '2001:db8::/48' });
      const edge = await post('routers', { name: 'edge-1', managementIp: '10.0.0.1' });
      await put(`routers/${edge.id}/networks/${wide.id}`);
      await put(`routers/${edge.id}/networks/${servers.id}`);
      const db1 = await post('servers', { name: 'db-1', ipAddresses: ['10.0.1.5'] });
      const app1 = await post('servers', { name: 'app-1', ipAddresses: ['10.0.7.9', '2001:db8::10'] });
      const lonely = await post('servers', { name: 'lonely', ipAddresses: ['192.168.1.1'] });
      const bare = await post('servers', { name: 'bare' });
      const laptop = await post('workstations', { name: 'LT-1' });

      const body = await diagram(h, key, 'network-mapping');
      assert.deepEqual(
        (body.nodes as Node[]).map((node) => [node.id, node.kind]),
        [
          [wide.id, 'network'],
          [servers.id, 'network'],
          [v6.id, 'network'],
          [edge.id, 'router'],
          [app1.id, 'server'],
          [bare.id, 'server'],
          [db1.id, 'server'],
          [lonely.id, 'server'],
          [laptop.id, 'workstation'],
        ],
      );
      const edges = (body.edges as (Edge & { kind: string })[]).map((e) => [e.source, e.target, e.kind]);
      assert.deepEqual(
        new Set(edges),
        new Set([
          [edge.id, wide.id, 'router-network'],
          [edge.id, servers.id, 'router-network'],
          [db1.id, servers.id, 'host-network'],
          [app1.id, wide.id, 'host-network'],
          [app1.id, v6.id, 'host-network'],
        ]),
      );
      assert.equal(edges.length, 5);
      assert.deepEqual(body.unplaced, [bare.id, lonely.id, laptop.id]);
      assert.deepEqual(
        [body.truncated, body.totals],
        [false, { networks: 3, routers: 1, servers: 4, workstations: 1 }],
      );
      const limited = await diagram(h, key, 'network-mapping', { limit: '5' });
      assert.equal((limited.nodes as Node[]).length, 5);
      assert.equal(limited.truncated, true);
      const svg = await picture(h, key, '/public/v1/diagrams/network-mapping', { format: 'svg' });
      for (const id of [wide.id, edge.id, db1.id, laptop.id])
        assert.ok(svg.includes(`/${id}"`), 'every node links to its console page');

      // GET /networks/{id}/hosts places servers by the same rule, as a bare array by name.
      const hosts = async (id: string) =>
        ((await h.call('GET', `/public/v1/networks/${id}/hosts`, { key })).json() as { name: string }[]).map(
          (server) => server.name,
        );
      assert.deepEqual(await hosts(servers.id), ['db-1']);
      assert.deepEqual(await hosts(wide.id), ['app-1'], '10.0.1.5 is in the more specific Servers network');
      assert.deepEqual(await hosts(v6.id), ['app-1']);
      const other = await h.workspace();
      assert.equal(
        (await h.call('GET', `/public/v1/networks/${servers.id}/hosts`, { key: (await h.key(other)).secret }))
          .statusCode,
        404,
      );
      const narrow = await h.key(ws, { scopes: ['applications:read'] });
      assert.equal(
        (await h.call('GET', `/public/v1/networks/${servers.id}/hosts`, { key: narrow.secret })).statusCode,
        403,
      );
    },
  );

  it('capacity-map: servers by location and environment, with summed capacity and hosted applications', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const { post, put } = writer(h, key);
    const a = await post('servers', {
      name: 'a',
      location: 'DC1',
      environment: 'production',
      cpuCores: 8,
      memoryMb: 16384,
      storageGb: 500,
    });
    const b = await post('servers', {
      name: 'b',
      location: 'DC1',
      environment: 'production',
      cpuCores: 4,
      memoryMb: 8192,
    });
    const c = await post('servers', {
      name: 'c',
      location: 'DC1',
      environment: 'staging',
      cpuCores: 2,
      memoryMb: 4096,
      storageGb: 100,
    });
    const d = await post('servers', { name: 'd' });
    const billing = await post('applications', { name: 'Billing' });
    await put(`applications/${billing.id}/servers/${a.id}`);

    const body = await diagram(h, key, 'capacity-map');
    type Group = {
      location: string | null;
      environment: string | null;
      hostCount: number;
      cpuCores: number;
      memoryMb: number;
      storageGb: number;
      hosts: { id: string; cpuCores: number; applicationIds: string[] }[];
    };
    const groups = body.groups as Group[];
    assert.deepEqual(
      groups.map((g) => [
        g.location,
        g.environment,
        g.hostCount,
        g.cpuCores,
        g.memoryMb,
        g.storageGb,
        g.hosts.map((host) => host.id),
      ]),
      [
        ['DC1', 'production', 2, 12, 24576, 500, [a.id, b.id]],
        ['DC1', 'staging', 1, 2, 4096, 100, [c.id]],
        [null, null, 1, 0, 0, 0, [d.id]],
      ],
    );
    assert.deepEqual(groups[0]!.hosts[0]!.applicationIds, [billing.id]);
    assert.deepEqual([body.truncated, body.totals], [false, { hosts: 4 }]);
    const limited = await diagram(h, key, 'capacity-map', { limit: '2' });
    assert.deepEqual(
      [(limited.groups as Group[]).map((g) => [g.hostCount, g.hosts.length]), limited.truncated],
      [
        [
          [2, 1],
          [1, 1],
          [1, 0],
        ],
        true,
      ],
    );
    await picture(h, key, '/public/v1/diagrams/capacity-map', { format: 'svg' });
  });

  it(
    'application-matrix: categories × teams by default with unassigned; ' +
      'other dimensions on request; an application in two teams is in both cells',
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const { post, put } = writer(h, key);
      const finance = await post('categories', { name: 'Finance' });
      const platform = await post('teams', { name: 'Platform' });
      const sales = await post('teams', { name: 'Sales' });
      const erp = await post('applications', { name: 'ERP', categoryId: finance.id, criticality: 'high' });
      const wiki = await post('applications', { name: 'Wiki' });
      await put(`applications/${erp.id}/teams/${platform.id}`);
      await put(`applications/${erp.id}/teams/${sales.id}`);

      type Cell = { row: string; column: string; applicationIds: string[] };
      const body = await diagram(h, key, 'application-matrix');
      assert.deepEqual(
        (body.rows as { id: string }[]).map((row) => row.id),
        [finance.id, 'unassigned'],
      );
      assert.deepEqual(
        (body.columns as { id: string }[]).map((column) => column.id),
        [platform.id, sales.id, 'unassigned'],
      );
      assert.deepEqual(
        (body.cells as Cell[]).map((cell) => [cell.row, cell.column, cell.applicationIds]),
        [
          [finance.id, platform.id, [erp.id]],
          [finance.id, sales.id, [erp.id]],
          ['unassigned', 'unassigned', [wiki.id]],
        ],
      );
      const byCriticality = await diagram(h, key, 'application-matrix', { rows: 'criticality', columns: 'categories' });
      assert.deepEqual(
        (byCriticality.rows as { id: string }[]).map((row) => row.id),
        ['low', 'medium', 'high', 'critical', 'unassigned'],
      );
      assert.deepEqual(
        (byCriticality.cells as Cell[]).map((cell) => [cell.row, cell.column, cell.applicationIds]),
        [
          ['high', finance.id, [erp.id]],
          ['unassigned', 'unassigned', [wiki.id]],
        ],
      );
      assert.equal(
        (await h.call('GET', '/public/v1/diagrams/application-matrix', { key, query: { rows: 'owners' } })).statusCode,
        400,
      );
      const svg = await picture(h, key, '/public/v1/diagrams/application-matrix', { format: 'svg' });
      assert.ok(svg.includes(`href="/ui/applications/${erp.id}"`));
    },
  );

  it(
    'application-quadrant: TIME quadrants by technical fit and business value, ' +
      'sized by annual cost or users; applications without scores are unplaced',
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const { post } = writer(h, key);
      const invest = await post('applications', { name: 'Invest', technicalFit: 3, businessValue: 3, userCount: 40 });
      const migrate = await post('applications', { name: 'Migrate', technicalFit: 2, businessValue: 5 });
      const tolerate = await post('applications', { name: 'Tolerate', technicalFit: 5, businessValue: 1 });
      const eliminate = await post('applications', { name: 'Eliminate', technicalFit: 1, businessValue: 2 });
      const unscored = await post('applications', { name: 'Unscored', technicalFit: 4 });
      const start = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
      await post('contracts', {
        name: 'Shared',
        vendor: 'Acme',
        startDate: start,
        amount: 100,
        currency: 'EUR',
        billingPeriod: 'monthly',
        applicationIds: [invest.id, migrate.id],
      });
      await post('contracts', {
        name: 'Dollars',
        vendor: 'Acme',
        startDate: start,
        amount: 999,
        currency: 'USD',
        billingPeriod: 'yearly',
        applicationIds: [invest.id],
      });

      type Point = { applicationId: string; x: number; y: number; quadrant: string; size: number };
      const body = await diagram(h, key, 'application-quadrant');
      assert.deepEqual([body.sizeBy, body.currency], ['cost', 'EUR']);
      assert.deepEqual(
        (body.points as Point[]).map((p) => [p.applicationId, p.x, p.y, p.quadrant, p.size]),
        [
          [eliminate.id, 1, 2, 'eliminate', 0],
          [invest.id, 3, 3, 'invest', 600],
          [migrate.id, 2, 5, 'migrate', 600],
          [tolerate.id, 5, 1, 'tolerate', 0],
        ],
      );
      assert.deepEqual(body.unplaced, [unscored.id]);
      const byUsers = await diagram(h, key, 'application-quadrant', { size: 'users' });
      assert.deepEqual(
        (byUsers.points as Point[]).map((p) => p.size),
        [0, 40, 0, 0],
      );
      await picture(h, key, '/public/v1/diagrams/application-quadrant', { format: 'svg' });
    },
  );

  it(
    'application-lifecycle: each dated phase ends where the next dated phase starts; ' +
      'undated applications are counted, not drawn',
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const { post } = writer(h, key);
      const crm = await post('applications', {
        name: 'CRM',
        planDate: '2024-01-01',
        activeDate: '2024-06-01',
        endOfLifeDate: '2027-12-31',
      });
      const erp = await post('applications', { name: 'ERP', phaseInDate: '2023-05-01', phaseOutDate: '2026-01-01' });
      await post('applications', { name: 'Undated' });

      const body = await diagram(h, key, 'application-lifecycle');
      assert.deepEqual(body.items, [
        {
          applicationId: erp.id,
          label: 'ERP',
          phases: [
            { phase: 'phase-in', start: '2023-05-01', end: '2026-01-01' },
            { phase: 'phase-out', start: '2026-01-01', end: null },
          ],
        },
        {
          applicationId: crm.id,
          label: 'CRM',
          phases: [
            { phase: 'plan', start: '2024-01-01', end: '2024-06-01' },
            { phase: 'active', start: '2024-06-01', end: '2027-12-31' },
            { phase: 'end-of-life', start: '2027-12-31', end: null },
          ],
        },
      ]);
      assert.deepEqual([body.undated, body.truncated, body.totals], [1, false, { applications: 2 }]);
      const svg = await picture(h, key, '/public/v1/diagrams/application-lifecycle', { format: 'svg' });
      assert.ok(svg.includes(`href="/ui/applications/${crm.id}"`));
    },
  );

  it("every diagram's SVG renders in a browser (Chromium): " +
    'it loads as an image of its viewBox size and as a document without a parse error', {
    skip: browserMissing(),
  }, async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const { post, put } = writer(h, key);
    const net = await post('networks', { name: 'LAN <main> & "guests"', cidr: '10.0.0.0/24' });
    const router = await post('routers', { name: 'rtr', managementIp: '10.0.0.1' });
    await put(`routers/${router.id}/networks/${net.id}`);
    const server = await post('servers', {
      name: 'db-01',
      ipAddresses: ['10.0.0.5'],
      location: 'DC1',
      environment: 'production',
      cpuCores: 4,
      memoryMb: 8192,
    });
    const a = await post('applications', {
      name: 'Ünïcødé & <apps>',
      technicalFit: 4,
      businessValue: 2,
      planDate: '2025-01-01',
      activeDate: '2025-06-01',
    });
    const b = await post('applications', { name: 'Billing', technicalFit: 2, businessValue: 4 });
    await put(`applications/${a.id}/servers/${server.id}`);
    await post('flows', {
      name: 'Orders → "billing"',
      sourceApplicationId: a.id,
      targetApplicationId: b.id,
      protocol: 'https',
    });
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      for (const { name } of DIAGRAMS) {
        const svg = await picture(h, key, `/public/v1/diagrams/${name}`, { format: 'svg' });
        await rendersInBrowser(page, svg, name);
      }
    } finally {
      await browser.close();
    }
  });

  it(
    'flow-mapping of a category with 17,000 applications answers ' +
      "(IN lists read in slices under SQLite's 32,766 bound parameters)",
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const { post } = writer(h, key);
      const big = await post('categories', { name: 'Big' });
      const now = new Date().toISOString();
      const rows = Array.from({ length: 17_000 }, (_, index) => ({
        workspace_id: ws.id,
        id: newId(),
        name: `app-${String(index).padStart(5, '0')}`,
        category_id: big.id,
        custom_fields: '{}',
        created_at: now,
        updated_at: now,
      }));
      for (let start = 0; start < rows.length; start += 1000)
        await h.database.db
          .insertInto('applications')
          .values(rows.slice(start, start + 1000))
          .execute();
      const body = await diagram(h, key, 'flow-mapping', { categoryId: big.id });
      assert.deepEqual(
        [(body.nodes as Node[]).length, body.truncated, body.totals],
        [500, true, { nodes: 17_000, edges: 0 }],
      );
    },
  );
});
