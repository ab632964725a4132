import assert from 'node:assert/strict';
import { it } from 'node:test';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { browserMissing } from '../../support/browser.js';
import { personIn, PASSWORD } from '../../support/console.js';
import { consoleFor, assertAccessible, screenshot, signInPage } from '../../support/console-browser.js';
import { describeEachDatabase } from '../../support/harness.js';

const skip = browserMissing();

/** Diagrams whose console page opens on a view of the console API, not on the public diagram. */
const CONSOLE_VIEWS: Record<string, string> = {
  'network-mapping': '/ui/api/diagrams/network-mapping/networks',
  'capacity-map': '/ui/api/diagrams/capacity-map/largest',
};

type Widget =
  | { id: string; kind: 'number'; value: number }
  | { id: string; kind: 'breakdown'; items: { key: string; value: number; currency?: string }[] }
  | { id: string; kind: 'series'; points: unknown[] }
  | { id: string; kind: 'table'; rows: unknown[] };

describeEachDatabase('web console: dashboards and diagrams in a browser', (h) => {
  const ui = consoleFor(h);

  it('each dashboard shows the figures of its API answer: tiles, charts with their figures, tables', {
    skip,
  }, async () => {
    const ws = await h.workspace();
    await seedWorkspace(h.database, { workspaceId: ws.id, size: 40, seed: 7 });
    const admin = await personIn(h, ws, 'admin');
    const key = (await h.key(ws)).secret;
    const page = await ui.newPage();
    await signInPage(page, admin.email, PASSWORD);
    const dashboards = (await h.call('GET', '/public/v1/dashboards', { key })).json() as {
      name: string;
      title: string;
    }[];
    assert.equal(dashboards.length, 6);
    for (const dashboard of dashboards) {
      await page.getByRole('link', { name: `${dashboard.title} dashboard` }).click();
      await page.getByRole('heading', { level: 1, name: dashboard.title }).waitFor();
      await page.locator('.widget').first().waitFor();
      const answer = (await h.call('GET', `/public/v1/dashboards/${dashboard.name}`, { key })).json() as {
        widgets: Widget[];
      };
      for (const widget of answer.widgets) {
        const section = page.locator(`[data-widget="${widget.id}"]`);
        if (widget.kind === 'number')
          assert.equal(
            Number(await section.locator('.tile').getAttribute('data-value')),
            widget.value,
            `${dashboard.name}/${widget.id}`,
          );
        if (widget.kind === 'breakdown') {
          const shown = await section
            .locator('td.figure')
            .evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute('data-value'))));
          assert.deepEqual(
            shown,
            widget.items.map((item) => item.value),
            `${dashboard.name}/${widget.id}`,
          );
          if (widget.items.length > 0) await section.locator('.chart svg').first().waitFor();
        }
        if (widget.kind === 'series') await section.locator('.chart svg').first().waitFor();
        if (widget.kind === 'table')
          assert.equal(await section.locator('tbody tr').count(), widget.rows.length, `${dashboard.name}/${widget.id}`);
      }
      await assertAccessible(page, `the ${dashboard.name} dashboard`);
      if (dashboard.name === 'finance' || dashboard.name === 'operations')
        await screenshot(page, `console-dashboard-${dashboard.name}`);
    }
  });

  it("each diagram shows the server's picture with the counts of its API answer, " +
    'zooms, pans and downloads; nodes link to their pages', {
    skip,
  }, async () => {
    const ws = await h.workspace();
    await seedWorkspace(h.database, { workspaceId: ws.id, size: 40, seed: 11 });
    const admin = await personIn(h, ws, 'admin');
    const key = (await h.key(ws)).secret;
    const page = await ui.newPage();
    await signInPage(page, admin.email, PASSWORD);
    const diagrams = (await h.call('GET', '/public/v1/diagrams', { key })).json() as { name: string; title: string }[];
    assert.equal(diagrams.length, 6);
    for (const diagram of diagrams) {
      await page.getByRole('link', { name: diagram.title, exact: true }).click();
      await page.locator('.diagram svg').waitFor();
      // The network and capacity maps open on the console's own views (console/diagram-views.routes.ts).
      const view = CONSOLE_VIEWS[diagram.name];
      const answer = (
        view
          ? await (await page.request.get(view)).json()
          : (await h.call('GET', `/public/v1/diagrams/${diagram.name}`, { key })).json()
      ) as Record<string, unknown>;
      for (const [field, value] of Object.entries(answer)) {
        if (!Array.isArray(value)) continue;
        const shown = await page.locator(`[data-figure="${field}"]`).textContent();
        assert.match(String(shown), new RegExp(`: ${value.length}$`), `${diagram.name} ${field}`);
      }
      const before = await page.locator('.diagram svg').getAttribute('viewBox');
      await page.getByRole('button', { name: 'Zoom in' }).click();
      assert.notEqual(await page.locator('.diagram svg').getAttribute('viewBox'), before);
      await page.getByRole('button', { name: 'Reset view' }).click();
      assert.equal(await page.locator('.diagram svg').getAttribute('viewBox'), before);
      await assertAccessible(page, `the ${diagram.name} diagram`);
      if (diagram.name === 'flow-mapping' || diagram.name === 'application-quadrant')
        await screenshot(page, `console-diagram-${diagram.name}`);
    }

    // Parameters live in the URL; the download is the same SVG the API gives.
    await page.goto('/ui/diagrams/application-quadrant?size=users');
    await page.locator('.diagram svg').waitFor();
    assert.equal(await page.getByLabel('Size', { exact: true }).inputValue(), 'users');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download SVG' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'application-quadrant.svg');

    await page.goto('/ui/diagrams/application-lifecycle');
    const node = page.locator('.diagram svg a').first();
    const href = (await node.getAttribute('href')) ?? (await node.getAttribute('xlink:href'));
    assert.match(String(href), /^\/ui\/applications\/[0-9a-f-]{36}$/);
    await node.click();
    await page.waitForURL(new RegExp(`${String(href)}$`));
    await page.getByRole('button', { name: 'Edit' }).waitFor();
  });
});
