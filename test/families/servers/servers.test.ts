import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { it } from 'node:test';
import { describeEachDatabase } from '../../support/harness.js';
import { Type } from 'typebox';
import { Application } from '../../../src/families/applications/applications.schemas.js';
import { Server, servers } from '../../../src/families/servers/servers.module.js';
import { ErrorBody } from '../../../src/base/http/errors.js';
import { Tag } from '../../../src/families/tags/tags.schemas.js';
import { User } from '../../../src/families/people/users.module.js';
import { bodyOf } from '../../support/typed.js';
import { addressKey } from '../../../src/base/db/address-keys.js';
import { SUSPEND_FROM_ROWS } from '../../../src/base/db/bulk.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';

describeEachDatabase('servers', (h) => {
  it('a manual server: create, lastCheckTime is its last creation or edit, filters, search by IP', async () => {
    const key = await h.key(await h.workspace());
    const created = await h.call('POST', '/public/v1/servers', {
      key: key.secret,
      body: {
        name: 'db-01',
        ipAddresses: ['10.0.0.5', 'fe80::1'],
        os: 'Debian GNU/Linux',
        osVersion: '12',
        cpuCores: 16,
        memoryMb: 65536,
        environment: 'staging',
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    const server = bodyOf(Server, created);
    assert.equal(server.hostname, 'db-01');
    assert.equal(server.automatic, false);
    assert.equal(server.lastCheckTime, server.createdAt);
    await new Promise((r) => setTimeout(r, 3));
    const edited = bodyOf(
      Server,
      await h.call('PATCH', `/public/v1/servers/${server.id}`, { key: key.secret, body: { location: 'DC2' } }),
    );
    assert.ok(edited.lastCheckTime > server.lastCheckTime);
    await h.call('POST', '/public/v1/servers', {
      key: key.secret,
      body: { name: 'web-01', ipAddresses: ['10.0.1.7'] },
    });
    const list = async (query: Record<string, string>) =>
      bodyOf(servers.list, await h.call('GET', '/public/v1/servers', { key: key.secret, query }));
    assert.deepEqual(
      (await list({ environment: 'staging' })).data.map((s) => s.name),
      ['db-01'],
    );
    assert.deepEqual(
      (await list({ q: '10.0.1.' })).data.map((s) => s.name),
      ['web-01'],
    );
    assert.deepEqual(
      (await list({ os: 'debian gnu/linux' })).data.map((s) => s.name),
      ['db-01'],
    );
    assert.equal((await list({ automatic: 'false' })).pagination.total, 2);
    assert.equal((await list({ automatic: 'true' })).pagination.total, 0);
    assert.deepEqual(
      (await list({ sort: '-lastCheckTime' })).data.map((s) => s.name),
      ['web-01', 'db-01'],
    );
    const bad = await h.call('POST', '/public/v1/servers', {
      key: key.secret,
      body: { name: 'x', ipAddresses: ['10.0.0.300'] },
    });
    assert.equal(bad.statusCode, 400);
    assert.match(bodyOf(ErrorBody, bad).message, /ipAddresses/);
    assert.equal(
      (await h.call('GET', '/public/v1/servers', { key: key.secret, query: { environment: 'prod' } })).statusCode,
      400,
    );
  });

  it('sorts by address in numeric order (IPv4 before IPv6, none first), written by any path', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const made: Record<string, string> = {};
    for (const [name, ipAddresses] of [
      ['ten', ['10.0.0.10', '1.1.1.1']],
      ['two', ['10.0.0.2']],
      ['nine', ['9.200.0.1']],
      ['six', ['fe80::1']],
      ['mapped', ['::ffff:10.0.0.3']],
      ['none', []],
    ] as const) {
      const created = await h.call('POST', '/public/v1/servers', { key, body: { name, ipAddresses } });
      assert.equal(created.statusCode, 201, created.body);
      made[name] = (created.json() as { id: string }).id;
    }
    const order = async (sort: string, workspaceKey = key) =>
      (
        (await h.call('GET', '/public/v1/servers', { key: workspaceKey, query: { sort, limit: '200' } })).json() as {
          data: { name: string; ipAddresses: string[] }[];
        }
      ).data;
    const names = async (sort: string) => (await order(sort)).map((server) => server.name);
    // The first address decides; an IPv4-mapped address counts as its IPv4 address.
    assert.deepEqual(await names('ipAddresses'), ['none', 'nine', 'two', 'mapped', 'ten', 'six']);
    assert.deepEqual(await names('-ipAddresses'), ['six', 'ten', 'mapped', 'two', 'nine', 'none']);
    // A change of addresses moves the server in that order.
    const moved = await h.call('PATCH', `/public/v1/servers/${made.six}`, { key, body: { ipAddresses: ['1.0.0.1'] } });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.deepEqual(await names('ipAddresses'), ['none', 'six', 'nine', 'two', 'mapped', 'ten']);

    // A list that is no JSON array (written behind the service's back) has no key, and is no error.
    await h.database.db
      .updateTable('servers')
      .set({ ip_addresses: '10.0.0.1, not json' })
      .where('id', '=', made.two!)
      .execute();
    const broken = await h.database.db
      .selectFrom('servers')
      .select(sql<string | null>`ip_key`.as('key'))
      .where('id', '=', made.two!)
      .executeTakeFirstOrThrow();
    assert.equal(broken.key, null);

    // Servers a bulk load wrote (the seed's, loaded without triggers, then caught up) are in the order
    // of their first address's key.
    const seeded = await h.workspace();
    await seedWorkspace(h.database, { workspaceId: seeded.id, size: SUSPEND_FROM_ROWS });
    const listed = await order('ipAddresses', (await h.key(seeded)).secret);
    const keys = listed.map((server) => (server.ipAddresses[0] && addressKey(server.ipAddresses[0])) ?? '');
    assert.equal(listed.length, 200);
    assert.deepEqual(keys, [...keys].sort(), 'in the order of their first address');
  });

  it('sorts by OS, manufacturer and serial number, no value first', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    for (const [name, os, serialNumber] of [
      ['ten', 'Ubuntu', 'C3'],
      ['two', 'Debian', 'A1'],
      ['nine', 'Windows Server', 'B2'],
      ['six', 'Debian', null],
      ['mapped', null, 'D4'],
      ['none', 'Alpine', 'E5'],
    ] as const) {
      const created = await h.call('POST', '/public/v1/servers', {
        key,
        body: { name, os, serialNumber, manufacturer: name === 'two' ? 'Dell' : null },
      });
      assert.equal(created.statusCode, 201, created.body);
    }
    const order = async (sort: string) =>
      (
        (await h.call('GET', '/public/v1/servers', { key, query: { sort, limit: '50' } })).json() as {
          data: { name: string }[];
        }
      ).data.map((server) => server.name);
    // Ties in creation order (the id); no value first ascending, last descending.
    assert.deepEqual(await order('os'), ['mapped', 'none', 'two', 'six', 'ten', 'nine']);
    assert.deepEqual(await order('-os'), ['nine', 'ten', 'six', 'two', 'none', 'mapped']);
    assert.deepEqual(await order('serialNumber'), ['six', 'two', 'nine', 'ten', 'mapped', 'none']);
    assert.deepEqual((await order('manufacturer'))[5], 'two');
  });

  it('on an automatic server, changing name, os or manufacturer → 422; other fields stay editable', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const server = bodyOf(
      Server,
      await h.call('POST', '/public/v1/servers', {
        key: key.secret,
        body: { name: 'agent-host', os: 'Ubuntu', manufacturer: 'HPE' },
      }),
    );
    await h.database.db.updateTable('servers').set({ automatic: 1 }).where('id', '=', server.id).execute();
    for (const body of [{ name: 'renamed' }, { os: 'Windows' }, { manufacturer: 'Dell' }, { manufacturer: null }]) {
      const res = await h.call('PATCH', `/public/v1/servers/${server.id}`, { key: key.secret, body });
      assert.equal(res.statusCode, 422, JSON.stringify(body));
      assert.equal(bodyOf(ErrorBody, res).code, 'unprocessable_entity');
    }
    const same = await h.call('PATCH', `/public/v1/servers/${server.id}`, {
      key: key.secret,
      body: { name: 'agent-host', location: 'Lab' },
    });
    assert.equal(same.statusCode, 200, 'sending the unchanged value is not a change');
    assert.equal(bodyOf(Server, same).location, 'Lab');
    assert.equal(
      (await h.call('DELETE', `/public/v1/servers/${server.id}`, { key: key.secret })).statusCode,
      204,
      'an automatic server may be deleted',
    );
  });

  it('links: owners, tags and applications; deleting a server removes its links', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const server = bodyOf(
      Server,
      await h.call('POST', '/public/v1/servers', { key: key.secret, body: { name: 'app-01' } }),
    );
    const app = bodyOf(
      Application,
      await h.call('POST', '/public/v1/applications', { key: key.secret, body: { name: 'Billing' } }),
    );
    const tag = bodyOf(Tag, await h.call('POST', '/public/v1/tags', { key: key.secret, body: { name: 'pci' } }));
    const linkedItem = { owners: User, tags: Tag, applications: Application };
    for (const [segment, id] of [
      ['owners', ws.admin.userId],
      ['tags', tag.id],
      ['applications', app.id],
    ] as const) {
      assert.equal(
        (await h.call('PUT', `/public/v1/servers/${server.id}/${segment}/${id}`, { key: key.secret })).statusCode,
        204,
      );
      assert.deepEqual(
        bodyOf(
          Type.Array(linkedItem[segment]),
          await h.call('GET', `/public/v1/servers/${server.id}/${segment}`, { key: key.secret }),
        ).map((x) => x.id),
        [id],
      );
    }
    assert.deepEqual(
      bodyOf(
        Type.Array(Server),
        await h.call('GET', `/public/v1/applications/${app.id}/servers`, { key: key.secret }),
      ).map((s) => s.id),
      [server.id],
    );
    assert.equal(
      bodyOf(
        servers.list,
        await h.call('GET', '/public/v1/servers', { key: key.secret, query: { applicationId: app.id } }),
      ).pagination.total,
      1,
    );
    assert.equal((await h.call('DELETE', `/public/v1/servers/${server.id}`, { key: key.secret })).statusCode, 204);
    assert.deepEqual(
      bodyOf(Type.Array(Server), await h.call('GET', `/public/v1/applications/${app.id}/servers`, { key: key.secret })),
      [],
    );
  });
});
