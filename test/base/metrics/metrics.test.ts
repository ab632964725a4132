import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { Readable } from 'node:stream';
import { enrollAgent } from '../../../src/features/agents/agents.service.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { FAMILIES } from '../../../src/families/registry.js';
import { importFamily } from '../../../src/features/transfer/import.js';
import { personIn, signInRequest } from '../../support/console.js';
import { describeEachDatabase, type Harness } from '../../support/harness.js';

const TOKEN = 'metrics-token-for-tests';

/** The value of one sample of the scraped text (0 when the series is absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return 0;
}

async function scrape(h: Harness): Promise<string> {
  const response = await h.call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  assert.equal(response.statusCode, 200);
  return response.body;
}

describeEachDatabase('GET /metrics without METRICS_TOKEN', (h) => {
  it('is not served at all (404), whatever the caller sends', async () => {
    const response = await h.call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(response.statusCode, 404);
  });
});

describeEachDatabase(
  'GET /metrics with METRICS_TOKEN',
  (h) => {
    it('answers only the Bearer token (401 otherwise, with WWW-Authenticate), in Prometheus text format', async () => {
      for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
        const refused = await h.call('GET', '/metrics', authorization ? { headers: { authorization } } : {});
        assert.equal(refused.statusCode, 401, String(authorization));
        assert.equal(refused.headers['www-authenticate'], 'Bearer realm="metrics"');
        assert.doesNotMatch(refused.body, /process_|http_request/);
      }
      const response = await h.call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      for (const name of ['process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes'])
        assert.match(response.body, new RegExp(`^${name} `, 'm'), name);
      assert.match(response.body, /^estate_db_pool_connections\{state="idle"\} \d+/m);
      assert.match(response.body, /^estate_db_pool_waiting \d+/m);
    });

    it('times requests by route pattern, method and status, never by raw URL', async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const created = await h.call('POST', '/public/v1/servers', { key, body: { name: 'metered', hostname: 'm1' } });
      assert.equal(created.statusCode, 201);
      const id = (created.json() as { id: string }).id;
      const before = await scrape(h);
      const labels = { method: 'GET', route: '/public/v1/servers/:id', status_code: '200' };
      for (let i = 0; i < 3; i++)
        assert.equal((await h.call('GET', `/public/v1/servers/${id}`, { key })).statusCode, 200);
      assert.equal((await h.call('GET', `/public/v1/no/such/${id}`, { key })).statusCode, 404);
      const after = await scrape(h);
      assert.equal(
        sample(after, 'http_request_duration_seconds_count', labels) -
          sample(before, 'http_request_duration_seconds_count', labels),
        3,
      );
      assert.ok(sample(after, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }) >= 1);
      assert.ok(!after.includes(id), 'no id of a request appears in the metrics');
    });

    it('counts writes per family and the audit events committed, not the refused ones', async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const before = await scrape(h);
      for (const name of ['a', 'b'])
        assert.equal((await h.call('POST', '/public/v1/servers', { key, body: { name } })).statusCode, 201);
      const refused = await h.call('POST', '/public/v1/servers', { key, body: { name: 'c', environment: 'mars' } });
      assert.equal(refused.statusCode, 400);
      const after = await scrape(h);
      const delta = (name: string, labels: Record<string, string>) =>
        sample(after, name, labels) - sample(before, name, labels);
      assert.equal(delta('estate_writes_total', { family: 'servers', action: 'add' }), 2);
      assert.equal(delta('estate_audit_events_total', { resource_type: 'server', action: 'create' }), 2);
      assert.ok(sample(after, 'estate_db_write_wait_seconds_count') >= 2);
    });

    it('counts the events of an import (written in batches), and none of a refused one', async () => {
      const ws = await h.workspace();
      const servers = FAMILIES.find((family) => family.definition.path === '/servers')!;
      const labels = { resource_type: 'server', action: 'create' };
      const before = sample(await scrape(h), 'estate_audit_events_total', labels);
      const run = (csv: string) =>
        importFamily(h.database, ws.id, h.registry.serviceOf(servers), Readable.from([csv]), {
          format: 'csv',
          actor: CLI_ACTOR,
          source: 'servers.csv',
        });
      assert.equal((await run('name,hostname\nimp-1,imp-1\nimp-2,imp-2\nimp-3,imp-3\n')).created, 3);
      assert.equal((await run('name,environment\nimp-4,production\nimp-5,mars\n')).errors.length, 1);
      assert.equal(sample(await scrape(h), 'estate_audit_events_total', labels) - before, 3);
    });

    it("counts a bulk action's audit events only for the rows it applied", async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const admin = await personIn(h, ws, 'admin');
      const session = await signInRequest(h, admin.email, admin.password);
      assert.equal(session.statusCode, 200);
      const cookie = String(session.headers['set-cookie']).split(';')[0]!;
      const csrf = (session.json() as { csrfToken: string }).csrfToken;
      const ids: string[] = [];
      for (const name of ['x', 'y'])
        ids.push(((await h.call('POST', '/public/v1/servers', { key, body: { name } })).json() as { id: string }).id);
      // A third id that is no server of the workspace: that row is refused.
      ids.push('01890000-0000-7000-8000-000000000000');
      const before = await scrape(h);
      const bulk = await h.app.inject({
        method: 'POST',
        url: '/ui/api/bulk/servers/delete',
        headers: { cookie, 'x-csrf-token': csrf, origin: 'http://localhost:80' },
        payload: { ids },
      });
      assert.equal(bulk.statusCode, 200, bulk.body);
      const result = bulk.json() as { applied: string[]; refused: unknown[] };
      assert.equal(result.applied.length, 2);
      const after = await scrape(h);
      const labels = { resource_type: 'server', action: 'delete' };
      assert.equal(
        sample(after, 'estate_audit_events_total', labels) - sample(before, 'estate_audit_events_total', labels),
        2,
      );
    });

    it('counts agent reports by outcome, and sign-ins and lockouts', async () => {
      const ws = await h.workspace();
      const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'metered agent' });
      const before = await scrape(h);
      const report = (token: string) =>
        h.call('POST', '/agent/v1/report', {
          headers: { authorization: `Bearer ${token}` },
          body: { host: { hostname: 'reporter', kind: 'server', ipAddresses: ['10.9.9.9'] }, software: [] },
        });
      assert.equal((await report(agent.token)).statusCode, 200);
      assert.equal((await report('not-a-token')).statusCode, 401);
      const person = await personIn(h, ws, 'read');
      const address = '192.0.2.77';
      for (let i = 0; i < 10; i++)
        assert.equal((await signInRequest(h, person.email, 'wrong password', {}, address)).statusCode, 401);
      const locked = await signInRequest(h, person.email, person.password, {}, address);
      assert.equal(locked.statusCode, 429);
      const after = await scrape(h);
      const delta = (name: string, labels: Record<string, string> = {}) =>
        sample(after, name, labels) - sample(before, name, labels);
      assert.equal(delta('estate_agent_reports_total', { outcome: 'accepted' }), 1);
      assert.equal(delta('estate_agent_reports_total', { outcome: 'unauthorized' }), 1);
      assert.equal(delta('estate_sign_ins_total', { outcome: 'wrong_credentials' }), 10);
      assert.equal(delta('estate_sign_ins_total', { outcome: 'locked' }), 1);
      assert.equal(delta('estate_sign_in_lockouts_total'), 1);
      assert.doesNotMatch(after, new RegExp(person.email.replace('.', '\\.')));
    });

    it('the Grafana dashboard (docs/grafana/estate.json) queries only metrics that are served', async () => {
      const dashboard = JSON.parse(readFileSync('docs/grafana/estate.json', 'utf8')) as {
        panels: { targets: { expr: string }[] }[];
      };
      const served = new Set(
        (await scrape(h)).split('\n').flatMap((line) => /^([a-zA-Z_:][\w:]*)[{ ]/.exec(line)?.slice(1) ?? []),
      );
      const queried = dashboard.panels.flatMap((panel) =>
        panel.targets.flatMap(({ expr }) =>
          [...expr.matchAll(/\b((?:http|estate|process|nodejs)_[a-z0-9_]+)\b/g)].map((match) => match[1]!),
        ),
      );
      assert.ok(queried.length >= 12);
      assert.deepEqual(
        queried.filter((name) => !served.has(name)),
        [],
      );
    });
  },
  { metricsToken: TOKEN },
);
