import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { it } from 'node:test';
import { sql, type CompiledQuery } from 'kysely';
import type { Static } from 'typebox';
import { agentListing } from '../../../src/features/agents/agents.module.js';
import { enrollAgent, revokeAgent } from '../../../src/features/agents/agents.service.js';
import { ReportResult } from '../../../src/features/agents/report.schemas.js';
import { Application } from '../../../src/families/applications/applications.schemas.js';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import { openDatabase } from '../../../src/base/db/database.js';
import { discoveredListing } from '../../../src/features/discovered/discovered-applications.module.js';
import { ErrorBody } from '../../../src/base/http/errors.js';
import { Server, servers } from '../../../src/families/servers/servers.module.js';
import type { ListQuery } from '../../../src/base/lists/offset.js';
import { workstations } from '../../../src/families/workstations/workstations.module.js';
import { estate } from '../../support/cli.js';
import { describeEachDatabase, type Harness } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

const Discovered = discoveredListing.item;
const DiscoveredList = discoveredListing.listSchema;
const AgentList = agentListing.listSchema;

const host = (hostname: string, extra: Record<string, unknown> = {}) => ({
  hostname,
  kind: 'server',
  os: 'Debian GNU/Linux',
  osVersion: '12',
  manufacturer: 'Dell Inc.',
  model: 'PowerEdge R650',
  cpuCores: 16,
  memoryMb: 65536,
  ipAddresses: ['10.0.0.5'],
  ...extra,
});
const pkg = (name: string, version = '1.0', vendor = 'Vendor Inc.') => ({ name, vendor, version });

function reporter(h: Harness, token: string) {
  return (body: unknown) => h.call('POST', '/agent/v1/report', { headers: { authorization: `Bearer ${token}` }, body });
}

async function setUp(h: Harness, name = 'agent') {
  const ws = await h.workspace();
  const key = (await h.key(ws)).secret;
  const agent = await enrollAgent(h.database, { workspaceId: ws.id, name });
  // One agent reports one host: each further host gets an agent of its own.
  const agents = new Map<string, ReturnType<typeof reporter>>();
  const reportAs = async (hostname: string, body: unknown) => {
    if (!agents.has(hostname))
      agents.set(
        hostname,
        reporter(h, (await enrollAgent(h.database, { workspaceId: ws.id, name: `${hostname} agent` })).token),
      );
    return agents.get(hostname)!(body);
  };
  return { ws, key, agent, report: reporter(h, agent.token), reportAs };
}

/**
 * PostgreSQL: the rows per loop (EXPLAIN ANALYZE) of every plan node reading `table` in the
 * statement that reads the list's page, with sequential scans priced out (whether an index can
 * serve it; a tiny table would rather be read whole).
 */
async function plannedRows(url: string, workspaceId: string, query: ListQuery, table: string): Promise<number[]> {
  const captured: CompiledQuery[] = [];
  const database = openDatabase(url, { onQuery: (compiled) => void captured.push(compiled) });
  try {
    await discoveredListing.list(database, workspaceId, query);
    const page = captured.find((compiled) => /\boffset\b/i.test(compiled.sql))!;
    return await database.db.connection().execute(async (connection) => {
      await sql`BEGIN`.execute(connection);
      try {
        await sql`SET LOCAL enable_seqscan = off`.execute(connection);
        const { rows } = await connection.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({
          ...page,
          sql: `EXPLAIN (ANALYZE, FORMAT JSON) ${page.sql}`,
        });
        const found: number[] = [];
        const visit = (node: PlanNode) => {
          if (node['Relation Name'] === table) found.push(node['Actual Rows']);
          node.Plans?.forEach(visit);
        };
        visit(rows[0]!['QUERY PLAN'][0].Plan);
        return found;
      } finally {
        await sql`ROLLBACK`.execute(connection);
      }
    });
  } finally {
    await database.close();
  }
}

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

/** The arguments of `estate agent run --once` against `server`, with a token no server knows. */
const agentRunOnce = (server: string, ...options: string[]) => [
  'agent',
  'run',
  '--server',
  server,
  '--token',
  'agt_live_x',
  '--once',
  ...options,
];

/** Starts `server` on a free local port; its base URL. */
async function listening(server: HttpServer): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function discovered(h: Harness, key: string, query: Record<string, string> = {}) {
  return bodyOf(
    DiscoveredList,
    await h.call('GET', '/public/v1/discovered-applications', { key, query: { limit: '200', ...query } }),
  );
}

describeEachDatabase('agent enrollment and tokens', (h) => {
  it('estate agent enroll --json prints {"id","token"}; only a hash is stored; enrollment is audited', async () => {
    const ws = await h.workspace();
    const result = await estate(h.url, ['agent', 'enroll', '--workspace', ws.id, '--name', 'db-01 agent', '--json']);
    assert.equal(result.code, 0, result.stderr);
    const { id, token } = result.json();
    assert.deepEqual(Object.keys(result.json()).sort(), ['id', 'token']);
    assert.match(token, /^agt_live_[A-Za-z0-9_-]{43}$/);
    const row = await h.database.db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.ok(!JSON.stringify(row).includes(token));
    const key = (await h.key(ws)).secret;
    const audit = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', { key, query: { resourceType: 'agent' } }),
    );
    assert.equal(audit.data[0]!.action, 'create');
    assert.ok(!JSON.stringify(audit).includes(token));
    const bad = await estate(h.url, [
      'agent',
      'enroll',
      '--workspace',
      '00000000-0000-7000-8000-000000000000',
      '--name',
      'x',
      '--json',
    ]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /workspace not found/);
  });

  it('an agent token never works on /public/v1, and an API key never works on /agent/v1', async () => {
    const { key, agent } = await setUp(h);
    const onPublic = await h.call('GET', '/public/v1/me', { key: agent.token });
    assert.equal(onPublic.statusCode, 401);
    const onAgent = await h.call('POST', '/agent/v1/report', { key, body: { host: host('x'), software: [] } });
    assert.equal(onAgent.statusCode, 401);
    assert.equal(onAgent.body, '');
    assert.equal(onAgent.headers['www-authenticate'], 'Bearer realm="svc", error="invalid_token"');
  });

  it('estate agent revoke: the token is dead at the next request', async () => {
    const { report, agent } = await setUp(h);
    assert.equal((await report({ host: host('a'), software: [] })).statusCode, 200);
    const revoked = await estate(h.url, ['agent', 'revoke', agent.id, '--json']);
    assert.deepEqual(revoked.json(), { id: agent.id, revoked: true });
    assert.equal((await report({ host: host('a'), software: [] })).statusCode, 401);
    assert.equal((await estate(h.url, ['agent', 'revoke', 'nope', '--json'])).code, 1);
  });
});

describeEachDatabase('POST /agent/v1/report', (h) => {
  it(
    'upserts the one automatic server of the agent with its facts; ' +
      'moves lastCheckTime and lastSeenAt; audited with the agent as actor',
    async () => {
      const { key, agent, report, reportAs } = await setUp(h);
      const first = await report({
        agentVersion: '0.1.0',
        host: host('db-01'),
        software: [pkg('postgresql', '15.4', 'PostgreSQL Global Development Group')],
      });
      assert.equal(first.statusCode, 200, first.body);
      const firstResult = bodyOf(ReportResult, first);
      assert.equal(firstResult.kind, 'server');
      const server = bodyOf(Server, await h.call('GET', `/public/v1/servers/${firstResult.id}`, { key }));
      assert.equal(server.automatic, true);
      assert.equal(server.agentId, agent.id);
      assert.equal(server.os, 'Debian GNU/Linux');
      assert.deepEqual(server.ipAddresses, ['10.0.0.5']);
      await new Promise((r) => setTimeout(r, 5));
      const second = await report({
        agentVersion: '0.1.1',
        host: host('db-01', { memoryMb: 131072 }),
        software: [pkg('postgresql', '15.5', 'PostgreSQL Global Development Group')],
      });
      assert.equal(bodyOf(ReportResult, second).id, firstResult.id, 'the same host');
      const after = bodyOf(Server, await h.call('GET', `/public/v1/servers/${firstResult.id}`, { key }));
      assert.equal(after.memoryMb, 131072);
      assert.ok(after.lastCheckTime > server.lastCheckTime);
      const agents = bodyOf(agentListing.item, await h.call('GET', `/public/v1/agents/${agent.id}`, { key }));
      assert.equal(agents.status, 'active');
      assert.equal(agents.version, '0.1.1');
      assert.equal(agents.lastSeenAt, after.lastCheckTime);
      const audit = bodyOf(
        AuditList,
        await h.call('GET', '/public/v1/audit-log', { key, query: { resourceType: 'server' } }),
      );
      assert.deepEqual(
        audit.data.map((e) => e.action),
        ['report', 'create'],
      );
      assert.deepEqual(audit.data[0]!.actor, { type: 'agent', id: agent.id, name: 'agent' });
      const other = await reportAs('db-02', { host: host('db-02'), software: [] });
      assert.notEqual(bodyOf(ReportResult, other).id, firstResult.id, "another agent's host is another host");
      const ws = await reportAs('lt-7', { host: host('lt-7', { kind: 'workstation' }), software: [] });
      const wsResult = bodyOf(ReportResult, ws);
      assert.equal(wsResult.kind, 'workstation');
      assert.equal(
        bodyOf(
          workstations.definition.schemas.item,
          await h.call('GET', `/public/v1/workstations/${wsResult.id}`, { key }),
        ).automatic,
        true,
      );
    },
  );

  it(
    'discovered software: new entries, version changes, ' +
      'missing entries, reappearance; lastUpdate moves; catalog matching',
    async () => {
      const { key, report } = await setUp(h);
      const id = bodyOf(
        ReportResult,
        await report({
          host: host('app-01'),
          software: [
            pkg('nginx', '1.24', 'Debian Nginx Maintainers'),
            pkg('curl', '7.88'),
            pkg('postgresql-15', '15.4', 'Debian PostgreSQL Maintainers'),
          ],
        }),
      ).id;
      let list = await discovered(h, key, { serverId: id });
      assert.equal(list.pagination.total, 3);
      const byName = (l: Static<typeof DiscoveredList>) => Object.fromEntries(l.data.map((d) => [d.name, d]));
      assert.equal(byName(list).nginx!.catalogEntryId, 'nginx');
      assert.equal(byName(list)['postgresql-15']!.catalogEntryId, 'postgresql');
      assert.equal(byName(list).curl!.status, 'new');
      // The vendor filter is exact and ignores letter case (the console's triage page filters by it).
      assert.deepEqual(
        (await discovered(h, key, { vendor: 'debian NGINX maintainers' })).data.map((d) => d.name),
        ['nginx'],
      );
      assert.equal((await discovered(h, key, { vendor: 'Debian' })).pagination.total, 0);
      const firstUpdate = byName(list).nginx!.lastUpdate;
      await new Promise((r) => setTimeout(r, 5));
      await report({
        host: host('app-01'),
        software: [
          pkg('nginx', '1.25', 'Debian Nginx Maintainers'),
          pkg('postgresql-15', '15.4', 'Debian PostgreSQL Maintainers'),
        ],
      });
      list = await discovered(h, key, { serverId: id });
      assert.equal(byName(list).nginx!.version, '1.25');
      assert.ok(byName(list).nginx!.lastUpdate > firstUpdate, 'a report moves lastUpdate');
      assert.ok(byName(list).curl!.missingSince, 'software no longer reported is marked');
      assert.equal((await discovered(h, key, { missing: 'true' })).pagination.total, 1);
      await report({
        host: host('app-01'),
        software: [pkg('curl', '7.88'), pkg('nginx', '1.25', 'Debian Nginx Maintainers')],
      });
      list = await discovered(h, key, { serverId: id });
      assert.equal(byName(list).curl!.missingSince, null, 'reported again: no longer missing');
      assert.equal(list.pagination.total, 3, 'never duplicated');
      const audit = bodyOf(AuditList, await h.call('GET', '/public/v1/audit-log', { key, query: { resourceId: id } }));
      assert.deepEqual(
        audit.data.map((e) => e.changes?.software),
        [
          { before: 2, after: 2 },
          { before: 3, after: 2 },
          { before: 0, after: 3 },
        ],
        'live software counts before and after each report',
      );
    },
  );

  it('install counts fold case like the service does, also beyond ASCII', async () => {
    const { key, reportAs } = await setUp(h);
    await reportAs('h-1', { host: host('h-1'), software: [pkg('ÖBB-Tool', '1', 'ÄÖÜ GmbH')] });
    await reportAs('h-2', { host: host('h-2'), software: [pkg('öbb-tool', '1', 'äöü gmbh')] });
    const list = await discovered(h, key);
    assert.deepEqual(
      list.data.map((d) => d.installCount),
      [2, 2],
    );
  });

  it('installCount counts hosts reporting the same name and vendor', async () => {
    const { key, reportAs } = await setUp(h);
    for (const name of ['web-1', 'web-2', 'web-3'])
      await reportAs(name, { host: host(name), software: [pkg('nginx', '1.24', 'F5'), pkg('NGINX', '1.24', 'f5')] });
    let list = await discovered(h, key, { q: 'nginx' });
    assert.equal(list.pagination.total, 3, 'one entry per host, case-insensitively');
    assert.ok(list.data.every((d) => d.installCount === 3));
    await reportAs('web-3', { host: host('web-3'), software: [] });
    list = await discovered(h, key, { q: 'nginx', missing: 'false' });
    assert.ok(list.data.every((d) => d.installCount === 2));
  });

  it(
    'sort=installCount lists every entry: products by count, ' +
      'name and vendor, each product by id, software gone from every host too',
    async () => {
      const { key, reportAs } = await setUp(h);
      const everywhere = [pkg('curl', '8'), pkg('Git', '2', 'Git Project')];
      await reportAs('a-1', { host: host('a-1'), software: [...everywhere, pkg('htop', '3'), pkg('gone', '1')] });
      await reportAs('a-2', { host: host('a-2'), software: [...everywhere, pkg('htop', '3')] });
      await reportAs('a-3', { host: host('a-3'), software: everywhere });
      // 'gone' is missing on its only host.
      await reportAs('a-1', { host: host('a-1'), software: [...everywhere, pkg('htop', '3')] });
      const all = await discovered(h, key);
      assert.equal(all.pagination.total, 9);
      for (const sort of ['installCount', '-installCount']) {
        const read: Static<typeof Discovered>[] = [];
        for (let offset = 0; offset < 9; offset += 2)
          read.push(...(await discovered(h, key, { sort, limit: '2', offset: String(offset) })).data);
        const expected = [...all.data].sort(
          (a, b) =>
            a.installCount - b.installCount ||
            a.name.toLowerCase().localeCompare(b.name.toLowerCase()) ||
            a.id.localeCompare(b.id),
        );
        if (sort.startsWith('-')) expected.reverse();
        assert.deepEqual(
          read.map((d) => [d.name, d.installCount, d.id]),
          expected.map((d) => [d.name, d.installCount, d.id]),
          sort,
        );
      }
      assert.deepEqual(
        (await discovered(h, key, { sort: 'installCount', limit: '1' })).data.map((d) => [
          d.name,
          d.installCount,
          d.missingSince !== null,
        ]),
        [['gone', 0, true]],
      );

      // A row another writer inserts without touching the totals (an import, an older binary) still
      // lists: the database gives its product a total.
      const model = all.data[0]!;
      await h.database.db
        .insertInto('discovered_applications')
        .values({
          workspace_id: (
            await h.database.db
              .selectFrom('discovered_applications')
              .select('workspace_id')
              .where('id', '=', model.id)
              .executeTakeFirstOrThrow()
          ).workspace_id,
          id: randomUUID(),
          name: 'Imported',
          vendor: 'Elsewhere',
          name_key: 'imported',
          vendor_key: 'elsewhere',
          version: '1',
          server_id: model.serverId,
          workstation_id: null,
          agent_id: model.agentId,
          status: 'new',
          application_id: null,
          catalog_entry_id: null,
          first_seen_at: model.firstSeenAt,
          last_seen_at: model.lastSeenAt,
          missing_since: null,
          last_update: model.lastUpdate,
        })
        .execute();
      const imported = (await discovered(h, key, { sort: 'installCount', limit: '200' })).data.filter(
        (d) => d.name === 'Imported',
      );
      assert.deepEqual(
        imported.map((d) => d.installCount),
        [0],
      );
    },
  );

  it('sort=installCount pages every filter like the whole list filtered, in both directions', async () => {
    const { ws, key, reportAs } = await setUp(h);
    // 60 products on 1 to 20 of 20 hosts (about 630 entries), two vendors.
    const products = Array.from({ length: 60 }, (_, j) =>
      pkg(`prod-${String(j).padStart(2, '0')}`, '1', j % 2 ? 'Vendor B' : 'Vendor A'),
    );
    const hosts = Array.from({ length: 20 }, (_, k) => `h-${String(k).padStart(2, '0')}`);
    for (const [k, name] of hosts.entries())
      await reportAs(name, { host: host(name), software: products.filter((_, j) => k <= (j * 7) % 20) });
    // h-00 stops reporting the most installed products; a few entries of the top products are ignored.
    await reportAs('h-00', { host: host('h-00'), software: products.filter((_, j) => (j * 7) % 20 < 15) });
    const all: Static<typeof Discovered>[] = [];
    for (let offset = 0, total = 1; offset < total; offset += 200) {
      const page = await discovered(h, key, { offset: String(offset) });
      all.push(...page.data);
      total = page.pagination.total;
    }
    const byCount = [...all].sort(
      (a, b) =>
        b.installCount - a.installCount ||
        b.name.localeCompare(a.name) ||
        b.vendor.localeCompare(a.vendor) ||
        b.id.localeCompare(a.id),
    );
    for (const entry of byCount.filter((d) => d.missingSince === null).slice(3, 8)) {
      assert.equal(
        (await h.call('PATCH', `/public/v1/discovered-applications/${entry.id}`, { key, body: { status: 'ignored' } }))
          .statusCode,
        200,
      );
      entry.status = 'ignored';
    }
    const serverId = all.find((d) => d.name === 'prod-19')!.serverId!;
    const filters: [Record<string, string>, (d: Static<typeof Discovered>) => boolean][] = [
      [{}, () => true],
      [{ status: 'new' }, (d) => d.status === 'new'],
      [{ status: 'ignored' }, (d) => d.status === 'ignored'],
      [{ missing: 'false' }, (d) => d.missingSince === null],
      [{ missing: 'true' }, (d) => d.missingSince !== null],
      [{ vendor: 'vendor b' }, (d) => d.vendor === 'Vendor B'],
      [{ q: 'PROD-1' }, (d) => d.name.startsWith('prod-1')],
      [{ serverId }, (d) => d.serverId === serverId],
      [{ status: 'new', vendor: 'Vendor A' }, (d) => d.status === 'new' && d.vendor === 'Vendor A'],
    ];
    assert.ok(
      all.length > 600 && byCount[0]!.installCount === 19,
      `${all.length} entries, top ${byCount[0]!.installCount}`,
    );
    for (const [query, keep] of filters) {
      for (const sort of ['-installCount', 'installCount']) {
        const expected = byCount.filter(keep);
        if (sort === 'installCount') expected.reverse();
        // Pages of 7 end inside the top products' 20 entries, so each product's own read must reach the page's end.
        for (const offset of [0, 7, 14, 21, Math.max(0, expected.length - 10)]) {
          const page = await discovered(h, key, { ...query, sort, limit: '7', offset: String(offset) });
          const what = `${JSON.stringify(query)} ${sort} offset ${offset}`;
          assert.equal(page.pagination.total, expected.length, what);
          assert.deepEqual(
            page.data.map((d) => [d.name, d.installCount, d.id]),
            expected.slice(offset, offset + 7).map((d) => [d.name, d.installCount, d.id]),
            what,
          );
        }
      }
    }
    if (h.dialect !== 'postgres') return;
    // PostgreSQL reads each product's entries by id only up to the page's end: a page of 5 sorts
    // 5 entries of a product on 19 hosts, not 20 (nor, in a real estate, 100,000).
    await sql`ANALYZE`.execute(h.database.db);
    for (const query of [{}, { status: 'new' }, { missing: false }, { vendor: 'vendor b' }]) {
      const read = await plannedRows(
        h.url,
        ws.id,
        { ...query, sort: '-installCount', limit: 5 },
        'discovered_applications',
      );
      assert.ok(
        read.length > 0 && read.every((rows) => rows <= 5),
        `${JSON.stringify(query)}: ${read.join(', ')} rows per loop`,
      );
    }
  });

  it('accepts 5,000 software entries in one report', async () => {
    const { key, report } = await setUp(h);
    const software = Array.from({ length: 5000 }, (_, i) => pkg(`package-${i}`, `${i}.0`));
    const started = Date.now();
    const res = await report({ host: host('big'), software });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await discovered(h, key, { limit: '1' })).pagination.total, 5000);
    const again = await report({ host: host('big'), software });
    assert.equal(again.statusCode, 200);
    assert.ok(Date.now() - started < 60_000);
  });

  it('a bad report → 400 with the error body naming the field; nothing is written', async () => {
    const { key, report } = await setUp(h);
    const cases: [unknown, RegExp][] = [
      [{ host: { hostname: 'x', kind: 'router' }, software: [] }, /kind/],
      [{ host: { kind: 'server' }, software: [] }, /hostname/],
      [{ host: host('x'), software: [{ name: 'a' }] }, /vendor/],
      [{ host: host('x'), software: [], extra: 1 }, /extra/],
      [{ host: host('x', { cpuCores: 'many' }), software: [] }, /cpuCores/],
      [{ host: host('x', { ipAddresses: ['999.1.1.1'] }), software: [] }, /ipAddresses/],
      [{ host: host('x') }, /software/],
    ];
    for (const [body, field] of cases) {
      const res = await report(body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.equal(bodyOf(ErrorBody, res).code, 'bad_request');
      assert.match(bodyOf(ErrorBody, res).message, field);
    }
    assert.equal(bodyOf(servers.list, await h.call('GET', '/public/v1/servers', { key })).pagination.total, 0);
  });

  it(
    'name, os and manufacturer of an agent-reported server → 422; ' +
      'deleting it is allowed and the next report re-creates it',
    async () => {
      const { key, report } = await setUp(h);
      const id = bodyOf(ReportResult, await report({ host: host('db-09'), software: [pkg('redis', '7.0')] })).id;
      for (const body of [{ name: 'renamed' }, { os: 'Windows' }, { manufacturer: 'HPE' }]) {
        assert.equal((await h.call('PATCH', `/public/v1/servers/${id}`, { key, body })).statusCode, 422);
      }
      assert.equal(
        (await h.call('PATCH', `/public/v1/servers/${id}`, { key, body: { environment: 'staging', location: 'DC2' } }))
          .statusCode,
        200,
      );
      assert.equal((await h.call('DELETE', `/public/v1/servers/${id}`, { key })).statusCode, 204);
      const again = await report({ host: host('db-09'), software: [pkg('redis', '7.0')] });
      assert.notEqual(bodyOf(ReportResult, again).id, id);
      assert.equal(
        (await discovered(h, key)).data[0]!.installCount,
        1,
        'install counts stay right across host deletion',
      );
    },
  );
});

describeEachDatabase('discovered application triage', (h) => {
  it(
    'PATCH links to an application or ignores; foreign application → 422; ' +
      'POST …/application creates one and links it',
    async () => {
      const { key, report } = await setUp(h);
      const other = await h.key(await h.workspace('other'));
      await report({
        host: host('h1'),
        software: [
          pkg('postgresql', '15', 'PostgreSQL Global Development Group'),
          pkg('htop', '3.2'),
          pkg('vim', '9.0'),
        ],
      });
      const list = await discovered(h, key);
      const named = (n: string) => list.data.find((d) => d.name === n)!;
      const [postgres, htop, vim] = [named('postgresql'), named('htop'), named('vim')];
      const app = bodyOf(
        Application,
        await h.call('POST', '/public/v1/applications', { key, body: { name: 'Monitoring' } }),
      );
      const linked = await h.call('PATCH', `/public/v1/discovered-applications/${htop.id}`, {
        key,
        body: { applicationId: app.id },
      });
      assert.equal(bodyOf(Discovered, linked).status, 'linked');
      assert.equal(bodyOf(Discovered, linked).applicationId, app.id);
      const ignored = await h.call('PATCH', `/public/v1/discovered-applications/${vim.id}`, {
        key,
        body: { status: 'ignored' },
      });
      assert.equal(bodyOf(Discovered, ignored).status, 'ignored');
      const foreignApp = bodyOf(
        Application,
        await h.call('POST', '/public/v1/applications', { key: other.secret, body: { name: 'x' } }),
      );
      assert.equal(
        (
          await h.call('PATCH', `/public/v1/discovered-applications/${vim.id}`, {
            key,
            body: { applicationId: foreignApp.id },
          })
        ).statusCode,
        422,
      );
      assert.equal(
        (await h.call('PATCH', `/public/v1/discovered-applications/${vim.id}`, { key, body: { status: 'linked' } }))
          .statusCode,
        400,
      );
      const created = await h.call('POST', `/public/v1/discovered-applications/${postgres.id}/application`, { key });
      assert.equal(created.statusCode, 201, created.body);
      const application = bodyOf(Application, created);
      assert.equal(application.name, 'PostgreSQL');
      assert.equal(application.catalogEntryId, 'postgresql');
      assert.equal(
        bodyOf(Discovered, await h.call('GET', `/public/v1/discovered-applications/${postgres.id}`, { key }))
          .applicationId,
        application.id,
      );
      assert.equal((await discovered(h, key, { status: 'new' })).pagination.total, 0);
      const audit = bodyOf(
        AuditList,
        await h.call('GET', '/public/v1/audit-log', { key, query: { resourceType: 'discovered_application' } }),
      );
      assert.equal(audit.total, 3);
      assert.equal((await h.call('DELETE', `/public/v1/applications/${app.id}`, { key })).statusCode, 204);
      assert.equal(
        bodyOf(Discovered, await h.call('GET', `/public/v1/discovered-applications/${htop.id}`, { key })).status,
        'new',
        'back to triage',
      );
    },
  );

  it('GET /agents shows never_seen and revoked agents', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const quiet = await enrollAgent(h.database, { workspaceId: ws.id, name: 'quiet' });
    const gone = await enrollAgent(h.database, { workspaceId: ws.id, name: 'gone' });
    await revokeAgent(h.database, gone.id);
    const list = bodyOf(AgentList, await h.call('GET', '/public/v1/agents', { key }));
    assert.deepEqual(Object.fromEntries(list.data.map((a) => [a.name, a.status])), {
      gone: 'revoked',
      quiet: 'never_seen',
    });
    assert.equal(
      bodyOf(AgentList, await h.call('GET', '/public/v1/agents', { key, query: { status: 'never_seen' } })).data[0]!.id,
      quiet.id,
    );
  });
});

describeEachDatabase('estate agent run', (h) => {
  it('reports this very machine: it appears as an automatic server with its installed packages', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'local' });
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const result = await estate(h.url, [
        'agent',
        'run',
        '--server',
        address,
        '--token',
        agent.token,
        '--once',
        '--json',
      ]);
      assert.equal(result.code, 0, result.stderr);
      const { kind, id } = result.json();
      assert.equal(kind, 'server');
      const server = bodyOf(Server, await h.call('GET', `/public/v1/servers/${id}`, { key }));
      assert.equal(server.hostname, hostname());
      assert.equal(server.automatic, true);
      assert.ok(server.cpuCores! > 0 && server.memoryMb! > 0);
      const software = bodyOf(
        DiscoveredList,
        await h.call('GET', '/public/v1/discovered-applications', { key, query: { serverId: id, limit: '1' } }),
      );
      assert.ok(software.pagination.total > 10, 'installed packages were reported');
    } finally {
      await h.app.server.close();
    }
  });

  it('stops on 401 with a clear message and a non-zero exit', async () => {
    const server = createServer((_req, res) =>
      res.writeHead(401, { 'www-authenticate': 'Bearer realm="svc", error="invalid_token"' }).end(),
    );
    const base = await listening(server);
    try {
      const result = await estate(h.url, agentRunOnce(base));
      assert.equal(result.code, 1);
      assert.match(result.stderr, /refused the agent token \(401\)/);
    } finally {
      server.close();
    }
  });

  it('retries 5xx and network errors with backoff, then succeeds', async () => {
    let calls = 0;
    const server = createServer((req, res) => {
      req.resume();
      calls += 1;
      if (calls === 1) return res.writeHead(503).end('busy');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ kind: 'server', id: '01a20000-0000-7000-8000-000000000000' }));
    });
    const base = await listening(server);
    try {
      const result = await estate(h.url, agentRunOnce(base, '--json', '--max-retries', '2'));
      assert.equal(result.code, 0, result.stderr);
      assert.equal(calls, 2);
      assert.match(result.stderr, /server error 503; retrying in 1s/);
      const unreachable = await estate(h.url, agentRunOnce('http://127.0.0.1:1', '--max-retries', '1'));
      assert.equal(unreachable.code, 1);
      assert.match(unreachable.stderr, /cannot reach .* gave up after 2 attempts/);
    } finally {
      server.close();
    }
  });
});
