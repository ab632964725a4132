/**
 * Enrolling a fleet agent in the console: the Agents page's "Reports many
 * hosts" box, the token shown once with the inventory agents' settings, the token accepted by
 * POST /inventory; who may enroll, and in which workspace.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { deflateSync } from 'node:zlib';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { EnrolledAgent } from '../../../src/features/accounts/console.schemas.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { browserMissing } from '../../support/browser.js';
import { personIn, signIn } from '../../support/console.js';
import { assertAccessible, consoleFor, screenshot } from '../../support/console-browser.js';
import { describeEachDatabase, type Harness, serviceFamilies } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';
import { installed } from '../../../src/base/paths.js';

const skip = browserMissing();
const FIXTURE = readFileSync(installed('test', 'fixtures', 'inventory', 'linux-server.json'));
const base64 = (text: string) => Buffer.from(text).toString('base64');

/** The agents of a workspace as the database holds them: name and fleet flag. */
async function agentsOf(h: Harness, workspaceId: string) {
  const rows = await h.database.db
    .selectFrom('agents')
    .select(['name', 'fleet'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  return rows
    .map((row) => ({ name: row.name, fleet: Number(row.fleet) === 1 }))
    .sort((x, y) => (x.name < y.name ? -1 : 1));
}

/** The servers of a workspace named by a search, through the public API. */
async function serversNamed(h: Harness, key: string, q: string) {
  const response = await h.call('GET', '/public/v1/servers', { key, query: { q } });
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { data: { hostname: string; agentId: string | null }[] }).data;
}

describeEachDatabase('console: enrolling a fleet agent', (h) => {
  const ui = consoleFor(h);

  it('an admin ticks "Reports many hosts", sees the token once with the GLPI Agent, FusionInventory and OCS lines, ' +
    'and that token inventories a server through POST /inventory', { skip }, async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const { page } = await ui.signedIn('admin', { workspace: ws });
    await page.getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('button', { name: 'Enroll agent' }).click();
    await page.getByLabel('Name').fill('Linux servers');
    const box = page.getByRole('checkbox', { name: 'Reports many hosts (GLPI Agent, FusionInventory, OCS Inventory)' });
    assert.match((await box.getAttribute('aria-describedby')) ?? '', /./, 'the box has its help text');
    await box.check();
    await assertAccessible(page, 'the enroll dialog with the fleet box');
    await page.getByRole('button', { name: 'Enroll', exact: true }).click();

    const token = await page.getByLabel('Agent token').inputValue();
    const url = `${ui.origin}/inventory`;
    assert.equal(await page.getByLabel('Inventory server address').inputValue(), url);
    assert.equal(
      await page.getByLabel('GLPI Agent').inputValue(),
      `glpi-agent --server ${url} --user fleet --password ${token}`,
    );
    assert.equal(
      await page.getByLabel('FusionInventory Agent').inputValue(),
      `fusioninventory-agent --server ${url} --user fleet --password ${token}`,
    );
    assert.equal(
      await page.getByLabel('OCS Inventory agent').inputValue(),
      `ocsinventory-agent --server=${url} --user=${base64('fleet')} --password=${base64(token)} ` +
        '--realm="Estate inventory"',
    );
    assert.equal(await page.getByLabel('Agent command').count(), 0, 'no estate agent run command for a fleet');
    await assertAccessible(page, 'the fleet agent dialog');
    await screenshot(page, 'console-enroll-fleet-agent');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('row').filter({ hasText: 'Linux servers' }).getByText('Never seen').waitFor();
    assert.deepEqual(await agentsOf(h, ws.id), [{ name: 'Linux servers', fleet: true }]);

    // The token as an agent sends it: zlib body, Basic with the token as password, after a 401 naming the realm.
    const challenge = await fetch(url, { method: 'POST', body: deflateSync(FIXTURE) });
    assert.equal(challenge.status, 401);
    assert.equal(challenge.headers.get('www-authenticate'), 'Basic realm="Estate inventory"');
    const sent = await fetch(url, {
      method: 'POST',
      body: deflateSync(FIXTURE),
      headers: {
        'content-type': 'application/x-compress-zlib',
        authorization: `Basic ${base64(`fleet:${token}`)}`,
      },
    });
    assert.equal(sent.status, 200, await sent.clone().text());
    const [server] = await serversNamed(h, key, 'db-07');
    assert.equal(server?.hostname, 'db-07');

    // A one-host agent keeps its command, as before.
    await page.getByRole('button', { name: 'Enroll agent' }).click();
    await page.getByLabel('Name').fill('web-01');
    await page.getByRole('button', { name: 'Enroll', exact: true }).click();
    const single = await page.getByLabel('Agent token').inputValue();
    assert.equal(
      await page.getByLabel('Agent command').inputValue(),
      `npx estate agent run --server ${ui.origin} --token ${single}`,
    );
    assert.equal(await page.getByLabel('GLPI Agent').count(), 0);
    assert.deepEqual(await agentsOf(h, ws.id), [
      { name: 'Linux servers', fleet: true },
      { name: 'web-01', fleet: false },
    ]);
  });

  it('POST /ui/api/agents: fleet true answers the inventory settings, no command; else the command', async () => {
    const ws = await h.workspace();
    const admin = await signIn(h, (await personIn(h, ws, 'admin')).email);
    const fleet = bodyOf(EnrolledAgent, await admin.call('POST', '/ui/api/agents', { name: 'Laptops', fleet: true }));
    assert.equal(fleet.fleet, true);
    assert.equal(fleet.command, undefined);
    assert.equal(fleet.inventory?.url, 'http://localhost:80/inventory');
    assert.ok(fleet.inventory?.ocsInventory.includes(`--password=${base64(fleet.token)} `));
    const single = bodyOf(EnrolledAgent, await admin.call('POST', '/ui/api/agents', { name: 'db-01', fleet: false }));
    assert.equal(single.fleet, false);
    assert.equal(single.inventory, undefined);
    assert.equal(single.command, `npx estate agent run --server http://localhost:80 --token ${single.token}`);
    const refused = await admin.call('POST', '/ui/api/agents', { name: 'x', fleet: 'yes' });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual(await agentsOf(h, ws.id), [
      { name: 'Laptops', fleet: true },
      { name: 'db-01', fleet: false },
    ]);
  });

  it('a read or write member cannot enroll a fleet agent (403), and nothing is enrolled', async () => {
    const ws = await h.workspace();
    for (const role of ['read', 'write'] as const) {
      const member = await signIn(h, (await personIn(h, ws, role)).email);
      const refused = await member.call('POST', '/ui/api/agents', { name: 'Laptops', fleet: true });
      assert.equal(refused.statusCode, 403, `${role}: ${refused.body}`);
    }
    assert.deepEqual(await agentsOf(h, ws.id), []);
  });

  it("an admin of workspace A cannot enroll a fleet agent in B, and A's fleet token reports into A only", async () => {
    const a = await h.workspace('A');
    const b = await h.workspace('B');
    const attacker = await personIn(h, a, 'admin', 'Attacker Admin');
    const client = await signIn(h, attacker.email);

    // Naming B in the body is refused before anything is done.
    const named = await client.call('POST', '/ui/api/agents', { name: 'Laptops', fleet: true, workspaceId: b.id });
    assert.equal(named.statusCode, 400, named.body);
    // Selecting B, where the attacker is no member, is refused.
    assert.notEqual((await client.call('PUT', '/ui/api/session/workspace', { workspaceId: b.id })).statusCode, 200);
    // A read member of B, B selected: not an admin there.
    await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: b.id, email: attacker.email, name: attacker.name, role: 'read' },
      CLI_ACTOR,
    );
    assert.equal((await client.call('PUT', '/ui/api/session/workspace', { workspaceId: b.id })).statusCode, 200);
    const asReader = await client.call('POST', '/ui/api/agents', { name: 'Laptops', fleet: true });
    assert.equal(asReader.statusCode, 403, asReader.body);
    assert.deepEqual(await agentsOf(h, b.id), []);

    // Back in A: the fleet agent is A's, and its inventories land in A.
    assert.equal((await client.call('PUT', '/ui/api/session/workspace', { workspaceId: a.id })).statusCode, 200);
    const enrolled = bodyOf(
      EnrolledAgent,
      await client.call('POST', '/ui/api/agents', { name: 'Laptops', fleet: true }),
    );
    const sent = await h.app.inject({
      method: 'POST',
      url: '/inventory',
      payload: FIXTURE,
      headers: { 'content-type': 'application/json', authorization: `Basic ${base64(`x:${enrolled.token}`)}` },
    });
    assert.equal(sent.statusCode, 200, sent.body);
    assert.deepEqual(await agentsOf(h, a.id), [{ name: 'Laptops', fleet: true }]);
    assert.deepEqual(await agentsOf(h, b.id), []);
    assert.equal((await serversNamed(h, (await h.key(a)).secret, 'db-07')).length, 1);
    assert.equal((await serversNamed(h, (await h.key(b)).secret, 'db-07')).length, 0);
  });
});
