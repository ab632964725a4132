import assert from 'node:assert/strict';
import { it } from 'node:test';
import { browserMissing } from '../../support/browser.js';
import { personIn, PASSWORD } from '../../support/console.js';
import { consoleFor, assertAccessible, screenshot, signInPage } from '../../support/console-browser.js';
import { describeEachDatabase } from '../../support/harness.js';

const skip = browserMissing();

describeEachDatabase('web console: the inventory in a browser', (h) => {
  const ui = consoleFor(h);

  it('creates an application and a server, links them, ' +
    'edits with an error then successfully, and deletes; the public API sees each step', {
    skip,
  }, async () => {
    const ws = await h.workspace();
    const writer = await personIn(h, ws, 'write', 'Wes Writer');
    const key = (await h.key(ws)).secret;
    const page = await ui.newPage();
    await signInPage(page, writer.email, PASSWORD);

    await page.getByRole('link', { name: 'Applications', exact: true }).click();
    await page.getByRole('button', { name: 'New' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Payroll');
    await page.getByLabel('Criticality', { exact: true }).selectOption('high');
    await assertAccessible(page, 'the new application form');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Payroll' }).waitFor();
    const applicationId = page.url().split('/').at(-1)!;
    const application = await h.call('GET', `/public/v1/applications/${applicationId}`, { key });
    assert.equal((application.json() as { criticality: string }).criticality, 'high');

    await page.getByRole('link', { name: 'Servers', exact: true }).click();
    await page.getByRole('button', { name: 'New' }).click();
    await page.getByLabel('Name', { exact: true }).fill('db-01');
    await page.getByLabel('IP addresses', { exact: true }).fill('10.0.0.5');
    await page.getByLabel('Environment', { exact: true }).selectOption('production');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'db-01' }).waitFor();
    await assertAccessible(page, 'a server page');
    await screenshot(page, 'console-server');

    await page.goto(`/ui/applications/${applicationId}`);
    await page.getByRole('combobox', { name: 'Add to servers' }).fill('db-01');
    await page.getByRole('option', { name: /^db-01/ }).click();
    await page.getByRole('button', { name: 'Link to servers' }).click();
    await page.getByRole('region', { name: 'Servers' }).getByRole('link', { name: 'db-01' }).waitFor();
    const servers = (await h.call('GET', `/public/v1/applications/${applicationId}/servers`, { key })).json() as {
      name: string;
    }[];
    assert.deepEqual(
      servers.map((server) => server.name),
      ['db-01'],
    );
    await assertAccessible(page, 'an application page');
    await screenshot(page, 'console-application');

    // The API refuses a URL that is not http(s); its message shows beside the field.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('URL', { exact: true }).fill('ftp://payroll.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.field-error').filter({ hasText: 'url must be an absolute http:// or https:// URL' }).waitFor();
    // The browser refuses a blank name from the schema, before any request.
    await page.getByLabel('Name', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.field-error').first().waitFor();
    await assertAccessible(page, 'the edit form with errors');
    await page.getByLabel('Name', { exact: true }).fill('Payroll 2');
    await page.getByLabel('URL', { exact: true }).fill('https://payroll.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Payroll 2' }).waitFor();
    const edited = (await h.call('GET', `/public/v1/applications/${applicationId}`, { key })).json() as {
      name: string;
      url: string;
    };
    assert.deepEqual([edited.name, edited.url], ['Payroll 2', 'https://payroll.example']);

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/ui\/applications$/);
    assert.equal((await h.call('GET', `/public/v1/applications/${applicationId}`, { key })).statusCode, 404);
  });

  it('a list keeps its search, filters, sort and page in the URL; ' +
    'columns chosen are remembered; every row links to its page', {
    skip,
  }, async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    for (let index = 0; index < 60; index++) {
      await h.call('POST', '/public/v1/servers', {
        key,
        body: { name: `web-${String(index).padStart(2, '0')}`, environment: index % 2 ? 'production' : 'staging' },
      });
    }
    const { page } = await ui.signedIn('read', { workspace: ws });
    await page.goto('/ui/servers');
    await page.getByText('1–50 of 60').waitFor();
    assert.equal(await page.getByRole('button', { name: 'New' }).count(), 0, 'a read member cannot create');
    await page.getByLabel('Search').fill('web-1');
    await page.getByLabel('Environment', { exact: true }).selectOption('production');
    await page.getByLabel('Sort by').selectOption('-name');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/q=web-1/);
    assert.match(page.url(), /environment=production/);
    assert.match(page.url(), /sort=-name/);
    await page.getByText('1–5 of 5').waitFor();
    const first = page.getByRole('row').nth(1).getByRole('link');
    assert.equal(await first.textContent(), 'web-19');
    await assertAccessible(page, 'a list page');
    await screenshot(page, 'console-servers');

    // Reloading the URL gives the same view.
    await page.reload();
    await page.getByText('1–5 of 5').waitFor();
    assert.equal(await page.getByLabel('Search').inputValue(), 'web-1');

    await page.getByText('Columns', { exact: true }).click();
    await page.getByLabel('Hostname column').check();
    await page.reload();
    await page.getByRole('columnheader', { name: 'Hostname' }).waitFor();

    // Keyboard only: from the search field, Tab reaches the first row's link and Enter opens it.
    await page.getByLabel('Search').focus();
    let inRows = false;
    for (let presses = 0; presses < 60 && !inRows; presses++) {
      await page.keyboard.press('Tab');
      inRows = (await page.evaluate(`Boolean(document.activeElement?.closest('tbody'))`)) as boolean;
    }
    assert.ok(inRows, 'Tab reaches the rows');
    assert.equal(await page.evaluate('document.activeElement.textContent'), 'web-19');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'web-19' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Edit' }).count(), 0);
  });

  it('an automatic server shows name, OS and manufacturer read-only with the reason', { skip }, async () => {
    const { workspace: ws, page } = await ui.signedIn('admin');
    const { enrollAgent } = await import('../../../src/features/agents/agents.service.js');
    const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'host agent' });
    const report = await h.app.inject({
      method: 'POST',
      url: '/agent/v1/report',
      headers: { authorization: `Bearer ${agent.token}` },
      payload: {
        host: { hostname: 'auto-01', kind: 'server', os: 'Debian GNU/Linux', manufacturer: 'Dell Inc.' },
        software: [],
      },
    });
    const serverId = (report.json() as { id: string }).id;
    await page.goto(`/ui/servers/${serverId}/edit`);
    await page.getByLabel('Name', { exact: true }).waitFor();
    for (const field of ['Name', 'OS', 'Manufacturer'])
      assert.equal(await page.getByLabel(field, { exact: true }).isDisabled(), true, field);
    assert.equal(await page.getByLabel('Location', { exact: true }).isDisabled(), false);
    // The reason once, above the form; each reported field says only where its value comes from.
    assert.equal(await page.getByText(/change only through its reports/).count(), 1);
    assert.equal(await page.getByText('Reported by its agent.', { exact: true }).count(), 3);
    await assertAccessible(page, "an automatic server's form");
  });

  it('triages three discovered products at once: link them to an application, ' +
    'then ignore others; filters by vendor in the URL', {
    skip,
  }, async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const key = (await h.key(ws)).secret;
    const application = (
      await h.call('POST', '/public/v1/applications', { key, body: { name: 'Data platform' } })
    ).json() as { id: string };
    const { enrollAgent } = await import('../../../src/features/agents/agents.service.js');
    const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'db agent' });
    const software = [
      { name: 'postgresql', vendor: 'PostgreSQL Global Development Group', version: '15.4' },
      { name: 'pgbouncer', vendor: 'PostgreSQL Global Development Group', version: '1.21' },
      { name: 'postgis', vendor: 'PostgreSQL Global Development Group', version: '3.4' },
      { name: 'nginx', vendor: 'F5', version: '1.24' },
      { name: 'curl', vendor: 'curl', version: '8.5' },
    ];
    await h.app.inject({
      method: 'POST',
      url: '/agent/v1/report',
      headers: { authorization: `Bearer ${agent.token}` },
      payload: { host: { hostname: 'db-02', kind: 'server' }, software },
    });

    const page = await ui.newPage();
    await signInPage(page, admin.email, PASSWORD);
    await page.getByRole('link', { name: 'Discovered software' }).click();
    await page.getByLabel('Vendor').fill('postgresql global development group');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/vendor=postgresql/);
    await page.getByText('Products 1–3 of 3').waitFor();
    await page.getByRole('button', { name: 'Select all on this page' }).click();
    await page.getByRole('combobox', { name: 'Application' }).fill('Data platform');
    await page
      .getByRole('option', { name: /Data platform/ })
      .first()
      .click();
    await assertAccessible(page, 'the triage page');
    await screenshot(page, 'console-triage');
    await page.getByRole('button', { name: 'Link selected' }).click();
    await page.getByRole('status').filter({ hasText: 'Link: 3 products, 3 installs changed.' }).waitFor();
    const linked = (
      await h.call('GET', '/public/v1/discovered-applications', { key, query: { status: 'linked' } })
    ).json() as { data: { name: string; applicationId: string }[] };
    assert.deepEqual(linked.data.map((row) => row.name).sort(), ['pgbouncer', 'postgis', 'postgresql']);
    assert.ok(linked.data.every((row) => row.applicationId === application.id));

    await page.goto('/ui/discovered');
    await page.getByText('Products 1–2 of 2').waitFor();
    await page.getByRole('button', { name: 'Select all on this page' }).click();
    await page.getByRole('button', { name: 'Ignore selected' }).click();
    await page.getByRole('status').filter({ hasText: 'Ignore: 2 products, 2 installs changed.' }).waitFor();
    const ignored = (
      await h.call('GET', '/public/v1/discovered-applications', { key, query: { status: 'ignored' } })
    ).json() as { pagination: { total: number } };
    assert.equal(ignored.pagination.total, 2);
  });

  it('the header finds one query across applications, servers, workstations, networks, ' +
    'contracts and people, grouped by family; / focuses it; home shows counts and recent changes', {
    skip,
  }, async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin');
    const key = (await h.key(ws)).secret;
    await h.call('POST', '/public/v1/applications', { key, body: { name: 'Orion CRM' } });
    await h.call('POST', '/public/v1/servers', { key, body: { name: 'orion-db-01' } });
    await h.call('POST', '/public/v1/networks', { key, body: { name: 'orion lan', cidr: '10.9.0.0/16' } });
    await h.call('POST', '/public/v1/servers', { key, body: { name: 'unrelated' } });
    const page = await ui.newPage();
    await signInPage(page, admin.email, PASSWORD);
    await page.getByRole('region', { name: 'Recent changes' }).getByText('Orion CRM').waitFor();
    await page.locator('[data-family="servers"] dd').filter({ hasText: /^2$/ }).waitFor();
    await assertAccessible(page, 'the home page');
    await screenshot(page, 'console-home-estate');

    await page.locator('body').press('/');
    assert.equal(await page.evaluate('document.activeElement?.id'), 'global-search');
    await page.keyboard.type('orion');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/ui\/search\?q=orion/);
    for (const [group, name] of [
      ['Applications', 'Orion CRM'],
      ['Servers', 'orion-db-01'],
      ['Networks', 'orion lan'],
    ] as const) {
      await page
        .getByRole('region', { name: new RegExp(`^${group}`) })
        .getByRole('link', { name })
        .waitFor();
    }
    assert.equal(await page.getByRole('link', { name: 'unrelated' }).count(), 0);
    await assertAccessible(page, 'the search page');

    // A network's page lists the servers placed in it by address.
    await h.call('POST', '/public/v1/servers', { key, body: { name: 'orion-app-02', ipAddresses: ['10.9.3.4'] } });
    await page
      .getByRole('region', { name: /^Networks/ })
      .getByRole('link', { name: 'orion lan' })
      .click();
    await page.getByRole('region', { name: 'Hosts' }).getByRole('link', { name: 'orion-app-02' }).waitFor();
  });
});
