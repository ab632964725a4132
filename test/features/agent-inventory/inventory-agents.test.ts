/**
 * POST /inventory: GLPI native JSON inventories, written from the published GLPI
 * inventory format and validated against its JSON schema, and the OCS/FusionInventory XML
 * protocol, recorded by fleet and one-host agents; authentication, limits and bad input; a fleet
 * reporting in parallel (two instances on PostgreSQL). The real agents: inventory-real-agents.test.ts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { deflateSync, gzipSync, inflateSync } from 'node:zlib';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { enrollAgent, revokeAgent } from '../../../src/features/agents/agents.service.js';
import { buildApp } from '../../../src/surfaces/server/app.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { openDatabase } from '../../../src/base/db/database.js';
import { redactSecrets } from '../../../src/base/logging.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { describeEachDatabase, type Harness, ONCE, serviceFamilies } from '../../support/harness.js';
import { installed } from '../../../src/base/paths.js';

const FIXTURES = installed('test', 'fixtures', 'inventory');
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8'));

const basic = (token: string, user = 'fleet') => `Basic ${Buffer.from(`${user}:${token}`).toString('base64')}`;

function poster(h: Harness, token: string) {
  return (body: unknown, options: { compress?: 'zlib' | 'gzip'; type?: string; authorization?: string } = {}) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const raw = Buffer.from(text);
    const payload = options.compress === 'zlib' ? deflateSync(raw) : options.compress === 'gzip' ? gzipSync(raw) : raw;
    return h.app.inject({
      method: 'POST',
      url: '/inventory',
      payload,
      headers: {
        'content-type': options.type ?? (options.compress ? 'application/x-compress-zlib' : 'application/json'),
        authorization: options.authorization ?? basic(token),
      },
    });
  };
}

/** A reply's body, inflated when it came compressed. */
const replyText = (response: { rawPayload: Buffer }) =>
  response.rawPayload[0] === 0x78 ? inflateSync(response.rawPayload).toString() : response.rawPayload.toString();

async function one(h: Harness, key: string, path: string, query: string) {
  const response = await h.call('GET', `/public/v1/${path}?${query}`, { key });
  assert.equal(response.statusCode, 200, response.body);
  const data = (response.json() as { data: Record<string, unknown>[] }).data;
  assert.equal(data.length, 1, `${path}?${query}: ${JSON.stringify(data)}`);
  return data[0]!;
}

async function setUp(h: Harness) {
  const ws = await h.workspace();
  const key = (await h.key(ws)).secret;
  const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'Laptops', fleet: true });
  return { ws, key, agent, post: poster(h, agent.token) };
}

it('the JSON fixtures are valid GLPI inventories (the published inventory.schema.json)', ONCE, () => {
  const ajv = new Ajv.default({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(join(FIXTURES, 'glpi-inventory.schema.json'), 'utf8')));
  for (const name of ['windows-laptop', 'macos-laptop', 'linux-server', 'cisco-switch', 'printer'])
    assert.ok(validate(fixture(name)), `${name}: ${JSON.stringify(validate.errors)}`);
});

describeEachDatabase(
  'POST /inventory',
  (h) => {
    it(
      'GLPI JSON: contact, then laptops, a server and a switch become workstations, a server and a router; ' +
        'a printer is skipped',
      async () => {
        const { ws, key, agent, post } = await setUp(h);
        const jane = await addMember(
          h.database,
          serviceFamilies,
          { workspaceId: ws.id, email: 'jdoe@corp.example.com', name: 'Jane Doe', role: 'read' },
          CLI_ACTOR,
        );

        const contact = await post({ action: 'contact', deviceid: 'LAPTOP-7QK2M1-2026', name: 'GLPI-Agent' });
        assert.equal(contact.statusCode, 200);
        const answer = JSON.parse(replyText(contact));
        assert.equal(answer.status, 'ok');
        assert.equal(answer.expiration, 24);
        assert.ok(answer.tasks.inventory);

        for (const [name, compress] of [
          ['windows-laptop', 'zlib'],
          ['macos-laptop', 'gzip'],
          ['linux-server', undefined],
          ['cisco-switch', 'zlib'],
          ['printer', undefined],
        ] as const) {
          const response = await post(fixture(name), { compress });
          assert.equal(response.statusCode, 200, `${name}: ${replyText(response)}`);
          assert.deepEqual(JSON.parse(replyText(response)), { status: 'ok', expiration: 24 });
          if (compress) assert.equal(response.headers['content-type'], 'application/x-compress-zlib');
        }

        const laptop = await one(h, key, 'workstations', 'q=LAPTOP-7QK2M1');
        assert.equal(laptop.os, 'Windows 11 Pro');
        assert.equal(laptop.osVersion, '23H2');
        assert.equal(laptop.manufacturer, 'Dell Inc.');
        assert.equal(laptop.model, 'Latitude 7440');
        assert.equal(laptop.serialNumber, '7QK2M13');
        assert.equal(laptop.cpuCores, 12);
        assert.equal(laptop.memoryMb, 16069);
        assert.equal(laptop.assignedUserId, jane.userId);
        assert.equal(laptop.automatic, true);
        assert.equal(laptop.agentId, agent.id);
        const mac = await one(h, key, 'workstations', 'q=MBP-Anna');
        assert.deepEqual([mac.os, mac.osVersion, mac.model, mac.cpuCores], ['macOS', '14.5', 'MacBookPro18,3', 10]);

        const server = await one(h, key, 'servers', 'q=db-07');
        assert.deepEqual(server.ipAddresses, ['10.1.9.27', '2001:db8:10:1::27']);
        assert.deepEqual(
          [server.os, server.osVersion, server.cpuCores, server.memoryMb, server.storageGb],
          ['Ubuntu', '22.04', 128, 257652, 7682],
        );
        assert.equal(server.serialNumber, 'CZ29150075');

        const router = await one(h, key, 'routers', 'q=core-sw-01');
        assert.deepEqual(
          [router.manufacturer, router.model, router.serialNumber, router.managementIp, router.osVersion],
          ['Cisco', 'Catalyst 9300-48P', 'FOC2418L0AB', '10.0.255.11', '17.9.4'],
        );
        const printers = await h.call('GET', '/public/v1/routers?q=NPIF2BE10', { key });
        assert.equal((printers.json() as { data: unknown[] }).data.length, 0, 'a printer is acknowledged, not stored');

        // Windows' uninstall names are normalised for catalog matching; each install is discovered software.
        const software = await h.call('GET', `/public/v1/discovered-applications?workstationId=${laptop.id}&limit=50`, {
          key,
        });
        const names = (software.json() as { data: { name: string }[] }).data.map((entry) => entry.name).sort();
        assert.deepEqual(names, [
          '7-Zip',
          'Microsoft Teams',
          'Microsoft Visual C++ 2015-2022 Redistributable',
          'Mozilla Firefox',
          'Zoom Workplace',
        ]);

        // Audited as the agent's reports: a create for each new host.
        const audit = await h.call('GET', `/public/v1/audit-log?actorId=${agent.id}&limit=50`, { key });
        const events = (audit.json() as { data: { action: string; resourceType: string }[] }).data;
        assert.deepEqual(events.map((event) => `${event.resourceType} ${event.action}`).sort(), [
          'router create',
          'server create',
          'workstation create',
          'workstation create',
        ]);
      },
    );

    it('a second run changes nothing but lastReportAt; software that disappeared is marked missing', async () => {
      const { key, post } = await setUp(h);
      const inventory = fixture('linux-server');
      assert.equal((await post(inventory)).statusCode, 200);
      const before = await one(h, key, 'servers', 'q=db-07');
      assert.equal((await post(inventory)).statusCode, 200);
      const after = await one(h, key, 'servers', 'q=db-07');
      const { lastReportAt: a, lastCheckTime: b, ...same } = before;
      const { lastReportAt: c, lastCheckTime: d, ...again } = after;
      assert.deepEqual(again, same);
      assert.ok(String(c) >= String(a) && String(d) >= String(b));

      inventory.content.softwares = inventory.content.softwares.slice(1);
      assert.equal((await post(inventory)).statusCode, 200);
      const gone = await h.call('GET', `/public/v1/discovered-applications?serverId=${after.id}&limit=10`, { key });
      const rows = (gone.json() as { data: { name: string; missingSince: string | null }[] }).data;
      assert.deepEqual(
        rows.filter((row) => row.missingSince !== null).map((row) => row.name),
        ['postgresql-16'],
      );
    });

    it('a reinstalled host (new device id) is found again by hardware UUID, else by serial number', async () => {
      const { key, post } = await setUp(h);
      const inventory = fixture('windows-laptop');
      assert.equal((await post(inventory)).statusCode, 200);
      const first = await one(h, key, 'workstations', 'q=LAPTOP-7QK2M1');
      inventory.deviceid = 'LAPTOP-7QK2M1-2026-12-01-10-00-00';
      assert.equal((await post(inventory)).statusCode, 200);
      delete inventory.content.hardware.uuid;
      inventory.deviceid = 'LAPTOP-7QK2M1-2027-01-01-10-00-00';
      inventory.content.hardware.name = 'LAPTOP-RENAMED';
      assert.equal((await post(inventory)).statusCode, 200);
      const all = await h.call('GET', '/public/v1/workstations?limit=10', { key });
      const hosts = (all.json() as { data: { id: string; hostname: string }[] }).data;
      assert.deepEqual(
        hosts.map((host) => [host.id, host.hostname]),
        [[first.id, 'LAPTOP-RENAMED']],
      );
    });

    it(
      'OCS/FusionInventory XML: PROLOG answers SEND (zlib), INVENTORY records the host, ' + 'XML errors in REPLY',
      async () => {
        const { key, post } = await setUp(h);
        const xml = (query: string, content = '') =>
          `<?xml version="1.0" encoding="UTF-8"?>\n<REQUEST>${content}<DEVICEID>ws-042-2026-11-26-10-00-00</DEVICEID>` +
          `<QUERY>${query}</QUERY></REQUEST>`;
        const prolog = await post(xml('PROLOG'), { compress: 'zlib', type: 'application/x-compress' });
        assert.equal(prolog.statusCode, 200);
        assert.equal(prolog.rawPayload[0], 0x78, 'the reply is zlib-compressed, as the agents read it');
        assert.equal(prolog.rawPayload[1], 0x9c, 'at the default level, as FusionInventory recognises it');
        assert.match(replyText(prolog), /<REPLY><PROLOG_FREQ>24<\/PROLOG_FREQ><RESPONSE>SEND<\/RESPONSE><\/REPLY>/);
        const content =
          '<CONTENT><HARDWARE><NAME>ws-042</NAME><OSNAME>Debian GNU/Linux 12</OSNAME><OSVERSION>12</OSVERSION>' +
          '<MEMORY>7934</MEMORY><UUID>0A1B2C3D-0000-1111-2222-333344445555</UUID></HARDWARE>' +
          '<BIOS><SMANUFACTURER>LENOVO</SMANUFACTURER><SMODEL>ThinkCentre M70q</SMODEL><SSN>MJ0ABCDE</SSN>' +
          '<TYPE>Desktop</TYPE></BIOS><CPUS><CORES>6</CORES><THREADS>12</THREADS></CPUS>' +
          '<NETWORKS><DESCRIPTION>eth0</DESCRIPTION><IPADDRESS>10.20.40.12</IPADDRESS></NETWORKS>' +
          '<SOFTWARES><NAME>firefox-esr</NAME><PUBLISHER>Debian</PUBLISHER><VERSION>115.11.0esr</VERSION></SOFTWARES>' +
          '</CONTENT>';
        const inventory = await post(xml('INVENTORY', content), { compress: 'zlib', type: 'application/x-compress' });
        assert.equal(inventory.statusCode, 200, replyText(inventory));
        assert.match(replyText(inventory), /<RESPONSE>NO_ACCOUNT_UPDATE<\/RESPONSE>/);
        const host = await one(h, key, 'workstations', 'q=ws-042');
        assert.deepEqual(
          [host.os, host.osVersion, host.model, host.cpuCores, host.memoryMb, host.serialNumber],
          ['Debian GNU/Linux', '12', 'ThinkCentre M70q', 12, 7934, 'MJ0ABCDE'],
        );

        const broken = await post('<?xml version="1.0"?><REQUEST><DEVICEID>x</REQUEST>', { compress: 'zlib' });
        assert.equal(broken.statusCode, 400);
        assert.match(replyText(broken), /<REPLY><ERROR>the XML document is not well-formed/);
        const entities = await post(
          '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>' +
            '<REQUEST><DEVICEID>&b;</DEVICEID><QUERY>PROLOG</QUERY></REQUEST>',
        );
        assert.equal(entities.statusCode, 400);
        assert.match(replyText(entities), /DTD or entities/);
        const unknown = await post(xml('DOWNLOAD'));
        assert.equal(unknown.statusCode, 422);
      },
    );

    it("OCS: a computer's name is kept as the inventory gives it; only the hostname follows host rules", async () => {
      const { key, post } = await setUp(h);
      const send = (name: string) =>
        post(
          '<?xml version="1.0" encoding="UTF-8"?>\n<REQUEST><CONTENT><HARDWARE>' +
            `<NAME>${name}</NAME><OSNAME>macOS</OSNAME></HARDWARE><BIOS><SMANUFACTURER>Apple Inc.</SMANUFACTURER>` +
            '<SMODEL>iMac21,1</SMODEL><SSN>C02F1234Q6W</SSN><TYPE>Desktop</TYPE></BIOS></CONTENT>' +
            '<DEVICEID>imac-marie-2026-11-26-10-00-00</DEVICEID><QUERY>INVENTORY</QUERY></REQUEST>',
          { compress: 'zlib', type: 'application/x-compress' },
        );
      const first = await send('iMac de Marie');
      assert.equal(first.statusCode, 200, replyText(first));
      const host = await one(h, key, 'workstations', 'q=imac');
      assert.deepEqual([host.name, host.hostname], ['iMac de Marie', 'iMac-de-Marie']);
      // Renamed on the Mac: the name follows as given, on the same host.
      assert.equal((await send('iMac de Marie (bureau)')).statusCode, 200);
      const renamed = await one(h, key, 'workstations', 'q=imac');
      assert.deepEqual(
        [renamed.id, renamed.name, renamed.hostname],
        [host.id, 'iMac de Marie (bureau)', 'iMac-de-Marie-(bureau)'],
      );
      const events = await h.call('GET', '/public/v1/audit-log', {
        key,
        query: { resourceId: String(host.id), limit: '5' },
      });
      const names = (events.json() as { data: { resourceName: string }[] }).data.map((event) => event.resourceName);
      assert.deepEqual(names, ['iMac de Marie (bureau)', 'iMac de Marie']);
      // Network equipment has a name, not a host name.
      const router = fixture('cisco-switch');
      router.content.network_device.name = 'Core switch 2';
      assert.equal((await post(router)).statusCode, 200);
      assert.equal((await one(h, key, 'routers', 'q=core switch')).name, 'Core switch 2');
    });

    it('asks for Basic credentials (401 with the realm) and accepts only an active agent token', async () => {
      const { ws, key, agent, post } = await setUp(h);
      const inventory = fixture('linux-server');
      for (const authorization of ['', 'Basic', basic('agt_live_wrong'), `Bearer ${key}`, basic(key)]) {
        const refused = await post(inventory, { authorization });
        assert.equal(refused.statusCode, 401, authorization);
        assert.equal(refused.headers['www-authenticate'], 'Basic realm="Estate inventory"');
        assert.equal(refused.body, '');
      }
      assert.equal((await post(inventory, { authorization: `Bearer ${agent.token}` })).statusCode, 200);
      assert.equal((await post(inventory, { authorization: basic(agent.token, 'anyone') })).statusCode, 200);
      // Revoked: every host of the fleet is refused; the hosts stay, automatic hosts of that agent.
      await revokeAgent(h.database, agent.id, CLI_ACTOR, ws.id);
      assert.equal((await post(inventory)).statusCode, 401);
      const host = await one(h, key, 'servers', 'q=db-07');
      assert.equal(host.automatic, true);
      assert.equal(host.agentId, agent.id);
    });

    it('a fleet agent of workspace A never reaches the hosts of workspace B, whatever ids it sends', async () => {
      const a = await setUp(h);
      const b = await setUp(h);
      const inventory = fixture('windows-laptop');
      assert.equal((await b.post(inventory)).statusCode, 200);
      const hostOfB = await one(h, b.key, 'workstations', 'q=LAPTOP-7QK2M1');
      // The same device id, hardware UUID and serial number, through A's token.
      inventory.content.hardware.name = 'ATTACKER';
      inventory.content.operatingsystem.full_name = 'Microsoft Windows 11 Home';
      assert.equal((await a.post(inventory)).statusCode, 200);
      assert.deepEqual(await one(h, b.key, 'workstations', 'q=LAPTOP-7QK2M1'), hostOfB);
      const hostOfA = await one(h, a.key, 'workstations', 'q=ATTACKER');
      assert.notEqual(hostOfA.id, hostOfB.id);
      assert.equal(hostOfA.agentId, a.agent.id);
    });

    it(
      'refuses bad input in the agent form, never a 500: bombs, large bodies, bad JSON, ' + 'unknown item types',
      async () => {
        const { post } = await setUp(h);
        // 100 MiB of zeros inflate from about 100 KB: refused before more than 64 MiB is held.
        const bomb = await h.app.inject({
          method: 'POST',
          url: '/inventory',
          payload: deflateSync(Buffer.alloc(100 * 1024 * 1024)),
          headers: { 'content-type': 'application/x-compress-zlib' },
        });
        assert.equal(bomb.statusCode, 401, 'credentials come first');
        const bombed = await post(Buffer.alloc(100 * 1024 * 1024).toString(), { compress: 'zlib' });
        assert.equal(bombed.statusCode, 413);
        const large = await post('x'.repeat(9 * 1024 * 1024));
        assert.equal(large.statusCode, 413);
        const json = await post('{"action": "inventory", "deviceid": ');
        assert.equal(json.statusCode, 400);
        assert.equal(JSON.parse(replyText(json)).status, 'error');
        const itemtype = await post({ ...fixture('linux-server'), itemtype: 'Satellite' });
        assert.equal(itemtype.statusCode, 422);
        assert.match(JSON.parse(replyText(itemtype)).message, /item type Satellite/);
        const noDevice = await post({ action: 'inventory', content: {} });
        assert.equal(noDevice.statusCode, 400);
        const empty = await post('');
        assert.equal(empty.statusCode, 400);
        const corrupt = await h.app.inject({
          method: 'POST',
          url: '/inventory',
          payload: Buffer.from([0x78, 0x9c, 1, 2, 3, 4]),
          headers: { 'content-type': 'application/x-compress', authorization: basic((await setUp(h)).agent.token) },
        });
        assert.equal(corrupt.statusCode, 400);
      },
    );

    it(
      'hostile documents are refused without holding the service: element floods, NUL, odd names, ' + 'deep nesting',
      async () => {
        const { post } = await setUp(h);
        // ~64 KiB compressed, millions of empty arrays or elements once inflated: refused before parsing.
        const arrays = await post(`{"deviceid":"x","content":{"x":[${'[],'.repeat(3_000_000)}[]]}}`, {
          compress: 'zlib',
        });
        assert.equal(arrays.statusCode, 413);
        assert.match(JSON.parse(replyText(arrays)).message, /more than 500000 elements/);
        const elements = await post(`<REQUEST>${'<a/>'.repeat(1_000_000)}</REQUEST>`, { compress: 'zlib' });
        assert.equal(elements.statusCode, 413);
        // Text the databases cannot keep as sent: 400 on both, never a 500 (PostgreSQL refuses NUL).
        const nul = fixture('linux-server');
        nul.content.hardware.name = 'db\u0000-07';
        const refusedNul = await post(nul);
        assert.equal(refusedNul.statusCode, 400);
        assert.match(JSON.parse(replyText(refusedNul)).message, /NUL/);
        const surrogate = fixture('linux-server');
        surrogate.content.softwares[0].name = 'pg\ud800';
        assert.equal((await post(surrogate)).statusCode, 400);
        // Names and shapes that are not an inventory's.
        assert.equal((await post({ action: { toString: 1 }, deviceid: 'd' })).statusCode, 400);
        assert.equal((await post({ action: 'x'.repeat(100_000), deviceid: 'd' })).body.length < 1000, true);
        const proto = await post(
          '<REQUEST><__proto__><DEVICEID>zz</DEVICEID></__proto__><QUERY>PROLOG</QUERY></REQUEST>',
        );
        assert.equal(proto.statusCode, 400);
        assert.equal(({} as Record<string, unknown>).zz, undefined);
        const deep = await post(`<REQUEST>${'<a>'.repeat(1000)}${'</a>'.repeat(1000)}<DEVICEID>d</DEVICEID></REQUEST>`);
        assert.equal(deep.statusCode, 400);
        const lateDoctype = await post(
          `<!--${'x'.repeat(5000)}--><!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/passwd">]>` +
            '<REQUEST><DEVICEID>&e;</DEVICEID><QUERY>PROLOG</QUERY></REQUEST>',
        );
        assert.equal(lateDoctype.statusCode, 400);
      },
    );

    it('a fleet is capped as a whole too: new device ids cannot make hosts without end', async () => {
      const { post } = await setUp(h);
      // The per-host cap is 3 here, the fleet's 100 times that; printers are acknowledged without a write.
      const printer = fixture('printer');
      let status = 200;
      let sent = 0;
      while (status === 200 && sent < 400) {
        status = (await post({ ...printer, deviceid: `printer-${sent}` })).statusCode;
        sent++;
      }
      assert.equal(status, 429);
      assert.equal(sent, 301);
    });

    it('logs never carry an agent token, even in a Basic header', () => {
      const token = 'agt_live_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
      const line = redactSecrets(`{"authorization":"${basic(token)}","other":"Bearer ${token}"}`);
      assert.doesNotMatch(line, /abcdefghijklmnop|YWdfbGl2|ZmxlZXQ6/);
    });

    it('a one-host agent reports its one computer here too; a fleet token is refused on /agent/v1/report', async () => {
      const { ws, key, agent } = await setUp(h);
      const single = await enrollAgent(h.database, { workspaceId: ws.id, name: 'db-07 agent' });
      const post = poster(h, single.token);
      assert.equal((await post(fixture('linux-server'))).statusCode, 200);
      const renamed = fixture('linux-server');
      renamed.deviceid = 'another-device';
      renamed.content.hardware.name = 'db-07b';
      assert.equal((await post(renamed)).statusCode, 200);
      const hosts = (await h.call('GET', `/public/v1/servers?agentId=${single.id}`, { key })).json() as {
        data: { hostname: string }[];
      };
      assert.deepEqual(
        hosts.data.map((host) => host.hostname),
        ['db-07b'],
        'one host per one-host agent',
      );
      assert.equal((await post(fixture('cisco-switch'))).statusCode, 422);
      const report = await h.call('POST', '/agent/v1/report', {
        headers: { authorization: `Bearer ${agent.token}` },
        body: { host: { hostname: 'x', kind: 'server' }, software: [] },
      });
      assert.equal(report.statusCode, 422);
    });

    it('caps reports per host for a fleet agent (429 with Retry-After), not per fleet', async () => {
      const { post } = await setUp(h);
      const inventory = fixture('macos-laptop');
      for (let i = 0; i < 3; i++) assert.equal((await post(inventory)).statusCode, 200);
      const capped = await post(inventory);
      assert.equal(capped.statusCode, 429);
      assert.ok(Number(capped.headers['retry-after']) >= 1);
      assert.equal((await post(fixture('linux-server'))).statusCode, 200, 'another host of the fleet reports on');
    });
  },
  { agentReportsPerMinute: 3 },
);

describeEachDatabase('POST /inventory: a fleet reporting in parallel', (h) => {
  // 1,000 hosts on PostgreSQL (two instances, the scale-out path); 200 on SQLite (one process writes).
  const hosts = h.dialect === 'postgres' ? 1000 : 200;
  it('a fleet through two instances loses nothing and makes one host each', { timeout: 300_000 }, async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'Fleet', fleet: true });
    // A second instance on the same database (on SQLite, the same process's handle).
    const secondDatabase = h.dialect === 'postgres' ? openDatabase(h.url) : undefined;
    const second = secondDatabase ? await buildApp({ database: secondDatabase, agentReportsPerMinute: 1000 }) : h.app;
    const template = fixture('linux-server');
    const inventoryOf = (index: number) => ({
      ...template,
      deviceid: `node-${index}-2026-11-26-00-00-00`,
      content: {
        ...template.content,
        hardware: { ...template.content.hardware, name: `node-${index}`, uuid: `uuid-${index}` },
        bios: { ...template.content.bios, ssn: `SN${index}` },
      },
    });
    let next = 0;
    const worker = async (app: typeof h.app) => {
      while (next < hosts) {
        const index = next++;
        // Every tenth host reports twice: the second must find the first's host.
        for (let run = 0; run < (index % 10 === 0 ? 2 : 1); run++) {
          const response = await app.inject({
            method: 'POST',
            url: '/inventory',
            payload: deflateSync(JSON.stringify(inventoryOf(index))),
            headers: { 'content-type': 'application/x-compress-zlib', authorization: basic(agent.token) },
          });
          assert.equal(response.statusCode, 200, replyText(response));
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: 16 }, (_, i) => worker(i % 2 === 0 ? h.app : second)));
    } finally {
      if (secondDatabase) {
        await second.close();
        await secondDatabase.close();
      }
    }
    const total = await h.call('GET', `/public/v1/servers?agentId=${agent.id}&limit=1`, { key });
    assert.equal((total.json() as { pagination: { total: number } }).pagination.total, hosts);
    const devices = await h.database.db
      .selectFrom('inventory_devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', ws.id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(devices.n), hosts);
  });
});
