/**
 * Saved views of the lists (GET/POST /ui/api/views, DELETE /ui/api/views/{id}): private or shared
 * with the workspace, deleted by their creator (admins also shared ones), never across workspaces;
 * and the saved_views table.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { SavedView, ViewList } from '../../../src/surfaces/console/lists.schemas.js';
import { personIn, signIn, type ConsoleClient } from '../../support/console.js';
import { describeEachDatabase } from '../../support/harness.js';

const query = { environment: 'production', sort: '-name', columns: ['name', 'hostname'] };

async function save(client: ConsoleClient, name: string, shared: boolean, family = 'servers'): Promise<SavedView> {
  const answer = await client.call('POST', '/ui/api/views', { family, name, shared, query });
  assert.equal(answer.statusCode, 201, answer.body);
  return answer.json() as SavedView;
}

async function names(client: ConsoleClient, family = 'servers'): Promise<string[]> {
  const answer = await client.call('GET', `/ui/api/views?family=${family}`);
  assert.equal(answer.statusCode, 200, answer.body);
  return (answer.json() as ViewList).data.map((view) => view.name);
}

describeEachDatabase('console API: saved views', (h) => {
  it('a shared view is offered to every member of the workspace, a private one only to its creator', async () => {
    const ws = await h.workspace();
    const ada = await signIn(h, (await personIn(h, ws, 'write', 'Ada')).email);
    const bob = await signIn(h, (await personIn(h, ws, 'read', 'Bob')).email);
    const shared = await save(ada, 'Production', true);
    await save(ada, 'Mine only', false);
    assert.deepEqual(shared.query, query);
    assert.deepEqual([shared.mine, shared.shared, shared.ownerName], [true, true, 'Ada']);
    assert.deepEqual(await names(ada), ['Mine only', 'Production']);
    assert.deepEqual(await names(bob), ['Production']);
    const seen = ((await bob.call('GET', '/ui/api/views?family=servers')).json() as ViewList).data[0]!;
    assert.deepEqual([seen.mine, seen.ownerName, seen.query], [false, 'Ada', query]);
    assert.deepEqual(await names(ada, 'applications'), [], 'views belong to their list');
  });

  it(
    "is deleted by its creator; a shared one also by an admin, not by another member (403); another's " +
      'private one is not found',
    async () => {
      const ws = await h.workspace();
      const ada = await signIn(h, (await personIn(h, ws, 'write', 'Ada')).email);
      const bob = await signIn(h, (await personIn(h, ws, 'write', 'Bob')).email);
      const admin = await signIn(h, (await personIn(h, ws, 'admin', 'Ann Admin')).email);
      const shared = await save(ada, 'Shared', true);
      const secret = await save(ada, 'Secret', false);
      assert.equal((await bob.call('DELETE', `/ui/api/views/${shared.id}`)).statusCode, 403);
      assert.equal((await bob.call('DELETE', `/ui/api/views/${secret.id}`)).statusCode, 404);
      assert.equal((await admin.call('DELETE', `/ui/api/views/${secret.id}`)).statusCode, 404);
      assert.equal((await admin.call('DELETE', `/ui/api/views/${shared.id}`)).statusCode, 204);
      assert.equal((await ada.call('DELETE', `/ui/api/views/${secret.id}`)).statusCode, 204);
      assert.deepEqual(await names(ada), []);
    },
  );

  it("an admin of workspace A never sees, nor deletes, workspace B's views", async () => {
    const a = await h.workspace('A');
    const b = await h.workspace('B');
    const attacker = await signIn(h, (await personIn(h, a, 'admin', 'Attacker')).email);
    const owner = await signIn(h, (await personIn(h, b, 'write', 'Victim')).email);
    const theirs = await save(owner, 'B shared', true);
    assert.deepEqual(await names(attacker), []);
    const deleted = await attacker.call('DELETE', `/ui/api/views/${theirs.id}`);
    assert.equal(deleted.statusCode, 404, deleted.body);
    // A body cannot name a workspace: the view is made in the session's.
    const named = await attacker.call('POST', '/ui/api/views', {
      family: 'servers',
      name: 'x',
      shared: true,
      query: {},
      workspaceId: b.id,
    });
    assert.equal(named.statusCode, 400, named.body);
    assert.deepEqual(await names(owner), ['B shared']);
  });

  it('checks its input: a known list, a name, a query of parameters; the CSRF token and the session', async () => {
    const ws = await h.workspace();
    const writer = await signIn(h, (await personIn(h, ws, 'write')).email);
    for (const body of [
      { family: 'nothing', name: 'x', shared: false, query: {} },
      { family: 'servers', name: ' ', shared: false, query: {} },
      { family: 'servers', name: 'x', shared: 'yes', query: {} },
      { family: 'servers', name: 'x', shared: false, query: { sort: { nested: true } } },
    ]) {
      const answer = await writer.call('POST', '/ui/api/views', body);
      assert.equal(answer.statusCode, 400, answer.body);
    }
    const forged = await writer.call(
      'POST',
      '/ui/api/views',
      { family: 'servers', name: 'x', shared: false, query: {} },
      { 'x-csrf-token': 'no' },
    );
    assert.equal(forged.statusCode, 403);
    assert.equal((await h.app.inject({ method: 'GET', url: '/ui/api/views?family=servers' })).statusCode, 401);
  });
});
