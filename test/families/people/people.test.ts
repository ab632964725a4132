/**
 * People who are not members: a workspace records someone the estate is assigned to who never
 * signs in; they own, are assigned and belong to teams as members do; a member's account keeps its
 * name and e-mail; removing a person releases what they had; becoming a member keeps all of it;
 * nothing of one workspace's people reaches another.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { User } from '../../../src/families/people/users.module.js';
import { describeEachDatabase, type Workspace, serviceFamilies } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

type Audit = { action: string; resourceType: string; resourceId: string; changes?: Record<string, unknown> };

describeEachDatabase('people without an account', (h) => {
  async function setUp(): Promise<{ ws: Workspace; key: string }> {
    const ws = await h.workspace();
    return { ws, key: (await h.key(ws)).secret };
  }

  async function person(key: string, body: Record<string, unknown>): Promise<User> {
    const answer = await h.call('POST', '/public/v1/users', { key, body });
    assert.equal(answer.statusCode, 201, answer.body);
    return bodyOf(User, answer);
  }

  async function created(key: string, path: string, body: Record<string, unknown>): Promise<{ id: string }> {
    const answer = await h.call('POST', `/public/v1/${path}`, { key, body });
    assert.equal(answer.statusCode, 201, answer.body);
    return answer.json() as { id: string };
  }

  const ids = (answer: { json(): unknown }) => (answer.json() as { id: string }[]).map((item) => item.id);

  it('are added, listed beside members, found by q and filtered by member', async () => {
    const { ws, key } = await setUp();
    const ada = await person(key, {
      name: 'Ada Field',
      email: 'Ada.Field@Acme.test',
      department: 'Warehouse',
      employeeNumber: 'E-1001',
    });
    assert.deepEqual(
      { ...ada, id: undefined, createdAt: undefined, updatedAt: undefined },
      {
        id: undefined,
        name: 'Ada Field',
        email: 'ada.field@acme.test',
        department: 'Warehouse',
        employeeNumber: 'E-1001',
        member: false,
        customFields: {},
        createdAt: undefined,
        updatedAt: undefined,
      },
    );
    const noEmail = await person(key, { name: 'Bo Nomail' });
    assert.equal(noEmail.email, null);

    const all = (await h.call('GET', '/public/v1/users', { key })).json() as {
      data: User[];
      pagination: { total: number };
    };
    assert.equal(all.pagination.total, 3);
    assert.deepEqual(all.data.map((user) => user.name).sort(), ['Ada Field', 'Bo Nomail', ws.admin.name].sort());
    assert.equal(all.data.find((user) => user.id === ws.admin.userId)?.member, true);

    const notMembers = (await h.call('GET', '/public/v1/users', { key, query: { member: 'false' } })).json() as {
      data: User[];
      pagination: { total: number };
    };
    assert.deepEqual(notMembers.data.map((user) => user.id).sort(), [ada.id, noEmail.id].sort());
    assert.equal(notMembers.pagination.total, 2);
    for (const q of ['warehouse', 'E-1001', 'ada.field']) {
      const found = (await h.call('GET', '/public/v1/users', { key, query: { q } })).json() as { data: User[] };
      assert.deepEqual(
        found.data.map((user) => user.id),
        [ada.id],
        `q=${q}`,
      );
    }
    // A person without an e-mail sorts first by e-mail ascending and last descending, on both databases.
    const byEmail = async (sort: string) =>
      ((await h.call('GET', '/public/v1/users', { key, query: { sort } })).json() as { data: User[] }).data.map(
        (user) => user.id,
      );
    assert.equal((await byEmail('email'))[0], noEmail.id);
    assert.equal((await byEmail('-email')).at(-1), noEmail.id);
    const one = await h.call('GET', `/public/v1/users/${ada.id}`, { key });
    assert.equal(one.statusCode, 200);
    assert.ok(one.headers.etag);
    assert.deepEqual(one.json(), ada);
  });

  it('are refused, with nothing written, for bad or taken input and without the scope', async () => {
    const { ws, key } = await setUp();
    await person(key, { name: 'Taken', email: 'taken@acme.test', employeeNumber: 'E-7' });
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{}, 400, /name/],
      [{ name: '   ' }, 400, /name/],
      [{ name: 'x', email: 'not-an-address' }, 400, /email/],
      [{ name: 'x', email: 'someone@people.invalid' }, 400, /\.invalid/],
      [{ name: 'x', password: 'secret' }, 400, /password/],
      [{ name: 'x', email: 'TAKEN@acme.test' }, 422, /e-mail taken@acme\.test/],
      [{ name: 'x', email: ws.admin.email }, 422, /e-mail/],
      [{ name: 'x', employeeNumber: 'E-7' }, 422, /employee number E-7/],
      [{ name: 'x'.repeat(201) }, 400, /name/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await h.call('POST', '/public/v1/users', { key, body });
      assert.equal(answer.statusCode, status, `${JSON.stringify(body)}: ${answer.body}`);
      assert.match((answer.json() as { message: string }).message, message);
    }
    // A body whose own key is __proto__ (as JSON.parse makes it) is an unknown property, not a prototype.
    const proto = await h.call('POST', '/public/v1/users', {
      key,
      body: '{"name":"x","__proto__":{"member":true}}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(proto.statusCode, 400, proto.body);
    const total = async () =>
      ((await h.call('GET', '/public/v1/users', { key })).json() as { pagination: { total: number } }).pagination.total;
    assert.equal(await total(), 2, 'the admin and Taken: nothing else written');

    const reader = (await h.key(ws, { alias: 'read' })).secret;
    const refused = await h.call('POST', '/public/v1/users', { key: reader, body: { name: 'Nope' } });
    assert.equal(refused.statusCode, 403);
    assert.equal((refused.json() as { code: string }).code, 'insufficient_permission');
    assert.equal(await total(), 2);
  });

  it('parallel adds of one e-mail: one is added, the others refused', async () => {
    const { key } = await setUp();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        h.call('POST', '/public/v1/users', { key, body: { name: `Twin ${i}`, email: 'twin@acme.test' } }),
      ),
    );
    assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [201, 422, 422, 422, 422, 422]);
    const found = (await h.call('GET', '/public/v1/users', { key, query: { q: 'twin@acme.test' } })).json() as {
      data: User[];
    };
    assert.equal(found.data.length, 1);
  });

  it('own applications and servers, are assigned workstations and belong to teams', async () => {
    const { key } = await setUp();
    const bo = await person(key, { name: 'Bo Owner', email: 'bo@acme.test' });
    const app = await created(key, 'applications', { name: 'Payroll' });
    const server = await created(key, 'servers', { name: 'pay-1' });
    const team = await created(key, 'teams', { name: 'Payroll team' });
    for (const path of [`applications/${app.id}/owners`, `servers/${server.id}/owners`, `teams/${team.id}/members`]) {
      const put = await h.call('PUT', `/public/v1/${path}/${bo.id}`, { key });
      assert.ok([200, 204].includes(put.statusCode), `${path}: ${put.body}`);
      assert.deepEqual(ids(await h.call('GET', `/public/v1/${path}`, { key })), [bo.id], path);
    }
    const laptop = await created(key, 'workstations', { name: 'lt-1', assignedUserId: bo.id });
    const read = (await h.call('GET', `/public/v1/workstations/${laptop.id}`, { key })).json() as {
      assignedUserId: string;
    };
    assert.equal(read.assignedUserId, bo.id);
  });

  it("change what the workspace records; a member's name and e-mail stay their account's", async () => {
    const { ws, key } = await setUp();
    const cy = await person(key, { name: 'Cy Change', email: 'cy@acme.test' });
    const first = await h.call('GET', `/public/v1/users/${cy.id}`, { key });
    const changed = await h.call('PATCH', `/public/v1/users/${cy.id}`, {
      key,
      headers: { 'if-match': String(first.headers.etag) },
      body: { name: 'Cy Changed', email: null, department: '<b>Ops</b>', employeeNumber: 'E-9' },
    });
    assert.equal(changed.statusCode, 200, changed.body);
    const after = bodyOf(User, changed);
    assert.deepEqual(
      [after.name, after.email, after.department, after.employeeNumber],
      ['Cy Changed', null, '<b>Ops</b>', 'E-9'],
    );
    const stale = await h.call('PATCH', `/public/v1/users/${cy.id}`, {
      key,
      headers: { 'if-match': String(first.headers.etag) },
      body: { department: 'Late' },
    });
    assert.equal(stale.statusCode, 412);

    const admin = ws.admin.userId;
    const renamed = await h.call('PATCH', `/public/v1/users/${admin}`, { key, body: { name: 'Someone else' } });
    assert.equal(renamed.statusCode, 422);
    assert.match((renamed.json() as { message: string }).message, /member/);
    const readdressed = await h.call('PATCH', `/public/v1/users/${admin}`, { key, body: { email: 'x@acme.test' } });
    assert.equal(readdressed.statusCode, 422);
    const department = await h.call('PATCH', `/public/v1/users/${admin}`, { key, body: { department: 'IT' } });
    assert.equal(department.statusCode, 200, department.body);
    assert.equal(bodyOf(User, department).department, 'IT');
    const account = await h.database.db
      .selectFrom('users')
      .select(['name', 'email'])
      .where('id', '=', admin)
      .executeTakeFirstOrThrow();
    assert.deepEqual(account, { name: ws.admin.name, email: ws.admin.email });

    const audit = (await h.call('GET', '/public/v1/audit-log', { key, query: { resourceId: cy.id } })).json() as {
      data: Audit[];
    };
    assert.deepEqual(audit.data.map((event) => event.action).sort(), ['create', 'update']);
    const update = audit.data.find((event) => event.action === 'update')!;
    assert.deepEqual(Object.keys(update.changes ?? {}).sort(), ['department', 'email', 'employeeNumber', 'name']);
  });

  it('carry custom fields: every one shown, checked, filtered, sorted, searched, audited', async () => {
    const { ws, key } = await setUp();
    const define = (body: Record<string, unknown>) => created(key, 'custom-fields', { family: 'users', ...body });
    await define({ name: 'cost_centre', type: 'text', filterable: true, searchable: true, pattern: '^CC-[0-9]+$' });
    await define({ name: 'badge', type: 'integer', filterable: true });
    const refused = await h.call('POST', '/public/v1/custom-fields', {
      key,
      body: { family: 'users', name: 'employee_number', type: 'text' },
    });
    assert.equal(refused.statusCode, 422, 'a built-in field of people');

    const dee = await person(key, { name: 'Dee Field', customFields: { cost_centre: 'CC-4711', badge: 7 } });
    assert.deepEqual(dee.customFields, { cost_centre: 'CC-4711', badge: 7 });
    const eve = await person(key, { name: 'Eve Field', customFields: { badge: 3 } });
    assert.deepEqual(eve.customFields, { cost_centre: null, badge: 3 }, 'every field, null when unset');
    const bad = await h.call('POST', '/public/v1/users', {
      key,
      body: { name: 'Bad', customFields: { cost_centre: 'nope', shoe: 1 } },
    });
    assert.equal(bad.statusCode, 400, bad.body);
    assert.match(bad.body, /customFields\.(cost_centre|shoe)/);

    const listed = (query: Record<string, string>) =>
      h.call('GET', '/public/v1/users', { key, query }).then((answer) => {
        assert.equal(answer.statusCode, 200, answer.body);
        return (answer.json() as { data: User[] }).data.map((one) => one.name);
      });
    assert.deepEqual(await listed({ cf_cost_centre: 'CC-4711' }), ['Dee Field']);
    assert.deepEqual(await listed({ cf_badge__gte: '5' }), ['Dee Field']);
    assert.deepEqual(await listed({ sort: 'cf_badge', member: 'false' }), ['Eve Field', 'Dee Field']);
    assert.deepEqual(await listed({ q: 'cc-47' }), ['Dee Field'], 'q finds a searchable field');
    const member = (await h.call('GET', `/public/v1/users/${ws.admin.userId}`, { key })).json() as User;
    assert.deepEqual(member.customFields, { cost_centre: null, badge: null }, 'members too');
    const unknown = await h.call('GET', '/public/v1/users', { key, query: { cf_shoe: '1' } });
    assert.equal(unknown.statusCode, 400);

    const read = await h.call('GET', `/public/v1/users/${dee.id}`, { key });
    const changed = await h.call('PATCH', `/public/v1/users/${dee.id}`, {
      key,
      headers: { 'if-match': String(read.headers.etag) },
      body: { customFields: { badge: null, cost_centre: 'CC-1' } },
    });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.deepEqual(bodyOf(User, changed).customFields, { cost_centre: 'CC-1', badge: null });
    assert.deepEqual(await listed({ q: 'cc-47' }), []);
    const audit = (await h.call('GET', '/public/v1/audit-log', { key, query: { resourceId: dee.id } })).json() as {
      data: Audit[];
    };
    const update = audit.data.find((event) => event.action === 'update')!;
    assert.deepEqual(update.changes, {
      'customFields.badge': { before: 7, after: null },
      'customFields.cost_centre': { before: 'CC-4711', after: 'CC-1' },
    });

    // Another workspace: its field of the same name is its own, and its people are not found here.
    const other = await setUp();
    await created(other.key, 'custom-fields', { family: 'users', name: 'cost_centre', type: 'text', searchable: true });
    await person(other.key, { name: 'Their Person', customFields: { cost_centre: 'CC-1' } });
    assert.deepEqual(await listed({ q: 'cc-1' }), ['Dee Field']);
  });

  it('removing a person releases what they had, audited; a member is removed as a member', async () => {
    const { ws, key } = await setUp();
    const di = await person(key, { name: 'Di Leaving' });
    const app = await created(key, 'applications', { name: 'CRM' });
    await h.call('PUT', `/public/v1/applications/${app.id}/owners/${di.id}`, { key });
    const laptop = await created(key, 'workstations', { name: 'lt-2', assignedUserId: di.id });

    const member = await h.call('DELETE', `/public/v1/users/${ws.admin.userId}`, { key });
    assert.equal(member.statusCode, 422);
    assert.match((member.json() as { message: string }).message, /\/members/);

    assert.equal((await h.call('DELETE', `/public/v1/users/${di.id}`, { key })).statusCode, 204);
    assert.equal((await h.call('GET', `/public/v1/users/${di.id}`, { key })).statusCode, 404);
    assert.deepEqual(ids(await h.call('GET', `/public/v1/applications/${app.id}/owners`, { key })), []);
    const workstation = (await h.call('GET', `/public/v1/workstations/${laptop.id}`, { key })).json() as {
      assignedUserId: string | null;
    };
    assert.equal(workstation.assignedUserId, null);
    const events = (await h.call('GET', '/public/v1/audit-log', { key, query: { resourceId: laptop.id } })).json() as {
      data: Audit[];
    };
    assert.ok(events.data.some((event) => event.action === 'update' && 'assignedUserId' in (event.changes ?? {})));
    const idRow = await h.database.db.selectFrom('users').select('id').where('id', '=', di.id).executeTakeFirst();
    assert.equal(idRow, undefined, 'the id row goes with the person');
  });

  it('becoming a member keeps the id and what they were given; joining with an account moves it', async () => {
    const { ws, key } = await setUp();
    const eve = await person(key, { name: 'Eve Later', email: 'eve@acme.test', department: 'Sales' });
    const app = await created(key, 'applications', { name: 'Quotes' });
    await h.call('PUT', `/public/v1/applications/${app.id}/owners/${eve.id}`, { key });

    const added = await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: ws.id, email: 'eve@acme.test', role: 'read' },
      CLI_ACTOR,
    );
    assert.equal(added.userId, eve.id, 'the person becomes the account, with the same id');
    const now = bodyOf(User, await h.call('GET', `/public/v1/users/${eve.id}`, { key }));
    assert.deepEqual([now.member, now.name, now.email, now.department], [true, 'Eve Later', 'eve@acme.test', 'Sales']);
    assert.deepEqual(ids(await h.call('GET', `/public/v1/applications/${app.id}/owners`, { key })), [eve.id]);

    // Someone with an account elsewhere: what the recorded person had moves to the account's id.
    const elsewhere = await h.workspace('Elsewhere');
    const fay = await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: elsewhere.id, email: 'fay@acme.test', name: 'Fay Account', role: 'read' },
      CLI_ACTOR,
    );
    const recorded = await person(key, { name: 'Fay Recorded', email: 'fay@acme.test', employeeNumber: 'E-42' });
    const team = await created(key, 'teams', { name: 'Sales' });
    await h.call('PUT', `/public/v1/teams/${team.id}/members/${recorded.id}`, { key });
    const laptop = await created(key, 'workstations', { name: 'lt-3', assignedUserId: recorded.id });
    await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: ws.id, email: 'fay@acme.test', role: 'read' },
      CLI_ACTOR,
    );
    assert.equal((await h.call('GET', `/public/v1/users/${recorded.id}`, { key })).statusCode, 404);
    const joined = bodyOf(User, await h.call('GET', `/public/v1/users/${fay.userId}`, { key }));
    assert.deepEqual([joined.member, joined.name, joined.employeeNumber], [true, 'Fay Account', 'E-42']);
    assert.deepEqual(ids(await h.call('GET', `/public/v1/teams/${team.id}/members`, { key })), [fay.userId]);
    const workstation = (await h.call('GET', `/public/v1/workstations/${laptop.id}`, { key })).json() as {
      assignedUserId: string;
    };
    assert.equal(workstation.assignedUserId, fay.userId);

    // Removing the membership releases what they had and removes them, as before.
    const members = (await h.call('GET', '/public/v1/members', { key })).json() as {
      data: { id: string; userId: string }[];
    };
    const membership = members.data.find((m) => m.userId === fay.userId)!;
    assert.equal((await h.call('DELETE', `/public/v1/members/${membership.id}`, { key })).statusCode, 204);
    assert.equal((await h.call('GET', `/public/v1/users/${fay.userId}`, { key })).statusCode, 404);
    assert.deepEqual(ids(await h.call('GET', `/public/v1/teams/${team.id}/members`, { key })), []);
  });

  it("another workspace's people are not there: read, change, remove, link, assign", async () => {
    const a = await setUp();
    const b = await setUp();
    const theirs = await person(a.key, { name: 'Gil Private', email: 'gil@acme.test' });
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { department: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await h.call(method, `/public/v1/users/${theirs.id}`, { key: b.key, body });
      assert.equal(answer.statusCode, 404, `${method}: ${answer.body}`);
    }
    const app = await created(b.key, 'applications', { name: 'B app' });
    const owner = await h.call('PUT', `/public/v1/applications/${app.id}/owners/${theirs.id}`, { key: b.key });
    assert.equal(owner.statusCode, 404, owner.body);
    const assign = await h.call('POST', '/public/v1/workstations', {
      key: b.key,
      body: { name: 'b-lt', assignedUserId: theirs.id },
    });
    assert.ok([404, 422].includes(assign.statusCode), assign.body);
    const listed = (await h.call('GET', '/public/v1/users', { key: b.key, query: { q: 'gil' } })).json() as {
      data: User[];
    };
    assert.deepEqual(listed.data, []);
    // The same e-mail is free in another workspace: people are the workspace's own.
    await person(b.key, { name: 'Gil Other', email: 'gil@acme.test' });
    assert.equal(
      bodyOf(User, await h.call('GET', `/public/v1/users/${theirs.id}`, { key: a.key })).name,
      'Gil Private',
    );
    // An id row never signs in: it has no password and an address nobody can use.
    const row = await h.database.db
      .selectFrom('users')
      .select(['email', 'password_hash', 'workspace_id'])
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.password_hash, null);
    assert.match(row.email, /\.invalid$/);
    assert.equal(row.workspace_id, a.ws.id);
  });

  it('deleting a workspace takes its people and their id rows', async () => {
    const { ws, key } = await setUp();
    const hal = await person(key, { name: 'Hal Gone' });
    await h.database.db.deleteFrom('workspaces').where('id', '=', ws.id).execute();
    const left = await h.database.db.selectFrom('users').select('id').where('id', '=', hal.id).executeTakeFirst();
    assert.equal(left, undefined);
  });
});
