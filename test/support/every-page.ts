/**
 * Every page of the console at phone width, checked as a person reads it: no sideways scrolling,
 * no word of the API in its text, no serious or critical accessibility violation. Used on the
 * workspace seeded with 10,000 servers (console-lists.test.ts).
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { assertAccessible, type ConsoleBrowser } from './console-browser.js';

export const PHONE = { width: 390, height: 844 };

/** Words of the API that people should never read on a page. */
export const DEVELOPER_WORDS: [string, RegExp][] = [
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
 * to type), which is quoted on purpose, and counts ("Applications (226)" is no status code).
 */
export async function visibleText(page: Page): Promise<string> {
  return (await page.evaluate(`(() => {
    let text = document.body.innerText;
    for (const code of document.querySelectorAll('code, pre, kbd, samp, .count')) {
      text = text.replace(code.innerText, ' ');
    }
    const options = [...document.querySelectorAll('option')].map((option) => option.textContent);
    return text + '\\n' + options.join('\\n');
  })()`)) as string;
}

/**
 * Every page of the console for an admin: administration, lists, an item of each family (its
 * first in the list) with its form, dashboards, diagrams.
 */
export async function everyPage(page: Page): Promise<string[]> {
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
  return paths;
}

/** A fresh browser context (its own cookies) the size of a phone. */
export async function phonePage(ui: ConsoleBrowser): Promise<Page> {
  const context = await ui.browser.newContext({ viewport: PHONE, baseURL: ui.origin });
  context.setDefaultTimeout(60_000); // as ConsoleBrowser.newPage: a loaded CI machine
  return context.newPage();
}

/**
 * Moves a page between the console's pages as a person does: the first is loaded, the next are
 * reached within the app (the History API, which the console's router follows), so that every
 * route renders as after a link is followed, without loading the app again for each. Each visit
 * resolves once no request has been in flight for 150 ms (Playwright's `networkidle` waits 500 ms
 * after a load; within the app a route's reads start as it renders).
 */
export function withinApp(page: Page): (path: string) => Promise<void> {
  const QUIET_MS = 150;
  let inFlight = 0;
  let changedAt = performance.now();
  const change = (by: number) => () => {
    inFlight += by;
    changedAt = performance.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  let loaded = false;
  return async (path) => {
    changedAt = performance.now();
    if (loaded) await page.evaluate(`history.pushState(null, '', ${JSON.stringify(path)})`);
    else await page.goto(path);
    loaded = true;
    while (inFlight > 0 || performance.now() - changedAt < QUIET_MS)
      await new Promise((resolve) => setTimeout(resolve, 25));
    assert.equal(new URL(page.url()).pathname, new URL(path, page.url()).pathname, 'the app is at the path');
  };
}

/**
 * Visits each path on a signed-in phone page (withinApp) and returns what a person would trip on:
 * a page wider than the phone, a developer word, a serious or critical axe violation (none: []).
 */
export async function phoneProblems(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  const visit = withinApp(page);
  for (const path of paths) {
    await visit(path);
    const heading = await page
      .getByRole('heading', { level: 1 })
      .first()
      .waitFor()
      .then(() => true)
      .catch(() => false);
    if (!heading) {
      problems.push(`${path} shows no heading`);
      continue;
    }
    const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    if (width > PHONE.width) problems.push(`${path} is ${width} px wide`);
    const text = await visibleText(page);
    for (const [word, pattern] of DEVELOPER_WORDS) {
      const line = text.split('\n').find((one) => pattern.test(one));
      if (line) problems.push(`${path} shows ${word}: "${line.trim().slice(0, 120)}"`);
    }
    await assertAccessible(page, path).catch((error: assert.AssertionError) => {
      const found = Array.isArray(error.actual) ? `: ${error.actual.join('; ')}` : '';
      problems.push(`${error.message.split('\n')[0]}${found}`);
    });
  }
  return problems;
}
