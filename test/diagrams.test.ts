import assert from 'node:assert/strict';
import { it } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { Type, type TObject } from 'typebox';
import { DashboardSummary } from '../src/dashboards/widgets.js';
import { DIAGRAMS } from '../src/diagrams/diagrams.routes.js';
import { ErrorBody } from '../src/http/errors.js';
import { describeEachDatabase, type Harness } from './support/harness.js';
import { bodyOf } from './support/typed.js';

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
  return bodyOf(schemaOf(name), response) as Record<string, unknown> & { truncated?: boolean; totals?: Record<string, number> };
}

/**
 * The picture as a browser would load it: a standalone, well-formed SVG document with a viewBox and
 * a title, nothing loaded from elsewhere, and links to the console pages of the resources.
 */
async function picture(h: Harness, key: string, name: string, query: Record<string, string> = {}, accept?: string) {
  const response = await h.call('GET', `/public/v1/diagrams/${name}`, { key, query, ...(accept ? { headers: { accept } } : {}) });
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers['content-type']), /^image\/svg\+xml/);
  const svg = response.body;
  assert.equal(XMLValidator.validate(svg), true, 'the SVG is well-formed XML');
  const document = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(svg) as { svg: Record<string, unknown> };
  assert.ok(document.svg, 'the root element is <svg>');
  assert.equal(document.svg.xmlns, 'http://www.w3.org/2000/svg');
  assert.match(String(document.svg.viewBox), /^0 0 \d+ \d+$/);
  assert.ok(document.svg.title, 'the SVG has a <title>');
  assert.doesNotMatch(svg, /(href|src)="(https?:)?\/\//, 'nothing is loaded from elsewhere');
  assert.doesNotMatch(svg, /<script/i);
  return svg;
}

type Node = { id: string; kind: string; label: string; resourceId?: string };
type Edge = { id: string; source: string; target: string; label: string; protocol?: string | null; dataObjectIds?: string[] };

/** POST and PUT through the public API, asserting success. */
function writer(h: Harness, key: string) {
  return {
    async post(path: string, body: unknown) {
      const response = await h.call('POST', `/public/v1/${path}`, { key, body });
      assert.equal(response.statusCode, 201, `${path}: ${response.body}`);
      return response.json() as { id: string };
    },
    async put(path: string) {
      const response = await h.call('PUT', `/public/v1/${path}`, { key });
      assert.equal(response.statusCode, 204, `${path}: ${response.body}`);
    },
  };
}

describeEachDatabase('diagrams', (h) => {
  it('GET /diagrams lists each diagram with its scope; unknown names are 404 after authentication; each needs its scope', async () => {
    const ws = await h.workspace();
    const admin = (await h.key(ws)).secret;
    const list = bodyOf(Type.Array(DashboardSummary), await h.call('GET', '/public/v1/diagrams', { key: (await h.key(ws, { scopes: ['tags:read'] })).secret }));
    assert.deepEqual(list.map((entry) => [entry.name, entry.requiredScope]), DIAGRAMS.map((entry) => [entry.name, `${entry.name.replaceAll('-', '_')}_diagram:read`]));
    assert.equal((await h.call('GET', '/public/v1/diagrams/nope')).statusCode, 401);
    const unknown = await h.call('GET', '/public/v1/diagrams/nope', { key: admin });
    assert.equal(unknown.statusCode, 404);
    assert.equal(bodyOf(ErrorBody, unknown).code, 'not_found');
    const reader = (await h.key(ws, { alias: 'read' })).secret;
    for (const { name } of DIAGRAMS) {
      const refused = await h.call('GET', `/public/v1/diagrams/${name}`, { key: (await h.key(ws, { scopes: ['applications:read'] })).secret });
      assert.equal(refused.statusCode, 403, name);
      assert.equal(bodyOf(ErrorBody, refused).message, `missing permission: ${name.replaceAll('-', '_')}_diagram:read`);
      assert.equal((await h.call('GET', `/public/v1/diagrams/${name}`, { key: reader })).statusCode, 200, `${name} with the read role`);
      assert.equal((await h.call('GET', `/public/v1/diagrams/${name}`, { key: admin, query: { colour: 'red' } })).statusCode, 400, `${name}: unknown parameter`);
      await picture(h, admin, name, { format: 'svg' });
    }
  });

  it('flow-mapping: one edge per flow; around an application with depth; by category; limit truncates with totals; SVG links every node', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const { post } = writer(h, key);
    const sales = await post('categories', { name: 'Sales' });
    const [a, b, c, d] = [await post('applications', { name: 'A', categoryId: sales.id }), await post('applications', { name: 'B' }), await post('applications', { name: 'C' }), await post('applications', { name: 'D' })];
    const customers = await post('data', { name: 'Customers' });
    const ab = await post('flows', { name: 'Orders', sourceApplicationId: a.id, targetApplicationId: b.id, protocol: 'https', dataObjectIds: [customers.id] });
    const bc = await post('flows', { name: 'Invoices', sourceApplicationId: b.id, targetApplicationId: c.id });
    const cd = await post('flows', { name: 'Ledger', sourceApplicationId: c.id, targetApplicationId: d.id });

    const all = await diagram(h, key, 'flow-mapping');
    assert.deepEqual((all.nodes as Node[]).map((node) => [node.id, node.kind, node.label, node.resourceId]), [[a.id, 'application', 'A', a.id], [b.id, 'application', 'B', b.id], [c.id, 'application', 'C', c.id], [d.id, 'application', 'D', d.id]]);
    assert.deepEqual((all.edges as Edge[]).map((edge) => [edge.id, edge.source, edge.target, edge.label]), [[bc.id, b.id, c.id, 'Invoices'], [cd.id, c.id, d.id, 'Ledger'], [ab.id, a.id, b.id, 'Orders']]);
    const orders = (all.edges as Edge[]).find((edge) => edge.id === ab.id)!;
    assert.equal(orders.protocol, 'https');
    assert.deepEqual(orders.dataObjectIds, [customers.id]);
    assert.deepEqual([all.truncated, all.totals], [false, { nodes: 4, edges: 3 }]);

    const ids = (body: Record<string, unknown>) => (body.nodes as Node[]).map((node) => node.label);
    assert.deepEqual(ids(await diagram(h, key, 'flow-mapping', { applicationId: b.id })), ['A', 'B', 'C']);
    assert.deepEqual(ids(await diagram(h, key, 'flow-mapping', { applicationId: a.id, depth: '2' })), ['A', 'B', 'C']);
    assert.deepEqual(ids(await diagram(h, key, 'flow-mapping', { applicationId: a.id, depth: '3' })), ['A', 'B', 'C', 'D']);
    const byCategory = await diagram(h, key, 'flow-mapping', { categoryId: sales.id });
    assert.deepEqual([ids(byCategory), (byCategory.edges as Edge[]).map((edge) => edge.label)], [['A', 'B'], ['Orders']]);
    const limited = await diagram(h, key, 'flow-mapping', { limit: '2' });
    assert.deepEqual([ids(limited), (limited.edges as Edge[]).map((edge) => edge.label), limited.truncated, limited.totals], [['A', 'B'], ['Orders'], true, { nodes: 4, edges: 3 }]);

    const unknown = await h.call('GET', '/public/v1/diagrams/flow-mapping', { key, query: { applicationId: '01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70' } });
    assert.equal(unknown.statusCode, 422);
    assert.equal((await h.call('GET', '/public/v1/diagrams/flow-mapping', { key, query: { depth: '4' } })).statusCode, 400);
    assert.equal((await h.call('GET', '/public/v1/diagrams/flow-mapping', { key, query: { applicationId: 'nope' } })).statusCode, 400);

    const svg = await picture(h, key, 'flow-mapping', {}, 'image/svg+xml');
    for (const application of [a, b, c, d]) assert.ok(svg.includes(`href="/ui/applications/${application.id}"`), 'each node links to its console page');
    assert.match(await picture(h, key, 'flow-mapping', { format: 'svg' }), /<title>Flow mapping<\/title>/);
    assert.match(svg, /Orders \(https\)/);
  });
});
