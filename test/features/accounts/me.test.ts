import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ErrorBody } from '../../../src/base/http/errors.js';
import { Introspection } from '../../../src/features/accounts/keys/me.routes.js';
import { describeEachDatabase } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

describeEachDatabase('GET /me', (h) => {
  it('returns the bound workspace, the key and its sorted permissions', async () => {
    const ws = await h.workspace('Acme Corp');
    const key = await h.key(ws, { alias: 'write', name: 'ci pipeline' });
    const res = await h.call('GET', '/public/v1/me', { key: key.secret });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(bodyOf(Introspection, res), {
      workspace: { id: ws.id, name: 'Acme Corp' },
      key: { id: key.id, name: 'ci pipeline', alias: 'write' },
      permissions: [...h.registry.scopes.defaults('write')],
    });
    const permissions = bodyOf(Introspection, res).permissions;
    assert.deepEqual([...permissions].sort(), permissions);
  });

  it('a key made from explicit scopes has alias null and exactly those scopes', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws, { scopes: ['tenant:read', 'audit_log:read'] });
    const body = bodyOf(Introspection, await h.call('GET', '/public/v1/me', { key: key.secret }));
    assert.equal(body.key.alias, null);
    assert.deepEqual(body.permissions, ['audit_log:read', 'tenant:read']);
  });

  it('needs no scope: a key with a single unrelated scope may call it', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws, { scopes: ['users:read'] });
    assert.equal((await h.call('GET', '/public/v1/me', { key: key.secret })).statusCode, 200);
  });

  it('default roles: read has every :read except audit_log:read, admin has every scope', async () => {
    const ws = await h.workspace();
    const read = bodyOf(
      Introspection,
      await h.call('GET', '/public/v1/me', { key: (await h.key(ws, { alias: 'read' })).secret }),
    ).permissions;
    assert.ok(read.every((s) => s.endsWith(':read')));
    assert.ok(!read.includes('audit_log:read'));
    assert.equal(read.length, h.registry.scopes.all.filter((s) => s.endsWith(':read')).length - 1);
    const admin = bodyOf(
      Introspection,
      await h.call('GET', '/public/v1/me', { key: (await h.key(ws, { alias: 'admin' })).secret }),
    ).permissions;
    assert.deepEqual(admin, [...h.registry.scopes.all]);
  });

  it('takes no parameters: an unknown query parameter → 400 naming it', async () => {
    const key = await h.key(await h.workspace());
    const res = await h.call('GET', '/public/v1/me', { key: key.secret, query: { verbose: 'true' } });
    assert.equal(res.statusCode, 400);
    assert.match(bodyOf(ErrorBody, res).message, /verbose/);
  });

  it('a workspace never sees another workspace: each key introspects its own', async () => {
    const a = await h.workspace('A');
    const b = await h.workspace('B');
    const keyA = await h.key(a);
    const keyB = await h.key(b);
    assert.equal(bodyOf(Introspection, await h.call('GET', '/public/v1/me', { key: keyA.secret })).workspace.id, a.id);
    assert.equal(bodyOf(Introspection, await h.call('GET', '/public/v1/me', { key: keyB.secret })).workspace.id, b.id);
  });
});
