import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import { ErrorBody } from '../../../src/base/http/errors.js';
import { Tag, TagList } from '../../../src/families/tags/tags.schemas.js';
import { describeEachDatabase } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

describeEachDatabase('tags', (h) => {
  it('POST /tags → 201 with the tag; GET lists it; one audit event per write', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const created = await h.call('POST', '/public/v1/tags', {
      key: key.secret,
      body: { name: 'pci-scope', colour: '#FF0000', description: 'PCI' },
    });
    assert.equal(created.statusCode, 201);
    const tag = bodyOf(Tag, created);
    assert.equal(tag.name, 'pci-scope');
    assert.equal(tag.colour, '#ff0000');
    assert.equal(bodyOf(Tag, await h.call('GET', `/public/v1/tags/${tag.id}`, { key: key.secret })).name, 'pci-scope');
    const list = bodyOf(TagList, await h.call('GET', '/public/v1/tags', { key: key.secret }));
    assert.deepEqual(list.pagination, { limit: 50, offset: 0, total: 1 });
    assert.equal(list.data[0]!.id, tag.id);
    const audit = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { resourceType: 'tag' } }),
    );
    assert.equal(audit.total, 1);
    assert.deepEqual(audit.data[0]!.actor, { type: 'api_key', id: key.id, name: key.name });
    assert.equal(audit.data[0]!.resourceId, tag.id);
  });

  it('a duplicate tag name, in any letter case → 422 and nothing written', async () => {
    const key = await h.key(await h.workspace());
    await h.call('POST', '/public/v1/tags', { key: key.secret, body: { name: 'Prod' } });
    const dup = await h.call('POST', '/public/v1/tags', { key: key.secret, body: { name: 'prod' } });
    assert.equal(dup.statusCode, 422);
    assert.equal(bodyOf(ErrorBody, dup).code, 'unprocessable_entity');
    assert.equal(bodyOf(TagList, await h.call('GET', '/public/v1/tags', { key: key.secret })).pagination.total, 1);
  });

  it('strict bodies: blank name, unknown field, bad colour → 400 naming the field', async () => {
    const key = await h.key(await h.workspace());
    for (const [body, field] of [
      [{ name: ' ' }, 'name'],
      [{ name: 'x', size: 1 }, 'size'],
      [{ name: 'x', colour: 'red' }, 'colour'],
      [{}, 'name'],
    ] as const) {
      const res = await h.call('POST', '/public/v1/tags', { key: key.secret, body });
      assert.equal(res.statusCode, 400);
      assert.match(bodyOf(ErrorBody, res).message, new RegExp(field));
    }
  });

  it('offset lists: limit clamped and echoed, negative offset becomes 0, q and sort', async () => {
    const key = await h.key(await h.workspace());
    for (const name of ['alpha', 'beta', 'gamma', 'delta'])
      await h.call('POST', '/public/v1/tags', { key: key.secret, body: { name } });
    const list = async (query: Record<string, string>) =>
      bodyOf(TagList, await h.call('GET', '/public/v1/tags', { key: key.secret, query }));
    assert.deepEqual((await list({ limit: '0', offset: '-5' })).pagination, { limit: 1, offset: 0, total: 4 });
    assert.equal((await list({ limit: '1000' })).pagination.limit, 200);
    assert.deepEqual(
      (await list({ sort: '-name' })).data.map((t) => t.name),
      ['gamma', 'delta', 'beta', 'alpha'],
    );
    assert.deepEqual(
      (await list({ q: 'ELT' })).data.map((t) => t.name),
      ['delta'],
    );
    assert.deepEqual(
      (await list({ offset: '3' })).data.map((t) => t.name),
      ['gamma'],
    );
    const bad = await h.call('GET', '/public/v1/tags', { key: key.secret, query: { sort: 'colour' } });
    assert.equal(bad.statusCode, 400);
    assert.match(bodyOf(ErrorBody, bad).message, /sort/);
  });

  it("another workspace's tag → the same 404 as a missing one, for read and delete", async () => {
    const mine = await h.key(await h.workspace('mine'));
    const theirs = await h.key(await h.workspace('theirs'));
    const tag = bodyOf(Tag, await h.call('POST', '/public/v1/tags', { key: theirs.secret, body: { name: 'secret' } }));
    const missing = '01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70';
    for (const method of ['GET', 'DELETE'] as const) {
      const foreign = await h.call(method, `/public/v1/tags/${tag.id}`, { key: mine.secret });
      const absent = await h.call(method, `/public/v1/tags/${missing}`, { key: mine.secret });
      assert.equal(foreign.statusCode, 404);
      assert.deepEqual(bodyOf(ErrorBody, foreign), bodyOf(ErrorBody, absent));
    }
    assert.equal((await h.call('GET', `/public/v1/tags/${tag.id}`, { key: theirs.secret })).statusCode, 200);
  });

  it('DELETE /tags/{id} → 204, then 404; a bad id → 400 invalid_uuid', async () => {
    const key = await h.key(await h.workspace());
    const tag = bodyOf(Tag, await h.call('POST', '/public/v1/tags', { key: key.secret, body: { name: 'tmp' } }));
    const deleted = await h.call('DELETE', `/public/v1/tags/${tag.id}`, { key: key.secret });
    assert.equal(deleted.statusCode, 204);
    assert.equal(deleted.body, '');
    assert.equal((await h.call('DELETE', `/public/v1/tags/${tag.id}`, { key: key.secret })).statusCode, 404);
    assert.equal(
      bodyOf(ErrorBody, await h.call('GET', '/public/v1/tags/42', { key: key.secret })).code,
      'invalid_uuid',
    );
  });

  it('scopes: tags:read, tags:add, tags:delete', async () => {
    const ws = await h.workspace();
    const reader = await h.key(ws, { scopes: ['tags:read'] });
    const res = await h.call('POST', '/public/v1/tags', { key: reader.secret, body: { name: 'x' } });
    assert.equal(bodyOf(ErrorBody, res).message, 'missing permission: tags:add');
    const tag = bodyOf(
      Tag,
      await h.call('POST', '/public/v1/tags', { key: (await h.key(ws)).secret, body: { name: 'x' } }),
    );
    assert.equal(
      bodyOf(ErrorBody, await h.call('DELETE', `/public/v1/tags/${tag.id}`, { key: reader.secret })).message,
      'missing permission: tags:delete',
    );
  });
});
