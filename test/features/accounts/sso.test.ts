// npm test: a process of its own (it names the providers in OIDC_PROVIDERS, which every later app would read).
/**
 * Single sign-on with a real OpenID provider (oidc-provider in this process, test/support/sso-provider.ts)
 * over real HTTP: memberships by rules, leavers, Require single sign-on, every refusal (forged
 * state, replayed code, wrong nonce, unverified e-mail, expired or forged ID token, issuer
 * mix-up, a provider down after its discovery or behind a failing gateway), the console's and CLI's
 * rules scoped to their workspace, and two instances on one database finishing each other's
 * sign-ins (docs/sso.md).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { after, before, it, mock } from 'node:test';
import type { Kysely } from 'kysely';
import { buildApp } from '../../../src/surfaces/server/app.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import type { SessionView } from '../../../src/features/accounts/console.schemas.js';
import { SESSION_COOKIE } from '../../../src/features/accounts/sign-in/sessions.js';
import { openDatabase } from '../../../src/base/db/database.js';
import type { Tables } from '../../../src/base/db/schema.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { signInsTotal } from '../../../src/base/metrics/metrics.js';
import { addRule, changeSetting } from '../../../src/features/accounts/sso/rules.service.js';
import {
  loadProviders,
  PROBE_MEMORY_MS,
  PROBE_TIMEOUT_MS,
  ProviderRegistry,
} from '../../../src/features/accounts/sso/providers.js';
import { estate } from '../../support/cli.js';
import { clientOf, PASSWORD, personIn, signInRequest } from '../../support/console.js';
import { describeEachDatabase, type Harness, ONCE, type Workspace, serviceFamilies } from '../../support/harness.js';
import { SsoAgent } from '../../support/sso-agent.js';
import {
  CLIENT_SECRET,
  configureProviders,
  type StubProvider,
  startStubProvider,
  startTestProvider,
  type TestProvider,
} from '../../support/sso-provider.js';
import { temporaryDirectory } from '../../support/temporary.js';

let corp: TestProvider;
let other: TestProvider;
/** Closed by the tests that play a provider going down after its discovery, and opened again. */
let fading: TestProvider;
/** Behind a gateway: its authorization endpoint answers 502. */
let gateway: StubProvider;
/** Its authorization endpoint never answers. */
let hung: StubProvider;
/** Its authorization endpoint answers 400, as most do when asked without parameters. */
let plain: StubProvider;
const logs: string[] = [];

before(async () => {
  corp = await startTestProvider();
  other = await startTestProvider();
  fading = await startTestProvider();
  gateway = await startStubProvider(502);
  hung = await startStubProvider('hang');
  plain = await startStubProvider(400);
  configureProviders([
    { name: 'corp', displayName: 'Corp SSO', issuer: corp.issuer },
    { name: 'other', displayName: 'Other SSO', issuer: other.issuer },
    { name: 'down', displayName: 'Down SSO', issuer: 'http://127.0.0.1:9' },
    { name: 'fading', displayName: 'Fading SSO', issuer: fading.issuer },
    { name: 'gateway', displayName: 'Gateway SSO', issuer: gateway.issuer },
    { name: 'hung', displayName: 'Hung SSO', issuer: hung.issuer },
    { name: 'plain', displayName: 'Plain SSO', issuer: plain.issuer },
  ]);
});

after(async () => {
  for (const provider of [corp, other, fading, gateway, hung, plain]) await provider?.close();
});

const logStream = new Writable({
  write(chunk, _encoding, done) {
    logs.push(String(chunk));
    done();
  },
});

let serial = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++serial}`;

describeEachDatabase(
  'single sign-on',
  (h: Harness) => {
    let origin: string;
    const start = (name = 'corp') => `${origin}/ui/api/sso/${name}/start`;
    const db = () => h.database.db as Kysely<Tables>;

    before(async () => {
      origin = await h.app.listen({ port: 0, host: '127.0.0.1' });
      for (const [provider, name] of [
        [corp, 'corp'],
        [other, 'other'],
        [fading, 'fading'],
      ] as const) {
        provider.allowRedirect(`${origin}/ui/api/sso/${name}/callback`);
      }
    });

    /** A person of the provider, with a fresh login, e-mail and the given groups. */
    function personAt(provider: TestProvider, groups: string[], claims: Record<string, unknown> = {}) {
      const login = unique('person');
      const email = `${login}@corp.example`;
      provider.people.set(login, { email, email_verified: true, name: `Person ${login}`, groups, ...claims });
      return { login, email };
    }

    async function ruleIn(workspace: Workspace, provider: string, group: string, role: 'read' | 'write' | 'admin') {
      return addRule(
        h.database,
        new ProviderRegistry(loadProviders()),
        workspace.id,
        { provider, group, role },
        CLI_ACTOR,
      );
    }

    /** A new workspace whose rule gives `role` to a new group at corp, and a person of that group. */
    async function corpPersonIn(name: string, role: 'read' | 'write' | 'admin', prefix = 'g') {
      const workspace = await h.workspace(name);
      const group = unique(prefix);
      await ruleIn(workspace, 'corp', group, role);
      return { workspace, group, person: personAt(corp, [group]) };
    }

    async function sessionOf(agent: SsoAgent): Promise<{ status: number; view?: SessionView }> {
      const cookie = agent.cookie(SESSION_COOKIE);
      if (!cookie) return { status: 401 };
      const response = await h.app.inject({
        method: 'GET',
        url: '/ui/api/session',
        cookies: { [SESSION_COOKIE]: cookie },
      });
      return { status: response.statusCode, view: response.statusCode === 200 ? response.json() : undefined };
    }

    async function memberOf(workspace: Workspace, email: string) {
      return db()
        .selectFrom('members')
        .innerJoin('users', 'users.id', 'members.user_id')
        .select(['members.id', 'members.role'])
        .where('members.workspace_id', '=', workspace.id)
        .where('users.email', '=', email)
        .executeTakeFirst();
    }

    async function events(workspace: Workspace) {
      return db()
        .selectFrom('audit_events')
        .selectAll()
        .where('workspace_id', '=', workspace.id)
        .orderBy('timestamp')
        .orderBy('id')
        .execute();
    }

    const reasonOf = (location: string) => new URL(location, origin).searchParams.get('sso_error');
    const locationOf = (response: Response) => response.headers.get('location') ?? '';
    /** Whether the log holds a line with exactly this message. */
    const logged = (message: string) => logs.some((line) => line.includes(`"msg":${JSON.stringify(message)}`));
    const probeFailed = (name: string, endpoint: string, cause: string) =>
      `single sign-on: provider ${name} is down: the probe of its authorization endpoint ${endpoint} failed (${cause})`;

    it('the sign-in page lists the providers of OIDC_PROVIDERS by display name', async () => {
      const response = await h.app.inject({ method: 'GET', url: '/ui/api/sso/providers' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(
        response.json().data.map((p: { displayName: string }) => p.displayName),
        ['Corp SSO', 'Other SSO', 'Down SSO', 'Fading SSO', 'Gateway SSO', 'Hung SSO', 'Plain SSO'],
      );
    });

    it('a first sign-in creates the membership its group gives, audited with the member and provider', async () => {
      const workspace = await h.workspace('SSO first');
      const group = unique('engineers');
      await ruleIn(workspace, 'corp', group, 'write');
      const person = personAt(corp, [group, 'unrelated']);
      const agent = new SsoAgent();
      assert.equal(await agent.signIn(start(), person.login), '/ui/');
      const member = await memberOf(workspace, person.email);
      assert.equal(member?.role, 'write');
      const session = await sessionOf(agent);
      assert.equal(session.view?.workspace?.id, workspace.id);
      assert.equal(session.view?.user.email, person.email);
      const created = (await events(workspace)).find((e) => e.action === 'create' && e.resource_id === member!.id);
      assert.equal(created?.actor_type, 'member');
      assert.equal(created?.actor_id, member!.id);
      assert.deepEqual(JSON.parse(created!.changes!).provider, { before: null, after: 'corp' });
      const signIn = (await events(workspace)).find((e) => e.action === 'sign_in' && e.resource_id === member!.id);
      assert.deepEqual(JSON.parse(signIn!.changes!).provider, { before: null, after: 'corp' });
      // The session ends no later than the provider's ID token (an hour), well before Estate's week.
      assert.ok(Date.parse(session.view!.expiresAt) <= Date.now() + 3600_000 + 5000);
      // The flow cookie is gone and the flow's row too: nothing to replay.
      assert.equal(agent.cookie('estate_sso_flow'), undefined);
    });

    it('a change of groups changes the role at the next sign-in; the highest role any group gives wins', async () => {
      const workspace = await h.workspace('SSO roles');
      const readers = unique('readers');
      const admins = unique('admins');
      await ruleIn(workspace, 'corp', readers, 'read');
      await ruleIn(workspace, 'corp', admins, 'admin');
      const person = personAt(corp, [readers]);
      assert.equal(await new SsoAgent().signIn(start(), person.login), '/ui/');
      assert.equal((await memberOf(workspace, person.email))?.role, 'read');
      corp.people.get(person.login)!.groups = [readers, admins];
      assert.equal(await new SsoAgent().signIn(start(), person.login), '/ui/');
      const member = await memberOf(workspace, person.email);
      assert.equal(member?.role, 'admin');
      const update = (await events(workspace)).find((e) => e.action === 'update' && e.resource_id === member!.id);
      assert.deepEqual(JSON.parse(update!.changes!), {
        role: { before: 'read', after: 'admin' },
        provider: { before: null, after: 'corp' },
      });
    });

    it('a leaver loses the membership the rules made at the next sign-in, and their other sessions end', async () => {
      const { workspace, person } = await corpPersonIn('SSO leaver', 'write', 'staff');
      const first = new SsoAgent();
      const second = new SsoAgent();
      assert.equal(await first.signIn(start(), person.login), '/ui/');
      assert.equal(await second.signIn(start(), person.login), '/ui/');
      assert.equal((await sessionOf(first)).status, 200);
      const memberId = (await memberOf(workspace, person.email))!.id;
      corp.people.get(person.login)!.groups = [];
      const third = new SsoAgent();
      assert.equal(reasonOf(await third.signIn(start(), person.login)), 'no_matching_group');
      assert.equal(await memberOf(workspace, person.email), undefined);
      assert.equal((await sessionOf(first)).status, 401, 'the first session ended');
      assert.equal((await sessionOf(second)).status, 401, 'the second session ended');
      const removed = (await events(workspace)).find((e) => e.action === 'delete' && e.resource_id === memberId);
      assert.equal(removed?.actor_id, memberId);
      assert.match(removed!.actor_name!, /single sign-on: corp/);
      assert.ok(logs.some((line) => line.includes('single sign-on refused: no rule for provider corp gives')));
    });

    it("only workspaces whose rules name the provider change; others' and manual memberships stay", async () => {
      const corpSpace = await h.workspace('SSO corp');
      const otherSpace = await h.workspace('SSO other');
      const plainSpace = await h.workspace('SSO none');
      const group = unique('team');
      await ruleIn(corpSpace, 'corp', group, 'read');
      await ruleIn(otherSpace, 'other', group, 'write');
      const person = personAt(corp, [group]);
      other.people.set(person.login, { ...corp.people.get(person.login)! });
      assert.equal(await new SsoAgent().signIn(start('other'), person.login), '/ui/');
      await addMember(
        h.database,
        serviceFamilies,
        { workspaceId: plainSpace.id, email: person.email, role: 'read' },
        CLI_ACTOR,
      );
      corp.people.get(person.login)!.groups = [];
      // Through corp: no group any more. The other provider's membership and the manual one stay.
      const agent = new SsoAgent();
      assert.equal(reasonOf(await agent.signIn(start(), person.login)), 'no_matching_group');
      assert.equal((await memberOf(otherSpace, person.email))?.role, 'write');
      assert.equal((await memberOf(plainSpace, person.email))?.role, 'read');
      assert.equal(agent.cookie(SESSION_COOKIE), undefined, 'no session in a workspace the rules do not grant');
    });

    it("a provider's session never reaches a workspace its rules did not grant", async () => {
      const granted = await h.workspace('SSO granted');
      const manual = await h.workspace('SSO manual');
      const group = unique('ops');
      await ruleIn(granted, 'corp', group, 'read');
      const person = personAt(corp, [group]);
      const agent = new SsoAgent();
      assert.equal(await agent.signIn(start(), person.login), '/ui/');
      await addMember(
        h.database,
        serviceFamilies,
        { workspaceId: manual.id, email: person.email, role: 'admin' },
        CLI_ACTOR,
      );
      const { view } = await sessionOf(agent);
      const client = clientOf(h, agent.cookie(SESSION_COOKIE)!, view!);
      const move = await client.call('PUT', '/ui/api/session/workspace', { workspaceId: manual.id });
      assert.equal(move.statusCode, 403);
      assert.match(move.json().message, /single sign-on rules do not give you this workspace/);
    });

    it('Require single sign-on refuses passwords (audited) but break-glass, ends password sessions', async () => {
      const workspace = await h.workspace('SSO required');
      await ruleIn(workspace, 'corp', unique('any'), 'read');
      const admin = await personIn(h, workspace, 'admin', 'Break Glass');
      const writer = await personIn(h, workspace, 'write', 'Wendy Writer');
      const before = await signInRequest(h, writer.email, PASSWORD);
      assert.equal(before.statusCode, 200);
      const writerCookie = before.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
      await changeSetting(h.database, workspace.id, { requireSso: true, breakGlassMemberId: admin.id }, CLI_ACTOR);
      const refused = await signInRequest(h, writer.email, PASSWORD);
      assert.equal(refused.statusCode, 403);
      assert.match(refused.json().message, /require single sign-on: use Sign in with your provider \(corp\)/);
      const open = await h.app.inject({
        method: 'GET',
        url: '/ui/api/session',
        cookies: { [SESSION_COOKIE]: writerCookie },
      });
      assert.equal(open.statusCode, 401, "the writer's password session ended");
      assert.equal((await signInRequest(h, admin.email, PASSWORD)).statusCode, 200, 'break-glass');
      const failure = (await events(workspace)).find(
        (e) => e.action === 'sign_in_failure' && e.resource_id === writer.id,
      );
      assert.match(failure!.changes!, /single sign-on required/);
      await changeSetting(h.database, workspace.id, { requireSso: false }, CLI_ACTOR);
      assert.equal((await signInRequest(h, writer.email, PASSWORD)).statusCode, 200, 'off again: passwords work');
    });

    it('an invitation accepted where single sign-on is required sets the password, opens no session', async () => {
      const workspace = await h.workspace('SSO invited');
      await ruleIn(workspace, 'corp', unique('any'), 'read');
      await changeSetting(h.database, workspace.id, { requireSso: true }, CLI_ACTOR);
      const email = `${unique('invited')}@example.test`;
      const added = await addMember(
        h.database,
        serviceFamilies,
        { workspaceId: workspace.id, email, name: 'Ivy Invited', role: 'write', invite: true },
        CLI_ACTOR,
      );
      const token = added.invitation!.path.split('#')[1]!;
      const accepted = await h.app.inject({
        method: 'POST',
        url: '/ui/api/invitations/accept',
        payload: { token, password: PASSWORD },
      });
      assert.equal(accepted.statusCode, 403);
      assert.match(accepted.json().message, /password is set, but this workspace requires single sign-on/);
      assert.equal(
        accepted.cookies.find((c) => c.name === SESSION_COOKIE),
        undefined,
      );
      const sessions = await db()
        .selectFrom('console_sessions')
        .select('id')
        .where('user_id', '=', added.userId)
        .execute();
      assert.deepEqual(sessions, []);
      assert.equal((await signInRequest(h, email, PASSWORD)).statusCode, 403);
    });

    it('a password session cannot move into a workspace that requires single sign-on', async () => {
      const open = await h.workspace('SSO open');
      const closed = await h.workspace('SSO closed');
      await ruleIn(closed, 'corp', unique('any'), 'read');
      const person = await personIn(h, open, 'write', 'Mo Mover');
      await addMember(
        h.database,
        serviceFamilies,
        { workspaceId: closed.id, email: person.email, role: 'write' },
        CLI_ACTOR,
      );
      await changeSetting(h.database, closed.id, { requireSso: true }, CLI_ACTOR);
      const response = await signInRequest(h, person.email, PASSWORD);
      assert.equal(response.statusCode, 200);
      const view = response.json() as SessionView;
      assert.equal(view.workspace?.id, open.id);
      const client = clientOf(h, response.cookies.find((c) => c.name === SESSION_COOKIE)!.value, view);
      const move = await client.call('PUT', '/ui/api/session/workspace', { workspaceId: closed.id });
      assert.equal(move.statusCode, 403);
      assert.match(move.json().message, /requires single sign-on/);
    });

    it('a forged state, a state from another browser and a replayed callback are refused', async () => {
      const { person } = await corpPersonIn('SSO state', 'read');
      const victim = new SsoAgent();
      const callback = await victim.toCallback(start(), person.login);
      const forged = new URL(callback);
      forged.searchParams.set('state', 'forged-state-value');
      assert.equal(reasonOf(await victim.callback(forged.href)), 'flow_unknown');
      const attacker = new SsoAgent();
      assert.equal(reasonOf(await attacker.callback(callback)), 'flow_other_browser');
      assert.equal(await victim.callback(callback), '/ui/', "the victim's own flow still works once");
      assert.equal(reasonOf(await victim.callback(callback)), 'flow_unknown', 'replayed: the flow was taken');
      assert.ok(
        logs.some((line) => line.includes('callback state matches no flow of this browser (flow_other_browser)')),
      );
    });

    it('a replayed code with a fresh state is refused by the provider', async () => {
      const { person } = await corpPersonIn('SSO replay', 'read');
      const agent = new SsoAgent();
      const used = new URL(await agent.toCallback(start(), person.login));
      assert.equal(await agent.callback(used.href), '/ui/');
      const fresh = new URL(await agent.toCallback(start(), person.login));
      fresh.searchParams.set('code', used.searchParams.get('code')!);
      assert.equal(reasonOf(await agent.callback(fresh.href)), 'provider_error');
      assert.ok(logs.some((line) => line.includes('answered invalid_grant')));
    });

    it("an issuer mix-up is refused: a flow at another provider's callback, another issuer's token", async () => {
      const { person } = await corpPersonIn('SSO mix-up', 'read');
      other.people.set(person.login, { ...corp.people.get(person.login)! });
      const agent = new SsoAgent();
      const otherCallback = new URL(await agent.toCallback(start('other'), person.login));
      const crossed = new URL(`${origin}/ui/api/sso/corp/callback${otherCallback.search}`);
      assert.equal(reasonOf(await agent.callback(crossed.href)), 'flow_other_provider');
      corp.tamper = (payload) => ({ payload: { ...payload, iss: other.issuer }, signing: 'provider' });
      try {
        assert.equal(reasonOf(await agent.signIn(start(), person.login)), 'token_invalid');
      } finally {
        corp.tamper = undefined;
      }
    });

    for (const [what, tamper, reason] of [
      [
        'a wrong nonce',
        (p: Record<string, unknown>) => ({ payload: { ...p, nonce: 'other' }, signing: 'provider' }),
        'token_invalid',
      ],
      [
        'an expired ID token',
        (p: Record<string, unknown>) => ({
          payload: { ...p, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 },
          signing: 'provider',
        }),
        'clock_skew',
      ],
      ['a forged signature', (p: Record<string, unknown>) => ({ payload: p, signing: 'foreign' }), 'token_invalid'],
      [
        'a changed claim',
        (p: Record<string, unknown>) => ({ payload: { ...p, email: 'boss@corp.example' }, signing: 'unsigned' }),
        'token_invalid',
      ],
      [
        'another audience',
        (p: Record<string, unknown>) => ({ payload: { ...p, aud: 'not-estate' }, signing: 'provider' }),
        'token_invalid',
      ],
    ] as const) {
      it(`an ID token with ${what} is refused (${reason}), with no session and no token in the log`, async () => {
        const { workspace, person } = await corpPersonIn('SSO token', 'admin');
        const agent = new SsoAgent();
        corp.tamper = tamper as TestProvider['tamper'];
        const mark = logs.length;
        try {
          assert.equal(reasonOf(await agent.signIn(start(), person.login)), reason);
        } finally {
          corp.tamper = undefined;
        }
        assert.equal(agent.cookie(SESSION_COOKIE), undefined);
        assert.equal(await memberOf(workspace, person.email), undefined);
        const logged = logs.slice(mark).join('\n');
        assert.match(logged, /single sign-on refused/);
        assert.doesNotMatch(logged, /eyJ[A-Za-z0-9_-]{10,}\./, 'no JWT in the log');
        assert.doesNotMatch(logged, new RegExp(CLIENT_SECRET));
      });
    }

    it('an unverified e-mail is refused, audited in their workspaces whose rules name the provider', async () => {
      const { workspace, person } = await corpPersonIn('SSO unverified', 'read');
      assert.equal(await new SsoAgent().signIn(start(), person.login), '/ui/');
      corp.people.get(person.login)!.email_verified = false;
      assert.equal(reasonOf(await new SsoAgent().signIn(start(), person.login)), 'unverified_email');
      const member = await memberOf(workspace, person.email);
      assert.ok(member, 'the membership stays: the unverified claim proves nothing');
      const failure = (await events(workspace)).find(
        (e) => e.action === 'sign_in_failure' && e.resource_id === member.id,
      );
      assert.deepEqual(JSON.parse(failure!.changes!).reason, { before: null, after: 'unverified e-mail' });
    });

    it('a missing e-mail claim and an unreachable provider are refused plainly, never a 500', async () => {
      const refusals = async () =>
        (await signInsTotal.get()).values.find((v) => v.labels.outcome === 'sso_refused')?.value ?? 0;
      const counted = await refusals();
      const person = personAt(corp, ['x'], { email: undefined });
      assert.equal(reasonOf(await new SsoAgent().signIn(start(), person.login)), 'missing_email');
      assert.equal(await refusals(), counted + 1, 'counted in estate_sign_ins_total{outcome="sso_refused"}');
      const down = await new SsoAgent().request(start('down'));
      assert.equal(down.status, 303);
      assert.equal(reasonOf(down.headers.get('location')!), 'provider_unreachable');
      const unknown = await new SsoAgent().request(start('nobody'));
      assert.equal(reasonOf(unknown.headers.get('location')!), 'unknown_provider');
      const bare = await new SsoAgent().request(`${origin}/ui/api/sso/corp/callback`);
      assert.equal(reasonOf(bare.headers.get('location')!), 'flow_unknown');
      const error = await new SsoAgent().request(`${origin}/ui/api/sso/corp/callback?error=access_denied&state=x`);
      assert.equal(error.status, 303);
    });

    it("a provider down after its discovery was kept: provider_unreachable, the probe's cause in the log", async () => {
      const first = await new SsoAgent().request(start('fading'));
      assert.equal(first.status, 303);
      assert.ok(locationOf(first).startsWith(`${fading.issuer}/auth?`), 'discovered and answering: sent there');
      await fading.close();
      try {
        const trusted = await new SsoAgent().request(start('fading'));
        assert.ok(locationOf(trusted).startsWith(`${fading.issuer}/auth?`), 'an answer is trusted for a while');
        // Past that while: the clock moves (only Date; the probe's timeout runs on real timers).
        mock.timers.enable({ apis: ['Date'], now: Date.now() + PROBE_MEMORY_MS + 1000 });
        let down: Response;
        try {
          down = await new SsoAgent().request(start('fading'));
        } finally {
          mock.timers.reset();
        }
        assert.equal(down.status, 303);
        assert.equal(locationOf(down), '/ui/login?sso_error=provider_unreachable&provider=fading');
        assert.ok(logged(probeFailed('fading', `${fading.issuer}/auth`, 'ECONNREFUSED')), 'the exact line in the log');
      } finally {
        await fading.reopen();
      }
      const back = await new SsoAgent().request(start('fading'));
      assert.ok(
        locationOf(back).startsWith(`${fading.issuer}/auth?`),
        'a failure is not kept: back, it is used at once',
      );
    });

    it('a provider down between redirect and code exchange: provider_unreachable; the next start probes', async () => {
      const person = personAt(fading, [unique('g')]);
      const agent = new SsoAgent();
      const callback = await agent.toCallback(start('fading'), person.login);
      await fading.close();
      try {
        assert.equal(reasonOf(await agent.callback(callback)), 'provider_unreachable');
        const host = new URL(fading.issuer).host;
        assert.ok(
          logged(
            `single sign-on refused: ${fading.issuer} cannot be reached: fetch failed (connect ECONNREFUSED ${host})`,
          ),
        );
        const next = await new SsoAgent().request(start('fading'));
        assert.equal(
          locationOf(next),
          '/ui/login?sso_error=provider_unreachable&provider=fading',
          'its last answer is forgotten: the start probes it again',
        );
      } finally {
        await fading.reopen();
      }
    });

    it('an authorization endpoint answering 5xx is provider_unreachable, probed again at every start', async () => {
      const probed = gateway.probes.length;
      for (const _attempt of [1, 2]) {
        const response = await new SsoAgent().request(start('gateway'));
        assert.equal(response.status, 303);
        assert.equal(locationOf(response), '/ui/login?sso_error=provider_unreachable&provider=gateway');
      }
      assert.equal(gateway.probes.length, probed + 2, 'a failure is not kept');
      assert.ok(logged(probeFailed('gateway', gateway.authorizationEndpoint, 'HTTP 502')), 'the exact line in the log');
    });

    it(`an authorization endpoint silent for ${PROBE_TIMEOUT_MS} ms is provider_unreachable`, async () => {
      const started = performance.now();
      const response = await new SsoAgent().request(start('hung'));
      assert.equal(locationOf(response), '/ui/login?sso_error=provider_unreachable&provider=hung');
      assert.ok(performance.now() - started < PROBE_TIMEOUT_MS + 1000, 'refused soon after the timeout');
      const cause = `timeout after ${PROBE_TIMEOUT_MS} ms`;
      assert.ok(logged(probeFailed('hung', hung.authorizationEndpoint, cause)), 'the exact line in the log');
    });

    it('an authorization endpoint answering 400 is up; a burst of starts probes it once, sending nothing', async () => {
      const probed = plain.probes.length;
      const burst = await Promise.all([1, 2, 3].map(() => new SsoAgent().request(start('plain'))));
      const later = await new SsoAgent().request(start('plain'));
      for (const response of [...burst, later]) {
        assert.equal(response.status, 303);
        assert.ok(locationOf(response).startsWith(`${plain.authorizationEndpoint}?`), 'sent to the provider');
      }
      assert.equal(plain.probes.length, probed + 1, `one probe for ${PROBE_MEMORY_MS} ms`);
      const probe = plain.probes.at(-1)!;
      assert.equal(probe.url, '/authorize', 'no parameters: no state, nonce or client id');
      assert.equal(probe.headers.cookie, undefined);
      assert.equal(probe.headers.authorization, undefined);
    });

    it("the console's rules and setting are the admin's own workspace's; readers and writers are refused", async () => {
      const a = await h.workspace('SSO A');
      const b = await h.workspace('SSO B');
      const ruleOfB = await ruleIn(b, 'corp', unique('g'), 'admin');
      const adminOfA = await personIn(h, a, 'admin', 'Admin A');
      const response = await signInRequest(h, adminOfA.email, PASSWORD);
      const client = clientOf(h, response.cookies.find((c) => c.name === SESSION_COOKIE)!.value, response.json());
      assert.equal((await client.call('DELETE', `/ui/api/sso/rules/${ruleOfB.id}`)).statusCode, 404);
      const added = await client.call('POST', '/ui/api/sso/rules', {
        provider: 'corp',
        group: 'a-group',
        role: 'read',
      });
      assert.equal(added.statusCode, 201);
      const settings = await client.call('GET', '/ui/api/sso/settings');
      assert.deepEqual(
        settings.json().rules.map((r: { id: string }) => r.id),
        [added.json().id],
      );
      const put = await client.call('PUT', '/ui/api/sso/settings', {
        requireSso: true,
        breakGlassMemberId: b.admin.id,
      });
      assert.equal(put.statusCode, 422, "B's admin cannot be A's break-glass");
      assert.equal(
        (await client.call('POST', '/ui/api/sso/rules', { provider: 'nope', group: 'g', role: 'read' })).statusCode,
        422,
      );
      const bRules = await db()
        .withTables<{ sso_rules: { workspace_id: string } }>()
        .selectFrom('sso_rules')
        .selectAll()
        .where('workspace_id', '=', b.id)
        .execute();
      assert.equal(bRules.length, 1);
      const writer = await personIn(h, a, 'write', 'Writer A');
      const w = await signInRequest(h, writer.email, PASSWORD);
      const writerClient = clientOf(h, w.cookies.find((c) => c.name === SESSION_COOKIE)!.value, w.json());
      assert.equal((await writerClient.call('GET', '/ui/api/sso/settings')).statusCode, 403);
      assert.equal(
        (await writerClient.call('POST', '/ui/api/sso/rules', { provider: 'corp', group: 'x', role: 'admin' }))
          .statusCode,
        403,
      );
    });

    it('estate sso rule add|list|remove and sso require, with --json, scoped to the workspace named', async () => {
      const a = await h.workspace('SSO CLI A');
      const b = await h.workspace('SSO CLI B');
      const ruleInA = (provider: string, group: string, role: string, ...options: string[]) => [
        'sso',
        'rule',
        'add',
        '--workspace',
        a.id,
        '--provider',
        provider,
        '--group',
        group,
        '--role',
        role,
        ...options,
      ];
      const added = await estate(h.url, ruleInA('corp', 'cli-group', 'write', '--json'));
      assert.equal(added.code, 0, added.stderr);
      const rule = added.json();
      assert.deepEqual(
        { provider: rule.provider, group: rule.group, role: rule.role },
        { provider: 'corp', group: 'cli-group', role: 'write' },
      );
      const listed = await estate(h.url, ['sso', 'rule', 'list', '--workspace', a.id, '--json']);
      assert.deepEqual(
        listed.json().data.map((r: { id: string }) => r.id),
        [rule.id],
      );
      const fromB = await estate(h.url, ['sso', 'rule', 'remove', '--workspace', b.id, rule.id, '--json']);
      assert.equal(fromB.code, 1);
      assert.match(fromB.stderr, /single sign-on rule not found/);
      const withoutSecret = await estate(h.url, ruleInA('corp', 'g', 'read', '--json'), {
        env: { TEST_OIDC_SECRET: '' },
      });
      assert.equal(withoutSecret.code, 0, `the CLI needs no client secret: ${withoutSecret.stderr}`);
      const unknown = await estate(h.url, ruleInA('nope', 'g', 'read'));
      assert.match(unknown.stderr, /no provider named "nope"/);
      const on = await estate(h.url, [
        'sso',
        'require',
        '--workspace',
        a.id,
        'on',
        '--break-glass',
        a.admin.id,
        '--json',
      ]);
      assert.equal(on.code, 0, on.stderr);
      assert.deepEqual(on.json(), { requireSso: true, breakGlassMemberId: a.admin.id, addNewPeople: true });
      assert.match(on.stderr, /warning: member .* keeps a password sign-in \(break-glass\)/);
      const offB = await estate(h.url, ['sso', 'require', '--workspace', b.id, 'on', '--json']);
      assert.equal(offB.code, 1, 'B has no rule: requiring single sign-on there would lock everyone out');
      const glassOfA = await estate(h.url, ['sso', 'require', '--workspace', b.id, 'on', '--break-glass', a.admin.id]);
      assert.equal(glassOfA.code, 1);
      const removed = await estate(h.url, ['sso', 'rule', 'remove', '--workspace', a.id, rule.id, '--json']);
      assert.equal(removed.json().removed, true);
      const off = await estate(h.url, ['sso', 'require', '--workspace', a.id, 'off', '--json']);
      assert.deepEqual(off.json(), { requireSso: false, breakGlassMemberId: null, addNewPeople: true });
    });

    it('two instances on one database: a sign-in started on one finishes on the other', async () => {
      const second = openDatabase(h.url);
      const app = await buildApp({ database: second });
      try {
        const secondOrigin = await app.listen({ port: 0, host: '127.0.0.1' });
        const { workspace, person } = await corpPersonIn('SSO two', 'read');
        const agent = new SsoAgent();
        const callback = new URL(await agent.toCallback(start(), person.login));
        const onSecond = `${secondOrigin}${callback.pathname}${callback.search}`;
        assert.equal(await agent.callback(onSecond), '/ui/');
        assert.equal((await sessionOf(agent)).view?.workspace?.id, workspace.id, 'the session holds on the first');
        // And the other way round: started on the second, finished on the first.
        corp.allowRedirect(`${secondOrigin}/ui/api/sso/corp/callback`);
        const starter = new SsoAgent();
        const started = new URL(await starter.toCallback(`${secondOrigin}/ui/api/sso/corp/start`, person.login));
        assert.equal(await starter.callback(`${origin}${started.pathname}${started.search}`), '/ui/');
        assert.equal((await sessionOf(starter)).view?.workspace?.id, workspace.id);
      } finally {
        await app.close();
        await second.close();
      }
    });
  },
  { logger: { level: 'info', stream: logStream } },
);

it('OIDC_PROVIDERS: http only on a loopback issuer; a missing secret or a bad name is a plain message', ONCE, () => {
  const directory = temporaryDirectory('estate-sso-config-');
  const load = (entry: Record<string, unknown>, env: Record<string, string> = { S: 'secret' }) => {
    const file = join(directory, `${++serial}.json`);
    writeFileSync(file, JSON.stringify([{ name: 'corp', issuer: 'https://idp.example', clientId: 'c', ...entry }]));
    return () => loadProviders({ OIDC_PROVIDERS: file, ...env });
  };
  assert.equal(load({ clientSecretEnv: 'S' })()[0]!.displayName, 'corp');
  assert.equal(load({ clientSecretEnv: 'S', issuer: 'http://127.0.0.1:8080' })()[0]!.issuer, 'http://127.0.0.1:8080');
  assert.throws(
    load({ clientSecretEnv: 'S', issuer: 'http://idp.example' }),
    /must be https: \(http: only on a loopback/,
  );
  assert.throws(load({ clientSecretEnv: 'MISSING' }), /environment variable MISSING \(clientSecretEnv\) is not set/);
  assert.throws(load({ clientSecretEnv: 'S', name: 'Corp/../x' }), /name "Corp\/..\/x" must be lower-case/);
  assert.throws(load({ clientSecretEnv: 'S', scopes: ['email'] }), /array of strings that includes "openid"/);
  assert.deepEqual(loadProviders({}), []);
});
