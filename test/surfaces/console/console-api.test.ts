import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import {
  AddedMember,
  CreatedKey,
  KeyList,
  RotatedKey,
  SessionView,
  EnrolledAgent,
} from '../../../src/features/accounts/console.schemas.js';
import { ADDRESS_LIMIT, PAIR_LIMIT } from '../../../src/features/accounts/sign-in/sign-in-throttle.js';
import { SESSION_COOKIE } from '../../../src/features/accounts/sign-in/sessions.js';
import { Member } from '../../../src/features/accounts/members/members.service.js';
import { clientOf, personIn, signIn, signInRequest, PASSWORD, type Person } from '../../support/console.js';
import { auditOf } from '../../support/audit.js';
import { describeEachDatabase, type Harness, type Workspace } from '../../support/harness.js';
import { routedPaths } from '../../support/routes.js';
import { bodyOf, errorOf } from '../../support/typed.js';
import { inlined } from '../../support/api-document.js';

/** Makes the person a read member of a second workspace, straight in the table. */
async function addReadMembership(h: Harness, workspace: Workspace, person: Person) {
  await h.database.db
    .insertInto('members')
    .values({
      workspace_id: workspace.id,
      id: crypto.randomUUID(),
      user_id: person.userId,
      role: 'read',
      created_at: new Date().toISOString(),
    })
    .execute();
}

describeEachDatabase('console API: sign-in and sessions', (h) => {
  it(
    'signing in sets an HttpOnly, SameSite=Lax session cookie for ' +
      '/ui and answers the session; the audit log shows the member',
    async () => {
      const ws = await h.workspace('Console Co');
      const admin = await personIn(h, ws, 'admin', 'Ada Console');
      const response = await signInRequest(h, admin.email.toUpperCase(), PASSWORD);
      assert.equal(response.statusCode, 200);
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.sameSite, 'Lax');
      assert.equal(cookie.path, '/ui');
      assert.equal(cookie.secure, undefined, 'plain HTTP: no Secure flag');
      assert.ok(!response.body.includes(PASSWORD));
      const session = bodyOf(SessionView, response);
      assert.equal(session.workspace?.id, ws.id);
      assert.equal(session.workspace?.role, 'admin');
      const [event] = await auditOf(h, ws, 'sign_in');
      assert.deepEqual(event!.actor, { type: 'member', id: admin.id, name: 'Ada Console' });
      assert.equal(event!.category, 'access');
    },
  );

  it('a wrong password and an unknown e-mail get the same 401; the failure is audited, password left out', async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const wrong = await signInRequest(h, admin.email, 'not the password');
    const unknown = await signInRequest(h, 'nobody@example.test', 'not the password');
    assert.equal(wrong.statusCode, 401);
    assert.deepEqual(errorOf(wrong), errorOf(unknown));
    assert.equal(wrong.cookies.length, 0);
    const failures = await auditOf(h, ws, 'sign_in_failure');
    assert.equal(failures.length, 1);
    assert.ok(!JSON.stringify(failures).includes('not the password'));
  });

  it(
    `after ${PAIR_LIMIT} failures of one account from one address, ` +
      'even the right password from there is refused with 429 and Retry-After until the window ends; ' +
      'the lockout is audited once, also when failures arrive in parallel',
    async () => {
      const ws = await h.workspace();
      const admin = await personIn(h, ws, 'admin');
      const attempts = await Promise.all(
        Array.from({ length: PAIR_LIMIT + 2 }, () => signInRequest(h, admin.email, 'wrong password', {}, '192.0.2.10')),
      );
      assert.ok(
        attempts.every((r) => r.statusCode === 401 || r.statusCode === 429),
        attempts.map((r) => r.statusCode).join(),
      );
      const locked = await signInRequest(h, admin.email, PASSWORD, {}, '192.0.2.10');
      assert.equal(locked.statusCode, 429);
      assert.equal(errorOf(locked).code, 'too_many_requests');
      const retryAfter = Number(locked.headers['retry-after']);
      assert.ok(retryAfter > 0 && retryAfter <= 15 * 60, String(retryAfter));
      assert.equal(locked.cookies.length, 0);
      assert.equal((await auditOf(h, ws, 'lockout')).length, 1);
      // A lockout ends with its window: once it is over, the right password works again.
      await h.database.db
        .updateTable('sign_in_failures')
        .set({ window_start: new Date(Date.now() - 16 * 60_000).toISOString() })
        .execute();
      assert.equal((await signInRequest(h, admin.email, PASSWORD, {}, '192.0.2.10')).statusCode, 200);
    },
  );

  it(
    `after ${ADDRESS_LIMIT} failures from one address, ` +
      'every sign-in from it is refused for a while, other addresses are not',
    async () => {
      const ws = await h.workspace();
      const admin = await personIn(h, ws, 'admin');
      for (let index = 0; index < ADDRESS_LIMIT; index++) {
        assert.equal(
          (await signInRequest(h, `guess-${index}@example.test`, 'guess', {}, '198.51.100.7')).statusCode,
          401,
        );
      }
      assert.equal((await signInRequest(h, admin.email, PASSWORD, {}, '198.51.100.7')).statusCode, 429);
      assert.equal((await signInRequest(h, admin.email, PASSWORD, {}, '198.51.100.8')).statusCode, 200);
      // Counters whose window is over are forgotten at the next failure: guessed e-mails do not pile up.
      const aged = new Date(Date.now() - 16 * 60_000).toISOString();
      await h.database.db
        .updateTable('sign_in_failures')
        .set({ window_start: aged })
        .where('subject', 'like', 'account:guess-%')
        .execute();
      await signInRequest(h, 'one-more@example.test', 'guess', {}, '198.51.100.9');
      const guesses = await h.database.db
        .selectFrom('sign_in_failures')
        .select('subject')
        .where('subject', 'like', 'account:guess-%')
        .execute();
      assert.equal(guesses.length, 0);
    },
  );

  it('sign-in from another site is refused (login CSRF)', async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const response = await signInRequest(h, admin.email, PASSWORD, { origin: 'https://evil.example' });
    assert.equal(response.statusCode, 403);
    assert.equal(response.cookies.length, 0);
  });

  it(
    'console API calls without a session, ' +
      'with an unknown cookie or after ' +
      'sign-out answer 401 in the error shape',
    async () => {
      const ws = await h.workspace();
      const admin = await personIn(h, ws, 'admin');
      assert.equal(errorOf(await h.app.inject({ method: 'GET', url: '/ui/api/keys' })).code, 'unauthorized');
      assert.equal(
        (await h.app.inject({ method: 'GET', url: '/ui/api/keys', cookies: { [SESSION_COOKIE]: 'forged' } }))
          .statusCode,
        401,
      );
      const client = await signIn(h, admin.email);
      assert.equal((await client.call('GET', '/ui/api/keys')).statusCode, 200);
      assert.equal((await client.call('DELETE', '/ui/api/session')).statusCode, 204);
      assert.equal((await client.call('GET', '/ui/api/keys')).statusCode, 401);
      assert.equal((await auditOf(h, ws, 'sign_out')).length, 1);
    },
  );

  it(
    'a state-changing request without the CSRF token, ' +
      'with a wrong one or from another origin is refused with 403 and changes nothing',
    async () => {
      const ws = await h.workspace();
      const admin = await personIn(h, ws, 'admin');
      const client = await signIn(h, admin.email);
      const body = { name: 'csrf probe', alias: 'read' };
      const noToken = await client.call('POST', '/ui/api/keys', body, { 'x-csrf-token': '' });
      const wrongToken = await client.call('POST', '/ui/api/keys', body, { 'x-csrf-token': 'x'.repeat(43) });
      const crossSite = await client.call('POST', '/ui/api/keys', body, { origin: 'https://evil.example' });
      const fetchMetadata = await client.call('POST', '/ui/api/keys', body, {
        origin: '',
        'sec-fetch-site': 'cross-site',
      });
      for (const response of [noToken, wrongToken, crossSite, fetchMetadata])
        assert.equal(errorOf(response).code, 'forbidden');
      const keys = bodyOf(KeyList, await client.call('GET', '/ui/api/keys'));
      assert.ok(!keys.data.some((key) => key.name === 'csrf probe'));
    },
  );

  it('a session idle for 12 hours, or 7 days old, is over on every instance (its database row decides)', async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const idle = await signIn(h, admin.email);
    const old = await signIn(h, admin.email);
    const hours = (n: number) => new Date(Date.now() - n * 3600_000).toISOString();
    const sessions = await h.database.db
      .selectFrom('console_sessions')
      .select('id')
      .where('user_id', '=', admin.userId)
      .orderBy('created_at')
      .execute();
    assert.equal(sessions.length, 2);
    await h.database.db
      .updateTable('console_sessions')
      .set({ last_seen_at: hours(12.1) })
      .where('id', '=', sessions[0]!.id)
      .execute();
    await h.database.db
      .updateTable('console_sessions')
      .set({ expires_at: hours(0.01) })
      .where('id', '=', sessions[1]!.id)
      .execute();
    const [first, second] = [await idle.call('GET', '/ui/api/session'), await old.call('GET', '/ui/api/session')];
    const ended = [first, second].map((r) => r.statusCode);
    assert.deepEqual(ended, [401, 401]);
    // Ended sessions do not pile up: the next sign-in removes the person's ended rows.
    await h.database.db
      .updateTable('console_sessions')
      .set({ last_seen_at: hours(13) })
      .where('user_id', '=', admin.userId)
      .execute();
    await signIn(h, admin.email);
    const left = await h.database.db
      .selectFrom('console_sessions')
      .select('id')
      .where('user_id', '=', admin.userId)
      .execute();
    assert.equal(left.length, 1);
  });

  it('sign out everywhere ends every session of the person; a password change ends all others', async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const [a, b] = [await signIn(h, admin.email), await signIn(h, admin.email)];
    assert.equal((await a.call('DELETE', '/ui/api/sessions')).statusCode, 204);
    assert.equal((await b.call('GET', '/ui/api/session')).statusCode, 401);

    const [c, d] = [await signIn(h, admin.email), await signIn(h, admin.email)];
    const wrong = await c.call('PUT', '/ui/api/password', {
      currentPassword: 'nope',
      newPassword: 'a new long password',
    });
    assert.equal(wrong.statusCode, 422);
    assert.equal(
      (await c.call('PUT', '/ui/api/password', { currentPassword: PASSWORD, newPassword: 'a new long password' }))
        .statusCode,
      204,
    );
    assert.equal((await c.call('GET', '/ui/api/session')).statusCode, 200);
    assert.equal((await d.call('GET', '/ui/api/session')).statusCode, 401);
    assert.equal((await signInRequest(h, admin.email, PASSWORD)).statusCode, 401);
    assert.equal((await signInRequest(h, admin.email, 'a new long password')).statusCode, 200);
  });

  it('a member of several workspaces switches between them; a workspace not theirs is 404', async () => {
    const first = await h.workspace('First');
    const second = await h.workspace('Second');
    const person = await personIn(h, first, 'admin');
    const other = await h.workspace('Not mine');
    await addReadMembership(h, second, person);
    const client = await signIn(h, person.email);
    assert.deepEqual(
      client.session.workspaces.map((w) => w.name),
      ['First', 'Second'],
    );
    const switched = bodyOf(
      SessionView,
      await client.call('PUT', '/ui/api/session/workspace', { workspaceId: second.id }),
    );
    assert.equal(switched.workspace?.role, 'read');
    // Now a read member: the keys page is refused.
    assert.equal(errorOf(await client.call('GET', '/ui/api/keys')).code, 'insufficient_permission');
    assert.equal((await client.call('PUT', '/ui/api/session/workspace', { workspaceId: other.id })).statusCode, 404);
  });

  it('signing out after the selected membership was removed records the sign-out in no other workspace', async () => {
    const first = await h.workspace('Left');
    const second = await h.workspace('Stays');
    const person = await personIn(h, first, 'admin');
    await addReadMembership(h, second, person);
    const client = await signIn(h, person.email);
    assert.equal(client.session.workspace?.id, first.id);
    await h.database.db
      .deleteFrom('members')
      .where('workspace_id', '=', first.id)
      .where('id', '=', person.id)
      .execute();
    assert.equal((await client.call('DELETE', '/ui/api/session')).statusCode, 204);
    assert.equal((await client.call('GET', '/ui/api/session')).statusCode, 401);
    assert.equal((await auditOf(h, second, 'sign_out')).length, 0);
  });

  it('X-Forwarded-Proto makes the cookie Secure only when the proxy is trusted', async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const response = await signInRequest(h, admin.email, PASSWORD, {
      'x-forwarded-proto': 'https',
      origin: 'https://localhost:80',
    });
    // Without TRUST_PROXY the header is ignored: the request is plain HTTP, and an https Origin is another origin.
    assert.equal(response.statusCode, 403);
  });
});

describeEachDatabase(
  'console API: behind a trusted proxy',
  (h) => {
    it('honours X-Forwarded-Proto: the session cookie is Secure', async () => {
      const ws = await h.workspace();
      const admin = await personIn(h, ws, 'admin');
      const response = await signInRequest(h, admin.email, PASSWORD, {
        'x-forwarded-proto': 'https',
        origin: 'https://localhost:80',
      });
      assert.equal(response.statusCode, 200);
      assert.equal(response.cookies.find((c) => c.name === SESSION_COOKIE)?.secure, true);
    });
  },
  { trustProxy: true },
);

describeEachDatabase('console API: administration', (h) => {
  it(
    'an admin creates a key by alias, it works on /public/v1/me, rotation kills the old secret at once, ' +
      'revocation kills the key; each audited with the member as actor',
    async () => {
      const ws = await h.workspace();
      const admin = await personIn(h, ws, 'admin', 'Key Keeper');
      const client = await signIn(h, admin.email);
      const created = bodyOf(
        CreatedKey,
        await client.call('POST', '/ui/api/keys', { name: 'reporting', alias: 'read' }),
      );
      assert.equal((await h.call('GET', '/public/v1/me', { key: created.secret })).statusCode, 200);
      const listed = bodyOf(KeyList, await client.call('GET', '/ui/api/keys')).data.find(
        (key) => key.id === created.id,
      )!;
      assert.equal(listed.createdByName, 'Key Keeper');
      assert.ok(!JSON.stringify(listed).includes(created.secret));

      const rotated = bodyOf(RotatedKey, await client.call('POST', `/ui/api/keys/${created.id}/rotate`));
      assert.equal((await h.call('GET', '/public/v1/me', { key: created.secret })).statusCode, 401);
      assert.equal((await h.call('GET', '/public/v1/me', { key: rotated.secret })).statusCode, 200);
      assert.equal((await client.call('POST', `/ui/api/keys/${created.id}/revoke`)).statusCode, 200);
      assert.equal((await h.call('GET', '/public/v1/me', { key: rotated.secret })).statusCode, 401);

      for (const action of ['create', 'rotate', 'revoke']) {
        const event = (await auditOf(h, ws, action)).find((e) => e.resourceId === created.id);
        assert.deepEqual(event?.actor, { type: 'member', id: admin.id, name: 'Key Keeper' }, action);
      }
    },
  );

  it(
    'a key by explicit scopes gets exactly those; ' +
      "a scope the member's role lacks is refused (creator-subset rule)",
    async () => {
      const ws = await h.workspace();
      const admin = await personIn(h, ws, 'admin');
      const client = await signIn(h, admin.email);
      const created = bodyOf(
        CreatedKey,
        await client.call('POST', '/ui/api/keys', {
          name: 'infra',
          scopes: ['infrastructure:read', 'applications:read'],
        }),
      );
      assert.deepEqual(created.permissions, ['applications:read', 'infrastructure:read']);
      // The admin role is edited to lack tenant:edit: the admin can no longer give it.
      const roles = await client.call('PUT', '/ui/api/roles/admin', {
        permissions: ['infrastructure:read', 'members:read'],
      });
      assert.equal(roles.statusCode, 200);
      const refused = await client.call('POST', '/ui/api/keys', { name: 'too much', scopes: ['tenant:edit'] });
      assert.equal(refused.statusCode, 403);
      assert.match(errorOf(refused).message, /tenant:edit/);
    },
  );

  it('keys and agents of another workspace are not found; a read member cannot reach the keys page', async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const reader = await personIn(h, ws, 'read');
    const foreignKey = await h.key(other);
    const client = await signIn(h, admin.email);
    assert.equal((await client.call('POST', `/ui/api/keys/${foreignKey.id}/revoke`)).statusCode, 404);
    assert.equal((await h.call('GET', '/public/v1/me', { key: foreignKey.secret })).statusCode, 200);
    const readClient = await signIn(h, reader.email);
    assert.equal(errorOf(await readClient.call('GET', '/ui/api/keys')).code, 'insufficient_permission');
    assert.equal(
      errorOf(await readClient.call('POST', '/ui/api/keys', { name: 'x', alias: 'read' })).code,
      'insufficient_permission',
    );
    assert.equal(errorOf(await readClient.call('GET', '/ui/api/v1/audit-log')).code, 'insufficient_permission');
  });

  it(
    'adding a new person gives a one-time invitation link valid 7 days; ' +
      'accepting it sets the password and signs in; it works once',
    async () => {
      const ws = await h.workspace();
      const admin = await personIn(h, ws, 'admin');
      const client = await signIn(h, admin.email);
      const added = bodyOf(
        AddedMember,
        await client.call('POST', '/ui/api/members', {
          email: 'new.person@example.test',
          name: 'New Person',
          role: 'write',
        }),
      );
      assert.equal(added.member.role, 'write');
      assert.ok(added.invitation);
      const days = (Date.parse(added.invitation.expiresAt) - Date.now()) / 86_400_000;
      assert.ok(days > 6.99 && days <= 7, String(days));
      const token = added.invitation.path.split('#')[1]!;
      assert.equal((await signInRequest(h, 'new.person@example.test', 'chosen password')).statusCode, 401);
      const accepted = await h.app.inject({
        method: 'POST',
        url: '/ui/api/invitations/accept',
        payload: { token, password: 'chosen password' },
      });
      assert.equal(accepted.statusCode, 200);
      assert.equal(bodyOf(SessionView, accepted).workspace?.role, 'write');
      const again = await h.app.inject({
        method: 'POST',
        url: '/ui/api/invitations/accept',
        payload: { token, password: 'another password' },
      });
      assert.equal(again.statusCode, 422);
      assert.equal((await signInRequest(h, 'new.person@example.test', 'chosen password')).statusCode, 200);
      assert.equal((await auditOf(h, ws, 'invite'))[0]?.resourceId, added.member.id);
    },
  );

  it('adding an existing person with a password gives no invitation', async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const elsewhere = await personIn(h, other, 'read');
    const client = await signIn(h, admin.email);
    const added = bodyOf(
      AddedMember,
      await client.call('POST', '/ui/api/members', { email: elsewhere.email, role: 'read' }),
    );
    assert.equal(added.invitation, null);
  });

  it('changing a role: no member gives a role whose scopes they lack; the last admin cannot be demoted', async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const adminClient = await signIn(h, admin.email);
    // The write role may manage members here, but not give admin.
    const writeScopes = [
      ...bodyOf(SessionView, await adminClient.call('GET', '/ui/api/session')).workspace!.permissions,
    ].filter((s) => !s.startsWith('audit_log') && !s.startsWith('tenant:edit'));
    assert.equal((await adminClient.call('PUT', '/ui/api/roles/write', { permissions: writeScopes })).statusCode, 200);
    const writer = await personIn(h, ws, 'write');
    const target = await personIn(h, ws, 'read');
    const writerClient = await signIn(h, writer.email);
    const refused = await writerClient.call('PATCH', `/ui/api/v1/members/${target.id}`, { role: 'admin' });
    assert.equal(errorOf(refused).code, 'insufficient_permission');
    const promoted = await writerClient.call('PATCH', `/ui/api/v1/members/${target.id}`, { role: 'write' });
    assert.equal(bodyOf(Member, promoted).role, 'write');
    const refusedAdd = await writerClient.call('POST', '/ui/api/members', {
      email: 'someone@example.test',
      name: 'Someone',
      role: 'admin',
    });
    assert.equal(errorOf(refusedAdd).code, 'insufficient_permission');
    // Two admins: h.workspace's and this one. Demote one, then the last is refused.
    assert.equal(
      (await adminClient.call('PATCH', `/ui/api/v1/members/${ws.admin.id}`, { role: 'read' })).statusCode,
      200,
    );
    const last = await adminClient.call('PATCH', `/ui/api/v1/members/${admin.id}`, { role: 'read' });
    assert.equal(last.statusCode, 422);
    assert.match(errorOf(last).message, /last admin/);
    const event = (await auditOf(h, ws, 'update')).find((e) => e.resourceId === target.id);
    assert.deepEqual(event?.actor, { type: 'member', id: writer.id, name: writer.name });
  });

  it('enrolling an agent shows its token once with the ready command; revoking it is audited', async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const client = await signIn(h, admin.email);
    const enrolled = bodyOf(EnrolledAgent, await client.call('POST', '/ui/api/agents', { name: 'db-01 agent' }));
    assert.equal(enrolled.command, `npx estate agent run --server http://localhost:80 --token ${enrolled.token}`);
    const report = { host: { hostname: 'db-01', kind: 'server' }, software: [] };
    const reportAs = (token: string) =>
      h.app.inject({
        method: 'POST',
        url: '/agent/v1/report',
        headers: { authorization: `Bearer ${token}` },
        payload: report,
      });
    assert.equal((await reportAs(enrolled.token)).statusCode, 200);
    assert.equal((await client.call('POST', `/ui/api/agents/${enrolled.id}/revoke`)).statusCode, 200);
    assert.equal((await reportAs(enrolled.token)).statusCode, 401);
    const revoked = (await auditOf(h, ws, 'revoke')).find((e) => e.resourceId === enrolled.id);
    assert.equal(revoked?.actor.type, 'member');
  });

  it(
    'the audit log and tenant settings answer through the console ' +
      'with the public filters; writes are audited with the member',
    async () => {
      const ws = await h.workspace();
      const admin = await personIn(h, ws, 'admin', 'Settings Person');
      const client = await signIn(h, admin.email);
      assert.equal((await client.call('PATCH', '/ui/api/v1/tenant', { timeZone: 'Europe/Paris' })).statusCode, 200);
      const log = bodyOf(AuditList, await client.call('GET', '/ui/api/v1/audit-log?category=settings'));
      assert.equal(log.data[0]?.actor.name, 'Settings Person');
      assert.equal((await client.call('GET', '/ui/api/v1/audit-log?bogus=1')).statusCode, 400);
    },
  );

  it('the console API is not in the public OpenAPI; unknown console routes are 404 JSON; / leads to /ui/', async () => {
    const doc = inlined((await h.app.inject({ method: 'GET', url: '/openapi.json' })).json()) as {
      paths: Record<string, unknown>;
    };
    assert.ok(!Object.keys(doc.paths).some((path) => path.startsWith('/ui')));
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const client = clientOf(h, (await signIn(h, admin.email)).cookie, (await signIn(h, admin.email)).session);
    assert.equal(errorOf(await client.call('GET', '/ui/api/nothing-here')).code, 'not_found');
    const root = await h.app.inject({ method: 'GET', url: '/' });
    assert.equal(root.statusCode, 302);
    assert.equal(root.headers.location, '/ui/');
  });
});

describeEachDatabase('console API: its own OpenAPI document', (h) => {
  it('/ui/api/openapi.json describes every console API route and nothing else, not listed on /docs', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/ui/api/openapi.json' });
    assert.equal(res.statusCode, 200);
    const doc = res.json() as {
      info: { title: string };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
    };
    assert.equal(doc.info.title, 'Estate console API');
    const paths = Object.keys(doc.paths);
    assert.deepEqual(
      paths.filter((path) => !path.startsWith('/ui/api/')),
      [],
    );
    // Every route under /ui/api the app serves is in the document (but the document itself).
    const served = routedPaths(h.app, 'GET')
      .filter((route) => route.startsWith('/ui/api/') && route !== '/ui/api/openapi.json')
      .map((route) => route.replace(/:(\w+)/g, '{$1}'));
    assert.deepEqual(
      served.filter((route) => !doc.paths[route]?.get),
      [],
    );
    for (const path of ['/ui/api/session', '/ui/api/v1/servers', '/ui/api/v1/servers/{id}', '/ui/api/keys'])
      assert.ok(doc.paths[path], `${path} is described`);
    // Its shared pieces are named as in the public document.
    for (const name of ['Server', 'ServerCreate', 'ServerPatch', 'ServerList', 'Error', 'Pagination'])
      assert.ok(doc.components.schemas[name], `components.schemas.${name}`);
    assert.ok(doc.components.responses.NotFound);
    const docs = await h.app.inject({ method: 'GET', url: '/docs/json' });
    if (docs.statusCode === 200)
      assert.ok(!Object.keys(docs.json().paths).some((path: string) => path.startsWith('/ui')));
  });
});

describeEachDatabase('console API: the workspace routes under /ui/api/v1', (h) => {
  it('every public route but /me is served to console members under /ui/api/v1 by the same modules', async () => {
    const doc = inlined((await h.app.inject({ method: 'GET', url: '/openapi.json' })).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/public/v1/') || path === '/public/v1/me') continue;
      const url = path.replace('/public/v1/', '/ui/api/v1/').replace(/\{(\w+)\}/g, ':$1');
      for (const method of Object.keys(operations)) {
        if (!h.app.hasRoute({ method: method.toUpperCase() as 'GET', url }))
          missing.push(`${method.toUpperCase()} ${url}`);
      }
    }
    assert.deepEqual(missing, []);
    assert.equal((await h.app.inject({ method: 'GET', url: '/ui/api/v1/me' })).statusCode, 404);
  });

  it(
    'a member creates an application through the console: the public API sees it, ' +
      'the audit names the member; a read member is refused and writes nothing',
    async () => {
      const ws = await h.workspace();
      const writer = await personIn(h, ws, 'write', 'Wanda Writer');
      const reader = await personIn(h, ws, 'read');
      const key = await h.key(ws);
      const client = await signIn(h, writer.email);
      const created = await client.call('POST', '/ui/api/v1/applications', { name: 'Payroll', criticality: 'high' });
      assert.equal(created.statusCode, 201);
      const id = (created.json() as { id: string }).id;
      assert.equal((await h.call('GET', `/public/v1/applications/${id}`, { key: key.secret })).statusCode, 200);
      const events = bodyOf(
        AuditList,
        await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { resourceId: id } }),
      );
      assert.deepEqual(events.data[0]?.actor, { type: 'member', id: writer.id, name: 'Wanda Writer' });

      const readClient = await signIn(h, reader.email);
      assert.equal(
        errorOf(await readClient.call('POST', '/ui/api/v1/applications', { name: 'Sneaky' })).code,
        'insufficient_permission',
      );
      assert.equal((await readClient.call('GET', `/ui/api/v1/applications/${id}`)).statusCode, 200);
      // The same validation as the public API: an unknown field is a 400 naming it.
      assert.match(
        errorOf(await client.call('POST', '/ui/api/v1/applications', { name: 'X', bogus: 1 })).message,
        /bogus/,
      );
      // Without the CSRF token, nothing is written.
      assert.equal(
        (await client.call('POST', '/ui/api/v1/applications', { name: 'Forged' }, { 'x-csrf-token': '' })).statusCode,
        403,
      );
      const list = await h.call('GET', '/public/v1/applications', { key: key.secret });
      assert.deepEqual(
        (list.json() as { data: { name: string }[] }).data.map((a) => a.name),
        ['Payroll'],
      );
    },
  );
});
