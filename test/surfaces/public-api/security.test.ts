/**
 * Security review findings, one test each, named after the finding, on both databases.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { it } from 'node:test';
import type { AddressInfo } from 'node:net';
import { enrollAgent } from '../../../src/features/agents/agents.service.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { openDatabase } from '../../../src/base/db/database.js';
import { migrateToLatest } from '../../../src/base/db/migrate.js';
import { buildApp, type App } from '../../../src/surfaces/server/app.js';
import { createKey, rotateKey } from '../../../src/features/accounts/keys/keys.service.js';
import { redactingStream } from '../../../src/base/logging.js';
import { Type } from 'typebox';
import { Application } from '../../../src/families/applications/applications.schemas.js';
import { ErrorBody } from '../../../src/base/http/errors.js';
import { Server, servers } from '../../../src/families/servers/servers.module.js';
import { addMember, Member } from '../../../src/features/accounts/members/members.service.js';
import { Tag } from '../../../src/families/tags/tags.schemas.js';
import { User } from '../../../src/families/people/users.module.js';
import { describeEachDatabase, type Harness, serviceFamilies } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';
import { inlined } from '../../support/api-document.js';

type Json = Record<string, any>;

/** Sends raw bytes to a listening app and resolves with the status line's code (0 when the connection was reset). */
function rawStatus(
  port: number,
  head: string,
  body?: { bytes: number; waitForAnswer: boolean },
): Promise<{ status: number; reset: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let reset = false;
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', () => {
      reset = true;
    });
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), reset }));
    socket.write(head);
    if (body) {
      // Stream the body in chunks, as a client uploading a large report does.
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < body.bytes && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(chunk)) return socket.once('drain', pump);
        }
        return undefined;
      };
      pump();
    }
    setTimeout(() => socket.end(), 3000);
  });
}

async function listening(app: App): Promise<number> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

async function setUp(h: Harness) {
  const ws = await h.workspace();
  const key = (await h.key(ws)).secret;
  return { ws, key };
}

describeEachDatabase('security findings', (h) => {
  it(
    'authentication bypass: percent-encoded and absolute-form ' +
      'spellings of a path never reach a handler without a key',
    async () => {
      for (const url of [
        '/%70ublic/v1/application-catalog',
        '/public/%761/application-catalog',
        '/%70ublic/v1/tenant',
        '/public/v1/%61udit-log',
        '/%2570ublic/v1/me',
      ]) {
        const res = await h.call('GET', url);
        assert.equal(res.statusCode, 401, url);
        assert.equal(res.body, '');
      }
      const port = await listening(h.app);
      const absolute = await rawStatus(
        port,
        'GET http://x/public/v1/application-catalog HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      assert.equal(absolute.status, 401, 'absolute-form request target');
      const agentReport = await h.call('POST', '/%61gent/v1/report', {
        body: { host: { hostname: 'x', kind: 'server' }, software: [] },
      });
      assert.equal(agentReport.statusCode, 401);
    },
  );

  it('authentication bypass: an unauthenticated agent report is refused before its body is read', async () => {
    const port = await listening(h.app);
    // Only the head is sent; the answer must come without waiting for the 8 MiB it announces.
    const started = Date.now();
    const answer = await new Promise<number>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.write(
        'POST /agent/v1/report HTTP/1.1\r\nHost: x\r\n' +
          'Content-Type: application/json\r\nContent-Length: 8000000\r\n\r\n',
      );
      socket.once('data', (chunk) => {
        resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(String(chunk))?.[1] ?? 0));
        socket.destroy();
      });
    });
    assert.equal(answer, 401);
    assert.ok(Date.now() - started < 2000);
  });

  it(
    'escalation through roles: ' +
      'a key with members:edit alone cannot make anyone an admin (403), ' +
      'an admin key can',
    async () => {
      const { ws, key } = await setUp(h);
      const member = await addMember(
        h.database,
        serviceFamilies,
        { workspaceId: ws.id, email: `reader-${ws.id}@example.test`, name: 'Reader', role: 'read' },
        CLI_ACTOR,
      );
      const editor = (await h.key(ws, { scopes: ['members:edit', 'members:read'] })).secret;
      for (const role of ['admin', 'write']) {
        const res = await h.call('PATCH', `/public/v1/members/${member.id}`, { key: editor, body: { role } });
        assert.equal(res.statusCode, 403, role);
        assert.equal(bodyOf(ErrorBody, res).code, 'insufficient_permission');
        assert.match(bodyOf(ErrorBody, res).message, /^missing permission: /);
      }
      assert.equal(
        bodyOf(Member, await h.call('GET', `/public/v1/members/${member.id}`, { key })).role,
        'read',
        'unchanged',
      );
      assert.equal(
        (await h.call('PATCH', `/public/v1/members/${member.id}`, { key, body: { role: 'admin' } })).statusCode,
        200,
      );
    },
  );

  it(
    'cross-workspace credential overwrite: adding an existing person ' +
      'elsewhere adds the membership only; their name and password stay',
    async () => {
      const w1 = await h.workspace('W1');
      const w2 = await h.workspace('W2');
      const email = `person-${w2.id}@example.test`;
      await addMember(
        h.database,
        serviceFamilies,
        { workspaceId: w2.id, email, name: 'Original Name', role: 'read', password: 'original password' },
        CLI_ACTOR,
      );
      const before = await h.database.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      // Another name is refused outright, so nothing is added under a name the person does not have.
      await assert.rejects(
        addMember(
          h.database,
          serviceFamilies,
          { workspaceId: w1.id, email, name: 'Attacker Name', role: 'read', password: 'attacker password' },
          CLI_ACTOR,
        ),
        /already known as "Original Name"/,
      );
      const added = await addMember(
        h.database,
        serviceFamilies,
        { workspaceId: w1.id, email, role: 'read', password: 'attacker password' },
        CLI_ACTOR,
      );
      const after = await h.database.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      assert.equal(after.password_hash, before.password_hash);
      assert.equal(after.name, 'Original Name');
      assert.equal(added.userId, before.id);
    },
  );

  it(
    'secrets in logs: keys, rotated keys, ' +
      'agent tokens and passwords never reach the log, in headers, query strings or paths',
    async () => {
      const lines: string[] = [];
      const sink = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const app = await buildApp({ database: h.database, logger: { level: 'trace', stream: redactingStream(sink) } });
      try {
        const ws = await h.workspace();
        const created = await createKey(h.database, { workspaceId: ws.id, name: 'logged', alias: 'admin' });
        const rotated = await rotateKey(h.database, created.id);
        const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'logged agent' });
        await addMember(
          h.database,
          serviceFamilies,
          {
            workspaceId: ws.id,
            email: `pw-${ws.id}@example.test`,
            name: 'Pw',
            role: 'read',
            password: 'hunter2 under the old harbour bridge',
          },
          CLI_ACTOR,
        );
        const secrets = [created.secret, rotated.secret, agent.token, 'hunter2 under the old harbour bridge'];
        const requests = [
          { method: 'GET', url: '/public/v1/me', headers: { authorization: `Bearer ${rotated.secret}` } },
          { method: 'GET', url: '/public/v1/me', headers: { 'x-api-key': created.secret } },
          {
            method: 'GET',
            url: `/public/v1/me?api_key=${rotated.secret}`,
            headers: { authorization: `Bearer ${rotated.secret}` },
          },
          { method: 'GET', url: `/public/v1/me?token=${agent.token}&password=hunter2 under the old harbour bridge` },
          {
            method: 'GET',
            url: `/public/v1/${rotated.secret}`,
            headers: { authorization: `Bearer ${rotated.secret}` },
          },
          {
            method: 'POST',
            url: '/agent/v1/report',
            headers: { authorization: `Bearer ${agent.token}` },
            payload: { host: { hostname: 'h', kind: 'server' }, software: [] },
          },
          {
            method: 'POST',
            url: `/agent/v1/report?token=${agent.token}`,
            headers: { authorization: `Bearer ${agent.token}` },
            payload: { bad: agent.token },
          },
        ] as const;
        for (const request of requests) await app.inject(request as never);
        const log = lines.join('');
        assert.ok(log.includes('/public/v1/me'), 'requests were logged');
        for (const secret of secrets)
          assert.ok(!log.includes(secret), `the log holds no ${secret.slice(0, 8)}… secret`);
        assert.ok(!/svc_live_[A-Za-z0-9_-]{20}|agt_live_[A-Za-z0-9_-]{20}/.test(log));
      } finally {
        await app.close();
      }
    },
  );

  it('readable database: a new SQLite database is created in a 0700 directory as 0600 files, -wal and -shm included', {
    skip: h.dialect !== 'sqlite',
  }, async () => {
    const parent = mkdtempSync(join(tmpdir(), 'estate-perm-'));
    try {
      const file = join(parent, 'fresh', 'estate.db');
      const database = openDatabase(`sqlite:${file}`);
      await migrateToLatest(database);
      const mode = (path: string) => statSync(path).mode & 0o777;
      assert.equal(mode(join(parent, 'fresh')), 0o700);
      for (const path of [file, `${file}-wal`, `${file}-shm`]) assert.equal(mode(path), 0o600, path);
      await database.close();
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('sub-resource lists leak another family: each needs the read scope of the family it returns as well', async () => {
    const { ws, key } = await setUp(h);
    const application = bodyOf(
      Application,
      await h.call('POST', '/public/v1/applications', { key, body: { name: 'Secret app' } }),
    );
    const server = bodyOf(Server, await h.call('POST', '/public/v1/servers', { key, body: { name: 'srv' } }));
    await h.call('PUT', `/public/v1/applications/${application.id}/servers/${server.id}`, { key });
    await h.call('PUT', `/public/v1/applications/${application.id}/owners/${ws.admin.userId}`, { key });
    const infra = (await h.key(ws, { scopes: ['infrastructure:read'] })).secret;
    const apps = (await h.key(ws, { scopes: ['applications:read'] })).secret;
    const denied = await h.call('GET', `/public/v1/servers/${server.id}/applications`, { key: infra });
    assert.deepEqual(bodyOf(ErrorBody, denied), {
      code: 'insufficient_permission',
      message: 'missing permission: applications:read',
      status: 403,
    });
    const owners = await h.call('GET', `/public/v1/applications/${application.id}/owners`, { key: apps });
    assert.deepEqual(bodyOf(ErrorBody, owners), {
      code: 'insufficient_permission',
      message: 'missing permission: users:read',
      status: 403,
    });
    const both = (await h.key(ws, { scopes: ['applications:read', 'users:read'] })).secret;
    assert.equal(
      bodyOf(
        Type.Array(User),
        await h.call('GET', `/public/v1/applications/${application.id}/owners`, { key: both }),
      )[0]!.email,
      ws.admin.email,
    );
  });

  it('unsafe URLs: only absolute http: and https: URLs are accepted as an application url', async () => {
    const { key } = await setUp(h);
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      '//evil.example',
      'https:',
      'vbscript:msgbox',
    ]) {
      const res = await h.call('POST', '/public/v1/applications', { key, body: { name: 'A', url } });
      assert.equal(res.statusCode, 400, url);
      assert.match(bodyOf(ErrorBody, res).message, /url must be an absolute http/);
    }
    assert.equal(
      (
        await h.call('POST', '/public/v1/applications', {
          key,
          body: { name: 'A', url: 'https://ok.example.test/path?q=1' },
        })
      ).statusCode,
      201,
    );
  });

  it('error contract: an over-long path id is 400 invalid_uuid with a key and 401 without one', async () => {
    const { key } = await setUp(h);
    const long = 'a'.repeat(300);
    const withKey = await h.call('GET', `/public/v1/applications/${long}`, { key });
    assert.equal(withKey.statusCode, 400);
    assert.equal(bodyOf(ErrorBody, withKey).code, 'invalid_uuid');
    const without = await h.call('GET', `/public/v1/applications/${long}`);
    assert.equal(without.statusCode, 401);
    assert.equal(without.body, '');
  });

  it('error contract: offsets beyond any integer range are 400; one past the total is an empty page', async () => {
    const { key } = await setUp(h);
    for (const offset of ['99999999999999999999', '1e308', '9223372036854775807', '1.5', 'abc']) {
      const res = await h.call('GET', '/public/v1/servers', { key, query: { offset } });
      assert.equal(res.statusCode, 400, offset);
      assert.match(bodyOf(ErrorBody, res).message, /offset/);
    }
    const far = await h.call('GET', '/public/v1/servers', { key, query: { offset: '9007199254740991' } });
    assert.equal(far.statusCode, 200);
    assert.deepEqual(bodyOf(servers.list, far).data, []);
    assert.equal(bodyOf(servers.list, far).pagination.offset, 9007199254740991);
    for (const limit of ['99999999999999999999', '1e308', '-5'])
      assert.equal(
        (await h.call('GET', '/public/v1/servers', { key, query: { limit } })).statusCode,
        200,
        `limit ${limit} is clamped`,
      );
  });

  it(
    'error contract: a NUL character or a lone surrogate in ' +
      'any string is a 400 naming the field, on both databases',
    async () => {
      const { key } = await setUp(h);
      for (const name of ['a\u0000b', 'x\ud800', '\udc00y']) {
        const res = await h.call('POST', '/public/v1/applications', {
          key,
          body: JSON.stringify({ name, description: 'ok' }),
          headers: { 'content-type': 'application/json' },
        });
        assert.equal(res.statusCode, 400, JSON.stringify(name));
        assert.match(bodyOf(ErrorBody, res).message, /field name /);
      }
      const agent = await enrollAgent(h.database, { workspaceId: (await h.workspace()).id, name: 'nul' });
      const nested = await h.call('POST', '/agent/v1/report', {
        headers: { authorization: `Bearer ${agent.token}` },
        body: { host: { hostname: 'h', kind: 'server' }, software: [{ name: 'p\u0000', vendor: 'v', version: '1' }] },
      });
      assert.equal(nested.statusCode, 400);
      assert.match(bodyOf(ErrorBody, nested).message, /software\[0\]\.name/);
      const query = await h.call('GET', '/public/v1/applications', { key, query: { q: 'a\u0000' } });
      assert.equal(query.statusCode, 400);
      assert.match(bodyOf(ErrorBody, query).message, /query parameter q/);
    },
  );

  it('error contract: a leap second or an impossible date is 400 invalid_datetime, in filters and bodies', async () => {
    const { key } = await setUp(h);
    for (const value of [
      '2026-12-31T23:59:60Z',
      '2026-02-30T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-01-01T24:00:00Z',
    ]) {
      const filter = await h.call('GET', '/public/v1/audit-log', { key, query: { from: value } });
      assert.equal(filter.statusCode, 400, value);
      assert.equal(bodyOf(ErrorBody, filter).code, 'invalid_datetime');
      const body = await h.call('POST', '/public/v1/announcements', {
        key,
        body: { title: 'T', body: 'B', startsAt: value },
      });
      assert.equal(body.statusCode, 400, value);
      assert.equal(bodyOf(ErrorBody, body).code, 'invalid_datetime');
    }
    const ws = await h.workspace();
    await assert.rejects(
      createKey(h.database, { workspaceId: ws.id, name: 'k', alias: 'read', expiresAt: '2030-02-30T00:00:00Z' }),
      /expiresAt must be an ISO-8601 date-time/,
    );
  });

  it('error contract: unknown query parameters refused; DELETE /tags/{id}?force=false deletes nothing', async () => {
    const { key } = await setUp(h);
    const tag = bodyOf(Tag, await h.call('POST', '/public/v1/tags', { key, body: { name: 'keep-me' } }));
    const application = bodyOf(
      Application,
      await h.call('POST', '/public/v1/applications', { key, body: { name: 'A' } }),
    );
    for (const [method, url] of [
      ['DELETE', `/public/v1/tags/${tag.id}`],
      ['GET', `/public/v1/tags/${tag.id}`],
      ['GET', `/public/v1/applications/${application.id}/tags`],
      ['PUT', `/public/v1/applications/${application.id}/tags/${tag.id}`],
      ['POST', '/public/v1/tags'],
      ['PATCH', `/public/v1/applications/${application.id}`],
    ] as const) {
      const res = await h.call(method, `${url}?force=false`, {
        key,
        body: method === 'POST' ? { name: 'x' } : method === 'PATCH' ? { vendor: 'v' } : undefined,
      });
      assert.equal(res.statusCode, 400, `${method} ${url}`);
      assert.match(bodyOf(ErrorBody, res).message, /unknown query parameter: force/);
    }
    assert.equal((await h.call('GET', `/public/v1/tags/${tag.id}`, { key })).statusCode, 200, 'the tag is still there');
  });

  it('error contract: a DELETE or link PUT with Content-Type: application/json and no body is accepted', async () => {
    const { key } = await setUp(h);
    const tag = bodyOf(Tag, await h.call('POST', '/public/v1/tags', { key, body: { name: 'linked' } }));
    const application = bodyOf(
      Application,
      await h.call('POST', '/public/v1/applications', { key, body: { name: 'A' } }),
    );
    const headers = { 'content-type': 'application/json' };
    assert.equal(
      (await h.call('PUT', `/public/v1/applications/${application.id}/tags/${tag.id}`, { key, headers })).statusCode,
      204,
    );
    assert.equal(
      (await h.call('DELETE', `/public/v1/applications/${application.id}/tags/${tag.id}`, { key, headers })).statusCode,
      204,
    );
    assert.equal((await h.call('DELETE', `/public/v1/tags/${tag.id}`, { key, headers })).statusCode, 204);
    const post = await h.call('POST', '/public/v1/tags', { key, headers });
    assert.equal(post.statusCode, 400, 'a create still needs its body');
  });

  it('early refusals: a client streaming a large body refused (401, 413) gets the answer, not a reset', async () => {
    const port = await listening(h.app);
    const unauthenticated = await rawStatus(
      port,
      'POST /agent/v1/report HTTP/1.1\r\nHost: x\r\n' +
        'Content-Type: application/json\r\nContent-Length: 4000000\r\n\r\n',
      { bytes: 4_000_000, waitForAnswer: true },
    );
    assert.equal(unauthenticated.status, 401);
    const { key } = await setUp(h);
    const tooLarge = await rawStatus(
      port,
      `POST /public/v1/applications HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 3000000\r\n\r\n',
      { bytes: 3_000_000, waitForAnswer: true },
    );
    assert.equal(tooLarge.status, 413);
  });
});

describeEachDatabase('security: agent reports are capped per agent and minute', (h) => {
  it(
    'beyond the cap a report answers 429 with Retry-After in the error shape, ' +
      'before its body is read; other agents are not affected',
    async () => {
      const app = await buildApp({ database: h.database, agentReportsPerMinute: 3 });
      try {
        const ws = await h.workspace();
        const [first, second] = await Promise.all([
          enrollAgent(h.database, { workspaceId: ws.id, name: 'chatty' }),
          enrollAgent(h.database, { workspaceId: ws.id, name: 'quiet' }),
        ]);
        const report = (token: string, hostname: string) =>
          app.inject({
            method: 'POST',
            url: '/agent/v1/report',
            headers: { authorization: `Bearer ${token}` },
            payload: { host: { hostname, kind: 'server' }, software: [] },
          });
        const answers = [];
        for (let i = 0; i < 5; i += 1) answers.push(await report(first.token, 'chatty-01'));
        assert.deepEqual(
          answers.map((a) => a.statusCode),
          [200, 200, 200, 429, 429],
        );
        const limited = answers[4]!;
        assert.equal(bodyOf(ErrorBody, limited).code, 'too_many_requests');
        assert.equal(bodyOf(ErrorBody, limited).status, 429);
        const retryAfter = Number(limited.headers['retry-after']);
        assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
        const unread = await app.inject({
          method: 'POST',
          url: '/agent/v1/report',
          headers: { authorization: `Bearer ${first.token}`, 'content-type': 'application/json' },
          payload: '{ not even json',
        });
        assert.equal(unread.statusCode, 429, 'refused before the body is parsed');
        assert.equal((await report(second.token, 'quiet-01')).statusCode, 200);
      } finally {
        await app.close();
      }
    },
  );
});

describeEachDatabase('security: the OpenAPI document names every scope an operation needs', (h) => {
  it("x-required-scopes: the route scope and, on sub-resource lists, the returned family's read scope", async () => {
    const doc = inlined((await h.call('GET', '/openapi.json')).json()) as Json;
    const operation = doc.paths['/public/v1/servers/{id}/applications'].get;
    assert.deepEqual(operation['x-required-scopes'], ['infrastructure:read', 'applications:read']);
    assert.deepEqual(doc.paths['/public/v1/applications/{id}/owners'].get['x-required-scopes'], [
      'applications:read',
      'users:read',
    ]);
    assert.deepEqual(doc.paths['/public/v1/applications/{id}/comments'].get['x-required-scopes'], [
      'applications:read',
    ]);
  });
});
