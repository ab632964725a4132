import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { Type } from 'typebox';
import { applications } from '../../../src/families/applications/applications.module.js';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import { categories, Category } from '../../../src/families/categories/categories.module.js';
import { workstations } from '../../../src/families/workstations/workstations.module.js';
import { Member } from '../../../src/features/accounts/members/members.service.js';
import { memberListing } from '../../../src/features/accounts/members/memberships.js';
import { teams } from '../../../src/families/teams/teams.module.js';
import { User, userListing } from '../../../src/families/people/users.module.js';
import { describeEachDatabase, serviceFamilies } from '../../support/harness.js';
import { bodyOf, errorOf, familyClient, listingClient } from '../../support/typed.js';

describeEachDatabase('categories', (h) => {
  it('CRUD: 201 create, 200 get/patch, 204 delete; one audit event per write with before/after on update', async () => {
    const key = await h.key(await h.workspace());
    const created = await h.call('POST', '/public/v1/categories', {
      key: key.secret,
      body: { name: 'Finance', description: 'Money' },
    });
    assert.equal(created.statusCode, 201);
    const category = bodyOf(Category, created);
    const id = category.id;
    assert.equal(category.parentId, null);
    const patched = await h.call('PATCH', `/public/v1/categories/${id}`, {
      key: key.secret,
      body: { name: 'Finance & Accounting' },
    });
    assert.equal(patched.statusCode, 200);
    assert.equal(bodyOf(Category, patched).description, 'Money', 'omitted fields keep their value');
    assert.ok(bodyOf(Category, patched).updatedAt >= category.updatedAt);
    const cleared = await h.call('PATCH', `/public/v1/categories/${id}`, {
      key: key.secret,
      body: { description: null },
    });
    assert.equal(bodyOf(Category, cleared).description, null);
    assert.equal((await h.call('DELETE', `/public/v1/categories/${id}`, { key: key.secret })).statusCode, 204);
    const audit = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', {
        key: key.secret,
        query: { resourceType: 'category', limit: '10' },
      }),
    );
    assert.deepEqual(
      audit.data.map((e) => e.action),
      ['delete', 'update', 'update', 'create'],
    );
    assert.deepEqual(audit.data[2]!.changes, { name: { before: 'Finance', after: 'Finance & Accounting' } });
  });

  it('a tree via parentId; a parent not in the workspace → 422; a cycle → 422; deleting a parent → 422', async () => {
    const key = await h.key(await h.workspace());
    const other = await h.key(await h.workspace('other'));
    const root = await familyClient(h, key.secret, categories).create({ name: 'Root' });
    const child = await familyClient(h, key.secret, categories).create({ name: 'Child', parentId: root.id });
    const grandchild = await familyClient(h, key.secret, categories).create({ name: 'Grandchild', parentId: child.id });
    const foreign = await familyClient(h, other.secret, categories).create({ name: 'Foreign' });
    const bad = await h.call('POST', '/public/v1/categories', {
      key: key.secret,
      body: { name: 'X', parentId: foreign.id },
    });
    assert.equal(bad.statusCode, 422);
    assert.match(errorOf(bad).message, /parentId/);
    const cycle = await h.call('PATCH', `/public/v1/categories/${root.id}`, {
      key: key.secret,
      body: { parentId: grandchild.id },
    });
    assert.equal(cycle.statusCode, 422);
    const self = await h.call('PATCH', `/public/v1/categories/${root.id}`, {
      key: key.secret,
      body: { parentId: root.id },
    });
    assert.equal(self.statusCode, 422);
    const del = await h.call('DELETE', `/public/v1/categories/${child.id}`, { key: key.secret });
    assert.equal(del.statusCode, 422);
    const children = await familyClient(h, key.secret, categories).list({ parentId: root.id });
    assert.deepEqual(
      children.data.map((c) => c.name),
      ['Child'],
    );
    const roots = await familyClient(h, key.secret, categories).list({ root: 'true' });
    assert.deepEqual(
      roots.data.map((c) => c.name),
      ['Root'],
    );
    assert.equal(
      (await h.call('GET', '/public/v1/categories', { key: key.secret, query: { root: 'maybe' } })).statusCode,
      400,
    );
  });

  it("another workspace's category → the same 404 for read, patch and delete", async () => {
    const key = await h.key(await h.workspace());
    const other = await h.key(await h.workspace('other'));
    const foreign = await familyClient(h, other.secret, categories).create({ name: 'Foreign' });
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await h.call(method, `/public/v1/categories/${foreign.id}`, {
        key: key.secret,
        body: method === 'PATCH' ? { name: 'x' } : undefined,
      });
      assert.equal(res.statusCode, 404, method);
      assert.deepEqual(errorOf(res), { code: 'not_found', message: 'category not found', status: 404 });
    }
  });
});

describeEachDatabase('teams, users and members', (h) => {
  it('team members: idempotent PUT/DELETE links (204), bare array, updatedAt moves, each change audited', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const team = await familyClient(h, key.secret, teams).create({ name: 'Platform', email: 'platform@acme.test' });
    const userId = ws.admin.userId;
    await new Promise((r) => setTimeout(r, 5));
    for (let i = 0; i < 2; i += 1)
      assert.equal(
        (await h.call('PUT', `/public/v1/teams/${team.id}/members/${userId}`, { key: key.secret })).statusCode,
        204,
      );
    const members = await h.call('GET', `/public/v1/teams/${team.id}/members`, { key: key.secret });
    assert.deepEqual(
      bodyOf(Type.Array(User), members).map((u) => u.id),
      [userId],
      'a bare array of users',
    );
    const linked = await familyClient(h, key.secret, teams).get(team.id);
    assert.ok(linked.updatedAt > team.updatedAt, 'linking moves updatedAt');
    const byMember = await familyClient(h, key.secret, teams).list({ memberId: userId });
    assert.equal(byMember.pagination.total, 1);
    for (let i = 0; i < 2; i += 1)
      assert.equal(
        (await h.call('DELETE', `/public/v1/teams/${team.id}/members/${userId}`, { key: key.secret })).statusCode,
        204,
      );
    assert.deepEqual(
      bodyOf(Type.Array(User), await h.call('GET', `/public/v1/teams/${team.id}/members`, { key: key.secret })),
      [],
    );
    const audit = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { resourceType: 'team' } }),
    );
    assert.deepEqual(
      audit.data.map((e) => e.action),
      ['unlink', 'link', 'create'],
    );
  });

  it('linking a user who is not a member of the workspace → 404', async () => {
    const ws = await h.workspace();
    const other = await h.workspace('other');
    const key = await h.key(ws);
    const team = await familyClient(h, key.secret, teams).create({ name: 'T' });
    const res = await h.call('PUT', `/public/v1/teams/${team.id}/members/${other.admin.userId}`, { key: key.secret });
    assert.equal(res.statusCode, 404);
    assert.equal(errorOf(res).message, 'user not found');
  });

  it('deleting a team unlinks its members and lifts its sub-teams to the top', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const parent = await familyClient(h, key.secret, teams).create({ name: 'Parent' });
    const sub = await familyClient(h, key.secret, teams).create({ name: 'Sub', parentId: parent.id });
    await h.call('PUT', `/public/v1/teams/${parent.id}/members/${ws.admin.userId}`, { key: key.secret });
    assert.equal((await h.call('DELETE', `/public/v1/teams/${parent.id}`, { key: key.secret })).statusCode, 204);
    assert.equal((await familyClient(h, key.secret, teams).get(sub.id)).parentId, null);
    const links = await h.database.db.selectFrom('team_members').selectAll().where('team_id', '=', parent.id).execute();
    assert.equal(links.length, 0);
  });

  it("GET /users and /users/{id} show the workspace's people only", async () => {
    const ws = await h.workspace();
    const other = await h.workspace('other');
    const key = await h.key(ws);
    const users = await listingClient(h, key.secret, userListing).list();
    assert.deepEqual(
      users.data.map((u) => u.id),
      [ws.admin.userId],
    );
    assert.equal((await h.call('GET', `/public/v1/users/${other.admin.userId}`, { key: key.secret })).statusCode, 404);
    assert.equal((await listingClient(h, key.secret, userListing).get(ws.admin.userId)).email, ws.admin.email);
  });

  it('PATCH /members/{id} changes the role (audited); the last admin cannot be demoted or removed (422)', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const demote = await h.call('PATCH', `/public/v1/members/${ws.admin.id}`, {
      key: key.secret,
      body: { role: 'read' },
    });
    assert.equal(demote.statusCode, 422);
    assert.equal((await h.call('DELETE', `/public/v1/members/${ws.admin.id}`, { key: key.secret })).statusCode, 422);
    const second = await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: ws.id, email: 'second@acme.test', name: 'Second', role: 'read' },
      CLI_ACTOR,
    );
    const promoted = await h.call('PATCH', `/public/v1/members/${second.id}`, {
      key: key.secret,
      body: { role: 'admin' },
    });
    assert.equal(bodyOf(Member, promoted).role, 'admin');
    assert.equal(
      bodyOf(
        Member,
        await h.call('PATCH', `/public/v1/members/${ws.admin.id}`, { key: key.secret, body: { role: 'write' } }),
      ).role,
      'write',
    );
    const audit = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', {
        key: key.secret,
        query: { resourceType: 'member', actions: 'update' },
      }),
    );
    assert.deepEqual(audit.data[0]!.changes, { role: { before: 'admin', after: 'write' } });
    assert.equal(
      (await h.call('PATCH', `/public/v1/members/${second.id}`, { key: key.secret, body: { role: 'owner' } }))
        .statusCode,
      400,
    );
    assert.equal((await h.call('DELETE', `/public/v1/members/${ws.admin.id}`, { key: key.secret })).statusCode, 204);
    const list = await listingClient(h, key.secret, memberListing).list();
    assert.deepEqual(
      list.data.map((m) => m.id),
      [second.id],
    );
  });

  it('removing a member removes their team memberships, ownerships and workstation assignments', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const reader = await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: ws.id, email: 'r@acme.test', name: 'R', role: 'read' },
      CLI_ACTOR,
    );
    const team = await familyClient(h, key.secret, teams).create({ name: 'T' });
    await h.call('PUT', `/public/v1/teams/${team.id}/members/${reader.userId}`, { key: key.secret });
    const app = await familyClient(h, key.secret, applications).create({ name: 'A' });
    await h.call('PUT', `/public/v1/applications/${app.id}/owners/${reader.userId}`, { key: key.secret });
    const laptop = await familyClient(h, key.secret, workstations).create({
      name: 'LT-1',
      assignedUserId: reader.userId,
    });
    await h.call('DELETE', `/public/v1/members/${reader.id}`, { key: key.secret });
    assert.deepEqual(
      bodyOf(Type.Array(User), await h.call('GET', `/public/v1/teams/${team.id}/members`, { key: key.secret })),
      [],
    );
    const owners = await h.database.db
      .selectFrom('application_owners')
      .selectAll()
      .where('application_id', '=', app.id)
      .execute();
    assert.equal(owners.length, 0);
    assert.equal((await familyClient(h, key.secret, workstations).get(laptop.id)).assignedUserId, null);
  });
});
