/**
 * The console in a real browser: the app listening on 127.0.0.1, Debian's Chromium driven by
 * playwright-core, an axe-core check, and screenshots of a test's pages when ESTATE_SCREENSHOTS
 * names a directory (the docs' pictures are drawn from a seeded workspace by
 * scripts/console-screenshots.ts, `npm run docs:screenshots`).
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserMissing, launchBrowser } from './browser.js';
import { type Person, personIn } from './console.js';
import type { Harness, Workspace } from './harness.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface ConsoleBrowser {
  origin: string;
  browser: Browser;
  /** A fresh browser context (its own cookies) at 1280×720, as on a laptop. */
  newPage(): Promise<Page>;
  /**
   * A new page signed in as a new member with `role`, named `name`, of `workspace` (a new
   * workspace when none is given).
   */
  signedIn(
    /** A system role or a custom role of the workspace. */
    role: string,
    options?: { workspace?: Workspace; name?: string },
  ): Promise<{ workspace: Workspace; person: Person; page: Page }>;
  close(): Promise<void>;
}

/**
 * One browser per test process, launched for its first console and closed after the process's
 * last test: a launch costs about 1.2 s of CPU, and each console still has contexts of its own.
 */
let shared: Promise<Browser> | undefined;
after(async () => {
  if (shared) await (await shared).close();
});

export async function openConsole(h: Harness): Promise<ConsoleBrowser> {
  const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
  shared ??= launchBrowser();
  const browser = await shared;
  const contexts: { close(): Promise<void> }[] = [];
  const opened: ConsoleBrowser = {
    origin: address,
    browser,
    async newPage() {
      // A reader in the United States: the console formats numbers for the browser's locale (10,000).
      const context = await browser.newContext({
        viewport: { width: 1280, height: 720 },
        baseURL: address,
        locale: 'en-US',
      });
      // Playwright's 30 s default is short for a page at 10,000 servers while the run's other jobs
      // hold both cores of a CI machine.
      context.setDefaultTimeout(60_000);
      contexts.push(context);
      return context.newPage();
    },
    async signedIn(role, { workspace, name } = {}) {
      const ws = workspace ?? (await h.workspace());
      const person = await personIn(h, ws, role, name);
      const page = await opened.newPage();
      await signInPage(page, person.email, person.password);
      return { workspace: ws, person, page };
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
    },
  };
  return opened;
}

/**
 * The console of a suite's app, opened before its tests (when a browser is there) and closed
 * after them: declare it at the top of a describeEachDatabase body.
 */
export function consoleFor(h: Harness): ConsoleBrowser {
  let opened: ConsoleBrowser | undefined;
  before(async () => {
    if (!browserMissing()) opened = await openConsole(h);
  });
  h.beforeShutdown(async () => opened?.close());
  const ready = () => {
    if (!opened) throw new Error('the console is not open (no browser here)');
    return opened;
  };
  return {
    get origin() {
      return ready().origin;
    },
    get browser() {
      return ready().browser;
    },
    newPage: () => ready().newPage(),
    signedIn: (role, options) => ready().signedIn(role, options),
    close: async () => opened?.close(),
  };
}

/** Signs in through the login page, as a person would. */
export async function signInPage(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/ui/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's WCAG 2.x A/AA rules on the page as it is now: no serious or critical violation. It
 * is evaluated through the DevTools protocol, which the pages' Content-Security-Policy does not
 * govern (the policy forbids inline scripts, rightly).
 */
export async function assertAccessible(page: Page, name: string): Promise<void> {
  // Once per document: within the app, pages change without loading a new one.
  if (await page.evaluate(`typeof axe === 'undefined'`)) await page.evaluate(axeSource);
  const violations = (await page.evaluate(
    `axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    }).then((r) => r.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })),
      })))`,
  )) as AxeViolation[];
  const grave = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  // Responsive down to a 1280×720 laptop: the page itself never scrolls sideways (wide tables scroll in their box).
  const [scrollWidth, clientWidth] = (await page.evaluate(
    '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
  )) as [number, number];
  assert.ok(scrollWidth <= clientWidth, `${name} scrolls sideways: ${scrollWidth} > ${clientWidth} px`);
  assert.deepEqual(
    grave.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    [],
    `${name} has no serious or critical accessibility violation`,
  );
}

/** A screenshot of the page, only when asked (ESTATE_SCREENSHOTS=<directory>). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const directory = process.env.ESTATE_SCREENSHOTS;
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: join(directory, `${name}.png`) });
}
