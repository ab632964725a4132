import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AuditList } from '../src/audit/audit.schemas.js';
import { bodyOf, errorOf } from './support/typed.js';
import { describeEachDatabase } from './support/harness.js';

describeEachDatabase('tenant settings', (h) => {
  it('GET /tenant returns the workspace settings with defaults', async () => {
    const ws = await h.workspace('Initech');
    const key = await h.key(ws);
    const res = await h.call('GET', '/public/v1/tenant', { key: key.secret });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().name, 'Initech');
    assert.equal(res.json().defaultCurrency, 'EUR');
    assert.equal(res.json().timeZone, 'UTC');
  });

  it('PATCH /tenant changes only the given fields and writes one audit event with before/after', async () => {
    const ws = await h.workspace('Initech');
    const key = await h.key(ws);
    const res = await h.call('PATCH', '/public/v1/tenant', { key: key.secret, body: { defaultCurrency: 'USD', timeZone: 'America/New_York' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().name, 'Initech');
    assert.equal(res.json().defaultCurrency, 'USD');
    const events = bodyOf(AuditList, await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { resourceType: 'workspace', actions: 'update' } }));
    assert.equal(events.total, 1);
    assert.deepEqual(events.data[0]!.actor, { type: 'api_key', id: key.id, name: key.name });
    assert.deepEqual(events.data[0]!.changes, {
      defaultCurrency: { before: 'EUR', after: 'USD' },
      timeZone: { before: 'UTC', after: 'America/New_York' },
    });
  });

  it('PATCH /tenant rejects an unknown time zone or a malformed currency with 400 and writes nothing', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    assert.equal((await h.call('PATCH', '/public/v1/tenant', { key: key.secret, body: { timeZone: 'Mars/Olympus' } })).json().code, 'bad_request');
    assert.equal((await h.call('PATCH', '/public/v1/tenant', { key: key.secret, body: { defaultCurrency: 'usd' } })).json().code, 'bad_request');
    const events = bodyOf(AuditList, await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { actions: 'update', resourceType: 'workspace' } }));
    assert.equal(events.total, 0);
  });

  it('PATCH /tenant needs tenant:edit', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws, { alias: 'write' });
    const res = await h.call('PATCH', '/public/v1/tenant', { key: key.secret, body: { name: 'x' } });
    assert.equal(res.statusCode, 403);
    assert.equal(errorOf(res).message, 'missing permission: tenant:edit');
  });
});
