/**
 * The console of a member whose custom role is restricted (docs/roles.md), in Chromium: counts,
 * lists, dashboards, search and pickers hold only what the role reaches, and the agents' pages
 * are not offered; and an admin's Roles page, which shows what restrictions reach before the
 * role is saved.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { createRole } from '../../../src/features/accounts/roles/custom-roles.service.js';
import { browserMissing } from '../../support/browser.js';
import { consoleFor } from '../../support/console-browser.js';
import { describeEachDatabase, type Harness, type Workspace } from '../../support/harness.js';
import { writer } from '../../support/typed.js';

const skip = browserMissing();

/** Three staging servers and two production ones, an application on one of each. */
async function estate(h: Harness, ws: Workspace) {
  const admin = await h.key(ws);
  const { post, put } = writer(h, admin.secret);
  const servers: Record<string, string> = {};
  for (const [name, environment] of [
    ['stg-api-1', 'staging'],
    ['stg-api-2', 'staging'],
    ['stg-db-1', 'staging'],
    ['prod-api-1', 'production'],
    ['prod-db-1', 'production'],
  ] as const)
    servers[name] = (await post('servers', { name, environment })).id;
  const app = await post('applications', { name: 'Checkout' });
  await put(`applications/${app.id}/servers/${servers['stg-api-1']}`);
  await put(`applications/${app.id}/servers/${servers['prod-api-1']}`);
  return { servers, app };
}

describeEachDatabase('web console: a restricted member and the Roles page', (h) => {
  const ui = consoleFor(h);

  it('a restricted member sees counts, lists, links and search of only what the role reaches', { skip }, async () => {
    const ws = await h.workspace();
    const { app } = await estate(h, ws);
    await createRole(
      h.database,
      h.registry,
      {
        workspaceId: ws.id,
        name: 'staging ops',
        scopes: ['infrastructure:read', 'applications:read', 'operations_dashboard:read', 'audit_log:read'],
        restrictions: { servers: { environment: ['staging'] } },
      },
      CLI_ACTOR,
    );
    const { page } = await ui.signedIn('staging ops', { workspace: ws });
    // Home: the inventory counts are the role's.
    const counts = page.locator('dl.counts');
    await counts.getByText('3', { exact: true }).waitFor();
    // What cannot keep to a reach is not offered.
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Servers' }).waitFor();
    await nav.getByRole('link', { name: 'Audit log' }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Discovered software' }).count(), 0);

    // The operations dashboard counts the staging servers alone.
    await nav.getByRole('link', { name: 'Operations' }).click();
    const figures = page.getByRole('region', { name: 'Servers by environment' }).locator('tr[data-key]');
    await figures.first().waitFor({ state: 'attached' });
    const environments = await figures.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key')));
    assert.deepEqual(environments, ['staging']);

    await page.goto('/ui/servers');
    await page.getByRole('status').filter({ hasText: /of 3$/ }).first().waitFor();
    const rows = await page.locator('tbody tr').allTextContents();
    assert.equal(rows.length, 3, rows.join(' | '));
    assert.ok(
      rows.every((row) => row.includes('stg-') && !row.includes('prod-')),
      rows.join(' | '),
    );

    // The application's servers: only the staging one.
    await page.goto(`/ui/applications/${app.id}`);
    await page.getByRole('link', { name: 'stg-api-1' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'prod-api-1' }).count(), 0);

    // The global search finds no production server.
    const search = page.getByRole('searchbox').first();
    await search.fill('api');
    await search.press('Enter');
    await page.getByRole('link', { name: 'stg-api-2' }).first().waitFor();
    assert.equal(await page.getByRole('link', { name: 'prod-api-1' }).count(), 0);
    assert.equal(await page.getByRole('alert').count(), 0, 'no page answered with an error');

    // The audit log names no production server.
    await page.goto('/ui/audit');
    await page.getByText('stg-api-1').first().waitFor();
    assert.equal(await page.getByText('prod-api-1').count(), 0);
  });

  it("an admin's Roles page shows what restrictions reach before the role is saved", { skip }, async () => {
    const ws = await h.workspace();
    await estate(h, ws);
    const { page } = await ui.signedIn('admin', { workspace: ws });
    await page.goto('/ui/roles');
    await page.getByLabel('New role name').fill('contractor');
    await page.getByLabel('What it is for').fill('Staging only');
    await page.getByRole('button', { name: 'Create role' }).click();
    const role = page.getByRole('region', { name: 'contractor role' });
    await role.waitFor();
    await role.getByText('Reaches every item of the workspace.').waitFor();
    await role.getByLabel('Family').selectOption('servers');
    await role.getByLabel('Filter').selectOption('environment');
    await role.getByLabel('Environment').selectOption('staging');
    await role.getByRole('button', { name: 'Add restriction' }).click();
    await role.getByRole('status').filter({ hasText: 'Reaches 3 servers' }).waitFor();
    await role.getByRole('button', { name: 'Save contractor role' }).click();
    await role.getByText('Saved:').waitFor();
    const saved = await h.database.db
      .selectFrom('roles')
      .select('restrictions')
      .where('workspace_id', '=', ws.id)
      .where('name', '=', 'contractor')
      .executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(saved.restrictions), { servers: { environment: ['staging'] } });
    // The Members page gives it like a system role.
    await page.goto('/ui/members');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByLabel('Role', { exact: true }).selectOption('contractor');
  });
});
