import assert from 'node:assert/strict';
import { it } from 'node:test';
import { browserMissing } from '../../support/browser.js';
import { consoleFor } from '../../support/console-browser.js';
import { openConsolePages } from '../../support/console-pages.js';
import { describeEachDatabase } from '../../support/harness.js';
import { CONSOLE_SERVERS, TIMED_SEED } from '../../support/scale.js';

// What the console shows at 100,000 servers, in the main tier: nothing here is timed. How fast it
// shows it is judged by `npm run bench -- console` (bench/README.md), where the figures do not
// depend on CI's load. The seeded workspace is the timed tests' (a template made once per run).

const skip = browserMissing();

describeEachDatabase(
  'web console at scale',
  (h) => {
    const ui = consoleFor(h);

    it(`with ${CONSOLE_SERVERS.toLocaleString('en')} servers seeded, every list page shows its first ` +
      'page reading one page only, when loaded and from another page; the detail, software, dashboard, ' +
      'diagram and search pages show their content; a combobox finds an application by name', {
      skip,
      timeout: 300_000,
    }, async () => {
      const { page } = await ui.signedIn('admin', { workspace: h.seeded });
      // Each page loaded in one browser page (not cold, in a context of its own, as the benchmark
      // does): what is shown and read is the same, and the test times nothing.
      const times = await openConsolePages(ui.browser, ui.origin, await page.context().storageState(), {
        cold: false,
      });
      const families = (await (await page.request.get('/ui/api/families')).json()) as { key: string }[];
      assert.deepEqual(
        times.lists.map((list) => list.family),
        families.map((family) => family.key),
        'every list page was shown',
      );
      assert.equal(times.pages.length, 5);
      assert.ok(Number.isFinite(times.comboboxMs), 'the combobox showed the application');
      console.log(
        `[${h.dialect}] list pages, loaded/within ms: ` +
          times.lists
            .map((list) => `${list.family} ${Math.round(list.coldMs)}/${Math.round(list.withinMs)}`)
            .join(', '),
      );
      console.log(
        `[${h.dialect}] pages and combobox, ms: ` +
          `${times.pages.map((shown) => `${shown.path} ${shown.ms}`).join(', ')}, combobox ${times.comboboxMs}`,
      );
    });
  },
  {},
  { seeded: { size: CONSOLE_SERVERS, seed: TIMED_SEED } },
);
