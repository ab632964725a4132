import assert from 'node:assert/strict';
import { it } from 'node:test';
import { revokeKey, rotateKey } from '../../../src/features/accounts/keys/keys.service.js';
import { setRolePermissions } from '../../../src/features/accounts/roles/custom-roles.service.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { deleteWorkspace } from '../../../src/features/accounts/workspaces/workspaces.service.js';
import { ErrorBody } from '../../../src/base/http/errors.js';
import { Introspection } from '../../../src/features/accounts/keys/me.routes.js';
import { describeEachDatabase } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

const WWW_AUTHENTICATE = 'Bearer realm="svc", error="invalid_token"';

function assertExact401(res: { statusCode: number; body: string; headers: Record<string, unknown> }): void {
  assert.equal(res.statusCode, 401);
  assert.equal(res.body, '', '401 has an empty body');
  assert.equal(res.headers['www-authenticate'], WWW_AUTHENTICATE);
  assert.equal(res.headers['content-type'], undefined, '401 is not JSON');
}

describeEachDatabase('authentication', (h) => {
  it('no credential → 401 with an empty body and the exact WWW-Authenticate header', async () => {
    assertExact401(await h.call('GET', '/public/v1/me'));
  });

  it('a credential without the svc_ prefix → 401', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    assertExact401(await h.call('GET', '/public/v1/me', { key: key.secret.slice('svc_'.length) }));
    assertExact401(await h.call('GET', '/public/v1/me', { headers: { authorization: `Basic ${key.secret}` } }));
  });

  it('a well-formed but unknown key → 401', async () => {
    assertExact401(await h.call('GET', '/public/v1/me', { key: 'svc_live_thisKeyDoesNotExist0000000000000000000' }));
  });

  it('the Bearer and X-Api-Key transports are equivalent', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const bearer = await h.call('GET', '/public/v1/me', { key: key.secret });
    const header = await h.call('GET', '/public/v1/me', { headers: { 'x-api-key': key.secret } });
    assert.equal(bearer.statusCode, 200);
    assert.equal(header.statusCode, 200);
    assert.deepEqual(bodyOf(Introspection, bearer), bodyOf(Introspection, header));
  });

  it('when both headers are sent, X-Api-Key takes precedence', async () => {
    const ws = await h.workspace();
    const good = await h.key(ws, { name: 'good' });
    const withBadHeader = await h.call('GET', '/public/v1/me', {
      key: good.secret,
      headers: { 'x-api-key': 'svc_live_wrong' },
    });
    assertExact401(withBadHeader);
    const withGoodHeader = await h.call('GET', '/public/v1/me', {
      key: 'svc_live_wrong',
      headers: { 'x-api-key': good.secret },
    });
    assert.equal(withGoodHeader.statusCode, 200);
    assert.equal(bodyOf(Introspection, withGoodHeader).key.name, 'good');
  });

  it('a revoked key fails from the next request', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    assert.equal((await h.call('GET', '/public/v1/me', { key: key.secret })).statusCode, 200);
    await revokeKey(h.database, key.id);
    assertExact401(await h.call('GET', '/public/v1/me', { key: key.secret }));
  });

  it('rotation kills the old secret at once and keeps id, name and scopes', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws, { scopes: ['audit_log:read', 'tenant:read'], name: 'rotating' });
    const before = bodyOf(Introspection, await h.call('GET', '/public/v1/me', { key: key.secret }));
    const rotated = await rotateKey(h.database, key.id);
    assert.notEqual(rotated.secret, key.secret);
    assertExact401(await h.call('GET', '/public/v1/me', { key: key.secret }));
    const after = await h.call('GET', '/public/v1/me', { key: rotated.secret });
    assert.equal(after.statusCode, 200);
    assert.deepEqual(bodyOf(Introspection, after), before);
  });

  it('key expiry: a key stops working at its expiration instant', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws, { expiresAt: new Date(Date.now() + 1500).toISOString() });
    assert.equal((await h.call('GET', '/public/v1/me', { key: key.secret })).statusCode, 200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    assertExact401(await h.call('GET', '/public/v1/me', { key: key.secret }));
  });

  it('a key whose workspace was deleted → 403 forbidden', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    await deleteWorkspace(h.database, ws.id);
    const res = await h.call('GET', '/public/v1/me', { key: key.secret });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(bodyOf(ErrorBody, res), {
      code: 'forbidden',
      message: bodyOf(ErrorBody, res).message,
      status: 403,
    });
    assert.equal(bodyOf(ErrorBody, res).code, 'forbidden');
  });

  it('a missing scope → 403 insufficient_permission naming the scope', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws, { scopes: ['tenant:read'] });
    const res = await h.call('GET', '/public/v1/audit-log', { key: key.secret });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(bodyOf(ErrorBody, res), {
      code: 'insufficient_permission',
      message: 'missing permission: audit_log:read',
      status: 403,
    });
  });

  it('an alias copies the role at creation; a later role change does not affect the key', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws, { alias: 'read' });
    await setRolePermissions(
      h.database,
      h.registry,
      { workspaceId: ws.id, role: 'read', scopes: ['tenant:read'] },
      CLI_ACTOR,
    );
    const me = bodyOf(Introspection, await h.call('GET', '/public/v1/me', { key: key.secret }));
    assert.ok(me.permissions.includes('applications:read'));
    assert.equal(me.key.alias, 'read');
    const later = await h.key(ws, { alias: 'read' });
    assert.deepEqual(bodyOf(Introspection, await h.call('GET', '/public/v1/me', { key: later.secret })).permissions, [
      'tenant:read',
    ]);
  });

  it('check order: 401 comes before 404, 403 before 400, 400 before 404', async () => {
    assertExact401(await h.call('GET', '/public/v1/no-such-route'));
    assertExact401(
      await h.call('PATCH', '/public/v1/tenant', {
        body: '{not json',
        headers: { 'content-type': 'application/json' },
      }),
    );
    const ws = await h.workspace();
    const weak = await h.key(ws, { scopes: ['tenant:read'] });
    const forbidden = await h.call('GET', '/public/v1/audit-log', {
      key: weak.secret,
      query: { actorId: 'not-a-uuid' },
    });
    assert.equal(bodyOf(ErrorBody, forbidden).code, 'insufficient_permission');
    const key = await h.key(ws);
    const badUuid = await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { resourceId: 'nope' } });
    assert.equal(bodyOf(ErrorBody, badUuid).code, 'invalid_uuid');
  });

  it('routes outside /public/ need no key', async () => {
    assert.equal((await h.call('GET', '/openapi.json')).statusCode, 200);
  });

  it('validity is checked on every request, so a key revoked by another process fails at once', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    for (let i = 0; i < 3; i += 1)
      assert.equal((await h.call('GET', '/public/v1/me', { key: key.secret })).statusCode, 200);
    await h.database.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', key.id)
      .execute();
    assertExact401(await h.call('GET', '/public/v1/me', { key: key.secret }));
  });
});
