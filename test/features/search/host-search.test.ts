/**
 * `q` finds hosts the way admins look for them (db/storage.ts, `searched`): servers and
 * workstations by hostname, IP address, OS, manufacturer, model, serial number and location,
 * applications by vendor and catalog entry, with totals that follow every change; the schema
 * indexes the rows written before it; the console's global search puts an exact match first.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { applications } from '../../../src/families/applications/applications.module.js';
import { GlobalSearchResults } from '../../../src/features/search/console.routes.js';
import { servers } from '../../../src/families/servers/servers.module.js';
import { workstations } from '../../../src/families/workstations/workstations.module.js';
import { personIn, signIn } from '../../support/console.js';
import { describeEachDatabase, type Harness, type Workspace } from '../../support/harness.js';
import { bodyOf, familyClient } from '../../support/typed.js';

/** The names of a list's page for `q`, and its total. */
async function found(
  list: (query: Record<string, string>) => Promise<{ data: { name: string }[]; pagination: { total: number } }>,
  q: string,
) {
  const page = await list({ q, limit: '50' });
  return { names: page.data.map((item) => item.name).sort(), total: page.pagination.total };
}

async function consoleSearch(h: Harness, workspace: Workspace, q: string) {
  const person = await personIn(h, workspace, 'read', 'Rita Reader');
  const client = await signIn(h, person.email);
  const response = await client.call('GET', `/ui/api/search?q=${encodeURIComponent(q)}`);
  assert.equal(response.statusCode, 200, response.body);
  return bodyOf(GlobalSearchResults, response).groups;
}

describeEachDatabase('host search', (h) => {
  it('q on servers finds by IP, hostname, OS, manufacturer, model, serial number and location', async () => {
    const key = await h.key(await h.workspace());
    const client = familyClient(h, key.secret, servers);
    await client.create({
      name: 'erp-db',
      hostname: 'srv-lon-017',
      ipAddresses: ['10.20.30.40'],
      os: 'Ubuntu',
      osVersion: '22.04',
      manufacturer: 'Dell Inc.',
      model: 'PowerEdge R650',
      serialNumber: 'SN-7XK42Q',
      location: 'LON2',
    });
    await client.create({ name: 'other', hostname: 'other-host', os: 'Debian GNU/Linux', location: 'PAR1' });
    for (const q of ['10.20.30.40', 'srv-lon', 'ubuntu', 'dell', 'poweredge r650', 'sn-7xk42q', 'LON2', 'lon2']) {
      assert.deepEqual(await found(client.list, q), { names: ['erp-db'], total: 1 }, q);
    }
    assert.deepEqual(await found(client.list, 'linux'), { names: ['other'], total: 1 });
  });

  it('q on workstations finds by hostname, OS, manufacturer, model, serial number and location', async () => {
    const key = await h.key(await h.workspace());
    const client = familyClient(h, key.secret, workstations);
    await client.create({
      name: 'LT-0042',
      hostname: 'ada-laptop',
      os: 'Windows 11',
      manufacturer: 'Lenovo',
      model: 'ThinkPad T14',
      serialNumber: 'PF3ABCD9',
      location: 'Berlin HQ',
    });
    await client.create({ name: 'LT-0043', os: 'macOS', manufacturer: 'Apple', location: 'Paris' });
    for (const q of ['ada-lap', 'windows', 'lenovo', 'thinkpad', 'pf3abcd9', 'berlin']) {
      assert.deepEqual(await found(client.list, q), { names: ['LT-0042'], total: 1 }, q);
    }
  });

  it('q on applications finds by vendor and by catalog entry', async () => {
    const key = await h.key(await h.workspace());
    const client = familyClient(h, key.secret, applications);
    await client.create({ name: 'CRM', vendor: 'Salesforce', catalogEntryId: 'salesforce-sales-cloud' });
    await client.create({ name: 'Intranet', catalogEntryId: 'microsoft-sharepoint' });
    assert.deepEqual(await found(client.list, 'salesforce'), { names: ['CRM'], total: 1 });
    assert.deepEqual(await found(client.list, 'sharepoint'), { names: ['Intranet'], total: 1 });
    assert.deepEqual(await found(client.list, 'sales-cloud'), { names: ['CRM'], total: 1 });
  });

  it('totals with q follow a change of a newly searched column (the search version moves)', async () => {
    const key = await h.key(await h.workspace());
    const client = familyClient(h, key.secret, servers);
    const made = [];
    for (const name of ['a', 'b', 'c']) made.push(await client.create({ name, manufacturer: 'Dell Inc.' }));
    const first = await client.list({ q: 'dell', limit: '1' });
    assert.equal(first.pagination.total, 3);
    assert.equal(first.data.length, 1);
    await client.update(made[0]!.id, { manufacturer: 'HPE' });
    assert.equal((await client.list({ q: 'dell', limit: '1' })).pagination.total, 2);
    assert.equal((await client.list({ q: 'hpe' })).pagination.total, 1);
    await client.update(made[1]!.id, { serialNumber: 'DELL-SERIAL' });
    assert.equal((await client.list({ q: 'dell' })).pagination.total, 2, 'still two: b matches twice, c once');
  });

  it('the global search puts the exact IP first among 13 hosts matching 10.1.9.2, then exact names', async () => {
    const workspace = await h.workspace();
    const key = await h.key(workspace);
    const client = familyClient(h, key.secret, servers);
    // host-00 … host-12 at 10.1.9.20 … 10.1.9.29, 10.1.9.200, 10.1.9.201; host-11, 12th by name, at 10.1.9.2.
    const others = [...Array.from({ length: 10 }, (_, i) => `10.1.9.${20 + i}`), '10.1.9.200', '10.1.9.201'];
    for (let i = 0; i < 13; i += 1) {
      const address = i === 11 ? '10.1.9.2' : others[i > 11 ? i - 1 : i];
      await client.create({
        name: `host-${String(i).padStart(2, '0')}`,
        hostname: `h${i}.example.test`,
        ipAddresses: [address],
        serialNumber: `SER-${1000 + i}`,
      });
    }
    const list = await client.list({ q: '10.1.9.2', limit: '5' });
    assert.equal(list.pagination.total, 13);
    assert.ok(!list.data.some((item) => item.name === 'host-11'), 'the plain list sorts it out of the first page');

    const byIp = (await consoleSearch(h, workspace, '10.1.9.2')).find((group) => group.family === 'servers')!;
    assert.equal(byIp.total, 13);
    assert.equal(byIp.items.length, 5);
    assert.deepEqual(byIp.items[0], {
      id: byIp.items[0]!.id,
      name: 'host-11',
      detail: 'h11.example.test · 10.1.9.2',
      exact: true,
    });
    assert.deepEqual(
      byIp.items.slice(1).map((item) => item.exact),
      [false, false, false, false],
    );

    // An exact name, hostname or serial number, in any case, comes first too.
    for (const [q, name] of [
      ['HOST-07', 'host-07'],
      ['h9.example.test', 'host-09'],
      ['ser-1012', 'host-12'],
    ] as const) {
      const group = (await consoleSearch(h, workspace, q)).find((candidate) => candidate.family === 'servers')!;
      assert.equal(group.items[0]?.name, name, q);
      assert.equal(group.items[0]?.exact, true, q);
    }
  });

  it("a search in workspace A never returns B's rows, in the lists or in the global search", async () => {
    const a = await h.workspace('A');
    const b = await h.workspace('B');
    const inA = familyClient(h, (await h.key(a)).secret, servers);
    const inB = familyClient(h, (await h.key(b)).secret, servers);
    const body = { ipAddresses: ['10.1.9.2'], manufacturer: 'Dell Inc.', serialNumber: 'SAME-1', location: 'LON2' };
    await inA.create({ name: 'a-host', ...body });
    await inB.create({ name: 'b-host', ...body });
    await inB.create({ name: 'b-other', ...body, ipAddresses: ['10.1.9.20'] });
    for (const q of ['10.1.9.2', 'dell', 'same-1', 'lon2']) {
      assert.deepEqual(await found(inA.list, q), { names: ['a-host'], total: 1 }, q);
    }
    const groups = await consoleSearch(h, a, '10.1.9.2');
    assert.deepEqual(
      groups.flatMap((group) => group.items.map((item) => item.name)),
      ['a-host'],
    );
    assert.equal(groups.find((group) => group.family === 'servers')?.total, 1);
  });

  it('the global search covers only the families the role may read, and refuses no session', async () => {
    const workspace = await h.workspace();
    const person = await personIn(h, workspace, 'read');
    const client = await signIn(h, person.email);
    const response = await client.call('GET', '/ui/api/search?q=x');
    const families = bodyOf(GlobalSearchResults, response).groups.map((group) => group.family);
    assert.ok(families.includes('servers') && families.includes('users'), families.join());
    assert.equal((await h.app.inject({ method: 'GET', url: '/ui/api/search?q=x' })).statusCode, 401);
    assert.equal((await client.call('GET', '/ui/api/search')).statusCode, 400);
  });
});
