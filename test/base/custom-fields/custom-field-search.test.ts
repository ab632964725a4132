/**
 * `q` over searchable custom fields: a list's `q` finds the values of its family's `searchable`
 * fields (an array's items each), as it finds the built-in searched columns, and only those; the
 * search follows each change of a value and each change of a definition (made searchable or not,
 * renamed, deleted); another workspace's fields and values never show; a database made before
 * `custom_search` is filled by its migration.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { bulkLoader, SUSPEND_FROM_ROWS } from '../../../src/base/db/bulk.js';
import { describeEachDatabase, type Harness } from '../../support/harness.js';
import { serverRow } from '../../support/rows.js';

type Found = { data: { name: string }[]; pagination: { total: number } };

async function call(h: Harness, key: string, method: string, path: string, body?: unknown) {
  const answer = await h.call(method as 'GET', `/public/v1/${path}`, { key, ...(body ? { body } : {}) });
  assert.ok(answer.statusCode < 300, `${method} ${path}: ${answer.statusCode} ${answer.body}`);
  return answer.statusCode === 204 ? undefined : answer.json();
}

/** The names `q` finds among the servers, sorted, with the list's total. */
async function found(h: Harness, key: string, q: string, family = 'servers'): Promise<string[]> {
  const answer = await h.call('GET', `/public/v1/${family}`, { key, query: { q, limit: '100' } });
  assert.equal(answer.statusCode, 200, answer.body);
  const page = answer.json() as Found;
  assert.equal(page.pagination.total, page.data.length, `q=${q}: the total counts what is listed`);
  return page.data.map((item) => item.name).sort();
}

describeEachDatabase('q over searchable custom fields', (h) => {
  it('finds the values of searchable fields only, and follows each change of a value', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    const field = (body: Record<string, unknown>) =>
      call(h, key, 'POST', 'custom-fields', { family: 'servers', ...body });
    await field({ name: 'rack', type: 'text', searchable: true, filterable: true });
    await field({ name: 'notes', type: 'longtext' });
    await field({ name: 'roles', type: 'multiselect', choices: ['Edge-Proxy', 'Cache'], searchable: true });
    await field({ name: 'asset', type: 'integer', searchable: true });
    const [one] = await Promise.all([
      call(h, key, 'POST', 'servers', {
        name: 'one',
        customFields: { rack: 'R14-U38', notes: 'hidden-word', roles: ['Edge-Proxy'], asset: 4711 },
      }),
      call(h, key, 'POST', 'servers', { name: 'two', customFields: { rack: 'R2-U01' } }),
      call(h, key, 'POST', 'servers', { name: 'three' }),
    ]);
    assert.deepEqual(await found(h, key, 'r14-u38'), ['one'], 'any case');
    assert.deepEqual(await found(h, key, 'U3'), ['one'], 'a search shorter than a trigram');
    assert.deepEqual(await found(h, key, 'edge-proxy'), ['one'], "a multiple selection's items");
    assert.deepEqual(await found(h, key, '4711'), ['one'], 'a number as written');
    assert.deepEqual(await found(h, key, '-u'), ['one', 'two']);
    assert.deepEqual(await found(h, key, 'hidden-word'), [], 'a field that is not searchable');
    // With another filter, and the built-in columns still searched.
    assert.deepEqual(await found(h, key, 'thre'), ['three']);
    const filtered = await h.call('GET', '/public/v1/servers', { key, query: { q: 'r', cf_rack__empty: 'false' } });
    assert.deepEqual(
      filtered
        .json()
        .data.map((item: { name: string }) => item.name)
        .sort(),
      ['one', 'two'],
    );

    await call(h, key, 'PATCH', `servers/${one.id}`, { customFields: { rack: 'Z99-U01' } });
    assert.deepEqual(await found(h, key, 'r14'), []);
    assert.deepEqual(await found(h, key, 'z99-u01'), ['one']);
    await call(h, key, 'PATCH', `servers/${one.id}`, { customFields: { rack: null, roles: null } });
    assert.deepEqual(await found(h, key, 'z99'), []);
    assert.deepEqual(await found(h, key, 'edge'), []);
  });

  it('follows each change of a definition, and never shows another workspace', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    const rack = await call(h, key, 'POST', 'custom-fields', {
      family: 'applications',
      name: 'cost_centre',
      type: 'text',
    });
    await call(h, key, 'POST', 'applications', { name: 'billing', customFields: { cost_centre: 'CC-4711' } });
    await call(h, key, 'POST', 'applications', { name: 'payroll', customFields: { cost_centre: 'CC-0815' } });
    assert.deepEqual(await found(h, key, 'cc-4711', 'applications'), []);
    await call(h, key, 'PATCH', `custom-fields/${rack.id}`, { searchable: true });
    assert.deepEqual(await found(h, key, 'cc-4711', 'applications'), ['billing'], 'made searchable: items found');
    await call(h, key, 'PATCH', `custom-fields/${rack.id}`, { name: 'cost_center' });
    assert.deepEqual(await found(h, key, 'cc-0', 'applications'), ['payroll'], 'renamed: still found');

    // Another workspace with the same field and value: neither sees the other's.
    const other = await h.workspace('other');
    const { secret: otherKey } = await h.key(other);
    await call(h, otherKey, 'POST', 'custom-fields', {
      family: 'applications',
      name: 'cost_center',
      type: 'text',
      searchable: true,
    });
    await call(h, otherKey, 'POST', 'applications', { name: 'theirs', customFields: { cost_center: 'CC-4711' } });
    assert.deepEqual(await found(h, key, 'cc-4711', 'applications'), ['billing']);
    assert.deepEqual(await found(h, otherKey, 'cc-4711', 'applications'), ['theirs']);
    assert.deepEqual(await found(h, otherKey, 'cc-0815', 'applications'), []);

    await call(h, key, 'PATCH', `custom-fields/${rack.id}`, { searchable: false });
    assert.deepEqual(await found(h, key, 'cc-', 'applications'), [], 'no longer searchable');
    await call(h, key, 'PATCH', `custom-fields/${rack.id}`, { searchable: true });
    assert.deepEqual(await found(h, key, 'cc-', 'applications'), ['billing', 'payroll']);
    await call(h, key, 'DELETE', `custom-fields/${rack.id}`);
    assert.deepEqual(await found(h, key, 'cc-', 'applications'), [], 'deleted with its values');
    assert.deepEqual(await found(h, otherKey, 'cc-', 'applications'), ['theirs'], "the other's untouched");
  });

  it('a bulk load that takes the table bare writes the search text once, which later changes replace', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    await call(h, key, 'POST', 'custom-fields', { family: 'servers', name: 'rack', type: 'text', searchable: true });
    const size = SUSPEND_FROM_ROWS + 1000;
    const rows = Array.from({ length: size }, (_, index) =>
      serverRow(ws.id, `s-${index}`, index % 2 === 0 ? { rack: `R-${index}` } : {}),
    );
    await h.database.db.transaction().execute(async (trx) => {
      const bulk = bulkLoader(trx, h.database);
      await bulk.insert('servers', rows);
      await bulk.finish();
    });
    assert.deepEqual(await found(h, key, 'r-12344'), ['s-12344']);
    assert.deepEqual(await found(h, key, 'r-12345'), [], 'an item without the value');
    const listed = await h.call('GET', '/public/v1/servers', { key, query: { q: 'r-1234' } });
    assert.equal(listed.json().pagination.total, 6, 'r-1234 and r-12340…r-12348, even ones');
    const id = rows[12344]!.id;
    await call(h, key, 'PATCH', `servers/${id}`, { customFields: { rack: 'moved-away' } });
    assert.deepEqual(await found(h, key, 'r-12344'), [], 'the loaded text is replaced, not kept beside');
    assert.deepEqual(await found(h, key, 'moved-away'), ['s-12344']);
  });

  it('a field made searchable writes the text of every item, however many, in slices', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    const lot = await call(h, key, 'POST', 'custom-fields', { family: 'servers', name: 'lot', type: 'text' });
    const rows = Array.from({ length: 1234 }, (_, index) =>
      serverRow(ws.id, `lot-server-${index}`, { lot: `LOT-${String(index).padStart(4, '0')}` }),
    );
    await h.database.db.insertInto('servers').values(rows.slice(0, 600)).execute();
    await h.database.db.insertInto('servers').values(rows.slice(600)).execute();
    await call(h, key, 'PATCH', `custom-fields/${lot.id}`, { searchable: true });
    for (const index of [0, 499, 500, 1000, 1233])
      assert.deepEqual(await found(h, key, `lot-${String(index).padStart(4, '0')}`), [`lot-server-${index}`]);
    const all = await h.call('GET', '/public/v1/servers', { key, query: { q: 'lot-1' } });
    assert.equal(all.json().pagination.total, 234, 'LOT-1000 to LOT-1233, each once');
  });
});
