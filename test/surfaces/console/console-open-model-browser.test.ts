/**
 * The open model in the console, in a browser: an admin defines custom fields on the Fields page
 * (markup in a label stays text), a writer fills them in a server's form with the controls their
 * types need, an error names the field beside it, the server's page shows them by group, a list sets
 * a field on its selected rows, and a delete says how many values it removes; the People page adds
 * and changes people without an account; Move a workspace downloads one and fills an empty one.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { browserMissing } from '../../support/browser.js';
import { PASSWORD, personIn } from '../../support/console.js';
import { assertAccessible, consoleFor, signInPage } from '../../support/console-browser.js';
import { describeEachDatabase } from '../../support/harness.js';

const skip = browserMissing();

describeEachDatabase('web console: custom fields, people, moving a workspace', (h) => {
  const ui = consoleFor(h);

  it('an admin defines fields; a writer fills them in a form; the page shows them; a delete counts values', {
    skip,
    timeout: 120_000,
  }, async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin', 'Ada Admin');
    const writer = await personIn(h, ws, 'write', 'Wes Writer');
    const key = (await h.key(ws)).secret;

    const page = await ui.newPage();
    await signInPage(page, admin.email, PASSWORD);
    await page.getByRole('link', { name: 'Custom fields' }).click();
    await page.getByRole('heading', { name: 'Custom fields' }).waitFor();
    const define = async (settings: {
      name: string;
      label: string;
      type: string;
      choices?: string;
      group?: string;
    }) => {
      await page.getByRole('button', { name: 'New field' }).click();
      const form = page.getByRole('form', { name: 'New field' });
      await form.getByLabel('Name', { exact: true }).fill(settings.name);
      await form.getByLabel('Label', { exact: true }).fill(settings.label);
      await form.getByLabel('Type', { exact: true }).selectOption(settings.type);
      if (settings.choices) await form.getByLabel('Choices', { exact: true }).fill(settings.choices);
      if (settings.group) await form.getByLabel('Group', { exact: true }).fill(settings.group);
      await form.getByRole('button', { name: 'Add field' }).click();
      await form.waitFor({ state: 'detached' });
    };
    await define({ name: 'rack_unit', label: 'Rack unit', type: 'integer', group: 'Placement' });
    await define({ name: 'tier', label: 'Tier', type: 'select', choices: 'gold\nsilver', group: 'Service' });
    await define({ name: 'warranty', label: '<b>Warranty</b>', type: 'date' });
    const table = page.getByRole('table', { name: 'Custom fields of servers' });
    await table.getByRole('cell', { name: '<b>Warranty</b>', exact: true }).waitFor();
    assert.equal(await page.locator('b', { hasText: 'Warranty' }).count(), 0, 'a label is text, never markup');
    // A taken name is refused beside the field.
    await page.getByRole('button', { name: 'New field' }).click();
    const again = page.getByRole('form', { name: 'New field' });
    await again.getByLabel('Name', { exact: true }).fill('tier');
    await again.getByRole('button', { name: 'Add field' }).click();
    await again.getByText(/custom field named tier already/).waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();
    await assertAccessible(page, 'the custom fields page');
    const listed = (await h.call('GET', '/public/v1/custom-fields', { key, query: { family: 'servers' } })).json();
    assert.deepEqual(listed.data.map((field: { name: string; type: string }) => `${field.name}:${field.type}`).sort(), [
      'rack_unit:integer',
      'tier:select',
      'warranty:date',
    ]);

    const writing = await ui.newPage();
    await signInPage(writing, writer.email, PASSWORD);
    await writing.goto('/ui/servers/new');
    await writing.getByLabel('Name', { exact: true }).fill('db-01');
    await writing.getByLabel('Tier', { exact: true }).selectOption('gold');
    await writing.getByLabel('<b>Warranty</b>', { exact: true }).fill('2027-03-31');
    await assertAccessible(writing, 'a server form with custom fields');
    await writing.getByRole('group', { name: 'Placement' }).getByLabel('Rack unit').fill('12');
    await writing.getByRole('button', { name: 'Save' }).click();
    await writing.getByRole('heading', { name: 'db-01' }).waitFor();
    const id = writing.url().split('/').at(-1)!;
    const stored = (await h.call('GET', `/public/v1/servers/${id}`, { key })).json();
    assert.deepEqual(stored.customFields, { rack_unit: 12, tier: 'gold', warranty: '2027-03-31' });
    const placement = writing.getByRole('region', { name: 'Placement' });
    await placement.getByText('Rack unit').waitFor();
    assert.match((await placement.textContent()) ?? '', /Rack unit\s*12/);

    // The list shows a field as a column, sorts by it from its header and filters by a filterable one.
    await h.call('POST', '/public/v1/servers', { key, body: { name: 'db-02', customFields: { rack_unit: 3 } } });
    for (const name of ['tier', 'rack_unit']) {
      const field = listed.data.find((one: { name: string }) => one.name === name);
      await h.call('PATCH', `/public/v1/custom-fields/${field.id}`, { key, body: { filterable: true } });
    }
    await writing.goto('/ui/servers');
    await writing.getByText('Columns', { exact: true }).click();
    await writing.getByLabel('Rack unit column').check();
    const list = writing.getByRole('table', { name: 'Servers' });
    await list.getByRole('columnheader', { name: 'Rack unit' }).getByRole('button').click();
    await writing.waitForURL(/sort=cf_rack_unit/);
    await list.locator('tbody tr').first().getByRole('link', { name: 'db-02' }).waitFor();
    await writing.getByLabel('Tier', { exact: true }).selectOption('gold');
    await writing.getByRole('button', { name: 'Apply' }).click();
    await writing.waitForURL(/cf_tier=gold/);
    await writing.getByRole('status').filter({ hasText: '1–1 of 1' }).waitFor();

    // Edit a field of the selected rows: one request, the status says how many.
    await writing.goto('/ui/servers');
    for (const name of ['db-01', 'db-02']) await writing.getByRole('checkbox', { name: `Select ${name}` }).check();
    await writing.getByRole('button', { name: 'Edit a field' }).click();
    const dialog = writing.getByRole('dialog');
    await dialog.getByLabel('Field', { exact: true }).selectOption({ label: 'Rack unit' });
    await dialog.getByLabel('New value', { exact: true }).fill('40');
    await dialog.getByRole('status').filter({ hasText: 'Will set it on 2 servers' }).waitFor();
    await assertAccessible(writing, 'the Edit a field dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await writing.getByRole('status').filter({ hasText: 'Set on 2.' }).waitFor();
    const racked = (await h.call('GET', '/public/v1/servers', { key, query: { cf_rack_unit: '40' } })).json();
    assert.deepEqual(racked.data.map((server: { name: string }) => server.name).sort(), ['db-01', 'db-02']);

    // A value the field does not take is refused by the API, beside the field.
    await writing.goto(`/ui/servers/${id}/edit`);
    await writing.getByRole('group', { name: 'Placement' }).getByLabel('Rack unit').fill('-1');
    await h.call(
      'PATCH',
      `/public/v1/custom-fields/${listed.data.find((f: { name: string }) => f.name === 'rack_unit').id}`,
      {
        key,
        body: { minimum: 1 },
      },
    );
    await writing.getByRole('button', { name: 'Save' }).click();
    await writing.getByText(/must be at least 1/).waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Delete Tier' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Tier?' }).getByText('1 servers hold a value').waitFor();
    await page.getByRole('button', { name: 'Delete Tier', exact: true }).last().click();
    await table.getByRole('cell', { name: 'Tier', exact: true }).waitFor({ state: 'detached' });
    const after = (await h.call('GET', `/public/v1/servers/${id}`, { key })).json();
    assert.deepEqual(after.customFields, { rack_unit: 40, warranty: '2027-03-31' }, 'the bulk set stands');
  });

  it('an admin downloads the workspace on Move a workspace, and fills an empty one from the file', {
    skip,
    timeout: 120_000,
  }, async () => {
    const source = await h.workspace('Archive source');
    const sourceKey = (await h.key(source)).secret;
    for (const name of ['arch-1', 'arch-2'])
      await h.call('POST', '/public/v1/servers', { key: sourceKey, body: { name } });
    const { page } = await ui.signedIn('admin', { workspace: source, name: 'Ada Archive' });
    await page.getByRole('link', { name: 'Move a workspace' }).click();
    await page.getByRole('heading', { name: 'Move a workspace' }).waitFor();
    await assertAccessible(page, 'the Move a workspace page');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download this workspace' }).click(),
    ]);
    const file = await download.path();
    assert.ok(file, 'the archive downloads');

    const target = await h.workspace('Archive target');
    const targetAdmin = await personIn(h, target, 'admin', 'Tess Target');
    const filling = await ui.newPage();
    await signInPage(filling, targetAdmin.email, PASSWORD);
    await filling.goto(`${ui.origin}/ui/settings/archive`);
    await filling.getByLabel('Archive file').setInputFiles(file);
    await filling.getByRole('button', { name: 'Check the file' }).click();
    await filling.getByText(/The file would import: .*2 servers/).waitFor();
    await filling.getByRole('button', { name: 'Import' }).click();
    await filling.getByText(/Imported: .*2 servers/).waitFor();
    const targetKey = (await h.key(target)).secret;
    const listed = (await h.call('GET', '/public/v1/servers', { key: targetKey })).json() as {
      data: { name: string }[];
    };
    assert.deepEqual(listed.data.map((server) => server.name).sort(), ['arch-1', 'arch-2']);
    // Again: the workspace is not empty any more, and the page says so.
    await filling.getByRole('button', { name: 'Import' }).click();
    await filling.getByText(/fills an empty workspace/).waitFor();
  });

  it('the People page adds a person without an account with their custom fields, changes them and removes them', {
    skip,
    timeout: 120_000,
  }, async () => {
    const ws = await h.workspace('People');
    const admin = await personIn(h, ws, 'admin', 'Ada People');
    const key = (await h.key(ws)).secret;
    const badge = await h.call('POST', '/public/v1/custom-fields', {
      key,
      body: { family: 'users', name: 'badge', label: 'Badge', type: 'integer', minimum: 1 },
    });
    assert.equal(badge.statusCode, 201, badge.body);
    const page = await ui.newPage();
    await signInPage(page, admin.email, PASSWORD);
    await page.getByRole('link', { name: 'People', exact: true }).click();
    await page.getByRole('heading', { name: 'People' }).waitFor();
    await page.getByRole('button', { name: 'Add person' }).click();
    const form = page.getByRole('dialog', { name: 'Add person' });
    await form.getByLabel('Name', { exact: true }).fill('<i>Lee</i> Warehouse');
    await form.getByLabel('Department', { exact: true }).fill('Logistics');
    await form.getByLabel('Badge', { exact: true }).fill('0');
    await assertAccessible(page, 'the Add person dialog');
    await form.getByRole('button', { name: 'Add' }).click();
    // The server's refusal shows beside the field it names.
    await form
      .getByText(/at least 1|minimum|>= 1/i)
      .first()
      .waitFor();
    await form.getByLabel('Badge', { exact: true }).fill('77');
    await form.getByRole('button', { name: 'Add' }).click();
    const table = page.getByRole('table', { name: 'People' });
    await table.getByRole('rowheader', { name: '<i>Lee</i> Warehouse' }).waitFor();
    await table.getByRole('cell', { name: '77', exact: true }).waitFor();
    assert.equal(await page.locator('i', { hasText: 'Lee' }).count(), 0, 'a name is text, never markup');
    await assertAccessible(page, 'the People page');
    // A member's name is their account's: the form offers only the workspace's own record.
    await page.getByRole('button', { name: 'Change Ada People' }).click();
    const change = page.getByRole('dialog', { name: 'Change Ada People' });
    assert.equal(await change.getByLabel('Name', { exact: true }).isDisabled(), true);
    await change.getByLabel('Employee number', { exact: true }).fill('E-1');
    await change.getByRole('button', { name: 'Save' }).click();
    await table.getByRole('cell', { name: 'E-1', exact: true }).waitFor();
    const people = (await h.call('GET', '/public/v1/users', { key, query: { member: 'false' } })).json();
    assert.deepEqual(
      people.data.map((person: { name: string; department: string; customFields: { badge: number } }) => [
        person.name,
        person.department,
        person.customFields.badge,
      ]),
      [['<i>Lee</i> Warehouse', 'Logistics', 77]],
    );
    await page.getByRole('button', { name: 'Remove <i>Lee</i> Warehouse' }).click();
    await table.getByRole('rowheader', { name: '<i>Lee</i> Warehouse' }).waitFor({ state: 'detached' });
  });
});
