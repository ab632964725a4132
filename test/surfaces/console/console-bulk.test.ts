/**
 * The console's bulk actions (POST /ui/api/bulk/{family}/delete|tag|link|set-field): one request, one write
 * transaction, every row through the family's service and audited as its single request, rows
 * refused reported and left whole, nothing outside the session's workspace touched.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import type { BulkResult } from '../../../src/surfaces/console/lists.schemas.js';
import { personIn, signIn, type ConsoleClient } from '../../support/console.js';
import { describeEachDatabase, type Harness, type Workspace } from '../../support/harness.js';

async function created(h: Harness, key: string, path: string, body: Record<string, unknown>): Promise<string> {
  const answer = await h.call('POST', `/public/v1/${path}`, { key, body });
  assert.equal(answer.statusCode, 201, answer.body);
  return (answer.json() as { id: string }).id;
}

async function servers(h: Harness, key: string, count: number, prefix = 'srv'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await created(h, key, 'servers', { name: `${prefix}-${i}` }));
  return ids;
}

async function bulk(client: ConsoleClient, path: string, body: unknown): Promise<BulkResult> {
  const answer = await client.call('POST', `/ui/api/bulk/${path}`, body);
  assert.equal(answer.statusCode, 200, answer.body);
  return answer.json() as BulkResult;
}

interface AuditRow {
  action: string;
  actor: { type: string; id: string };
  resourceType: string;
  resourceId: string;
  resourceName: string;
  changes: Record<string, { before: unknown; after: unknown }> | null;
}

async function eventsOf(h: Harness, key: string, resourceId: string): Promise<AuditRow[]> {
  const answer = await h.call('GET', '/public/v1/audit-log', { key, query: { resourceId, limit: '50' } });
  return (answer.json() as { data: AuditRow[] }).data;
}

async function writer(h: Harness, ws: Workspace): Promise<ConsoleClient> {
  return signIn(h, (await personIn(h, ws, 'write', 'Wes Writer')).email);
}

describeEachDatabase('console API: bulk actions', (h) => {
  it(
    "tags every row in one request, each audited as PUT /servers/{id}/tags/{tagId} is; another workspace's " +
      'server and an unknown id are refused as not found and never touched',
    async () => {
      const a = await h.workspace('A');
      const b = await h.workspace('B');
      const keyA = (await h.key(a)).secret;
      const keyB = (await h.key(b)).secret;
      const mine = await servers(h, keyA, 3);
      const [theirs] = await servers(h, keyB, 1);
      const tagId = await created(h, keyA, 'tags', { name: 'patch-tuesday' });
      const client = await writer(h, a);
      const unknown = randomUUID();

      const result = await bulk(client, 'servers/tag', { ids: [...mine, theirs, unknown], tagId });
      assert.deepEqual(result.applied, mine);
      assert.deepEqual(result.unchanged, []);
      assert.deepEqual(
        result.refused.map((refusal) => [refusal.id, refusal.code]),
        [
          [theirs, 'not_found'],
          [unknown, 'not_found'],
        ],
      );
      const tagged = await h.call('GET', '/public/v1/servers', { key: keyA, query: { tagId } });
      assert.equal((tagged.json() as { pagination: { total: number } }).pagination.total, 3);
      // B's server has no tag and no event from A's member.
      assert.deepEqual((await h.call('GET', `/public/v1/servers/${theirs}/tags`, { key: keyB })).json(), []);
      assert.deepEqual(
        (await eventsOf(h, keyB, theirs!)).map((event) => event.action),
        ['create'],
      );

      // The same event as the single request writes: one link on the server, the member as actor.
      const single = (await servers(h, keyA, 1, 'single'))[0]!;
      const put = await client.call('PUT', `/ui/api/v1/servers/${single}/tags/${tagId}`);
      assert.equal(put.statusCode, 204, put.body);
      const shape = (event: AuditRow) => ({ ...event, resourceId: '', resourceName: '' });
      const [singleEvent] = await eventsOf(h, keyA, single);
      for (const id of mine) {
        const events = await eventsOf(h, keyA, id);
        assert.deepEqual(
          events.map((event) => event.action),
          ['link', 'create'],
        );
        const event = events[0]!;
        assert.equal(event.actor.type, 'member');
        assert.deepEqual(shape(stripped(event)), shape(stripped(singleEvent!)));
      }

      // Again: nothing changes, nothing is recorded.
      const again = await bulk(client, 'servers/tag', { ids: mine, tagId });
      assert.deepEqual([again.applied, again.unchanged], [[], mine]);
      assert.equal((await eventsOf(h, keyA, mine[0]!)).length, 2);
    },
  );

  it('links servers to an application (Link to application), audited on each server', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const ids = await servers(h, key, 4);
    const applicationId = await created(h, key, 'applications', { name: 'SAP ERP' });
    const client = await writer(h, ws);
    const result = await bulk(client, 'servers/link', { ids, segment: 'applications', targetId: applicationId });
    assert.deepEqual(result.applied, ids);
    const linked = (await h.call('GET', `/public/v1/applications/${applicationId}/servers`, { key })).json() as {
      id: string;
    }[];
    assert.deepEqual(linked.map((server) => server.id).sort(), [...ids].sort());
    const [event] = await eventsOf(h, key, ids[0]!);
    assert.equal(event?.action, 'link');
    assert.deepEqual(event?.changes, { applications: { before: null, after: applicationId } });

    // A target of another workspace refuses the whole request (404), an unknown link is a 400.
    const other = await h.workspace();
    const foreign = await created(h, (await h.key(other)).secret, 'applications', { name: 'Theirs' });
    const refused = await client.call('POST', '/ui/api/bulk/servers/link', {
      ids,
      segment: 'applications',
      targetId: foreign,
    });
    assert.equal(refused.statusCode, 404, refused.body);
    const unknownLink = await client.call('POST', '/ui/api/bulk/servers/link', {
      ids,
      segment: 'routers',
      targetId: applicationId,
    });
    assert.equal(unknownLink.statusCode, 400, unknownLink.body);
    const untaggable = await client.call('POST', '/ui/api/bulk/workstations/tag', { ids, tagId: applicationId });
    assert.equal(untaggable.statusCode, 400, untaggable.body);
  });

  it(
    'deletes the rows that may go and refuses, whole, the one a rule keeps (a category in use), ' +
      'in one transaction; each delete audited',
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const used = await created(h, key, 'categories', { name: 'ERP' });
      const free = [await created(h, key, 'categories', { name: 'Spare 1' })];
      free.push(await created(h, key, 'categories', { name: 'Spare 2' }));
      await created(h, key, 'applications', { name: 'SAP', categoryId: used });
      const client = await writer(h, ws);

      const result = await bulk(client, 'categories/delete', { ids: [free[0], used, free[1]] });
      assert.deepEqual(result.applied, free);
      assert.equal(result.refused.length, 1);
      assert.equal(result.refused[0]?.id, used);
      assert.equal(result.refused[0]?.code, 'unprocessable_entity');
      assert.ok(result.refused[0]?.message);
      assert.equal((await h.call('GET', `/public/v1/categories/${used}`, { key })).statusCode, 200);
      assert.deepEqual(
        (await eventsOf(h, key, used)).map((event) => event.action),
        ['create'],
        'the refused row is left as it was: no event',
      );
      for (const id of free) {
        assert.equal((await h.call('GET', `/public/v1/categories/${id}`, { key })).statusCode, 404);
        assert.deepEqual(
          (await eventsOf(h, key, id)).map((event) => event.action),
          ['delete', 'create'],
        );
      }
    },
  );

  it('Set a field: every row checked and audited as a PATCH; other rows untouched', async () => {
    const a = await h.workspace('A');
    const b = await h.workspace('B');
    const keyA = (await h.key(a)).secret;
    const keyB = (await h.key(b)).secret;
    for (const key of [keyA, keyB]) {
      const field = await h.call('POST', '/public/v1/custom-fields', {
        key,
        body: { family: 'servers', name: 'rack_unit', type: 'integer', maximum: 48 },
      });
      assert.equal(field.statusCode, 201, field.body);
    }
    const mine = await servers(h, keyA, 3);
    const [theirs] = await servers(h, keyB, 1);
    await h.call('PATCH', `/public/v1/servers/${mine[2]}`, { key: keyA, body: { customFields: { rack_unit: 7 } } });
    const client = await writer(h, a);
    const result = await bulk(client, 'servers/set-field', { ids: [...mine, theirs], field: 'rack_unit', value: 7 });
    assert.deepEqual(result.applied.sort(), [mine[0], mine[1]].sort());
    assert.deepEqual(result.unchanged, [mine[2]]);
    assert.deepEqual(
      result.refused.map((refusal) => [refusal.id, refusal.code]),
      [[theirs, 'not_found']],
    );
    for (const id of mine) {
      const server = (await h.call('GET', `/public/v1/servers/${id}`, { key: keyA })).json() as {
        customFields: Record<string, unknown>;
      };
      assert.equal(server.customFields.rack_unit, 7);
    }
    const untouched = (await h.call('GET', `/public/v1/servers/${theirs}`, { key: keyB })).json() as {
      customFields: Record<string, unknown>;
    };
    assert.equal(untouched.customFields.rack_unit, null, "another workspace's server is never touched");
    const events = await eventsOf(h, keyA, mine[0]!);
    const update = events.find((event) => event.action === 'update')!;
    assert.deepEqual(update.changes?.['customFields.rack_unit'], { before: null, after: 7 });

    // A value the field refuses is refused on every row, naming the field; null clears it.
    const tooHigh = await bulk(client, 'servers/set-field', { ids: mine, field: 'rack_unit', value: 99 });
    assert.deepEqual(tooHigh.applied, []);
    assert.equal(tooHigh.refused.length, 3);
    assert.match(tooHigh.refused[0]!.message, /customFields\.rack_unit/);
    const unknown = await bulk(client, 'servers/set-field', { ids: mine, field: 'nope', value: 1 });
    assert.equal(unknown.refused.length, 3);
    const cleared = await bulk(client, 'servers/set-field', { ids: mine, field: 'rack_unit', value: null });
    assert.equal(cleared.applied.length, 3);
    const reader = await signIn(h, (await personIn(h, a, 'read', 'Rita Reader')).email);
    const refused = await reader.call('POST', '/ui/api/bulk/servers/set-field', {
      ids: mine,
      field: 'rack_unit',
      value: 1,
    });
    assert.equal(refused.statusCode, 403);
  });

  it('needs the scope of the single request: a read member may not delete or tag (403), nothing changes', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const ids = await servers(h, key, 2);
    const tagId = await created(h, key, 'tags', { name: 'x' });
    const reader = await signIn(h, (await personIn(h, ws, 'read')).email);
    for (const [path, body] of [
      ['servers/delete', { ids }],
      ['servers/tag', { ids, tagId }],
      ['servers/link', { ids, segment: 'tags', targetId: tagId }],
    ] as const) {
      const answer = await reader.call('POST', `/ui/api/bulk/${path}`, body);
      assert.equal(answer.statusCode, 403, `${path}: ${answer.body}`);
      assert.equal((answer.json() as { code: string }).code, 'insufficient_permission');
    }
    const total = (await h.call('GET', '/public/v1/servers', { key, query: { tagId } })).json() as {
      pagination: { total: number };
    };
    assert.equal(total.pagination.total, 0);
    assert.equal((await h.call('GET', `/public/v1/servers/${ids[0]}`, { key })).statusCode, 200);
  });

  it(
    'checks its input: at most 200 ids, each once, UUIDs only; an unknown list is 404; ' +
      'no session 401, no CSRF token 403',
    async () => {
      const ws = await h.workspace();
      const client = await writer(h, ws);
      const many = Array.from({ length: 201 }, () => randomUUID());
      const id = randomUUID();
      for (const body of [
        { ids: many },
        { ids: [id, id] },
        { ids: ['not-a-uuid'] },
        { ids: [] },
        { ids: [id], x: 1 },
      ]) {
        const answer = await client.call('POST', '/ui/api/bulk/servers/delete', body);
        assert.equal(answer.statusCode, 400, answer.body);
      }
      assert.equal((await client.call('POST', '/ui/api/bulk/keys/delete', { ids: [id] })).statusCode, 404);
      const anonymous = await h.app.inject({
        method: 'POST',
        url: '/ui/api/bulk/servers/delete',
        payload: { ids: [id] },
      });
      assert.equal(anonymous.statusCode, 401);
      const forged = await client.call('POST', '/ui/api/bulk/servers/delete', { ids: [id] }, { 'x-csrf-token': 'no' });
      assert.equal(forged.statusCode, 403);
    },
  );

  it('a bulk tag and delete running beside single links, unlinks and creates keep every count right', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const ids = await servers(h, key, 40);
    const tagId = await created(h, key, 'tags', { name: 'wave' });
    const client = await writer(h, ws);
    const singles = ids
      .slice(0, 10)
      .map((id, i) =>
        i % 2
          ? client.call('PUT', `/ui/api/v1/servers/${id}/tags/${tagId}`)
          : client.call('DELETE', `/ui/api/v1/servers/${id}/tags/${tagId}`),
      );
    const creates = Array.from({ length: 5 }, (_, i) =>
      h.call('POST', '/public/v1/servers', { key, body: { name: `new-${i}` } }),
    );
    const [tagged, deleted] = await Promise.all([
      bulk(client, 'servers/tag', { ids, tagId }),
      bulk(client, 'servers/delete', { ids: ids.slice(30) }),
      Promise.all([...singles, ...creates]),
    ]);
    assert.equal(deleted.applied.length, 10);
    assert.equal(tagged.applied.length + tagged.unchanged.length + tagged.refused.length, 40);

    // The totals the lists answer (kept by triggers) are the rows the database holds.
    const listed = (await h.call('GET', '/public/v1/servers', { key })).json() as { pagination: { total: number } };
    const rows = await h.database.db
      .selectFrom('servers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', ws.id)
      .executeTakeFirstOrThrow();
    assert.equal(listed.pagination.total, Number(rows.n));
    assert.equal(Number(rows.n), 35);
    const byTag = (await h.call('GET', '/public/v1/servers', { key, query: { tagId } })).json() as {
      pagination: { total: number };
    };
    const links = await h.database.db
      .selectFrom('server_tags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', ws.id)
      .where('tag_id', '=', tagId)
      .executeTakeFirstOrThrow();
    assert.equal(byTag.pagination.total, Number(links.n));
  });
});

/** An event without what differs from one row to another (its id and time). */
function stripped(event: AuditRow): AuditRow {
  const { id: _id, timestamp: _timestamp, ...rest } = event as AuditRow & { id: string; timestamp: string };
  return rest as AuditRow;
}
