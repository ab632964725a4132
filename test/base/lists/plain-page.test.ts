/**
 * A family's list with paging alone reads its page, its kept total and the family's field names in
 * one statement (crud.ts plainPagesOf): the answer stays what separate reads gave, for the caller's
 * workspace alone, past the end, and as fields come and go.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { CompiledQuery } from 'kysely';
import { openDatabase, type Database } from '../../../src/base/db/database.js';
import { servers } from '../../../src/families/servers/servers.module.js';
import { buildApp, type App } from '../../../src/surfaces/server/app.js';
import { describeEachDatabase, type Workspace } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

type Page = {
  data: { name: string; customFields: Record<string, unknown> }[];
  pagination: { limit: number; offset: number; total: number };
};

describeEachDatabase('a plain page in one statement', (h) => {
  // The service computing every page, on a handle whose statements are recorded.
  let database: Database;
  let app: App;
  let statements: string[] = [];
  before(async () => {
    database = openDatabase(h.url, { onQuery: (query: CompiledQuery) => void statements.push(query.sql) });
    app = await buildApp({ database, logger: false, responseCacheBytes: 0 });
  });
  after(async () => {
    await app.close();
    await database.close();
  });

  const list = async (secret: string, query = '') => {
    const response = await app.inject({ url: `/public/v1/servers?limit=2${query}`, headers: bearer(secret) });
    assert.equal(response.statusCode, 200, response.body);
    bodyOf(servers.list, response);
    return response.json() as Page;
  };
  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const define = async (_ws: Workspace, secret: string, name: string, order: number) => {
    const body = { family: 'servers', name, type: 'text', order };
    const created = await h.call('POST', '/public/v1/custom-fields', { key: secret, body });
    assert.equal(created.statusCode, 201, created.body);
    return (created.json() as { id: string }).id;
  };
  const addServers = async (secret: string, names: string[], customFields: Record<string, unknown> = {}) => {
    for (const name of names) {
      const created = await h.call('POST', '/public/v1/servers', { key: secret, body: { name, customFields } });
      assert.equal(created.statusCode, 201, created.body);
    }
  };

  it('reads the page, the total and the field names in one statement, for the caller’s workspace', async () => {
    const [a, b] = [await h.workspace('A'), await h.workspace('B')];
    const [keyA, keyB] = [(await h.key(a)).secret, (await h.key(b)).secret];
    // B has more servers and fields of its own: none of them may reach A's answer.
    await define(b, keyB, 'b_only', 1);
    await addServers(keyB, ['b-1', 'b-2', 'b-3', 'b-4', 'b-5'], { b_only: 'x' });
    await define(a, keyA, 'second', 2);
    await define(a, keyA, 'first', 1);
    await addServers(keyA, ['a-3', 'a-1', 'a-2'], { second: 'two' });

    statements = [];
    const page = await list(keyA);
    assert.deepEqual(
      page.data.map((server) => server.name),
      ['a-1', 'a-2'],
    );
    assert.equal(page.pagination.total, 3);
    for (const server of page.data)
      assert.deepEqual(Object.entries(server.customFields), [
        ['first', null],
        ['second', 'two'],
      ]);
    const read = statements.filter((text) => !/api_keys/.test(text));
    assert.equal(read.length, 1, `one statement after the key's: ${read.join('\n')}`);
    assert.match(read[0]!, /row_counts/);
    assert.match(read[0]!, /field_definitions/);

    const reversed = await list(keyA, '&sort=-name&offset=2');
    assert.deepEqual(
      reversed.data.map((server) => server.name),
      ['a-1'],
    );
    assert.equal(reversed.pagination.total, 3);
    const otherSide = await list(keyB);
    assert.equal(otherSide.pagination.total, 5);
    assert.deepEqual(Object.keys(otherSide.data[0]!.customFields), ['b_only']);
  });

  it('past the end, with no row to carry it, still answers the total', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    await addServers(key, ['only']);
    const page = await list(key, '&offset=5');
    assert.deepEqual(page.data, []);
    assert.equal(page.pagination.total, 1);
    const empty = await list((await h.key(await h.workspace())).secret);
    assert.deepEqual(empty, { data: [], pagination: { limit: 2, offset: 0, total: 0 } });
  });

  it('shows a field from its definition on, and none after it is deleted', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    await addServers(key, ['s-1']);
    assert.deepEqual((await list(key)).data[0]!.customFields, {});
    const id = await define(ws, key, 'rack', 1);
    assert.deepEqual((await list(key)).data[0]!.customFields, { rack: null });
    const deleted = await h.call('DELETE', `/public/v1/custom-fields/${id}`, { key });
    assert.equal(deleted.statusCode, 204, deleted.body);
    assert.deepEqual((await list(key)).data[0]!.customFields, {});
  });
});
