/**
 * The console on a phone and from the keyboard, in people's words: every page at 390×844 without
 * sideways scrolling, with no developer word in its visible text and no serious accessibility
 * violation; the Menu button, the skip link, the favicon, the home tiles and Load sample data.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { seedWorkspace } from '../src/seed/seed.js';
import { browserMissing } from './support/browser.js';
import { personIn, PASSWORD } from './support/console.js';
import { assertAccessible, consoleFor, signInPage } from './support/console-browser.js';
import { describeEachDatabase, type Harness } from './support/harness.js';

const skip = browserMissing();

const PHONE = { width: 390, height: 844 };

/** Words of the API that people should never read on a page. */
const DEVELOPER_WORDS: [string, RegExp][] = [
  ['null', /\bnull\b/],
  ['a status code', /\(\d{3}\)/],
  ['truncated', /\btruncated\b/i],
  ['a snake_case value', /\b[a-z]+_[a-z_]+\b/],
  ['Cidr', /\bCidr\b/],
  ['Vlan', /\bVlan\b/],
  ['Announces', /\bAnnounces\b/],
];

/**
 * The page's visible text and its select options, without code (commands to copy, scope names
 * to type), which is quoted on purpose.
 */
async function visibleText(page: Page): Promise<string> {
  return (await page.evaluate(`(() => {
    let text = document.body.innerText;
    for (const code of document.querySelectorAll('code, pre, kbd, samp')) text = text.replace(code.innerText, ' ');
    const options = [...document.querySelectorAll('option')].map((option) => option.textContent);
    return text + '\\n' + options.join('\\n');
  })()`)) as string;
}

/** Every page of the console for an admin: administration, lists, items, forms, dashboards, diagrams. */
async function everyPage(h: Harness, page: Page): Promise<string[]> {
  const paths = ['/ui/', '/ui/keys', '/ui/members', '/ui/roles', '/ui/agents', '/ui/audit', '/ui/settings'];
  paths.push('/ui/account', '/ui/discovered', '/ui/search?q=a');
  const families = (await (await page.request.get('/ui/api/families')).json()) as { key: string; create?: unknown }[];
  for (const family of families) {
    paths.push(`/ui/${family.key}`);
    const list = (await (await page.request.get(`/ui/api/v1/${family.key}?limit=1`)).json()) as {
      data?: { id: string }[];
    };
    const id = list.data?.[0]?.id;
    if (id) paths.push(`/ui/${family.key}/${id}`);
    if (family.create) paths.push(`/ui/${family.key}/new`);
    if (id && family.create && family.key !== 'tags') paths.push(`/ui/${family.key}/${id}/edit`);
  }
  const insights = (await (await page.request.get('/ui/api/diagrams')).json()) as { name: string }[];
  const dashboards = (await (await page.request.get('/ui/api/v1/dashboards')).json()) as { name: string }[];
  paths.push(...dashboards.map((one) => `/ui/dashboards/${one.name}`));
  paths.push(...insights.map((one) => `/ui/diagrams/${one.name}`));
  assert.ok(paths.length > 60, `${paths.length} pages`);
  void h;
  return paths;
}

async function phonePage(ui: ReturnType<typeof consoleFor>): Promise<Page> {
  const context = await ui.browser.newContext({ viewport: PHONE, baseURL: ui.origin });
  return context.newPage();
}

describeEachDatabase('web console on a phone and from the keyboard', (h) => {
  const ui = consoleFor(h);

  it('every page at 390 px: no sideways scrolling, no developer word, no serious accessibility violation', {
    skip,
  }, async () => {
    const ws = await h.workspace();
    await seedWorkspace(h.database, { workspaceId: ws.id, size: 40, seed: 5 });
    const admin = await personIn(h, ws, 'admin');
    const page = await phonePage(ui);
    try {
      await signInPage(page, admin.email, PASSWORD);
      const problems: string[] = [];
      for (const path of await everyPage(h, page)) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
        if (width > PHONE.width) problems.push(`${path} is ${width} px wide`);
        const text = await visibleText(page);
        for (const [word, pattern] of DEVELOPER_WORDS) {
          const line = text.split('\n').find((one) => pattern.test(one));
          if (line) problems.push(`${path} shows ${word}: "${line.trim().slice(0, 120)}"`);
        }
        await assertAccessible(page, path).catch((error: Error) => problems.push(error.message.split('\n')[0]!));
      }
      assert.deepEqual(problems, []);
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
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const page = await ui.newPage();
    await signInPage(page, admin.email, PASSWORD);
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
    const admin = await personIn(h, ws, 'admin');
    const page = await ui.newPage();
    await signInPage(page, admin.email, PASSWORD);
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
