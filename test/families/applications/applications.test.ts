import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import { describeEachDatabase } from '../../support/harness.js';
import { Type } from 'typebox';
import { applications } from '../../../src/families/applications/applications.module.js';
import { Application, Comment } from '../../../src/families/applications/applications.schemas.js';
import { categories } from '../../../src/families/categories/categories.module.js';
import { Server } from '../../../src/families/servers/servers.module.js';
import { Tag } from '../../../src/families/tags/tags.schemas.js';
import { teams } from '../../../src/families/teams/teams.module.js';
import { bodyOf, errorOf, familyClient } from '../../support/typed.js';

describeEachDatabase('applications', (h) => {
  it('create with every field, get, patch (before/after audited), list with filters and sort, delete', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const category = bodyOf(
      categories.definition.schemas.item,
      await h.call('POST', '/public/v1/categories', { key: key.secret, body: { name: 'CRM' } }),
    );
    const body = {
      name: 'Salesforce Sales Cloud',
      description: 'Sales pipeline',
      vendor: 'Salesforce',
      version: '2024.2',
      url: 'https://acme.my.salesforce.com',
      lifecycleStatus: 'active',
      criticality: 'high',
      hostingType: 'saas',
      categoryId: category.id,
      catalogEntryId: 'postgresql',
      businessValue: 5,
      technicalFit: 4,
      userCount: 250,
      planDate: '2023-01-01',
      phaseInDate: '2023-03-01',
      activeDate: '2023-06-01',
    };
    const created = await h.call('POST', '/public/v1/applications', { key: key.secret, body });
    assert.equal(created.statusCode, 201, created.body);
    const app = bodyOf(Application, created);
    for (const [field, value] of Object.entries(body)) assert.deepEqual(app[field as keyof typeof app], value, field);
    assert.equal(app.phaseOutDate, null);
    const patched = await h.call('PATCH', `/public/v1/applications/${app.id}`, {
      key: key.secret,
      body: { criticality: 'critical', userCount: 300 },
    });
    assert.equal(patched.statusCode, 200);
    assert.equal(bodyOf(Application, patched).vendor, 'Salesforce');
    const audit = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', {
        key: key.secret,
        query: { resourceType: 'application', actions: 'update' },
      }),
    );
    assert.deepEqual(audit.data[0]!.changes, {
      criticality: { before: 'high', after: 'critical' },
      userCount: { before: 250, after: 300 },
    });
    await h.call('POST', '/public/v1/applications', {
      key: key.secret,
      body: { name: 'Jira', criticality: 'low', lifecycleStatus: 'phase_out' },
    });
    const list = async (query: Record<string, string>) =>
      bodyOf(applications.list, await h.call('GET', '/public/v1/applications', { key: key.secret, query }));
    assert.deepEqual(
      (await list({ criticality: 'critical' })).data.map((a) => a.name),
      ['Salesforce Sales Cloud'],
    );
    assert.deepEqual(
      (await list({ lifecycleStatus: 'phase_out' })).data.map((a) => a.name),
      ['Jira'],
    );
    assert.deepEqual(
      (await list({ categoryId: category.id })).data.map((a) => a.name),
      ['Salesforce Sales Cloud'],
    );
    assert.deepEqual(
      (await list({ sort: '-name' })).data.map((a) => a.name),
      ['Salesforce Sales Cloud', 'Jira'],
    );
    assert.deepEqual((await list({ q: 'sales' })).pagination, { limit: 50, offset: 0, total: 1 });
    assert.equal(
      (await h.call('GET', '/public/v1/applications', { key: key.secret, query: { criticality: 'urgent' } }))
        .statusCode,
      400,
    );
    assert.equal(
      (await h.call('GET', '/public/v1/applications', { key: key.secret, query: { colour: 'red' } })).statusCode,
      400,
    );
    assert.equal(
      (await h.call('DELETE', `/public/v1/categories/${category.id}`, { key: key.secret })).statusCode,
      422,
      'a category with applications cannot go',
    );
    assert.equal((await h.call('DELETE', `/public/v1/applications/${app.id}`, { key: key.secret })).statusCode, 204);
    assert.equal((await h.call('GET', `/public/v1/applications/${app.id}`, { key: key.secret })).statusCode, 404);
  });

  it('400 for unparseable bodies, 422 for broken rules', async () => {
    const other = await h.key(await h.workspace('other'));
    const key = await h.key(await h.workspace());
    const foreignCategory = await familyClient(h, other.secret, categories).create({ name: 'X' });
    const post = (body: unknown) => h.call('POST', '/public/v1/applications', { key: key.secret, body });
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'A', businessValue: 6 }, 'businessValue'],
      [{ name: 'A', businessValue: '5' }, 'businessValue'],
      [{ name: 'A', criticality: 'urgent' }, 'criticality'],
      [{ name: 'A', owner: 'me' }, 'owner'],
      [{ name: 'A', planDate: '2023-02-30' }, 'planDate'],
      [{ name: 'A', url: 'not a url' }, 'url'],
      [{ name: 'A', categoryId: 'x' }, 'categoryId'],
    ] as const) {
      const res = await post(body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.match(errorOf(res).message, new RegExp(field));
    }
    for (const [body, pattern] of [
      [{ name: 'A', categoryId: foreignCategory.id }, /categoryId/],
      [{ name: 'A', catalogEntryId: 'no-such-entry' }, /catalogEntryId/],
      [{ name: 'A', activeDate: '2024-01-01', phaseOutDate: '2023-01-01' }, /phaseOutDate.*before.*activeDate/],
    ] as const) {
      const res = await post(body);
      assert.equal(res.statusCode, 422, JSON.stringify(body));
      assert.match(errorOf(res).message, pattern);
    }
    assert.equal((await familyClient(h, key.secret, applications).list()).pagination.total, 0, 'nothing half-written');
  });

  it('links: owners, tags, teams and servers are idempotent, bare arrays, move updatedAt, audited once', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const app = bodyOf(
      Application,
      await h.call('POST', '/public/v1/applications', { key: key.secret, body: { name: 'ERP' } }),
    );
    const tag = bodyOf(Tag, await h.call('POST', '/public/v1/tags', { key: key.secret, body: { name: 'sox' } }));
    const team = bodyOf(
      teams.definition.schemas.item,
      await h.call('POST', '/public/v1/teams', { key: key.secret, body: { name: 'Finance IT' } }),
    );
    const server = bodyOf(
      Server,
      await h.call('POST', '/public/v1/servers', { key: key.secret, body: { name: 'erp-db-01' } }),
    );
    const links = [
      ['owners', ws.admin.userId],
      ['tags', tag.id],
      ['teams', team.id],
      ['servers', server.id],
    ] as const;
    let updatedAt = app.updatedAt;
    for (const [segment, id] of links) {
      await new Promise((r) => setTimeout(r, 3));
      assert.equal(
        (await h.call('PUT', `/public/v1/applications/${app.id}/${segment}/${id}`, { key: key.secret })).statusCode,
        204,
      );
      assert.equal(
        (await h.call('PUT', `/public/v1/applications/${app.id}/${segment}/${id}`, { key: key.secret })).statusCode,
        204,
      );
      // Owners, tags, teams and servers: each a bare array of items with an id.
      const listed = bodyOf(
        Type.Array(Type.Object({ id: Type.String() })),
        await h.call('GET', `/public/v1/applications/${app.id}/${segment}`, { key: key.secret }),
      );
      assert.deepEqual(
        listed.map((x) => x.id),
        [id],
        segment,
      );
      const now = bodyOf(
        Application,
        await h.call('GET', `/public/v1/applications/${app.id}`, { key: key.secret }),
      ).updatedAt;
      assert.ok(now > updatedAt, `${segment} link moves updatedAt`);
      updatedAt = now;
    }
    assert.deepEqual(
      bodyOf(
        Type.Array(Application),
        await h.call('GET', `/public/v1/servers/${server.id}/applications`, { key: key.secret }),
      ).map((a) => a.id),
      [app.id],
    );
    assert.equal(
      bodyOf(
        applications.list,
        await h.call('GET', '/public/v1/applications', { key: key.secret, query: { tagId: tag.id } }),
      ).pagination.total,
      1,
    );
    const events = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', {
        key: key.secret,
        query: { resourceId: app.id, actions: 'link' },
      }),
    );
    assert.equal(events.total, 4);
    assert.equal((await h.call('DELETE', `/public/v1/tags/${tag.id}`, { key: key.secret })).statusCode, 204);
    assert.deepEqual(
      bodyOf(Type.Array(Tag), await h.call('GET', `/public/v1/applications/${app.id}/tags`, { key: key.secret })),
      [],
      'deleting a tag unlinks it',
    );
    for (const [segment, id] of links.slice(0, 1)) {
      assert.equal(
        (await h.call('DELETE', `/public/v1/applications/${app.id}/${segment}/${id}`, { key: key.secret })).statusCode,
        204,
      );
      assert.equal(
        (await h.call('DELETE', `/public/v1/applications/${app.id}/${segment}/${id}`, { key: key.secret })).statusCode,
        204,
      );
    }
    assert.equal((await h.call('DELETE', `/public/v1/applications/${app.id}`, { key: key.secret })).statusCode, 204);
    const leftovers = await h.database.db
      .selectFrom('application_servers')
      .selectAll()
      .where('application_id', '=', app.id)
      .execute();
    assert.equal(leftovers.length, 0, 'deleting an application removes its links');
  });

  it('comments: POST needs applications:comment, signs with the key, moves updatedAt; GET: a bare array', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const writer = await h.key(ws, { scopes: ['applications:read', 'applications:edit'] });
    const app = bodyOf(
      Application,
      await h.call('POST', '/public/v1/applications', { key: key.secret, body: { name: 'CRM' } }),
    );
    assert.equal(
      errorOf(
        await h.call('POST', `/public/v1/applications/${app.id}/comments`, {
          key: writer.secret,
          body: { body: 'hi' },
        }),
      ).message,
      'missing permission: applications:comment',
    );
    const created = await h.call('POST', `/public/v1/applications/${app.id}/comments`, {
      key: key.secret,
      body: { body: ' Renewal approved. ' },
    });
    assert.equal(created.statusCode, 201);
    assert.deepEqual(bodyOf(Comment, created).author, { type: 'api_key', id: key.id, name: key.name });
    assert.equal(bodyOf(Comment, created).body, 'Renewal approved.');
    assert.equal(
      (await h.call('POST', `/public/v1/applications/${app.id}/comments`, { key: key.secret, body: { body: '  ' } }))
        .statusCode,
      400,
    );
    const comments = bodyOf(
      Type.Array(Comment),
      await h.call('GET', `/public/v1/applications/${app.id}/comments`, { key: key.secret }),
    );
    assert.deepEqual(
      comments.map((c) => c.body),
      ['Renewal approved.'],
    );
    assert.ok(
      bodyOf(Application, await h.call('GET', `/public/v1/applications/${app.id}`, { key: key.secret })).updatedAt >
        app.updatedAt,
    );
    const audit = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { actions: 'comment' } }),
    );
    assert.equal(audit.total, 1);
  });

  it("another workspace's application → the same 404 for reads, writes, links and deletes", async () => {
    const key = await h.key(await h.workspace());
    const otherWs = await h.workspace('other');
    const other = await h.key(otherWs);
    const foreign = bodyOf(
      Application,
      await h.call('POST', '/public/v1/applications', { key: other.secret, body: { name: 'Theirs' } }),
    );
    const mineTag = bodyOf(Tag, await h.call('POST', '/public/v1/tags', { key: key.secret, body: { name: 'mine' } }));
    const requests = [
      ['GET', `/public/v1/applications/${foreign.id}`],
      ['PATCH', `/public/v1/applications/${foreign.id}`],
      ['DELETE', `/public/v1/applications/${foreign.id}`],
      ['GET', `/public/v1/applications/${foreign.id}/tags`],
      ['PUT', `/public/v1/applications/${foreign.id}/tags/${mineTag.id}`],
      ['POST', `/public/v1/applications/${foreign.id}/comments`],
    ] as const;
    for (const [method, url] of requests) {
      const res = await h.call(method, url, {
        key: key.secret,
        body: method === 'PATCH' ? { name: 'x' } : method === 'POST' ? { body: 'x' } : undefined,
      });
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assert.deepEqual(errorOf(res), { code: 'not_found', message: 'application not found', status: 404 });
    }
    assert.equal((await familyClient(h, other.secret, applications).get(foreign.id)).name, 'Theirs', 'untouched');
  });
});
