import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { newId, nowIso } from '../../../src/base/ids.js';
import { Type } from 'typebox';
import { agentListing } from '../../../src/features/agents/agents.module.js';
import { applications } from '../../../src/families/applications/applications.module.js';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import { announcements } from '../../../src/families/announcements/announcements.module.js';
import { contracts } from '../../../src/families/contracts/contracts.module.js';
import { dataObjects } from '../../../src/families/data-objects/data-objects.module.js';
import { discoveredListing } from '../../../src/features/discovered/discovered-applications.module.js';
import { flows } from '../../../src/families/flows/flows.module.js';
import { Network, networks, Router, routers } from '../../../src/families/networks/networks.module.js';
import { servers } from '../../../src/families/servers/servers.module.js';
import { workstations } from '../../../src/families/workstations/workstations.module.js';
import { Tag } from '../../../src/families/tags/tags.schemas.js';
import { userListing } from '../../../src/families/people/users.module.js';
import { describeEachDatabase, type Harness, serviceFamilies } from '../../support/harness.js';
import { bodyOf, errorOf, familyClient, listingClient } from '../../support/typed.js';

const post = (h: Harness, key: string, path: string, body: unknown) =>
  h.call('POST', `/public/v1/${path}`, { key, body });

describeEachDatabase('networks and routers', (h) => {
  it('a network keeps a canonical CIDR; host bits or bad addresses are 400; a gateway outside is 422', async () => {
    const key = (await h.key(await h.workspace())).secret;
    const net = await post(h, key, 'networks', {
      name: 'Prod',
      cidr: '10.20.0.0/24',
      vlan: 120,
      gateway: '10.20.0.1',
      environment: 'production',
    });
    assert.equal(net.statusCode, 201, net.body);
    const prod = bodyOf(Network, net);
    assert.equal(prod.cidr, '10.20.0.0/24');
    assert.equal(
      (await familyClient(h, key, networks).create({ name: 'v6', cidr: '2001:db8::/48' })).cidr,
      '2001:db8::/48',
    );
    for (const cidr of ['10.20.0.5/24', '10.0.0.0/33', 'banana', '300.1.1.0/24']) {
      const res = await post(h, key, 'networks', { name: 'x', cidr });
      assert.equal(res.statusCode, 400, cidr);
      assert.match(errorOf(res).message, /cidr/);
    }
    assert.equal((await post(h, key, 'networks', { name: 'x', cidr: '10.0.0.0/24', vlan: 4095 })).statusCode, 400);
    assert.equal(
      (await post(h, key, 'networks', { name: 'x', cidr: '10.0.0.0/24', gateway: '10.0.1.1' })).statusCode,
      422,
    );
    assert.equal(
      (await h.call('PATCH', `/public/v1/networks/${prod.id}`, { key, body: { cidr: '10.30.0.0/24' } })).statusCode,
      422,
      'the gateway would fall outside',
    );
    assert.deepEqual(
      (await familyClient(h, key, networks).list({ vlan: '120' })).data.map((n) => n.name),
      ['Prod'],
    );
  });

  it('routers link networks and tags; GET /networks/{id}/routers shows the other side', async () => {
    const key = (await h.key(await h.workspace())).secret;
    const net = await familyClient(h, key, networks).create({ name: 'Core', cidr: '10.0.0.0/16' });
    const router = await familyClient(h, key, routers).create({
      name: 'edge-1',
      manufacturer: 'Cisco',
      managementIp: '10.0.255.1',
    });
    const tag = bodyOf(Tag, await post(h, key, 'tags', { name: 'edge' }));
    assert.equal((await h.call('PUT', `/public/v1/routers/${router.id}/networks/${net.id}`, { key })).statusCode, 204);
    assert.equal((await h.call('PUT', `/public/v1/routers/${router.id}/tags/${tag.id}`, { key })).statusCode, 204);
    assert.deepEqual(
      bodyOf(Type.Array(Router), await h.call('GET', `/public/v1/networks/${net.id}/routers`, { key })).map(
        (r) => r.id,
      ),
      [router.id],
    );
    assert.deepEqual(
      bodyOf(Type.Array(Tag), await h.call('GET', `/public/v1/routers/${router.id}/tags`, { key })).map((t) => t.name),
      ['edge'],
    );
    assert.equal((await familyClient(h, key, routers).list({ networkId: net.id })).pagination.total, 1);
    assert.equal((await post(h, key, 'routers', { name: 'x', managementIp: 'nope' })).statusCode, 400);
    assert.equal((await h.call('DELETE', `/public/v1/networks/${net.id}`, { key })).statusCode, 204);
    assert.deepEqual(
      bodyOf(Type.Array(Network), await h.call('GET', `/public/v1/routers/${router.id}/networks`, { key })),
      [],
    );
  });
});

describeEachDatabase('workstations, data objects, contracts, flows, announcements', (h) => {
  it('workstations: assigned to a workspace user (else 422), warranty after purchase, filters', async () => {
    const ws = await h.workspace();
    const other = await h.workspace('other');
    const key = (await h.key(ws)).secret;
    const lt = await post(h, key, 'workstations', {
      name: 'LT-0042',
      manufacturer: 'Lenovo',
      assignedUserId: ws.admin.userId,
      purchaseDate: '2024-01-10',
      warrantyEnd: '2027-01-10',
    });
    assert.equal(lt.statusCode, 201, lt.body);
    const machines = familyClient(h, key, workstations);
    assert.equal(bodyOf(workstations.definition.schemas.item, lt).status, 'in_use');
    assert.equal((await machines.create({ name: 'spare' })).status, 'in_stock');
    assert.equal(
      (await post(h, key, 'workstations', { name: 'x', assignedUserId: other.admin.userId })).statusCode,
      422,
    );
    assert.equal(
      (await post(h, key, 'workstations', { name: 'x', purchaseDate: '2024-01-10', warrantyEnd: '2023-01-10' }))
        .statusCode,
      422,
    );
    assert.deepEqual(
      (await machines.list({ assigned: 'false' })).data.map((w) => w.name),
      ['spare'],
    );
    assert.deepEqual(
      (await machines.list({ warrantyEndsBefore: '2028-01-01' })).data.map((w) => w.name),
      ['LT-0042'],
    );
  });

  it('data objects carry applicationIds (replaced on PATCH; foreign ids 422) and filter by personal data', async () => {
    const key = (await h.key(await h.workspace())).secret;
    const otherKey = (await h.key(await h.workspace('o'))).secret;
    const a = await familyClient(h, key, applications).create({ name: 'CRM' });
    const b = await familyClient(h, key, applications).create({ name: 'ERP' });
    const foreign = await familyClient(h, otherKey, applications).create({ name: 'X' });
    const data = familyClient(h, key, dataObjects);
    const created = await post(h, key, 'data', {
      name: 'Customers',
      classification: 'confidential',
      personalData: true,
      applicationIds: [a.id],
    });
    assert.equal(created.statusCode, 201, created.body);
    const customers = bodyOf(dataObjects.definition.schemas.item, created);
    assert.deepEqual(customers.applicationIds, [a.id]);
    const patched = await data.update(customers.id, { applicationIds: [b.id, a.id] });
    assert.deepEqual([...patched.applicationIds].sort(), [a.id, b.id].sort());
    assert.equal((await post(h, key, 'data', { name: 'x', applicationIds: [foreign.id] })).statusCode, 422);
    assert.equal((await data.list({ personalData: 'true' })).pagination.total, 1);
    assert.equal((await data.list({ applicationId: b.id })).pagination.total, 1);
    const audit = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', { key, query: { resourceType: 'data_object', actions: 'update' } }),
    );
    assert.deepEqual(audit.data[0]!.changes?.applicationIds?.before, [a.id]);
    assert.equal((await h.call('DELETE', `/public/v1/applications/${a.id}`, { key })).statusCode, 204);
    assert.deepEqual((await data.get(customers.id)).applicationIds, [b.id]);
  });

  it('contracts: end before start is 422; the tenant currency is the default; filters on end date', async () => {
    const key = (await h.key(await h.workspace())).secret;
    const ok = await post(h, key, 'contracts', {
      name: 'Salesforce 2026',
      vendor: 'Salesforce',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      amount: 120000.5,
      seats: 250,
      noticePeriodDays: 90,
    });
    assert.equal(ok.statusCode, 201, ok.body);
    const contract = bodyOf(contracts.definition.schemas.item, ok);
    assert.equal(contract.currency, 'EUR');
    assert.equal(contract.amount, 120000.5);
    assert.equal(contract.billingPeriod, null, 'unknown stays null');
    const bad = await post(h, key, 'contracts', {
      name: 'x',
      vendor: 'y',
      startDate: '2026-06-01',
      endDate: '2026-01-01',
    });
    assert.equal(bad.statusCode, 422);
    assert.match(errorOf(bad).message, /endDate/);
    assert.equal(
      (await post(h, key, 'contracts', { name: 'x', vendor: 'y' })).statusCode,
      400,
      'startDate is required',
    );
    assert.equal(
      (await post(h, key, 'contracts', { name: 'x', vendor: 'y', startDate: '2026-01-01', currency: 'euro' }))
        .statusCode,
      400,
    );
    assert.equal(
      (await h.call('PATCH', `/public/v1/contracts/${contract.id}`, { key, body: { startDate: '2027-01-01' } }))
        .statusCode,
      422,
    );
    assert.equal((await familyClient(h, key, contracts).list({ endsBefore: '2027-01-01' })).pagination.total, 1);
    assert.equal((await familyClient(h, key, contracts).list({ endsBefore: '2026-06-01' })).pagination.total, 0);
  });

  it('flows: two applications of the workspace (else 422), data objects, deleted with an application', async () => {
    const key = (await h.key(await h.workspace())).secret;
    const a = await familyClient(h, key, applications).create({ name: 'Shop' });
    const b = await familyClient(h, key, applications).create({ name: 'Invoicing' });
    const data = await familyClient(h, key, dataObjects).create({ name: 'Orders' });
    const flow = await post(h, key, 'flows', {
      name: 'Orders',
      sourceApplicationId: a.id,
      targetApplicationId: b.id,
      protocol: 'amqp',
      frequency: 'real_time',
      dataObjectIds: [data.id],
    });
    assert.equal(flow.statusCode, 201, flow.body);
    const orders = bodyOf(flows.definition.schemas.item, flow);
    assert.deepEqual(orders.dataObjectIds, [data.id]);
    assert.equal(
      (await post(h, key, 'flows', { name: 'loop', sourceApplicationId: a.id, targetApplicationId: a.id })).statusCode,
      422,
    );
    assert.equal(
      (await post(h, key, 'flows', { name: 'x', sourceApplicationId: a.id, targetApplicationId: newId() })).statusCode,
      422,
    );
    assert.equal((await familyClient(h, key, flows).list({ applicationId: b.id })).pagination.total, 1);
    assert.equal((await h.call('DELETE', `/public/v1/applications/${a.id}`, { key })).statusCode, 204);
    assert.equal(
      (await h.call('GET', `/public/v1/flows/${orders.id}`, { key })).statusCode,
      404,
      'deleting an application removes its flows',
    );
  });

  it('announcements: publication window (endsAt ≥ startsAt, else 422) and the active filter', async () => {
    const key = (await h.key(await h.workspace())).secret;
    const now = Date.now();
    const iso = (offsetMs: number) => new Date(now + offsetMs).toISOString();
    await post(h, key, 'announcements', {
      title: 'Now',
      body: 'b',
      severity: 'warning',
      startsAt: iso(-3600_000),
      endsAt: iso(3600_000),
    });
    await post(h, key, 'announcements', { title: 'Later', body: 'b', startsAt: iso(86400_000) });
    await post(h, key, 'announcements', { title: 'Past', body: 'b', startsAt: iso(-7200_000), endsAt: iso(-3600_000) });
    assert.equal(
      (await post(h, key, 'announcements', { title: 'x', body: 'b', startsAt: iso(0), endsAt: iso(-1) })).statusCode,
      422,
    );
    assert.equal(
      errorOf(await post(h, key, 'announcements', { title: 'x', body: 'b', startsAt: 'tomorrow' })).code,
      'invalid_datetime',
    );
    const news = familyClient(h, key, announcements);
    assert.deepEqual(
      (await news.list({ active: 'true' })).data.map((a) => a.title),
      ['Now'],
    );
    assert.deepEqual(
      (await news.list({ active: 'false', sort: 'title' })).data.map((a) => a.title),
      ['Later', 'Past'],
    );
  });
});

describeEachDatabase('agents and discovered applications (read)', (h) => {
  it('GET /agents shows status and lastSeenAt, never a token; GET /discovered-applications filters', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const agentId = newId();
    await h.database.db
      .insertInto('agents')
      .values({
        workspace_id: ws.id,
        id: agentId,
        name: 'db agent',
        token_hash: 'h'.repeat(64),
        token_prefix: 'sva_x',
        hostname: 'db-01',
        version: '0.1.0',
        created_at: nowIso(),
        last_seen_at: nowIso(),
        revoked_at: null,
        report_window_start: null,
        report_window_count: 0,
        fleet: 0,
      })
      .execute();
    const agents = await listingClient(h, key, agentListing).list();
    assert.equal(agents.data[0]!.status, 'active');
    assert.ok(!JSON.stringify(agents).includes('h'.repeat(64)));
    assert.equal((await listingClient(h, key, agentListing).list({ status: 'revoked' })).pagination.total, 0);
    const server = await familyClient(h, key, servers).create({ name: 'db-01' });
    await h.database.db
      .insertInto('discovered_applications')
      .values({
        workspace_id: ws.id,
        id: newId(),
        name: 'postgresql',
        vendor: 'PostgreSQL Global Development Group',
        name_key: 'postgresql',
        vendor_key: 'postgresql global development group',
        version: '15.4',
        server_id: server.id,
        workstation_id: null,
        agent_id: agentId,
        status: 'new',
        application_id: null,
        catalog_entry_id: 'postgresql',
        first_seen_at: nowIso(),
        last_seen_at: nowIso(),
        missing_since: null,
        last_update: nowIso(),
      })
      .execute();
    const discovered = listingClient(h, key, discoveredListing);
    const found = await discovered.list({ status: 'new', serverId: server.id });
    assert.equal(found.data[0]!.name, 'postgresql');
    assert.equal((await discovered.get(found.data[0]!.id)).catalogEntryId, 'postgresql');
    assert.equal(
      (await h.call('GET', '/public/v1/discovered-applications', { key, query: { status: 'triaged' } })).statusCode,
      400,
    );
    assert.equal((await h.call('DELETE', `/public/v1/servers/${server.id}`, { key })).statusCode, 204);
    assert.equal((await discovered.list()).pagination.total, 0, 'deleting a host removes its software');
  });

  it('GET /users lists people added later too', async () => {
    const ws = await h.workspace();
    await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: ws.id, email: 'zed@acme.test', name: 'Zed', role: 'read' },
      CLI_ACTOR,
    );
    const key = (await h.key(ws)).secret;
    assert.equal((await listingClient(h, key, userListing).list({ q: 'zed' })).pagination.total, 1);
  });
});
