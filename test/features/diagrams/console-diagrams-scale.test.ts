/**
 * Diagrams and dashboards that read at 10,000 servers, in Chromium, on one
 * workspace seeded once per database: the flow map opens by category and expands a category and
 * an application; the network map shows networks with their host counts and expands one; a limit
 * that applies is stated; chart labels are never cut; tables show formatted dates; a dashboard fits
 * in two screens at 1440×900; and no view scrolls sideways at 390 px.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { FlowCategories, NetworkOverview } from '../../../src/features/diagrams/console-views.schemas.js';
import { browserMissing } from '../../support/browser.js';
import { personIn, PASSWORD, signIn, type ConsoleClient, type Person } from '../../support/console.js';
import { consoleFor, signInPage } from '../../support/console-browser.js';
import { withinApp } from '../../support/every-page.js';
import { describeEachDatabase } from '../../support/harness.js';

const skip = browserMissing();
const SERVERS = 10_000;

describeEachDatabase(
  'console diagrams and dashboards at 10,000 servers',
  (h) => {
    const ui = consoleFor(h);
    let admin: Person;
    let client: ConsoleClient;
    before(
      async () => {
        if (skip) return;
        const ws = h.seeded;
        admin = await personIn(h, ws, 'admin');
        client = await signIn(h, admin.email);
      },
      { timeout: 300_000 },
    );
    const json = async <T>(url: string) => (await client.call('GET', url)).json() as T;
    const open = async (viewport = { width: 1440, height: 900 }): Promise<Page> => {
      const context = await ui.browser.newContext({ viewport, baseURL: ui.origin });
      const page = await context.newPage();
      await signInPage(page, admin.email, PASSWORD);
      return page;
    };
    const linksIn = (page: Page, pattern: string) => page.locator(`.diagram svg a[href*="${pattern}"]`);

    it('the flow map opens by category over 100 applications, then expands a category and an application', {
      skip,
      timeout: 120_000,
    }, async () => {
      const categories = await json<FlowCategories>('/ui/api/diagrams/flow-mapping/categories');
      assert.ok(categories.totals.applications > 100, `${categories.totals.applications} applications`);
      const page = await open();
      try {
        await page.goto('/ui/diagrams/flow-mapping');
        await linksIn(page, 'categoryId=').first().waitFor();
        const named = categories.categories.filter((category) => category.categoryId);
        assert.equal(await linksIn(page, 'categoryId=').count(), named.length);
        assert.equal(await page.locator('.diagram svg a[href^="/ui/applications/"]').count(), 0);
        await page.getByText('Choose a category to see its applications.').waitFor();

        // A category: its applications and those they exchange data with (the public diagram).
        const largest = named[0]!;
        await linksIn(page, `categoryId=${largest.categoryId}`).click();
        await page.waitForURL(new RegExp(`categoryId=${largest.categoryId}`));
        const applications = page.locator('.diagram svg a[href^="/ui/applications/"]');
        await applications.first().waitFor();
        assert.ok((await applications.count()) >= largest.applications);

        // An application: its neighbourhood, its page one link away.
        const href = String(await applications.first().getAttribute('href'));
        const id = href.split('/').at(-1)!;
        await applications.first().click();
        await page.waitForURL(new RegExp(`applicationId=${id}`));
        await page.getByText('Centred on').waitFor();
        await page.getByRole('link', { name: 'All categories' }).click();
        await page.waitForURL(/\/ui\/diagrams\/flow-mapping$/);
        await linksIn(page, 'categoryId=').first().waitFor();
      } finally {
        await page.context().close();
      }
    });

    it('the network map shows every network with its host count and expands one network', {
      skip,
      timeout: 120_000,
    }, async () => {
      const overview = await json<NetworkOverview>('/ui/api/diagrams/network-mapping/networks');
      const page = await open();
      try {
        await page.goto('/ui/diagrams/network-mapping');
        const networks = linksIn(page, 'networkId=');
        await networks.first().waitFor();
        assert.equal(await networks.count(), overview.networks.length);
        const network = overview.networks.find((one) => one.hosts > 0)!;
        const card = linksIn(page, `networkId=${network.id}`);
        assert.ok((await card.textContent())?.includes(`${network.hosts} servers`), 'the card states its host count');
        assert.equal(
          overview.networks.reduce((sum, one) => sum + one.hosts, 0) +
            overview.totals.servers -
            overview.totals.placedServers,
          SERVERS,
          'every server is in a network or counted in none',
        );
        await card.click();
        await page.waitForURL(new RegExp(`networkId=${network.id}`));
        const hosts = page.locator('.diagram svg a[href^="/ui/servers/"]');
        await hosts.first().waitFor();
        assert.equal(await hosts.count(), Math.min(network.hosts, 500));
        await page.getByRole('link', { name: 'All networks' }).waitFor();
      } finally {
        await page.context().close();
      }
    });

    it('a limit that applies is stated with the totals, and narrowing by name shows fewer', {
      skip,
      timeout: 120_000,
    }, async () => {
      const overview = await json<NetworkOverview>('/ui/api/diagrams/network-mapping/networks');
      const network = overview.networks.find((one) => one.hosts > 20)!;
      const page = await open();
      try {
        // The public network map, limited: "Showing 500 of 15,0xx … — narrow by …".
        await page.goto('/ui/diagrams/network-mapping?limit=500');
        const showing = page.locator('.showing');
        await showing.waitFor();
        assert.match(
          String(await showing.textContent()),
          /^Showing 500 of [\d,.\s]+ .* — narrow by opening one network$/,
        );

        await page.goto(`/ui/diagrams/network-mapping?networkId=${network.id}&limit=10`);
        await showing.waitFor();
        assert.match(
          String(await showing.textContent()),
          new RegExp(`^Showing 10 of ${network.hosts} servers — narrow by name or address$`),
        );
        const first = String(await page.locator('.diagram svg a[href^="/ui/servers/"] text').first().textContent());
        await page.getByLabel('Narrow by name or address').fill(first);
        await page.getByRole('button', { name: 'Show', exact: true }).click();
        await page.waitForURL(/q=/);
        await page.locator('.diagram svg a[href^="/ui/servers/"]').first().waitFor();
        assert.ok((await page.locator('.diagram svg a[href^="/ui/servers/"]').count()) < 10);
      } finally {
        await page.context().close();
      }
    });

    it('dashboards: no chart label is cut, donuts have their legend, tables show formatted dates, ' +
      'and each fits in two screens at 1440×900 with its tables collapsed', {
      skip,
      timeout: 180_000,
    }, async () => {
      const dashboards = await json<{ name: string }[]>('/ui/api/v1/dashboards');
      const page = await open();
      const problems: string[] = [];
      let donuts = 0;
      const visit = withinApp(page);
      try {
        for (const { name } of dashboards) {
          const answer = await json<{
            title: string;
            widgets: { id: string; kind: string; items?: { label: string; currency?: string }[] }[];
          }>(`/ui/api/v1/dashboards/${name}`);
          await visit(`/ui/dashboards/${name}`);
          await page.getByRole('heading', { level: 1, name: answer.title }).waitFor();
          await page.locator('.widget').first().waitFor();
          const charts = answer.widgets.filter((widget) => widget.kind === 'breakdown' && widget.items!.length > 0);
          for (const widget of charts) await page.locator(`[data-widget="${widget.id}"] .chart svg`).waitFor();
          const cut = (await page
            .locator('.chart svg text')
            .evaluateAll((texts) =>
              texts.map((text) => text.textContent ?? '').filter((text) => text.endsWith('…')),
            )) as string[];
          if (cut.length > 0) problems.push(`${name}: labels cut: ${cut.join(', ')}`);
          // A donut (at most 6 items, no currency) names every item in its legend.
          for (const widget of charts) {
            const items = widget.items!;
            if (items.length > 6 || items.some((item) => item.currency)) continue;
            const entries = await page
              .locator(`[data-widget="${widget.id}"] .chart-legend .legend-label`)
              .allTextContents();
            if (entries.length !== items.length)
              problems.push(`${name}/${widget.id}: ${entries.length} legend entries`);
            donuts += 1;
          }
          assert.equal(await page.locator('details.table-details[open]').count(), 0, `${name}: tables collapsed`);
          const height = (await page.evaluate('document.documentElement.scrollHeight')) as number;
          if (height > 2 * 900) problems.push(`${name} is ${height} px high`);
          // Opened, a table shows dates as people write them.
          for (const details of await page.locator('details.table-details').all())
            await details.locator('summary').click();
          const raw = (await page
            .locator('.table-details td')
            .evaluateAll((cells) =>
              cells.map((cell) => cell.textContent ?? '').filter((text) => /\d{4}-\d{2}-\d{2}/.test(text)),
            )) as string[];
          if (raw.length > 0) problems.push(`${name}: raw dates ${raw.slice(0, 3).join(', ')}`);
        }
        assert.ok(donuts > 0, 'some dashboard draws a donut');
        assert.deepEqual(problems, []);
      } finally {
        await page.context().close();
      }
    });

    it('every diagram view and dashboard at 390 px: no sideways scrolling', { skip, timeout: 180_000 }, async () => {
      const overview = await json<NetworkOverview>('/ui/api/diagrams/network-mapping/networks');
      const categories = await json<FlowCategories>('/ui/api/diagrams/flow-mapping/categories');
      const dashboards = await json<{ name: string }[]>('/ui/api/v1/dashboards');
      const diagrams = await json<{ name: string }[]>('/ui/api/diagrams');
      const paths = [
        ...dashboards.map((one) => `/ui/dashboards/${one.name}`),
        ...diagrams.map((one) => `/ui/diagrams/${one.name}`),
        `/ui/diagrams/flow-mapping?categoryId=${categories.categories.find((one) => one.categoryId)!.categoryId}`,
        `/ui/diagrams/network-mapping?networkId=${overview.networks[0]!.id}&limit=10`,
        '/ui/diagrams/network-mapping?limit=500',
      ];
      const page = await open({ width: 390, height: 844 });
      const wide: string[] = [];
      const visit = withinApp(page);
      try {
        for (const path of paths) {
          await visit(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
          if (width > 390) wide.push(`${path} is ${width} px wide`);
        }
        assert.deepEqual(wide, []);
      } finally {
        await page.context().close();
      }
    });
  },
  {},
  { seeded: { size: SERVERS, seed: 3 } },
);
