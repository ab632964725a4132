import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browserMissing, launchBrowser } from '../../support/browser.js';
import { startServer, stopServer } from '../../support/cli.js';
import { personIn, PASSWORD } from '../../support/console.js';
import { consoleFor, assertAccessible, screenshot, signInPage } from '../../support/console-browser.js';
import { createTestDatabase, describeEachDatabase, type Harness } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';
import { temporaryDirectory } from '../../support/temporary.js';

const skip = browserMissing();

/** The public API's answer to GET /me with a secret. */
async function meStatus(h: Harness, secret: string): Promise<number> {
  return (await h.call('GET', '/public/v1/me', { key: secret })).statusCode;
}

async function newSecretOn(page: Page): Promise<string> {
  const box = page.getByLabel('New secret');
  await box.waitFor();
  const secret = await box.inputValue();
  assert.match(secret, /^svc_live_/);
  return secret;
}

describeEachDatabase("web console: a new user's first minutes", (h) => {
  it('estate serve on an empty database prints the console address and sign-in; ' +
    'the new user signs in, creates a key and calls the API with it', {
    skip,
  }, async () => {
    const empty = await createTestDatabase(h.dialect);
    const dataDir = temporaryDirectory('estate-console-');
    const server = await startServer(empty.url, { ESTATE_DATA_DIR: dataDir });
    const browser = await launchBrowser();
    try {
      const banner = readFileSync(join(dataDir, 'first-start.txt'), 'utf8');
      const consoleUrl = /web console\s+(\S+)/.exec(banner)?.[1];
      const [, email, password] = /sign in with\s+(\S+) \/ (\S+)/.exec(banner) ?? [];
      assert.equal(consoleUrl, `${server.base}/ui/`);
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
      await page.goto(consoleUrl!);
      await page.getByLabel('Email').fill(email!);
      await page.getByLabel('Password').fill(password!);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('link', { name: 'Keys' }).click();
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByLabel('Name').fill('my first key');
      await page.getByLabel('Alias').selectOption('read');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      const secret = await newSecretOn(page);
      const me = await fetch(`${server.base}/public/v1/me`, { headers: { authorization: `Bearer ${secret}` } });
      assert.equal(me.status, 200);
    } finally {
      await browser.close();
      await stopServer(server.child);
      await empty.drop();
    }
  });
});

describeEachDatabase('web console in a browser', (h) => {
  const ui = consoleFor(h);

  it('signs in with the right password only; after 10 failures the account is locked, right password or not', {
    skip,
  }, async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const page = await ui.newPage();
    await page.goto('/');
    await page.waitForURL('**/ui/login');
    await assertAccessible(page, 'the sign-in page');
    await screenshot(page, 'console-sign-in');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'wrong e-mail or password' }).waitFor();
    for (let attempt = 2; attempt <= 10; attempt++)
      await h.app.inject({
        method: 'POST',
        url: '/ui/api/session',
        payload: { email: admin.email, password: 'wrong' },
      });
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'too many failed sign-ins' }).waitFor();

    const other = await personIn(h, ws, 'admin');
    await signInPage(page, other.email, PASSWORD);
    assert.match(page.url(), /\/ui\/$/);
  });

  it('signs in with the keyboard alone', { skip }, async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const page = await ui.newPage();
    await page.goto('/ui/login');
    // The e-mail field has focus on arrival; Tab moves to the password, Enter submits.
    await page.waitForFunction(`document.activeElement?.getAttribute('type') === 'email'`);
    await page.keyboard.type(admin.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  });

  it('an admin creates a key by alias and by scopes, uses it, ' +
    'rotates it (the old secret dies at once) and revokes it; the audit log shows the member', {
    skip,
  }, async () => {
    const { page } = await ui.signedIn('admin', { name: 'Console Admin' });
    await page.getByRole('link', { name: 'Keys' }).click();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByLabel('Name').fill('reporting');
    await page.getByLabel('Alias').selectOption('read');
    await assertAccessible(page, 'the create key form');
    await screenshot(page, 'console-create-key');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const secret = await newSecretOn(page);
    assert.match(await page.getByLabel('Try it').inputValue(), new RegExp(`Bearer ${secret}.*/public/v1/me`));
    await screenshot(page, 'console-new-secret');
    assert.equal(await meStatus(h, secret), 200);
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByLabel('Name').fill('inventory reader');
    await page.getByLabel('Chosen scopes').check();
    await page.getByRole('group', { name: 'Infrastructure' }).getByLabel('read').check();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const scoped = await newSecretOn(page);
    await page.getByRole('button', { name: 'Done' }).click();
    assert.equal((await h.call('GET', '/public/v1/servers', { key: scoped })).statusCode, 200);
    assert.equal((await h.call('GET', '/public/v1/applications', { key: scoped })).statusCode, 403);

    const row = page.getByRole('row').filter({ hasText: 'reporting' });
    await row.getByRole('button', { name: 'Rotate' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    const rotated = await newSecretOn(page);
    assert.equal(await meStatus(h, secret), 401);
    assert.equal(await meStatus(h, rotated), 200);
    await page.getByRole('button', { name: 'Done' }).click();
    await assertAccessible(page, 'the keys page');
    await screenshot(page, 'console-keys');

    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await row.getByText('revoked').waitFor();
    assert.equal(await meStatus(h, rotated), 401);

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Resource type').selectOption('api_key');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/resourceType=api_key/);
    const events = page.locator('.event');
    await events.filter({ hasText: 'Revoke' }).first().waitFor();
    for (const action of ['Create', 'Rotate', 'Revoke'])
      assert.ok(
        (await events.filter({ hasText: `Console Admin (Member) ${action.toLowerCase()} api key` }).count()) >= 1,
        action,
      );
    await events.first().locator('summary').click();
    await assertAccessible(page, 'the audit log');
    await screenshot(page, 'console-audit');
  });

  it('an admin adds a member by invitation, the invited person sets a password with the link; ' +
    'a promotion the actor may not make is refused beside the field', {
    skip,
  }, async () => {
    const { workspace: ws, person: admin, page } = await ui.signedIn('admin');
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByLabel('Email').fill('invited@example.test');
    await page.getByLabel('Full name (new person)').fill('Invited Person');
    await page.getByLabel('Role', { exact: true }).selectOption('write');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const link = await page.getByLabel('Invitation link').inputValue();
    assert.match(link, /\/ui\/invite#/);
    await page.getByRole('button', { name: 'Done' }).click();
    await assertAccessible(page, 'the members page');
    await screenshot(page, 'console-members');

    const invited = await ui.newPage();
    await invited.goto(link);
    await assertAccessible(invited, 'the invitation page');
    await invited.getByLabel('New password').fill('my own password');
    await invited.getByLabel('Repeat it').fill('my own password');
    await invited.getByRole('button', { name: 'Set password and sign in' }).click();
    await invited.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto('/ui/audit?resourceType=member&action=invite');
    await page
      .locator('.event')
      .filter({ hasText: `${admin.name} (Member) invite member Invited Person` })
      .waitFor();

    // The write role may edit members here, but lacks admin's scopes: it cannot make an admin.
    const writer = await personIn(h, ws, 'write', 'Wendy Writer');
    const writeScopes = [...h.registry.scopes.defaults('write'), 'members:edit'].sort();
    await h.database.db
      .updateTable('roles')
      .set({ permissions: JSON.stringify(writeScopes) })
      .where('workspace_id', '=', ws.id)
      .where('name', '=', 'write')
      .execute();
    const writerPage = await ui.newPage();
    await signInPage(writerPage, writer.email, PASSWORD);
    await writerPage.getByRole('link', { name: 'Members' }).click();
    await writerPage.getByLabel('Role of Invited Person').selectOption('admin');
    await writerPage.getByText(/missing permission: .*giving the role admin/).waitFor();
    const demoted = writerPage.waitForResponse(
      (response) => response.url().includes('/ui/api/v1/members/') && response.request().method() === 'PATCH',
    );
    await writerPage.getByLabel('Role of Invited Person').selectOption('read');
    assert.equal((await demoted).status(), 200);
    const log = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', {
        key: (await h.key(ws)).secret,
        query: { resourceType: 'member', actions: 'update' },
      }),
    );
    assert.deepEqual(log.data[0]?.actor, { type: 'member', id: writer.id, name: 'Wendy Writer' });
    assert.deepEqual(log.data[0]?.changes, { role: { before: 'write', after: 'read' } });
  });

  it('an admin enrolls an agent and sees its token once with the ready command; ' +
    'every page passes the accessibility check', {
    skip,
  }, async () => {
    const { person: admin, page } = await ui.signedIn('admin');
    await page.getByRole('link', { name: 'Agents' }).click();
    await page.getByRole('button', { name: 'Enroll agent' }).click();
    await page.getByLabel('Name').fill('db-01');
    await page.getByRole('button', { name: 'Enroll', exact: true }).click();
    const command = await page.getByLabel('Agent command').inputValue();
    const token = await page.getByLabel('Agent token').inputValue();
    assert.equal(command, `npx estate agent run --server ${ui.origin} --token ${token}`);
    await screenshot(page, 'console-enroll-agent');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('row').filter({ hasText: 'db-01' }).getByText('Never seen').waitFor();
    await page.goto('/ui/audit?resourceType=agent');
    await page
      .locator('.event')
      .filter({ hasText: `${admin.name} (Member) create agent db-01` })
      .waitFor();

    for (const [link, name] of [
      ['Roles', 'roles'],
      ['Settings', 'settings'],
      ['Agents', 'agents'],
    ] as const) {
      await page.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      await assertAccessible(page, `the ${name} page`);
      await screenshot(page, `console-${name}`);
    }
    await page.goto('/ui/account');
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await assertAccessible(page, 'the account page');
    await page.goto('/ui/');
    await assertAccessible(page, 'the home page');
  });

  it('a read member sees no administration they lack; ' +
    'an ended session sends the browser to sign-in; a request without the CSRF token is refused', {
    skip,
  }, async () => {
    const { person: reader, page } = await ui.signedIn('read');
    assert.equal(await page.getByRole('link', { name: 'Keys' }).count(), 0);
    assert.equal(await page.getByRole('link', { name: 'Audit log' }).count(), 0);
    assert.equal(await page.getByRole('link', { name: 'Roles' }).count(), 1);
    await page.getByRole('link', { name: 'Roles' }).click();
    assert.equal(await page.getByRole('button', { name: /^Save/ }).count(), 0);

    const forged = (await page.evaluate(
      `fetch('/ui/api/keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x', alias: 'read' }),
      }).then((r) => r.status)`,
    )) as number;
    assert.equal(forged, 403);

    await h.database.db
      .updateTable('console_sessions')
      .set({ last_seen_at: new Date(Date.now() - 13 * 3600_000).toISOString() })
      .where('user_id', '=', reader.userId)
      .execute();
    await page.reload();
    await page.waitForURL('**/ui/login');
  });

  it('the demo workspace shows the getting-started banner; ' +
    'the page loads under 300 KB of compressed JavaScript, offline', {
    skip,
  }, async () => {
    const demo = await h.workspace('Demo');
    const admin = await personIn(h, demo, 'admin');
    const page = await ui.newPage();
    const external: string[] = [];
    let javascript = 0;
    page.on('request', (request) => {
      if (!request.url().startsWith(ui.origin)) external.push(request.url());
    });
    page.on('response', async (response) => {
      if (response.url().endsWith('.js'))
        javascript += Number(response.headers()['content-length'] ?? (await response.body()).length);
    });
    await signInPage(page, admin.email, PASSWORD);
    await page.getByRole('heading', { name: 'Getting started' }).waitFor();
    await assertAccessible(page, 'the home page with its banner');
    await screenshot(page, 'console-home');
    assert.deepEqual(external, []);
    assert.ok(javascript > 0 && javascript < 300 * 1024, `${javascript} bytes of JavaScript`);

    // The dark theme follows the system setting, with contrast axe accepts.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/ui/keys');
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    const background = (await page.evaluate('getComputedStyle(document.documentElement).backgroundColor')) as string;
    assert.equal(background, 'rgb(15, 20, 25)');
    await assertAccessible(page, 'the keys page in the dark theme');
    await screenshot(page, 'console-keys-dark');
  });
});
