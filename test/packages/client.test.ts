/**
 * @estate/client against a live `estate serve` on each database: typed calls, listAll over offset
 * pages, auditFeed from a saved position, EstateError; retries of 429 and 503 against a small local
 * server; and the checked-in types regenerated from the routes. Needs the build (npm run build).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  type AuditEvent,
  type AuditPosition,
  createClient,
  customFieldsOf,
  EstateError,
  positionOf,
  type Server,
  type ServerCreate,
  type ServerList,
  type ServerPatch,
} from '@estate/client';
import { CLIENT_SCHEMA_FILE, CONSOLE_SCHEMA_FILE, generatedTypeSources } from '../../scripts/client-types.js';
import { startServer, stopServer } from '../support/cli.js';
import { describeEachDatabase, ONCE } from '../support/harness.js';

describeEachDatabase('@estate/client against estate serve', (h) => {
  let base = '';
  before(async () => {
    const server = await startServer(h.url);
    base = server.base;
    h.beforeShutdown(() => stopServer(server.child));
  });

  const connect = async (options: { alias?: string; scopes?: string[] } = {}) => {
    const workspace = await h.workspace();
    const key = await h.key(workspace, options);
    return { workspace, estate: createClient({ baseUrl: base, apiKey: key.secret }) };
  };

  it('typed calls: GET, POST, PATCH and DELETE answer the success body; raw answers the response too', async () => {
    const { workspace, estate } = await connect();
    const me = await estate.get('/me');
    assert.equal(me.workspace.id, workspace.id);
    assert.ok(me.permissions.includes('audit_log:read'));
    // The document's named schemas are the client's types: a body and an answer by name.
    const body: ServerCreate = { name: 'db-01', hostname: 'db-01.example.test' };
    const created: Server = await estate.post('/servers', { body });
    assert.equal(created.hostname, 'db-01.example.test');
    const change: ServerPatch = { environment: 'production' };
    const changed: Server = await estate.patch('/servers/{id}', { params: { path: { id: created.id } }, body: change });
    assert.equal(changed.environment, 'production');
    const listed: ServerList = await estate.get('/servers', { params: { query: { environment: 'production' } } });
    assert.deepEqual(
      listed.data.map((server) => server.id),
      [created.id],
    );
    const { data, response } = await estate.raw.GET('/servers/{id}', { params: { path: { id: created.id } } });
    assert.equal(data?.id, created.id);
    assert.match(response.headers.get('etag') ?? '', /^(W\/)?"/);
    assert.equal(await estate.delete('/servers/{id}', { params: { path: { id: created.id } } }), undefined);
    await assert.rejects(estate.get('/servers/{id}', { params: { path: { id: created.id } } }), {
      name: 'EstateError',
      status: 404,
      code: 'not_found',
    });
  });

  it('customFieldsOf: the expected fields checked once, values read typed, problems found before sending', async () => {
    const { estate } = await connect();
    await estate.post('/custom-fields', {
      body: { family: 'servers', name: 'rack_unit', type: 'integer', minimum: 1, maximum: 48, required: true },
    });
    await estate.post('/custom-fields', {
      body: { family: 'servers', name: 'tier', type: 'select', choices: ['gold', 'silver'] },
    });
    await assert.rejects(customFieldsOf(estate, 'servers', { rack_unit: 'text' }), {
      name: 'TypeError',
      message: /servers\.rack_unit is integer, not text/,
    });
    await assert.rejects(customFieldsOf(estate, 'servers', { cost: 'decimal' }), /servers have no custom field cost/);
    const fields = await customFieldsOf(estate, 'servers', { rack_unit: 'integer', tier: 'select' });
    const created = await estate.post('/servers', { body: { name: 'db-01', customFields: { rack_unit: 12 } } });
    const values = fields.read(created);
    const rack: number | null = values.rack_unit;
    assert.deepEqual([rack, values.tier], [12, null]);
    assert.deepEqual(fields.problems({ rack_unit: 49, tier: 'bronze', nope: 1 }), [
      'customFields.rack_unit: must be at most 48',
      'customFields.tier: must be one of gold, silver',
      'customFields.nope: servers have no such custom field',
    ]);
    assert.deepEqual(fields.problems({ tier: 'gold' }, { create: true }), ['customFields.rack_unit: required']);
    assert.deepEqual(fields.problems({ rack_unit: 4 }), []);
    // What the helper finds is what the server refuses.
    await assert.rejects(estate.post('/servers', { body: { name: 'db-02', customFields: { rack_unit: 49 } } }), {
      status: 400,
      message: /^customFields\.rack_unit: must be at most 48/,
    });
  });

  it('listAll walks every page of an offset list, in the list order, with its filters', async () => {
    const { estate } = await connect();
    for (let i = 0; i < 7; i += 1) await estate.post('/tags', { body: { name: `tag-${i}` } });
    const seen: string[] = [];
    const pages: string[] = [];
    const counting = createClient({
      baseUrl: base,
      apiKey: (await h.key(await h.workspace())).secret,
      fetch: (request) => {
        pages.push(new URL(request.url).search);
        return fetch(request);
      },
    });
    for await (const tag of estate.listAll('/tags', { limit: 3, sort: 'name' })) seen.push(tag.name);
    assert.deepEqual(seen, ['tag-0', 'tag-1', 'tag-2', 'tag-3', 'tag-4', 'tag-5', 'tag-6']);
    const filtered: string[] = [];
    for await (const tag of estate.listAll('/tags', { q: 'tag-6' })) filtered.push(tag.name);
    assert.deepEqual(filtered, ['tag-6']);
    // Another workspace's key walks its own (empty) list: one page, nothing from the first workspace.
    for await (const _ of counting.listAll('/tags', { limit: 3 })) assert.fail('another workspace sees no tag');
    assert.equal(pages.length, 1);
  });

  it('auditFeed yields each event once, oldest first, from the start, from a saved position and from now', async () => {
    const { estate } = await connect();
    for (let i = 0; i < 5; i += 1) await estate.post('/tags', { body: { name: `first-${i}` } });
    const newestFirst = (await estate.get('/audit-log', { params: { query: { limit: 200 } } })).data;
    const everything = [...newestFirst].reverse();

    const read = async (options: Parameters<typeof estate.auditFeed>[0]) => {
      const events: AuditEvent[] = [];
      for await (const event of estate.auditFeed({ follow: false, pageSize: 2, ...options })) events.push(event);
      return events;
    };
    assert.deepEqual(await read({ from: 'start' }), everything);
    // Pages read again when the buffer is full give the same events.
    assert.deepEqual(await read({ from: 'start', maxBuffered: 1 }), everything);

    const saved: AuditPosition = positionOf(everything[3]!);
    const now = estate.auditFeed({ follow: false });
    assert.deepEqual(await now.start(), positionOf(everything.at(-1)!));
    for (let i = 0; i < 3; i += 1) await estate.post('/tags', { body: { name: `second-${i}` } });
    const later = (await estate.get('/audit-log')).data.slice(0, 3).reverse();
    assert.deepEqual(await read({ position: saved }), [...everything.slice(4), ...later]);
    const fromNow: AuditEvent[] = [];
    for await (const event of now) fromNow.push(event);
    assert.deepEqual(fromNow, later);
    assert.deepEqual(now.position, positionOf(later.at(-1)!));
    assert.deepEqual(
      (await read({ from: 'start', filter: { resourceType: 'tag', actions: ['create'] } })).map((e) => e.resourceName),
      ['first-0', 'first-1', 'first-2', 'first-3', 'first-4', 'second-0', 'second-1', 'second-2'],
    );
  });

  it('a following auditFeed hands out events written while it runs, and ends when its signal aborts', async () => {
    const { estate } = await connect();
    const controller = new AbortController();
    const feed = estate.auditFeed({ from: 'now', pollIntervalMs: 20, signal: controller.signal });
    await feed.start();
    const names: string[] = [];
    const writing = (async () => {
      for (let i = 0; i < 6; i += 1) await estate.post('/tags', { body: { name: `live-${i}` } });
    })();
    for await (const event of feed) {
      names.push(event.resourceName ?? '');
      if (names.length === 6) controller.abort();
    }
    await writing;
    assert.deepEqual(names, ['live-0', 'live-1', 'live-2', 'live-3', 'live-4', 'live-5']);
  });

  it("a key sees only its workspace's events in the feed", async () => {
    const a = await connect();
    const b = await connect();
    await a.estate.post('/tags', { body: { name: 'secret-of-a' } });
    for await (const event of b.estate.auditFeed({ from: 'start', follow: false }))
      assert.notEqual(event.resourceName, 'secret-of-a');
  });

  it('EstateError carries code, status and message for 400, 401, 403, 404 and no answer', async () => {
    const { estate } = await connect({ alias: 'read' });
    const failure = async (call: Promise<unknown>) => {
      const error = await call.then(
        () => assert.fail('expected an EstateError'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof EstateError, String(error));
      return { code: error.code, status: error.status, message: error.message };
    };
    const unparsable = await failure(estate.get('/servers/{id}', { params: { path: { id: 'not-a-uuid' } } }));
    assert.deepEqual([unparsable.code, unparsable.status], ['invalid_uuid', 400]);
    assert.ok(unparsable.message.length > 0);
    const missing = await failure(
      estate.get('/servers/{id}', { params: { path: { id: '01932c07-8a3e-7c4d-9f1a-2b3c4d5e6f70' } } }),
    );
    assert.equal(missing.code, 'not_found');
    assert.equal(missing.status, 404);
    const forbidden = await failure(estate.post('/tags', { body: { name: 'x' } }));
    assert.deepEqual([forbidden.code, forbidden.status], ['insufficient_permission', 403]);
    assert.match(forbidden.message, /tags:add/);
    const denied = await failure(createClient({ baseUrl: base, apiKey: 'svc_live_wrong' }).get('/me'));
    assert.deepEqual([denied.code, denied.status], ['unauthorized', 401]);
    const unreachable = await failure(createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'svc_live_x' }).get('/me'));
    assert.deepEqual([unreachable.code, unreachable.status], ['network_error', 0]);
  });
});

/** A local server that answers each request with the next of `answers` (the last one repeats). */
async function scripted(answers: ((res: ServerResponse) => void)[]) {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    answers[Math.min(requests.length, answers.length) - 1]!(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
const tooMany = (retryAfter?: string) =>
  json(
    429,
    { code: 'too_many_requests', message: 'slow down', status: 429 },
    retryAfter ? { 'retry-after': retryAfter } : {},
  );
const unavailable = json(503, { code: 'service_unavailable', message: 'database busy', status: 503 });
const me = json(200, { workspace: { id: 'w', name: 'W' }, key: { id: 'k', name: 'K', alias: null }, permissions: [] });

describe('@estate/client retries', ONCE, () => {
  const servers: { close(): Promise<unknown> }[] = [];
  after(async () => {
    for (const server of servers) await server.close();
  });
  const serve = async (answers: ((res: ServerResponse) => void)[]) => {
    const server = await scripted(answers);
    servers.push(server);
    return server;
  };

  it('a 429 is retried after its Retry-After, and the call answers the retry', async () => {
    const server = await serve([tooMany('1'), me]);
    const started = Date.now();
    const answer = await createClient({ baseUrl: server.base, apiKey: 'svc_live_k' }).get('/me');
    assert.equal(answer.workspace.name, 'W');
    assert.equal(server.requests.length, 2);
    assert.ok(Date.now() - started >= 950, `waited ${Date.now() - started} ms of Retry-After: 1`);
    assert.equal(server.requests[1]!.headers.authorization, 'Bearer svc_live_k');
  });

  it('a 503 is retried with backoff; a POST is not (a 503 write may have been committed)', async () => {
    const server = await serve([unavailable, me]);
    const estate = createClient({ baseUrl: server.base, apiKey: 'svc_live_k' });
    assert.equal((await estate.get('/me')).key.name, 'K');
    assert.equal(server.requests.length, 2);
    const post = await serve([unavailable, me]);
    await assert.rejects(
      createClient({ baseUrl: post.base, apiKey: 'svc_live_k' }).post('/tags', { body: { name: 'x' } }),
      { name: 'EstateError', status: 503, code: 'service_unavailable', message: 'database busy' },
    );
    assert.equal(post.requests.length, 1);
  });

  it('retries stop at maxRetries, and no wait exceeds maxRetryDelayMs whatever Retry-After asks', async () => {
    const server = await serve([tooMany('3600')]);
    const started = Date.now();
    await assert.rejects(
      createClient({ baseUrl: server.base, apiKey: 'svc_live_k', maxRetries: 2, maxRetryDelayMs: 50 }).get('/me'),
      { name: 'EstateError', status: 429, code: 'too_many_requests' },
    );
    assert.equal(server.requests.length, 3);
    assert.ok(Date.now() - started < 2000);
    const once = await serve([tooMany('1'), me]);
    await assert.rejects(createClient({ baseUrl: once.base, apiKey: 'svc_live_k', maxRetries: 0 }).get('/me'), {
      status: 429,
    });
    assert.equal(once.requests.length, 1);
  });

  it('an answer without Estate’s error body is an EstateError unexpected_response with its status', async () => {
    const server = await serve([
      (res) => {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<h1>Bad gateway</h1>');
      },
    ]);
    await assert.rejects(createClient({ baseUrl: server.base, apiKey: 'svc_live_k' }).get('/me'), {
      name: 'EstateError',
      status: 502,
      code: 'unexpected_response',
    });
  });
});

describe('@estate/client types', ONCE, () => {
  it('the client and console types are what npm run client:types makes from the routes (no drift)', async () => {
    const generated = await generatedTypeSources();
    assert.deepEqual([...generated.keys()].sort(), [CLIENT_SCHEMA_FILE, CONSOLE_SCHEMA_FILE].sort());
    for (const [file, text] of generated)
      assert.ok(
        readFileSync(file, 'utf8') === text,
        `${file} differs from what the routes make: run npm run client:types and commit it`,
      );
  });
});
