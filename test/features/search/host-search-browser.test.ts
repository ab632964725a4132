/** The console's global search in a browser: the host at exactly the typed address comes first. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { browserMissing } from '../../support/browser.js';
import { PASSWORD, personIn } from '../../support/console.js';
import { assertAccessible, consoleFor, signInPage } from '../../support/console-browser.js';
import { describeEachDatabase } from '../../support/harness.js';

const skip = browserMissing();

describeEachDatabase('web console: global search', (h) => {
  const ui = consoleFor(h);

  it('typing 10.1.9.2 in the header lists the server at exactly 10.1.9.2 first of 13', { skip }, async () => {
    const ws = await h.workspace();
    const reader = await personIn(h, ws, 'read');
    const key = (await h.key(ws)).secret;
    const addresses = [...Array.from({ length: 10 }, (_, i) => `10.1.9.${20 + i}`), '10.1.9.200', '10.1.9.201'];
    addresses.splice(11, 0, '10.1.9.2');
    for (const [i, address] of addresses.entries()) {
      const name = `host-${String(i).padStart(2, '0')}`;
      const created = await h.call('POST', '/public/v1/servers', { key, body: { name, ipAddresses: [address] } });
      assert.equal(created.statusCode, 201, created.body);
    }
    const page = await ui.newPage();
    await signInPage(page, reader.email, PASSWORD);
    await page.locator('body').press('/');
    await page.keyboard.type('10.1.9.2');
    await page.keyboard.press('Enter');
    const servers = page.getByRole('region', { name: /^Servers/ });
    await servers.getByRole('heading', { name: 'Servers (13)' }).waitFor();
    assert.deepEqual(await servers.getByRole('listitem').first().getByRole('link').allTextContents(), ['host-11']);
    assert.match((await servers.getByRole('listitem').first().textContent()) ?? '', /exact match/);
    await assertAccessible(page, 'the search page');
  });
});
