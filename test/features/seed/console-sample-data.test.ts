import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { onlyIfEmpty } from '../../../src/features/seed/console.routes.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { personIn, signIn } from '../../support/console.js';
import { describeEachDatabase, type Harness, type Workspace, serviceFamilies } from '../../support/harness.js';

/** How many servers the public API lists in a workspace. */
async function serverCount(h: Harness, workspace: Workspace): Promise<number> {
  const key = (await h.key(workspace)).secret;
  const answer = await h.call('GET', '/public/v1/servers', { key, query: { limit: '1' } });
  return (answer.json() as { pagination: { total: number } }).pagination.total;
}

describeEachDatabase('console: Load sample data', (h) => {
  it("fills an empty workspace with the seed generator's small estate, for its admin, once", async () => {
    const ws = await h.workspace('Demo');
    const admin = await signIn(h, (await personIn(h, ws, 'admin')).email);
    const loaded = await admin.call('POST', '/ui/api/sample-data', {});
    assert.equal(loaded.statusCode, 201, loaded.body);
    const { created } = loaded.json() as { created: Record<string, number> };
    assert.ok((created.servers ?? 0) > 0 && (created.applications ?? 0) > 0, loaded.body);
    assert.equal(await serverCount(h, ws), created.servers);

    // Not twice: the workspace holds an inventory now.
    const again = await admin.call('POST', '/ui/api/sample-data', {});
    assert.equal(again.statusCode, 409);
    assert.equal((again.json() as { code: string }).code, 'conflict');
    assert.match((again.json() as { message: string }).message, /only loaded into an empty workspace/);
    assert.equal(await serverCount(h, ws), created.servers);
  });

  it('two loads at once (two instances) fill the workspace once: the check runs under its write lock', async () => {
    const ws = await h.workspace();
    const load = () => seedWorkspace(h.database, { workspaceId: ws.id, size: 50, check: onlyIfEmpty(ws.id) });
    const outcomes = await Promise.allSettled([load(), load()]);
    const loaded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    assert.equal(loaded.length, 1);
    assert.match(String((refused[0] as PromiseRejectedResult).reason), /only loaded into an empty workspace/);
    assert.equal(await serverCount(h, ws), (loaded[0] as PromiseFulfilledResult<{ servers: number }>).value.servers);
  });

  it('is refused (409) on a workspace that holds anything, which stays as it was', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const tag = await h.call('POST', '/public/v1/tags', { key, body: { name: 'mine' } });
    assert.equal(tag.statusCode, 201, tag.body);
    const admin = await signIn(h, (await personIn(h, ws, 'admin')).email);
    const refused = await admin.call('POST', '/ui/api/sample-data', {});
    assert.equal(refused.statusCode, 409);
    assert.equal(await serverCount(h, ws), 0);
  });

  it('is for admins only (403 for write and read members)', async () => {
    const ws = await h.workspace();
    for (const role of ['read', 'write'] as const) {
      const member = await signIn(h, (await personIn(h, ws, role)).email);
      const refused = await member.call('POST', '/ui/api/sample-data', {});
      assert.equal(refused.statusCode, 403, `${role}: ${refused.body}`);
    }
    assert.equal(await serverCount(h, ws), 0);
  });

  it("an admin of workspace A cannot fill workspace B: B is never named, and A's session acts only on A", async () => {
    const a = await h.workspace('A');
    const b = await h.workspace('B');
    const attacker = await personIn(h, a, 'admin', 'Attacker Admin');
    const client = await signIn(h, attacker.email);

    // Naming B in the body is refused before anything is done.
    const named = await client.call('POST', '/ui/api/sample-data', { workspaceId: b.id });
    assert.equal(named.statusCode, 400, named.body);
    // Selecting B, where the attacker is no member, is refused.
    const switched = await client.call('PUT', '/ui/api/session/workspace', { workspaceId: b.id });
    assert.notEqual(switched.statusCode, 200);
    // As a read member of B, B selected: not an admin there.
    await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: b.id, email: attacker.email, name: attacker.name, role: 'read' },
      CLI_ACTOR,
    );
    const selected = await client.call('PUT', '/ui/api/session/workspace', { workspaceId: b.id });
    assert.equal(selected.statusCode, 200, selected.body);
    const asReader = await client.call('POST', '/ui/api/sample-data', {});
    assert.equal(asReader.statusCode, 403, asReader.body);
    assert.equal(await serverCount(h, b), 0);
    assert.equal(await serverCount(h, a), 0);
  });

  it('without a session, or without the CSRF token, nothing is loaded', async () => {
    const ws = await h.workspace();
    const anonymous = await h.app.inject({ method: 'POST', url: '/ui/api/sample-data', payload: {} });
    assert.equal(anonymous.statusCode, 401);
    const admin = await signIn(h, (await personIn(h, ws, 'admin')).email);
    const forged = await admin.call('POST', '/ui/api/sample-data', {}, { 'x-csrf-token': 'forged' });
    assert.equal(forged.statusCode, 403);
    assert.equal(await serverCount(h, ws), 0);
  });
});
