// npm test: a process of its own (it names the providers in OIDC_PROVIDERS, which every later app would read).
/**
 * Single sign-on in Chromium (playwright-core) with a real OpenID provider in this process
 * (test/support/sso-provider.ts): the whole redirect flow from "Sign in with Corp SSO" through the
 * provider's login page and back; a role change; a leaver locked out with their other session
 * ended; Settings → Single sign-on requiring it, and the password then refused; each refusal's
 * plain message on the sign-in page (forged state, replayed code, wrong nonce, unverified e-mail,
 * expired ID token); two instances behind one address finishing each other's sign-ins. Both databases.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import type { Page } from 'playwright-core';
import { buildApp } from '../../../src/surfaces/server/app.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { openDatabase } from '../../../src/base/db/database.js';
import { loadProviders, ProviderRegistry } from '../../../src/features/accounts/sso/providers.js';
import { addRule } from '../../../src/features/accounts/sso/rules.service.js';
import { browserMissing } from '../../support/browser.js';
import { assertAccessible, consoleFor, signInPage } from '../../support/console-browser.js';
import { PASSWORD, personIn } from '../../support/console.js';
import { describeEachDatabase, type Workspace } from '../../support/harness.js';
import {
  configureProviders,
  type StubProvider,
  startStubProvider,
  startTestProvider,
  type TestProvider,
} from '../../support/sso-provider.js';

const skip = browserMissing();
let corp: TestProvider;
/** A provider whose discovery answers and whose authorization endpoint fails (502): down for a browser. */
let gateway: StubProvider;

before(async () => {
  corp = await startTestProvider();
  gateway = await startStubProvider(502);
  configureProviders([
    { name: 'corp', displayName: 'Corp SSO', issuer: corp.issuer },
    { name: 'gateway', displayName: 'Gateway SSO', issuer: gateway.issuer },
  ]);
});
after(async () => {
  await corp?.close();
  await gateway?.close();
});

let serial = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++serial}`;

describeEachDatabase('single sign-on in the browser', (h) => {
  const consoleApp = consoleFor(h);
  before(() => {
    if (!skip) corp.allowRedirect(`${consoleApp.origin}/ui/api/sso/corp/callback`);
  });

  function personAt(groups: string[]) {
    const login = unique('person');
    const email = `${login}@corp.example`;
    corp.people.set(login, { email, email_verified: true, name: `Person ${login}`, groups });
    return { login, email };
  }

  const rule = (workspace: Workspace, group: string, role: 'read' | 'write' | 'admin') =>
    addRule(
      h.database,
      new ProviderRegistry(loadProviders()),
      workspace.id,
      { provider: 'corp', group, role },
      CLI_ACTOR,
    );

  /** From the sign-in page through the provider's login; the page is wherever Estate sends it. */
  async function signInWithCorp(page: Page, login: string): Promise<void> {
    await page.goto('/ui/login');
    await page.getByRole('link', { name: 'Sign in with Corp SSO' }).click();
    const name = page.getByLabel('User name');
    // The provider remembers a person signed in before in this browser: no login page then.
    if (await name.isVisible({ timeout: 2000 }).catch(() => false)) {
      await name.fill(login);
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page.waitForURL((url) => url.pathname.startsWith('/ui/') && !url.pathname.startsWith('/ui/api/'));
  }

  const signedIn = (page: Page) => page.getByRole('button', { name: 'Sign out' }).waitFor();
  const refusal = (page: Page) => page.getByRole('alert').first().textContent();

  it('Sign in with Corp SSO: a first sign-in lands in the workspace its group gives; a new group changes the role', {
    skip,
  }, async () => {
    const workspace = await h.workspace('Browser SSO');
    const readers = unique('readers');
    const admins = unique('admins');
    await rule(workspace, readers, 'read');
    await rule(workspace, admins, 'admin');
    const person = personAt([readers]);
    const page = await consoleApp.newPage();
    await page.goto('/ui/login');
    await assertAccessible(page, 'the sign-in page with a provider');
    await signInWithCorp(page, person.login);
    await signedIn(page);
    await page.goto('/ui/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    assert.equal(
      await page.getByRole('heading', { name: 'Single sign-on' }).count(),
      0,
      'a reader sees no SSO settings',
    );
    corp.people.get(person.login)!.groups = [readers, admins];
    const again = await consoleApp.newPage();
    await signInWithCorp(again, person.login);
    await signedIn(again);
    await again.goto('/ui/settings');
    await again.getByRole('heading', { name: 'Single sign-on' }).waitFor();
  });

  it('a leaver is refused with a plain message at the next sign-in, and their open session ends', {
    skip,
  }, async () => {
    const workspace = await h.workspace('Browser SSO leaver');
    const group = unique('staff');
    await rule(workspace, group, 'write');
    const person = personAt([group]);
    const open = await consoleApp.newPage();
    await signInWithCorp(open, person.login);
    await signedIn(open);
    corp.people.get(person.login)!.groups = [];
    const next = await consoleApp.newPage();
    await signInWithCorp(next, person.login);
    assert.match((await refusal(next)) ?? '', /Your groups at Corp SSO give you no workspace in Estate/);
    await open.reload();
    await open.getByLabel('Email').waitFor();
  });

  it('an admin requires single sign-on in Settings (with the break-glass warning); a password is then refused', {
    skip,
  }, async () => {
    const workspace = await h.workspace('Browser SSO required');
    const admin = await personIn(h, workspace, 'admin', 'Glass Admin');
    const writer = await personIn(h, workspace, 'write', 'Pat Password');
    const page = await consoleApp.newPage();
    await signInPage(page, admin.email, PASSWORD);
    await page.goto('/ui/settings');
    await page.getByRole('heading', { name: 'Single sign-on' }).waitFor();
    await page.getByLabel('Group', { exact: true }).fill('estate-writers');
    await page.getByLabel('Role', { exact: true }).selectOption('write');
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByRole('cell', { name: 'estate-writers', exact: true }).waitFor();
    await page.getByLabel('Require single sign-on').check();
    await page.getByLabel('Break-glass admin').selectOption(admin.id);
    await page.getByText('Warning: the break-glass password opens this workspace').waitFor();
    await assertAccessible(page, 'Settings → Single sign-on');
    await page.getByRole('button', { name: 'Save single sign-on' }).click();
    await page.getByText('Saved.').last().waitFor();
    const other = await consoleApp.newPage();
    await other.goto('/ui/login');
    await other.getByLabel('Email').fill(writer.email);
    await other.getByLabel('Password').fill(PASSWORD);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.getByText(/your workspaces require single sign-on: use Sign in with your provider/).waitFor();
    // The break-glass admin still signs in with a password.
    await signInPage(await consoleApp.newPage(), admin.email, PASSWORD);
  });

  it("a provider that does not answer: the sign-in page says so plainly, never the browser's error page", {
    skip,
  }, async () => {
    const page = await consoleApp.newPage();
    await page.goto('/ui/login');
    await page.getByRole('link', { name: 'Sign in with Gateway SSO' }).click();
    await page.waitForURL((url) => url.pathname === '/ui/login' && url.searchParams.has('sso_error'));
    assert.match((await refusal(page)) ?? '', /Gateway SSO cannot be reached right now\. Try again in a few minutes\./);
    assert.ok(gateway.probes.length >= 1, 'the provider was probed, and the browser never sent there');
  });

  it('a forged state and a replayed callback are refused with a plain message', { skip }, async () => {
    const workspace = await h.workspace('Browser SSO replay');
    const group = unique('g');
    await rule(workspace, group, 'read');
    const person = personAt([group]);
    const page = await consoleApp.newPage();
    let callback: string | undefined;
    page.on('request', (request) => {
      if (request.url().includes('/ui/api/sso/corp/callback')) callback = request.url();
    });
    await signInWithCorp(page, person.login);
    await signedIn(page);
    assert.ok(callback);
    const replay = await consoleApp.newPage();
    await replay.goto(callback);
    assert.match((await refusal(replay)) ?? '', /started in another browser|already used or has expired/);
    await page.goto(callback);
    assert.match((await refusal(page)) ?? '', /This sign-in link was already used or has expired/);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged');
    await page.goto(forged.href);
    assert.match((await refusal(page)) ?? '', /already used or has expired/);
  });

  for (const [what, setUp, message] of [
    [
      'a wrong nonce',
      () => {
        corp.tamper = (payload) => ({ payload: { ...payload, nonce: 'wrong' }, signing: 'provider' });
      },
      /answer could not be verified/,
    ],
    [
      'an expiry in the past',
      () => {
        const now = Math.floor(Date.now() / 1000);
        corp.tamper = (payload) => ({ payload: { ...payload, iat: now - 7200, exp: now - 3600 }, signing: 'provider' });
      },
      /answer was out of date/,
    ],
  ] as const) {
    it(`an ID token with ${what} is refused with a plain message`, { skip }, async () => {
      const workspace = await h.workspace('Browser SSO token');
      const group = unique('g');
      await rule(workspace, group, 'read');
      const person = personAt([group]);
      setUp();
      try {
        const page = await consoleApp.newPage();
        await signInWithCorp(page, person.login);
        assert.match((await refusal(page)) ?? '', message);
      } finally {
        corp.tamper = undefined;
      }
    });
  }

  it('an unverified e-mail is refused with a plain message', { skip }, async () => {
    const workspace = await h.workspace('Browser SSO unverified');
    const group = unique('g');
    await rule(workspace, group, 'read');
    const person = personAt([group]);
    corp.people.get(person.login)!.email_verified = false;
    const page = await consoleApp.newPage();
    await signInWithCorp(page, person.login);
    assert.match((await refusal(page)) ?? '', /has not verified your e-mail address/);
  });
  it('two instances behind one address: a sign-in started on one finishes on the other', { skip }, async () => {
    const second = openDatabase(h.url);
    const app = await buildApp({ database: second });
    const first = new URL(consoleApp.origin);
    const other = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const seen: string[] = [];
    // A load balancer: every request to the first instance, but the provider's callback to the second.
    const balancer = createServer((request, response) => {
      const target = request.url?.includes('/callback') ? other : first;
      seen.push(`${target.port} ${request.url?.split('?')[0]}`);
      const upstream = httpRequest(
        { host: '127.0.0.1', port: target.port, path: request.url, method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(upstream);
    });
    balancer.listen(0, '127.0.0.1');
    await once(balancer, 'listening');
    const front = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`;
    corp.allowRedirect(`${front}/ui/api/sso/corp/callback`);
    try {
      const workspace = await h.workspace('Browser SSO two');
      const group = unique('g');
      await rule(workspace, group, 'read');
      const person = personAt([group]);
      const context = await consoleApp.browser.newContext({ viewport: { width: 1280, height: 720 }, baseURL: front });
      const page = await context.newPage();
      await signInWithCorp(page, person.login);
      await signedIn(page);
      assert.ok(seen.includes(`${first.port} /ui/api/sso/corp/start`), 'started on the first instance');
      assert.ok(seen.includes(`${other.port} /ui/api/sso/corp/callback`), 'finished on the second');
      await context.close();
    } finally {
      balancer.closeAllConnections();
      balancer.close();
      await app.close();
      await second.close();
    }
  });
});
