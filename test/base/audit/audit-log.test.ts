import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AuditList, type AuditEvent } from '../../../src/base/audit/audit.schemas.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { ErrorBody } from '../../../src/base/http/errors.js';
import { newId } from '../../../src/base/ids.js';
import { revokeKey, rotateKey } from '../../../src/features/accounts/keys/keys.service.js';
import { hashSecret } from '../../../src/features/accounts/keys/key-secret.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { setRolePermissions } from '../../../src/features/accounts/roles/custom-roles.service.js';
import { describeEachDatabase, type Harness, type Workspace, serviceFamilies } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

/** Inserts `count` synthetic events one millisecond apart, oldest first, starting at `start`. */
async function seedEvents(h: Harness, ws: Workspace, count: number, start = Date.parse('2026-01-01T00:00:00.000Z')) {
  const rows = Array.from({ length: count }, (_, i) => ({
    workspace_id: ws.id,
    id: newId(),
    timestamp: new Date(start + i).toISOString(),
    category: i % 2 === 0 ? 'inventory' : 'organisation',
    action: (['create', 'update', 'delete'] as const)[i % 3]!,
    actor_type: 'system',
    actor_id: null,
    actor_name: 'seed',
    resource_type: 'server',
    resource_id: newId(),
    resource_name: `server-${String(i).padStart(4, '0')}`,
    changes: null,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await h.database.db
      .insertInto('audit_events')
      .values(rows.slice(i, i + 500))
      .execute();
  return rows;
}

async function walk(h: Harness, key: string, query: Record<string, string | string[]>) {
  const seen: AuditEvent[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page += 1) {
    const res = await h.call('GET', '/public/v1/audit-log', {
      key,
      query: { ...query, ...(cursor ? { cursor } : {}) },
    });
    assert.equal(res.statusCode, 200);
    const body = bodyOf(AuditList, res);
    seen.push(...body.data);
    if (!body.hasMore) {
      assert.equal('nextCursor' in body, false, 'nextCursor is absent on the last page');
      return { seen, total: body.total };
    }
    cursor = body.nextCursor;
  }
  throw new Error('walk did not end');
}

describeEachDatabase('GET /audit-log', (h) => {
  it('records workspace, member, role and key lifecycle events with their actor, and never a secret', async () => {
    const ws = await h.workspace('Lifecycle');
    const key = await h.key(ws, { name: 'lifecycle key' });
    const rotated = await rotateKey(h.database, key.id);
    await setRolePermissions(
      h.database,
      h.registry,
      { workspaceId: ws.id, role: 'read', scopes: ['tenant:read'] },
      CLI_ACTOR,
    );
    const other = await h.key(ws, { name: 'to revoke' });
    await revokeKey(h.database, other.id);
    const { seen } = await walk(h, rotated.secret, {});
    const summary = seen.map((e) => `${e.category}/${e.action}/${e.resourceType}`).reverse();
    assert.deepEqual(summary, [
      'settings/create/workspace',
      'organisation/create/member',
      'access/create/api_key',
      'access/rotate/api_key',
      'access/update/role',
      'access/create/api_key',
      'access/revoke/api_key',
    ]);
    const keyCreate = seen.find((e) => e.action === 'create' && e.resourceId === key.id)!;
    assert.deepEqual(keyCreate.actor, { type: 'member', id: ws.admin.id, name: ws.admin.name });
    assert.equal(keyCreate.resourceName, 'lifecycle key');
    const serialized = JSON.stringify(seen);
    for (const secret of [key.secret, rotated.secret, other.secret]) {
      assert.ok(!serialized.includes(secret), 'no secret in audit events');
      assert.ok(!serialized.includes(hashSecret(secret)), 'no secret hash in audit events');
    }
  });

  it('an event exists exactly when its change committed: a rejected change leaves no event', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const before = bodyOf(AuditList, await h.call('GET', '/public/v1/audit-log', { key: key.secret })).total;
    await assert.rejects(
      addMember(
        h.database,
        serviceFamilies,
        { workspaceId: ws.id, email: ws.admin.email, name: 'Again', role: 'read' },
        CLI_ACTOR,
      ),
    );
    assert.equal(bodyOf(AuditList, await h.call('GET', '/public/v1/audit-log', { key: key.secret })).total, before);
  });

  it('is ordered by (timestamp, id) newest first, ties broken by id', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const timestamp = '2030-01-01T00:00:00.000Z';
    const ids = [newId(), newId(), newId()];
    await h.database.db
      .insertInto('audit_events')
      .values(
        ids.map((id) => ({
          workspace_id: ws.id,
          id,
          timestamp,
          category: 'inventory',
          action: 'create',
          actor_type: 'system',
          actor_id: null,
          actor_name: 's',
          resource_type: 'server',
          resource_id: null,
          resource_name: 'tie',
          changes: null,
        })),
      )
      .execute();
    const data = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { limit: '3' } }),
    ).data;
    assert.deepEqual(
      data.map((e) => e.id),
      [...ids].sort().reverse(),
    );
    const all = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { limit: '200' } }),
    ).data;
    for (let i = 1; i < all.length; i += 1) {
      const [a, b] = [all[i - 1]!, all[i]!];
      assert.ok(a.timestamp > b.timestamp || (a.timestamp === b.timestamp && a.id > b.id), 'strictly descending');
    }
  });

  it('limit defaults to 50, is clamped to 200 and to at least 1, never rejected', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    await seedEvents(h, ws, 260);
    const length = async (limit?: string) =>
      bodyOf(
        AuditList,
        await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: limit === undefined ? {} : { limit } }),
      ).data.length;
    assert.equal(await length(), 50);
    assert.equal(await length('500'), 200);
    assert.equal(await length('0'), 1);
    assert.equal(await length('-7'), 1);
    assert.equal(await length('120'), 120);
  });

  it('the cursor walk returns every event exactly once, with total, hasMore and nextCursor', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    await seedEvents(h, ws, 230);
    const { seen, total } = await walk(h, key.secret, { limit: '40' });
    assert.equal(total, seen.length);
    assert.equal(new Set(seen.map((e) => e.id)).size, seen.length);
  });

  it('the unfiltered total stays exact across multi-row inserts and deletes', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const rows = await seedEvents(h, ws, 1200);
    await h.database.db
      .deleteFrom('audit_events')
      .where('workspace_id', '=', ws.id)
      .where(
        'id',
        'in',
        rows.slice(0, 100).map((r) => r.id),
      )
      .execute();
    const counted = await h.database.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', ws.id)
      .executeTakeFirstOrThrow();
    const total = bodyOf(AuditList, await h.call('GET', '/public/v1/audit-log', { key: key.secret })).total;
    assert.equal(total, Number(counted.n));
    assert.equal(total, 1100 + 3, '1,100 seeded plus workspace, member and key creation');
  });

  it('the cursor stays correct while new events arrive: no repeats, no skips of older events', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const rows = await seedEvents(h, ws, 120);
    const first = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { limit: '50', resourceType: 'server' } }),
    );
    await seedEvents(h, ws, 30, Date.parse('2026-06-01T00:00:00.000Z'));
    const second = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', {
        key: key.secret,
        query: { limit: '50', resourceType: 'server', cursor: first.nextCursor! },
      }),
    );
    const expected = rows
      .map((r) => r.id)
      .reverse()
      .slice(50, 100);
    assert.deepEqual(
      second.data.map((e) => e.id),
      expected,
    );
    assert.equal(second.total, 150, 'total counts events matching the filters now');
  });

  it('filters: from/to, actorId, category, repeated actions, resourceType, resourceId, query', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const rows = await seedEvents(h, ws, 30);
    const q = async (query: Record<string, string | string[]>) =>
      bodyOf(
        AuditList,
        await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { ...query, limit: '200' } }),
      );
    const between = await q({ from: rows[10]!.timestamp, to: rows[19]!.timestamp });
    assert.equal(between.total, 10);
    assert.ok(between.data.every((e) => e.timestamp >= rows[10]!.timestamp && e.timestamp <= rows[19]!.timestamp));
    const offsetForm = await q({ from: '2026-01-01T01:00:00.010+01:00', to: rows[19]!.timestamp });
    assert.equal(offsetForm.total, 10, 'from with an offset means the same instant');
    assert.equal((await q({ category: 'inventory', resourceType: 'server' })).total, 15);
    assert.equal((await q({ actions: ['create', 'delete'], resourceType: 'server' })).total, 20);
    assert.equal(
      (await q({ actions: 'update' })).data.every((e) => e.action === 'update'),
      true,
    );
    assert.equal((await q({ resourceId: rows[3]!.resource_id })).data[0]!.resourceName, 'server-0003');
    assert.equal((await q({ query: 'SERVER-002' })).total, 10);
    assert.equal((await q({ query: '100%' })).total, 0, 'wildcards in query are literal');
    assert.equal((await q({ actorId: ws.admin.id })).total, 1, 'the admin created the key');
  });

  it('400 for bad values: unknown category, action or resource type, bad cursor, bad date', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const code = async (query: Record<string, string | string[]>) =>
      bodyOf(ErrorBody, await h.call('GET', '/public/v1/audit-log', { key: key.secret, query })).code;
    assert.equal(await code({ category: 'money' }), 'bad_request');
    assert.equal(await code({ actions: ['create', 'explode'] }), 'bad_request');
    assert.equal(await code({ resourceType: 'spaceship' }), 'bad_request');
    assert.equal(await code({ cursor: 'not-a-cursor' }), 'bad_request');
    assert.equal(
      await code({ cursor: Buffer.from('["2026-01-01T00:00:00.000Z","x"]').toString('base64url') }),
      'bad_request',
    );
    assert.equal(await code({ to: '31/12/2026' }), 'invalid_datetime');
    assert.equal(await code({ limit: 'ten' }), 'bad_request');
  });

  it("returns only the key's own workspace events", async () => {
    const a = await h.workspace('A');
    const b = await h.workspace('B');
    await seedEvents(h, b, 5);
    const key = await h.key(a);
    const { seen } = await walk(h, key.secret, {});
    assert.ok(seen.every((e) => e.resourceName !== null && !e.resourceName.startsWith('server-')));
  });
});
