import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import {
  CATALOG_CATEGORIES,
  CATALOG_PAGE_SIZE,
  HOSTING_TYPES,
} from '../../../src/families/applications/catalog.service.js';
import { Type } from 'typebox';
import { CatalogEntrySchema } from '../../../src/families/applications/catalog.routes.js';
import { ErrorBody } from '../../../src/base/http/errors.js';
import { describeEachDatabase } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';
import { installed } from '../../../src/base/paths.js';

const shipped = JSON.parse(readFileSync(installed('assets', 'application-catalog.json'), 'utf8')) as any[];

/** The catalog envelope of GET /application-catalog, as catalog.routes.ts declares it (not exported there). */
const CatalogList = Type.Object({ data: Type.Array(CatalogEntrySchema), total: Type.Integer(), page: Type.Integer() });

describeEachDatabase('GET /application-catalog', (h) => {
  it('the shipped catalog has at least 300 complete entries with unique ids', () => {
    assert.ok(shipped.length >= 300);
    assert.equal(new Set(shipped.map((e) => e.id)).size, shipped.length);
    for (const entry of shipped) {
      for (const field of ['id', 'name', 'vendor', 'category', 'website', 'description', 'hostingType']) {
        assert.equal(typeof entry[field], 'string', `${entry.id}.${field}`);
        assert.ok(entry[field].length > 0);
      }
      assert.ok((CATALOG_CATEGORIES as readonly string[]).includes(entry.category), entry.category);
      assert.ok((HOSTING_TYPES as readonly string[]).includes(entry.hostingType));
      assert.match(entry.website, /^https:\/\//);
    }
  });

  it('the catalog envelope: data, total, page; page defaults to 1 and has a fixed size', async () => {
    const key = await h.key(await h.workspace());
    const res = await h.call('GET', '/public/v1/application-catalog', { key: key.secret });
    assert.equal(res.statusCode, 200);
    const body = bodyOf(CatalogList, res);
    assert.deepEqual(Object.keys(body).sort(), ['data', 'page', 'total']);
    assert.equal(body.page, 1);
    assert.equal(body.total, shipped.length);
    assert.equal(body.data.length, CATALOG_PAGE_SIZE);
  });

  it('paging through to the empty page visits every entry once', async () => {
    const key = await h.key(await h.workspace());
    const ids: string[] = [];
    for (let page = 1; page < 1000; page += 1) {
      const body = bodyOf(
        CatalogList,
        await h.call('GET', '/public/v1/application-catalog', { key: key.secret, query: { page: String(page) } }),
      );
      assert.equal(body.page, page);
      if (body.data.length === 0) break;
      ids.push(...body.data.map((e) => e.id));
    }
    assert.equal(ids.length, shipped.length);
    assert.equal(new Set(ids).size, shipped.length);
  });

  it('searches with q (name, vendor, description; case-insensitive) and category', async () => {
    const key = await h.key(await h.workspace());
    const search = async (query: Record<string, string>) =>
      bodyOf(CatalogList, await h.call('GET', '/public/v1/application-catalog', { key: key.secret, query }));
    const postgres = await search({ q: 'POSTGRESQL' });
    assert.ok(postgres.data.some((e) => e.id === 'postgresql'));
    const databases = await search({ category: 'database' });
    assert.ok(databases.total >= 5);
    assert.ok(databases.data.every((e) => e.category === 'database'));
    const both = await search({ q: 'microsoft', category: 'office' });
    assert.ok(
      both.data.every((e) => e.category === 'office' && /microsoft/i.test(`${e.name} ${e.vendor} ${e.description}`)),
    );
    assert.deepEqual(await search({ q: 'zzzz-no-such-product' }), { data: [], total: 0, page: 1 });
  });

  it('400 for a non-positive or non-integer page, an unknown category or parameter', async () => {
    const key = await h.key(await h.workspace());
    const queries: Record<string, string>[] = [
      { page: '0' },
      { page: '-1' },
      { page: '1.5' },
      { page: 'two' },
      { category: 'toys' },
      { limit: '10' },
    ];
    for (const query of queries) {
      const res = await h.call('GET', '/public/v1/application-catalog', { key: key.secret, query });
      assert.equal(res.statusCode, 400, JSON.stringify(query));
      assert.equal(bodyOf(ErrorBody, res).code, 'bad_request');
    }
  });

  it('needs applications:read', async () => {
    const key = await h.key(await h.workspace(), { scopes: ['tenant:read'] });
    const res = await h.call('GET', '/public/v1/application-catalog', { key: key.secret });
    assert.equal(bodyOf(ErrorBody, res).message, 'missing permission: applications:read');
  });
});
