/**
 * The console on a phone and from the keyboard: the Menu button, the skip link, the favicon, the
 * home tiles and Load sample data. Every page at 390×844 (no sideways scrolling, no developer word,
 * no serious accessibility violation) is checked on the workspace seeded with 10,000 servers, in
 * console-lists.test.ts, through support/every-page.ts.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { browserMissing } from '../../support/browser.js';
import { personIn, PASSWORD } from '../../support/console.js';
import { assertAccessible, consoleFor, signInPage } from '../../support/console-browser.js';
import { phonePage } from '../../support/every-page.js';
import { describeEachDatabase } from '../../support/harness.js';

const skip = browserMissing();

describeEachDatabase('web console on a phone and from the keyboard', (h) => {
  const ui = consoleFor(h);

  it("a list's first rows show on a phone's first screen: its filters fold under one line", { skip }, async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    await seedWorkspace(h.database, { workspaceId: ws.id, size: 20, seed: 5 });
    const page = await phonePage(ui);
    try {
      await signInPage(page, admin.email, PASSWORD);
      await page.goto('/ui/servers');
      const first = page.locator('tbody tr').first();
      await first.waitFor();
      const box = await first.boundingBox();
      const height = page.viewportSize()!.height;
      assert.ok(box && box.y + box.height <= height, `the first row ends within ${height} px: ${JSON.stringify(box)}`);
      const environment = page.getByLabel('Environment', { exact: true });
      assert.equal(await environment.isVisible(), false, 'the filters are folded');
      await page.getByText('Filters', { exact: true }).click();
      await environment.waitFor();
      // A filter set is counted on the folded line.
      await page.goto('/ui/servers?environment=production');
      await page.getByText('Filters (1 set)', { exact: true }).waitFor();
      // On a laptop the filters are there, with no line to unfold.
      await page.setViewportSize({ width: 1280, height: 720 });
      await environment.waitFor();
      assert.equal(await page.getByText('Filters (1 set)', { exact: true }).count(), 0);
    } finally {
      await page.context().close();
    }
  });

  it('the navigation opens and closes with the Menu button; a chosen page closes it', { skip }, async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const page = await phonePage(ui);
    try {
      await signInPage(page, admin.email, PASSWORD);
      const menu = page.getByRole('button', { name: 'Menu' });
      const nav = page.getByRole('navigation', { name: 'Console' });
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      assert.equal(await nav.isVisible(), false);
      await menu.click();
      assert.equal(await menu.getAttribute('aria-expanded'), 'true');
      await nav.getByRole('link', { name: 'Servers', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Servers' }).waitFor();
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      assert.equal(await nav.isVisible(), false);
      await menu.click();
      await menu.click();
      assert.equal(await nav.isVisible(), false);

      // On a laptop the navigation is always there and the button is not.
      await page.setViewportSize({ width: 1280, height: 720 });
      assert.equal(await nav.isVisible(), true);
      assert.equal(await menu.isVisible(), false);
    } finally {
      await page.context().close();
    }
  });

  it("the skip link is the first stop of Tab and moves focus to the page's content", { skip }, async () => {
    const { page } = await ui.signedIn('admin');
    await page.goto('/ui/servers');
    await page.getByRole('heading', { level: 1, name: 'Servers' }).waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate('document.activeElement.textContent'), 'Skip to content');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate('document.activeElement.id'), 'main');
    // The next Tab goes on inside the page, not back to the header.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate("document.getElementById('main').contains(document.activeElement)"), true);
  });

  it('the console serves its own favicon, an SVG', { skip }, async () => {
    const page = await ui.newPage();
    await page.goto('/ui/login');
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    assert.ok(href, 'a link rel="icon"');
    const icon = await page.request.get(href);
    assert.equal(icon.status(), 200);
    assert.match(icon.headers()['content-type'] ?? '', /^image\/svg\+xml/);
    assert.match(await icon.text(), /<svg/);
  });

  it('home tiles link to their lists', { skip }, async () => {
    const ws = await h.workspace();
    await seedWorkspace(h.database, { workspaceId: ws.id, size: 20, seed: 9 });
    const { page } = await ui.signedIn('admin', { workspace: ws });
    const tiles = page.locator('dl.counts > div');
    await tiles.first().waitFor();
    for (const family of await tiles.evaluateAll((all) => all.map((tile) => tile.getAttribute('data-family')))) {
      const href = await page.locator(`[data-family="${family}"] a`).getAttribute('href');
      assert.equal(href, `/ui/${family}`);
    }
    await page.locator('[data-family="servers"] a').click();
    await page.getByRole('heading', { level: 1, name: 'Servers' }).waitFor();
  });

  it('the empty demo workspace offers Load sample data to its admin; it fills the workspace once', {
    skip,
  }, async () => {
    const demo = await h.workspace('Demo');
    const admin = await personIn(h, demo, 'admin');
    const page = await phonePage(ui);
    try {
      await signInPage(page, admin.email, PASSWORD);
      await page.getByRole('button', { name: 'Load sample data' }).click();
      await page.getByRole('status').filter({ hasText: 'Sample data loaded' }).waitFor({ timeout: 30_000 });
      await page.locator('[data-family="servers"] a').filter({ hasNotText: /^0$/ }).waitFor();
      await assertAccessible(page, 'the home page with sample data');
      await page.reload();
      await page.locator('[data-family="servers"]').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Load sample data' }).count(), 0);
    } finally {
      await page.context().close();
    }
  });
});
