/**
 * Custom field definitions (`/public/v1/custom-fields`, `estate field`): defined per workspace and
 * family, checked whole against their type, audited as settings, scoped by tenant:read and
 * tenant:edit, and never visible or changeable from another workspace.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { sql } from 'kysely';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import { CustomField, CustomFieldList, FieldSchema } from '../../../src/base/custom-fields/fields.schemas.js';
import { ErrorBody } from '../../../src/base/http/errors.js';
import { estate } from '../../support/cli.js';
import { temporaryDirectory } from '../../support/temporary.js';
import { describeEachDatabase, type Harness } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

const RACK_UNIT = { family: 'servers', name: 'rack_unit', type: 'integer', minimum: 1, maximum: 48, default: 1 };

async function fieldsOf(h: Harness, key: string, query: Record<string, string> = {}) {
  return bodyOf(CustomFieldList, await h.call('GET', '/public/v1/custom-fields', { key, query })).data;
}

describeEachDatabase('custom field definitions', (h) => {
  it('defined, listed by family, read with an ETag, changed with If-Match, deleted; each change audited', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const created = await h.call('POST', '/public/v1/custom-fields', { key: key.secret, body: RACK_UNIT });
    assert.equal(created.statusCode, 201, created.body);
    const field = bodyOf(CustomField, created);
    assert.equal(field.label, 'Rack unit', 'the label defaults to the name in words');
    assert.deepEqual(
      { type: field.type, minimum: field.minimum, maximum: field.maximum, default: field.default },
      { type: 'integer', minimum: 1, maximum: 48, default: 1 },
    );
    assert.ok(created.headers.etag);
    const cost = bodyOf(
      CustomField,
      await h.call('POST', '/public/v1/custom-fields', {
        key: key.secret,
        body: { family: 'applications', name: 'cost_centre', type: 'select', choices: ['4711', '4712'] },
      }),
    );

    assert.deepEqual(
      (await fieldsOf(h, key.secret)).map((one) => `${one.family}.${one.name}`),
      ['applications.cost_centre', 'servers.rack_unit'],
    );
    assert.deepEqual(
      (await fieldsOf(h, key.secret, { family: 'servers' })).map((one) => one.id),
      [field.id],
    );
    const read = await h.call('GET', `/public/v1/custom-fields/${field.id}`, { key: key.secret });
    assert.equal(read.statusCode, 200);
    assert.equal(read.headers.etag, created.headers.etag);

    const stale = await h.call('PATCH', `/public/v1/custom-fields/${field.id}`, {
      key: key.secret,
      body: { label: 'U' },
      headers: { 'if-match': '"stale"' },
    });
    assert.equal(stale.statusCode, 412);
    const changed = await h.call('PATCH', `/public/v1/custom-fields/${field.id}`, {
      key: key.secret,
      body: { label: 'Rack unit (U)', maximum: 42, group: 'Placement' },
      headers: { 'if-match': String(read.headers.etag) },
    });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.deepEqual((({ label, maximum, group }) => ({ label, maximum, group }))(bodyOf(CustomField, changed)), {
      label: 'Rack unit (U)',
      maximum: 42,
      group: 'Placement',
    });
    const deleted = await h.call('DELETE', `/public/v1/custom-fields/${cost.id}`, { key: key.secret });
    assert.equal(deleted.statusCode, 204);
    assert.equal((await h.call('GET', `/public/v1/custom-fields/${cost.id}`, { key: key.secret })).statusCode, 404);

    const audit = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { resourceType: 'custom_field' } }),
    );
    const events = audit.data.map((event) => `${event.category} ${event.action} ${event.resourceName}`).sort();
    assert.deepEqual(events, [
      'settings create applications.cost_centre',
      'settings create servers.rack_unit',
      'settings delete applications.cost_centre',
      'settings update servers.rack_unit',
    ]);
    const update = audit.data.find((event) => event.action === 'update')!;
    assert.deepEqual(update.changes, {
      label: { before: 'Rack unit', after: 'Rack unit (U)' },
      maximum: { before: 48, after: 42 },
      group: { before: null, after: 'Placement' },
    });
    assert.deepEqual(update.actor, { type: 'api_key', id: key.id, name: key.name });
  });

  it('settings that do not fit the type are 400 naming them; a taken or built-in name is 422', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const post = (body: Record<string, unknown>) => h.call('POST', '/public/v1/custom-fields', { key, body });
    const refused: [Record<string, unknown>, number, RegExp][] = [
      [{ family: 'servers', name: 'Rack', type: 'text' }, 400, /name/],
      [{ family: 'servers', name: '_x', type: 'text' }, 400, /name/],
      [{ family: 'servers', name: 'a'.repeat(51), type: 'text' }, 400, /name/],
      [{ family: 'servers', name: 'constructor', type: 'text' }, 400, /reserved/],
      [{ family: 'servers', name: 'rack__gte', type: 'integer' }, 400, /double underscore/],
      [{ family: 'servers', name: 'x', type: 'text', colour: 1 }, 400, /unknown/],
      [{ family: 'people', name: 'x', type: 'text' }, 400, /family/],
      [{ family: 'servers', name: 'x', type: 'colour' }, 400, /type/],
      [{ family: 'servers', name: 'x', type: 'integer', choices: ['a'] }, 400, /choices/],
      [{ family: 'servers', name: 'x', type: 'select' }, 400, /choices/],
      [{ family: 'servers', name: 'x', type: 'select', choices: ['a', 'a'] }, 400, /choices/],
      [
        { family: 'servers', name: 'x', type: 'select', choices: Array.from({ length: 10_000 }, (_, i) => `c${i}`) },
        400,
        /choices/,
      ],
      [{ family: 'servers', name: 'x', type: 'select', choices: ['a'], default: 'b' }, 400, /default/],
      [{ family: 'servers', name: 'x', type: 'integer', default: 1.5 }, 400, /default/],
      [{ family: 'servers', name: 'x', type: 'integer', minimum: 5, maximum: 1 }, 400, /minimum/],
      [{ family: 'servers', name: 'x', type: 'integer', minimum: '1' }, 400, /minimum/],
      [{ family: 'servers', name: 'x', type: 'date', minimum: '2027-02-30' }, 400, /minimum/],
      [{ family: 'servers', name: 'x', type: 'date', default: '2027-13-01' }, 400, /default/],
      [{ family: 'servers', name: 'x', type: 'text', pattern: '(' }, 400, /pattern/],
      [{ family: 'servers', name: 'x', type: 'text', pattern: '^(a+)+$' }, 400, /exponential time/],
      [{ family: 'servers', name: 'x', type: 'integer', pattern: '^1$' }, 400, /pattern/],
      [{ family: 'servers', name: 'x', type: 'text', pattern: '^[A-Z]+$', default: 'abc' }, 400, /default/],
      [{ family: 'servers', name: 'x', type: 'reference' }, 400, /referenceFamily/],
      [{ family: 'servers', name: 'x', type: 'text', referenceFamily: 'teams' }, 400, /referenceFamily/],
      [{ family: 'servers', name: 'x', type: 'boolean', unique: true }, 400, /unique/],
      [{ family: 'servers', name: 'x', type: 'json', default: { a: 'x'.repeat(70_000) } }, 400, /default/],
      [{ family: 'servers', name: 'x', type: 'url', default: 'javascript:alert(1)' }, 400, /default/],
      [{ family: 'servers', name: 'hostname', type: 'text' }, 422, /built-in field hostname/],
      [{ family: 'servers', name: 'serial_number', type: 'text' }, 422, /built-in field serialNumber/],
      [{ family: 'contracts', name: 'amount', type: 'text' }, 422, /built-in field amount/],
    ];
    for (const [body, status, message] of refused) {
      const answer = await post(body);
      assert.equal(answer.statusCode, status, `${JSON.stringify(body).slice(0, 120)}: ${answer.body.slice(0, 200)}`);
      assert.match(bodyOf(ErrorBody, answer).message, message, JSON.stringify(body).slice(0, 120));
    }
    // A body whose own key is __proto__ (as JSON.parse makes it) is an unknown property, not a prototype.
    const proto = await h.call('POST', '/public/v1/custom-fields', {
      key,
      body: '{"family":"servers","name":"x","type":"text","__proto__":{"required":true}}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(proto.statusCode, 400, proto.body);
    assert.deepEqual(await fieldsOf(h, key), [], 'nothing written');

    assert.equal((await post(RACK_UNIT)).statusCode, 201);
    const again = await post({
      ...RACK_UNIT,
      type: 'text',
      default: undefined,
      minimum: undefined,
      maximum: undefined,
    });
    assert.equal(again.statusCode, 422);
    assert.match(bodyOf(ErrorBody, again).message, /named rack_unit already/);
    // The same name on another family is another field.
    assert.equal((await post({ family: 'workstations', name: 'rack_unit', type: 'integer' })).statusCode, 201);
    // Markup is kept as written: the console escapes it where it shows it.
    const markup = await post({ family: 'teams', name: 'badge', type: 'text', label: '<img src=x onerror=alert(1)>' });
    assert.equal(bodyOf(CustomField, markup).label, '<img src=x onerror=alert(1)>');
  });

  it('a change is checked with the whole definition; a rename to a taken name is 422, nothing changed', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const post = async (body: Record<string, unknown>) =>
      bodyOf(CustomField, await h.call('POST', '/public/v1/custom-fields', { key, body }));
    const patch = (id: string, body: Record<string, unknown>) =>
      h.call('PATCH', `/public/v1/custom-fields/${id}`, { key, body });
    const rack = await post(RACK_UNIT);
    const tier = await post({ family: 'servers', name: 'tier', type: 'select', choices: ['gold', 'silver'] });
    assert.equal((await patch(rack.id, { minimum: 100 })).statusCode, 400, 'minimum above the maximum');
    assert.equal((await patch(rack.id, { type: 'text' })).statusCode, 400, 'bounds and default of an integer on text');
    assert.equal((await patch(rack.id, { family: 'workstations' })).statusCode, 400, 'the family never changes');
    assert.equal((await patch(tier.id, { choices: ['bronze'] })).statusCode, 200, 'no default to keep');
    assert.equal((await patch(tier.id, { choices: null })).statusCode, 400, 'a select keeps choices');
    const taken = await patch(tier.id, { name: 'rack_unit' });
    assert.equal(taken.statusCode, 422);
    const renamed = await patch(tier.id, { name: 'service_tier' });
    assert.equal(bodyOf(CustomField, renamed).name, 'service_tier');
    const same = await patch(rack.id, { label: rack.label });
    assert.equal(bodyOf(CustomField, same).updatedAt, rack.updatedAt, 'an unchanged definition is not written');
    const current = await fieldsOf(h, key, { family: 'servers' });
    assert.deepEqual(
      current.map((one) => [one.name, one.minimum, one.maximum, one.choices]),
      [
        ['rack_unit', 1, 48, null],
        ['service_tier', null, null, ['bronze']],
      ],
    );
  });

  it('at most 64 fields per family: the 65th is 422; parallel creates of one name make one field', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const post = (body: Record<string, unknown>) => h.call('POST', '/public/v1/custom-fields', { key, body });
    const racing = await Promise.all(
      Array.from({ length: 6 }, () => post({ family: 'flows', name: 'sla_tier', type: 'text' })),
    );
    assert.deepEqual(racing.map((answer) => answer.statusCode).sort(), [201, 422, 422, 422, 422, 422]);
    for (let i = 1; i < 64; i++)
      assert.equal((await post({ family: 'flows', name: `f${i}`, type: 'text' })).statusCode, 201);
    const over = await post({ family: 'flows', name: 'f64', type: 'text' });
    assert.equal(over.statusCode, 422);
    assert.match(bodyOf(ErrorBody, over).message, /64 custom fields/);
    assert.equal((await fieldsOf(h, key, { family: 'flows' })).length, 64);
  });

  it('scopes: reading takes tenant:read, changing tenant:edit (a write key has not)', async () => {
    const ws = await h.workspace();
    const admin = (await h.key(ws)).secret;
    const writer = (await h.key(ws, { alias: 'write' })).secret;
    const none = (await h.key(ws, { scopes: ['infrastructure:read'] })).secret;
    const field = bodyOf(
      CustomField,
      await h.call('POST', '/public/v1/custom-fields', { key: admin, body: RACK_UNIT }),
    );
    assert.equal((await fieldsOf(h, writer)).length, 1);
    const refused = await h.call('POST', '/public/v1/custom-fields', {
      key: writer,
      body: { ...RACK_UNIT, name: 'u' },
    });
    assert.equal(refused.statusCode, 403);
    assert.equal(bodyOf(ErrorBody, refused).message, 'missing permission: tenant:edit');
    assert.equal(
      (await h.call('PATCH', `/public/v1/custom-fields/${field.id}`, { key: writer, body: {} })).statusCode,
      403,
    );
    assert.equal((await h.call('DELETE', `/public/v1/custom-fields/${field.id}`, { key: writer })).statusCode, 403);
    const blind = await h.call('GET', '/public/v1/custom-fields', { key: none });
    assert.equal(blind.statusCode, 403);
    assert.equal(bodyOf(ErrorBody, blind).message, 'missing permission: tenant:read');
  });

  it('workspace A never reads, changes or deletes a field of workspace B (404 as for no field)', async () => {
    const a = await h.workspace('A');
    const b = await h.workspace('B');
    const keyA = (await h.key(a)).secret;
    const keyB = (await h.key(b)).secret;
    const field = bodyOf(CustomField, await h.call('POST', '/public/v1/custom-fields', { key: keyB, body: RACK_UNIT }));
    const missing = await h.call('GET', `/public/v1/custom-fields/${randomUUID()}`, { key: keyA });
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { label: 'mine' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await h.call(method, `/public/v1/custom-fields/${field.id}`, { key: keyA, body });
      assert.equal(answer.statusCode, 404, `${method}: ${answer.body}`);
      assert.equal(answer.body, missing.body, `${method}: the answer of an id that does not exist`);
    }
    assert.deepEqual(await fieldsOf(h, keyA), []);
    // A's own field of the same name is A's: B's is untouched.
    assert.equal((await h.call('POST', '/public/v1/custom-fields', { key: keyA, body: RACK_UNIT })).statusCode, 201);
    assert.deepEqual(await fieldsOf(h, keyB), [field]);
  });

  it("a rename moves the items' values, a delete removes them; a new type converts them or is refused", async () => {
    const a = await h.workspace('A');
    const b = await h.workspace('B');
    const key = (await h.key(a)).secret;
    const keyB = (await h.key(b)).secret;
    const defined = async (secret: string) =>
      bodyOf(CustomField, await h.call('POST', '/public/v1/custom-fields', { key: secret, body: RACK_UNIT }));
    const field = await defined(key);
    await defined(keyB);
    const server = async (secret: string, name: string) =>
      (await h.call('POST', '/public/v1/servers', { key: secret, body: { name } })).json().id as string;
    const held = await server(key, 'held');
    const other = await server(keyB, 'other');
    const plant = (id: string, values: Record<string, unknown>) =>
      sql`UPDATE servers SET custom_fields = ${JSON.stringify(values)} WHERE id = ${id}`.execute(h.database.db);
    await plant(held, { rack_unit: 7, note: { deep: [1, 'two'] } });
    await plant(other, { rack_unit: 9 });
    const valuesOf = async (id: string) => {
      const row = await h.database.db
        .selectFrom('servers')
        .select(sql<string>`custom_fields`.as('values'))
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return JSON.parse(row.values) as Record<string, unknown>;
    };
    const patch = (body: Record<string, unknown>) =>
      h.call('PATCH', `/public/v1/custom-fields/${field.id}`, { key, body });

    // A new type converts what items hold; a change any held value would not fit is refused whole.
    const asText = await patch({ type: 'text', minimum: null, maximum: null, default: null });
    assert.equal(asText.statusCode, 200, asText.body);
    assert.deepEqual(await valuesOf(held), { rack_unit: '7', note: { deep: [1, 'two'] } });
    assert.equal((await patch({ type: 'integer', maximum: 48 })).statusCode, 200);
    assert.deepEqual(await valuesOf(held), { rack_unit: 7, note: { deep: [1, 'two'] } });
    const narrowed = await patch({ maximum: 5 });
    assert.equal(narrowed.statusCode, 422, narrowed.body);
    assert.match(
      bodyOf(ErrorBody, narrowed).message,
      /^1 servers hold a value of rack_unit the changed field would not take \(7 must be at most 5\)/,
    );
    const retyped = await patch({ type: 'boolean', maximum: null });
    assert.equal(retyped.statusCode, 422, retyped.body);
    assert.match(bodyOf(ErrorBody, retyped).message, /\(7 does not convert\)/);
    assert.deepEqual(await valuesOf(held), { rack_unit: 7, note: { deep: [1, 'two'] } }, 'nothing changed');
    assert.deepEqual(await valuesOf(other), { rack_unit: 9 }, "another workspace's items keep theirs");
    assert.equal((await patch({ name: 'rack_u' })).statusCode, 200);
    assert.deepEqual(await valuesOf(held), { rack_u: 7, note: { deep: [1, 'two'] } });
    assert.deepEqual(await valuesOf(other), { rack_unit: 9 }, "another workspace's items keep theirs");
    assert.equal((await h.call('DELETE', `/public/v1/custom-fields/${field.id}`, { key })).statusCode, 204);
    assert.deepEqual(await valuesOf(held), { note: { deep: [1, 'two'] } });
    assert.deepEqual(await valuesOf(other), { rack_unit: 9 });
  });

  it('GET /custom-fields/schema: a JSON Schema that accepts exactly the values the rules accept', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const defined: Record<string, unknown>[] = [
      { name: 'code', type: 'text', pattern: '^[A-Z]{2}-\\d+$', maxLength: 8, required: true },
      { name: 'notes', type: 'longtext' },
      { name: 'rack_unit', type: 'integer', minimum: 1, maximum: 48 },
      { name: 'cost', type: 'decimal', minimum: 0 },
      { name: 'managed', type: 'boolean' },
      { name: 'bought', type: 'date', minimum: '2020-01-01', maximum: '2030-12-31' },
      { name: 'checked_at', type: 'datetime' },
      { name: 'runbook', type: 'url' },
      { name: 'extra', type: 'json' },
      { name: 'tier', type: 'select', choices: ['gold', 'silver'], default: 'silver' },
      { name: 'zones', type: 'multiselect', choices: ['a', 'b', 'c'] },
      { name: 'owner_team', type: 'reference', referenceFamily: 'teams' },
      { name: 'apps', type: 'multireference', referenceFamily: 'applications' },
    ];
    for (const body of defined) {
      const answer = await h.call('POST', '/public/v1/custom-fields', { key, body: { family: 'servers', ...body } });
      assert.equal(answer.statusCode, 201, answer.body);
    }
    const answer = await h.call('GET', '/public/v1/custom-fields/schema', { key, query: { family: 'servers' } });
    assert.equal(answer.statusCode, 200, answer.body);
    const schema = bodyOf(FieldSchema, answer);
    assert.deepEqual(Object.keys(schema.properties).sort(), defined.map((one) => String(one.name)).sort());
    assert.deepEqual(schema.required, ['code']);
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    const id = randomUUID();
    const base = { code: 'AB-12' };
    const samples: [Record<string, unknown>, boolean][] = [
      [base, true],
      [{}, false],
      [{ code: null }, false],
      [{ code: 'ab-12' }, false],
      [{ code: 'AB-123456' }, false],
      [{ ...base, rack_unit: 48 }, true],
      [{ ...base, rack_unit: 49 }, false],
      [{ ...base, rack_unit: 1.5 }, false],
      [{ ...base, rack_unit: null }, true],
      [{ ...base, cost: -1 }, false],
      [{ ...base, managed: 'yes' }, false],
      [{ ...base, bought: '2025-06-30' }, true],
      [{ ...base, bought: '2019-12-31' }, false],
      [{ ...base, checked_at: '2027-03-31T09:00:00Z' }, true],
      [{ ...base, checked_at: 'yesterday' }, false],
      [{ ...base, runbook: 'https://wiki.example/runbook' }, true],
      [{ ...base, runbook: 'ftp://wiki.example/runbook' }, false],
      [{ ...base, extra: { any: ['thing'] } }, true],
      [{ ...base, tier: 'gold' }, true],
      [{ ...base, tier: 'bronze' }, false],
      [{ ...base, zones: ['a', 'c'] }, true],
      [{ ...base, zones: ['a', 'a'] }, false],
      [{ ...base, zones: ['d'] }, false],
      [{ ...base, owner_team: id }, true],
      [{ ...base, owner_team: 'team-1' }, false],
      [{ ...base, apps: [id] }, true],
      [{ ...base, apps: [id, id] }, false],
      [{ ...base, unknown: 1 }, false],
    ];
    for (const [value, valid] of samples)
      assert.equal(validate(value), valid, `${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`);
    const other = await h.call('GET', '/public/v1/custom-fields/schema', {
      key: (await h.key(await h.workspace('Other'))).secret,
      query: { family: 'servers' },
    });
    assert.deepEqual(bodyOf(FieldSchema, other).properties, {}, "another workspace's schema has none of these");
    const bad = await h.call('GET', '/public/v1/custom-fields/schema', { key, query: { family: 'people' } });
    assert.equal(bad.statusCode, 400);
  });

  it("estate field export | apply: the dry run tells the diff, the apply makes B's set A's, in one go", async () => {
    const a = await h.workspace('A');
    const b = await h.workspace('B');
    const keyA = (await h.key(a)).secret;
    const keyB = (await h.key(b)).secret;
    const post = async (key: string, body: Record<string, unknown>) =>
      assert.equal((await h.call('POST', '/public/v1/custom-fields', { key, body })).statusCode, 201);
    await post(keyA, RACK_UNIT);
    await post(keyA, { family: 'applications', name: 'tier', type: 'select', choices: ['gold', 'silver'] });
    await post(keyA, { family: 'flows', name: 'sla', type: 'text', group: 'Service' });
    await post(keyB, { ...RACK_UNIT, maximum: 42 });
    await post(keyB, { family: 'teams', name: 'old', type: 'text' });
    // One of B's teams holds a value of the field the set lacks.
    const team = await h.call('POST', '/public/v1/teams', { key: keyB, body: { name: 'Ops' } });
    await sql`UPDATE teams SET custom_fields = ${'{"old":"x"}'} WHERE id = ${team.json().id}`.execute(h.database.db);

    const exported = await estate(h.url, ['field', 'export', '--workspace', a.id]);
    assert.equal(exported.code, 0, exported.stderr);
    const set = JSON.parse(exported.stdout) as { fields: Record<string, unknown>[] };
    assert.deepEqual(
      set.fields.map((one) => `${one.family}.${one.name}`),
      ['applications.tier', 'flows.sla', 'servers.rack_unit'],
    );
    assert.ok(
      set.fields.every((one) => !('id' in one) && !('createdAt' in one)),
      'no ids, no times',
    );
    const file = join(temporaryDirectory('estate-fields-'), 'fields.json');
    writeFileSync(file, exported.stdout);

    const before = await fieldsOf(h, keyB);
    const dry = await estate(h.url, ['field', 'apply', '--workspace', b.id, file, '--dry-run', '--json']);
    assert.equal(dry.code, 0, dry.stderr);
    assert.deepEqual(dry.json(), {
      created: ['applications.tier', 'flows.sla'],
      changed: [{ field: 'servers.rack_unit', settings: ['maximum'] }],
      removed: ['teams.old'],
      valuesAffected: 1,
      dryRun: true,
    });
    assert.deepEqual(await fieldsOf(h, keyB), before, 'a dry run writes nothing');

    const applied = await estate(h.url, ['field', 'apply', '--workspace', b.id, file, '--json']);
    assert.equal(applied.code, 0, applied.stderr);
    assert.equal(applied.json().dryRun, false);
    const portable = (fields: CustomField[]) =>
      fields.map(({ id: _id, createdAt: _c, updatedAt: _u, ...rest }) => rest);
    assert.deepEqual(portable(await fieldsOf(h, keyB)), portable(await fieldsOf(h, keyA)));
    const audit = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', { key: keyB, query: { resourceType: 'custom_field' } }),
    );
    assert.deepEqual(
      audit.data
        .filter((event) => event.actor.type === 'system')
        .map((event) => `${event.action} ${event.resourceName}`)
        .sort(),
      ['create applications.tier', 'create flows.sla', 'delete teams.old', 'update servers.rack_unit'],
    );
    const again = await estate(h.url, ['field', 'apply', '--workspace', b.id, file]);
    assert.match(again.stdout, /no change/);

    // A set that fails anywhere changes nothing, and says where.
    const bad = (fields: unknown[]) => {
      const path = join(temporaryDirectory('estate-fields-'), 'bad.json');
      writeFileSync(path, JSON.stringify({ fields }));
      return estate(h.url, ['field', 'apply', '--workspace', b.id, path]);
    };
    const current = await fieldsOf(h, keyB);
    for (const [fields, message] of [
      [[RACK_UNIT, RACK_UNIT], /fields\[1\] \(servers.rack_unit\): the set names this field twice/],
      [[{ family: 'servers', name: 'x', type: 'integer', choices: ['a'] }], /fields\[0\] \(servers.x\): choices/],
      [[{ family: 'servers', name: 'hostname', type: 'text' }], /fields\[0\].*built-in field hostname/],
      [[{ family: 'servers', name: 'x', type: 'text', id: randomUUID() }], /unknown/],
    ] as const) {
      const answer = await bad([...fields]);
      assert.equal(answer.code, 1, answer.stdout);
      assert.match(answer.stderr, message);
    }
    const notJson = join(temporaryDirectory('estate-fields-'), 'x.json');
    writeFileSync(notJson, '{');
    assert.match((await estate(h.url, ['field', 'apply', '--workspace', b.id, notJson])).stderr, /not JSON/);
    assert.deepEqual(await fieldsOf(h, keyB), current, 'nothing written');
  });

  it('estate field create|list|update|delete --json, as the API answers; bad input is one line on stderr', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const serverField = (...options: string[]) => [
      'field',
      'create',
      '--workspace',
      ws.id,
      '--family',
      'servers',
      ...options,
    ];
    const created = await estate(
      h.url,
      serverField('--name', 'tier', '--type', 'select', '--choices', 'gold,silver', '--default', 'silver', '--json'),
    );
    assert.equal(created.code, 0, created.stderr);
    const field = created.json();
    assert.deepEqual([field.choices, field.default], [['gold', 'silver'], 'silver']);
    const rack = await estate(h.url, [
      'field',
      'create',
      '--workspace',
      ws.id,
      '--family=servers',
      '--name=rack_unit',
      '--type=integer',
      '--minimum=1',
      '--maximum=48',
      '--required',
      '--json',
    ]);
    assert.equal(rack.code, 0, rack.stderr);
    assert.deepEqual([rack.json().minimum, rack.json().maximum, rack.json().required], [1, 48, true]);

    const listed = await estate(h.url, ['field', 'list', '--workspace', ws.id, '--family', 'servers', '--json']);
    assert.deepEqual(listed.json(), { data: await fieldsOf(h, key, { family: 'servers' }) });

    const updated = await estate(h.url, [
      'field',
      'update',
      '--workspace',
      ws.id,
      field.id,
      '--label',
      'Tier',
      '--json',
    ]);
    assert.equal(updated.code, 0, updated.stderr);
    assert.equal(updated.json().label, 'Tier');
    const deleted = await estate(h.url, ['field', 'delete', '--workspace', ws.id, field.id, '--json']);
    assert.deepEqual([deleted.json().id, deleted.json().deleted], [field.id, true]);

    for (const [args, message] of [
      [serverField('--name', 'Bad', '--type', 'text'), /name/],
      [serverField('--name', 'hostname', '--type', 'text'), /built-in field hostname/],
      [serverField('--name', 'n', '--type', 'integer', '--default', 'ten'), /--default: not a number/],
      [['field', 'update', '--workspace', ws.id, 'not-an-id', '--label', 'x'], /custom field not found/],
      [['field', 'list', '--workspace', randomUUID()], /workspace not found/],
    ] as const) {
      const answer = await estate(h.url, [...args]);
      assert.equal(answer.code, 1, `${args.join(' ')}: ${answer.stdout}`);
      assert.equal(answer.stdout, '');
      assert.match(answer.stderr, message);
      assert.equal(answer.stderr.trim().split('\n').length, 1, answer.stderr);
    }
    const audit = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', { key, query: { resourceType: 'custom_field' } }),
    );
    assert.ok(audit.data.every((event) => event.actor.type === 'system' && event.actor.name === 'estate cli'));
  });
});
