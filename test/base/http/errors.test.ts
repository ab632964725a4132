import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { ErrorBody } from '../../../src/base/http/errors.js';
import { Tenant } from '../../../src/features/accounts/workspaces/tenant.schemas.js';
import { describeEachDatabase } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

/** Log lines of the app under test in the 'unexpected failures' suite. */
const logLines: any[] = [];

function assertError(res: LightMyRequestResponse, status: number, code: string): string {
  assert.equal(res.statusCode, status, `expected ${status} ${code}, got ${res.statusCode}`);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const body = bodyOf(ErrorBody, res);
  assert.deepEqual(Object.keys(body).sort(), ['code', 'message', 'status']);
  assert.equal(body.code, code);
  assert.equal(body.status, status);
  assert.equal(typeof body.message, 'string');
  return body.message;
}

describeEachDatabase('errors', (h) => {
  it('an unknown route with a valid key → 404 not_found with the error body', async () => {
    const key = await h.key(await h.workspace());
    assertError(await h.call('GET', '/public/v1/nothing-here', { key: key.secret }), 404, 'not_found');
    assertError(await h.call('GET', '/public/v2/me', { key: key.secret }), 404, 'not_found');
  });

  it('a wrong method on a known path → 405 with an Allow header (never a misleading 404)', async () => {
    const key = await h.key(await h.workspace());
    const res = await h.call('DELETE', '/public/v1/me', { key: key.secret });
    assertError(res, 405, 'method_not_allowed');
    assert.equal(res.headers.allow, 'GET, HEAD');
    const tenant = await h.call('POST', '/public/v1/tenant', { key: key.secret, body: {} });
    assert.equal(tenant.headers.allow, 'GET, HEAD, PATCH');
  });

  it('an unparseable UUID in the query → 400 invalid_uuid naming the parameter', async () => {
    const key = await h.key(await h.workspace());
    const message = assertError(
      await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { actorId: '1234' } }),
      400,
      'invalid_uuid',
    );
    assert.match(message, /actorId/);
  });

  it('an invalid ISO-8601 date-time → 400 invalid_datetime naming the parameter', async () => {
    const key = await h.key(await h.workspace());
    for (const value of ['yesterday', '2026-13-01T00:00:00Z', '2026-01-01']) {
      const message = assertError(
        await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { from: value } }),
        400,
        'invalid_datetime',
      );
      assert.match(message, /from/);
    }
  });

  it('an unknown enum or filter value → 400 bad_request naming the parameter', async () => {
    const key = await h.key(await h.workspace());
    const message = assertError(
      await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { category: 'billing' } }),
      400,
      'bad_request',
    );
    assert.match(message, /category/);
  });

  it('an unknown query parameter → 400 naming it (a typo never widens a result)', async () => {
    const key = await h.key(await h.workspace());
    const message = assertError(
      await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { actor: 'x' } }),
      400,
      'bad_request',
    );
    assert.match(message, /actor/);
  });

  it('malformed JSON → 400 bad_request', async () => {
    const key = await h.key(await h.workspace());
    const res = await h.call('PATCH', '/public/v1/tenant', {
      key: key.secret,
      body: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    assert.match(assertError(res, 400, 'bad_request'), /JSON/);
  });

  it('a blank required string, a wrong type or an unknown body field → 400 naming the field', async () => {
    const key = await h.key(await h.workspace());
    assert.match(
      assertError(
        await h.call('PATCH', '/public/v1/tenant', { key: key.secret, body: { name: '   ' } }),
        400,
        'bad_request',
      ),
      /name/,
    );
    assert.match(
      assertError(
        await h.call('PATCH', '/public/v1/tenant', { key: key.secret, body: { name: 42 } }),
        400,
        'bad_request',
      ),
      /name/,
    );
    assert.match(
      assertError(
        await h.call('PATCH', '/public/v1/tenant', { key: key.secret, body: { colour: 'red' } }),
        400,
        'bad_request',
      ),
      /colour/,
    );
    assert.match(
      assertError(await h.call('PATCH', '/public/v1/tenant', { key: key.secret, body: [1] }), 400, 'bad_request'),
      /object/,
    );
  });

  it('a body that is not JSON → 415 with the error body', async () => {
    const key = await h.key(await h.workspace());
    const res = await h.call('PATCH', '/public/v1/tenant', {
      key: key.secret,
      body: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    assertError(res, 415, 'unsupported_media_type');
    const form = await h.call('PATCH', '/public/v1/tenant', {
      key: key.secret,
      body: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assertError(form, 415, 'unsupported_media_type');
  });

  it('an oversized body → 413 with the error body, and nothing is written', async () => {
    const ws = await h.workspace();
    const key = await h.key(ws);
    const res = await h.call('PATCH', '/public/v1/tenant', {
      key: key.secret,
      body: { name: 'x'.repeat(2 * 1024 * 1024) },
    });
    assertError(res, 413, 'payload_too_large');
    assert.equal(bodyOf(Tenant, await h.call('GET', '/public/v1/tenant', { key: key.secret })).name, ws.name);
  });

  it('every response carries X-Request-Id; a safe caller-given id is echoed', async () => {
    const res = await h.call('GET', '/public/v1/me', { headers: { 'x-request-id': 'trace-abc.123' } });
    assert.equal(res.headers['x-request-id'], 'trace-abc.123');
    const unsafe = await h.call('GET', '/public/v1/me', { headers: { 'x-request-id': 'bad id\twith spaces' } });
    assert.match(String(unsafe.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });
});

describeEachDatabase(
  'unexpected failures',
  (h) => {
    it(
      '5xx: an unexpected failure → 500 internal_error revealing nothing; ' +
        'the log has the detail and the request id',
      async () => {
        const ws = await h.workspace();
        const key = await h.key(ws);
        // Break storage underneath the service: the table the handler reads no longer exists.
        await h.database.db.schema.alterTable('workspaces').renameTo('workspaces_gone').execute();
        try {
          const res = await h.call('GET', '/public/v1/tenant', {
            key: key.secret,
            headers: { 'x-request-id': 'req-500-test' },
          });
          // Authentication joins workspaces too, so it fails first: the answer must still be a clean 500.
          assert.equal(res.statusCode, 500);
          assert.deepEqual(bodyOf(ErrorBody, res), { code: 'internal_error', message: 'internal error', status: 500 });
          assert.doesNotMatch(res.body, /workspaces|sqlite|relation|stack|at /i);
          const line = logLines.find((l) => l.requestId === 'req-500-test' && l.level === 50);
          assert.ok(line, 'an error log line with the request id');
          assert.ok(JSON.stringify(line).match(/workspaces/), 'the log line has the real cause');
        } finally {
          await h.database.db.schema.alterTable('workspaces_gone').renameTo('workspaces').execute();
        }
      },
    );
  },
  {
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _enc, done) {
          logLines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    },
  },
);
