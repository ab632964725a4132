/**
 * In a real browser: removing or demoting a member shows the active keys they made in the
 * confirmation, and revokes them only when the admin ticks the box.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import { createKey } from '../../../src/features/accounts/keys/keys.service.js';
import { Member } from '../../../src/features/accounts/members/members.service.js';
import { browserMissing } from '../../support/browser.js';
import { personIn, PASSWORD } from '../../support/console.js';
import { assertAccessible, consoleFor, screenshot, signInPage } from '../../support/console-browser.js';
import { describeEachDatabase, type Harness } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

const skip = browserMissing();

async function meStatus(h: Harness, secret: string): Promise<number> {
  return (await h.call('GET', '/public/v1/me', { key: secret })).statusCode;
}

describeEachDatabase('web console: the keys of a removed or demoted member', (h) => {
  const ui = consoleFor(h);

  it('removing a member lists the keys they made (name, prefix, permissions) in the confirmation; ' +
    'ticking the box revokes them with the removal, audited with the admin', {
    skip,
  }, async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin', 'Console Admin');
    const leaving = await personIn(h, ws, 'admin', 'Leaving Admin');
    const sync = await createKey(h.database, {
      workspaceId: ws.id,
      name: 'billing sync',
      alias: 'write',
      asMemberId: leaving.id,
    });
    const reports = await createKey(h.database, {
      workspaceId: ws.id,
      name: 'reports',
      scopes: ['applications:read', 'infrastructure:read'],
      asMemberId: leaving.id,
    });
    const stays = await createKey(h.database, {
      workspaceId: ws.id,
      name: 'stays',
      alias: 'admin',
      asMemberId: admin.id,
    });

    const page = await ui.newPage();
    await signInPage(page, admin.email, PASSWORD);
    await page.getByRole('link', { name: 'Members' }).click();
    await page
      .getByRole('row', { name: /Leaving Admin/ })
      .getByRole('button', { name: 'Remove' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Remove Leaving Admin?' });
    const keys = dialog.getByRole('table', { name: 'Active keys made by Leaving Admin' });
    await keys.waitFor();
    const syncRow = keys.getByRole('row', { name: /billing sync/ });
    await syncRow.getByText(`${sync.prefix}…`).waitFor();
    await syncRow.getByText('alias write').waitFor();
    await keys
      .getByRole('row', { name: /reports/ })
      .getByText('applications:read, infrastructure:read')
      .waitFor();
    assert.equal(await keys.getByRole('row').count(), 3, "a header row and the two active keys, not the admin's own");
    const revoke = dialog.getByRole('checkbox', { name: 'Also revoke these 2 keys' });
    assert.equal(await revoke.isChecked(), false, 'keys belong to the workspace: the box starts unticked');
    await revoke.check();
    await assertAccessible(page, 'the removal confirmation with keys');
    await screenshot(page, 'console-remove-member-keys');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Leaving Admin was removed; 2 keys they made revoked.' })
      .waitFor();
    await page.getByRole('row', { name: /Leaving Admin/ }).waitFor({ state: 'detached' });

    assert.equal(await meStatus(h, sync.secret), 401);
    assert.equal(await meStatus(h, reports.secret), 401);
    assert.equal(await meStatus(h, stays.secret), 200);
    const revocations = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', {
        key: stays.secret,
        query: { actions: 'revoke', resourceType: 'api_key' },
      }),
    ).data;
    assert.deepEqual(revocations.map((event) => event.resourceId).sort(), [sync.id, reports.id].sort());
    for (const event of revocations)
      assert.deepEqual(event.actor, { type: 'member', id: admin.id, name: 'Console Admin' });
  });

  it('demoting an admin asks first, with their keys; left unticked, the keys keep working and the page says so', {
    skip,
  }, async () => {
    const ws = await h.workspace();
    const admin = await personIn(h, ws, 'admin', 'Console Admin');
    const demoted = await personIn(h, ws, 'admin', 'Demoted Admin');
    const ops = await createKey(h.database, {
      workspaceId: ws.id,
      name: 'ops',
      alias: 'admin',
      asMemberId: demoted.id,
    });

    const page = await ui.newPage();
    await signInPage(page, admin.email, PASSWORD);
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByLabel('Role of Demoted Admin').selectOption('write');
    const dialog = page.getByRole('dialog', { name: 'Make Demoted Admin write?' });
    await dialog
      .getByRole('table', { name: 'Active keys made by Demoted Admin' })
      .getByRole('row', { name: /ops/ })
      .waitFor();
    // Cancel changes nothing: the role stays admin.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await page.getByLabel('Role of Demoted Admin').inputValue(), 'admin');
    await page.getByLabel('Role of Demoted Admin').selectOption('write');
    assert.equal(await dialog.getByRole('checkbox', { name: 'Also revoke this key' }).isChecked(), false);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Demoted Admin is now write; this key they made still works: “ops”' })
      .waitFor();
    assert.equal(await page.getByLabel('Role of Demoted Admin').inputValue(), 'write');

    assert.equal(await meStatus(h, ops.secret), 200);
    const member = bodyOf(Member, await h.call('GET', `/public/v1/members/${demoted.id}`, { key: ops.secret }));
    assert.equal(member.role, 'write');
  });
});
