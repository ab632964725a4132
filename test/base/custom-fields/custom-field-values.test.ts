/**
 * Custom field values on items: every item shows `customFields` with every field of its family
 * (null when unset); creates take defaults, changes merge key by key; values are checked against
 * their definitions (400 naming `customFields.<name>`), references and unique values against the
 * workspace (422); values are part of the item's ETag and audit diffs; and a definition made or
 * renamed meanwhile, on this instance or another, never loses a write.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { buildApp } from '../../../src/surfaces/server/app.js';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import { CustomField } from '../../../src/base/custom-fields/fields.schemas.js';
import { fieldIndexesSettled } from '../../../src/base/custom-fields/indexes.js';
import { openDatabase } from '../../../src/base/db/database.js';
import { writeTransaction } from '../../../src/base/db/write.js';
import { routers } from '../../../src/families/networks/networks.module.js';
import { sql, type CompiledQuery } from 'kysely';
import { ErrorBody } from '../../../src/base/http/errors.js';
import { describeEachDatabase, type Harness } from '../../support/harness.js';
import { serverRow } from '../../support/rows.js';
import { bodyOf } from '../../support/typed.js';

type Item = { id: string; name: string; customFields: Record<string, unknown> };

/** The plan of a statement the app ran (PostgreSQL: with sequential scans off, as if the table were large). */
async function planOf(h: Harness, statement: CompiledQuery): Promise<string[]> {
  if (h.dialect === 'sqlite') {
    const { rows } = await h.database.db.executeQuery<{ detail: string }>({
      ...statement,
      sql: `EXPLAIN QUERY PLAN ${statement.sql}`,
    });
    return rows.map((row) => row.detail);
  }
  return h.database.db.connection().execute(async (connection) => {
    await sql`BEGIN`.execute(connection);
    try {
      await sql`SET LOCAL enable_seqscan = off`.execute(connection);
      const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>({
        ...statement,
        sql: `EXPLAIN ${statement.sql}`,
      });
      return rows.map((row) => row['QUERY PLAN']);
    } finally {
      await sql`ROLLBACK`.execute(connection);
    }
  });
}

async function hasIndex(h: Harness, name: RegExp): Promise<boolean> {
  const { rows } =
    h.dialect === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index'`.execute(h.database.db)
      : await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes`.execute(h.database.db);
  return rows.some((row) => name.test(row.name));
}

async function define(h: Harness, key: string, body: Record<string, unknown>) {
  const answer = await h.call('POST', '/public/v1/custom-fields', { key, body });
  assert.equal(answer.statusCode, 201, answer.body);
  return bodyOf(CustomField, answer);
}

async function serverCount(h: Harness, key: string): Promise<number> {
  return (await h.call('GET', '/public/v1/servers', { key })).json().pagination.total;
}

describeEachDatabase('custom field values on items', (h) => {
  it('every item shows every field, null when unset; a create takes defaults, a change merges', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    const before = (await h.call('POST', '/public/v1/servers', { key, body: { name: 'early' } })).json() as Item;
    assert.deepEqual(before.customFields, {}, 'no field defined: an empty object');
    await define(h, key, { family: 'servers', name: 'rack_unit', type: 'integer', minimum: 1, maximum: 48, order: 2 });
    await define(h, key, { family: 'servers', name: 'cost_centre', type: 'text', default: '4711', order: 1 });
    await define(h, key, { family: 'servers', name: 'warranty', type: 'date', order: 3 });
    await define(h, key, { family: 'applications', name: 'tier', type: 'select', choices: ['gold', 'silver'] });

    const early = (await h.call('GET', `/public/v1/servers/${before.id}`, { key })).json() as Item;
    assert.deepEqual(early.customFields, { cost_centre: null, rack_unit: null, warranty: null }, 'in field order');
    const created = await h.call('POST', '/public/v1/servers', {
      key,
      body: { name: 'db-1', customFields: { rack_unit: 12 } },
    });
    assert.equal(created.statusCode, 201, created.body);
    const server = created.json() as Item;
    assert.deepEqual(server.customFields, { cost_centre: '4711', rack_unit: 12, warranty: null });

    const patched = await h.call('PATCH', `/public/v1/servers/${server.id}`, {
      key,
      body: { customFields: { warranty: '2027-03-31', cost_centre: null } },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.deepEqual((patched.json() as Item).customFields, {
      cost_centre: null,
      rack_unit: 12,
      warranty: '2027-03-31',
    });
    const untouched = await h.call('PATCH', `/public/v1/servers/${server.id}`, { key, body: { os: 'Debian' } });
    assert.deepEqual((untouched.json() as Item).customFields, {
      cost_centre: null,
      rack_unit: 12,
      warranty: '2027-03-31',
    });

    const list = (await h.call('GET', '/public/v1/servers', { key, query: { sort: 'name' } })).json();
    assert.deepEqual(
      list.data.map((item: Item) => [item.name, item.customFields]),
      [
        ['db-1', { cost_centre: null, rack_unit: 12, warranty: '2027-03-31' }],
        ['early', { cost_centre: null, rack_unit: null, warranty: null }],
      ],
    );
    const application = await h.call('POST', '/public/v1/applications', {
      key,
      body: { name: 'CRM', customFields: { tier: 'gold' } },
    });
    assert.deepEqual((application.json() as Item).customFields, { tier: 'gold' }, "each family's own fields");
    const crm = (application.json() as Item).id;
    await h.call('PUT', `/public/v1/servers/${server.id}/applications/${crm}`, { key });
    const linked = (await h.call('GET', `/public/v1/applications/${crm}/servers`, { key })).json() as Item[];
    assert.deepEqual(
      linked.map((item) => item.customFields),
      [{ cost_centre: null, rack_unit: 12, warranty: '2027-03-31' }],
      'a link list shows every field too',
    );
    const network = (
      await h.call('POST', '/public/v1/networks', { key, body: { name: 'lan', cidr: '10.0.0.0/24' } })
    ).json() as Item;
    assert.deepEqual(network.customFields, {});
  });

  it('values are part of the item: its ETag moves, If-Match holds, the audit names each field changed', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    await define(h, key, { family: 'servers', name: 'rack_unit', type: 'integer' });
    const server = (await h.call('POST', '/public/v1/servers', { key, body: { name: 'db-1' } })).json() as Item;
    const read = await h.call('GET', `/public/v1/servers/${server.id}`, { key });
    const etag = String(read.headers.etag);
    const changed = await h.call('PATCH', `/public/v1/servers/${server.id}`, {
      key,
      body: { customFields: { rack_unit: 4 } },
      headers: { 'if-match': etag },
    });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.notEqual(changed.headers.etag, etag);
    const stale = await h.call('PATCH', `/public/v1/servers/${server.id}`, {
      key,
      body: { customFields: { rack_unit: 5 } },
      headers: { 'if-match': etag },
    });
    assert.equal(stale.statusCode, 412);
    const same = await h.call('PATCH', `/public/v1/servers/${server.id}`, {
      key,
      body: { customFields: { rack_unit: 4 } },
    });
    assert.equal(same.headers.etag, changed.headers.etag, 'the same value again changes nothing');

    const events = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', { key, query: { resourceId: server.id } }),
    ).data;
    const update = events.find((event) => event.action === 'update');
    assert.deepEqual(update?.changes, { 'customFields.rack_unit': { before: null, after: 4 } });
    assert.equal(events.filter((event) => event.action === 'update').length, 1);
  });

  it('a value its field does not take is 400 naming customFields.<name>; nothing is written', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    await define(h, key, { family: 'servers', name: 'rack_unit', type: 'integer', minimum: 1, maximum: 48 });
    await define(h, key, { family: 'servers', name: 'tier', type: 'select', choices: ['gold', 'silver'] });
    await define(h, key, { family: 'servers', name: 'asset', type: 'text', pattern: '^A-[0-9]{4}$', required: true });
    await define(h, key, { family: 'servers', name: 'extra', type: 'json' });
    const valid = { asset: 'A-0001' };
    const cases: [unknown, RegExp][] = [
      [{ ...valid, rack: 1 }, /^customFields\.rack: servers have no such custom field/],
      [{ ...valid, rack_unit: 'twelve' }, /^customFields\.rack_unit: must be a whole number/],
      [{ ...valid, rack_unit: 1.5 }, /^customFields\.rack_unit: must be a whole number/],
      [{ ...valid, rack_unit: 49 }, /^customFields\.rack_unit: must be at most 48/],
      [{ ...valid, tier: 'bronze' }, /^customFields\.tier: must be one of gold, silver/],
      [{ asset: 'B-1' }, /^customFields\.asset: must match the pattern/],
      [{}, /^customFields\.asset: required/],
      [{ ...valid, extra: { big: 'x'.repeat(70_000) } }, /^customFields\.extra: must be at most 65536 bytes/],
      [{ ...valid, '<script>': 1 }, /^customFields\."<script>": servers have no such custom field/],
      [{ ...valid, constructor: 1 }, /^customFields\.constructor: servers have no such custom field/],
      [[1, 2], /customFields/],
    ];
    for (const [customFields, message] of cases) {
      const answer = await h.call('POST', '/public/v1/servers', { key, body: { name: 'db-1', customFields } });
      assert.equal(
        answer.statusCode,
        400,
        `${JSON.stringify(customFields).slice(0, 80)}: ${answer.body.slice(0, 200)}`,
      );
      assert.match(bodyOf(ErrorBody, answer).message, message);
    }
    // A raw body: JSON.stringify would drop the key, which the parser must refuse rather than apply.
    const poisoned = await h.app.inject({
      method: 'POST',
      url: '/public/v1/servers',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: '{"name":"db-1","customFields":{"asset":"A-0001","__proto__":{"polluted":true}}}',
    });
    assert.equal(poisoned.statusCode, 400, poisoned.body);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    // Text PostgreSQL's jsonb could not read back, and a number JSON cannot hold, even inside a JSON value.
    for (const payload of [
      '{"name":"db-1","customFields":{"asset":"A-0001","extra":{"note":"a\\u0000b"}}}',
      '{"name":"db-1","customFields":{"asset":"A-0001","extra":"\\udc00"}}',
      '{"name":"db-1","customFields":{"asset":"A-0001","extra":[1e400]}}',
    ]) {
      const refused = await h.app.inject({
        method: 'POST',
        url: '/public/v1/servers',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload,
      });
      assert.equal(refused.statusCode, 400, `${payload}: ${refused.body}`);
    }
    const huge = await h.app.inject({
      method: 'POST',
      url: '/public/v1/servers',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'db-1', customFields: { ...valid, extra: 'x'.repeat(10 * 1024 * 1024) } }),
    });
    assert.equal(huge.statusCode, 413, 'a 10 MB value is refused by the body limit');
    assert.equal(await serverCount(h, key), 0, 'nothing written');

    const server = (
      await h.call('POST', '/public/v1/servers', { key, body: { name: 'db-1', customFields: valid } })
    ).json() as Item;
    const cleared = await h.call('PATCH', `/public/v1/servers/${server.id}`, {
      key,
      body: { name: 'renamed', customFields: { asset: null } },
    });
    assert.equal(cleared.statusCode, 400, 'a required field cannot be cleared');
    // Made required after items exist: an item left without a value may stay so (a re-import says null).
    await define(h, key, { family: 'servers', name: 'late', type: 'text' });
    await h.call('PATCH', `/public/v1/servers/${server.id}`, { key, body: { customFields: { late: null } } });
    const late = (await h.call('GET', '/public/v1/custom-fields', { key }))
      .json()
      .data.find((field: { name: string }) => field.name === 'late');
    await h.call('PATCH', `/public/v1/custom-fields/${late.id}`, { key, body: { required: true } });
    const stillUnset = await h.call('PATCH', `/public/v1/servers/${server.id}`, {
      key,
      body: { customFields: { late: null } },
    });
    assert.equal(stillUnset.statusCode, 200, stillUnset.body);
    assert.equal(((await h.call('GET', `/public/v1/servers/${server.id}`, { key })).json() as Item).name, 'db-1');
  });

  it("a required field never refuses an agent's report: the reported item gets defaults only", async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    await define(h, key, { family: 'routers', name: 'owner_team', type: 'text', required: true });
    await define(h, key, { family: 'routers', name: 'site', type: 'text', default: 'HQ' });
    const byKey = await h.call('POST', '/public/v1/routers', { key, body: { name: 'edge-1' } });
    assert.equal(byKey.statusCode, 400, 'a person must fill it');
    const agent = { type: 'agent' as const, id: null, name: 'fleet agent' };
    const reported = await writeTransaction(h.database, ws.id, (trx) =>
      h.registry.serviceOf(routers).createIn(trx, ws.id, { name: 'edge-2' }, agent),
    );
    assert.deepEqual((reported as unknown as Item).customFields, { owner_team: null, site: 'HQ' });
  });

  it('references name items of the workspace (else 422); a unique value is held by one item only', async () => {
    const a = await h.workspace('A');
    const b = await h.workspace('B');
    const { secret: key } = await h.key(a);
    const { secret: keyB } = await h.key(b);
    await define(h, key, { family: 'servers', name: 'backup_of', type: 'reference', referenceFamily: 'servers' });
    await define(h, key, { family: 'servers', name: 'apps', type: 'multireference', referenceFamily: 'applications' });
    await define(h, key, { family: 'servers', name: 'asset', type: 'text', unique: true });
    const primary = (await h.call('POST', '/public/v1/servers', { key, body: { name: 'primary' } })).json() as Item;
    const crm = (await h.call('POST', '/public/v1/applications', { key, body: { name: 'CRM' } })).json() as Item;
    const foreign = (
      await h.call('POST', '/public/v1/servers', { key: keyB, body: { name: 'theirs' } })
    ).json() as Item;
    const ok = await h.call('POST', '/public/v1/servers', {
      key,
      body: { name: 'replica', customFields: { backup_of: primary.id, apps: [crm.id], asset: 'A-1' } },
    });
    assert.equal(ok.statusCode, 201, ok.body);
    const none = await h.call('POST', '/public/v1/servers', {
      key,
      body: { name: 'none', customFields: { apps: [] } },
    });
    assert.equal(none.statusCode, 201, 'an empty list is no value');
    assert.equal((none.json() as Item).customFields.apps, null);
    await h.call('DELETE', `/public/v1/servers/${(none.json() as Item).id}`, { key });
    for (const customFields of [
      { backup_of: foreign.id },
      { backup_of: '00000000-0000-4000-8000-000000000000' },
      { apps: [crm.id, primary.id] },
    ]) {
      const refused = await h.call('POST', '/public/v1/servers', { key, body: { name: 'x', customFields } });
      assert.equal(refused.statusCode, 422, `${JSON.stringify(customFields)}: ${refused.body}`);
      assert.match(bodyOf(ErrorBody, refused).message, /^customFields\.(backup_of|apps) names an item/);
    }
    const clash = await h.call('POST', '/public/v1/servers', {
      key,
      body: { name: 'y', customFields: { asset: 'A-1' } },
    });
    assert.equal(clash.statusCode, 422);
    assert.match(
      bodyOf(ErrorBody, clash).message,
      /^customFields\.asset: another of the workspace's servers holds "A-1"/,
    );
    const inB = await h.call('POST', '/public/v1/custom-fields', {
      key: keyB,
      body: { family: 'servers', name: 'asset', type: 'text', unique: true },
    });
    assert.equal(inB.statusCode, 201);
    const otherWorkspace = await h.call('POST', '/public/v1/servers', {
      key: keyB,
      body: { name: 'z', customFields: { asset: 'A-1' } },
    });
    assert.equal(otherWorkspace.statusCode, 201, 'unique within a workspace');
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        h.call('POST', '/public/v1/servers', { key, body: { name: `race-${index}`, customFields: { asset: 'A-2' } } }),
      ),
    );
    assert.deepEqual(racing.map((answer) => answer.statusCode).sort(), [201, 422, 422, 422, 422, 422]);
    assert.equal(await serverCount(h, key), 3);
  });

  it('a rename and a new field during parallel writes: every acknowledged value is kept under its name', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    const field = await define(h, key, { family: 'servers', name: 'rack', type: 'integer' });
    const servers = await Promise.all(
      Array.from(
        { length: 8 },
        async (_, index) =>
          ((await h.call('POST', '/public/v1/servers', { key, body: { name: `s-${index}` } })).json() as Item).id,
      ),
    );
    const writes = servers.map((id, index) =>
      h.call('PATCH', `/public/v1/servers/${id}`, { key, body: { customFields: { rack: index + 1 } } }),
    );
    const rename = h.call('PATCH', `/public/v1/custom-fields/${field.id}`, { key, body: { name: 'rack_unit' } });
    const answers = await Promise.all([...writes, rename]);
    assert.equal(answers.at(-1)!.statusCode, 200);
    const list = (await h.call('GET', '/public/v1/servers', { key, query: { limit: '50' } })).json();
    const byId = new Map<string, Record<string, unknown>>(list.data.map((item: Item) => [item.id, item.customFields]));
    servers.forEach((id, index) => {
      const answer = answers[index]!;
      // A write that ran before the rename moved; one after it named the old field and was refused.
      if (answer.statusCode === 200) assert.deepEqual(byId.get(id), { rack_unit: index + 1 });
      else {
        assert.equal(answer.statusCode, 400);
        assert.deepEqual(byId.get(id), { rack_unit: null });
      }
    });
  });

  it('lists filter by cf_<name> (any of), ranges, __ic, __empty and sort by a field; totals stay exact', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    await define(h, key, { family: 'servers', name: 'rack', type: 'integer', filterable: true });
    await define(h, key, { family: 'servers', name: 'cost', type: 'decimal', filterable: true });
    await define(h, key, { family: 'servers', name: 'owner', type: 'text', filterable: true, searchable: true });
    await define(h, key, {
      family: 'servers',
      name: 'tier',
      type: 'select',
      choices: ['gold', 'silver', 'bronze'],
      filterable: true,
    });
    await define(h, key, {
      family: 'servers',
      name: 'roles',
      type: 'multiselect',
      choices: ['db', 'web', 'cache'],
      filterable: true,
    });
    await define(h, key, { family: 'servers', name: 'warranty', type: 'date', filterable: true });
    await define(h, key, { family: 'servers', name: 'seen', type: 'datetime', filterable: true });
    await define(h, key, { family: 'servers', name: 'virtual', type: 'boolean', filterable: true });
    await define(h, key, { family: 'servers', name: 'extra', type: 'json', filterable: true });
    await define(h, key, { family: 'servers', name: 'note', type: 'text' });
    const rows: [string, Record<string, unknown>][] = [
      [
        'a',
        {
          rack: 3,
          cost: 10.5,
          owner: 'Team Alpha',
          tier: 'gold',
          roles: ['db'],
          warranty: '2027-01-01',
          virtual: true,
        },
      ],
      ['b', { rack: 12, cost: 2, owner: 'beta', tier: 'silver', roles: ['web', 'cache'], warranty: '2026-06-30' }],
      ['c', { rack: 7, owner: 'ALPHA ops', tier: 'gold', seen: '2026-11-29T10:00:00+01:00', virtual: false }],
      ['d', { extra: { any: 1 } }],
    ];
    for (const [name, customFields] of rows) {
      const answer = await h.call('POST', '/public/v1/servers', { key, body: { name, customFields } });
      assert.equal(answer.statusCode, 201, answer.body);
    }
    const names = async (query: Record<string, string | string[]>) => {
      const answer = await h.call('GET', '/public/v1/servers', { key, query: { sort: 'name', ...query } });
      assert.equal(answer.statusCode, 200, `${JSON.stringify(query)}: ${answer.body}`);
      const body = answer.json();
      assert.equal(body.pagination.total, body.data.length, 'the total is exact');
      return body.data.map((item: Item) => item.name).join('');
    };
    assert.equal(await names({ cf_tier: 'gold' }), 'ac');
    assert.equal(await names({ cf_tier: ['gold', 'silver'] }), 'abc', 'repeated: any of');
    assert.equal(await names({ cf_rack: '7' }), 'c');
    assert.equal(await names({ cf_rack__gte: '7' }), 'bc');
    assert.equal(await names({ cf_rack__gt: '3', cf_rack__lt: '12' }), 'c');
    assert.equal(await names({ cf_cost__lte: '2.5' }), 'b');
    assert.equal(await names({ cf_owner__ic: 'alpha' }), 'ac', 'contains, any case');
    assert.equal(await names({ cf_owner__ic: 'A' }), 'abc', 'one character, through the short-search index');
    assert.equal(await names({ cf_owner__ic: 'eta' }), 'b');
    assert.equal(await names({ cf_owner__ic: 'alpha ops' }), 'c', 'words in order');
    assert.equal(await names({ cf_roles: 'cache' }), 'b');
    assert.equal(await names({ cf_roles: ['db', 'web'] }), 'ab');
    assert.equal(await names({ cf_warranty__lt: '2026-12-31' }), 'b');
    assert.equal(await names({ cf_seen__gte: '2026-11-29T09:00:00Z' }), 'c', 'date-times compare as instants');
    assert.equal(await names({ cf_seen: '2026-11-29T09:00:00.000Z' }), 'c');
    assert.equal(await names({ cf_virtual: 'true' }), 'a');
    assert.equal(await names({ cf_virtual: 'false' }), 'c');
    assert.equal(await names({ cf_extra__empty: 'false' }), 'd');
    assert.equal(await names({ cf_tier__empty: 'true' }), 'd');
    assert.equal(await names({ cf_tier: 'gold', q: 'c' }), 'c', 'with q');
    assert.equal(await names({ cf_tier: 'gold', cf_rack__lt: '5' }), 'a', 'every filter holds');
    assert.equal(await names({ sort: 'cf_rack' }), 'dacb', 'unset first ascending');
    assert.equal(await names({ sort: '-cf_rack' }), 'bcad', 'unset last descending');
    assert.equal(await names({ sort: 'cf_owner', cf_owner__empty: 'false' }), 'cab');
    const paged = (
      await h.call('GET', '/public/v1/servers', { key, query: { sort: 'cf_rack', limit: '2', offset: '1' } })
    ).json();
    assert.deepEqual([paged.data.map((item: Item) => item.name), paged.pagination.total], [['a', 'c'], 4]);

    const refusals: [Record<string, string>, RegExp][] = [
      [{ cf_nope: 'x' }, /^cf_nope: servers have no custom field nope/],
      [{ cf_rack: 'seven' }, /^cf_rack: must be a whole number/],
      [{ cf_rack__ic: '7' }, /^cf_rack__ic: __ic applies to text/],
      [{ cf_tier__ic: 'go' }, /^cf_tier__ic: __ic reads the search index, and tier is not searchable/],
      [{ cf_owner__gte: 'a' }, /^cf_owner__gte: __gte applies to number, date/],
      [{ cf_virtual: 'yes' }, /^cf_virtual: must be true or false/],
      [{ cf_warranty__lt: '2026-13-01' }, /^cf_warranty__lt: must be a date/],
      [{ cf_extra: '1' }, /^cf_extra: a JSON field filters by __empty only/],
      [{ cf_tier__empty: 'maybe' }, /^cf_tier__empty: must be true or false/],
      [{ sort: 'cf_roles' }, /^sort: a multiselect field does not sort/],
      [{ sort: 'cf_nope' }, /^sort: servers have no custom field nope/],
      [{ cf_note: 'x' }, /^cf_note: note is not filterable/],
      [{ sort: '-cf_note' }, /^sort: note is not filterable/],
    ];
    for (const [query, message] of refusals) {
      const answer = await h.call('GET', '/public/v1/servers', { key, query });
      assert.equal(answer.statusCode, 400, `${JSON.stringify(query)}: ${answer.body}`);
      assert.match(bodyOf(ErrorBody, answer).message, message);
    }
    const strays: Record<string, string>[] = [
      { cf_: 'x' },
      { cf_Rack: '1' },
      { cf_rack__between: '1' },
      { sort: 'cf_' },
    ];
    for (const query of strays) {
      const answer = await h.call('GET', '/public/v1/servers', { key, query });
      assert.equal(answer.statusCode, 400, `${JSON.stringify(query)} is no parameter of the list`);
    }
    const other = await h.workspace('other');
    const { secret: otherKey } = await h.key(other);
    const foreign = await h.call('GET', '/public/v1/servers', { key: otherKey, query: { cf_tier: 'gold' } });
    assert.equal(foreign.statusCode, 400, "another workspace's fields are not this one's");
  });

  it('a filterable field is indexed: its filter and sort read the index; the index goes with the field', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    const slot = await define(h, key, { family: 'servers', name: 'slot', type: 'integer', filterable: true });
    await define(h, key, { family: 'servers', name: 'steward', type: 'text', filterable: true });
    await fieldIndexesSettled(h.database);
    const rows = Array.from({ length: 4000 }, (_, index) =>
      serverRow(ws.id, `s-${index}`, { slot: index % 1000, steward: `team-${index % 400}` }),
    );
    for (let start = 0; start < rows.length; start += 500)
      await h.database.db
        .insertInto('servers')
        .values(rows.slice(start, start + 500))
        .execute();
    await sql`ANALYZE`.execute(h.database.db);
    const captured: CompiledQuery[] = [];
    const recorded = openDatabase(h.url, { onQuery: (query) => void captured.push(query) });
    const app = await buildApp({ database: recorded, responseCacheBytes: 0 });
    const plans: string[] = [];
    try {
      for (const query of ['cf_slot=7', 'cf_slot__gte=990', 'sort=cf_slot', 'sort=-cf_steward', 'cf_steward=team-3']) {
        captured.length = 0;
        const answer = await app.inject({
          url: `/public/v1/servers?${query}`,
          headers: { authorization: `Bearer ${key}` },
        });
        assert.equal(answer.statusCode, 200, answer.body);
        for (const statement of captured.filter(
          (one) => /custom_fields/.test(one.sql) && /from "servers"/i.test(one.sql),
        ))
          plans.push(`${query}: ${(await planOf(h, statement)).join(' | ')}`);
      }
    } finally {
      await app.close();
      await recorded.close();
    }
    assert.ok(plans.length >= 5, plans.join('\n'));
    for (const plan of plans)
      assert.match(plan, /cf_servers_(slot|steward)/, `read through the field's index: ${plan}`);
    assert.ok(await hasIndex(h, /^cf_servers_(slot|steward)/), 'the index exists');
    // Another workspace's field of the same name holds text: the shared index never fails on it.
    const other = await h.workspace('other');
    const { secret: otherKey } = await h.key(other);
    await define(h, otherKey, { family: 'servers', name: 'slot', type: 'text', filterable: true });
    const text = await h.call('POST', '/public/v1/servers', {
      key: otherKey,
      body: { name: 'x', customFields: { slot: 'R14-U38' } },
    });
    assert.equal(text.statusCode, 201, text.body);
    const found = await h.call('GET', '/public/v1/servers', { key: otherKey, query: { cf_slot: 'R14-U38' } });
    assert.equal(found.json().pagination.total, 1);
    const unfiltered = await h.call('PATCH', `/public/v1/custom-fields/${slot.id}`, {
      key,
      body: { filterable: false },
    });
    assert.equal(unfiltered.statusCode, 200, unfiltered.body);
    const owner = (await h.call('GET', '/public/v1/custom-fields', { key, query: { family: 'servers' } }))
      .json()
      .data.find((field: { name: string }) => field.name === 'steward');
    const deleted = await h.call('DELETE', `/public/v1/custom-fields/${owner.id}`, { key });
    assert.equal(deleted.statusCode, 204, deleted.body);
    const otherSlot = (await h.call('GET', '/public/v1/custom-fields', { key: otherKey })).json().data[0];
    const otherDeleted = await h.call('DELETE', `/public/v1/custom-fields/${otherSlot.id}`, { key: otherKey });
    assert.equal(otherDeleted.statusCode, 204, otherDeleted.body);
    await fieldIndexesSettled(h.database);
    const { rows: left } = await (h.dialect === 'sqlite'
      ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'cf_servers_%'`
      : sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE indexname LIKE 'cf_servers_%'`
    ).execute(h.database.db);
    assert.deepEqual(
      left.map((row) => row.name).filter((name) => /^cf_servers_(slot|steward)/.test(name)),
      [],
      'no field filterable: no index left',
    );
  });

  it('PostgreSQL: a field made filterable never waits for, nor holds, writes to its table', async (t) => {
    if (h.dialect !== 'postgres') return t.skip('SQLite has one writer: the index is made in its transaction');
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    const server = await h.call('POST', '/public/v1/servers', { key, body: { name: 'busy' } });
    assert.equal(server.statusCode, 201, server.body);
    const valid = async () => {
      const { rows } = await sql<{ valid: boolean }>`SELECT i.indisvalid AS valid FROM pg_index i
        JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'cf_servers_bay_n'`.execute(h.database.db);
      return rows[0]?.valid;
    };
    // Another request's write to servers, not yet committed: a plain CREATE INDEX would wait for it.
    const other = openDatabase(h.url);
    try {
      await other.db.connection().execute(async (connection) => {
        await sql`BEGIN`.execute(connection);
        await sql`UPDATE servers SET name = 'busier' WHERE id = ${server.json().id}`.execute(connection);
        const answer = await Promise.race([
          h.call('POST', '/public/v1/custom-fields', {
            key,
            body: { family: 'servers', name: 'bay', type: 'integer', filterable: true },
          }),
          new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 20_000).unref()),
        ]);
        assert.ok(answer, 'the definition was answered while the other write was open');
        assert.equal(answer.statusCode, 201, answer.body);
        const listed = await h.call('GET', '/public/v1/servers', { key, query: { cf_bay: '3' } });
        assert.equal(listed.statusCode, 200, 'filtered at once, the index or not');
        assert.notEqual(await valid(), true, 'the index waits for the open write');
        await sql`COMMIT`.execute(connection);
      });
    } finally {
      await other.close();
    }
    await fieldIndexesSettled(h.database);
    assert.equal(await valid(), true, 'built once the write ended');
    const { rows: stats } = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stats
      WHERE tablename = 'cf_servers_bay_n'`.execute(h.database.db);
    assert.equal(Number(stats[0]!.n), 1, 'analysed once built: the planner knows its values');
  });

  it('a field defined through one instance is taken and checked by another on its next request', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    const other = openDatabase(h.url);
    const otherApp = await buildApp({ database: other });
    try {
      const viaOther = (body: unknown) =>
        otherApp.inject({
          method: 'POST',
          url: '/public/v1/servers',
          headers: { authorization: `Bearer ${key}` },
          payload: body as Record<string, unknown>,
        });
      const listed = async () =>
        (
          await otherApp.inject({
            method: 'GET',
            url: '/public/v1/servers',
            headers: { authorization: `Bearer ${key}` },
          })
        ).json().data[0].customFields;
      assert.equal((await viaOther({ name: 'a' })).statusCode, 201);
      assert.deepEqual(await listed(), {});
      await define(h, key, { family: 'servers', name: 'rack_unit', type: 'integer', maximum: 48 });
      assert.deepEqual(await listed(), { rack_unit: null }, 'no stale cached answer');
      const refused = await viaOther({ name: 'b', customFields: { rack_unit: 99 } });
      assert.equal(refused.statusCode, 400, refused.body);
      assert.equal((await viaOther({ name: 'b', customFields: { rack_unit: 9 } })).statusCode, 201);
    } finally {
      await otherApp.close();
      await other.close();
    }
  });
});
