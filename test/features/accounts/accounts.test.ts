/**
 * Accounts tried as an attacker would — no way into another workspace through a shared person, a
 * sign-in throttle that holds under parallel guesses, no lockout a stranger can impose on the
 * owner, and no weak new password.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { AddedMember, SessionView } from '../../../src/features/accounts/console.schemas.js';
import { EXISTING_PERSON_NOTICE } from '../../../src/features/accounts/members/console.routes.js';
import { SignInLocks } from '../../../src/features/accounts/sign-in/sign-in-locks.routes.js';
import { accountDelayMs, MAX_WAIT_MS, PAIR_LIMIT } from '../../../src/features/accounts/sign-in/sign-in-throttle.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { estate } from '../../support/cli.js';
import { personIn, signIn, signInRequest, PASSWORD, type ConsoleClient } from '../../support/console.js';
import { auditOf } from '../../support/audit.js';
import { describeEachDatabase, type Harness, type Workspace, serviceFamilies } from '../../support/harness.js';
import { bodyOf, errorOf } from '../../support/typed.js';

function accept(h: Harness, token: string, password: string) {
  return h.app.inject({ method: 'POST', url: '/ui/api/invitations/accept', payload: { token, password } });
}

const tokenOf = (added: AddedMember) => added.invitation!.path.split('#')[1]!;

async function adminClient(h: Harness, name: string): Promise<{ ws: Workspace; client: ConsoleClient }> {
  const ws = await h.workspace(name);
  const admin = await personIn(h, ws, 'admin', `${name} Admin`);
  return { ws, client: await signIn(h, admin.email) };
}

const passwordOf = (h: Harness, email: string) =>
  h.database.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();

describeEachDatabase('accounts: no way into another workspace through a shared person', (h) => {
  it(
    'account takeover across workspaces: a person B added without a password ' +
      '(CLI) gets no invitation when A adds them, so A cannot set their password',
    async () => {
      const beta = await h.workspace('Beta');
      const alpha = await adminClient(h, 'Alpha');
      const email = `victim-${beta.id}@beta.test`;
      await addMember(
        h.database,
        serviceFamilies,
        { workspaceId: beta.id, email, name: 'Victim', role: 'admin' },
        CLI_ACTOR,
      );
      const response = await alpha.client.call('POST', '/ui/api/members', { email, role: 'read' });
      assert.equal(response.statusCode, 201);
      const added = bodyOf(AddedMember, response);
      assert.equal(added.invitation, null);
      assert.equal(added.notice, EXISTING_PERSON_NOTICE);
      assert.equal((await passwordOf(h, email)).password_hash, null);
      assert.equal(
        (
          await h.database.db
            .selectFrom('invitations')
            .select('token_hash')
            .where('workspace_id', '=', alpha.ws.id)
            .execute()
        ).length,
        0,
      );
    },
  );

  it(
    'account takeover across workspaces: a person with an invitation pending in B gets none from A, ' +
      "and B's link stops working (whoever holds it must not get into A)",
    async () => {
      const beta = await adminClient(h, 'Beta');
      const alpha = await adminClient(h, 'Alpha');
      const email = `pending-${beta.ws.id}@beta.test`;
      const invited = bodyOf(
        AddedMember,
        await beta.client.call('POST', '/ui/api/members', { email, name: 'Pending Person', role: 'write' }),
      );
      assert.ok(invited.invitation);
      const again = bodyOf(AddedMember, await alpha.client.call('POST', '/ui/api/members', { email, role: 'admin' }));
      assert.equal(again.invitation, null);
      // B's admin, who holds B's link, tries to use it now that A has the person: refused, nothing set.
      const taken = await accept(h, tokenOf(invited), 'a sturdy lantern by the mill');
      assert.equal(taken.statusCode, 422);
      assert.equal(taken.cookies.length, 0);
      assert.equal((await passwordOf(h, email)).password_hash, null);
      // The operator's link is the way in; it shows both workspaces.
      const { inviteByOperator } = await import('../../../src/features/accounts/members/members.service.js');
      const operator = await inviteByOperator(h.database, { workspaceId: beta.ws.id, email }, CLI_ACTOR);
      const accepted = await accept(h, operator.path.split('#')[1]!, 'a sturdy lantern by the mill');
      assert.equal(accepted.statusCode, 200);
      assert.deepEqual(
        bodyOf(SessionView, accepted)
          .workspaces.map((w) => w.name)
          .sort(),
        ['Alpha', 'Beta'],
      );
    },
  );

  it(
    'account takeover across workspaces, the other way round: ' +
      "A creates the person with a link first, B adds them, A's link no longer sets the password",
    async () => {
      const alpha = await adminClient(h, 'Alpha');
      const beta = await adminClient(h, 'Beta');
      const email = `cto-${beta.ws.id}@beta.test`;
      const preRegistered = bodyOf(
        AddedMember,
        await alpha.client.call('POST', '/ui/api/members', { email, name: 'Beta CTO', role: 'read' }),
      );
      assert.ok(preRegistered.invitation);
      const added = bodyOf(AddedMember, await beta.client.call('POST', '/ui/api/members', { email, role: 'admin' }));
      assert.equal(added.invitation, null);
      const taken = await accept(h, tokenOf(preRegistered), 'a sturdy lantern by the mill');
      assert.equal(taken.statusCode, 422);
      assert.equal((await passwordOf(h, email)).password_hash, null);
      assert.equal((await signInRequest(h, email, 'a sturdy lantern by the mill')).statusCode, 401);
    },
  );

  it(
    'a person without a password who belongs to no workspace any more ' +
      'gets a new link when added again (an expired link is not a dead end)',
    async () => {
      const alpha = await adminClient(h, 'Alpha');
      const email = `again-${alpha.ws.id}@example.test`;
      const first = bodyOf(
        AddedMember,
        await alpha.client.call('POST', '/ui/api/members', { email, name: 'Again', role: 'read' }),
      );
      assert.equal((await alpha.client.call('DELETE', `/ui/api/v1/members/${first.member.id}`)).statusCode, 204);
      const second = bodyOf(AddedMember, await alpha.client.call('POST', '/ui/api/members', { email, role: 'read' }));
      assert.ok(second.invitation);
      assert.equal(second.notice, null);
      assert.equal((await accept(h, tokenOf(first), 'a sturdy lantern by the mill')).statusCode, 422);
      assert.equal((await accept(h, tokenOf(second), 'a sturdy lantern by the mill')).statusCode, 200);
    },
  );

  it(
    "the answer to adding a member says nothing about the person's other workspaces: " +
      'no name from elsewhere, the same answer with or without a password',
    async () => {
      const other = await h.workspace('Other');
      const alpha = await adminClient(h, 'Alpha');
      const withPassword = `has-password-${other.id}@example.test`;
      const withoutPassword = `no-password-${other.id}@example.test`;
      await addMember(
        h.database,
        serviceFamilies,
        { workspaceId: other.id, email: withPassword, name: 'Secret Name One', role: 'read', password: PASSWORD },
        CLI_ACTOR,
      );
      await addMember(
        h.database,
        serviceFamilies,
        { workspaceId: other.id, email: withoutPassword, name: 'Secret Name Two', role: 'read' },
        CLI_ACTOR,
      );
      // A name that differs from the person's own is not refused (that would reveal it): it is ignored.
      const answers = [
        await alpha.client.call('POST', '/ui/api/members', { email: withPassword, name: 'Typed Name', role: 'read' }),
        await alpha.client.call('POST', '/ui/api/members', { email: withoutPassword, role: 'read' }),
      ];
      for (const answer of answers) {
        assert.equal(answer.statusCode, 201);
        assert.ok(!answer.body.includes('Secret Name'), answer.body);
      }
      const shapes = answers.map((answer) => {
        const { member, ...rest } = bodyOf(AddedMember, answer);
        return { ...rest, member: { ...member, id: 'x', email: 'x' } };
      });
      assert.deepEqual(shapes[0], shapes[1]);
      const user = await h.database.db
        .selectFrom('users')
        .select('name')
        .where('email', '=', withPassword)
        .executeTakeFirstOrThrow();
      assert.equal(user.name, 'Secret Name One');
    },
  );

  it('accepting an invitation is possible only while the membership it was made for still exists', async () => {
    const alpha = await adminClient(h, 'Alpha');
    const email = `removed-${alpha.ws.id}@example.test`;
    const added = bodyOf(
      AddedMember,
      await alpha.client.call('POST', '/ui/api/members', { email, name: 'Soon Removed', role: 'read' }),
    );
    assert.equal((await alpha.client.call('DELETE', `/ui/api/v1/members/${added.member.id}`)).statusCode, 204);
    const refused = await accept(h, tokenOf(added), 'a sturdy lantern by the mill');
    assert.equal(refused.statusCode, 422);
    assert.equal(refused.cookies.length, 0);
    assert.equal((await passwordOf(h, email)).password_hash, null);
    // Added again, the person gets a new membership: the old link stays dead.
    await alpha.client.call('POST', '/ui/api/members', { email, role: 'read' });
    assert.equal((await accept(h, tokenOf(added), 'a sturdy lantern by the mill')).statusCode, 422);
    assert.equal((await passwordOf(h, email)).password_hash, null);
  });

  it("a person's password being set or changed is audited in every workspace they belong to", async () => {
    const alpha = await adminClient(h, 'Alpha');
    const beta = await adminClient(h, 'Beta');
    const email = `everywhere-${alpha.ws.id}@example.test`;
    await alpha.client.call('POST', '/ui/api/members', { email, name: 'Everywhere', role: 'read' });
    await beta.client.call('POST', '/ui/api/members', { email, role: 'read' });
    const invited = await estate(h.url, ['member', 'invite', email, '--workspace', alpha.ws.id, '--json']);
    assert.equal(invited.code, 0, invited.stderr);
    const { path } = invited.json() as { path: string };
    assert.equal((await accept(h, path.split('#')[1]!, 'a sturdy lantern by the mill')).statusCode, 200);
    assert.equal((await auditOf(h, alpha.ws, 'password_change')).length, 1);
    assert.equal((await auditOf(h, beta.ws, 'password_change')).length, 1);
    const person = await signIn(h, email, 'a sturdy lantern by the mill');
    assert.equal(
      (
        await person.call('PUT', '/ui/api/password', {
          currentPassword: 'a sturdy lantern by the mill',
          newPassword: 'quiet orchards under snow',
        })
      ).statusCode,
      204,
    );
    assert.equal((await auditOf(h, alpha.ws, 'password_change')).length, 2);
    assert.equal((await auditOf(h, beta.ws, 'password_change')).length, 2);
    // The operator's link is only for someone without a password, and for a member of the workspace named.
    const refused = await estate(h.url, ['member', 'invite', email, '--workspace', alpha.ws.id, '--json']);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /has a password already/);
    const other = await h.workspace('Other');
    assert.match(
      (await estate(h.url, ['member', 'invite', email, '--workspace', other.id])).stderr,
      /is not a member of this workspace/,
    );
  });

  it(
    'two workspaces adding the same new person at once: ' +
      'exactly one of them creates the person and gets an invitation',
    async () => {
      const alpha = await adminClient(h, 'Alpha');
      const beta = await adminClient(h, 'Beta');
      const email = `race-${alpha.ws.id}@example.test`;
      const answers = await Promise.all(
        [alpha, beta].map(({ client }) =>
          client.call('POST', '/ui/api/members', { email, name: 'Raced', role: 'read' }),
        ),
      );
      assert.deepEqual(
        answers.map((a) => a.statusCode),
        [201, 201],
      );
      assert.equal(answers.filter((a) => bodyOf(AddedMember, a).invitation !== null).length, 1);
    },
  );
});

describeEachDatabase('accounts: a sign-in throttle that holds', (h) => {
  it(
    'parallel guesses never verify more passwords than the limit: ' +
      `of 200 parallel sign-ins on one account from one address, at most ${PAIR_LIMIT} are checked`,
    async () => {
      const ws = await h.workspace();
      const victim = await personIn(h, ws, 'admin');
      const guesses = Array.from({ length: 199 }, (_, index) =>
        signInRequest(h, victim.email, `wrong guess ${index}`, {}, '203.0.113.5'),
      );
      const answers = await Promise.all([...guesses, signInRequest(h, victim.email, PASSWORD, {}, '203.0.113.5')]);
      const checked = answers.filter((a) => a.statusCode === 401 || a.statusCode === 200);
      assert.ok(checked.length <= PAIR_LIMIT, `${checked.length} passwords checked`);
      assert.ok(answers.every((a) => [200, 401, 429].includes(a.statusCode)));
      assert.ok((await auditOf(h, ws, 'sign_in_failure')).length <= PAIR_LIMIT);
    },
  );

  it("a stranger's failures do not stop the owner signing in from another address", async () => {
    const ws = await h.workspace();
    const owner = await personIn(h, ws, 'admin');
    for (let index = 0; index < PAIR_LIMIT; index++)
      await signInRequest(h, owner.email, `stranger ${index}`, {}, '198.51.100.66');
    assert.equal((await signInRequest(h, owner.email, PASSWORD, {}, '198.51.100.66')).statusCode, 429);
    assert.equal((await signInRequest(h, owner.email, PASSWORD, {}, '192.0.2.44')).statusCode, 200);
  });

  it(
    'per account alone, parallel guesses from many addresses are spaced out, ' +
      'one turn after another, and the right password still gets in',
    async () => {
      const ws = await h.workspace();
      const owner = await personIn(h, ws, 'admin');
      const failures = 8;
      const started = Date.now();
      const guesses = await Promise.all(
        Array.from({ length: failures }, (_, index) =>
          signInRequest(h, owner.email, 'distributed guess', {}, `198.51.100.${index + 1}`),
        ),
      );
      assert.deepEqual(
        guesses.map((g) => g.statusCode),
        Array(failures).fill(401),
      );
      // Turns after the free failures: 250 + 500 + 1,000 ms, one after the other even in parallel.
      const spacing = Array.from({ length: failures }, (_, index) => accountDelayMs(index)).reduce(
        (sum, delay) => sum + delay,
        0,
      );
      assert.ok(Date.now() - started >= spacing, `${Date.now() - started} ms < ${spacing} ms`);
      assert.equal((await signInRequest(h, owner.email, PASSWORD, {}, '192.0.2.200')).statusCode, 200);
    },
  );

  it(
    `a turn more than ${MAX_WAIT_MS / 1000} s away is refused for now; ` +
      'an address where the owner signed in skips the queue',
    async () => {
      const ws = await h.workspace();
      const owner = await personIn(h, ws, 'admin');
      assert.equal((await signInRequest(h, owner.email, PASSWORD, {}, '192.0.2.77')).statusCode, 200);
      const flood = Array.from({ length: 20 }, (_, index) =>
        signInRequest(h, owner.email, 'flood', {}, `2001:db8:${index + 1}::1`),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const atHome = await signInRequest(h, owner.email, PASSWORD, {}, '192.0.2.77');
      assert.equal(atHome.statusCode, 200);
      const answers = await Promise.all(flood);
      const checked = answers.filter((a) => a.statusCode === 401).length;
      const refused = answers.filter((a) => a.statusCode === 429);
      assert.ok(checked <= 10, `${checked} checked`);
      assert.ok(refused.length >= 10, `${refused.length} refused`);
      for (const answer of refused) assert.ok(Number(answer.headers['retry-after']) >= 1);
    },
  );

  it('an IPv6 /64 counts as one address', async () => {
    const ws = await h.workspace();
    const owner = await personIn(h, ws, 'admin');
    for (let index = 0; index < PAIR_LIMIT; index++)
      assert.equal(
        (await signInRequest(h, owner.email, `guess ${index}`, {}, `2001:db8:0:7::${index + 1}`)).statusCode,
        401,
      );
    assert.equal((await signInRequest(h, owner.email, PASSWORD, {}, '2001:db8:0:7:ffff::99')).statusCode, 429);
    assert.equal((await signInRequest(h, owner.email, PASSWORD, {}, '2001:db8:0:8::1')).statusCode, 200);
  });

  it('a lock is not renewed by the attempts it refuses: it ends with the window of the first failure', async () => {
    const ws = await h.workspace();
    const owner = await personIn(h, ws, 'admin');
    for (let index = 0; index < PAIR_LIMIT; index++)
      await signInRequest(h, owner.email, `guess ${index}`, {}, '198.51.100.70');
    const first = Number((await signInRequest(h, owner.email, 'guess', {}, '198.51.100.70')).headers['retry-after']);
    const row = await h.database.db
      .selectFrom('sign_in_failures')
      .select('window_start')
      .where('subject', '=', `pair:${owner.email}\n198.51.100.70`)
      .executeTakeFirstOrThrow();
    for (let index = 0; index < 5; index++) await signInRequest(h, owner.email, 'guess', {}, '198.51.100.70');
    const later = Number((await signInRequest(h, owner.email, PASSWORD, {}, '198.51.100.70')).headers['retry-after']);
    assert.ok(later <= first, `${later} > ${first}`);
    const after = await h.database.db
      .selectFrom('sign_in_failures')
      .select('window_start')
      .where('subject', '=', `pair:${owner.email}\n198.51.100.70`)
      .executeTakeFirstOrThrow();
    assert.equal(new Date(after.window_start).getTime(), new Date(row.window_start).getTime());
  });

  it('the current-password check of a password change is throttled like sign-in', async () => {
    const ws = await h.workspace();
    const person = await personIn(h, ws, 'write');
    const client = await signIn(h, person.email);
    const body = (currentPassword: string) => ({ currentPassword, newPassword: 'quiet orchards under snow' });
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, index) => client.call('PUT', '/ui/api/password', body(`wrong ${index}`))),
    );
    assert.equal(answers.filter((a) => a.statusCode === 422).length, PAIR_LIMIT);
    assert.ok(answers.every((a) => a.statusCode === 422 || a.statusCode === 429));
    const right = await client.call('PUT', '/ui/api/password', body(PASSWORD));
    assert.equal(right.statusCode, 429);
    assert.equal(errorOf(right).code, 'too_many_requests');
    assert.ok(Number(right.headers['retry-after']) > 0);
  });

  it(
    'admins see a locked member in the console and end the locks of addresses, ' +
      'audited in their workspace; the answer is the same whoever else has the person',
    async () => {
      const alpha = await adminClient(h, 'Alpha');
      const other = await h.workspace('Other');
      const local = await personIn(h, alpha.ws, 'read', 'Local Person');
      const shared = await personIn(h, other, 'read', 'Shared Person');
      await addMember(
        h.database,
        serviceFamilies,
        { workspaceId: alpha.ws.id, email: shared.email, role: 'read' },
        CLI_ACTOR,
      );
      const sharedHere = (
        await h.database.db
          .selectFrom('members')
          .select('id')
          .where('workspace_id', '=', alpha.ws.id)
          .where('user_id', '=', shared.userId)
          .executeTakeFirstOrThrow()
      ).id;
      for (const person of [local, shared]) {
        await Promise.all(
          Array.from({ length: PAIR_LIMIT }, (_, index) =>
            signInRequest(h, person.email, `guess ${index}`, {}, '198.51.100.80'),
          ),
        );
      }
      const locks = bodyOf(SignInLocks, await alpha.client.call('GET', '/ui/api/members/sign-in-locks'));
      const byMember = new Map(locks.data.map((lock) => [lock.memberId, lock]));
      assert.ok(byMember.get(local.id)?.lockedUntil);
      assert.deepEqual(Object.keys(byMember.get(local.id)!).sort(), Object.keys(byMember.get(sharedHere)!).sort());
      // A member of another workspace is not found here.
      assert.equal((await alpha.client.call('POST', `/ui/api/members/${shared.id}/unlock`)).statusCode, 404);
      const reader = await signIn(h, local.email, PASSWORD);
      assert.equal(errorOf(await reader.call('GET', '/ui/api/members/sign-in-locks')).code, 'insufficient_permission');
      assert.equal(
        errorOf(await reader.call('POST', `/ui/api/members/${local.id}/unlock`)).code,
        'insufficient_permission',
      );
      for (const memberId of [local.id, sharedHere])
        assert.equal((await alpha.client.call('POST', `/ui/api/members/${memberId}/unlock`)).statusCode, 200);
      assert.equal((await signInRequest(h, local.email, PASSWORD, {}, '198.51.100.80')).statusCode, 200);
      assert.equal((await signInRequest(h, shared.email, PASSWORD, {}, '198.51.100.80')).statusCode, 200);
      assert.equal((await auditOf(h, alpha.ws, 'unlock')).length, 2);
      assert.equal((await auditOf(h, other, 'unlock')).length, 0);
    },
  );

  it("the sign-in locks of a workspace of 600 members are listed (SQLite's expression depth)", async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    for (let index = 0; index < 600; index++) {
      await addMember(
        h.database,
        serviceFamilies,
        { workspaceId: ws.id, email: `many-${index}-${ws.id}@example.test`, name: `Many ${index}`, role: 'read' },
        CLI_ACTOR,
      );
    }
    const client = await signIn(h, admin.email);
    const response = await client.call('GET', '/ui/api/members/sign-in-locks');
    assert.equal(response.statusCode, 200);
  });

  it('a sign-in e-mail with a control character is refused as malformed, before any counter', async () => {
    const response = await signInRequest(h, 'victim@example.test\n198.51.100.1', 'guess');
    assert.equal(errorOf(response).code, 'bad_request');
    const rows = await h.database.db
      .selectFrom('sign_in_failures')
      .select('subject')
      .where('subject', 'like', '%victim@example.test%')
      .execute();
    assert.equal(rows.length, 0);
  });

  it(
    'estate member unlock EMAIL ends the lock of a person, ' +
      'audited in each of their workspaces; an unknown e-mail is an error',
    async () => {
      const alpha = await h.workspace('Alpha');
      const beta = await h.workspace('Beta');
      const person = await personIn(h, alpha, 'read');
      await addMember(
        h.database,
        serviceFamilies,
        { workspaceId: beta.id, email: person.email, role: 'read' },
        CLI_ACTOR,
      );
      for (let index = 0; index < PAIR_LIMIT; index++)
        await signInRequest(h, person.email, `guess ${index}`, {}, '198.51.100.90');
      assert.equal((await signInRequest(h, person.email, PASSWORD, {}, '198.51.100.90')).statusCode, 429);
      const unlocked = await estate(h.url, ['member', 'unlock', person.email.toUpperCase(), '--json']);
      assert.equal(unlocked.code, 0, unlocked.stderr);
      assert.deepEqual(unlocked.json(), { email: person.email, unlocked: true, ended: 2 });
      assert.equal((await signInRequest(h, person.email, PASSWORD, {}, '198.51.100.90')).statusCode, 200);
      assert.equal((await auditOf(h, alpha, 'unlock')).length, 1);
      assert.equal((await auditOf(h, beta, 'unlock')).length, 1);
      const unknown = await estate(h.url, ['member', 'unlock', 'nobody@example.test', '--json']);
      assert.equal(unknown.code, 1);
      assert.equal(unknown.stdout, '');
      assert.match(unknown.stderr, /^estate: no person has the e-mail nobody@example\.test\n$/);
    },
  );
});

describeEachDatabase('accounts: weak passwords are refused', (h) => {
  it(
    'weak passwords and an open current-password check: 12345678, ' +
      "aaaaaaaa and one built on the person's e-mail are refused as new passwords, with the reason",
    async () => {
      const ws = await h.workspace();
      const person = await personIn(h, ws, 'write', 'Grace Hopper');
      const client = await signIn(h, person.email);
      for (const weak of ['12345678', 'aaaaaaaa', person.email, 'Grace Hopper 1906']) {
        const refused = await client.call('PUT', '/ui/api/password', { currentPassword: PASSWORD, newPassword: weak });
        assert.equal(refused.statusCode, 422, weak);
        assert.match(errorOf(refused).message, /^newPassword is too weak: .+/);
      }
      assert.equal((await signIn(h, person.email)).session.user.email, person.email, 'the password is unchanged');
    },
  );

  it('an invitation refuses a weak password and stays usable; the CLI refuses one for a new person', async () => {
    const alpha = await adminClient(h, 'Alpha');
    const email = `weak-${alpha.ws.id}@example.test`;
    const added = bodyOf(
      AddedMember,
      await alpha.client.call('POST', '/ui/api/members', { email, name: 'Weak Choice', role: 'read' }),
    );
    const refused = await accept(h, tokenOf(added), 'password1');
    assert.equal(refused.statusCode, 422);
    assert.match(errorOf(refused).message, /too weak/);
    assert.equal((await accept(h, tokenOf(added), 'a sturdy lantern by the mill')).statusCode, 200);
    const cli = await estate(
      h.url,
      [
        'member',
        'add',
        '--workspace',
        alpha.ws.id,
        '--email',
        `cli-${alpha.ws.id}@example.test`,
        '--name',
        'Cli',
        '--role',
        'read',
        '--password-stdin',
        '--json',
      ],
      { stdin: 'qwertyuiop\n' },
    );
    assert.equal(cli.code, 1);
    assert.match(cli.stderr, /^estate: password is too weak: /);
    assert.equal(
      await h.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', `cli-${alpha.ws.id}@example.test`)
        .executeTakeFirst(),
      undefined,
    );
  });
});
