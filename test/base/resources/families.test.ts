/**
 * What one definition per family buys, tried as a new user would: audit events in API field names
 * and values whatever wrote them, messages with the family's nouns, every release on delete
 * audited and moving the change-tracking field, enums and networks sorted by meaning, unknown
 * facts left null, and agent reports that keep what they do not state.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Type, type Static, type TObject } from 'typebox';
import { enrollAgent } from '../../../src/features/agents/agents.service.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { applications } from '../../../src/families/applications/applications.module.js';
import { Application } from '../../../src/families/applications/applications.schemas.js';
import { categories } from '../../../src/families/categories/categories.module.js';
import { contracts } from '../../../src/families/contracts/contracts.module.js';
import { dataObjects } from '../../../src/families/data-objects/data-objects.module.js';
import { flows } from '../../../src/families/flows/flows.module.js';
import { networks } from '../../../src/families/networks/networks.module.js';
import { workstations } from '../../../src/families/workstations/workstations.module.js';
import { Tag } from '../../../src/families/tags/tags.schemas.js';
import { teams } from '../../../src/families/teams/teams.module.js';
import { Server, servers } from '../../../src/families/servers/servers.module.js';
import { type AuditEvent as AuditEventSchema, AuditList } from '../../../src/base/audit/audit.schemas.js';
import { agentListing } from '../../../src/features/agents/agents.module.js';
import { User } from '../../../src/families/people/users.module.js';
import { discoveredListing } from '../../../src/features/discovered/discovered-applications.module.js';
import { describeEachDatabase, type Harness, serviceFamilies } from '../../support/harness.js';
import { bodyOf, errorOf, listingClient } from '../../support/typed.js';

type AuditEvent = Static<typeof AuditEventSchema>;

async function setUp(h: Harness) {
  const ws = await h.workspace();
  const key = (await h.key(ws)).secret;
  const post = async <S extends TObject>(path: string, schema: S, body: unknown): Promise<Static<S>> => {
    const res = await h.call('POST', `/public/v1/${path}`, { key, body });
    assert.equal(res.statusCode, 201, `${path}: ${res.body}`);
    return bodyOf(schema, res);
  };
  const events = async (query: Record<string, string> = {}): Promise<AuditEvent[]> =>
    bodyOf(AuditList, await h.call('GET', '/public/v1/audit-log', { key, query: { limit: '200', ...query } })).data;
  return { ws, key, post, events };
}

/** Column-shaped keys (os_version) or JSON-encoded values ("[\"10.0.0.5\"]") in an audit diff. */
function columnShaped(event: AuditEvent): string[] {
  const problems: string[] = [];
  for (const [field, change] of Object.entries(event.changes ?? {})) {
    if (/_/.test(field)) problems.push(`${event.resourceType}.${field}`);
    for (const value of [change.before, change.after])
      if (typeof value === 'string' && /^[[{]/.test(value)) problems.push(`${event.resourceType}.${field} = ${value}`);
  }
  return problems;
}

describeEachDatabase('one definition per family', (h) => {
  it('every write, the agent report included, is audited with API field names and values', async () => {
    const { ws, key, post, events } = await setUp(h);
    const category = await post('categories', categories.definition.schemas.item, { name: 'Finance' });
    const app = await post('applications', Application, { name: 'ERP', categoryId: category.id, criticality: 'high' });
    await post('flows', flows.definition.schemas.item, {
      name: 'a→b',
      sourceApplicationId: app.id,
      targetApplicationId: (await post('applications', Application, { name: 'CRM' })).id,
    });
    await post('contracts', contracts.definition.schemas.item, {
      name: 'ERP 2026',
      vendor: 'SAP',
      startDate: '2026-01-01',
      applicationIds: [app.id],
    });
    await post('data', dataObjects.definition.schemas.item, {
      name: 'Customers',
      personalData: true,
      applicationIds: [app.id],
    });
    await post('networks', networks.definition.schemas.item, { name: 'Prod', cidr: '10.1.2.0/24' });
    await post('workstations', workstations.definition.schemas.item, { name: 'LT-1', serialNumber: 'X1' });
    const server = await post('servers', Server, { name: 'db-01', ipAddresses: ['10.0.0.5'], osVersion: '12' });
    await h.call('PATCH', `/public/v1/servers/${server.id}`, {
      key,
      body: { osVersion: '13', ipAddresses: ['10.0.0.6'] },
    });

    const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'agent' });
    const report = (host: Record<string, unknown>) =>
      h.call('POST', '/agent/v1/report', {
        headers: { authorization: `Bearer ${agent.token}` },
        body: { host: { kind: 'server', ...host }, software: [] },
      });
    assert.equal(
      (await report({ hostname: 'web-01', os: 'Debian', osVersion: '12', ipAddresses: ['10.0.0.7'] })).statusCode,
      200,
    );
    assert.equal(
      (await report({ hostname: 'web-01', os: 'Debian', osVersion: '13', ipAddresses: ['10.0.0.7', '10.0.0.8'] }))
        .statusCode,
      200,
    );

    const all = await events();
    assert.deepEqual(all.flatMap(columnShaped), []);
    const reported = all.find((event) => event.action === 'report')!;
    assert.deepEqual(reported.changes?.osVersion, { before: '12', after: '13' });
    assert.deepEqual(reported.changes?.ipAddresses, { before: ['10.0.0.7'], after: ['10.0.0.7', '10.0.0.8'] });
    const patched = all.find((event) => event.action === 'update' && event.resourceId === server.id)!;
    assert.deepEqual(patched.changes?.ipAddresses, { before: ['10.0.0.5'], after: ['10.0.0.6'] });
  });

  it('messages use the family nouns: "a category", "an application"', async () => {
    const { key } = await setUp(h);
    const missing = '00000000-0000-7000-8000-000000000001';
    const app = await h.call('POST', '/public/v1/applications', { key, body: { name: 'x', categoryId: missing } });
    assert.equal(app.statusCode, 422);
    assert.equal(errorOf(app).message, 'categoryId does not name a category of this workspace');
    const flow = await h.call('POST', '/public/v1/flows', {
      key,
      body: { name: 'x', sourceApplicationId: missing, targetApplicationId: missing },
    });
    assert.equal(errorOf(flow).message, 'sourceApplicationId does not name an application of this workspace');
    const contract = await h.call('POST', '/public/v1/contracts', {
      key,
      body: { name: 'x', vendor: 'y', startDate: '2026-01-01', applicationIds: [missing] },
    });
    assert.equal(errorOf(contract).message, 'applicationIds does not name an application of this workspace');
  });

  it(
    'a delete releases what refers to it, ' +
      'each change audited on its own ' +
      'resource and moving its tracking field',
    async () => {
      const { ws, key, post, events } = await setUp(h);
      const app = await post('applications', Application, { name: 'ERP' });
      const tag = await post('tags', Tag, { name: 'pci' });
      assert.equal((await h.call('PUT', `/public/v1/applications/${app.id}/tags/${tag.id}`, { key })).statusCode, 204);
      const linked = bodyOf(Application, await h.call('GET', `/public/v1/applications/${app.id}`, { key }));
      await new Promise((resolve) => setTimeout(resolve, 5));

      // Deleting a linked tag: an unlink event on the application, whose updatedAt moves.
      assert.equal((await h.call('DELETE', `/public/v1/tags/${tag.id}`, { key })).statusCode, 204);
      const afterTag = bodyOf(Application, await h.call('GET', `/public/v1/applications/${app.id}`, { key }));
      assert.ok(afterTag.updatedAt > linked.updatedAt, 'updatedAt moved');
      const unlink = (await events({ resourceType: 'application' })).find((event) => event.action === 'unlink');
      assert.deepEqual(unlink?.changes, { tags: { before: tag.id, after: null } });

      // Deleting a server linked to the application: an unlink of servers on the application.
      const server = await post('servers', Server, { name: 'db-01' });
      await h.call('PUT', `/public/v1/applications/${app.id}/servers/${server.id}`, { key });
      await h.call('DELETE', `/public/v1/servers/${server.id}`, { key });
      const serverUnlink = (await events({ resourceType: 'application', actions: 'unlink' })).map(
        (event) => event.changes,
      );
      assert.deepEqual(serverUnlink[0], { servers: { before: server.id, after: null } });

      // Deleting the application: the contract no longer lists it, its flows go, its discovered
      // software returns to triage.
      const other = await post('applications', Application, { name: 'CRM' });
      const contract = await post('contracts', contracts.definition.schemas.item, {
        name: 'c',
        vendor: 'v',
        startDate: '2026-01-01',
        applicationIds: [app.id, other.id],
      });
      const flow = await post('flows', flows.definition.schemas.item, {
        name: 'f',
        sourceApplicationId: app.id,
        targetApplicationId: other.id,
      });
      const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'agent' });
      await h.call('POST', '/agent/v1/report', {
        headers: { authorization: `Bearer ${agent.token}` },
        body: {
          host: { kind: 'server', hostname: 'h1' },
          software: [{ name: 'erp-server', vendor: 'SAP', version: '1' }],
        },
      });
      const found = (await listingClient(h, key, discoveredListing).list()).data[0]!;
      assert.equal(
        (
          await h.call('PATCH', `/public/v1/discovered-applications/${found.id}`, {
            key,
            body: { applicationId: app.id },
          })
        ).statusCode,
        200,
      );
      await new Promise((resolve) => setTimeout(resolve, 5));

      assert.equal((await h.call('DELETE', `/public/v1/applications/${app.id}`, { key })).statusCode, 204);
      const afterContract = bodyOf(
        contracts.definition.schemas.item,
        await h.call('GET', `/public/v1/contracts/${contract.id}`, { key }),
      );
      assert.deepEqual(afterContract.applicationIds, [other.id]);
      assert.ok(afterContract.updatedAt > contract.updatedAt);
      const contractEvent = (await events({ resourceType: 'contract', actions: 'update' }))[0];
      assert.deepEqual(contractEvent?.changes, { applicationIds: { before: [app.id, other.id], after: [other.id] } });
      assert.equal((await h.call('GET', `/public/v1/flows/${flow.id}`, { key })).statusCode, 404);
      assert.equal((await events({ resourceType: 'flow', actions: 'delete' }))[0]?.resourceId, flow.id);
      const triaged = await listingClient(h, key, discoveredListing).get(found.id);
      assert.equal(triaged.status, 'new');
      assert.ok(triaged.lastUpdate > found.lastUpdate);
      const back = (await events({ resourceType: 'discovered_application' }))[0];
      assert.deepEqual(back?.changes, {
        status: { before: 'linked', after: 'new' },
        applicationId: { before: app.id, after: null },
      });
    },
  );

  it('a person who leaves is unlinked and unassigned everywhere, each change audited', async () => {
    const { ws, key, post, events } = await setUp(h);
    const member = await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: ws.id, email: `bob-${ws.id}@x.test`, name: 'Bob', role: 'read' },
      CLI_ACTOR,
    );
    const app = await post('applications', Application, { name: 'ERP' });
    const team = await post('teams', teams.definition.schemas.item, { name: 'Platform' });
    const laptop = await post('workstations', workstations.definition.schemas.item, {
      name: 'LT-1',
      assignedUserId: member.userId,
    });
    await h.call('PUT', `/public/v1/applications/${app.id}/owners/${member.userId}`, { key });
    await h.call('PUT', `/public/v1/teams/${team.id}/members/${member.userId}`, { key });
    const removed = await h.call('DELETE', `/public/v1/members/${member.id}`, { key });
    assert.equal(removed.statusCode, 204, removed.body);
    assert.deepEqual(
      bodyOf(Type.Array(User), await h.call('GET', `/public/v1/applications/${app.id}/owners`, { key })),
      [],
    );
    assert.equal(
      bodyOf(workstations.definition.schemas.item, await h.call('GET', `/public/v1/workstations/${laptop.id}`, { key }))
        .assignedUserId,
      null,
    );
    const all = await events();
    assert.deepEqual(all.find((e) => e.resourceId === app.id && e.action === 'unlink')?.changes, {
      owners: { before: member.userId, after: null },
    });
    assert.deepEqual(all.find((e) => e.resourceId === team.id && e.action === 'unlink')?.changes, {
      members: { before: member.userId, after: null },
    });
    assert.deepEqual(all.find((e) => e.resourceId === laptop.id && e.action === 'update')?.changes, {
      assignedUserId: { before: member.userId, after: null },
    });
  });

  it('enums sort by meaning and networks by address', async () => {
    const { key, post } = await setUp(h);
    for (const criticality of ['medium', 'low', 'critical', 'high'])
      await post('applications', Application, { name: criticality, criticality });
    const order = async (sort: string) =>
      bodyOf(applications.list, await h.call('GET', '/public/v1/applications', { key, query: { sort } })).data.map(
        (a) => a.criticality,
      );
    assert.deepEqual(await order('criticality'), ['low', 'medium', 'high', 'critical']);
    assert.deepEqual(await order('-criticality'), ['critical', 'high', 'medium', 'low']);
    for (const cidr of ['10.1.10.0/24', '10.1.2.0/24', '2001:db8::/48', '9.0.0.0/8', '10.1.2.0/23'])
      await post('networks', networks.definition.schemas.item, {
        name: cidr,
        cidr: cidr === '10.1.2.0/23' ? '10.1.2.0/23' : cidr,
      });
    const cidrs = bodyOf(
      networks.list,
      await h.call('GET', '/public/v1/networks', { key, query: { sort: 'cidr' } }),
    ).data.map((n) => n.cidr);
    assert.deepEqual(cidrs, ['9.0.0.0/8', '10.1.2.0/23', '10.1.2.0/24', '10.1.10.0/24', '2001:db8::/48']);
  });

  it('unknown stays null: no environment, lifecycle, criticality, protocol or frequency is made up', async () => {
    const { ws, post } = await setUp(h);
    const server = await post('servers', Server, { name: 'db-01' });
    assert.equal(server.environment, null);
    assert.equal(server.lastReportAt, null);
    const app = await post('applications', Application, { name: 'ERP' });
    assert.equal(app.lifecycleStatus, null);
    assert.equal(app.criticality, null);
    const flow = await post('flows', flows.definition.schemas.item, {
      name: 'f',
      sourceApplicationId: app.id,
      targetApplicationId: (await post('applications', Application, { name: 'CRM' })).id,
    });
    assert.equal(flow.protocol, null);
    assert.equal(flow.frequency, null);
    const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'agent' });
    await h.call('POST', '/agent/v1/report', {
      headers: { authorization: `Bearer ${agent.token}` },
      body: { host: { kind: 'server', hostname: 'h1' }, software: [] },
    });
    const reported = await h.database.db
      .selectFrom('servers')
      .select(['environment'])
      .where('workspace_id', '=', ws.id)
      .where('automatic', '=', 1)
      .executeTakeFirstOrThrow();
    assert.equal(reported.environment, null);
  });

  it('an agent report keeps facts it omits, matches host names case-insensitively, records lastReportAt', async () => {
    const { ws, key } = await setUp(h);
    const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'agent' });
    const report = (host: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      h.call('POST', '/agent/v1/report', {
        headers: { authorization: `Bearer ${agent.token}` },
        body: { host: { kind: 'server', ...host }, software: [], ...extra },
      });
    assert.equal(
      (await report({ hostname: 'QA-HOST-1', os: 'Debian', manufacturer: 'Dell Inc.' }, { agentVersion: '1.2.0' }))
        .statusCode,
      200,
    );
    assert.equal((await report({ hostname: 'qa-host-1' })).statusCode, 200);
    const listed = bodyOf(servers.list, await h.call('GET', '/public/v1/servers', { key })).data;
    assert.equal(listed.length, 1);
    assert.equal(listed[0]!.hostname, 'QA-HOST-1', 'a change of letter case is no rename');
    assert.equal(listed[0]!.os, 'Debian');
    assert.equal(listed[0]!.manufacturer, 'Dell Inc.');
    assert.ok(listed[0]!.lastReportAt);
    const enrolled = await listingClient(h, key, agentListing).get(agent.id);
    assert.equal(enrolled.version, '1.2.0');
    const renames = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', { key, query: { resourceType: 'server', actions: 'report' } }),
    ).data;
    assert.ok(
      renames.every((event) => !event.changes?.hostname),
      'no rename event',
    );
  });
});
