/**
 * No lost update in the console, in the browser: two tabs of the console edit the same server; the
 * second save is refused and shows the server as it is now, and the change can be applied again on
 * top of it or given up. A delete after someone else's edit asks again.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserMissing } from '../../support/browser.js';
import { personIn, PASSWORD } from '../../support/console.js';
import { assertAccessible, consoleFor, signInPage } from '../../support/console-browser.js';
import { describeEachDatabase } from '../../support/harness.js';

const skip = browserMissing();

describeEachDatabase('web console: concurrent edits', (h) => {
  const ui = consoleFor(h);

  /** Two tabs of one signed-in browser. */
  async function twoTabs(email: string): Promise<[Page, Page]> {
    const first = await ui.newPage();
    await signInPage(first, email, PASSWORD);
    return [first, await first.context().newPage()];
  }

  it('two tabs edit the same server; the second save shows the conflict ' +
    'with the current values, and "Reapply my changes" saves it on top', {
    skip,
  }, async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const writer = await personIn(h, ws, 'write', 'Wes Writer');
    const server = (
      await h.call('POST', '/public/v1/servers', { key, body: { name: 'db-01', environment: 'staging', os: 'Debian' } })
    ).json() as { id: string };
    const [first, second] = await twoTabs(writer.email);
    for (const page of [first, second]) {
      await page.goto(`/ui/servers/${server.id}/edit`);
      await page.getByRole('heading', { name: 'Edit server db-01' }).waitFor();
    }

    await second.getByLabel('Name', { exact: true }).fill('db-01-primary');
    await second.getByLabel('OS', { exact: true }).fill('Ubuntu');
    await second.getByRole('button', { name: 'Save' }).click();
    await second.getByRole('heading', { name: 'db-01-primary' }).waitFor();

    await first.getByLabel('Environment', { exact: true }).selectOption('production');
    await first.getByRole('button', { name: 'Save' }).click();
    const conflict = first
      .getByRole('alert')
      .filter({ has: first.getByRole('heading', { name: 'Changed since you opened it' }) });
    await conflict.waitFor();
    const row = (field: string) => conflict.getByRole('row', { name: new RegExp(`^${field} `) });
    assert.deepEqual(
      await row('Name').getByRole('cell').allInnerTexts(),
      ['db-01-primary', '—'],
      'the current name, which the other tab saved',
    );
    assert.deepEqual(await row('OS').getByRole('cell').allInnerTexts(), ['Ubuntu', '—']);
    assert.deepEqual(
      await row('Environment').getByRole('cell').allInnerTexts(),
      ['Staging', 'Production'],
      "the current value and this tab's change, in the glossary's words",
    );
    const unchanged = (await h.call('GET', `/public/v1/servers/${server.id}`, { key })).json() as {
      name: string;
      environment: string;
    };
    assert.deepEqual(
      [unchanged.name, unchanged.environment],
      ['db-01-primary', 'staging'],
      'the refused save changed nothing',
    );
    await assertAccessible(first, 'the edit form with a conflict');

    await conflict.getByRole('button', { name: 'Reapply my changes' }).click();
    await first.getByRole('heading', { name: 'db-01-primary' }).waitFor();
    const merged = (await h.call('GET', `/public/v1/servers/${server.id}`, { key })).json() as {
      name: string;
      environment: string;
      os: string;
    };
    assert.deepEqual(
      [merged.name, merged.os, merged.environment],
      ['db-01-primary', 'Ubuntu', 'production'],
      "both tabs' changes are kept",
    );

    // Discard: the other tab's edit stays, this tab's is given up.
    await second.goto(`/ui/servers/${server.id}/edit`);
    await first.goto(`/ui/servers/${server.id}/edit`);
    await first.getByRole('heading', { name: 'Edit server db-01-primary' }).waitFor();
    await second.getByRole('heading', { name: 'Edit server db-01-primary' }).waitFor();
    await second.getByLabel('OS', { exact: true }).fill('Alpine');
    await second.getByRole('button', { name: 'Save' }).click();
    await second.getByRole('heading', { name: 'db-01-primary' }).waitFor();
    await first.getByLabel('OS', { exact: true }).fill('Fedora');
    await first.getByRole('button', { name: 'Save' }).click();
    await conflict.getByRole('button', { name: 'Discard my changes' }).click();
    await first.waitForURL(new RegExp(`/ui/servers/${server.id}$`));
    assert.equal(
      ((await h.call('GET', `/public/v1/servers/${server.id}`, { key })).json() as { os: string }).os,
      'Alpine',
    );
  });

  it('a delete after another tab\'s edit shows the server as it is now and asks again; "Delete anyway" deletes it', {
    skip,
  }, async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const writer = await personIn(h, ws, 'write', 'Wes Writer');
    const server = (await h.call('POST', '/public/v1/servers', { key, body: { name: 'web-01' } })).json() as {
      id: string;
    };
    const [first, second] = await twoTabs(writer.email);
    await first.goto(`/ui/servers/${server.id}`);
    await first.getByRole('heading', { name: 'web-01' }).waitFor();

    await second.goto(`/ui/servers/${server.id}/edit`);
    await second.getByLabel('Name', { exact: true }).fill('web-01-kept');
    await second.getByRole('button', { name: 'Save' }).click();
    await second.getByRole('heading', { name: 'web-01-kept' }).waitFor();

    await first.getByRole('button', { name: 'Delete' }).click();
    await first.getByRole('button', { name: 'Confirm' }).click();
    const conflict = first
      .getByRole('alert')
      .filter({ has: first.getByRole('heading', { name: 'Changed since you opened it' }) });
    await conflict.waitFor();
    assert.deepEqual(
      await conflict
        .getByRole('row', { name: /^Name / })
        .getByRole('cell')
        .allInnerTexts(),
      ['web-01-kept'],
    );
    await first.getByRole('heading', { name: 'web-01-kept', level: 1 }).waitFor();
    assert.equal((await h.call('GET', `/public/v1/servers/${server.id}`, { key })).statusCode, 200, 'not deleted');
    await assertAccessible(first, 'a detail page with a conflict');

    await conflict.getByRole('button', { name: 'Keep it' }).click();
    await conflict.waitFor({ state: 'detached' });
    await first.getByRole('button', { name: 'Delete' }).click();
    await first.getByRole('button', { name: 'Confirm' }).click();
    await first.waitForURL(/\/ui\/servers$/);
    assert.equal((await h.call('GET', `/public/v1/servers/${server.id}`, { key })).statusCode, 404);

    // Once more, this time deleting over the other tab's edit.
    const again = (await h.call('POST', '/public/v1/servers', { key, body: { name: 'web-02' } })).json() as {
      id: string;
    };
    await first.goto(`/ui/servers/${again.id}`);
    await first.getByRole('heading', { name: 'web-02' }).waitFor();
    assert.equal(
      (await h.call('PATCH', `/public/v1/servers/${again.id}`, { key, body: { name: 'web-02-edited' } })).statusCode,
      200,
    );
    await first.getByRole('button', { name: 'Delete' }).click();
    await first.getByRole('button', { name: 'Confirm' }).click();
    await conflict.getByRole('button', { name: 'Delete anyway' }).click();
    await first.waitForURL(/\/ui\/servers$/);
    assert.equal((await h.call('GET', `/public/v1/servers/${again.id}`, { key })).statusCode, 404);
  });
  it("a member's role changed in another tab: removing them, or changing their role, " +
    'from the stale list does nothing and says so, and the list shows the current role', {
    skip,
  }, async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin', 'Ann Admin');
    const target = await personIn(h, ws, 'read', 'Ted Target');
    const [first, second] = await twoTabs(admin.email);
    for (const page of [first, second]) await page.goto('/ui/members');
    const rowIn = (page: Page) => page.getByRole('row').filter({ hasText: 'Ted Target' });
    await rowIn(second).getByLabel('Role of Ted Target').waitFor();

    const roleNow = async () =>
      (await h.database.db.selectFrom('members').select('role').where('id', '=', target.id).executeTakeFirst())?.role;
    await rowIn(first).getByLabel('Role of Ted Target').selectOption('write');
    for (let tries = 0; tries < 100 && (await roleNow()) !== 'write'; tries++) await first.waitForTimeout(50);
    assert.equal(await roleNow(), 'write');

    // The second tab still shows "read": a removal from it changes nothing.
    await rowIn(second).getByRole('button', { name: 'Remove' }).click();
    await second.getByRole('button', { name: 'Confirm' }).click();
    await second
      .getByRole('status')
      .filter({ hasText: 'Ted Target changed since the list was loaded, so nothing was done' })
      .waitFor();
    // The list is read again after the message: its row comes back with the current role.
    for (
      let tries = 0;
      tries < 100 && (await rowIn(second).getByLabel('Role of Ted Target').inputValue()) !== 'write';
      tries++
    )
      await second.waitForTimeout(50);
    assert.equal(await rowIn(second).getByLabel('Role of Ted Target').inputValue(), 'write');
    assert.equal(await roleNow(), 'write');

    // A role change from a list gone stale is refused the same way (here a promotion, made in place).
    await h.database.db.updateTable('members').set({ role: 'read' }).where('id', '=', target.id).execute();
    await rowIn(second).getByLabel('Role of Ted Target').selectOption('admin');
    await rowIn(second)
      .getByText(/changed since the list was loaded: the list now shows the current values/)
      .waitFor();
    for (
      let tries = 0;
      tries < 100 && (await rowIn(second).getByLabel('Role of Ted Target').inputValue()) !== 'read';
      tries++
    )
      await second.waitForTimeout(50);
    assert.equal(await rowIn(second).getByLabel('Role of Ted Target').inputValue(), 'read');
    assert.equal(await roleNow(), 'read');
    await assertAccessible(second, 'the members page after a conflict');
  });
});
