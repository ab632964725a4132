/**
 * Bulk edits in the console (docs/console.md, "Bulk edit"): any editable field and custom fields
 * set on chosen items or on every item matching a list's filter, previewed with the count,
 * audited per item, undone from the audit trail; tried across workspaces, within a restricted
 * role's reach, and with two undos at once.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { createRole } from '../../../src/features/accounts/roles/custom-roles.service.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { type ConsoleClient, personIn, signIn } from '../../support/console.js';
import { describeEachDatabase, type Harness, type Workspace } from '../../support/harness.js';
import { errorOf, writer } from '../../support/typed.js';

interface Result {
  applied: string[];
  unchanged: string[];
  refused: { id: string; code: string; message: string }[];
  editId: string | null;
}

type Server = { id: string; name: string; environment: string | null; description: string | null };

/** `count` servers, every third one in production, the others in staging, and a `rack` custom field. */
async function servers(h: Harness, ws: Workspace, count: number) {
  const admin = await h.key(ws);
  const { post } = writer(h, admin.secret);
  await post('custom-fields', { family: 'servers', name: 'rack', type: 'text' });
  const made: Server[] = [];
  for (let i = 0; i < count; i++)
    made.push(
      (await post('servers', {
        name: `srv-${String(i).padStart(2, '0')}`,
        environment: i % 3 ? 'staging' : 'production',
      })) as unknown as Server,
    );
  const read = async (id: string) =>
    (await h.call('GET', `/public/v1/servers/${id}`, { key: admin.secret })).json() as Server & {
      customFields: Record<string, unknown>;
    };
  return { admin, made, read };
}

async function member(h: Harness, ws: Workspace, role = 'write'): Promise<ConsoleClient> {
  return signIn(h, (await personIn(h, ws, role)).email);
}

const edit = async (client: ConsoleClient, body: object, path = 'servers') => {
  const answer = await client.call('POST', `/ui/api/bulk/${path}/edit`, body);
  assert.equal(answer.statusCode, 200, answer.body);
  return answer.json() as Result;
};

describeEachDatabase('bulk edit: any field on many items, previewed and undone', (h) => {
  it('sets built-in and custom fields on chosen items, each audited as its PATCH', async () => {
    const ws = await h.workspace();
    const { made, read } = await servers(h, ws, 4);
    const client = await member(h, ws);
    const ids = made.slice(0, 3).map((server) => server.id);
    const result = await edit(client, {
      ids,
      changes: { environment: 'test', description: 'moved', customFields: { rack: 'R12' } },
    });
    assert.deepEqual(result.applied.sort(), [...ids].sort());
    assert.ok(result.editId);
    for (const id of ids) {
      const server = await read(id);
      assert.deepEqual([server.environment, server.description, server.customFields.rack], ['test', 'moved', 'R12']);
    }
    assert.equal((await read(made[3]!.id)).environment, 'production', 'an item not chosen is untouched');
    const events = await h.database.db
      .selectFrom('audit_events')
      .select(['resource_id', 'changes', 'actor_type'])
      .where('workspace_id', '=', ws.id)
      .where('action', '=', 'update')
      .execute();
    assert.equal(events.length, 3);
    for (const event of events) {
      assert.equal(event.actor_type, 'member');
      assert.deepEqual(Object.keys(JSON.parse(event.changes!)).sort(), [
        'customFields.rack',
        'description',
        'environment',
      ]);
    }
    // Again: nothing changes, nothing is audited, and there is nothing to undo.
    const again = await edit(client, { ids, changes: { environment: 'test' } });
    assert.deepEqual([again.applied, again.unchanged.length, again.editId], [[], 3, null]);
  });

  it('previews every item matching a filter with the count, then changes exactly those', async () => {
    const ws = await h.workspace();
    const { made, read } = await servers(h, ws, 12);
    const client = await member(h, ws);
    const body = { filter: { environment: 'production', q: 'srv' }, changes: { description: 'prod box' } };
    const preview = await client.call('POST', '/ui/api/bulk/servers/edit/preview', body);
    assert.equal(preview.statusCode, 200, preview.body);
    const { matched, sample, limit } = preview.json() as { matched: number; sample: { name: string }[]; limit: number };
    assert.equal(matched, 4);
    assert.equal(limit, 10_000);
    assert.deepEqual(sample.map((one) => one.name).sort(), ['srv-00', 'srv-03', 'srv-06', 'srv-09']);
    assert.equal((await read(made[0]!.id)).description, null, 'a preview writes nothing');
    const result = await edit(client, body);
    assert.equal(result.applied.length, 4);
    for (const [i, server] of made.entries())
      assert.equal((await read(server.id)).description, i % 3 ? null : 'prod box', server.name);
  });

  it('refuses a bad change, an unknown filter or no items before anything is written', async () => {
    const ws = await h.workspace();
    const { made } = await servers(h, ws, 2);
    const client = await member(h, ws);
    const ids = [made[0]!.id];
    const cases: [object, RegExp][] = [
      [{ ids, changes: { environment: 'moon' } }, /changes\.environment/],
      [{ ids, changes: { colour: 'red' } }, /colour/],
      [{ filter: { colour: 'red' }, changes: { description: 'x' } }, /unknown parameter colour/],
      [{ changes: { description: 'x' } }, /ids, or a filter/],
      [{ ids, filter: {}, changes: { description: 'x' } }, /ids, or a filter/],
    ];
    for (const [body, message] of cases)
      for (const path of ['/ui/api/bulk/servers/edit', '/ui/api/bulk/servers/edit/preview']) {
        const answer = await client.call('POST', path, body);
        assert.equal(answer.statusCode, 400, `${path} ${JSON.stringify(body)}: ${answer.body}`);
        assert.match(errorOf(answer).message, message);
      }
    const count = await h.database.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('workspace_id', '=', ws.id)
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 0);
    const reader = await member(h, ws, 'read');
    const refused = await reader.call('POST', '/ui/api/bulk/servers/edit', { ids, changes: { description: 'x' } });
    assert.equal(refused.statusCode, 403);
  });

  it('undoes an edit from its audit trail, except items changed since; once; and the undo undoes', async () => {
    const ws = await h.workspace();
    const { admin, made, read } = await servers(h, ws, 6);
    const client = await member(h, ws);
    const ids = made.map((server) => server.id);
    const first = await edit(client, { ids, changes: { description: 'first', customFields: { rack: 'A1' } } });
    assert.equal(first.applied.length, 6);
    // Someone changes one item's description afterwards: its undo is refused, the others go back.
    const later = await h.call('PATCH', `/public/v1/servers/${made[0]!.id}`, {
      key: admin.secret,
      body: { description: 'later' },
    });
    assert.equal(later.statusCode, 200, later.body);
    const undo = await client.call('POST', `/ui/api/bulk/edits/${first.editId}/undo`);
    assert.equal(undo.statusCode, 200, undo.body);
    const undone = undo.json() as Result;
    assert.equal(undone.applied.length, 5);
    assert.deepEqual(
      undone.refused.map((refusal) => [refusal.id, refusal.code]),
      [[made[0]!.id, 'conflict']],
    );
    assert.match(undone.refused[0]!.message, /description/);
    for (const server of made.slice(1)) {
      const now = await read(server.id);
      assert.deepEqual([now.description, now.customFields.rack ?? null], [null, null], server.name);
    }
    assert.equal((await read(made[0]!.id)).description, 'later');
    // Once only.
    const twice = await client.call('POST', `/ui/api/bulk/edits/${first.editId}/undo`);
    assert.equal(twice.statusCode, 409);
    // The edits list names both, the first undone by the second.
    const listed = (await client.call('GET', '/ui/api/bulk/edits?family=servers')).json() as {
      id: string;
      undoneBy: string | null;
      undoes: string | null;
      items: number;
    }[];
    assert.deepEqual(
      listed.map((one) => [one.id, one.undoes, one.undoneBy, one.items]),
      [
        [undone.editId, first.editId, null, 5],
        [first.editId, null, undone.editId, 6],
      ],
    );
    // An edit still being made (its row not complete) is not undone: it names only some of its events.
    await h.database.db.updateTable('bulk_edits').set({ complete: 0 }).where('id', '=', undone.editId!).execute();
    const running = await client.call('POST', `/ui/api/bulk/edits/${undone.editId}/undo`);
    assert.equal(running.statusCode, 409, running.body);
    assert.match(errorOf(running).message, /still being made/);
    await h.database.db.updateTable('bulk_edits').set({ complete: 1 }).where('id', '=', undone.editId!).execute();
    // Undoing the undo sets the first edit's values again.
    const redo = (await client.call('POST', `/ui/api/bulk/edits/${undone.editId}/undo`)).json() as Result;
    assert.equal(redo.applied.length, 5);
    assert.deepEqual(
      [(await read(made[1]!.id)).description, (await read(made[1]!.id)).customFields.rack],
      ['first', 'A1'],
    );
  });

  it('an undo that changes nothing leaves the edit; two undos at once: one undoes, the other is refused', async () => {
    const ws = await h.workspace();
    const { made } = await servers(h, ws, 3);
    const client = await member(h, ws);
    const other = await member(h, ws);
    const first = await edit(client, { ids: made.map((server) => server.id), changes: { description: 'x' } });
    // An undo that changes nothing (every item changed since) leaves the edit to undo later.
    for (const server of made)
      await h.database.db.updateTable('servers').set({ description: 'changed' }).where('id', '=', server.id).execute();
    const nothing = (await client.call('POST', `/ui/api/bulk/edits/${first.editId}/undo`)).json() as Result;
    assert.deepEqual([nothing.applied.length, nothing.refused.length, nothing.editId], [0, 3, null]);
    for (const server of made)
      await h.database.db.updateTable('servers').set({ description: 'x' }).where('id', '=', server.id).execute();
    const answers = await Promise.all(
      [client, other].map((one) => one.call('POST', `/ui/api/bulk/edits/${first.editId}/undo`)),
    );
    assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [200, 409]);
    const events = await h.database.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('workspace_id', '=', ws.id)
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    assert.equal(Number(events.n), 6, 'three edits and three undos');
  });

  it("a member of workspace A neither edits, previews nor undoes B's items", async () => {
    const a = await h.workspace('A');
    const b = await h.workspace('B');
    const ofB = await servers(h, b, 3);
    await servers(h, a, 1);
    const attacker = await member(h, a);
    const victim = await member(h, b);
    const ids = ofB.made.map((server) => server.id);
    const result = await edit(attacker, { ids, changes: { description: 'pwned' } });
    assert.deepEqual(result.applied, []);
    assert.deepEqual(
      result.refused.map((refusal) => refusal.code),
      ['not_found', 'not_found', 'not_found'],
    );
    const preview = (
      await attacker.call('POST', '/ui/api/bulk/servers/edit/preview', { ids, changes: { description: 'x' } })
    ).json() as {
      matched: number;
    };
    assert.equal(preview.matched, 0);
    const everything = await edit(attacker, { filter: {}, changes: { description: 'pwned' } });
    assert.equal(everything.applied.length, 1, "the filter reaches A's own server only");
    const theirs = await edit(victim, { ids, changes: { description: 'theirs' } });
    const undo = await attacker.call('POST', `/ui/api/bulk/edits/${theirs.editId}/undo`);
    assert.equal(undo.statusCode, 404);
    const listed = (await attacker.call('GET', '/ui/api/bulk/edits')).json() as { id: string }[];
    assert.deepEqual(
      listed.map((one) => one.id),
      [everything.editId],
      "B's edits are not listed to A",
    );
    for (const server of ofB.made) assert.equal((await ofB.read(server.id)).description, 'theirs');
  });

  it("a restricted member's edit keeps to its reach: hidden items are not found, none leaves it", async () => {
    const ws = await h.workspace();
    const { made, read } = await servers(h, ws, 6);
    await createRole(
      h.database,
      h.registry,
      {
        workspaceId: ws.id,
        name: 'staging',
        scopes: ['infrastructure:read', 'infrastructure:edit'],
        restrictions: { servers: { environment: ['staging'] } },
      },
      CLI_ACTOR,
    );
    const client = await member(h, ws, 'staging');
    // An edit of someone unrestricted is neither listed to it nor undone by it (it would name hidden items).
    const wide = await member(h, ws);
    const theirs = await edit(wide, { filter: { environment: 'production' }, changes: { model: 'X1' } });
    assert.equal(theirs.applied.length, 2);
    assert.deepEqual((await client.call('GET', '/ui/api/bulk/edits')).json(), []);
    assert.equal((await client.call('POST', `/ui/api/bulk/edits/${theirs.editId}/undo`)).statusCode, 404);
    const everything = await edit(client, { filter: {}, changes: { description: 'mine' } });
    assert.equal(everything.applied.length, 4, 'the staging servers alone');
    const hidden = made[0]!.id;
    const named = await edit(client, { ids: [hidden], changes: { description: 'mine' } });
    assert.deepEqual(
      named.refused.map((refusal) => refusal.code),
      ['not_found'],
    );
    const away = await edit(client, { filter: {}, changes: { environment: 'production' } });
    assert.equal(away.applied.length, 0);
    assert.ok(away.refused.every((refusal) => refusal.code === 'insufficient_permission'));
    for (const [i, server] of made.entries()) {
      const now = (await read(server.id)) as unknown as Server & { model: string | null };
      assert.deepEqual(
        [now.environment, now.description, now.model],
        i % 3 ? ['staging', 'mine', null] : ['production', null, 'X1'],
        server.name,
      );
    }
    const listed = (await client.call('GET', '/ui/api/bulk/edits')).json() as { id: string }[];
    assert.deepEqual(
      listed.map((one) => one.id),
      [everything.editId],
    );
  });

  it("a restricted member's edit of references keeps to its reach: hidden ids refused, hidden links kept", async () => {
    const ws = await h.workspace();
    const admin = await h.key(ws);
    const { post, put } = writer(h, admin.secret);
    const team = await post('teams', { name: 'Payments' });
    const mine = await post('applications', { name: 'Ledger' });
    await put(`applications/${mine.id}/teams/${team.id}`);
    const hidden = await post('applications', { name: 'Payroll' });
    const contract = await post('contracts', {
      name: 'Hosting',
      vendor: 'Acme',
      startDate: '2026-01-01',
      applicationIds: [mine.id, hidden.id],
    });
    await createRole(
      h.database,
      h.registry,
      {
        workspaceId: ws.id,
        name: 'payments',
        scopes: ['applications:read', 'contracts:read', 'contracts:edit'],
        restrictions: { applications: { teamId: [team.id] } },
      },
      CLI_ACTOR,
    );
    const client = await member(h, ws, 'payments');
    const pointed = await edit(client, { ids: [contract.id], changes: { applicationIds: [hidden.id] } }, 'contracts');
    assert.deepEqual(
      pointed.refused.map((refusal) => refusal.code),
      ['unprocessable_entity'],
    );
    const replaced = await edit(client, { ids: [contract.id], changes: { applicationIds: [mine.id] } }, 'contracts');
    assert.equal(replaced.refused.length, 0, JSON.stringify(replaced));
    const now = (await h.call('GET', `/public/v1/contracts/${contract.id}`, { key: admin.secret })).json() as {
      applicationIds: string[];
    };
    assert.deepEqual(now.applicationIds.sort(), [mine.id, hidden.id].sort(), 'the hidden link is kept');
  });

  it("an edit of more items than one transaction writes is undone whole, from every transaction's events", async () => {
    const ws = await h.workspace();
    await seedWorkspace(h.database, { workspaceId: ws.id, size: 450 });
    const client = await member(h, ws);
    const first = await edit(client, { filter: {}, changes: { location: 'Moved' } });
    assert.equal(first.applied.length, 450);
    const stored = await h.database.db
      .selectFrom('bulk_edits')
      .select(['events', 'items', 'complete'])
      .where('id', '=', first.editId!)
      .executeTakeFirstOrThrow();
    assert.deepEqual([JSON.parse(stored.events).length, stored.items, stored.complete], [3, 450, 1]);
    const before = await h.database.db
      .selectFrom('servers')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('workspace_id', '=', ws.id)
      .where('location', '=', 'Moved')
      .executeTakeFirstOrThrow();
    assert.equal(Number(before.n), 450);
    const undone = (await client.call('POST', `/ui/api/bulk/edits/${first.editId}/undo`)).json() as Result;
    assert.equal(undone.applied.length, 450);
    const after = await h.database.db
      .selectFrom('servers')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('workspace_id', '=', ws.id)
      .where('location', '=', 'Moved')
      .executeTakeFirstOrThrow();
    assert.equal(Number(after.n), 0);
  });

  it('a filter matching more than 10,000 items is previewed with its count, then refused whole', async () => {
    const ws = await h.workspace();
    await seedWorkspace(h.database, { workspaceId: ws.id, size: 10_001 });
    const client = await member(h, ws);
    const body = { filter: {}, changes: { location: 'Everywhere' } };
    const preview = (await client.call('POST', '/ui/api/bulk/servers/edit/preview', body)).json() as {
      matched: number;
      limit: number;
    };
    assert.deepEqual([preview.matched, preview.limit], [10_001, 10_000]);
    const refused = await client.call('POST', '/ui/api/bulk/servers/edit', body);
    assert.equal(refused.statusCode, 422, refused.body);
    assert.match(errorOf(refused).message, /more than 10000 servers/);
    const moved = await h.database.db
      .selectFrom('servers')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('workspace_id', '=', ws.id)
      .where('location', '=', 'Everywhere')
      .executeTakeFirstOrThrow();
    assert.equal(Number(moved.n), 0);
    const edits = h.database.db.selectFrom('bulk_edits').selectAll();
    assert.equal((await edits.where('workspace_id', '=', ws.id).execute()).length, 0);
  });
});
