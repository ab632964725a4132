/**
 * Edit a field (docs/console.md, "Bulk edit") in Chromium: on every server a filtered list shows,
 * across its pages, previewed with the count, then undone from the answer's Undo.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { browserMissing } from '../../support/browser.js';
import { assertAccessible, consoleFor } from '../../support/console-browser.js';
import { describeEachDatabase } from '../../support/harness.js';
import { writer } from '../../support/typed.js';

const skip = browserMissing();

describeEachDatabase('web console: editing a field of many servers', (h) => {
  const ui = consoleFor(h);

  it('sets a field on every match of the filter, across pages, and undoes it', { skip }, async () => {
    const ws = await h.workspace();
    const admin = await h.key(ws);
    const { post } = writer(h, admin.secret);
    for (let i = 0; i < 30; i++)
      await post('servers', {
        name: `srv-${String(i).padStart(2, '0')}`,
        environment: i % 3 ? 'staging' : 'production',
      });
    const environments = async () => {
      const page = (
        await h.call('GET', '/public/v1/servers', { key: admin.secret, query: { limit: '100' } })
      ).json() as {
        data: { environment: string }[];
      };
      const counts: Record<string, number> = {};
      for (const server of page.data) counts[server.environment] = (counts[server.environment] ?? 0) + 1;
      return counts;
    };
    const { page } = await ui.signedIn('write', { workspace: ws });
    // A page of 10 of the 10 production servers' list would do; 5 a page shows the edit reaches every page.
    await page.goto('/ui/servers?environment=production&limit=5');
    await page
      .getByRole('status')
      .filter({ hasText: /of 10$/ })
      .waitFor();
    await page.getByRole('button', { name: 'Edit a field' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Every one of the 10 servers/).check();
    await dialog.getByLabel('Field', { exact: true }).selectOption({ label: 'Environment' });
    await dialog.getByLabel('New value', { exact: true }).selectOption('test');
    await dialog.getByRole('status').filter({ hasText: 'Will set it on 10 servers: srv-00' }).waitFor();
    await assertAccessible(page, 'the Edit a field dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('status').filter({ hasText: 'Set on 10.' }).waitFor();
    assert.deepEqual(await environments(), { staging: 20, test: 10 });
    // The list it was filtered by is now empty; Undo puts every server back.
    await page.getByRole('status').filter({ hasText: 'No servers' }).waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('status').filter({ hasText: 'Undone on 10.' }).waitFor();
    assert.deepEqual(await environments(), { production: 10, staging: 20 });
    await page
      .getByRole('status')
      .filter({ hasText: /of 10$/ })
      .waitFor();
  });
});
