/**
 * Removing or demoting a member in the console shows the active keys that member made and can
 * revoke them in the same transaction. Keys belong to the workspace, so nothing is revoked unless
 * asked, and the public member routes revoke nothing (docs/console.md).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import { ChangedMember, MemberKeyList, RemovedMember } from '../../../src/features/accounts/console.schemas.js';
import { createKey, type CreatedKey } from '../../../src/features/accounts/keys/keys.service.js';
import { personIn, signIn } from '../../support/console.js';
import { auditOf } from '../../support/audit.js';
import { describeEachDatabase, type Harness, type Workspace } from '../../support/harness.js';
import { bodyOf, errorOf } from '../../support/typed.js';
import { inlined } from '../../support/api-document.js';

async function meStatus(h: Harness, key: CreatedKey): Promise<number> {
  return (await h.call('GET', '/public/v1/me', { key: key.secret })).statusCode;
}

/** A key made by `maker` (an admin at that moment). */
function keyBy(
  h: Harness,
  ws: Workspace,
  maker: { id: string },
  name: string,
  options: { alias?: string; scopes?: string[]; expiresAt?: string } = { alias: 'admin' },
): Promise<CreatedKey> {
  return createKey(h.database, { workspaceId: ws.id, name, asMemberId: maker.id, ...options });
}

/**
 * A workspace with a second admin who signs in, and a leaving admin who made three keys, one of them
 * expired-soon and one revoked.
 */
async function leavingAdmin(h: Harness) {
  const ws = await h.workspace();
  const admin = await personIn(h, ws, 'admin', 'Stays Admin');
  const leaving = await personIn(h, ws, 'admin', 'Leaving Admin');
  const client = await signIn(h, admin.email);
  const sync = await keyBy(h, ws, leaving, 'billing sync');
  const reports = await keyBy(h, ws, leaving, 'reports', { scopes: ['applications:read', 'infrastructure:read'] });
  const revoked = await keyBy(h, ws, leaving, 'old one', { alias: 'read' });
  assert.equal((await client.call('POST', `/ui/api/keys/${revoked.id}/revoke`)).statusCode, 200);
  const others = await keyBy(h, ws, admin, 'not theirs');
  return { ws, admin, leaving, client, sync, reports, revoked, others };
}

describeEachDatabase('console API: the keys of a removed or demoted member', (h) => {
  it(
    'GET /ui/api/members/{id}/keys lists the active keys the member made (name, prefix, ' +
      "permissions, last write), never a secret, never a revoked, expired or other member's key",
    async () => {
      const { ws, leaving, client, sync, reports } = await leavingAdmin(h);
      const expiring = await keyBy(h, ws, leaving, 'expires soon', {
        alias: 'read',
        expiresAt: new Date(Date.now() + 1500).toISOString(),
      });
      // A write made with the key is its last recorded use.
      assert.equal(
        (await h.call('POST', '/public/v1/tags', { key: sync.secret, body: { name: 'made by sync' } })).statusCode,
        201,
      );
      const listed = bodyOf(MemberKeyList, await client.call('GET', `/ui/api/members/${leaving.id}/keys`)).data;
      assert.deepEqual(
        listed.map((key) => key.name),
        ['billing sync', 'reports', 'expires soon'],
      );
      const [first, second] = listed;
      assert.equal(first!.prefix, sync.prefix);
      assert.equal(first!.alias, 'admin');
      assert.ok(first!.lastWriteAt && Date.parse(first!.lastWriteAt) <= Date.now());
      assert.deepEqual(second!.permissions, ['applications:read', 'infrastructure:read']);
      assert.equal(second!.lastWriteAt, null);
      assert.ok(!JSON.stringify(listed).includes(sync.secret) && !JSON.stringify(listed).includes(reports.secret));
      // Expired keys no longer authenticate: they are not "active" and not listed.
      while (Date.now() < Date.parse(expiring.expiresAt!)) await new Promise((resolve) => setTimeout(resolve, 100));
      const later = bodyOf(MemberKeyList, await client.call('GET', `/ui/api/members/${leaving.id}/keys`)).data;
      assert.deepEqual(
        later.map((key) => key.name),
        ['billing sync', 'reports'],
      );
    },
  );

  it(
    'DELETE /ui/api/members/{id}?revokeKeys=true removes the member and revokes their keys in one go: ' +
      'each revocation audited with the member who acted',
    async () => {
      const { ws, admin, leaving, client, sync, reports, others } = await leavingAdmin(h);
      const removed = bodyOf(
        RemovedMember,
        await client.call('DELETE', `/ui/api/members/${leaving.id}?revokeKeys=true`),
      );
      assert.deepEqual(removed, { id: leaving.id, removed: true, revokedKeys: [sync.id, reports.id], activeKeys: [] });
      assert.equal(await meStatus(h, sync), 401);
      assert.equal(await meStatus(h, reports), 401);
      assert.equal(await meStatus(h, others), 200);
      assert.equal((await h.call('GET', `/public/v1/members/${leaving.id}`, { key: others.secret })).statusCode, 404);
      const actor = { type: 'member', id: admin.id, name: 'Stays Admin' };
      const revocations = (await auditOf(h, ws, 'revoke', 'audit reader')).filter(
        (event) => event.resourceId === sync.id || event.resourceId === reports.id,
      );
      assert.deepEqual(revocations.map((event) => [event.resourceType, event.category, event.actor]).sort(), [
        ['api_key', 'access', actor],
        ['api_key', 'access', actor],
      ]);
      const deletion = (await auditOf(h, ws, 'delete', 'audit reader')).find(
        (event) => event.resourceId === leaving.id,
      );
      assert.deepEqual(deletion?.actor, actor);
    },
  );

  it(
    'DELETE /ui/api/members/{id} without revokeKeys removes the member ' +
      'and answers which of their keys stay active; they keep working',
    async () => {
      const { ws, leaving, client, sync, reports } = await leavingAdmin(h);
      const removed = bodyOf(RemovedMember, await client.call('DELETE', `/ui/api/members/${leaving.id}`));
      assert.deepEqual(removed.revokedKeys, []);
      assert.deepEqual(
        removed.activeKeys.map((key) => key.id),
        [sync.id, reports.id],
      );
      assert.equal(await meStatus(h, sync), 200);
      assert.equal(await meStatus(h, reports), 200);
      assert.equal(
        (await auditOf(h, ws, 'revoke', 'audit reader')).filter((event) => event.resourceId === sync.id).length,
        0,
      );
      assert.equal(
        errorOf(await client.call('DELETE', `/ui/api/members/${leaving.id}?revokeKeys=maybe`)).code,
        'bad_request',
      );
      assert.equal(
        errorOf(await client.call('DELETE', `/ui/api/members/${leaving.id}?revokeKey=true`)).code,
        'bad_request',
      );
    },
  );

  it(
    'PATCH /ui/api/members/{id} demotes and, with revokeKeys, ' +
      "revokes the member's keys in the same transaction; without it, answers the keys that stay active",
    async () => {
      const { ws, admin, leaving, client, sync, reports } = await leavingAdmin(h);
      const kept = bodyOf(
        ChangedMember,
        await client.call('PATCH', `/ui/api/members/${leaving.id}`, { role: 'admin' }),
      );
      assert.deepEqual(
        kept.activeKeys.map((key) => key.id),
        [sync.id, reports.id],
      );
      const demoted = bodyOf(
        ChangedMember,
        await client.call('PATCH', `/ui/api/members/${leaving.id}`, { role: 'write', revokeKeys: true }),
      );
      assert.equal(demoted.member.role, 'write');
      assert.deepEqual(demoted.revokedKeys, [sync.id, reports.id]);
      assert.deepEqual(demoted.activeKeys, []);
      assert.equal(await meStatus(h, sync), 401);
      const update = (await auditOf(h, ws, 'update', 'audit reader')).find((event) => event.resourceId === leaving.id);
      assert.deepEqual(update?.changes, { role: { before: 'admin', after: 'write' } });
      const revocation = (await auditOf(h, ws, 'revoke', 'audit reader')).find(
        (event) => event.resourceId === reports.id,
      );
      assert.deepEqual(revocation?.actor, { type: 'member', id: admin.id, name: 'Stays Admin' });
      assert.equal(
        errorOf(await client.call('PATCH', `/ui/api/members/${leaving.id}`, { role: 'read', revokeKeys: 'yes' })).code,
        'bad_request',
      );
    },
  );

  it(
    "one transaction: when the last admin's removal or demotion is refused (422), " +
      'none of their keys is revoked and no revocation is audited',
    async () => {
      const ws = await h.workspace();
      const last = await personIn(h, ws, 'admin', 'Last Admin');
      const client = await signIn(h, last.email);
      // The workspace's first admin leaves; the signed-in admin is now the last one, with a key.
      assert.equal((await client.call('DELETE', `/ui/api/members/${ws.admin.id}`)).statusCode, 200);
      const key = await keyBy(h, ws, last, 'ops');
      const removal = await client.call('DELETE', `/ui/api/members/${last.id}?revokeKeys=true`);
      assert.equal(removal.statusCode, 422);
      assert.match(errorOf(removal).message, /last admin/);
      const demotion = await client.call('PATCH', `/ui/api/members/${last.id}`, { role: 'read', revokeKeys: true });
      assert.equal(demotion.statusCode, 422);
      assert.equal(await meStatus(h, key), 200);
      const revocations = bodyOf(
        AuditList,
        await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { actions: 'revoke' } }),
      ).data;
      assert.deepEqual(revocations, []);
      assert.deepEqual(
        bodyOf(MemberKeyList, await client.call('GET', `/ui/api/members/${last.id}/keys`)).data.map(
          (listed) => listed.id,
        ),
        [key.id],
      );
    },
  );

  it(
    "only admins may list or revoke a member's keys: " +
      'a member whose role has members:edit and members:delete gets 403 and changes nothing',
    async () => {
      const { ws, leaving, client, sync } = await leavingAdmin(h);
      const adminScopes = (await client.call('GET', '/ui/api/session')).json().workspace.permissions as string[];
      assert.equal(
        (
          await client.call('PUT', '/ui/api/roles/write', {
            permissions: adminScopes.filter((scope) => scope !== 'audit_log:read'),
          })
        ).statusCode,
        200,
      );
      const writer = await personIn(h, ws, 'write');
      const reader = await personIn(h, ws, 'read');
      for (const person of [writer, reader]) {
        const other = await signIn(h, person.email);
        for (const [method, url, body] of [
          ['GET', `/ui/api/members/${leaving.id}/keys`],
          ['DELETE', `/ui/api/members/${leaving.id}?revokeKeys=true`],
          ['PATCH', `/ui/api/members/${leaving.id}`, { role: 'read', revokeKeys: true }],
        ] as const) {
          assert.equal(
            errorOf(await other.call(method, url, body)).code,
            'insufficient_permission',
            `${person.role} ${method} ${url}`,
          );
        }
      }
      assert.equal(await meStatus(h, sync), 200);
      assert.equal(
        bodyOf(MemberKeyList, await client.call('GET', `/ui/api/members/${leaving.id}/keys`)).data.length,
        2,
      );
    },
  );

  it(
    'an admin of workspace A can neither list nor revoke the ' +
      "keys of workspace B's members: 404, and B's keys keep working",
    async () => {
      const { client } = await leavingAdmin(h);
      const b = await leavingAdmin(h);
      for (const [method, url, body] of [
        ['GET', `/ui/api/members/${b.leaving.id}/keys`],
        ['DELETE', `/ui/api/members/${b.leaving.id}?revokeKeys=true`],
        ['PATCH', `/ui/api/members/${b.leaving.id}`, { role: 'read', revokeKeys: true }],
      ] as const) {
        assert.equal(errorOf(await client.call(method, url, body)).code, 'not_found', `${method} ${url}`);
      }
      assert.equal(await meStatus(h, b.sync), 200);
      assert.equal(await meStatus(h, b.reports), 200);
      assert.deepEqual(
        bodyOf(MemberKeyList, await b.client.call('GET', `/ui/api/members/${b.leaving.id}/keys`)).data.map(
          (key) => key.id,
        ),
        [b.sync.id, b.reports.id],
      );
    },
  );

  it(
    'the public member routes are unchanged: DELETE /public/v1/members/{id} revokes no key, ' +
      'and no console route appears in the OpenAPI document',
    async () => {
      const { leaving, sync, others } = await leavingAdmin(h);
      assert.equal(
        (await h.call('DELETE', `/public/v1/members/${leaving.id}`, { key: others.secret })).statusCode,
        204,
      );
      assert.equal(await meStatus(h, sync), 200);
      const doc = inlined((await h.app.inject({ method: 'GET', url: '/openapi.json' })).json()) as {
        paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>>;
      };
      assert.ok(!JSON.stringify(doc).includes('revokeKeys'));
      assert.deepEqual(
        doc.paths['/public/v1/members/{id}']!.delete!.parameters!.map((parameter) => parameter.name),
        ['id'],
      );
    },
  );
});
