import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import { ErrorBody } from '../../../src/base/http/errors.js';
import { Tenant } from '../../../src/features/accounts/workspaces/tenant.schemas.js';
import { describeEachDatabase } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

describeEachDatabase('tenant settings', (h) => {
  it('GET /tenant returns the workspace settings with defaults', async () => {
    const ws = await h.workspace('Initech');
    const key = await h.key(ws);
    const res = await h.call('GET', '/public/v1/tenant', { key: key.secret });
    assert.equal(res.statusCode, 200);
    assert.equal(bodyOf(Tenant, res).name, 'Initech');
    assert.equal(bodyOf(Tenant, res).defaultCurrency, 'EUR');
    assert.equal(bodyOf(Tenant, res).timeZone, 'UTC');
  });

  it('PATCH /tenant changes only the given fields and writes one audit event with before/after', async () => {
    const ws = await h.workspace('Initech');
    const key = await h.key(ws);
    const res = await h.call('PATCH', '/public/v1/tenant', {
      key: key.secret,
      body: { defaultCurrency: 'USD', timeZone: 'America/New_York' },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(bodyOf(Tenant, res).name, 'Initech');
    assert.equal(bodyOf(Tenant, res).defaultCurrency, 'USD');
    const events = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', {
        key: key.secret,
        query: { resourceType: 'workspace', actions: 'update' },
      }),
    );
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
    assert.equal(
      bodyOf(
        ErrorBody,
        await h.call('PATCH', '/public/v1/tenant', { key: key.secret, body: { timeZone: 'Mars/Olympus' } }),
      ).code,
      'bad_request',
    );
    assert.equal(
      bodyOf(
        ErrorBody,
        await h.call('PATCH', '/public/v1/tenant', { key: key.secret, body: { defaultCurrency: 'usd' } }),
      ).code,
      'bad_request',
    );
    const events = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', {
        key: key.secret,
        query: { actions: 'update', resourceType: 'workspace' },
      }),
    );
    assert.equal(events.total, 0);
  });

  it('PATCH /tenant needs tenant:edit', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws, { alias: 'write' });
    const res = await h.call('PATCH', '/public/v1/tenant', { key: key.secret, body: { name: 'x' } });
    assert.equal(res.statusCode, 403);
    assert.equal(bodyOf(ErrorBody, res).message, 'missing permission: tenant:edit');
  });
});
