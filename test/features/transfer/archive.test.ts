/**
 * A whole workspace moves: `estate export --all` writes one archive, `estate import --all` fills an
 * empty workspace with it, in one transaction, so that every list and item answers as the first
 * workspace's did (people's ids, secrets and agents aside: agents come back revoked). A hostile or
 * broken archive writes nothing, and never reaches another workspace.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { enrollAgent } from '../../../src/features/agents/agents.service.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { FIELD_FAMILIES } from '../../../src/base/custom-fields/field-kinds.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { estate } from '../../support/cli.js';
import { personIn, signIn } from '../../support/console.js';
import { describeEachDatabase, type Harness, type Workspace, serviceFamilies } from '../../support/harness.js';
import { temporaryDirectory } from '../../support/temporary.js';

type Item = Record<string, unknown> & { id: string };

/** Every family an archive carries: those that take custom fields, by their path. */
const FAMILY_PATHS = FIELD_FAMILIES.filter((family) => family !== 'users');

/** Fields that move with every write, or name what only the first workspace has. */
const MOVING = new Set(['updatedAt', 'lastCheckTime', 'lastModified']);

async function call(h: Harness, key: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, body?: unknown) {
  const answer = await h.call(method, `/public/v1/${path}`, { key, ...(body === undefined ? {} : { body }) });
  assert.ok(answer.statusCode < 300, `${method} ${path}: ${answer.statusCode} ${answer.body}`);
  return answer.statusCode === 204 ? undefined : (answer.json() as Item);
}

async function listOf(h: Harness, key: string, path: string): Promise<Item[]> {
  // Offset lists page and sort; link lists and the definitions are bare arrays.
  const paged = !path.includes('/') && path !== 'custom-fields';
  const answer = await h.call('GET', `/public/v1/${path}`, {
    key,
    ...(paged ? { query: { limit: '100', sort: 'createdAt' } } : {}),
  });
  assert.equal(answer.statusCode, 200, `${path}: ${answer.body}`);
  const body = answer.json() as { data?: Item[] } | Item[];
  return Array.isArray(body) ? body : body.data!;
}

/** A workspace with a bit of everything the archive carries. */
async function filled(h: Harness): Promise<{ ws: Workspace; key: string }> {
  const ws = await h.workspace('Moving out');
  const key = (await h.key(ws)).secret;
  await call(h, key, 'POST', 'custom-fields', {
    family: 'servers',
    name: 'rack_unit',
    type: 'integer',
    filterable: true,
  });
  await call(h, key, 'POST', 'custom-fields', {
    family: 'applications',
    name: 'cost_centre',
    type: 'select',
    choices: ['4711', '4712'],
  });
  await call(h, key, 'POST', 'custom-fields', { family: 'users', name: 'badge', type: 'integer' });
  // References to a family that comes later in the archive, to its own family, and to people.
  for (const [name, type, referenceFamily] of [
    ['support_contract', 'reference', 'contracts'],
    ['peers', 'multireference', 'servers'],
    ['steward', 'reference', 'users'],
  ])
    await call(h, key, 'POST', 'custom-fields', { family: 'servers', name, type, referenceFamily });
  const pat = await call(h, key, 'POST', 'users', {
    name: 'Pat Person',
    email: 'pat@acme.test',
    department: 'Ops',
    customFields: { badge: 42 },
  });
  const kim = await call(h, key, 'POST', 'users', { name: 'Kim Noemail' });
  const member = await addMember(
    h.database,
    serviceFamilies,
    { workspaceId: ws.id, email: `member-${ws.id}@acme.test`, name: 'Mo Member', role: 'read' },
    CLI_ACTOR,
  );
  await call(h, key, 'POST', 'tags', { name: 'pci', colour: '#aa0000' });
  await call(h, key, 'POST', 'tags', { name: 'Gold', colour: '#d4af37', description: 'top tier' });
  const software = await call(h, key, 'POST', 'categories', { name: 'Software' });
  const crm = await call(h, key, 'POST', 'categories', { name: 'CRM', parentId: software!.id });
  const platform = await call(h, key, 'POST', 'teams', { name: 'Platform' });
  const sre = await call(h, key, 'POST', 'teams', { name: 'SRE', parentId: platform!.id });
  await call(h, key, 'PUT', `teams/${sre!.id}/members/${pat!.id}`);
  await call(h, key, 'PUT', `teams/${sre!.id}/members/${member.userId}`);
  const app = await call(h, key, 'POST', 'applications', {
    name: 'Salesforce',
    categoryId: crm!.id,
    customFields: { cost_centre: '4711' },
  });
  const other = await call(h, key, 'POST', 'applications', { name: 'Billing' });
  for (const owner of [pat!.id, ws.admin.userId]) await call(h, key, 'PUT', `applications/${app!.id}/owners/${owner}`);
  await call(h, key, 'PUT', `applications/${app!.id}/teams/${sre!.id}`);
  const tags = (await listOf(h, key, 'tags')).map((tag) => tag.id);
  await call(h, key, 'PUT', `applications/${app!.id}/tags/${tags[0]}`);
  await call(h, key, 'POST', `applications/${app!.id}/comments`, { body: 'Renewal in <b>May</b>' });
  const web = await call(h, key, 'POST', 'servers', { name: 'web-1', customFields: { rack_unit: 12 } });
  await call(h, key, 'PUT', `servers/${web!.id}/owners/${kim!.id}`);
  await call(h, key, 'PUT', `servers/${web!.id}/tags/${tags[1]}`);
  await call(h, key, 'PUT', `servers/${web!.id}/applications/${app!.id}`);
  const network = await call(h, key, 'POST', 'networks', { name: 'dmz', cidr: '10.0.0.0/24' });
  const router = await call(h, key, 'POST', 'routers', { name: 'edge-1' });
  await call(h, key, 'PUT', `routers/${router!.id}/networks/${network!.id}`);
  await call(h, key, 'POST', 'workstations', { name: 'lt-1', assignedUserId: pat!.id });
  const data = await call(h, key, 'POST', 'data', { name: 'Customers', applicationIds: [app!.id] });
  const contract = await call(h, key, 'POST', 'contracts', {
    name: 'SF licence',
    vendor: 'Salesforce',
    startDate: '2026-01-01',
    applicationIds: [app!.id],
  });
  const spare = await call(h, key, 'POST', 'servers', { name: 'web-2' });
  await call(h, key, 'PATCH', `servers/${web!.id}`, {
    customFields: { support_contract: contract!.id, peers: [spare!.id], steward: pat!.id },
  });
  await call(h, key, 'POST', 'flows', {
    name: 'sync',
    sourceApplicationId: app!.id,
    targetApplicationId: other!.id,
    dataObjectIds: [data!.id],
  });
  await call(h, key, 'POST', 'announcements', { title: 'Freeze', body: 'No changes', severity: 'info' });
  // An agent's host: reported, so automatic.
  const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'collector' });
  const reported = await h.call('POST', '/agent/v1/report', {
    headers: { authorization: `Bearer ${agent.token}` },
    body: {
      host: { hostname: 'db-1', kind: 'server', os: 'Debian GNU/Linux', ipAddresses: ['10.0.0.9'] },
      software: [],
    },
  });
  assert.ok(reported.statusCode < 300, reported.body);
  return { ws, key };
}

/** An item as it should read in the other workspace: people by name, moving fields left out. */
function comparable(item: Item, names: Map<string, string>): Record<string, unknown> {
  const person = (id: unknown) => (typeof id === 'string' ? (names.get(id) ?? id) : id);
  return Object.fromEntries(
    Object.entries(item)
      .filter(([key]) => !MOVING.has(key))
      .map(([key, value]) => [
        key,
        key === 'assignedUserId'
          ? person(value)
          : key === 'customFields'
            ? Object.fromEntries(Object.entries(value as object).map(([name, one]) => [name, person(one)]))
            : value,
      ]),
  );
}

async function peopleNames(h: Harness, key: string): Promise<Map<string, string>> {
  return new Map((await listOf(h, key, 'users')).map((user) => [user.id, String(user.name)]));
}

describeEachDatabase('workspace archives', (h) => {
  it('export --all, then import --all into an empty workspace: every list and item answers the same', async () => {
    const { ws, key } = await filled(h);
    const dir = temporaryDirectory('archive');
    const file = join(dir, 'ws.jsonl');
    const exported = await estate(h.url, ['export', '--workspace', ws.id, '--all', '--output', file]);
    assert.equal(exported.code, 0, exported.stderr);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    assert.match(lines[0]!, /"archive":"estate-workspace-archive"/);
    assert.ok(!readFileSync(file, 'utf8').includes('token'), 'no secret in the archive');

    const target = await h.workspace('Moving in');
    const targetKey = (await h.key(target)).secret;
    const dry = await estate(h.url, ['import', '--workspace', target.id, '--all', file, '--dry-run', '--json']);
    assert.equal(dry.code, 0, dry.stderr);
    const dryReport = JSON.parse(dry.stdout) as { dryRun: boolean; sections: Record<string, number> };
    assert.equal(dryReport.dryRun, true);
    assert.equal(dryReport.sections.servers, 3);
    assert.deepEqual(await listOf(h, targetKey, 'servers'), [], 'a dry run writes nothing');

    const imported = await estate(h.url, ['import', '--workspace', target.id, '--all', file]);
    assert.equal(imported.code, 0, imported.stderr);
    assert.match(imported.stdout, /imported the archive: 6 fields, 4 people, 2 tags, 1 agents, 2 categories/);

    const [before, after] = [await peopleNames(h, key), await peopleNames(h, targetKey)];
    for (const path of FAMILY_PATHS) {
      const [source, copy] = [await listOf(h, key, path), await listOf(h, targetKey, path)];
      assert.deepEqual(
        copy.map((item) => comparable(item, after)),
        source.map((item) => comparable(item, before)),
        path,
      );
    }
    const app = (await listOf(h, key, 'applications')).find((item) => item.name === 'Salesforce')!;
    const server = (await listOf(h, key, 'servers')).find((item) => item.name === 'web-1')!;
    const linked = async (k: string, path: string, names: Map<string, string>) =>
      (await listOf(h, k, path)).map((item) => names.get(item.id) ?? item.name).sort();
    for (const path of [
      `applications/${app.id}/owners`,
      `applications/${app.id}/teams`,
      `applications/${app.id}/tags`,
      `servers/${server.id}/owners`,
      `servers/${server.id}/tags`,
      `servers/${server.id}/applications`,
    ])
      assert.deepEqual(await linked(targetKey, path, after), await linked(key, path, before), path);
    const comments = await listOf(h, targetKey, `applications/${app.id}/comments`);
    assert.deepEqual(
      comments.map((comment) => comment.body),
      ['Renewal in <b>May</b>'],
    );
    const tags = (await listOf(h, targetKey, 'tags')).map((tag) => [tag.name, tag.colour, tag.description]);
    assert.deepEqual(tags.sort(), [
      ['Gold', '#d4af37', 'top tier'],
      ['pci', '#aa0000', null],
    ]);
    // People come as people without an account; members of the first workspace do not become members.
    const people = await listOf(h, targetKey, 'users');
    assert.deepEqual(
      people
        .filter((person) => person.member === false)
        .map((person) => [person.name, person.department, (person.customFields as { badge: unknown }).badge])
        .sort(),
      [
        ['Ada Admin', null, null],
        ['Kim Noemail', null, null],
        ['Mo Member', null, null],
        ['Pat Person', 'Ops', 42],
      ]
        .map(([name, ...rest]) => [name === 'Ada Admin' ? ws.admin.name : name, ...rest])
        .sort(),
    );
    const members = await listOf(h, targetKey, 'members');
    assert.equal(members.length, 1, 'only the workspace’s own admin is a member');
    // The agent is there, revoked; its host is still its automatic host.
    const agents = await listOf(h, targetKey, 'agents');
    assert.equal(agents.length, 1);
    assert.ok(agents[0]!.revokedAt, 'agents come back revoked');
    const db1 = (await listOf(h, targetKey, 'servers')).find((item) => item.name === 'db-1')!;
    assert.equal(db1.automatic, true);
    assert.equal(db1.agentId, agents[0]!.id);
    // Filters and totals work on what was imported: a custom field, a link.
    const racked = await h.call('GET', '/public/v1/servers', { key: targetKey, query: { cf_rack_unit: '12' } });
    assert.deepEqual(
      (racked.json() as { data: Item[] }).data.map((item) => item.name),
      ['web-1'],
    );

    // The two workspaces share ids, not items: a change in one leaves the other as it was.
    await call(h, targetKey, 'PATCH', `servers/${server.id}`, { name: 'web-1-moved' });
    assert.equal((await call(h, key, 'GET', `servers/${server.id}`))!.name, 'web-1');

    const again = await estate(h.url, ['import', '--workspace', target.id, '--all', file]);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /fills an empty workspace; this one has/);
  });

  it('a broken or hostile archive is refused whole, naming the section and row, and writes nothing', async () => {
    const { ws } = await filled(h);
    const dir = temporaryDirectory('archive');
    const file = join(dir, 'ws.jsonl');
    assert.equal((await estate(h.url, ['export', '--workspace', ws.id, '--all', '--output', file])).code, 0);
    const good = readFileSync(file, 'utf8').trim().split('\n');
    const cases: [string, string[], RegExp][] = [
      ['not an archive', ['{"name":"web-1"}'], /not an Estate workspace archive/],
      ['a newer version', [good[0]!.replace('"version":1', '"version":9')], /archive version 9/],
      ['an unknown section', [...good, '{"section":"secrets","item":{}}'], /a line is \{"section"/],
      ['not JSON', [...good.slice(0, 3), '{oops'], /line 4 of the archive/],
      [
        'a server the schema refuses',
        good.map((line) => (line.includes('"section":"servers"') ? line.replace('"name":"web-1"', '"name":""') : line)),
        /servers row \d+ name/,
      ],
      [
        'a comment on an application the archive does not have',
        good.map((line) =>
          line.includes('"section":"comments"')
            ? line.replace(/"applicationId":"[^"]+"/, '"applicationId":"00000000-0000-7000-8000-000000000001"')
            : line,
        ),
        /comments row 1: applicationId names no application/,
      ],
      [
        'a host given to an agent the archive does not have',
        good.map((line) =>
          line.includes('"section":"hosts"')
            ? line.replace(/"agentId":"[^"]+"/, '"agentId":"00000000-0000-7000-8000-000000000002"')
            : line,
        ),
        /hosts row 1: agentId names no agent/,
      ],
      [
        'a reference field naming a contract the archive does not have',
        good.map((line) =>
          line.includes('"section":"servers"')
            ? line.replace(/"support_contract":"[^"]+"/, '"support_contract":"00000000-0000-7000-8000-000000000003"')
            : line,
        ),
        /servers row \d+: customFields\.support_contract names an item that is not one of this workspace's contracts/,
      ],
      [
        'a comment twice',
        [...good, ...good.filter((line) => line.includes('"section":"comments"'))],
        /comments row 2: the archive names this comment twice/,
      ],
    ];
    for (const [label, lines, message] of cases) {
      const target = await h.workspace(label);
      const targetKey = (await h.key(target)).secret;
      const broken = join(dir, 'broken.jsonl');
      writeFileSync(broken, `${lines.join('\n')}\n`);
      const run = await estate(h.url, ['import', '--workspace', target.id, '--all', broken]);
      assert.equal(run.code, 1, `${label}: ${run.stdout}`);
      assert.match(`${run.stdout}${run.stderr}`, message, label);
      for (const path of ['servers', 'applications', 'tags', 'custom-fields', 'agents'])
        assert.deepEqual(await listOf(h, targetKey, path), [], `${label}: nothing written (${path})`);
      const people = await listOf(h, targetKey, 'users');
      assert.equal(people.length, 1, `${label}: only the admin`);
    }
    // None of it touched the workspace the archive came from.
    const sourceKey = (await h.key(ws)).secret;
    assert.equal((await listOf(h, sourceKey, 'servers')).length, 3);
  });

  it("the console's Move a workspace: admins download and fill their own workspace, nobody else's", async () => {
    const { ws, key } = await filled(h);
    const admin = await signIn(h, (await personIn(h, ws, 'admin')).email);
    const reader = await signIn(h, (await personIn(h, ws, 'read')).email);
    assert.equal((await reader.call('GET', '/ui/api/archive')).statusCode, 403);
    const download = await admin.call('GET', '/ui/api/archive');
    assert.equal(download.statusCode, 200, download.body);
    assert.match(String(download.headers['content-disposition']), /attachment; filename="estate-.*\.jsonl"/);
    const archive = download.body;
    const servers = await listOf(h, key, 'servers');
    for (const server of servers) assert.ok(archive.includes(server.id), 'every server is in it');

    const target = await h.workspace('Console target');
    const targetKey = (await h.key(target)).secret;
    const targetAdmin = await signIn(h, (await personIn(h, target, 'admin')).email);
    const targetReader = await signIn(h, (await personIn(h, target, 'read')).email);
    const headers = { 'content-type': 'application/x-ndjson' };
    const refused = await targetReader.call('POST', '/ui/api/archive', archive, headers);
    assert.equal(refused.statusCode, 403);
    const dry = await targetAdmin.call('POST', '/ui/api/archive?dryRun=true&file=ws.jsonl', archive, headers);
    assert.equal(dry.statusCode, 200, dry.body);
    assert.equal((dry.json() as { dryRun: boolean }).dryRun, true);
    assert.deepEqual(await listOf(h, targetKey, 'servers'), []);
    const done = await targetAdmin.call('POST', '/ui/api/archive?file=ws.jsonl', archive, headers);
    assert.equal(done.statusCode, 200, done.body);
    assert.deepEqual((done.json() as { errors: unknown[] }).errors, []);
    assert.deepEqual(
      (await listOf(h, targetKey, 'servers')).map((server) => server.name).sort(),
      servers.map((server) => server.name).sort(),
    );
    // The archive goes only into the session's own workspace, and only an empty one.
    const again = await admin.call('POST', '/ui/api/archive', archive, headers);
    assert.equal(again.statusCode, 422, again.body);
    assert.equal((await listOf(h, key, 'servers')).length, servers.length);
    const junk = await targetAdmin.call('POST', '/ui/api/archive', '{"name":"x"}\n', headers);
    assert.ok([400, 422].includes(junk.statusCode), junk.body);
  });
});
