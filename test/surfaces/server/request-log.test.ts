import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { it } from 'node:test';
import { buildApp } from '../../../src/surfaces/server/app.js';
import { redactingStream } from '../../../src/base/logging.js';
import { describeEachDatabase, ONCE } from '../../support/harness.js';

function sink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

it('the log stream writes a line without a secret-shaped word as it is, and scrubs one that has it', ONCE, () => {
  const { lines, stream } = sink();
  const log = redactingStream(stream);
  log.write('{"msg":"request completed","url":"/public/v1/servers?limit=50"}\n');
  log.write('{"msg":"request completed","url":"/public/v1/me?API_KEY=svc_live_abcdefghijklmnop"}\n');
  assert.equal(lines[0], '{"msg":"request completed","url":"/public/v1/servers?limit=50"}');
  assert.ok(!lines[1]!.includes('abcdefghijklmnop'), lines[1]);
});

describeEachDatabase('request log', (h) => {
  it('one line per request at info, on response: method, URL, status and time, no headers', async () => {
    const ws = await h.workspace();
    const { secret } = await h.key(ws);
    const { lines, stream } = sink();
    const app = await buildApp({ database: h.database, logger: { level: 'info', stream: redactingStream(stream) } });
    try {
      const headers = { authorization: `Bearer ${secret}`, 'user-agent': 'probe/1.0' };
      await app.inject({ method: 'GET', url: '/public/v1/servers?limit=5', headers });
      await app.inject({ method: 'GET', url: '/public/v1/nowhere', headers });
      await app.inject({ method: 'GET', url: '/public/v1/me' });
    } finally {
      await app.close();
    }
    const entries = lines.map((line) => JSON.parse(line)).filter((entry) => entry.requestId);
    assert.deepEqual(
      entries.map((entry) => [entry.msg, entry.method, entry.url, entry.statusCode]),
      [
        ['request completed', 'GET', '/public/v1/servers?limit=5', 200],
        ['request completed', 'GET', '/public/v1/nowhere', 404],
        ['request completed', 'GET', '/public/v1/me', 401],
      ],
    );
    for (const entry of entries) assert.equal(typeof entry.responseTime, 'number');
    assert.equal(entries[1].code, 'not_found', 'a refusal names its code on the line');
    assert.ok(!lines.join('\n').includes('probe/1.0'), 'no request headers are logged');
  });
});
