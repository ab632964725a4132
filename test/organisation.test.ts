import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CLI_ACTOR } from '../src/audit/audit.types.js';
import { addMember } from '../src/members/members.service.js';
import { describeEachDatabase } from './support/harness.js';

describeEachDatabase('categories', (h) => {
  it('CRUD: 201 create, 200 get/patch, 204 delete; one audit event per write with before/after on update', async () => {
    const key = await h.key(await h.workspace());
    const created = await h.call('POST', '/public/v1/categories', { key: key.secret, body: { name: 'Finance', description: 'Money' } });
    assert.equal(created.statusCode, 201);
    const id = created.json().id;
    assert.equal(created.json().parentId, null);
    const patched = await h.call('PATCH', `/public/v1/categories/${id}`, { key: key.secret, body: { name: 'Finance & Accounting' } });
    assert.equal(patched.statusCode, 200);
    assert.equal(patched.json().description, 'Money', 'omitted fields keep their value');
    assert.ok(patched.json().updatedAt >= created.json().updatedAt);
    const cleared = await h.call('PATCH', `/public/v1/categories/${id}`, { key: key.secret, body: { description: null } });
    assert.equal(cleared.json().description, null);
    assert.equal((await h.call('DELETE', `/public/v1/categories/${id}`, { key: key.secret })).statusCode, 204);
    const audit = (await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { resourceType: 'category', limit: '10' } })).json();
    assert.deepEqual(audit.data.map((e: any) => e.action), ['delete', 'update', 'update', 'create']);
    assert.deepEqual(audit.data[2].changes, { name: { before: 'Finance', after: 'Finance & Accounting' } });
  });

  it('a tree via parentId; a parent not in the workspace → 422; a cycle → 422; deleting a parent → 422', async () => {
    const key = await h.key(await h.workspace());
    const other = await h.key(await h.workspace('other'));
    const root = (await h.call('POST', '/public/v1/categories', { key: key.secret, body: { name: 'Root' } })).json();
    const child = (await h.call('POST', '/public/v1/categories', { key: key.secret, body: { name: 'Child', parentId: root.id } })).json();
    const grandchild = (await h.call('POST', '/public/v1/categories', { key: key.secret, body: { name: 'Grandchild', parentId: child.id } })).json();
    const foreign = (await h.call('POST', '/public/v1/categories', { key: other.secret, body: { name: 'Foreign' } })).json();
    const bad = await h.call('POST', '/public/v1/categories', { key: key.secret, body: { name: 'X', parentId: foreign.id } });
    assert.equal(bad.statusCode, 422);
    assert.match(bad.json().message, /parentId/);
    const cycle = await h.call('PATCH', `/public/v1/categories/${root.id}`, { key: key.secret, body: { parentId: grandchild.id } });
    assert.equal(cycle.statusCode, 422);
    const self = await h.call('PATCH', `/public/v1/categories/${root.id}`, { key: key.secret, body: { parentId: root.id } });
    assert.equal(self.statusCode, 422);
    const del = await h.call('DELETE', `/public/v1/categories/${child.id}`, { key: key.secret });
    assert.equal(del.statusCode, 422);
    const children = (await h.call('GET', '/public/v1/categories', { key: key.secret, query: { parentId: root.id } })).json();
    assert.deepEqual(children.data.map((c: any) => c.name), ['Child']);
    const roots = (await h.call('GET', '/public/v1/categories', { key: key.secret, query: { root: 'true' } })).json();
    assert.deepEqual(roots.data.map((c: any) => c.name), ['Root']);
    assert.equal((await h.call('GET', '/public/v1/categories', { key: key.secret, query: { root: 'maybe' } })).statusCode, 400);
  });

  it('another workspace\'s category → the same 404 for read, patch and delete', async () => {
    const key = await h.key(await h.workspace());
    const other = await h.key(await h.workspace('other'));
    const foreign = (await h.call('POST', '/public/v1/categories', { key: other.secret, body: { name: 'Foreign' } })).json();
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await h.call(method, `/public/v1/categories/${foreign.id}`, { key: key.secret, body: method === 'PATCH' ? { name: 'x' } : undefined });
      assert.equal(res.statusCode, 404, method);
      assert.deepEqual(res.json(), { code: 'not_found', message: 'category not found', status: 404 });
    }
  });
});

describeEachDatabase('teams, users and members', (h) => {
  it('team members: idempotent PUT/DELETE links (204), bare array, updatedAt moves, one audit event per change', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const team = (await h.call('POST', '/public/v1/teams', { key: key.secret, body: { name: 'Platform', email: 'platform@acme.test' } })).json();
    const userId = ws.admin.userId;
    await new Promise((r) => setTimeout(r, 5));
    for (let i = 0; i < 2; i += 1) assert.equal((await h.call('PUT', `/public/v1/teams/${team.id}/members/${userId}`, { key: key.secret })).statusCode, 204);
    const members = await h.call('GET', `/public/v1/teams/${team.id}/members`, { key: key.secret });
    assert.ok(Array.isArray(members.json()), 'a bare array');
    assert.deepEqual(members.json().map((u: any) => u.id), [userId]);
    const linked = (await h.call('GET', `/public/v1/teams/${team.id}`, { key: key.secret })).json();
    assert.ok(linked.updatedAt > team.updatedAt, 'linking moves updatedAt');
    const byMember = (await h.call('GET', '/public/v1/teams', { key: key.secret, query: { memberId: userId } })).json();
    assert.equal(byMember.pagination.total, 1);
    for (let i = 0; i < 2; i += 1) assert.equal((await h.call('DELETE', `/public/v1/teams/${team.id}/members/${userId}`, { key: key.secret })).statusCode, 204);
    assert.deepEqual((await h.call('GET', `/public/v1/teams/${team.id}/members`, { key: key.secret })).json(), []);
    const audit = (await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { resourceType: 'team' } })).json();
    assert.deepEqual(audit.data.map((e: any) => e.action), ['unlink', 'link', 'create']);
  });

  it('linking a user who is not a member of the workspace → 404', async () => {
    const ws = await h.workspace();
    const other = await h.workspace('other');
    const key = await h.key(ws);
    const team = (await h.call('POST', '/public/v1/teams', { key: key.secret, body: { name: 'T' } })).json();
    const res = await h.call('PUT', `/public/v1/teams/${team.id}/members/${other.admin.userId}`, { key: key.secret });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().message, 'user not found');
  });

  it('deleting a team unlinks its members and lifts its sub-teams to the top', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const parent = (await h.call('POST', '/public/v1/teams', { key: key.secret, body: { name: 'Parent' } })).json();
    const sub = (await h.call('POST', '/public/v1/teams', { key: key.secret, body: { name: 'Sub', parentId: parent.id } })).json();
    await h.call('PUT', `/public/v1/teams/${parent.id}/members/${ws.admin.userId}`, { key: key.secret });
    assert.equal((await h.call('DELETE', `/public/v1/teams/${parent.id}`, { key: key.secret })).statusCode, 204);
    assert.equal((await h.call('GET', `/public/v1/teams/${sub.id}`, { key: key.secret })).json().parentId, null);
    const links = await h.database.db.selectFrom('team_members').selectAll().where('team_id', '=', parent.id).execute();
    assert.equal(links.length, 0);
  });

  it('GET /users and /users/{id} show the workspace\'s people only', async () => {
    const ws = await h.workspace();
    const other = await h.workspace('other');
    const key = await h.key(ws);
    const users = (await h.call('GET', '/public/v1/users', { key: key.secret })).json();
    assert.deepEqual(users.data.map((u: any) => u.id), [ws.admin.userId]);
    assert.equal((await h.call('GET', `/public/v1/users/${other.admin.userId}`, { key: key.secret })).statusCode, 404);
    assert.equal((await h.call('GET', `/public/v1/users/${ws.admin.userId}`, { key: key.secret })).json().email, ws.admin.email);
  });

  it('PATCH /members/{id} changes the role (audited); the last admin cannot be demoted or removed (422)', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const demote = await h.call('PATCH', `/public/v1/members/${ws.admin.id}`, { key: key.secret, body: { role: 'read' } });
    assert.equal(demote.statusCode, 422);
    assert.equal((await h.call('DELETE', `/public/v1/members/${ws.admin.id}`, { key: key.secret })).statusCode, 422);
    const second = await addMember(h.database, { workspaceId: ws.id, email: 'second@acme.test', name: 'Second', role: 'read' }, CLI_ACTOR);
    const promoted = await h.call('PATCH', `/public/v1/members/${second.id}`, { key: key.secret, body: { role: 'admin' } });
    assert.equal(promoted.json().role, 'admin');
    assert.equal((await h.call('PATCH', `/public/v1/members/${ws.admin.id}`, { key: key.secret, body: { role: 'write' } })).json().role, 'write');
    const audit = (await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { resourceType: 'member', actions: 'update' } })).json();
    assert.deepEqual(audit.data[0].changes, { role: { before: 'admin', after: 'write' } });
    assert.equal((await h.call('PATCH', `/public/v1/members/${second.id}`, { key: key.secret, body: { role: 'owner' } })).statusCode, 400);
    assert.equal((await h.call('DELETE', `/public/v1/members/${ws.admin.id}`, { key: key.secret })).statusCode, 204);
    const list = (await h.call('GET', '/public/v1/members', { key: key.secret })).json();
    assert.deepEqual(list.data.map((m: any) => m.id), [second.id]);
  });

  it('removing a member removes their team memberships, ownerships and workstation assignments', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const reader = await addMember(h.database, { workspaceId: ws.id, email: 'r@acme.test', name: 'R', role: 'read' }, CLI_ACTOR);
    const team = (await h.call('POST', '/public/v1/teams', { key: key.secret, body: { name: 'T' } })).json();
    await h.call('PUT', `/public/v1/teams/${team.id}/members/${reader.userId}`, { key: key.secret });
    const app = (await h.call('POST', '/public/v1/applications', { key: key.secret, body: { name: 'A' } })).json();
    await h.call('PUT', `/public/v1/applications/${app.id}/owners/${reader.userId}`, { key: key.secret });
    const laptop = (await h.call('POST', '/public/v1/workstations', { key: key.secret, body: { name: 'LT-1', assignedUserId: reader.userId } })).json();
    await h.call('DELETE', `/public/v1/members/${reader.id}`, { key: key.secret });
    assert.deepEqual((await h.call('GET', `/public/v1/teams/${team.id}/members`, { key: key.secret })).json(), []);
    const owners = await h.database.db.selectFrom('application_owners').selectAll().where('application_id', '=', app.id).execute();
    assert.equal(owners.length, 0);
    assert.equal((await h.call('GET', `/public/v1/workstations/${laptop.id}`, { key: key.secret })).json().assignedUserId, null);
  });
});
