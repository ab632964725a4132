/**
 * The response cache (lists/response-cache.ts): lists cached under their workspace's data version
 * give the same bytes as a page read afresh, and never a page older than the last committed
 * write, whichever instance wrote it.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import fastJson from 'fast-json-stringify';
import { sql } from 'kysely';
import { buildApp } from '../../../src/surfaces/server/app.js';
import { loadConfig } from '../../../src/base/config.js';
import { openDatabase } from '../../../src/base/db/database.js';
import { dataVersion } from '../../../src/base/lists/response-cache.js';
import { responseCacheTotal } from '../../../src/base/metrics/metrics.js';
import { describeEachDatabase } from '../../support/harness.js';
import { inlined } from '../../support/api-document.js';

/** Answers given by the response cache so far (estate_response_cache_requests_total{outcome="hit"}). */
const hitCount = async () =>
  (await responseCacheTotal.get()).values.find((value) => value.labels.outcome === 'hit')?.value ?? 0;

describeEachDatabase('the response cache: lists under the data version', (h) => {
  it('a cached page is the page read afresh; each kind of write shows in the next read', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    const page = async (url: string) => {
      const res = await h.call('GET', url, { key });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
      return res.body;
    };
    const created = (
      await h.call('POST', '/public/v1/servers', { key, body: { name: 'alpha', ipAddresses: ['10.0.0.1'] } })
    ).json();
    const hitsBefore = await hitCount();
    const first = await page('/public/v1/servers?limit=10&sort=name');
    assert.equal(await page('/public/v1/servers?limit=10&sort=name'), first, 'read again: the same bytes');
    assert.equal((await hitCount()) - hitsBefore, 1, 'the second read was given from memory');
    // Built afresh by a second app with an empty response cache: the same bytes.
    const fresh = await buildApp({ database: h.database });
    try {
      const again = await fresh.inject({
        method: 'GET',
        url: '/public/v1/servers?limit=10&sort=name',
        headers: { authorization: `Bearer ${key}` },
      });
      assert.equal(again.body, first);
    } finally {
      await fresh.close();
    }

    await h.call('PATCH', `/public/v1/servers/${created.id}`, { key, body: { name: 'beta' } });
    assert.match(await page('/public/v1/servers?limit=10&sort=name'), /"name":"beta"/, 'an update');
    const tag = (await h.call('POST', '/public/v1/tags', { key, body: { name: 'gold' } })).json();
    await h.call('PUT', `/public/v1/servers/${created.id}/tags/${tag.id}`, { key });
    assert.match(await page(`/public/v1/servers?tagId=${tag.id}`), /"name":"beta"/, 'a link');
    await h.call('DELETE', `/public/v1/servers/${created.id}/tags/${tag.id}`, { key });
    assert.match(await page(`/public/v1/servers?tagId=${tag.id}`), /"data":\[\]/, 'an unlink');
    await h.call('DELETE', `/public/v1/servers/${created.id}`, { key });
    assert.match(await page('/public/v1/servers?limit=10&sort=name'), /"data":\[\],.*"total":0/, 'a delete');
  });

  it('a write by another instance on the same database shows in the next read of this one', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    const other = openDatabase(h.url);
    const otherApp = await buildApp({ database: other });
    try {
      const list = async () =>
        (await h.call('GET', '/public/v1/applications?q=kept', { key })).json().data.map((a: any) => a.name);
      assert.deepEqual(await list(), []);
      const post = await otherApp.inject({
        method: 'POST',
        url: '/public/v1/applications',
        headers: { authorization: `Bearer ${key}` },
        payload: { name: 'kept-one' },
      });
      assert.equal(post.statusCode, 201, post.body);
      assert.deepEqual(await list(), ['kept-one']);
    } finally {
      await otherApp.close();
      await other.close();
    }
  });

  it('workspaces keep their own pages; a write moves only its own workspace’s version', async () => {
    const [a, b] = [await h.workspace('A'), await h.workspace('B')];
    const [keyA, keyB] = [(await h.key(a)).secret, (await h.key(b)).secret];
    await h.call('POST', '/public/v1/teams', { key: keyA, body: { name: 'team of A' } });
    const names = async (key: string) =>
      (await h.call('GET', '/public/v1/teams', { key })).json().data.map((t: any) => t.name);
    assert.deepEqual(await names(keyA), ['team of A']);
    assert.deepEqual(await names(keyB), [], 'B never reads the page A cached for the same query');
    const before = await dataVersion(h.database, b.id);
    await h.call('POST', '/public/v1/teams', { key: keyA, body: { name: 'second team of A' } });
    assert.equal(await dataVersion(h.database, b.id), before);
    assert.notEqual(await dataVersion(h.database, a.id), undefined);
  });

  it('a failed write leaves the version; a database without one (restored) answers, and keeps nothing', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    const before = await dataVersion(h.database, ws.id);
    const refused = await h.call('POST', '/public/v1/servers', { key, body: { name: '' } });
    assert.equal(refused.statusCode, 400);
    assert.equal(await dataVersion(h.database, ws.id), before);
    await sql`DELETE FROM data_versions WHERE workspace_id = ${ws.id}`.execute(h.database.db);
    await h.call('POST', '/public/v1/servers', { key, body: { name: 'first' } });
    assert.equal((await h.call('GET', '/public/v1/servers', { key })).json().pagination.total, 1);
  });

  it('a list filtered on the clock is never cached: an announcement becomes active without a write', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    const startsAt = new Date(Date.now() + 1500).toISOString();
    const created = await h.call('POST', '/public/v1/announcements', {
      key,
      body: { title: 'soon', body: 'soon', severity: 'info', startsAt },
    });
    assert.equal(created.statusCode, 201, created.body);
    const active = async () =>
      (await h.call('GET', '/public/v1/announcements?active=true', { key })).json().pagination.total;
    assert.equal(await active(), 0);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    assert.equal(await active(), 1);
  });

  it('each app has its own cache, bounded by its size: an answer larger than the cache is not kept', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    await h.call('POST', '/public/v1/servers', { key, body: { name: 'alpha' } });
    const tiny = await buildApp({ database: h.database, responseCacheBytes: 64 });
    try {
      const read = () =>
        tiny.inject({
          method: 'GET',
          url: '/public/v1/servers?sort=name',
          headers: { authorization: `Bearer ${key}` },
        });
      const hitsBefore = await hitCount();
      const first = await read();
      assert.equal(first.statusCode, 200);
      assert.equal((await read()).body, first.body);
      assert.equal((await hitCount()) - hitsBefore, 0, 'a page of more than 64 bytes was computed both times');
    } finally {
      await tiny.close();
    }
  });

  it('RESPONSE_CACHE_MB sizes the cache; KEPT_ANSWERS_MB, its former name, is read when it is unset', () => {
    assert.equal(loadConfig({}).responseCacheMb, 32);
    assert.equal(loadConfig({ RESPONSE_CACHE_MB: '0' }).responseCacheMb, 0);
    assert.equal(loadConfig({ KEPT_ANSWERS_MB: '5' }).responseCacheMb, 5);
    assert.equal(loadConfig({ RESPONSE_CACHE_MB: '7', KEPT_ANSWERS_MB: '5' }).responseCacheMb, 7);
    assert.throws(() => loadConfig({ RESPONSE_CACHE_MB: '-1' }), /^Error: RESPONSE_CACHE_MB must be an integer/);
    assert.throws(() => loadConfig({ KEPT_ANSWERS_MB: 'lots' }), /^Error: KEPT_ANSWERS_MB must be an integer/);
  });
});

/** Text as the API accepts it: any Unicode but NUL and lone surrogates, with the characters JSON escapes. */
const text = fc
  .oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
    fc
      .array(fc.constantFrom('"', '\\', '\t', '\n', '\r', '\u0001', '\u001f', '\u007f', '\u2028', 'é', '😀', '</'), {
        minLength: 1,
        maxLength: 8,
      })
      .map((parts) => `x${parts.join('')}`),
  )
  .filter((value) => value.trim() !== '' && !value.includes('\u0000'));

describeEachDatabase('cached pages of generated rows', (h) => {
  it('stored rows of every kind read the same bytes cached, computed, and by the validating serializer', async () => {
    const ws = await h.workspace();
    const { secret: key } = await h.key(ws);
    const computedDatabase = openDatabase(h.url);
    const computed = await buildApp({ database: computedDatabase, responseCacheBytes: 0 });
    try {
      const listSchema = inlined((await h.call('GET', '/openapi.json')).json()).paths['/public/v1/contracts'].get
        .responses['200'].content['application/json'].schema;
      const validating = fastJson(listSchema);
      const contract = fc.record({
        name: text,
        vendor: text,
        reference: fc.option(text, { nil: null }),
        startDate: fc.constantFrom('2024-01-01', '2026-02-28'),
        noticePeriodDays: fc.option(fc.integer({ min: 0, max: 3650 }), { nil: null }),
        autoRenew: fc.boolean(),
        amount: fc.option(
          fc.oneof(
            fc.double({ min: 0, max: 1e12, noNaN: true }),
            fc.constantFrom(0, 0.1, 1e-7, 123.45, 999999999999.99),
          ),
          { nil: null },
        ),
        seats: fc.option(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { nil: null }),
        description: fc.option(text, { nil: null }),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(contract, { minLength: 1, maxLength: 4 }), async (bodies) => {
          for (const body of bodies) {
            const created = await h.call('POST', '/public/v1/contracts', { key, body });
            assert.equal(created.statusCode, 201, created.body);
          }
          const url = '/public/v1/contracts?limit=200&sort=-createdAt';
          const kept = [await h.call('GET', url, { key }), await h.call('GET', url, { key })].map((res) => res.body);
          const fresh = await computed.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
          assert.equal(kept[0], fresh.body);
          assert.equal(kept[1], fresh.body);
          assert.equal(validating(JSON.parse(fresh.body)), fresh.body);
        }),
        { numRuns: 12 },
      );
    } finally {
      await computed.close();
      await computedDatabase.close();
    }
  });
});
