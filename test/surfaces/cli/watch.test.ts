/**
 * `estate watch` against live servers on each database: every event delivered once and in order
 * although the follower is killed and restarted while two instances write (PostgreSQL; one on
 * SQLite), a failing --exec or --post receiver retried, Standard Webhooks signatures, the
 * dead-letter file, the cursor file. Needs the build (npm run build).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, it } from 'node:test';
import { type AuditEvent, createClient } from '@estate/client';
import { webhookKey, webhookSignature } from '../../../src/surfaces/cli/watch.js';
import { ESTATE_BIN, estate, startServer, stopServer } from '../../support/cli.js';
import { describeEachDatabase, ONCE } from '../../support/harness.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** Complete lines of a follower's stdout, each parsed (a line cut by SIGKILL is left out). */
const eventsOf = (stdout: string): AuditEvent[] =>
  stdout
    .split('\n')
    .slice(0, -1)
    .map((line) => JSON.parse(line) as AuditEvent);

/** A follower left running (to be killed), its stdout gathered. */
function follow(
  args: string[],
  env: Record<string, string>,
): { child: ChildProcess; printed: () => number; ended: Promise<string> } {
  const child = spawn(process.execPath, [ESTATE_BIN, 'watch', ...args], {
    env: { ...process.env, ESTATE_WATCH_BACKOFF_MS: '5', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', () => {});
  return {
    child,
    printed: () => stdout.split('\n').length - 1,
    ended: new Promise((resolve) => child.on('close', () => resolve(stdout))),
  };
}

describeEachDatabase('estate watch', (h) => {
  const instances: string[] = [];
  let directory = '';
  before(async () => {
    directory = mkdtempSync(join(tmpdir(), 'estate-watch-'));
    // Two processes on one database where Estate scales out (PostgreSQL); SQLite is one process.
    for (let i = 0; i < (h.dialect === 'postgres' ? 2 : 1); i += 1) {
      const server = await startServer(h.url);
      instances.push(server.base);
      h.beforeShutdown(() => stopServer(server.child));
    }
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  let files = 0;
  const file = (name: string) => {
    files += 1;
    return join(directory, `${files}-${name}`);
  };

  const setUp = async () => {
    const key = (await h.key(await h.workspace())).secret;
    const client = createClient({ baseUrl: instances[0]!, apiKey: key });
    /** Every event of the workspace, oldest first, as the API returns them. */
    const all = async () => {
      const events: AuditEvent[] = [];
      for await (const event of client.auditFeed({ from: 'start', follow: false })) events.push(event);
      return events;
    };
    const watch = (args: string[], env: Record<string, string> = {}) =>
      estate(h.url, ['watch', '--server', instances[0]!, ...args], {
        env: { ESTATE_API_KEY: key, ESTATE_WATCH_BACKOFF_MS: '1', ...env },
      });
    return { key, client, all, watch };
  };

  it(
    'a follower killed (SIGKILL) and restarted with its cursor file while instances write in parallel ' +
      'delivers every event in order, none skipped, repeating only the one it was handling',
    async () => {
      const { key, client, all } = await setUp();
      const cursor = file('cursor.json');
      // Writers through every instance until the follower has been killed mid-delivery 4 times.
      let killedWhileDelivering = 0;
      let writing = true;
      let written = 0;
      const writers = Promise.all(
        instances.flatMap((base) =>
          [0, 1].map(async (loop) => {
            const writer = createClient({ baseUrl: base, apiKey: key });
            for (let i = 0; writing; i += 1) {
              await writer.post('/tags', { body: { name: `${base}-${loop}-${i}` } });
              written += 1;
              await sleep(100);
            }
          }),
        ),
      );
      const runs: AuditEvent[][] = [];
      while (killedWhileDelivering < 4 && runs.length < 12) {
        const args = ['--server', instances.at(-1)!, '--cursor-file', cursor, '--from', 'start', '--interval', '50ms'];
        const run = follow(args, { ESTATE_API_KEY: key });
        // Killed once it is delivering (its start takes a while on a busy machine), at a random moment.
        const started = Date.now();
        while (run.printed() === 0 && Date.now() - started < 10_000) await sleep(20);
        await sleep(Math.random() * 300);
        run.child.kill('SIGKILL');
        runs.push(eventsOf(await run.ended));
        if (runs.at(-1)!.length > 0) killedWhileDelivering += 1;
      }
      writing = false;
      await writers;
      assert.equal(killedWhileDelivering, 4, `delivered per run: ${runs.map((run) => run.length)}`);
      const last = await estate(
        h.url,
        ['watch', '--server', instances[0]!, '--cursor-file', cursor, '--from', 'start', '--once'],
        { env: { ESTATE_API_KEY: key } },
      );
      assert.equal(last.code, 0, last.stderr);
      runs.push(eventsOf(last.stdout));

      const delivered: AuditEvent[] = [];
      for (const [index, run] of runs.entries()) {
        for (const [position, event] of run.entries()) {
          const previous = delivered.at(-1);
          if (previous?.id === event.id) {
            assert.equal(position, 0, `event ${event.id} repeated inside run ${index}`);
            continue;
          }
          delivered.push(event);
        }
      }
      const expected = await all();
      assert.deepEqual(
        delivered.map((event) => event.id),
        expected.map((event) => event.id),
      );
      assert.deepEqual(delivered, expected, 'each line is the event as the API returns it');
      const tags = await client.get('/tags', { params: { query: { limit: 1 } } });
      assert.equal(tags.pagination.total, written);
      assert.equal(delivered.filter((event) => event.resourceType === 'tag').length, written);
    },
  );

  it('prints one JSON line per event, oldest first, exactly as the API returns it; --filter narrows', async () => {
    const { client, all, watch } = await setUp();
    for (const name of ['a', 'b']) await client.post('/tags', { body: { name } });
    const tag = (await client.get('/tags', { params: { query: { q: 'a' } } })).data[0]!;
    await client.delete('/tags/{id}', { params: { path: { id: tag.id } } });
    const everything = await watch(['--from', 'start', '--once']);
    assert.equal(everything.code, 0, everything.stderr);
    assert.equal(everything.stdout, (await all()).map((event) => `${JSON.stringify(event)}\n`).join(''));
    const creates = await watch(['--from', 'start', '--once', '--filter', 'resourceType=tag,action=create']);
    assert.deepEqual(
      eventsOf(creates.stdout).map((event) => event.resourceName),
      ['a', 'b'],
    );
    const deletes = await watch(['--from', 'start', '--once', '--filter', 'category=inventory,action=delete']);
    assert.deepEqual(
      eventsOf(deletes.stdout).map((event) => [event.action, event.resourceName]),
      [['delete', 'a']],
    );
  });

  it('without a saved position --from now starts after the newest event and saves that start at once', async () => {
    const { client, all, watch } = await setUp();
    const cursor = file('cursor.json');
    const first = await watch(['--cursor-file', cursor, '--once']);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.stdout, '');
    const newest = (await all()).at(-1)!;
    assert.deepEqual(JSON.parse(readFileSync(cursor, 'utf8')), {
      position: { timestamp: newest.timestamp, id: newest.id },
    });
    await client.post('/tags', { body: { name: 'after' } });
    const second = await watch(['--cursor-file', cursor, '--once', '--from', 'start']);
    assert.deepEqual(
      eventsOf(second.stdout).map((event) => event.resourceName),
      ['after'],
      'the saved position wins over --from',
    );
  });

  it('--exec: a receiver that fails the first attempt of each event still gets every event, in order', async () => {
    const { client, all, watch } = await setUp();
    for (const name of ['x', 'y', 'z']) await client.post('/tags', { body: { name } });
    const seen = file('seen.txt');
    const received = file('received.jsonl');
    const receiver = file('receiver.mjs');
    writeFileSync(
      receiver,
      `import { appendFileSync, existsSync, readFileSync } from 'node:fs';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const event = JSON.parse(input);
const seen = existsSync(${JSON.stringify(seen)}) ? readFileSync(${JSON.stringify(seen)}, 'utf8').split('\\n') : [];
if (!seen.includes(event.id)) {
  appendFileSync(${JSON.stringify(seen)}, event.id + '\\n');
  process.exit(1);
}
appendFileSync(${JSON.stringify(received)}, JSON.stringify(event) + '\\n');
`,
    );
    const cursor = file('cursor.json');
    const command = `"${process.execPath}" ${receiver}`;
    const result = await watch(['--from', 'start', '--once', '--cursor-file', cursor, '--exec', command]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, '');
    const expected = await all();
    assert.deepEqual(eventsOf(readFileSync(received, 'utf8')), expected);
    assert.match(result.stderr, /attempt 1 of 5 failed: exit code 1/);
    assert.equal(existsSync(`${cursor}.dead-letter.jsonl`), false);
    assert.equal(JSON.parse(readFileSync(cursor, 'utf8')).position.id, expected.at(-1)!.id);
  });

  it('--exec: after 5 failed attempts the event goes to the dead-letter file and the follower goes on', async () => {
    const { client, all, watch } = await setUp();
    await client.post('/tags', { body: { name: 'doomed' } });
    const cursor = file('cursor.json');
    const failing = 'cat >/dev/null; exit 7';
    const result = await watch(['--from', 'start', '--once', '--cursor-file', cursor, '--exec', failing]);
    assert.equal(result.code, 0, result.stderr);
    const expected = await all();
    const letters = readFileSync(`${cursor}.dead-letter.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      letters.map((letter) => letter.event),
      expected,
    );
    for (const letter of letters) {
      assert.equal(letter.attempts, 5);
      assert.equal(letter.error, 'exit code 7');
    }
    assert.equal((result.stderr.match(/attempt \d of 5 failed/g) ?? []).length, 5 * expected.length);
    assert.equal(JSON.parse(readFileSync(cursor, 'utf8')).position.id, expected.at(-1)!.id, 'the cursor moved on');
    const again = await watch(['--once', '--cursor-file', cursor, '--exec', 'exit 7']);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(readFileSync(`${cursor}.dead-letter.jsonl`, 'utf8').trim().split('\n').length, expected.length);
  });

  it('--post: Standard Webhooks headers whose signature verifies; a 500 is retried; nothing skipped', async () => {
    const { client, all, watch } = await setUp();
    for (const name of ['p', 'q']) await client.post('/tags', { body: { name } });
    const key = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
    const attempts = new Map<string, number>();
    const verified: AuditEvent[] = [];
    const problems: string[] = [];
    const receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const id = String(req.headers['webhook-id']);
        const timestamp = String(req.headers['webhook-timestamp']);
        const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
        const given = String(req.headers['webhook-signature'])
          .split(' ')
          .map((part) => Buffer.from(part.replace(/^v1,/, ''), 'base64'));
        if (!given.some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected)))
          problems.push(`bad signature on ${id}`);
        if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 60) problems.push(`stale timestamp on ${id}`);
        if (req.headers['content-type'] !== 'application/json') problems.push('not JSON');
        const event = JSON.parse(body) as AuditEvent;
        if (event.id !== id) problems.push(`webhook-id ${id} is not the event id ${event.id}`);
        const attempt = (attempts.get(id) ?? 0) + 1;
        attempts.set(id, attempt);
        if (attempt === 1) res.writeHead(500).end();
        else {
          verified.push(event);
          res.writeHead(204).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/estate`;
      const result = await watch(['--from', 'start', '--once', '--post', url], { ESTATE_WEBHOOK_SECRET: SECRET });
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(problems, []);
      assert.deepEqual(verified, await all());
      assert.match(result.stderr, /attempt 1 of 5 failed: HTTP 500/);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('--post: an endpoint that never answers sends the event to the dead-letter file after 5 attempts', async () => {
    const { all, watch } = await setUp();
    const cursor = file('cursor.json');
    const result = await watch(
      ['--from', 'start', '--once', '--cursor-file', cursor, '--post', 'http://127.0.0.1:9/'],
      {
        ESTATE_WEBHOOK_SECRET: 'a plain secret',
      },
    );
    assert.equal(result.code, 0, result.stderr);
    const letters = readFileSync(`${cursor}.dead-letter.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      letters.map((letter) => letter.event.id),
      (await all()).map((event) => event.id),
    );
    assert.match(letters[0].error, /^no answer/);
  });

  it('SIGTERM while a command handles an event stops at once; that event is delivered again on restart', async () => {
    const { key, all, watch } = await setUp();
    const cursor = file('cursor.json');
    const handling = file('handling');
    const command = `cat >/dev/null; touch ${handling}; sleep 30`;
    const run = follow(['--server', instances[0]!, '--cursor-file', cursor, '--from', 'start', '--exec', command], {
      ESTATE_API_KEY: key,
    });
    const exited = new Promise<number | null>((resolve) => run.child.on('exit', (code) => resolve(code)));
    while (!existsSync(handling)) await sleep(20);
    const stopped = Date.now();
    run.child.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.ok(Date.now() - stopped < 2000, 'stopped within 2 s');
    assert.deepEqual(JSON.parse(readFileSync(cursor, 'utf8')), { position: null }, 'nothing handled, nothing saved');
    const received = file('received.jsonl');
    const again = await watch(['--cursor-file', cursor, '--once', '--exec', `cat >> ${received}`]);
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(eventsOf(readFileSync(received, 'utf8')), await all());
  });

  it('refuses clearly: no ESTATE_API_KEY, a bad key, --exec with --post, --post without a secret, links', async () => {
    const { watch } = await setUp();
    const noKey = await watch(['--once'], { ESTATE_API_KEY: '' });
    assert.equal(noKey.code, 1);
    assert.match(noKey.stderr, /no API key: set ESTATE_API_KEY/);
    const wrong = await watch(['--once'], { ESTATE_API_KEY: 'svc_live_wrong' });
    assert.equal(wrong.code, 1);
    assert.match(wrong.stderr, /the API key was refused/);
    const both = await watch(['--once', '--exec', 'cat', '--post', 'http://127.0.0.1:9/']);
    assert.equal(both.code, 1);
    assert.match(both.stderr, /give --exec or --post, not both/);
    const unsigned = await watch(['--once', '--post', 'http://127.0.0.1:9/'], { ESTATE_WEBHOOK_SECRET: '' });
    assert.equal(unsigned.code, 1);
    assert.match(unsigned.stderr, /set ESTATE_WEBHOOK_SECRET/);
    const corrupt = file('cursor.json');
    writeFileSync(corrupt, 'not json');
    const broken = await watch(['--once', '--cursor-file', corrupt]);
    assert.equal(broken.code, 1);
    assert.match(broken.stderr, /is not a cursor file of estate watch/);
    assert.equal(readFileSync(corrupt, 'utf8'), 'not json', 'left as it was');
    const credentials = await watch(['--once', '--post', 'https://user:pass@hooks.example.test/'], {
      ESTATE_WEBHOOK_SECRET: SECRET,
    });
    assert.equal(credentials.code, 1);
    assert.match(credentials.stderr, /cannot hold a user or password/);
    // A dead-letter file that is a symbolic link is not followed: its target stays as it was.
    const target = file('target.txt');
    writeFileSync(target, 'untouched');
    const cursor = file('cursor.json');
    symlinkSync(target, `${cursor}.dead-letter.jsonl`);
    const linked = await watch(['--once', '--from', 'start', '--cursor-file', cursor, '--exec', 'exit 1']);
    assert.equal(linked.code, 1);
    assert.match(linked.stderr, /ELOOP/);
    assert.equal(readFileSync(target, 'utf8'), 'untouched');
    assert.deepEqual(JSON.parse(readFileSync(cursor, 'utf8')), { position: null }, 'the event was not passed');
    const unknown = await watch(['--once', '--filter', 'colour=red']);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /unknown filter colour/);
  });
});

it('signatures follow Standard Webhooks: its published test vector, whsec_ secrets decoded from base64', ONCE, () => {
  const key = webhookKey(SECRET);
  assert.equal(
    webhookSignature(key, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}'),
    'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  );
  assert.deepEqual(webhookKey('plain text secret'), Buffer.from('plain text secret'));
  assert.throws(() => webhookKey('whsec_not base64!'), /not base64/);
});

it(
  'a poll that fails for a passing reason (a 502) is retried while following; with --once it exits 1',
  ONCE,
  async () => {
    const event = (n: number) => ({
      id: `01932c07-8a3e-7c4d-9f1a-00000000000${n}`,
      timestamp: `2026-11-01T00:00:0${n}.000Z`,
      category: 'inventory',
      action: 'create',
      actor: { type: 'api_key', id: null, name: 'k' },
      resourceType: 'tag',
      resourceId: null,
      resourceName: `t${n}`,
      changes: null,
    });
    let polls = 0;
    const fake = createServer((_request, res) => {
      polls += 1;
      if (polls <= 2) return void res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [event(2), event(1)], total: 2, hasMore: false }));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const server = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
      const run = follow(['--server', server, '--from', 'start', '--interval', '50ms'], {
        ESTATE_API_KEY: 'svc_live_k',
      });
      const started = Date.now();
      while (run.printed() < 2 && Date.now() - started < 15_000) await sleep(20);
      // Following goes on after the events: wait for a poll after them (not a fixed time, which a
      // busy machine may not give the follower).
      while (polls < 4 && Date.now() - started < 15_000) await sleep(20);
      run.child.kill('SIGTERM');
      assert.deepEqual(eventsOf(await run.ended), [event(1), event(2)], 'each event once, after two failed polls');
      assert.ok(polls >= 4, `${polls} polls: it went on polling`);
      polls = 0;
      const once = await estate('sqlite::memory:', ['watch', '--server', server, '--from', 'start', '--once'], {
        env: { ESTATE_API_KEY: 'svc_live_k' },
      });
      assert.equal(once.code, 1);
      assert.match(once.stderr, /HTTP 502/);
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  },
);
