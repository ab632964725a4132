/**
 * Redraws docs/pictures/console/*.png from a seeded workspace: the app on a scratch SQLite
 * database, a workspace filled by `estate seed` (10,000 servers, seed 7; ESTATE_SCREENSHOT_SIZE
 * for another size), an admin signed in through Debian's Chromium, each main page at 1440×900
 * and one at 390×844, as a phone shows it. Needs the console built (dist/console).
 *
 *   npm run docs:screenshots
 */
import { createRegistry } from '../src/families/registry.js';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { buildApp } from '../src/surfaces/server/app.js';
import { CLI_ACTOR } from '../src/base/audit/audit.types.js';
import { openDatabase } from '../src/base/db/database.js';
import { migrateToLatest } from '../src/base/db/migrate.js';
import { createKey } from '../src/features/accounts/keys/keys.service.js';
import { addMember } from '../src/features/accounts/members/members.service.js';
import { seedWorkspace } from '../src/features/seed/seed.js';
import { createWorkspace } from '../src/features/accounts/workspaces/workspaces.service.js';
import { launchBrowser } from '../test/support/browser.js';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'pictures', 'console');
const SIZE = Number(process.env.ESTATE_SCREENSHOT_SIZE ?? 10_000);
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'correct horse battery staple';
const EMAIL = 'ada.lovelace@acme.example';

mkdirSync(OUT, { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), 'estate-screenshots-'));
const database = openDatabase(`sqlite:${join(scratch, 'estate.db')}`);
await migrateToLatest(database);
const workspace = await createWorkspace(database, createRegistry().scopes, { name: 'Acme Corp' }, CLI_ACTOR);
const admin = { workspaceId: workspace.id, role: 'admin' as const, password: PASSWORD };
await addMember(database, async () => createRegistry(), { ...admin, email: EMAIL, name: 'Ada Lovelace' }, CLI_ACTOR);
for (const [name, role] of [
  ['Grace Hopper', 'admin'],
  ['Linus Torvalds', 'write'],
  ['Margaret Hamilton', 'write'],
  ['Ken Thompson', 'read'],
] as const) {
  const email = `${name.toLowerCase().replace(' ', '.')}@acme.example`;
  await addMember(
    database,
    async () => createRegistry(),
    { workspaceId: workspace.id, email, name, role, password: PASSWORD },
    CLI_ACTOR,
  );
}
for (const [name, alias] of [
  ['reporting', 'read'],
  ['ci-deploy', 'write'],
  ['cmdb-sync', 'admin'],
] as const)
  await createKey(database, { workspaceId: workspace.id, name, alias });
const started = Date.now();
await seedWorkspace(database, { workspaceId: workspace.id, size: SIZE, seed: 7 });
console.log(`seeded ${SIZE} servers in ${((Date.now() - started) / 1000).toFixed(0)} s`);

// The pages' subjects: a server reported by an agent that runs applications, the application on most servers.
const server = await database.db
  .selectFrom('servers')
  .innerJoin('application_servers', (join) =>
    join
      .onRef('application_servers.server_id', '=', 'servers.id')
      .onRef('application_servers.workspace_id', '=', 'servers.workspace_id'),
  )
  .select(['servers.id', 'servers.name'])
  .where('servers.workspace_id', '=', workspace.id)
  .where('servers.agent_id', 'is not', null)
  .orderBy('servers.name')
  .limit(1)
  .executeTakeFirstOrThrow();
const application = await database.db
  .selectFrom('application_servers')
  .select(['application_id as id', (eb) => eb.fn.countAll().as('servers')])
  .where('workspace_id', '=', workspace.id)
  .groupBy('application_id')
  .orderBy('servers', 'desc')
  .limit(1)
  .executeTakeFirstOrThrow();

const app = await buildApp({ database, logger: false });
const origin = await app.listen({ port: 0, host: '127.0.0.1' });
const browser = await launchBrowser();
const shots: string[] = [];
let failed = false;

/** A new browser context of the viewport's size, signed in as the admin (drawing the sign-in page, if named). */
async function signedIn(viewport: { width: number; height: number }, signInShot?: string): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: origin });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto('/ui/login');
  if (signInShot) await shot(page, signInShot);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  return page;
}

/**
 * The viewport once the page has settled (device pixel ratio 1, the pointer on no link), at the
 * top or scrolled to `at`.
 */
async function shot(page: Page, name: string, at?: Locator): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate('document.fonts.ready');
  await page.mouse.move(page.viewportSize()!.width - 4, 60);
  if (at) await at.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  else await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: join(OUT, `${name}.png`) });
  shots.push(name);
  console.log(`docs/pictures/console/${name}.png`);
}

/**
 * Runs a step again, once, after a pause when it fails: the console being rebuilt meanwhile
 * (dist/console emptied by vite) shows a blank page.
 */
async function step(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    console.error(`again, after: ${(error as Error).message.split('\n')[0]}`);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await run();
  }
}

/** Opens a page of the console and waits for its heading. */
async function open(page: Page, path: string, heading?: string | RegExp): Promise<void> {
  await page.goto(path);
  await page
    .getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) })
    .first()
    .waitFor();
}

try {
  let page!: Page;
  await step(async () => {
    page = await signedIn(DESKTOP, 'console-sign-in');
    await page.getByRole('region', { name: 'Recent changes' }).waitFor();
    await shot(page, 'console-home-estate');
  });
  for (const [name, path, heading] of [
    ['servers', '/ui/servers', 'Servers'],
    ['applications', '/ui/applications', 'Applications'],
  ] as const)
    await step(async () => {
      await open(page, path, heading);
      await page.getByRole('status').filter({ hasText: /of \d/ }).first().waitFor();
      await shot(page, `console-${name}`);
    });
  await step(async () => {
    await open(page, `/ui/servers/${server.id}`, server.name);
    await shot(page, 'console-server');
  });
  await step(async () => {
    await open(page, `/ui/applications/${application.id}`);
    await page.getByRole('region', { name: 'Servers' }).waitFor();
    await shot(page, 'console-application');
  });
  await step(async () => {
    await open(page, '/ui/discovered');
    await page.getByText(/^Products 1–/).waitFor();
    await shot(page, 'console-triage');
  });
  await step(async () => {
    await open(page, '/ui/search?q=10.1.9.2');
    await page.getByRole('region', { name: /^Servers/ }).waitFor();
    await shot(page, 'console-search');
  });

  const dashboards = (await (await page.request.get('/ui/api/v1/dashboards')).json()) as { name: string }[];
  for (const dashboard of dashboards)
    await step(async () => {
      await open(page, `/ui/dashboards/${dashboard.name}`);
      await page.locator('.chart svg').first().waitFor();
      await shot(page, `console-dashboard-${dashboard.name}`);
    });
  const diagrams = (await (await page.request.get('/ui/api/diagrams')).json()) as { name: string }[];
  for (const diagram of diagrams)
    await step(async () => {
      await open(page, `/ui/diagrams/${diagram.name}`);
      await page.locator('.diagram svg').waitFor();
      // Below its controls: the picture, under its counts.
      await shot(page, `console-diagram-${diagram.name}`, page.locator('.figures-line'));
    });

  for (const [name, shown] of [
    ['audit', page.locator('.event').first()],
    ['members', page.getByText('Grace Hopper').first()],
    ['roles', undefined],
    ['settings', undefined],
    ['agents', page.getByRole('row').nth(1)],
  ] as const)
    await step(async () => {
      await open(page, `/ui/${name}`);
      await shown?.waitFor();
      await shot(page, `console-${name}`);
    });
  await step(async () => {
    await open(page, '/ui/agents');
    await page.getByRole('button', { name: 'Enroll agent' }).click();
    await page.getByLabel('Name').fill('db-01');
    await page.getByRole('button', { name: 'Enroll', exact: true }).click();
    await page.getByLabel('Agent command').waitFor();
    await shot(page, 'console-enroll-agent');
  });

  await step(async () => {
    await open(page, '/ui/keys');
    await page.getByRole('row').filter({ hasText: 'cmdb-sync' }).waitFor();
    await shot(page, 'console-keys');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByLabel('Name').fill('backup');
    await page.getByLabel('Alias').selectOption('read');
    await shot(page, 'console-create-key');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByLabel('New secret').waitFor();
    await shot(page, 'console-new-secret');
  });
  await step(async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page, '/ui/keys');
    await page.getByRole('row').filter({ hasText: 'cmdb-sync' }).waitFor();
    await shot(page, 'console-keys-dark');
  });
  await page.context().close();

  await step(async () => {
    const phone = await signedIn(PHONE);
    await open(phone, `/ui/servers/${server.id}`, server.name);
    await shot(phone, 'console-phone-server');
    await phone.context().close();
  });
} catch (error) {
  failed = true;
  for (const context of browser.contexts())
    for (const page of context.pages()) await page.screenshot({ path: join(scratch, 'failed.png') }).catch(() => {});
  console.error(`the page that failed: ${join(scratch, 'failed.png')}; its database is beside it`);
  throw error;
} finally {
  await browser.close();
  await app.close();
  await database.close();
  if (shots.length > 0 && !failed) rmSync(scratch, { recursive: true, force: true });
}
console.log(`${shots.length} screenshots in docs/pictures/console`);
