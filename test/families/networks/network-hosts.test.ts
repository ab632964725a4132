import assert from 'node:assert/strict';
import { it } from 'node:test';
import ipaddr from 'ipaddr.js';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { enrollAgent } from '../../../src/features/agents/agents.service.js';
import { addressKey } from '../../../src/base/db/address-keys.js';
import { networkMappingDiagram } from '../../../src/features/diagrams/network-mapping.js';
import { networks as networkFamily } from '../../../src/families/networks/networks.module.js';
import { servers as serverFamily } from '../../../src/families/servers/servers.module.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { describeEachDatabase, type Harness } from '../../support/harness.js';
import { bodyOf, familyClient } from '../../support/typed.js';

/**
 * The placement rule as it was written before the address index: each address tested against every
 * network, the longest prefix winning, the first by id among networks of the same CIDR; an
 * IPv4-mapped IPv6 address counts as its IPv4 address. The API must keep answering it.
 */
function placedBefore(address: string, networks: readonly { id: string; cidr: string }[]): string | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return undefined;
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  let best: { id: string; prefix: number } | undefined;
  for (const network of [...networks].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const range = ipaddr.parseCIDR(network.cidr);
    if (range[0].kind() === parsed.kind() && parsed.match(range) && (!best || range[1] > best.prefix))
      best = { id: network.id, prefix: range[1] };
  }
  return best?.id;
}

const HostList = Type.Array(serverFamily.definition.schemas.item);

/** Every network's hosts and the network-mapping diagram's placements, against the rule above. */
async function checkPlacements(h: Harness, key: string, label: string) {
  const networks = (await familyClient(h, key, networkFamily).list({ limit: '200' })).data;
  const servers = (await familyClient(h, key, serverFamily).list({ limit: '200' })).data;
  const expected = new Map<string, string[]>(networks.map((network) => [network.id, []]));
  const placements = new Set<string>();
  for (const server of servers) {
    const placed = new Set(
      server.ipAddresses.map((address) => placedBefore(address, networks)).filter((id) => id !== undefined),
    );
    for (const id of placed) {
      expected.get(id)!.push(server.name);
      placements.add(`${server.id}->${id}`);
    }
  }
  for (const network of networks) {
    const response = await h.call('GET', `/public/v1/networks/${network.id}/hosts`, { key });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(
      bodyOf(HostList, response).map((server) => server.name),
      expected.get(network.id)!.sort(),
      `${label}: hosts of ${network.name} (${network.cidr})`,
    );
  }
  const diagram = bodyOf(
    networkMappingDiagram.body,
    await h.call('GET', '/public/v1/diagrams/network-mapping', { key, query: { limit: '2000' } }),
  );
  assert.deepEqual(
    new Set(diagram.edges.filter((edge) => edge.kind === 'host-network').map((edge) => edge.id)),
    placements,
    `${label}: network-mapping's host placements`,
  );
}

/** What server_addresses holds for the workspace, and what it should hold from the servers' lists. */
async function addressRows(h: Harness, workspaceId: string) {
  const stored = await h.database.db
    .selectFrom('server_addresses')
    .select(['server_id', 'address'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const servers = await h.database.db
    .selectFrom('servers')
    .select(['id', 'ip_addresses'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const expected = servers.flatMap((server) =>
    [...new Set((JSON.parse(server.ip_addresses) as string[]).map(addressKey).filter((key) => key !== undefined))].map(
      (key) => `${server.id} ${key}`,
    ),
  );
  return { stored: stored.map((row) => `${row.server_id} ${row.address}`).sort(), expected: expected.sort() };
}

describeEachDatabase('network hosts (address index)', (h) => {
  it(
    'GET /networks/{id}/hosts and network-mapping place IPv4 and IPv6 hosts as before (most specific network, ' +
      'IPv4-mapped as IPv4), after edits and deletes, never across workspaces',
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const networks = familyClient(h, key, networkFamily);
      const servers = familyClient(h, key, serverFamily);
      for (const [name, cidr] of [
        ['campus', '10.0.0.0/8'],
        ['site', '10.1.0.0/16'],
        ['rack', '10.1.2.0/24'],
        ['tiny', '10.1.2.128/25'],
        ['top', '0.0.0.0/0'],
        ['v6', '2001:db8::/32'],
        ['v6 lab', '2001:db8:1::/48'],
        ['v6 host', '2001:db8:1::5/128'],
        ['mapped', '::ffff:0:0/96'],
        ['twin a', '172.16.0.0/12'],
        ['twin b', '172.16.0.0/12'],
      ] as const) {
        await networks.create({ name, cidr });
      }
      const db1 = await servers.create({ name: 'db-1', ipAddresses: ['10.1.2.5', '10.1.2.200'] });
      const app1 = await servers.create({
        name: 'app-1',
        ipAddresses: ['10.9.9.9', '2001:db8:1::5', '::ffff:10.1.2.7'],
      });
      await servers.create({ name: 'edge', ipAddresses: ['10.1.255.255', '10.2.0.0', '192.0.2.1', 'fe80::1%eth0'] });
      await servers.create({ name: 'twin', ipAddresses: ['172.20.1.1', '2001:db8:2::1', '2001:db8:1::6'] });
      await servers.create({ name: 'bare' });

      // Another workspace's server at the same addresses, and networks of the same CIDRs.
      const other = await h.workspace('Other');
      const otherKey = (await h.key(other)).secret;
      await familyClient(h, otherKey, networkFamily).create({ name: 'rack', cidr: '10.1.2.0/24' });
      const foreign = await familyClient(h, otherKey, serverFamily).create({
        name: 'foreign',
        ipAddresses: ['10.1.2.5', '2001:db8:1::5'],
      });

      await checkPlacements(h, key, 'created');
      await checkPlacements(h, otherKey, 'other workspace');

      await servers.update(db1.id, { ipAddresses: ['2001:db8:1::9', '10.1.2.129'] });
      await servers.update(app1.id, { name: 'app-one' });
      await checkPlacements(h, key, 'after edits');
      assert.equal((await h.call('DELETE', `/public/v1/servers/${app1.id}`, { key })).statusCode, 204);
      await checkPlacements(h, key, 'after a delete');
      assert.equal(
        (await h.call('DELETE', `/public/v1/servers/${foreign.id}`, { key })).statusCode,
        404,
        "another workspace's server is not found",
      );
      await checkPlacements(h, otherKey, "other workspace, after the first one's changes");
    },
  );

  it(
    "server_addresses holds the keys of every server's addresses whoever writes them (API create and edit, " +
      "agent report, seed, SQL), loses a deleted server's, and is what /networks/{id}/hosts reads",
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const servers = familyClient(h, key, serverFamily);
      const rack = await familyClient(h, key, networkFamily).create({ name: 'rack', cidr: '10.1.2.0/24' });
      const db1 = await servers.create({ name: 'db-1', ipAddresses: ['10.1.2.5', '::ffff:10.1.2.5', '2001:DB8::1'] });
      const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'agent' });
      const report = (ipAddresses: string[]) =>
        h.call('POST', '/agent/v1/report', {
          headers: { authorization: `Bearer ${agent.token}` },
          body: { host: { hostname: 'reported', kind: 'server', ipAddresses }, software: [] },
        });
      assert.equal((await report(['10.1.2.9'])).statusCode, 200);
      let state = await addressRows(h, ws.id);
      assert.deepEqual(state.stored, state.expected, 'after creates');
      assert.equal(
        state.stored.filter((row) => row.startsWith(db1.id)).length,
        2,
        '10.1.2.5 and its IPv4-mapped form are one key',
      );

      await servers.update(db1.id, { ipAddresses: ['10.1.2.6'] });
      assert.equal((await report(['10.1.2.10', 'fe80::1%eth0'])).statusCode, 200);
      await h.database.db
        .updateTable('servers')
        .set({ ip_addresses: JSON.stringify(['10.1.2.77', 'not an address']) })
        .where('workspace_id', '=', ws.id)
        .where('name', '=', 'db-1')
        .execute();
      state = await addressRows(h, ws.id);
      assert.deepEqual(state.stored, state.expected, 'after edits, a report and a write in SQL');
      assert.ok(state.stored.includes(`${db1.id} 40a01024d`), 'the SQL write is indexed: 10.1.2.77');

      await seedWorkspace(h.database, { workspaceId: ws.id, size: 300, seed: 5 });
      state = await addressRows(h, ws.id);
      assert.equal(state.stored.length, state.expected.length);
      assert.deepEqual(state.stored, state.expected, 'after a seed (bulk load)');

      assert.equal((await h.call('DELETE', `/public/v1/servers/${db1.id}`, { key })).statusCode, 204);
      state = await addressRows(h, ws.id);
      assert.deepEqual(state.stored, state.expected, 'after a delete');
      assert.ok(!state.stored.some((row) => row.startsWith(db1.id)));

      // The hosts come from the index: a server whose rows are gone is not found by its list.
      const hostsOfRack = async () =>
        bodyOf(HostList, await h.call('GET', `/public/v1/networks/${rack.id}/hosts`, { key })).map(
          (server) => server.name,
        );
      assert.ok((await hostsOfRack()).includes('reported'));
      await h.database.db
        .deleteFrom('server_addresses')
        .where('workspace_id', '=', ws.id)
        .where('address', '=', addressKey('10.1.2.10')!)
        .execute();
      assert.ok(!(await hostsOfRack()).includes('reported'));
    },
  );

  it(
    "PostgreSQL's estate_address_key() " +
      'gives the keys address-keys.ts gives ' +
      '(none for what node:net isIP refuses)',
    async (t) => {
      if (h.dialect !== 'postgres') return t.skip('SQLite calls address-keys.ts itself');
      const samples = [
        '10.0.0.1',
        '255.255.255.255',
        '0.0.0.0',
        '010.0.0.1',
        '10.1',
        '10.0.0.1/24',
        '256.1.1.1',
        ' 10.0.0.1',
        '::',
        '::1',
        '2001:DB8::1',
        '2001:db8:0:0:0:0:0:1',
        '::ffff:10.0.0.1',
        '::FFFF:10.1.2.3',
        '::10.0.0.1',
        '64:ff9b::10.0.0.1',
        '1:2:3:4:5:6:7:8',
        '1:2:3:4:5:6:1.2.3.4',
        '1::2::3',
        'fe80::1%eth0',
        'fe80::1%eth-0.1',
        '10.0.0.1%eth0',
        '::ffff:0:0',
        'ffff::',
        'gggg::',
        '',
        'nope',
        '1:2:3:4:5:6:7::',
        '::2:3:4:5:6:7:8',
        '2001:db8::ffff:10.0.0.1',
      ];
      // And random addresses in each of their spellings: compressed, full, zero-padded, with a dotted IPv4 tail.
      let seed = 29;
      const byte = () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % 256;
      };
      for (let i = 0; i < 500; i++) {
        const bytes = Array.from({ length: 16 }, (_, at) =>
          at < 10 && i % 3 === 0 ? 0 : at < 12 && i % 5 === 0 ? 255 * (at >= 10 ? 1 : 0) : byte(),
        );
        const v6 = new ipaddr.IPv6(Array.from({ length: 8 }, (_, at) => bytes[2 * at]! * 256 + bytes[2 * at + 1]!));
        const tail = bytes.slice(12).join('.');
        samples.push(
          v6.toString(),
          v6.toNormalizedString(),
          v6.parts.map((part) => part.toString(16).padStart(4, '0')).join(':'),
          `${v6.toNormalizedString().split(':').slice(0, 6).join(':')}:${tail}`,
          tail,
          `::${tail}`,
        );
      }
      const { rows } = await sql<{
        sample: string;
        key: string | null;
      }>`SELECT sample, estate_address_key(sample) AS key FROM unnest(${samples}::text[]) AS sample`.execute(
        h.database.db,
      );
      for (const { sample, key } of rows) assert.equal(key ?? undefined, addressKey(sample), JSON.stringify(sample));
    },
  );
});
