import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Kysely } from 'kysely';
import { buildApp } from '../../../src/surfaces/server/app.js';
import { createRegistry } from '../../../src/families/registry.js';
import { serviceStorage } from '../../../src/base/db/storage.js';
import { up as migrateLicences, licences } from '../../families/licences.family.js';
import { familyContract } from '../../support/family-contract.js';
import { describeEachDatabase } from '../../support/harness.js';
import { writer } from '../../support/typed.js';
import { inlined } from '../../support/api-document.js';

type Licence = {
  id: string;
  name: string;
  vendor: string;
  kind: string | null;
  seats: number | null;
  applicationIds: string[];
};
type Page = { data: Licence[]; pagination: { limit: number; offset: number; total: number } };

describeEachDatabase(
  'a family defined only in the test folder',
  (h) => {
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

    it('leaves an application that goes out of every licence covering it, audited', async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const { post } = writer(h, key);
      const [crm, erp] = [await post('applications', { name: 'CRM' }), await post('applications', { name: 'ERP' })];
      const created = await h.call('POST', '/public/v1/licences', {
        key,
        body: { name: 'Office', vendor: 'Microsoft', applicationIds: [crm.id, erp.id] },
      });
      assert.equal(created.statusCode, 201, created.body);
      const office = created.json() as Licence;

      assert.equal((await h.call('DELETE', `/public/v1/applications/${crm.id}`, { key })).statusCode, 204);
      const after = (await h.call('GET', `/public/v1/licences/${office.id}`, { key })).json() as Licence;
      assert.deepEqual(after.applicationIds, [erp.id]);
      const covering = (
        await h.call('GET', '/public/v1/licences', { key, query: { applicationId: crm.id } })
      ).json() as Page;
      assert.equal(covering.pagination.total, 0);

      const events = await h.call('GET', '/public/v1/audit-log', { key, query: { resourceId: office.id } });
      assert.deepEqual(
        (events.json() as { data: { action: string; resourceType: string }[] }).data
          .map((event) => `${event.action} ${event.resourceType}`)
          .reverse(),
        ['create licence', 'update licence'],
        'created, then updated when an application it covered went',
      );
    });

    it('has scopes of its own, granted by the system roles as for the service families', async () => {
      assert.deepEqual(
        h.registry.scopes.all.filter((scope) => scope.startsWith('licences:')),
        ['licences:add', 'licences:delete', 'licences:edit', 'licences:read'],
      );
      assert.deepEqual(
        h.registry.scopes.defaults('read').filter((scope) => scope.startsWith('licences:')),
        ['licences:read'],
      );
      assert.ok(h.registry.scopes.defaults('write').includes('licences:add'));
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
      const document = inlined((await h.call('GET', '/openapi.json')).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      assert.deepEqual(Object.keys(document.paths['/public/v1/licences'] ?? {}).sort(), ['get', 'post']);
      assert.deepEqual(Object.keys(document.paths['/public/v1/licences/{id}'] ?? {}).sort(), [
        'delete',
        'get',
        'patch',
      ]);
      const auditLog = document.paths['/public/v1/audit-log']?.get as {
        parameters: { name: string; schema: unknown }[];
      };
      const resourceType = auditLog.parameters.find((parameter) => parameter.name === 'resourceType')!;
      assert.ok((resourceType.schema as { enum: string[] }).enum.includes('licence'));
    });

    it('is served only by the app composed with it: another app of the process knows no licences', async () => {
      assert.equal(createRegistry().byTable('licences'), undefined);
      // Its storage facts are its definition's: the service's own know nothing of its table.
      assert.equal(serviceStorage('licences'), undefined);
      assert.deepEqual(licences.definition.storageOf('licences'), licences.definition.facts);
      const plain = await buildApp({ database: h.database });
      try {
        const ws = await h.workspace();
        const { secret } = await h.key(ws);
        const get = (app: typeof plain) =>
          app.inject({ method: 'GET', url: '/public/v1/licences', headers: { authorization: `Bearer ${secret}` } });
        assert.equal((await get(h.app)).statusCode, 200);
        assert.equal((await get(plain)).statusCode, 404);
        const spec = inlined((await plain.inject({ method: 'GET', url: '/openapi.json' })).json()) as {
          tags: { name: string }[];
        };
        assert.ok(!spec.tags.some((tag) => tag.name === 'licences'), 'nor does its API document');
      } finally {
        await plain.close();
      }
    });
  },
  // The one registry line of a family defined outside src/: the suite's app is composed with it.
  { registry: createRegistry([licences]) },
);
