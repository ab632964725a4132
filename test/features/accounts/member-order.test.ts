/**
 * `/users` and `/members` are ordered by copies of each person's name, e-mail and creation time
 * kept in their memberships, and their unfiltered totals (and `members?role=` alone) come from
 * trigger-kept counts. The copies follow the person whoever writes, on both databases, and a rename
 * racing a new membership on PostgreSQL reaches it too.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { newId } from '../../../src/base/ids.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { describeEachDatabase, serviceFamilies } from '../../support/harness.js';
import { renameWaitsForHeldInsert } from '../../support/race.js';
import { everyItem } from '../../support/walk.js';

type Person = { id: string; userId?: string; name: string; email: string; role?: string; createdAt: string };

describeEachDatabase('people lists ordered by their memberships', (h) => {
  // Pages of 7: a page boundary falls inside every list.
  const walk = (key: string, path: string, query: Record<string, string> = {}) =>
    everyItem<Person>(h, key, path, query, 7);

  /** The order of the workspace's people as the users table itself gives it. */
  async function truth(
    workspaceId: string,
    column: 'name' | 'email' | 'created_at',
    by: 'users' | 'members',
  ): Promise<string[]> {
    const id = by === 'users' ? sql.ref('users.id') : sql.ref('members.id');
    const { rows } = await sql<{ id: string }>`SELECT ${id} AS id FROM members JOIN users ON users.id = members.user_id
      WHERE members.workspace_id = ${workspaceId} ORDER BY ${sql.ref(`users.${column}`)}, ${id}`.execute(h.database.db);
    return rows.map((row) => String(row.id));
  }

  async function assertOrders(key: string, workspaceId: string): Promise<void> {
    for (const [sort, column] of [
      ['name', 'name'],
      ['email', 'email'],
      ['createdAt', 'created_at'],
    ] as const) {
      const expected = await truth(workspaceId, column, 'users');
      for (const [direction, order] of [
        ['', expected],
        ['-', [...expected].reverse()],
      ] as const) {
        const { items, total } = await walk(key, '/users', { sort: `${direction}${sort}` });
        assert.equal(total, expected.length, `users ${direction}${sort}: total`);
        assert.deepEqual(
          items.map((item) => item.id),
          order,
          `users sort=${direction}${sort}`,
        );
      }
    }
    for (const [sort, column] of [
      ['name', 'name'],
      ['email', 'email'],
    ] as const) {
      const expected = await truth(workspaceId, column, 'members');
      const { items, total } = await walk(key, '/members', { sort });
      assert.equal(total, expected.length, `members ${sort}: total`);
      assert.deepEqual(
        items.map((item) => item.id),
        expected,
        `members sort=${sort}`,
      );
      assert.deepEqual(
        (await walk(key, '/members', { sort: `-${sort}` })).items.map((item) => item.id),
        [...expected].reverse(),
        `members sort=-${sort}`,
      );
    }
    const members = (await walk(key, '/members')).items;
    for (const role of ['read', 'write', 'admin']) {
      const { items, total } = await walk(key, '/members', { role });
      assert.equal(total, items.length, `members?role=${role}: total`);
      assert.deepEqual(
        items.map((item) => item.id),
        members.filter((member) => member.role === role).map((member) => member.id),
        `members?role=${role}: in name order`,
      );
    }
  }

  it("orders and counts all sorts of both lists after adds, any writer's renames, role changes, removals", async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    const key = (await h.key(ws)).secret;
    const names = [
      'Zoë Adams',
      'ada byron',
      'Åsa Berg',
      'Bob Stone',
      'Ada Byron',
      'Émile Zola',
      'carl weiss',
      'Dana Scully',
      'Bob Stone',
    ];
    // Parallel adds; the same person in two workspaces.
    await Promise.all(
      names.map((name, i) =>
        addMember(
          h.database,
          serviceFamilies,
          { workspaceId: ws.id, email: `p${i}@people.test`, name, role: i % 3 === 0 ? 'write' : 'read' },
          CLI_ACTOR,
        ),
      ),
    );
    await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: other.id, email: 'p3@people.test', role: 'admin' },
      CLI_ACTOR,
    );
    await assertOrders(key, ws.id);

    // A rename written straight to the users table is copied to every membership of the person.
    const bob = await h.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'p3@people.test')
      .executeTakeFirstOrThrow();
    await h.database.db
      .updateTable('users')
      .set({ name: 'Aaron Bob', email: 'zz-bob@people.test' })
      .where('id', '=', bob.id)
      .execute();
    const copies = await h.database.db
      .selectFrom('members')
      .select(['user_name', 'user_email'])
      .where('user_id', '=', bob.id)
      .execute();
    assert.deepEqual(copies, [
      { user_name: 'Aaron Bob', user_email: 'zz-bob@people.test' },
      { user_name: 'Aaron Bob', user_email: 'zz-bob@people.test' },
    ]);
    assert.equal((await walk(key, '/users', { sort: 'name' })).items[0]!.name, 'Aaron Bob');
    await assertOrders(key, ws.id);

    // Role changes in parallel and a removal move the counts.
    const members = (await walk(key, '/members')).items.filter((member) => member.role !== 'admin');
    const changes = members
      .slice(0, 4)
      .map((member) => h.call('PATCH', `/public/v1/members/${member.id}`, { key, body: { role: 'admin' } }));
    for (const response of await Promise.all(changes)) assert.equal(response.statusCode, 200, response.body);
    assert.equal((await h.call('DELETE', `/public/v1/members/${members[5]!.id}`, { key })).statusCode, 204);
    await assertOrders(key, ws.id);
  });

  it('takes a copy written straight to a membership from the person again', async () => {
    const ws = await h.workspace();
    await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: ws.id, email: 'forged@people.test', name: 'Real Name', role: 'read' },
      CLI_ACTOR,
    );
    await sql`UPDATE members SET user_name = 'Forged', user_email = 'forged@elsewhere.test'
      WHERE workspace_id = ${ws.id} AND user_name = 'Real Name'`.execute(h.database.db);
    const copies = await sql<{
      user_name: string;
      user_email: string;
    }>`SELECT user_name, user_email FROM members
      WHERE workspace_id = ${ws.id} AND user_id = (SELECT id FROM users WHERE email = 'forged@people.test')`.execute(
      h.database.db,
    );
    assert.deepEqual(copies.rows, [{ user_name: 'Real Name', user_email: 'forged@people.test' }]);
  });

  it('copies a rename that commits while a new membership of the person is being written', async (t) => {
    if (h.dialect !== 'postgres') return t.skip('SQLite writes one transaction at a time');
    const ws = await h.workspace();
    const other = await h.workspace();
    await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: other.id, email: 'racer@people.test', name: 'Before', role: 'read' },
      CLI_ACTOR,
    );
    const user = await h.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'racer@people.test')
      .executeTakeFirstOrThrow();
    // The rename waits for the membership's transaction (it read the person FOR SHARE).
    await renameWaitsForHeldInsert(
      h.database.db,
      (trx) =>
        trx
          .insertInto('members')
          .values({
            workspace_id: ws.id,
            id: newId(),
            user_id: user.id,
            role: 'read',
            created_at: new Date().toISOString(),
          })
          .execute(),
      () => h.database.db.updateTable('users').set({ name: 'After' }).where('id', '=', user.id).execute(),
    );
    const copies = await h.database.db
      .selectFrom('members')
      .select('user_name')
      .where('user_id', '=', user.id)
      .execute();
    assert.deepEqual(
      copies.map((copy) => copy.user_name),
      ['After', 'After'],
    );
  });
});
