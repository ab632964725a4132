/**
 * The console in a browser on a workspace seeded with 10,000 servers (seeded once): filters and
 * pickers that find items by name, header sort, page numbers and size, a bulk tag of 20 rows,
 * saved views shared with the workspace or kept private, the global search putting the host at
 * exactly the typed address first, and every page at 390 px wide (support/every-page.ts).
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { browserMissing } from '../../support/browser.js';
import { PASSWORD, personIn, type Person } from '../../support/console.js';
import { assertAccessible, consoleFor, signInPage } from '../../support/console-browser.js';
import { everyPage, phonePage, phoneProblems } from '../../support/every-page.js';
import { describeEachDatabase, type Workspace } from '../../support/harness.js';

/** A count as the console prints it for its reader (en-US in these tests): 10,000. */
const count = (value: number) => value.toLocaleString('en-US');

const skip = browserMissing();
const SERVERS = 10_000;

interface Named {
  id: string;
  name: string;
  ipAddresses?: string[];
  environment?: string | null;
}

describeEachDatabase(
  'web console: lists at 10,000 servers',
  (h) => {
    const ui = consoleFor(h);
    let ws: Workspace;
    let key: string;
    let writer: Person;
    let reader: Person;
    let admin: Person;
    /** The servers the seed made (about SERVERS). */
    let total = 0;

    before(
      async () => {
        if (skip) return;
        ws = h.seeded;
        key = (await h.key(ws)).secret;
        writer = await personIn(h, ws, 'write', 'Wes Writer');
        reader = await personIn(h, ws, 'read', 'Rae Reader');
        admin = await personIn(h, ws, 'admin', 'Ada Admin');
        total = (await list('servers', { limit: '1' })).total;
      },
      { timeout: 300_000 },
    );

    async function list(path: string, query: Record<string, string>): Promise<{ data: Named[]; total: number }> {
      const answer = await h.call('GET', `/public/v1/${path}`, { key, query });
      assert.equal(answer.statusCode, 200, answer.body);
      const body = answer.json() as { data: Named[]; pagination: { total: number } };
      return { data: body.data, total: body.pagination.total };
    }

    async function signedIn(person: Person): Promise<Page> {
      const page = await ui.newPage();
      await signInPage(page, person.email, PASSWORD);
      return page;
    }

    /** Types in the combobox and chooses the option the list's own search puts at `index`. */
    async function choose(page: Page | Locator, label: string, text: string, index = 0): Promise<void> {
      const box = page.getByRole('combobox', { name: label, exact: true });
      await box.fill(text);
      // The box opens its list on typing (a render later on a loaded machine).
      await box.and(page.locator('[aria-expanded="true"]')).waitFor();
      const listbox = page.locator(`[id="${await box.getAttribute('aria-controls')}"]`);
      const option = listbox.getByRole('option').nth(index);
      // The matches of the text typed replace the first rows shown when the box opened.
      for (let tries = 0; tries < 100 && !(await option.textContent().catch(() => ''))?.startsWith(text); tries++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      assert.ok((await option.textContent())?.startsWith(text), `option ${index} is ${text}`);
      await option.click();
    }

    it('filters servers by an application typed by name: the URL keeps its id, the box shows its name', {
      skip,
      timeout: 120_000,
    }, async () => {
      const linked = await h.database.db
        .selectFrom('application_servers')
        .innerJoin('applications', (join) =>
          join
            .onRef('applications.id', '=', 'application_servers.application_id')
            .onRef('applications.workspace_id', '=', 'application_servers.workspace_id'),
        )
        .select(['applications.id', 'applications.name'])
        .where('application_servers.workspace_id', '=', ws.id)
        .limit(1)
        .executeTakeFirstOrThrow();
      const found = await list('applications', { q: linked.name, limit: '20' });
      const index = found.data.findIndex((application) => application.id === linked.id);
      assert.ok(index >= 0);
      const expected = await list('servers', { applicationId: linked.id, limit: '1' });

      const page = await signedIn(reader);
      await page.goto('/ui/servers');
      await page
        .getByRole('status')
        .filter({ hasText: `of ${count(total)}` })
        .first()
        .waitFor();
      await choose(page, 'Application', linked.name, index);
      await page.waitForURL(new RegExp(`applicationId=${linked.id}`));
      await page
        .getByRole('status')
        .filter({ hasText: new RegExp(`of ${count(expected.total)}$`) })
        .waitFor();
      assert.equal(await page.getByRole('combobox', { name: 'Application' }).inputValue(), linked.name);

      // From the URL alone (a bookmark), the box names the application.
      await page.reload();
      await page
        .getByRole('status')
        .filter({ hasText: `of ${count(expected.total)}` })
        .first()
        .waitFor();
      const box = page.getByRole('combobox', { name: 'Application' });
      for (let tries = 0; tries < 50 && (await box.inputValue()) !== linked.name; tries++)
        await page.waitForTimeout(100);
      assert.equal(await box.inputValue(), linked.name);
      await assertAccessible(page, 'a list filtered by an application');
    });

    it('links an application to the 9,000th server, found by typing its name in the picker', {
      skip,
      timeout: 120_000,
    }, async () => {
      const [target] = (await list('servers', { sort: 'name', limit: '1', offset: '8999' })).data;
      assert.ok(target);
      const applicationId = (
        (await h.call('POST', '/public/v1/applications', { key, body: { name: 'Ledger 9000' } })).json() as Named
      ).id;
      const matches = await list('servers', { q: target.name, limit: '20' });
      const index = matches.data.findIndex((server) => server.id === target.id);
      assert.ok(index >= 0);

      const page = await signedIn(writer);
      await page.goto(`/ui/applications/${applicationId}`);
      await choose(page, 'Add to servers', target.name, index);
      await page.getByRole('button', { name: 'Link to servers' }).click();
      await page.getByRole('region', { name: 'Servers' }).getByRole('link', { name: target.name }).waitFor();
      const servers = (
        await h.call('GET', `/public/v1/applications/${applicationId}/servers`, { key })
      ).json() as Named[];
      assert.deepEqual(
        servers.map((server) => server.id),
        [target.id],
      );
    });

    it('sorts by a column header (aria-sort), numbers the pages and chooses the page size', {
      skip,
      timeout: 120_000,
    }, async () => {
      const page = await signedIn(reader);
      await page.goto('/ui/servers');
      const nameHeader = page.getByRole('columnheader', { name: 'Name', exact: true });
      await page
        .getByRole('status')
        .filter({ hasText: `1–50 of ${count(total)}` })
        .waitFor();
      assert.equal(await nameHeader.getAttribute('aria-sort'), 'ascending');
      const [last] = (await list('servers', { sort: '-name', limit: '1' })).data;
      await nameHeader.getByRole('button').click();
      await page.waitForURL(/sort=-name/);
      assert.equal(await nameHeader.getAttribute('aria-sort'), 'descending');
      await page.getByRole('row').nth(1).getByRole('link', { name: last!.name }).waitFor();

      await page.getByLabel('Rows per page').selectOption('100');
      await page.waitForURL(/limit=100/);
      await page
        .getByRole('status')
        .filter({ hasText: `1–100 of ${count(total)}` })
        .waitFor();
      assert.equal(await page.locator('tbody tr').count(), 100);
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Page 3' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `201–300 of ${count(total)}` })
        .waitFor();
      assert.equal(await page.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current'), 'page');
      const pages = Math.ceil(total / 100);
      await page.getByRole('button', { name: `Page ${pages}` }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${count((pages - 1) * 100 + 1)}–${count(total)} of ${count(total)}` })
        .waitFor();
      await assertAccessible(page, 'a list at 100 rows a page');
    });

    it('tags 20 selected rows in one confirmed action', { skip, timeout: 120_000 }, async () => {
      const tagId = ((await h.call('POST', '/public/v1/tags', { key, body: { name: 'wave-20' } })).json() as Named).id;
      const page = await signedIn(writer);
      await page.goto('/ui/servers?limit=25&sort=-name');
      await page
        .getByRole('status')
        .filter({ hasText: `1–25 of ${count(total)}` })
        .waitFor();
      const rows = page.locator('tbody tr');
      const names: string[] = [];
      for (let index = 0; index < 20; index++) {
        const name = (await rows.nth(index).getByRole('rowheader').textContent())!;
        names.push(name);
        await page.getByRole('checkbox', { name: `Select ${name}`, exact: true }).check();
      }
      await page.getByText('20 servers selected').waitFor();
      await page.getByRole('button', { name: 'Tag selected' }).click();
      await choose(page.getByRole('dialog'), 'Tag', 'wave-20');
      await assertAccessible(page, 'the bulk tag dialog');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('status').filter({ hasText: 'Tagged 20.' }).waitFor();
      const tagged = await list('servers', { tagId, sort: '-name', limit: '50' });
      assert.equal(tagged.total, 20);
      assert.deepEqual(
        tagged.data.map((server) => server.name),
        names,
      );

      // Select all on this page selects the 25 rows shown.
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      await page.getByText('25 servers selected').waitFor();
    });

    it('a saved shared view is offered to a second member, a private one is not', {
      skip,
      timeout: 120_000,
    }, async () => {
      const page = await signedIn(writer);
      await page.goto('/ui/servers?environment=production&sort=-name');
      await page.getByRole('status').filter({ hasText: /of \d/ }).first().waitFor();
      for (const [name, shared] of [
        ['Production, newest names', true],
        ['My private list', false],
      ] as const) {
        await page.getByRole('button', { name: 'Save view' }).click();
        await page.getByLabel('View name').fill(name);
        if (shared) await page.getByLabel('Share with the workspace').check();
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page.getByRole('region', { name: 'Saved views' }).getByRole('button', { name, exact: true }).waitFor();
      }

      const other = await signedIn(reader);
      await other.goto('/ui/servers');
      const views = other.getByRole('region', { name: 'Saved views' });
      await views.getByRole('button', { name: 'Production, newest names', exact: true }).waitFor();
      assert.equal(await views.getByRole('button', { name: 'My private list', exact: true }).count(), 0);
      await views.getByRole('button', { name: 'Production, newest names', exact: true }).click();
      await other.waitForURL(/environment=production/);
      assert.match(other.url(), /sort=-name/);
      await assertAccessible(other, 'a list with saved views');
    });

    it('the global search lists the server at exactly 10.1.9.2 first, before 10.1.9.20–29 and 10.1.9.200', {
      skip,
      timeout: 120_000,
    }, async () => {
      // The seed numbers hosts in the /24 of their network: at 10,000 servers 10.1.9.0/24 holds
      // 10.1.9.2 and 10.1.9.20 to 29, 10.1.9.200 and 201, which the text also starts.
      async function hostsAt(address: string) {
        const found = await list('servers', { q: address, sort: 'name', limit: '100' });
        const exact = found.data.find((server) => server.ipAddresses?.includes(address));
        const longer = found.data.filter((server) => server.ipAddresses?.some((one) => one.startsWith(address)));
        return { address, total: found.total, exact, firstByName: found.data[0]?.id === exact?.id, longer };
      }
      const named = await hostsAt('10.1.9.2');
      assert.ok(named.exact, 'the seed makes a server at 10.1.9.2');
      assert.ok(named.longer.length > 10, `${named.longer.length} servers at an address starting 10.1.9.2`);
      // The seed happens to name that one first of them; the first network whose .2 host another
      // name comes before shows that the ranking, not the name, puts it first.
      let ranked: Awaited<ReturnType<typeof hostsAt>> | undefined;
      for (let network = 0; network < 50 && !ranked; network++) {
        const hosts = await hostsAt(`10.1.${network}.2`);
        if (hosts.exact && !hosts.firstByName && hosts.longer.length > 10) ranked = hosts;
      }
      assert.ok(ranked, 'a 10.1.x.2 host that is not first by name');

      const page = await signedIn(reader);
      for (const hosts of [named, ranked]) {
        await page.locator('body').press('/');
        const box = page.getByRole('searchbox', { name: 'Find in the estate' });
        assert.equal(await page.evaluate('document.activeElement.id'), 'global-search');
        await box.fill(hosts.address);
        await box.press('Enter');
        const servers = page.getByRole('region', { name: /^Servers/ });
        await page.getByRole('heading', { level: 1, name: `Search: ${hosts.address}` }).waitFor();
        await servers.getByRole('heading', { name: `Servers (${hosts.total})` }).waitFor();
        const first = servers.getByRole('listitem').first();
        assert.deepEqual(await first.getByRole('link').allTextContents(), [hosts.exact!.name], hosts.address);
        assert.match((await first.textContent()) ?? '', /exact match/);
        // Its second line names its environment as people write it (Test, Disaster recovery).
        const environment = hosts.exact!.environment!;
        const label = environment.charAt(0).toUpperCase() + environment.slice(1).replaceAll('_', ' ');
        assert.match((await first.textContent()) ?? '', new RegExp(`${hosts.address} · ${label}$`));
      }
      await page
        .getByRole('region', { name: /^Servers/ })
        .getByRole('listitem')
        .first()
        .getByRole('link')
        .click();
      await page.getByRole('heading', { level: 1, name: ranked.exact!.name }).waitFor();
    });

    it('every page at 390 px: no sideways scrolling, no developer word, no serious accessibility violation', {
      skip,
      timeout: 900_000,
    }, async () => {
      const page = await phonePage(ui);
      try {
        await signInPage(page, admin.email, PASSWORD);
        const paths = await everyPage(page);
        // The search's second lines, on a host of an environment whose stored value has an underscore.
        const [recovery] = (await list('servers', { environment: 'disaster_recovery', limit: '1' })).data;
        paths.push(`/ui/search?q=${encodeURIComponent(recovery!.name)}`);
        // The views of the diagrams at this size: every application, one category, one network's servers.
        const [category] = (await list('categories', { limit: '1' })).data;
        const [network] = (await list('networks', { limit: '1' })).data;
        paths.push('/ui/diagrams/flow-mapping?view=all', `/ui/diagrams/flow-mapping?categoryId=${category!.id}`);
        paths.push(
          `/ui/diagrams/network-mapping?networkId=${network!.id}`,
          '/ui/servers?environment=disaster_recovery',
        );
        // Items of the seeded data among them: a server, an application and a network.
        for (const family of ['servers', 'applications', 'networks'])
          assert.ok(
            paths.some((path) => new RegExp(`^/ui/${family}/[0-9a-f-]{36}$`).test(path)),
            `a page of one of the ${family}`,
          );
        assert.deepEqual(await phoneProblems(page, paths), []);
      } finally {
        await page.context().close();
      }
    });
  },
  {},
  { seeded: { size: SERVERS, seed: 3 } },
);
