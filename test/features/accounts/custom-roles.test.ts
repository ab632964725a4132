/**
 * Custom roles whose reach is narrowed by the API's own list filters (docs/roles.md): defined and
 * checked (`estate role …`, GET /public/v1/roles), copied into keys (`--role`, frozen) and given to
 * members; then enforced as if the other items did not exist: lists and totals, reads by id, link
 * lists, writes that must stay inside, the response cache, and routes that cannot narrow yet
 * refusing restricted callers.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Type } from 'typebox';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import type { Restrictions } from '../../../src/base/access/restrictions.js';
import { createKey } from '../../../src/features/accounts/keys/keys.service.js';
import { createRole, deleteRole, updateRole } from '../../../src/features/accounts/roles/custom-roles.service.js';
import { Role } from '../../../src/features/accounts/roles/roles.schemas.js';
import { offsetListSchema } from '../../../src/base/lists/offset.js';
import { personIn, signIn } from '../../support/console.js';
import { estate as runEstate } from '../../support/cli.js';
import { describeEachDatabase, type Harness, type Workspace } from '../../support/harness.js';
import { bodyOf, errorOf, writer } from '../../support/typed.js';
import { openDatabase } from '../../../src/base/db/database.js';
import { buildApp } from '../../../src/surfaces/server/app.js';
import { SESSION_COOKIE } from '../../../src/features/accounts/sign-in/sessions.js';

const Listed = Type.Object({
  data: Type.Array(Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: true })),
  pagination: Type.Object({ limit: Type.Integer(), offset: Type.Integer(), total: Type.Integer() }),
});
const RoleList = offsetListSchema(Role, 'roles');

/** A workspace with staging and production servers, one staging server tagged, and an application on two of them. */
async function estate(h: Harness) {
  const ws = await h.workspace();
  const admin = await h.key(ws);
  const post = writer(h, admin.secret).post;
  const tag = await post('tags', { name: 'payments' });
  const team = await post('teams', { name: 'Payments team' });
  const stagingTagged = await post('servers', { name: 'stg-pay-1', environment: 'staging' });
  const staging = await post('servers', { name: 'stg-web-1', environment: 'staging' });
  const production = await post('servers', { name: 'prod-pay-1', environment: 'production' });
  await writer(h, admin.secret).put(`servers/${stagingTagged.id}/tags/${tag.id}`);
  await writer(h, admin.secret).put(`servers/${production.id}/tags/${tag.id}`);
  const app = await post('applications', { name: 'Ledger' });
  await writer(h, admin.secret).put(`applications/${app.id}/servers/${staging.id}`);
  await writer(h, admin.secret).put(`applications/${app.id}/servers/${production.id}`);
  return { ws, admin, tag, team, stagingTagged, staging, production, app };
}

const SERVER_SCOPES = ['infrastructure:read', 'infrastructure:add', 'infrastructure:edit', 'infrastructure:delete'];

/** A custom role and a key made from it. */
async function roleKey(h: Harness, ws: Workspace, restrictions: Restrictions, scopes = SERVER_SCOPES, name = 'stg') {
  const role = await createRole(h.database, h.registry, { workspaceId: ws.id, name, scopes, restrictions }, CLI_ACTOR);
  const key = await createKey(h.database, {
    workspaceId: ws.id,
    name: `${name} key`,
    role: name,
    asMemberId: ws.admin.id,
  });
  return { role, key };
}

async function names(h: Harness, key: string, path: string, query: Record<string, string> = {}) {
  const list = bodyOf(Listed, await h.call('GET', `/public/v1/${path}`, { key, query }));
  return { names: list.data.map((item) => item.name).sort(), total: list.pagination.total };
}

describeEachDatabase('custom roles: defined, listed and copied into keys', (h) => {
  it('estate role create --json answers the role; a wrong family, filter or value is refused naming it', async () => {
    const ws = await h.workspace();
    const created = await runEstate(h.url, [
      'role',
      'create',
      '--workspace',
      ws.id,
      '--name',
      'staging-ops',
      '--scopes',
      'infrastructure:read',
      '--restrict',
      'servers:environment=staging',
      '--json',
    ]);
    assert.equal(created.code, 0, created.stderr);
    const role = created.json() as Record<string, unknown>;
    assert.equal(role.name, 'staging-ops');
    assert.deepEqual(role.permissions, ['infrastructure:read']);
    assert.deepEqual(role.restrictions, { servers: { environment: ['staging'] } });
    assert.match(String(role.id), /^[0-9a-f-]{36}$/);

    for (const [restrict, named] of [
      ['gizmos:colour=red', /gizmos: no such family/],
      ['servers:colour=red', /servers:colour: servers have no such filter/],
      ['servers:environment=moon', /servers:environment=moon: not a value/],
      ['servers:q=web', /servers:q: not a filter/],
      ['servers:cf_cost_centre=4711', /cf_cost_centre/],
    ] as const) {
      const refused = await runEstate(h.url, [
        'role',
        'create',
        '--workspace',
        ws.id,
        '--name',
        'other',
        '--restrict',
        restrict,
      ]);
      assert.notEqual(refused.code, 0, restrict);
      assert.match(refused.stderr, named);
    }
    const again = await runEstate(h.url, ['role', 'create', '--workspace', ws.id, '--name', 'staging-ops']);
    assert.match(again.stderr, /already has a role named staging-ops/);
    const listed = await runEstate(h.url, ['role', 'list', '--workspace', ws.id, '--json']);
    const roles = (listed.json() as { data: { name: string }[] }).data.map((r) => r.name);
    assert.deepEqual(roles, ['read', 'write', 'admin', 'staging-ops']);
  });

  it('GET /public/v1/roles lists the system roles then the custom ones, with restrictions (members:read)', async () => {
    const { ws, tag } = await estate(h);
    await roleKey(h, ws, { servers: { environment: ['staging'], tagId: [tag.id] } });
    const reader = await h.key(ws, { scopes: ['members:read'] });
    const list = bodyOf(RoleList, await h.call('GET', '/public/v1/roles', { key: reader.secret }));
    assert.deepEqual(
      list.data.map((role) => [role.name, role.system]),
      [
        ['read', true],
        ['write', true],
        ['admin', true],
        ['stg', false],
      ],
    );
    assert.deepEqual(list.data[3]!.restrictions, { servers: { environment: ['staging'], tagId: [tag.id] } });
    assert.equal(list.pagination.total, 4);
    const one = bodyOf(Role, await h.call('GET', `/public/v1/roles/${list.data[3]!.id}`, { key: reader.secret }));
    assert.equal(one.name, 'stg');
    const without = await h.key(ws, { scopes: ['infrastructure:read'] });
    const refused = await h.call('GET', '/public/v1/roles', { key: without.secret });
    assert.equal(refused.statusCode, 403);
    assert.equal(errorOf(refused).message, 'missing permission: members:read');
    // Another workspace's role is as missing as an unknown one.
    const other = await h.workspace();
    const stranger = await h.key(other, { scopes: ['members:read'] });
    assert.equal(
      (await h.call('GET', `/public/v1/roles/${list.data[3]!.id}`, { key: stranger.secret })).statusCode,
      404,
    );
  });

  it('a key made --role keeps a frozen copy: a later change of the role does not reach it', async () => {
    const { ws } = await estate(h);
    const { key } = await roleKey(h, ws, { servers: { environment: ['staging'] } });
    assert.equal(key.role, 'stg');
    assert.deepEqual(key.restrictions, { servers: { environment: ['staging'] } });
    await updateRole(
      h.database,
      h.registry,
      { workspaceId: ws.id, name: 'stg', restrictions: { servers: { environment: ['production'] } } },
      CLI_ACTOR,
    );
    assert.deepEqual((await names(h, key.secret, 'servers')).names, ['stg-pay-1', 'stg-web-1']);
    const me = (await h.call('GET', '/public/v1/me', { key: key.secret })).json() as Record<string, unknown>;
    assert.deepEqual(me.restrictions, { servers: { environment: ['staging'] } });
  });

  it('a role a member holds cannot be deleted; a system role takes no restrictions', async () => {
    const ws = await h.workspace();
    await createRole(h.database, h.registry, { workspaceId: ws.id, name: 'contractor' }, CLI_ACTOR);
    await personIn(h, ws, 'contractor', 'Con Tractor');
    await assert.rejects(
      deleteRole(h.database, { workspaceId: ws.id, name: 'contractor' }, CLI_ACTOR),
      /1 member holds/,
    );
    await assert.rejects(
      updateRole(
        h.database,
        h.registry,
        { workspaceId: ws.id, name: 'read', restrictions: { servers: { environment: ['staging'] } } },
        CLI_ACTOR,
      ),
      /system role/,
    );
    await assert.rejects(deleteRole(h.database, { workspaceId: ws.id, name: 'admin' }, CLI_ACTOR), /system role/);
  });
});

describeEachDatabase('custom roles: a restricted caller reaches only its items', (h) => {
  it('lists and exact totals hold only what the role reaches; its terms AND the query filters', async () => {
    const { ws, tag } = await estate(h);
    const { key } = await roleKey(h, ws, { servers: { environment: ['staging'], tagId: [tag.id] } });
    assert.deepEqual(await names(h, key.secret, 'servers'), { names: ['stg-pay-1'], total: 1 });
    assert.deepEqual(await names(h, key.secret, 'servers', { environment: 'production' }), { names: [], total: 0 });
    assert.deepEqual(await names(h, key.secret, 'servers', { q: 'pay' }), { names: ['stg-pay-1'], total: 1 });
    assert.deepEqual(await names(h, key.secret, 'servers', { sort: '-name', limit: '1' }), {
      names: ['stg-pay-1'],
      total: 1,
    });
    // Families the role does not name are reached whole.
    const wider = await roleKey(
      h,
      ws,
      { servers: { environment: ['staging'] } },
      ['infrastructure:read', 'applications:read'],
      'wider',
    );
    assert.deepEqual((await names(h, wider.key.secret, 'applications')).names, ['Ledger']);
  });

  it('an item outside the reach answers 404 exactly as a missing one, for reads, changes and deletes', async () => {
    const { ws, production } = await estate(h);
    const { key } = await roleKey(h, ws, { servers: { environment: ['staging'] } });
    const missing = '01a00000-0000-7000-8000-000000000000';
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { description: 'mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const hidden = await h.call(method, `/public/v1/servers/${production.id}`, { key: key.secret, body });
      const absent = await h.call(method, `/public/v1/servers/${missing}`, { key: key.secret, body });
      assert.equal(hidden.statusCode, 404, method);
      assert.equal(hidden.body, absent.body, method);
    }
    const admin = await h.key(ws);
    const still = (await h.call('GET', `/public/v1/servers/${production.id}`, { key: admin.secret })).json();
    assert.equal((still as { description: unknown }).description, null);
  });

  it('a change or create that would leave the reach is 403 naming it, and nothing is written', async () => {
    const { ws, staging } = await estate(h);
    const { key } = await roleKey(h, ws, { servers: { environment: ['staging'] } });
    const admin = await h.key(ws, { alias: 'admin' });
    const events = async () =>
      Number(
        (
          await h.database.db
            .selectFrom('audit_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('workspace_id', '=', ws.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await events();
    const moved = await h.call('PATCH', `/public/v1/servers/${staging.id}`, {
      key: key.secret,
      body: { environment: 'production', description: 'moved' },
    });
    assert.equal(moved.statusCode, 403);
    assert.equal(errorOf(moved).code, 'insufficient_permission');
    assert.match(errorOf(moved).message, /environment=staging/);
    const created = await h.call('POST', '/public/v1/servers', {
      key: key.secret,
      body: { name: 'prod-sneaky', environment: 'production' },
    });
    assert.equal(created.statusCode, 403);
    assert.equal(await events(), before, 'no audit event');
    const all = await names(h, admin.secret, 'servers');
    assert.ok(!all.names.includes('prod-sneaky'));
    const server = (await h.call('GET', `/public/v1/servers/${staging.id}`, { key: admin.secret })).json() as {
      environment: string;
      description: string | null;
    };
    assert.deepEqual([server.environment, server.description], ['staging', null]);
    // Inside the reach, writes work.
    const inside = await h.call('POST', '/public/v1/servers', {
      key: key.secret,
      body: { name: 'stg-new', environment: 'staging' },
    });
    assert.equal(inside.statusCode, 201);
  });

  it('under parallel writes a restricted write lands only while its item is reached, and never outside', async () => {
    const { ws } = await estate(h);
    const { key } = await roleKey(h, ws, { servers: { environment: ['staging'] } });
    const admin = await h.key(ws, { alias: 'admin' });
    const { post } = writer(h, admin.secret);
    const targets: { id: string }[] = [];
    for (let i = 0; i < 12; i++) targets.push(await post('servers', { name: `par-${i}`, environment: 'staging' }));
    const patch = (id: string, secret: string, body: object) =>
      h.call('PATCH', `/public/v1/servers/${id}`, { key: secret, body });
    // The restricted key touches every server while the admin moves every other one out of its reach,
    // and the key tries to create servers outside it, all at once.
    const touched = targets.map((server) => patch(server.id, key.secret, { description: 'touched' }));
    const moved = targets
      .filter((_, i) => i % 2 === 0)
      .map((server) => patch(server.id, admin.secret, { environment: 'production' }));
    const sneaky = targets.map((_, i) =>
      h.call('POST', '/public/v1/servers', {
        key: key.secret,
        body: { name: `sneaky-${i}`, environment: 'production' },
      }),
    );
    const [touches, moves, creates] = await Promise.all([
      Promise.all(touched),
      Promise.all(moved),
      Promise.all(sneaky),
    ]);
    for (const answer of moves) assert.equal(answer.statusCode, 200, answer.body);
    for (const answer of creates) assert.equal(answer.statusCode, 403, answer.body);
    assert.ok(!(await names(h, admin.secret, 'servers')).names.some((name) => name.startsWith('sneaky')));
    for (const [i, server] of targets.entries()) {
      const answer = touches[i]!;
      if (i % 2 === 1) assert.equal(answer.statusCode, 200, answer.body);
      else assert.ok([200, 404].includes(answer.statusCode), answer.body);
      const events = await h.database.db
        .selectFrom('audit_events')
        .select(['actor_id', 'changes'])
        .where('workspace_id', '=', ws.id)
        .where('resource_id', '=', server.id)
        .where('action', '=', 'update')
        .orderBy('id')
        .execute();
      const fields = events.map((event) => Object.keys(JSON.parse(event.changes ?? '{}')).join());
      // The key's change, when it landed, came before the move that took the server out of its reach.
      const expected =
        i % 2 === 1 ? ['description'] : answer.statusCode === 200 ? ['description', 'environment'] : ['environment'];
      assert.deepEqual(fields, expected, `par-${i}: ${answer.statusCode}`);
    }
  });

  it('creating through a role restricted to teamId=X links the new item to team X', async () => {
    const { ws, team } = await estate(h);
    const { key } = await roleKey(
      h,
      ws,
      { applications: { teamId: [team.id] } },
      ['applications:read', 'applications:add', 'organisation:read'],
      'payments',
    );
    const created = await h.call('POST', '/public/v1/applications', { key: key.secret, body: { name: 'Billing' } });
    assert.equal(created.statusCode, 201, created.body);
    const id = (created.json() as { id: string }).id;
    const teams = (await h.call('GET', `/public/v1/applications/${id}/teams`, { key: key.secret })).json() as {
      id: string;
    }[];
    assert.deepEqual(
      teams.map((t) => t.id),
      [team.id],
    );
    assert.deepEqual((await names(h, key.secret, 'applications')).names, ['Billing']);
  });

  it('link lists leave out hidden items; linking or unlinking a hidden item is 404', async () => {
    const { ws, app, production, staging } = await estate(h);
    const { key } = await roleKey(h, ws, { servers: { environment: ['staging'] } }, [
      'applications:read',
      'applications:edit',
      'infrastructure:read',
      'infrastructure:edit',
    ]);
    const linked = (await h.call('GET', `/public/v1/applications/${app.id}/servers`, { key: key.secret })).json() as {
      id: string;
    }[];
    assert.deepEqual(
      linked.map((s) => s.id),
      [staging.id],
    );
    const unlink = await h.call('DELETE', `/public/v1/applications/${app.id}/servers/${production.id}`, {
      key: key.secret,
    });
    assert.equal(unlink.statusCode, 404);
    const reverse = await h.call('GET', `/public/v1/servers/${production.id}/applications`, { key: key.secret });
    assert.equal(reverse.statusCode, 404);
    const admin = await h.key(ws);
    const all = (await h.call('GET', `/public/v1/applications/${app.id}/servers`, { key: admin.secret })).json() as [];
    assert.equal(all.length, 2, 'the hidden link is still there');
  });

  it('hidden ids are left out of relations, kept when a relation is replaced, refused when set', async () => {
    const { ws, admin, team } = await estate(h);
    const { post, put } = writer(h, admin.secret);
    const mine = await post('applications', { name: 'Payments API' });
    await put(`applications/${mine.id}/teams/${team.id}`);
    const hidden = await post('applications', { name: 'HR Portal' });
    const contract = await post('contracts', {
      name: 'Support',
      vendor: 'Acme',
      startDate: '2026-01-01',
      applicationIds: [mine.id, hidden.id],
    });
    const { key } = await roleKey(
      h,
      ws,
      { applications: { teamId: [team.id] } },
      ['contracts:read', 'contracts:edit', 'applications:read', 'applications:add'],
      'payments',
    );
    const read = await h.call('GET', `/public/v1/contracts/${contract.id}`, { key: key.secret });
    assert.deepEqual((read.json() as { applicationIds: string[] }).applicationIds, [mine.id]);
    // The ETag of what the key reads is the one its If-Match is checked against.
    const emptied = await h.call('PATCH', `/public/v1/contracts/${contract.id}`, {
      key: key.secret,
      body: { applicationIds: [] },
      headers: { 'if-match': String(read.headers.etag) },
    });
    assert.equal(emptied.statusCode, 200, emptied.body);
    assert.deepEqual((emptied.json() as { applicationIds: string[] }).applicationIds, []);
    const seenByAdmin = await h.call('GET', `/public/v1/contracts/${contract.id}`, { key: admin.secret });
    assert.deepEqual((seenByAdmin.json() as { applicationIds: string[] }).applicationIds, [hidden.id], 'kept');
    // Setting a hidden id answers as an id that names nothing.
    const missing = '01a00000-0000-7000-8000-000000000000';
    const answers = [];
    for (const id of [hidden.id, missing]) {
      const refused = await h.call('PATCH', `/public/v1/contracts/${contract.id}`, {
        key: key.secret,
        body: { applicationIds: [id] },
      });
      answers.push([refused.statusCode, errorOf(refused).message]);
    }
    assert.deepEqual(answers[0], answers[1]);
    assert.equal(answers[0]![0], 422);
  });

  it('bulk actions and the global search of a restricted member keep to the reach', async () => {
    const { ws, tag, staging, production } = await estate(h);
    await createRole(
      h.database,
      h.registry,
      {
        workspaceId: ws.id,
        name: 'staging editor',
        scopes: ['infrastructure:read', 'infrastructure:edit', 'infrastructure:delete'],
        restrictions: { servers: { environment: ['staging'] } },
      },
      CLI_ACTOR,
    );
    const member = await personIn(h, ws, 'staging editor', 'Bulk Editor');
    const client = await signIn(h, member.email);
    const tagged = await client.call('POST', '/ui/api/bulk/servers/tag', {
      ids: [staging.id, production.id],
      tagId: tag.id,
    });
    const result = tagged.json() as { applied: string[]; refused: { id: string; code: string }[] };
    assert.deepEqual(result.applied, [staging.id]);
    assert.deepEqual(
      result.refused.map((refusal) => [refusal.id, refusal.code]),
      [[production.id, 'not_found']],
    );
    const deleted = await client.call('POST', '/ui/api/bulk/servers/delete', { ids: [production.id] });
    assert.deepEqual((deleted.json() as { refused: { code: string }[] }).refused[0]?.code, 'not_found');
    const admin = await h.key(ws);
    assert.equal((await h.call('GET', `/public/v1/servers/${production.id}`, { key: admin.secret })).statusCode, 200);

    const found = await client.call('GET', '/ui/api/search?q=pay');
    const groups = (found.json() as { groups: { family: string; total: number; items: { name: string }[] }[] }).groups;
    const servers = groups.find((group) => group.family === 'servers')!;
    assert.deepEqual([servers.total, servers.items.map((item) => item.name)], [1, ['stg-pay-1']]);
    const exact = await client.call('GET', '/ui/api/search?q=prod-pay-1');
    const none = (exact.json() as { groups: { family: string; total: number; items: unknown[] }[] }).groups;
    assert.deepEqual(
      none.filter((group) => group.family === 'servers').map((group) => [group.total, group.items.length]),
      [[0, 0]],
    );
  });

  it('the audit log of a restricted key holds only events about items it reaches, totals included', async () => {
    const { ws, admin, staging, production, stagingTagged } = await estate(h);
    const { key } = await roleKey(h, ws, { servers: { environment: ['staging'] } }, [
      'infrastructure:read',
      'audit_log:read',
    ]);
    await h.call('PATCH', `/public/v1/servers/${production.id}`, { key: admin.secret, body: { description: 'p' } });
    await h.call('PATCH', `/public/v1/servers/${staging.id}`, { key: admin.secret, body: { description: 's' } });
    type Log = {
      data: { resourceType: string; resourceId: string | null; resourceName: string | null }[];
      total: number;
    };
    const log = async (secret: string, query: Record<string, string> = {}) =>
      (await h.call('GET', '/public/v1/audit-log', { key: secret, query: { limit: '200', ...query } })).json() as Log;
    const seen = await log(key.secret);
    const servers = seen.data.filter((event) => event.resourceType === 'server');
    assert.ok(servers.length > 0);
    assert.ok(servers.every((event) => event.resourceId !== production.id));
    assert.ok(!JSON.stringify(seen).includes('prod-pay-1'), 'no name of a hidden server');
    assert.deepEqual(
      [...new Set(servers.map((event) => event.resourceId))].sort(),
      [staging.id, stagingTagged.id].sort(),
    );
    assert.equal(seen.total, seen.data.length, 'the total counts what the key reads');
    // Events of other families stay (the role narrows servers only), and filters combine with the reach.
    assert.ok(seen.data.some((event) => event.resourceType === 'application'));
    const byId = await log(key.secret, { resourceId: production.id });
    assert.deepEqual([byId.data.length, byId.total], [0, 0]);
    const all = await log(admin.secret, { resourceType: 'server' });
    assert.ok(all.data.some((event) => event.resourceId === production.id));
  });

  it("a network's hosts and a server's networks hold only what the role reaches", async () => {
    const ws = await h.workspace();
    const admin = await h.key(ws);
    const { post } = writer(h, admin.secret);
    const lan = await post('networks', { name: 'lan', cidr: '10.9.0.0/24', environment: 'staging' });
    const dmz = await post('networks', { name: 'dmz', cidr: '10.9.1.0/24', environment: 'production' });
    const mine = await post('servers', {
      name: 'stg-1',
      environment: 'staging',
      ipAddresses: ['10.9.0.5', '10.9.1.5'],
    });
    await post('servers', { name: 'prod-1', environment: 'production', ipAddresses: ['10.9.0.6'] });
    const { key } = await roleKey(h, ws, {
      servers: { environment: ['staging'] },
      networks: { environment: ['staging'] },
    });
    const hosts = (await h.call('GET', `/public/v1/networks/${lan.id}/hosts`, { key: key.secret })).json() as {
      name: string;
    }[];
    assert.deepEqual(
      hosts.map((host) => host.name),
      ['stg-1'],
    );
    assert.equal((await h.call('GET', `/public/v1/networks/${dmz.id}/hosts`, { key: key.secret })).statusCode, 404);
    await createRole(
      h.database,
      h.registry,
      {
        workspaceId: ws.id,
        name: 'net viewer',
        scopes: ['infrastructure:read'],
        restrictions: { servers: { environment: ['staging'] }, networks: { environment: ['staging'] } },
      },
      CLI_ACTOR,
    );
    const member = await personIn(h, ws, 'net viewer', 'Net Viewer');
    const client = await signIn(h, member.email);
    const placed = (await client.call('GET', `/ui/api/servers/${mine.id}/networks`)).json() as {
      networks: { name: string }[];
      unplaced: string[];
    };
    assert.deepEqual([placed.networks.map((network) => network.name), placed.unplaced], [['lan'], ['10.9.1.5']]);
  });

  it('cached pages are never shared between callers of different reach', async () => {
    const { ws } = await estate(h);
    const admin = await h.key(ws);
    const { key } = await roleKey(h, ws, { servers: { environment: ['staging'] } });
    for (let round = 0; round < 2; round++) {
      assert.equal((await names(h, admin.secret, 'servers')).total, 3);
      assert.equal((await names(h, key.secret, 'servers')).total, 2);
    }
  });

  it('a route that cannot narrow its answer refuses a restricted caller (403 forbidden)', async () => {
    const { ws } = await estate(h);
    const { key } = await roleKey(h, ws, { servers: { environment: ['staging'] } }, [
      'infrastructure:read',
      'applications:read',
      'agents:read',
    ]);
    for (const path of ['agents', 'discovered-applications']) {
      const refused = await h.call('GET', `/public/v1/${path}`, { key: key.secret });
      assert.equal(refused.statusCode, 403, path);
      assert.deepEqual(errorOf(refused), {
        code: 'forbidden',
        message: 'not available to a role with restrictions',
        status: 403,
      });
    }
    assert.equal((await h.call('GET', '/public/v1/me', { key: key.secret })).statusCode, 200);
  });

  it('a member of a custom role acts within it in the console; a change of the role applies at once', async () => {
    const { ws } = await estate(h);
    await createRole(
      h.database,
      h.registry,
      {
        workspaceId: ws.id,
        name: 'staging viewer',
        scopes: ['infrastructure:read'],
        restrictions: { servers: { environment: ['staging'] } },
      },
      CLI_ACTOR,
    );
    const member = await personIn(h, ws, 'staging viewer', 'Sta Ging');
    const client = await signIn(h, member.email);
    assert.equal(client.session.workspace?.role, 'staging viewer');
    const listed = async () => bodyOf(Listed, await client.call('GET', '/ui/api/v1/servers')).pagination.total;
    assert.equal(await listed(), 2);
    await updateRole(
      h.database,
      h.registry,
      { workspaceId: ws.id, name: 'staging viewer', restrictions: { servers: { environment: ['production'] } } },
      CLI_ACTOR,
    );
    assert.equal(await listed(), 1);
  });

  it('two instances on one database: a role change applies at the next request; keys keep their copy', async () => {
    const { ws } = await estate(h);
    await createRole(
      h.database,
      h.registry,
      {
        workspaceId: ws.id,
        name: 'viewer',
        scopes: ['infrastructure:read'],
        restrictions: { servers: { environment: ['staging'] } },
      },
      CLI_ACTOR,
    );
    const key = await createKey(h.database, {
      workspaceId: ws.id,
      name: 'frozen',
      role: 'viewer',
      asMemberId: ws.admin.id,
    });
    const member = await personIn(h, ws, 'viewer', 'Two Instances');
    const client = await signIn(h, member.email);
    const adminPerson = await personIn(h, ws, 'admin', 'Role Admin');
    const admin = await signIn(h, adminPerson.email);
    // The other instance: its own connections, its own response cache.
    const other = openDatabase(h.url);
    const second = await buildApp({ database: other });
    try {
      const total = async (headers: Record<string, string>, cookies: Record<string, string> = {}) => {
        const url = Object.keys(cookies).length ? '/ui/api/v1/servers' : '/public/v1/servers';
        const response = await second.inject({ method: 'GET', url, headers, cookies });
        return bodyOf(Listed, response).pagination.total;
      };
      const asMember = () => total({}, { [SESSION_COOKIE]: client.cookie });
      const asKey = () => total({ authorization: `Bearer ${key.secret}` });
      assert.deepEqual([await asMember(), await asKey()], [2, 2]);
      const changed = await admin.call('PATCH', '/ui/api/roles/viewer', {
        restrictions: { servers: { environment: ['production'] } },
      });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.deepEqual([await asMember(), await asKey()], [1, 2]);
    } finally {
      await second.close();
      await other.close();
    }
  });
});
