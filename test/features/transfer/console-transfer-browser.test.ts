/**
 * Import and Export in the console, in a browser: a CSV uploaded on a list's Import page, its
 * columns mapped (one by hand), its first rows previewed with their errors, Check then Import with
 * progress and a summary; Export on a filtered list downloads just those rows.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { browserMissing } from '../../support/browser.js';
import { assertAccessible, consoleFor } from '../../support/console-browser.js';
import { describeEachDatabase, type Harness, type Workspace } from '../../support/harness.js';

const skip = browserMissing();

async function servers(h: Harness, ws: Workspace, query: Record<string, string> = {}) {
  const secret = (await h.key(ws)).secret;
  const answer = await h.call('GET', '/public/v1/servers', { key: secret, query: { limit: '200', ...query } });
  return (answer.json() as { data: { name: string; hostname: string | null; environment: string | null }[] }).data;
}

/** Chooses a file for the page's file input, as a person picking it would. */
async function upload(page: Page, name: string, text: string) {
  // The input is enabled once the page knows the family's columns, as a person first can use it
  // (setInputFiles does not wait for that).
  const input = page.getByLabel('File', { exact: true }).and(page.locator(':enabled'));
  await input.waitFor();
  await input.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

describeEachDatabase('web console: import and export', (h) => {
  const ui = consoleFor(h);

  it('a CSV uploaded on the Import page: mapped, previewed with its errors, checked, then imported', {
    skip,
    timeout: 120_000,
  }, async () => {
    const { workspace: ws, page } = await ui.signedIn('admin', { name: 'Ada Admin' });
    await page.goto('/ui/servers');
    await page.getByRole('link', { name: 'Import' }).click();
    await page.getByRole('heading', { name: 'Import servers' }).waitFor();
    assert.match(page.url(), /\/ui\/servers\/import$/);

    // "Device" is no field: mapped by hand to name. "Host Name" finds hostname by itself; "Notes" is left out.
    const bad = 'Device,Host Name,environment,Notes\nweb-1,web-1.lan,production,a\nweb-2,web-2.lan,nowhere,b\n';
    await upload(page, 'rack.csv', bad);
    const device = page.getByLabel('Import column Device as');
    assert.equal(await device.inputValue(), '');
    assert.equal(await page.getByLabel('Import column Host Name as').inputValue(), 'hostname');
    assert.equal(await page.getByLabel('Import column Notes as').inputValue(), '');
    await device.selectOption('name');

    // The preview checks its rows on the server: row 2's environment is refused.
    const preview = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Check' }) });
    await preview.getByRole('row').nth(1).getByText('OK', { exact: true }).waitFor();
    const second = preview.getByRole('row').nth(2);
    await second.getByText(/^environment must be one of/).waitFor();
    await assertAccessible(page, 'the import page with its preview');
    // On a phone the page does not scroll sideways either (its tables scroll in their box).
    await page.setViewportSize({ width: 390, height: 844 });
    const [scrollWidth, clientWidth] = (await page.evaluate(
      '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
    )) as [number, number];
    assert.ok(scrollWidth <= clientWidth, `the import page at 390 px: ${scrollWidth} > ${clientWidth}`);
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('Refused: 1 row of 2 rows cannot be imported. Nothing was written.').waitFor();
    const refused = page.getByRole('table', { name: 'Refused rows' });
    assert.deepEqual((await refused.getByRole('row').nth(1).getByRole('cell').allTextContents()).slice(0, 2), [
      '2',
      'environment',
    ]);
    assert.deepEqual(await servers(h, ws), []);

    // The corrected file, longer: Check writes nothing, Import writes every row, with progress on the way.
    const rows = Array.from({ length: 1500 }, (_, i) => `web-${i},web-${i}.lan,${i % 2 ? 'staging' : 'production'},n`);
    const good = `Device,Host Name,environment,Notes\n${rows.join('\n')}\n`;
    await upload(page, 'rack.csv', good);
    await page.getByLabel('Import column Device as').selectOption('name');
    await preview.getByRole('row').nth(1).getByText('OK', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText(/^Check passed: importing 1,500 rows would leave 1,500 created/).waitFor();
    assert.deepEqual(await servers(h, ws), []);

    await page.evaluate(`window.progressSeen = [];
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('.import-progress [role=status]'))
          window.progressSeen.push(status.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Imported 1,500 rows of servers: 1,500 created, 0 updated, 0 unchanged.').waitFor();
    const seen = (await page.evaluate('window.progressSeen')) as string[];
    assert.ok(
      seen.some((text) => /rows read/.test(text)),
      `the page showed the rows read while the import ran: ${JSON.stringify(seen.slice(0, 5))}`,
    );
    const stored = await servers(h, ws, { q: 'web-1' });
    assert.ok(stored.some((server) => server.name === 'web-1' && server.hostname === 'web-1.lan'));
  });

  it('a Snipe-IT assets export read through its preset, chosen on the Import page', {
    skip,
    timeout: 120_000,
  }, async () => {
    const { workspace: ws, page } = await ui.signedIn('admin', { name: 'Ada Admin' });
    await page.goto('/ui/workstations/import');
    await page.getByLabel('Read the file as').selectOption({ label: 'a Snipe-IT assets export' });
    assert.equal(await page.getByLabel('Match existing items by').inputValue(), 'name', "the preset's match");
    const file =
      'Asset Tag,Asset Name,Serial,Model,Manufacturer,Status,Purchase Date,Warranty,Internal Id\n' +
      'LT-0042,ada-laptop,C02XYZ,MacBook Pro 14,Apple,Ready to Deploy,2024-03-01,36,9\n';
    await upload(page, 'assets.csv', file);
    assert.equal(await page.getByLabel('Import column Serial as').inputValue(), 'Serial');
    assert.equal(await page.getByLabel('Import column Internal Id as').inputValue(), '');
    const preview = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Check' }) });
    await preview.getByRole('row').nth(1).getByText('OK', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Imported 1 row of workstations: 1 created, 0 updated, 0 unchanged.').waitFor();
    const secret = (await h.key(ws)).secret;
    const stored = await h.call('GET', '/public/v1/workstations', { key: secret });
    const [workstation] = (stored.json() as { data: Record<string, unknown>[] }).data;
    assert.deepEqual(
      [workstation!.name, workstation!.hostname, workstation!.serialNumber, workstation!.warrantyEnd],
      ['LT-0042', 'ada-laptop', 'C02XYZ', '2027-03-01'],
    );
  });

  it('Export on a filtered list downloads just its rows, with the columns it shows', {
    skip,
    timeout: 120_000,
  }, async () => {
    const ws = await h.workspace();
    const secret = (await h.key(ws)).secret;
    for (const [name, environment] of [
      ['api-1', 'production'],
      ['api-2', 'staging'],
      ['api-3', 'production'],
    ]) {
      const answer = await h.call('POST', '/public/v1/servers', { key: secret, body: { name, environment } });
      assert.equal(answer.statusCode, 201, answer.body);
    }
    const { page } = await ui.signedIn('read', { workspace: ws, name: 'Rae Reader' });
    await page.goto('/ui/servers?environment=production&sort=-name');
    await page.getByRole('status').filter({ hasText: '1–2 of 2' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Import' }).count(), 0, 'a read member has no Import');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^servers-\d{4}-\d\d-\d\d\.csv$/);
    const rows = parse(readFileSync((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    assert.deepEqual(
      rows.map((row) => row.name),
      ['api-3', 'api-1'],
    );
    // The id, so the file can update these servers, then the list's columns (name first, the shown ones).
    assert.deepEqual(Object.keys(rows[0]!).slice(0, 2), ['id', 'name']);
    assert.ok(Object.keys(rows[0]!).length <= 7, 'only the columns the list shows');
  });
});
