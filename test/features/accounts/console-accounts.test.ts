/**
 * In the browser: what an admin sees when adding a person who already has an account, a member's
 * sign-in lock and its end, and a weak password refused with its reason.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { PAIR_LIMIT } from '../../../src/features/accounts/sign-in/sign-in-throttle.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { browserMissing } from '../../support/browser.js';
import { personIn, signInRequest, PASSWORD } from '../../support/console.js';
import { assertAccessible, consoleFor, signInPage } from '../../support/console-browser.js';
import { describeEachDatabase, serviceFamilies } from '../../support/harness.js';

const skip = browserMissing();

describeEachDatabase('web console: accounts', (h) => {
  const ui = consoleFor(h);

  it('adding a person who has an account elsewhere shows no invitation link, ' +
    'only that they will see the workspace at their next sign-in, and no name from elsewhere', {
    skip,
  }, async () => {
    const ws = await h.workspace();
    const other = await h.workspace('Elsewhere');
    const admin = await personIn(h, ws, 'admin');
    const email = `pending-${other.id}@example.test`;
    await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: other.id, email, name: 'Name From Elsewhere', role: 'read' },
      CLI_ACTOR,
    );
    const page = await ui.newPage();
    await signInPage(page, admin.email, PASSWORD);
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption('read');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'they will see this workspace at their next sign-in' }).waitFor();
    assert.equal(await page.getByLabel('Invitation link').count(), 0);
    await assertAccessible(page, 'the members page with the notice');
  });

  it("an admin sees a member's sign-in lock beside their name and ends it with Unlock; the member can then sign in", {
    skip,
  }, async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const locked = await personIn(h, ws, 'read', 'Locked Out Person');
    for (let index = 0; index < PAIR_LIMIT; index++)
      await signInRequest(h, locked.email, `guess ${index}`, {}, '198.51.100.23');
    assert.equal((await signInRequest(h, locked.email, PASSWORD, {}, '198.51.100.23')).statusCode, 429);
    const page = await ui.newPage();
    await signInPage(page, admin.email, PASSWORD);
    await page.getByRole('link', { name: 'Members' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Locked Out Person' });
    await row.getByText('Sign-in locked until').waitFor();
    await assertAccessible(page, 'the members page with a lock');
    await row.getByRole('button', { name: 'Unlock sign-in of Locked Out Person' }).click();
    await row.getByText('Sign-in locked until').waitFor({ state: 'detached' });
    assert.equal((await signInRequest(h, locked.email, PASSWORD, {}, '198.51.100.23')).statusCode, 200);
  });

  it('a weak new password is refused beside the field with the reason', { skip }, async () => {
    const { page } = await ui.signedIn('write');
    await page.goto('/ui/account');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password').fill('12345678');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/newPassword is too weak: .*heavily used password/).waitFor();
  });
});
