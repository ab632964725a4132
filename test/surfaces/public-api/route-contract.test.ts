/**
 * The shared auth contract, run against every route of the OpenAPI document: no key, bad key,
 * revoked key, deleted workspace, missing scope, and a random id that is not in the workspace.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { newId } from '../../../src/base/ids.js';
import { revokeKey } from '../../../src/features/accounts/keys/keys.service.js';
import { deleteWorkspace } from '../../../src/features/accounts/workspaces/workspaces.service.js';
import { describeEachDatabase, type Harness } from '../../support/harness.js';
import { inlined } from '../../support/api-document.js';

interface Operation {
  method: string;
  path: string;
  url: string;
  scope?: string;
  /**
   * Every scope the operation needs (x-required-scopes): its own and, for a sub-resource list, its
   * items' family's read scope.
   */
  scopes: string[];
  hasId: boolean;
}

async function operations(h: Harness): Promise<Operation[]> {
  const doc = inlined((await h.call('GET', '/openapi.json')).json());
  const result: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    if (!path.startsWith('/public/')) continue;
    for (const [method, operation] of Object.entries<any>(item)) {
      result.push({
        method: method.toUpperCase(),
        path,
        url: path.replace(/\{[^}]+\}/g, () => newId()),
        scope: operation['x-required-scope'],
        scopes: operation['x-required-scopes'] ?? [],
        hasId: /\{id\}/.test(path),
      });
    }
  }
  return result;
}

const WWW_AUTHENTICATE = 'Bearer realm="svc", error="invalid_token"';

describeEachDatabase('auth contract on every route', (h) => {
  it(
    'covers every documented /public route, ' +
      'and every route but /me and the dashboard and diagram lists declares a scope',
    async () => {
      const ops = await operations(h);
      assert.ok(ops.length >= 20);
      const scopeFree = ['/public/v1/me', '/public/v1/dashboards', '/public/v1/diagrams'];
      for (const op of ops)
        if (!scopeFree.includes(op.path)) assert.ok(op.scope, `${op.method} ${op.path} declares a scope`);
    },
  );

  it('no key, a bad key and a revoked key → 401 with an empty body and the exact header, on every route', async () => {
    const ws = await h.workspace();
    const revoked = await h.key(ws);
    await revokeKey(h.database, revoked.id);
    for (const op of await operations(h)) {
      for (const key of [undefined, 'svc_live_unknown', 'not-even-svc', revoked.secret]) {
        const res = await h.call(op.method as any, op.url, {
          key,
          body: op.method === 'GET' || op.method === 'DELETE' ? undefined : {},
        });
        assert.equal(res.statusCode, 401, `${op.method} ${op.path} with ${key ? 'a bad key' : 'no key'}`);
        assert.equal(res.body, '');
        assert.equal(res.headers['www-authenticate'], WWW_AUTHENTICATE);
      }
    }
  });

  it('a key whose workspace is deleted → 403 forbidden on every route', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    await deleteWorkspace(h.database, ws.id);
    for (const op of await operations(h)) {
      const res = await h.call(op.method as any, op.url, {
        key: key.secret,
        body: op.method === 'GET' || op.method === 'DELETE' ? undefined : {},
      });
      assert.equal(res.statusCode, 403, `${op.method} ${op.path}`);
      assert.equal(res.json().code, 'forbidden');
    }
  });

  it(
    'a key with every scope but one the route needs → 403 naming exactly that scope, ' +
      'for each scope of every route',
    async () => {
      const ws = await h.workspace();
      for (const op of await operations(h)) {
        if (!op.scope) continue;
        assert.equal(op.scopes[0], op.scope, `${op.method} ${op.path} lists its own scope first`);
        for (const scope of op.scopes) {
          const key = await h.key(ws, { scopes: h.registry.scopes.all.filter((s) => s !== scope) });
          const res = await h.call(op.method as any, op.url, {
            key: key.secret,
            body: op.method === 'GET' || op.method === 'DELETE' ? undefined : {},
          });
          assert.equal(res.statusCode, 403, `${op.method} ${op.path} without ${scope}`);
          assert.deepEqual(res.json(), {
            code: 'insufficient_permission',
            message: `missing permission: ${scope}`,
            status: 403,
          });
        }
      }
    },
  );

  it(
    'request targets: every route reached without a key through percent-encoded, ' +
      'doubled-slash, dot-segment, over-long and malformed spellings never answers 2xx',
    async () => {
      const spellings = (path: string): string[] => [
        path.replace('/public/', '/%70ublic/'),
        path.replace('/public/v1/', '/public/%76%31/'),
        path.replace('/public/', '/%2570ublic/'),
        path.replace('/public/', '//public/'),
        path.replace('/public/v1/', '/public/v1//'),
        path.replace('/public/v1/', '/public/./v1/'),
        path.replace('/public/v1/', '/public/x/../v1/'),
        path.replace('/public/', '/PUBLIC/'),
        path.replace(/[0-9a-f-]{36}/, 'a'.repeat(400)),
        `${path}%`,
        `${path}/`,
      ];
      for (const op of await operations(h)) {
        for (const url of spellings(op.url)) {
          const res = await h.call(op.method as any, url, {
            body: op.method === 'GET' || op.method === 'DELETE' ? undefined : {},
          });
          assert.ok(res.statusCode >= 400, `${op.method} ${url} answered ${res.statusCode}`);
          if (res.statusCode !== 401)
            assert.deepEqual(Object.keys(res.json()).sort(), ['code', 'message', 'status'], `${op.method} ${url}`);
          if (!url.startsWith('/PUBLIC/'))
            assert.equal(res.statusCode, 401, `${op.method} ${url}: credentials come first`);
        }
      }
    },
  );

  it('a trailing slash names the same route: every GET answers with and without it alike', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const tag = (await h.call('POST', '/public/v1/tags', { key: key.secret, body: { name: 'slash' } })).json();
    for (const op of await operations(h)) {
      if (op.method !== 'GET') continue;
      const url = op.path.replace(/\{[^}]+\}/g, tag.id);
      const plain = await h.call('GET', url, { key: key.secret });
      const slashed = await h.call('GET', `${url}/`, { key: key.secret });
      assert.equal(slashed.statusCode, plain.statusCode, `GET ${url}/`);
      // Dashboards and diagrams are computed on each request: only their generatedAt may differ.
      const stable = (body: unknown) =>
        body && typeof body === 'object' && 'generatedAt' in body ? { ...body, generatedAt: undefined } : body;
      if (plain.statusCode === 200) assert.deepEqual(stable(slashed.json()), stable(plain.json()), `GET ${url}/`);
    }
    assert.equal((await h.call('GET', '/public/v1/me/', { key: key.secret })).statusCode, 200);
    assert.equal((await h.call('GET', '/public/v1/servers/', { key: key.secret })).json().pagination.offset, 0);
  });

  it('an id that is not in the workspace → 404 not_found on every GET, PUT and DELETE by id', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    for (const op of await operations(h)) {
      if (!op.hasId || !['GET', 'PUT', 'DELETE'].includes(op.method)) continue;
      const res = await h.call(op.method as any, op.url, { key: key.secret });
      assert.equal(res.statusCode, 404, `${op.method} ${op.path}`);
      assert.equal(res.json().code, 'not_found');
    }
  });
});
