/**
 * Real responses of every list, single-resource and sub-resource GET validate against the
 * schemas the OpenAPI document declares for them.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { newId, nowIso } from '../../../src/base/ids.js';
import { enrollAgent } from '../../../src/features/agents/agents.service.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { createRole } from '../../../src/features/accounts/roles/custom-roles.service.js';
import { describeEachDatabase } from '../../support/harness.js';
import { inlined } from '../../support/api-document.js';

describeEachDatabase('responses match their declared schemas', (h) => {
  it('every GET route answers with a body valid against its OpenAPI 200 schema', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const post = async (path: string, body: unknown) => {
      const res = await h.call('POST', `/public/v1/${path}`, { key, body });
      assert.equal(res.statusCode, 201, `${path}: ${res.body}`);
      return res.json().id as string;
    };
    const category = await post('categories', { name: 'CRM' });
    const tag = await post('tags', { name: 't' });
    const field = await post('custom-fields', {
      family: 'servers',
      name: 'rack_unit',
      type: 'integer',
      minimum: 1,
      maximum: 48,
      default: 1,
    });
    const team = await post('teams', { name: 'Team' });
    const application = await post('applications', {
      name: 'App',
      categoryId: category,
      businessValue: 3,
      activeDate: '2024-01-01',
    });
    const other = await post('applications', { name: 'Other' });
    const server = await post('servers', { name: 'srv', ipAddresses: ['10.0.0.1'] });
    const network = await post('networks', { name: 'n', cidr: '10.0.0.0/24' });
    const router = await post('routers', { name: 'r' });
    const workstation = await post('workstations', {
      name: 'w',
      assignedUserId: ws.admin.userId,
      warrantyEnd: '2027-01-01',
    });
    const data = await post('data', { name: 'd', applicationIds: [application] });
    const contract = await post('contracts', {
      name: 'c',
      vendor: 'v',
      startDate: '2026-01-01',
      amount: 10,
      applicationIds: [application],
    });
    const flow = await post('flows', {
      name: 'f',
      sourceApplicationId: application,
      targetApplicationId: other,
      dataObjectIds: [data],
    });
    const announcement = await post('announcements', { title: 'a', body: 'b', startsAt: nowIso() });
    const role = await createRole(
      h.database,
      h.registry,
      {
        workspaceId: ws.id,
        name: 'staging',
        scopes: ['infrastructure:read'],
        restrictions: { servers: { tagId: [tag] } },
      },
      CLI_ACTOR,
    );
    await h.call('POST', `/public/v1/applications/${application}/comments`, { key, body: { body: 'c' } });
    for (const [path, id] of [
      ['applications', application],
      ['servers', server],
    ] as const) {
      await h.call('PUT', `/public/v1/${path}/${id}/owners/${ws.admin.userId}`, { key });
      await h.call('PUT', `/public/v1/${path}/${id}/tags/${tag}`, { key });
    }
    await h.call('PUT', `/public/v1/applications/${application}/teams/${team}`, { key });
    await h.call('PUT', `/public/v1/applications/${application}/servers/${server}`, { key });
    await h.call('PUT', `/public/v1/routers/${router}/networks/${network}`, { key });
    await h.call('PUT', `/public/v1/routers/${router}/tags/${tag}`, { key });
    await h.call('PUT', `/public/v1/teams/${team}/members/${ws.admin.userId}`, { key });
    const { id: agent } = await enrollAgent(h.database, { workspaceId: ws.id, name: 'a' });
    const discovered = newId();
    await h.database.db
      .insertInto('discovered_applications')
      .values({
        workspace_id: ws.id,
        id: discovered,
        name: 'nginx',
        vendor: 'F5',
        name_key: 'nginx',
        vendor_key: 'f5',
        version: '1.24',
        server_id: server,
        workstation_id: null,
        agent_id: agent,
        status: 'new',
        application_id: null,
        catalog_entry_id: null,
        first_seen_at: nowIso(),
        last_seen_at: nowIso(),
        missing_since: null,
        last_update: nowIso(),
      })
      .execute();

    const ids: Record<string, string> = {
      categories: category,
      tags: tag,
      'custom-fields': field,
      teams: team,
      applications: application,
      servers: server,
      networks: network,
      routers: router,
      workstations: workstation,
      data,
      contracts: contract,
      flows: flow,
      announcements: announcement,
      users: ws.admin.userId,
      members: ws.admin.id,
      agents: agent,
      'discovered-applications': discovered,
      roles: role.id,
    };
    // Routes with a required query parameter.
    const QUERIES: Record<string, Record<string, string>> = {
      '/public/v1/custom-fields/schema': { family: 'servers' },
    };
    const doc = inlined((await h.call('GET', '/openapi.json')).json());
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    let checked = 0;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/public/') || !item.get) continue;
      const family = path.split('/')[3]!;
      const url = path.replace('{id}', ids[family] ?? 'missing');
      assert.ok(!url.includes('{'), `${path} has an id to test with`);
      const res = await h.call('GET', url, { key, query: QUERIES[path] ?? {} });
      assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
      const schema = item.get.responses['200'].content['application/json'].schema;
      const validate = ajv.compile(schema);
      const body: any = res.json();
      const valid = validate(body) as boolean;
      assert.ok(valid, `${path}: ${ajv.errorsText(validate.errors)}`);
      const items = Array.isArray(body) ? body : Array.isArray(body.data) ? body.data : [body];
      assert.ok(items.length > 0, `${path} returned something to validate`);
      checked += 1;
    }
    assert.ok(checked >= 30, `checked ${checked} routes`);
  });
});
