// npm test: a process of its own (it registers a family, which every later app would serve).
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Kysely } from 'kysely';
import { allScopes, defaultPermissions } from '../../../src/base/access/scopes.js';
import { registerFamily } from '../../../src/families/registry.js';
import { up as migrateLicences, licences } from '../../families/licences.family.js';
import { familyContract } from '../../support/family-contract.js';
import { describeEachDatabase } from '../../support/harness.js';
import { writer } from '../../support/typed.js';

// The one registry line of a family defined outside src/ (src/families/registry.ts lists the service's own).
registerFamily(licences);

type Licence = {
  id: string;
  name: string;
  vendor: string;
  kind: string | null;
  seats: number | null;
  applicationIds: string[];
};
type Page = { data: Licence[]; pagination: { limit: number; offset: number; total: number } };

describeEachDatabase('a family defined only in the test folder', (h) => {
  before(() => migrateLicences(h.database.db as unknown as Kysely<unknown>, h.dialect));

  // The contract every family keeps, from the definition and three sample licences.
  familyContract(licences, {
    creates: async (context) => {
      const crm = await context.post('applications', { name: 'CRM' });
      return [
        { name: 'IDE', vendor: 'JetBrains', kind: 'perpetual', seats: 40 },
        { name: 'Office', vendor: 'Microsoft', kind: 'subscription', seats: 300, applicationIds: [crm] },
        { name: 'Trial', vendor: 'Acme', kind: 'trial' },
      ];
    },
    patch: { seats: 350, kind: 'subscription' },
    filter: async () => ({ query: { kind: 'perpetual' }, keeps: [0] }),
  })(h);

  it('has CRUD, list totals, filters, sorts, q, links, release on delete and audit from its definition', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const { post } = writer(h, key);
    const list = async (query: Record<string, string> = {}) => {
      const response = await h.call('GET', '/public/v1/licences', { key, query });
      assert.equal(response.statusCode, 200, response.body);
      return response.json() as Page;
    };
    const [crm, erp] = [await post('applications', { name: 'CRM' }), await post('applications', { name: 'ERP' })];
    const create = async (body: Record<string, unknown>) => {
      const response = await h.call('POST', '/public/v1/licences', { key, body });
      assert.equal(response.statusCode, 201, response.body);
      return response.json() as Licence;
    };
    const office = await create({ name: 'Office', vendor: 'Microsoft', kind: 'subscription', seats: 300 });
    const ide = await create({ name: 'IDE', vendor: 'JetBrains', kind: 'perpetual', seats: 40 });
    const trial = await create({ name: 'Trial', vendor: 'Acme', seats: 5, applicationIds: [crm.id] });
    assert.equal(office.kind, 'subscription');
    assert.equal(trial.kind, null, 'unknown stays null');
    assert.deepEqual(trial.applicationIds, [crm.id]);

    const all = await list();
    assert.deepEqual(all.pagination, { limit: 50, offset: 0, total: 3 }, 'the total of an unfiltered list is counted');
    assert.deepEqual(
      all.data.map((item) => item.name),
      ['IDE', 'Office', 'Trial'],
      'name order by default',
    );
    assert.deepEqual(
      (await list({ sort: '-seats' })).data.map((item) => item.name),
      ['Office', 'IDE', 'Trial'],
    );
    const subscriptions = await list({ kind: 'subscription' });
    assert.deepEqual([subscriptions.pagination.total, subscriptions.data[0]!.name], [1, 'Office']);
    assert.deepEqual(
      (await list({ q: 'jetb' })).data.map((item) => item.name),
      ['IDE'],
      'q searches the vendor',
    );
    assert.deepEqual(
      (await list({ applicationId: crm.id })).data.map((item) => item.name),
      ['Trial'],
    );
    assert.equal((await h.call('GET', '/public/v1/licences', { key, query: { kind: 'rented' } })).statusCode, 400);

    const patched = await h.call('PATCH', `/public/v1/licences/${office.id}`, {
      key,
      body: { seats: 350, applicationIds: [crm.id, erp.id] },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.deepEqual(
      (await list({ applicationId: erp.id })).data.map((item) => item.name),
      ['Office'],
    );

    // Deleting an application takes it out of every licence that covers it.
    assert.equal((await h.call('DELETE', `/public/v1/applications/${crm.id}`, { key })).statusCode, 204);
    const trialAfter = await h.call('GET', `/public/v1/licences/${trial.id}`, { key });
    assert.deepEqual(trialAfter.json().applicationIds, []);

    assert.equal((await h.call('DELETE', `/public/v1/licences/${ide.id}`, { key })).statusCode, 204);
    assert.equal((await h.call('GET', `/public/v1/licences/${ide.id}`, { key })).statusCode, 404);
    assert.equal((await list()).pagination.total, 2);

    const events = await h.call('GET', '/public/v1/audit-log', { key, query: { resourceId: office.id } });
    assert.deepEqual(
      (events.json() as { data: { action: string; resourceType: string }[] }).data
        .map((event) => `${event.action} ${event.resourceType}`)
        .reverse(),
      ['create licence', 'update licence', 'update licence'],
      'created, updated, then updated when the application it covered went',
    );

    const byType = await h.call('GET', '/public/v1/audit-log', { key, query: { resourceType: 'licence' } });
    assert.equal(byType.statusCode, 200, 'the audit filter accepts the family resource type');
    assert.ok((byType.json() as { data: unknown[] }).data.length >= 5);

    const other = await h.workspace('Other');
    const otherKey = (await h.key(other)).secret;
    assert.equal((await h.call('GET', `/public/v1/licences/${office.id}`, { key: otherKey })).statusCode, 404);
    const theirs = await h.call('GET', '/public/v1/licences', { key: otherKey });
    assert.equal(theirs.json().pagination.total, 0, 'another workspace sees none of them');
  });

  it('has scopes of its own, granted by the system roles as for the service families', async () => {
    assert.deepEqual(
      allScopes().filter((scope) => scope.startsWith('licences:')),
      ['licences:add', 'licences:delete', 'licences:edit', 'licences:read'],
    );
    assert.deepEqual(
      defaultPermissions('read').filter((scope) => scope.startsWith('licences:')),
      ['licences:read'],
    );
    assert.ok(defaultPermissions('write').includes('licences:add'));
    const ws = await h.workspace();
    const reader = (await h.key(ws, { alias: 'read' })).secret;
    const writer = (await h.key(ws, { alias: 'write' })).secret;
    const body = { name: 'Visio', vendor: 'Microsoft' };
    assert.equal((await h.call('GET', '/public/v1/licences', { key: reader })).statusCode, 200);
    assert.equal((await h.call('POST', '/public/v1/licences', { key: reader, body })).statusCode, 403);
    assert.equal((await h.call('POST', '/public/v1/licences', { key: writer, body })).statusCode, 201);
    const onlyApplications = (await h.key(ws, { scopes: ['applications:read', 'applications:add'] })).secret;
    assert.equal((await h.call('GET', '/public/v1/licences', { key: onlyApplications })).statusCode, 403);
  });

  it('is in the OpenAPI document like the service own families', async () => {
    const document = (await h.call('GET', '/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    assert.deepEqual(Object.keys(document.paths['/public/v1/licences'] ?? {}).sort(), ['get', 'post']);
    assert.deepEqual(Object.keys(document.paths['/public/v1/licences/{id}'] ?? {}).sort(), ['delete', 'get', 'patch']);
    const auditLog = document.paths['/public/v1/audit-log']?.get as { parameters: { name: string; schema: unknown }[] };
    const resourceType = auditLog.parameters.find((parameter) => parameter.name === 'resourceType')!;
    assert.ok((resourceType.schema as { enum: string[] }).enum.includes('licence'));
  });
});
