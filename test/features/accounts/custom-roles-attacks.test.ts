/**
 * A restricted key or member as an attacker inside its own workspace (docs/roles.md): aiming at
 * hidden items through preconditions, comments, cursors, exports and imports, and at a wider role
 * for itself. Every attempt is refused, nothing leaks, nothing is written.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { createKey } from '../../../src/features/accounts/keys/keys.service.js';
import { createRole } from '../../../src/features/accounts/roles/custom-roles.service.js';
import { personIn, signIn } from '../../support/console.js';
import { describeEachDatabase, type Harness } from '../../support/harness.js';
import { errorOf, writer } from '../../support/typed.js';

const MISSING = '01a00000-0000-7000-8000-000000000000';

/** Staging and production applications (by a tag), and a key and a member of a role restricted to staging. */
async function attacker(h: Harness) {
  const ws = await h.workspace();
  const admin = await h.key(ws);
  const { post, put } = writer(h, admin.secret);
  const staging = await post('tags', { name: 'staging' });
  const mine = await post('applications', { name: 'Staging shop' });
  await put(`applications/${mine.id}/tags/${staging.id}`);
  const hidden = await post('applications', { name: 'Payroll' });
  await h.call('POST', `/public/v1/applications/${hidden.id}/comments`, {
    key: admin.secret,
    body: { body: 'secret remark' },
  });
  const scopes = [
    'applications:read',
    'applications:edit',
    'applications:comment',
    'contracts:read',
    'audit_log:read',
    'members:read',
    'members:edit',
  ];
  const restrictions = { applications: { tagId: [staging.id] } };
  await createRole(h.database, h.registry, { workspaceId: ws.id, name: 'stg', scopes, restrictions }, CLI_ACTOR);
  await createRole(h.database, h.registry, { workspaceId: ws.id, name: 'wide', scopes }, CLI_ACTOR);
  const key = await createKey(h.database, { workspaceId: ws.id, name: 'stg', role: 'stg', asMemberId: ws.admin.id });
  const person = await personIn(h, ws, 'stg', 'Mallory');
  return { ws, admin, key, person, mine, hidden };
}

describeEachDatabase('custom roles: a restricted caller as an attacker', (h) => {
  it('a precondition on a hidden item answers 404 as for a missing one, never 412', async () => {
    const { key, hidden } = await attacker(h);
    for (const id of [hidden.id, MISSING]) {
      const answer = await h.call('PATCH', `/public/v1/applications/${id}`, {
        key: key.secret,
        body: { description: 'x' },
        headers: { 'if-match': '"not-the-etag"' },
      });
      assert.equal(answer.statusCode, 404, id);
      assert.equal(errorOf(answer).message, 'application not found');
    }
  });

  it('comments of a hidden application are not read, and none is written on it', async () => {
    const { key, hidden, admin } = await attacker(h);
    const read = await h.call('GET', `/public/v1/applications/${hidden.id}/comments`, { key: key.secret });
    assert.equal(read.statusCode, 404);
    assert.ok(!read.body.includes('secret remark'));
    const written = await h.call('POST', `/public/v1/applications/${hidden.id}/comments`, {
      key: key.secret,
      body: { body: 'mine now' },
    });
    assert.equal(written.statusCode, 404);
    const comments = (
      await h.call('GET', `/public/v1/applications/${hidden.id}/comments`, { key: admin.secret })
    ).json() as unknown[];
    assert.equal(comments.length, 1);
  });

  it("a cursor of an admin's audit page gives the restricted key only events about items it reaches", async () => {
    const { key, admin, hidden } = await attacker(h);
    const first = (
      await h.call('GET', '/public/v1/audit-log', { key: admin.secret, query: { limit: '1' } })
    ).json() as {
      nextCursor?: string;
    };
    assert.ok(first.nextCursor);
    const page = await h.call('GET', '/public/v1/audit-log', {
      key: key.secret,
      query: { limit: '200', cursor: first.nextCursor },
    });
    assert.equal(page.statusCode, 200);
    assert.ok(!page.body.includes(hidden.id), 'no event about the hidden application');
    assert.ok(!page.body.includes('Payroll'), 'nor its name');
  });

  it('an export holds only reached items and no name of a hidden one; an import is refused', async () => {
    const { person, admin, mine, hidden } = await attacker(h);
    await writer(h, admin.secret).post('contracts', {
      name: 'Hosting',
      vendor: 'Acme',
      startDate: '2026-01-01',
      applicationIds: [mine.id, hidden.id],
    });
    const client = await signIn(h, person.email);
    const exported = await client.call('GET', '/ui/api/export/applications');
    assert.equal(exported.statusCode, 200);
    assert.ok(exported.body.includes('Staging shop'));
    assert.ok(!exported.body.includes('Payroll'));
    // Contracts are not restricted, but the names of the applications they cover are those it reaches.
    const contracts = await client.call('GET', '/ui/api/export/contracts');
    assert.equal(contracts.statusCode, 200);
    assert.ok(contracts.body.includes('Hosting') && contracts.body.includes('Staging shop'), contracts.body);
    assert.ok(!contracts.body.includes('Payroll'), contracts.body);
    const imported = await client.call('POST', '/ui/api/import/applications', 'name\nSneaky\n', {
      'content-type': 'text/csv',
    });
    assert.equal(imported.statusCode, 403);
    const names = (await h.call('GET', '/public/v1/applications', { key: admin.secret })).json() as {
      data: { name: string }[];
    };
    assert.ok(!names.data.some((app) => app.name === 'Sneaky'));
  });

  it('a restricted member with members:edit cannot give itself a wider role', async () => {
    const { person, key } = await attacker(h);
    for (const role of ['wide', 'admin']) {
      const refused = await h.call('PATCH', `/public/v1/members/${person.id}`, { key: key.secret, body: { role } });
      assert.equal(refused.statusCode, 403, role);
      assert.equal(errorOf(refused).code, 'insufficient_permission');
    }
    const client = await signIn(h, person.email);
    const own = await client.call('PATCH', `/ui/api/v1/members/${person.id}`, { role: 'wide' });
    assert.equal(own.statusCode, 403);
    const still = await signIn(h, person.email);
    assert.equal(still.session.workspace?.role, 'stg');
  });
});
