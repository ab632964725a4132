/**
 * Pages written by SQLite (item-json.ts) are the serializer's, byte for byte: for every family, in
 * several orders and at any offset, with text that needs escaping and custom fields of each kind;
 * and the list route answers the same text on both databases (instants finer than a millisecond
 * included, on PostgreSQL).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import type { Family } from '../../../src/base/resources/family.js';
import { servers } from '../../../src/families/servers/servers.module.js';
import { SAMPLES } from '../../support/family-samples.js';
import { describeEachDatabase } from '../../support/harness.js';

/** Text the serializer escapes: quotes, a backslash, control characters, a line separator and beyond the BMP. */
const AWKWARD = 'Quote " back \\ slash / tab\tline\nfeed\r\u2028 é 😀 <b>&amp;</b>';

describeEachDatabase('pages written by the database', (h) => {
  it('are the serializer’s text for every family, sort and offset', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const post = async (path: string, body: Record<string, unknown>) => {
      const created = await h.call('POST', `/public/v1/${path}`, { key, body });
      assert.equal(created.statusCode, 201, `${path}: ${created.body}`);
      return (created.json() as { id: string }).id;
    };
    const context = { post };
    // Fields of each kind on servers, set on one of them.
    const fields = [
      { family: 'servers', name: 'rack', type: 'text', order: 2 },
      { family: 'servers', name: 'units', type: 'integer', order: 1 },
      { family: 'servers', name: 'roles', type: 'multiselect', choices: ['db', 'web "edge"'] },
      { family: 'servers', name: 'warranty', type: 'date' },
      { family: 'servers', name: 'active', type: 'boolean' },
    ];
    for (const field of fields) await post('custom-fields', field);
    const values = { rack: AWKWARD, units: 4, roles: ['web "edge"', 'db'], warranty: '2027-03-01', active: false };
    await post('servers', {
      name: 'awkward',
      description: AWKWARD,
      ipAddresses: ['10.0.0.1', '::1'],
      customFields: values,
    });
    for (const [family, samples] of SAMPLES) {
      const path = family.definition.path.slice(1);
      for (const body of await samples.creates(context)) await post(path, body);
    }
    // An instant with microseconds, as another writer of the database may leave it.
    const instant = h.dialect === 'postgres' ? sql`'2026-01-02 03:04:05.678912+00'` : sql`'2026-01-02T03:04:05.678Z'`;
    await sql`UPDATE servers SET last_report_at = ${instant} WHERE name = 'awkward'`.execute(h.database.db);

    let written = 0;
    for (const family of h.registry.families as Family[]) {
      const service = h.registry.serviceOf(family);
      const path = family.definition.path;
      const sorts = [undefined, ...Object.keys(family.sorts).flatMap((sort) => [sort, `-${sort}`])];
      for (const sort of sorts)
        for (const page of [{ limit: 200 }, { limit: 2, offset: 1 }, { limit: 5, offset: 1000 }]) {
          const query = { ...page, ...(sort && { sort }) };
          const text = await service.listText(h.database, ws.id, query);
          if (!family.jsonFields || h.dialect === 'postgres') {
            assert.equal(text, undefined, `${path}: the serializer writes PostgreSQL's pages and relations`);
            continue;
          }
          const objects = JSON.stringify(await service.list(h.database, ws.id, query));
          assert.equal(text, objects, `${path} ${JSON.stringify(query)}`);
          written++;
        }
      // A filter, or the order of a custom field: the serializer's.
      for (const query of [{ q: 'a' }, { sort: 'cf_units' }, { sort: '-cf_rack', limit: 5 }])
        assert.equal(await service.listText(h.database, ws.id, query), undefined, JSON.stringify(query));
    }
    if (h.dialect === 'sqlite') assert.ok(written > 100, `${written} pages compared`);

    const answered = await h.call('GET', '/public/v1/servers', { key, query: { limit: '200', sort: '-name' } });
    assert.equal(answered.statusCode, 200);
    assert.match(answered.headers['content-type'] as string, /^application\/json; charset=utf-8$/);
    const listed = await h.registry.serviceOf(servers).list(h.database, ws.id, { limit: 200, sort: '-name' });
    assert.equal(answered.body, JSON.stringify(listed));
    const awkward = listed.data.find((server) => server.name === 'awkward')!;
    assert.equal(awkward.lastReportAt, '2026-01-02T03:04:05.678Z');
    assert.deepEqual((awkward as unknown as { customFields: unknown }).customFields, {
      units: 4,
      rack: AWKWARD,
      roles: values.roles,
      warranty: values.warranty,
      active: false,
    });
  });
});
