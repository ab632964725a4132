/** The audit log's actor filter finds members, API keys and agents by name (GET /ui/api/audit-actors). */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { enrollAgent } from '../../../src/features/agents/agents.service.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import type { AuditActor, AuditActorList } from '../../../src/surfaces/console/audit-actors.routes.js';
import { personIn, signIn } from '../../support/console.js';
import { describeEachDatabase } from '../../support/harness.js';

describeEachDatabase('console API: audit log actors by name', (h) => {
  it('finds members by name or e-mail, keys and agents by name, in the selected workspace only', async () => {
    const a = await h.workspace('A');
    const b = await h.workspace('B');
    const admin = await personIn(h, a, 'admin', 'Vint Cerf');
    await personIn(h, a, 'write', 'Vint Cerf');
    const theirs = await personIn(h, b, 'admin', 'Vint Cerf');
    await h.key(a, { name: 'vint sync' });
    await h.key(b, { name: 'vint other' });
    await enrollAgent(h.database, { workspaceId: a.id, name: 'vint-host agent' }, CLI_ACTOR);
    const client = await signIn(h, admin.email);

    const found = await client.call('GET', '/ui/api/audit-actors?q=vint');
    assert.equal(found.statusCode, 200, found.body);
    const list = found.json() as AuditActorList;
    assert.deepEqual(list.data.map((actor) => [actor.type, actor.name]).sort(), [
      ['agent', 'vint-host agent'],
      ['api_key', 'vint sync'],
      ['member', 'Vint Cerf'],
      ['member', 'Vint Cerf'],
    ]);
    assert.equal(list.total, 4);
    // Two people of one name are told apart by their e-mail.
    const details = list.data.filter((actor) => actor.type === 'member').map((actor) => actor.detail);
    assert.equal(new Set(details).size, 2);
    assert.ok(details.some((detail) => detail?.includes(admin.email)));

    const one = await client.call('GET', `/ui/api/audit-actors/${admin.id}`);
    assert.equal((one.json() as AuditActor).name, 'Vint Cerf');
    // B's member, from A's session: not found, as any id that is not A's.
    const foreign = await client.call('GET', `/ui/api/audit-actors/${theirs.id}`);
    assert.equal(foreign.statusCode, 404, foreign.body);
  });

  it('needs audit_log:read, as the audit log does (403 for a read member)', async () => {
    const ws = await h.workspace();
    const reader = await signIn(h, (await personIn(h, ws, 'read')).email);
    assert.equal((await reader.call('GET', '/ui/api/audit-actors?q=a')).statusCode, 403);
    assert.equal((await h.app.inject({ method: 'GET', url: '/ui/api/audit-actors' })).statusCode, 401);
  });
});
