/**
 * The console at 10,000 servers, in a browser: discovered software by
 * product in at most 5 API requests, a product's hosts, triage of a whole product; a server's
 * detail page with its networks, agent, formatted sizes, relative dates and a history that follows
 * a link made on the page. The workspace is seeded once for the file.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { browserMissing } from '../../support/browser.js';
import { PASSWORD, personIn, type Person } from '../../support/console.js';
import { assertAccessible, consoleFor, signInPage } from '../../support/console-browser.js';
import { describeEachDatabase, type Workspace } from '../../support/harness.js';

const skip = browserMissing();
const SERVERS = Number(process.env.ESTATE_CONSOLE_SCALE ?? 10_000);

describeEachDatabase(
  'web console: discovered software and detail pages at scale',
  (h) => {
    const ui = consoleFor(h);
    let ws: Workspace;
    let admin: Person;
    let key: string;

    before(async () => {
      if (skip) return;
      ws = h.seeded;
      admin = await personIn(h, ws, 'admin');
      key = (await h.key(ws)).secret;
    });

    it('the grouped software page loads in at most 5 API requests, and a product opens on its hosts', {
      skip,
      timeout: 120_000,
    }, async () => {
      const page = await ui.newPage();
      await signInPage(page, admin.email, PASSWORD);
      // The home page signing in lands on reads its tiles, some after others have drawn (on a loaded
      // machine, after a quiet half second): it is left for a blank page before counting starts.
      await page.goto('about:blank');
      const requests: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/ui/api/')) requests.push(`${url.pathname}${url.search}`);
      });
      await page.goto('/ui/discovered');
      const table = page.getByRole('table', { name: 'Discovered software by product' });
      await table.waitFor();
      await page.waitForLoadState('networkidle');
      assert.ok(requests.length <= 5, `${requests.length} requests: ${requests.join(' ')}`);
      const rows = table.locator(':scope > tbody > tr');
      const shown = await rows.count();
      assert.ok(shown > 0 && shown <= 50, `a page of at most 50 products: ${shown}`);

      const first = rows.first().getByRole('button', { expanded: false });
      const name = (await first.textContent())!.replace(/^\W+/, '').trim();
      await first.click();
      const hosts = page.getByRole('table', { name: new RegExp(`^Hosts with ${escapeRegExp(name)}`) });
      await hosts.waitFor();
      assert.ok((await hosts.locator('tbody tr').count()) > 0);
      assert.ok((await hosts.getByRole('link').count()) > 0, 'each host links to its page');
      await assertAccessible(page, 'the discovered software page');
    });

    it('triaging a product links every one of its installs', { skip, timeout: 120_000 }, async () => {
      const application = (
        await h.call('POST', '/public/v1/applications', { key, body: { name: 'Zabbix monitoring' } })
      ).json() as { id: string };
      const page = await ui.newPage();
      await signInPage(page, admin.email, PASSWORD);
      await page.goto('/ui/discovered?q=zabbix-agent&status=');
      const table = page.getByRole('table', { name: 'Discovered software by product' });
      const checkbox = table.getByRole('checkbox', { name: /^Select zabbix-agent/ });
      await checkbox.check();
      const combobox = page.getByRole('combobox', { name: 'Application' });
      await combobox.fill('Zabbix monitoring');
      await page
        .getByRole('option', { name: /Zabbix monitoring/ })
        .first()
        .click();
      // Enabled once a product and an application are chosen: the choice renders a moment after the click.
      const link = page.getByRole('button', { name: 'Link selected', disabled: false });
      await link.waitFor({ timeout: 10_000 });
      await link.click();
      const said = page
        .getByRole('status')
        .filter({ hasText: /^Link: / })
        .or(page.getByRole('alert'));
      await said.first().waitFor();
      assert.match((await said.first().textContent()) ?? '', /^Link: 1 product, \d+ installs changed/);
      const installs = await h.database.db
        .selectFrom('discovered_applications')
        .select(['status', 'application_id'])
        .where('workspace_id', '=', ws.id)
        .where('name_key', '=', 'zabbix-agent')
        .execute();
      assert.ok(installs.length > 0);
      assert.ok(
        installs.every((install) => install.status === 'linked' && install.application_id === application.id),
        'every install linked',
      );
      await table.getByRole('link', { name: 'Zabbix monitoring' }).first().waitFor();
    });

    it('a server page shows its networks, its agent with status, memory in GB, relative dates, and a history ' +
      'that follows a link made there', { skip, timeout: 120_000 }, async () => {
      // An agent-reported server with an address in a network and memory recorded.
      const candidates = await h.database.db
        .selectFrom('servers')
        .innerJoin('agents', (join) =>
          join.onRef('agents.workspace_id', '=', 'servers.workspace_id').onRef('agents.id', '=', 'servers.agent_id'),
        )
        .select(['servers.id', 'servers.name', 'servers.memory_mb', 'agents.name as agent'])
        .where('servers.workspace_id', '=', ws.id)
        .where('servers.memory_mb', 'is not', null)
        .orderBy('servers.name')
        .limit(20)
        .execute();
      let server: (typeof candidates)[number] | undefined;
      for (const candidate of candidates) {
        const addresses = await h.database.db
          .selectFrom('server_addresses')
          .select('address')
          .where('workspace_id', '=', ws.id)
          .where('server_id', '=', candidate.id)
          .execute();
        if (addresses.length > 0) {
          server = candidate;
          break;
        }
      }
      assert.ok(server, 'a reported server with addresses');
      const page = await ui.newPage();
      await signInPage(page, admin.email, PASSWORD);
      await page.goto(`/ui/servers/${server.id}`);
      await page.getByRole('heading', { level: 1, name: server.name }).waitFor();

      const networks = page.getByRole('region', { name: 'Networks' });
      await networks.getByRole('link').first().waitFor();
      assert.ok(((await networks.getByRole('link').first().textContent()) ?? '').length > 0, 'a network by name');

      const agent = page.getByRole('region', { name: 'Agent' });
      await agent.getByRole('link', { name: server.agent }).waitFor();
      assert.match((await agent.textContent()) ?? '', /Status(Active|Silent|Never seen|Revoked)/);

      const memory = Number(server.memory_mb);
      const expected = memory % 1024 === 0 ? `${memory / 1024} GB` : undefined;
      const fields = await page.locator('dl.fields').first().textContent();
      if (expected) assert.ok(fields?.includes(expected), `memory ${memory} MB reads ${expected}: ${fields}`);
      assert.doesNotMatch(fields ?? '', /Memory \(MB\)/);
      assert.ok((await page.locator('time', { hasText: /ago|yesterday|now/ }).count()) > 0, 'relative dates');
      assert.ok(
        (await page.locator('time[title]').first().getAttribute('title'))?.match(/\d{4}/),
        'the exact date on hover',
      );
      assert.doesNotMatch((await page.locator('h1').textContent()) ?? '', /[0-9a-f]{8}-/);
      await page.getByRole('button', { name: 'Copy ID' }).waitFor();

      // Link an application here: the history shows it without a reload.
      const history = page.getByRole('region', { name: 'History' });
      await history.waitFor();
      const before = await history.getByRole('listitem').count();
      const applications = page.getByRole('region', { name: 'Applications' });
      const picker = applications.getByRole('combobox');
      await picker.fill('Zabbix monitoring');
      await page
        .getByRole('option', { name: /Zabbix monitoring/ })
        .first()
        .click();
      await applications.getByRole('button', { name: /^Link/ }).click();
      await applications.getByRole('link', { name: 'Zabbix monitoring' }).waitFor();
      await history.getByRole('listitem').nth(before).waitFor();
      assert.match((await history.getByRole('listitem').first().textContent()) ?? '', /link/i);
      await assertAccessible(page, 'a server page');
    });
  },
  {},
  { seeded: { size: SERVERS, seed: 3 } },
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
