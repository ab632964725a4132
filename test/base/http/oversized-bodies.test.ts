/**
 * A client sending more than the body limit reads the 413 with its error body, never a reset: the
 * refused body is read and thrown away (a bounded amount) before the connection closes. Real
 * clients over a socket, in processes of their own: Python's http.client (sends the whole body,
 * then reads the answer) and Node's fetch with a busy event loop (as under load).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { it } from 'node:test';
import type { IncomingMessage } from 'node:http';
import { enrollAgent } from '../../../src/features/agents/agents.service.js';
import { drainBody } from '../../../src/base/http/drain.js';
import { describeEachDatabase, ONCE } from '../../support/harness.js';
import { installed } from '../../../src/base/paths.js';

const client = (name: string) => installed('test', 'fixtures', 'clients', name);

/** Runs a client and answers the outcomes it printed: `{"413 payload_too_large": 3}`. */
function run(command: string, args: string[]): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 120_000, maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as Record<string, number>);
    });
  });
}

it('drainBody reads at most its bytes, for at most its time, and resolves at the end of the body', ONCE, async () => {
  const body = new PassThrough();
  let read = 0;
  body.on('data', (chunk: Buffer) => {
    read += chunk.length;
  });
  body.pause();
  const bounded = drainBody(body as unknown as IncomingMessage, { bytes: 1000, ms: 10_000 });
  for (let i = 0; i < 5; i += 1) body.write(Buffer.alloc(600));
  assert.equal(await bounded, false, 'past its bytes, the body has not ended');
  assert.ok(read >= 1000 && read < 3000, `${read} bytes read`);

  const stalled = new PassThrough();
  const started = performance.now();
  assert.equal(await drainBody(stalled as unknown as IncomingMessage, { bytes: 1000, ms: 100 }), false);
  assert.ok(performance.now() - started < 1000, 'a client that stops sending is not waited for past the time');

  const ending = new PassThrough();
  const ended = drainBody(ending as unknown as IncomingMessage, { bytes: 1e9, ms: 10_000 });
  ending.end(Buffer.alloc(10));
  assert.equal(await ended, true);
});

describeEachDatabase('bodies over the limit', (h) => {
  it('1.5, 10 and 100 MB bodies get a 413 with the error body from real clients, and nothing is written', {
    timeout: 300_000,
  }, async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const before = (await h.call('GET', '/public/v1/tenant', { key })).json();
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (h.app.server.address() as AddressInfo).port;
    const base = `http://127.0.0.1:${port}`;
    const bearer = `Bearer ${key}`;
    for (const mib of ['1.5', '10', '100']) {
      assert.deepEqual(
        await run('python3', [client('oversized.py'), String(port), '/public/v1/tenant', bearer, mib, '3']),
        { '413 payload_too_large': 3 },
        `Python http.client, ${mib} MiB`,
      );
      assert.deepEqual(
        await run(process.execPath, [client('oversized.mjs'), base, '/public/v1/tenant', bearer, mib, '3', '300']),
        { '413 payload_too_large': 3 },
        `Node fetch, ${mib} MiB`,
      );
    }
    // The agent report's limit is 8 MiB.
    const agent = await enrollAgent(h.database, { workspaceId: ws.id, name: 'Large' });
    const agentBearer = `Bearer ${agent.token}`;
    for (const mib of ['10', '100'])
      assert.deepEqual(
        await run('python3', [client('oversized.py'), String(port), '/agent/v1/report', agentBearer, mib, '2']),
        { '413 payload_too_large': 2 },
        `agent report, ${mib} MiB`,
      );
    assert.deepEqual((await h.call('GET', '/public/v1/tenant', { key })).json(), before);
    // The service still answers on new connections.
    assert.equal((await fetch(`${base}/healthz`)).status, 200);
  });
});
