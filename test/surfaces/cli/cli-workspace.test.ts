/**
 * `estate workspace create --admin-email` (docs/cli.md): a workspace with its first admin and a
 * one-time link for that admin's password, so that `estate key create` works on it at once; a
 * workspace made without one says, at `key create`, what is missing and how to add it.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { estate } from '../../support/cli.js';
import { describeEachDatabase } from '../../support/harness.js';

describeEachDatabase('estate workspace create', (h) => {
  it('--admin-email adds the first admin with a link to set a password; key create then works', async () => {
    const created = await estate(h.url, [
      'workspace',
      'create',
      '--name',
      'Acme',
      '--admin-email',
      'Ada@Acme.Example',
      '--json',
    ]);
    assert.equal(created.code, 0, created.stderr);
    const workspace = created.json();
    assert.equal(workspace.name, 'Acme');
    assert.equal(workspace.admin.email, 'ada@acme.example');
    assert.match(workspace.admin.path, /^\/ui\/\S+/);
    const members = await h.database.db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select(['members.id', 'members.role', 'users.name'])
      .where('members.workspace_id', '=', workspace.id)
      .execute();
    assert.deepEqual(members, [{ id: workspace.admin.memberId, role: 'admin', name: 'ada' }]);

    const key = await estate(h.url, ['key', 'create', '--workspace', workspace.id, '--name', 'ci', '--alias', 'admin']);
    assert.equal(key.code, 0, key.stderr);

    const human = await estate(h.url, ['workspace', 'create', '--name', 'Beta', '--admin-email', 'bo@beta.example']);
    assert.equal(human.code, 0, human.stderr);
    assert.match(
      human.stdout,
      /admin bo@beta\.example: set a password with this link .*: http:\/\/127\.0\.0\.1:8080\/ui\//,
    );
  });

  it('a bad admin e-mail creates nothing; key create on a workspace without an admin says how to add one', async () => {
    const count = async () =>
      Number(
        (
          await h.database.db
            .selectFrom('workspaces')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const bad = await estate(h.url, ['workspace', 'create', '--name', 'Nope', '--admin-email', 'not-an-address']);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /email must be a valid e-mail address/);
    assert.equal(await count(), before, 'no workspace left without its admin');

    const bare = await estate(h.url, ['workspace', 'create', '--name', 'Bare', '--json']);
    const refused = await estate(h.url, [
      'key',
      'create',
      '--workspace',
      bare.json().id,
      '--name',
      'k',
      '--alias',
      'read',
    ]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /no admin member.*estate member add --workspace ID --email E --name N --role admin/);
  });
});
