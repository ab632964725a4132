/**
 * `estate member remove --workspace W MEMBER_ID [--revoke-keys] [--json]` (docs/cli.md), through
 * the real command. Keys belong to the workspace: they are revoked only when asked, in the same
 * transaction as the removal, and the ones left active are named, never kept silently.
 */
import { createRegistry } from '../../../src/families/registry.js';
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { createKey } from '../../../src/features/accounts/keys/keys.service.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { createWorkspace } from '../../../src/features/accounts/workspaces/workspaces.service.js';
import { estate } from '../../support/cli.js';
import { describeEachDatabase, type Harness, serviceFamilies } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

async function meStatus(h: Harness, secret: string): Promise<number> {
  return (await h.call('GET', '/public/v1/me', { key: secret })).statusCode;
}

describeEachDatabase('estate member remove', (h) => {
  /** `estate member remove --revoke-keys --json` of a member (by id) in a workspace (by id). */
  const removeRevoking = (workspaceId: string, memberId: string) =>
    estate(h.url, ['member', 'remove', '--workspace', workspaceId, memberId, '--revoke-keys', '--json']);

  /**
   * A workspace with two admins (the first made the keep key, the second two keys of their own) and
   * a reader, made through the services the commands call: only the removal runs the command.
   */
  const setUp = async () => {
    const ws = await createWorkspace(h.database, createRegistry().scopes, { name: 'Leavers Ltd' }, CLI_ACTOR);
    const member = (name: string, role: 'admin' | 'read') =>
      addMember(
        h.database,
        serviceFamilies,
        { workspaceId: ws.id, email: `${name.toLowerCase()}-${ws.id}@example.test`, name, role },
        CLI_ACTOR,
      );
    const boss = await member('Boss', 'admin');
    const leaver = await member('Leaver', 'admin');
    const reader = await member('Reader', 'read');
    const key = (name: string, as: string, grant: { alias: string } | { scopes: string[] }) =>
      createKey(h.database, { workspaceId: ws.id, name, asMemberId: as, ...grant });
    const keep = await key('boss key', boss.id, { alias: 'admin' });
    const first = await key('leaver sync', leaver.id, { alias: 'write' });
    const second = await key('leaver audit', leaver.id, { scopes: ['audit_log:read'] });
    return { ws, boss, leaver, reader, keep, first, second };
  };

  it(
    '--revoke-keys --json prints exactly {"id","removed":true,"revokedKeys","activeKeys"}; ' +
      'the revoked keys get 401, others keep working; each revocation is audited',
    async () => {
      const { ws, leaver, keep, first, second } = await setUp();
      const removed = await removeRevoking(ws.id, leaver.id);
      assert.equal(removed.code, 0, removed.stderr);
      assert.deepEqual(removed.json(), {
        id: leaver.id,
        removed: true,
        revokedKeys: [first.id, second.id],
        activeKeys: [],
      });
      assert.equal(removed.stderr, '');
      assert.equal(await meStatus(h, first.secret), 401);
      assert.equal(await meStatus(h, second.secret), 401);
      assert.equal(await meStatus(h, keep.secret), 200);
      assert.equal((await h.call('GET', `/public/v1/members/${leaver.id}`, { key: keep.secret })).statusCode, 404);
      const audit = bodyOf(
        AuditList,
        await h.call('GET', '/public/v1/audit-log', {
          key: keep.secret,
          query: { actions: ['revoke', 'delete'], limit: '200' },
        }),
      ).data;
      const revoked = audit
        .filter((event) => event.action === 'revoke')
        .map((event) => [event.resourceType, event.resourceId, event.actor.type]);
      assert.deepEqual(
        revoked.sort(),
        [
          ['api_key', first.id, 'system'],
          ['api_key', second.id, 'system'],
        ].sort(),
      );
      assert.ok(
        audit.some(
          (event) => event.action === 'delete' && event.resourceType === 'member' && event.resourceId === leaver.id,
        ),
      );
    },
  );

  it(
    'without --revoke-keys the member goes, their keys keep working, ' +
      'and they are named: activeKeys in the JSON, a warning on stderr',
    async () => {
      const { ws, leaver, first, second } = await setUp();
      const removed = await estate(h.url, ['member', 'remove', '--workspace', ws.id, leaver.id, '--json']);
      assert.equal(removed.code, 0, removed.stderr);
      const body = removed.json();
      assert.deepEqual(Object.keys(body).sort(), ['activeKeys', 'id', 'removed', 'revokedKeys']);
      assert.deepEqual(body.revokedKeys, []);
      assert.deepEqual(
        body.activeKeys.map((key: { id: string; name: string; prefix: string }) => [key.id, key.name, key.prefix]),
        [
          [first.id, 'leaver sync', first.prefix],
          [second.id, 'leaver audit', second.prefix],
        ],
      );
      assert.ok(!removed.stdout.includes(first.secret));
      assert.match(removed.stderr, /warning: keys made by this member stay active/);
      assert.ok(removed.stderr.includes(first.id) && removed.stderr.includes(second.id));
      assert.equal(await meStatus(h, first.secret), 200);
      assert.equal(await meStatus(h, second.secret), 200);
      // Without --json: one readable line on stdout, the same warning on stderr.
      const again = await setUp();
      const plain = await estate(h.url, ['member', 'remove', '--workspace', again.ws.id, again.leaver.id]);
      assert.equal(plain.code, 0, plain.stderr);
      assert.equal(plain.stdout, `member ${again.leaver.id} removed\n`);
      assert.match(
        plain.stderr,
        new RegExp(
          `^estate: warning: keys made by this member stay active: ${again.first.id} ` +
            `.*"leaver sync".*estate key revoke KEY_ID\n$`,
        ),
      );
    },
  );

  it('a member who made no key is removed quietly; plain output is one line', async () => {
    const { ws, reader } = await setUp();
    const removed = await estate(h.url, ['member', 'remove', '--workspace', ws.id, reader.id]);
    assert.equal(removed.code, 0, removed.stderr);
    assert.equal(removed.stdout, `member ${reader.id} removed\n`);
    assert.equal(removed.stderr, '');
  });

  it(
    'the last admin cannot be removed: an error on stderr, ' +
      'a non-zero exit, nothing on stdout, and none of their keys revoked',
    async () => {
      const { ws, boss, leaver, keep, first } = await setUp();
      assert.equal((await estate(h.url, ['member', 'remove', '--workspace', ws.id, boss.id, '--json'])).code, 0);
      const refused = await removeRevoking(ws.id, leaver.id);
      assert.notEqual(refused.code, 0);
      assert.equal(refused.stdout, '');
      assert.match(refused.stderr, /^estate: the last admin of the workspace cannot be removed\n$/);
      assert.equal(await meStatus(h, first.secret), 200);
      assert.equal(await meStatus(h, keep.secret), 200);
      const revocations = bodyOf(
        AuditList,
        await h.call('GET', '/public/v1/audit-log', { key: keep.secret, query: { actions: 'revoke' } }),
      ).data;
      assert.deepEqual(revocations, []);
    },
  );

  it(
    'a member of workspace B given with --workspace A is not found, ' +
      "and B's keys keep working; unknown ids and workspaces are errors too",
    async () => {
      const a = await setUp();
      const b = await setUp();
      const crossed = await removeRevoking(a.ws.id, b.leaver.id);
      assert.notEqual(crossed.code, 0);
      assert.equal(crossed.stdout, '');
      assert.match(crossed.stderr, /member not found/);
      assert.equal(await meStatus(h, b.first.secret), 200);
      assert.equal((await h.call('GET', `/public/v1/members/${b.leaver.id}`, { key: b.keep.secret })).statusCode, 200);
      for (const [workspace, member, message] of [
        [a.ws.id, 'not-a-uuid', /member not found/],
        ['00000000-0000-7000-8000-000000000000', a.leaver.id, /workspace not found/],
      ] as const) {
        const result = await estate(h.url, ['member', 'remove', '--workspace', workspace, member, '--json']);
        assert.notEqual(result.code, 0);
        assert.equal(result.stdout, '');
        assert.match(result.stderr, message);
      }
      const missing = await estate(h.url, ['member', 'remove', a.leaver.id]);
      assert.notEqual(missing.code, 0);
      assert.match(missing.stderr, /--workspace/);
    },
  );
});
