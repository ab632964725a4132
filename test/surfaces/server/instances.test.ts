/**
 * Several Estate processes on one PostgreSQL database, as the scale-out path runs them: the write
 * rules hold across processes, the audit log is a gap-free feed across them, and both survive a
 * database outage (connections killed, then a real restart of a PostgreSQL instance of the test's
 * own) and recover by themselves. PostgreSQL only: SQLite is one process.
 */
import { createRegistry } from '../../../src/families/registry.js';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { enrollAgent } from '../../../src/features/agents/agents.service.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { openDatabase } from '../../../src/base/db/database.js';
import { migrateToLatest } from '../../../src/base/db/migrate.js';
import { createKey } from '../../../src/features/accounts/keys/keys.service.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { createWorkspace } from '../../../src/features/accounts/workspaces/workspaces.service.js';
import { startServer, stopServer } from '../../support/cli.js';
import { auditFeedPoller } from '../../support/feed.js';
import { createTestDatabase, type TestDatabase, serviceFamilies } from '../../support/harness.js';

type Json = Record<string, any>;
const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

interface Instance {
  child: ChildProcess;
  base: string;
  output(): string;
}

/** A workspace with an admin key and `admins` admin members, made through the services. */
async function prepare(url: string, admins = 1) {
  const database = openDatabase(url);
  try {
    await migrateToLatest(database);
    const workspace = await createWorkspace(database, createRegistry().scopes, { name: 'Scale-out' }, CLI_ACTOR);
    for (let i = 0; i < admins; i += 1) {
      await addMember(
        database,
        serviceFamilies,
        { workspaceId: workspace.id, email: `admin${i}@scale.test`, name: `Admin ${i}`, role: 'admin' },
        CLI_ACTOR,
      );
    }
    const key = await createKey(database, { workspaceId: workspace.id, name: 'test', alias: 'admin' });
    const agent = await enrollAgent(database, { workspaceId: workspace.id, name: 'agent' });
    return { workspaceId: workspace.id, key: key.secret, agentToken: agent.token };
  } finally {
    await database.close();
  }
}

function client(key: string) {
  return async (instance: Instance, method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${instance.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token ?? key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Json) : undefined };
  };
}

function isErrorShape(body: Json | undefined, status: number): boolean {
  return (
    Boolean(body) &&
    typeof body!.code === 'string' &&
    typeof body!.message === 'string' &&
    body!.status === status &&
    Object.keys(body!).length === 3
  );
}

describe('two Estate processes on one PostgreSQL database', {
  skip: POSTGRES ? false : 'needs TEST_DATABASE_URL',
}, () => {
  let database: TestDatabase;
  let instances: Instance[] = [];
  let setup: Awaited<ReturnType<typeof prepare>>;
  let call: ReturnType<typeof client>;

  before(async () => {
    database = await createTestDatabase('postgres');
    setup = await prepare(database.url, 5);
    call = client(setup.key);
    instances = await Promise.all([startServer(database.url), startServer(database.url)]);
  });
  after(async () => {
    await Promise.all(instances.map((i) => stopServer(i.child)));
    await database?.drop();
  });

  it('parallel PATCHes of different fields through both processes: every field survives', async () => {
    const created = (await call(instances[0]!, 'POST', '/public/v1/applications', { name: 'Shared' })).body!;
    const fields = ['description', 'vendor', 'version', 'url'];
    const value = (field: string, i: number) => (field === 'url' ? `https://x${i}.example.test` : `${field} ${i}`);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(instances[i % 2]!, 'PATCH', `/public/v1/applications/${created.id}`, {
          [fields[i % 4]!]: value(fields[i % 4]!, i),
        }),
      ),
    );
    assert.deepEqual([...new Set(responses.map((r) => r.status))], [200]);
    const stored = (await call(instances[1]!, 'GET', `/public/v1/applications/${created.id}`)).body!;
    const events = (
      await call(instances[0]!, 'GET', `/public/v1/audit-log?resourceId=${created.id}&actions=update&limit=200`)
    ).body!.data as Json[];
    for (const field of fields) {
      const last = events.find((e) => e.changes[field]);
      assert.equal(stored[field], last?.changes[field].after, `${field} is the last audited value`);
    }
  });

  it('five admins demoted through both processes at once: one admin is left', async () => {
    const admins = (await call(instances[0]!, 'GET', '/public/v1/members?role=admin')).body!.data as Json[];
    assert.equal(admins.length, 5);
    const responses = await Promise.all(
      admins.map((m, i) => call(instances[i % 2]!, 'PATCH', `/public/v1/members/${m.id}`, { role: 'write' })),
    );
    assert.deepEqual(responses.map((r) => r.status).sort(), [200, 200, 200, 200, 422]);
    assert.equal((await call(instances[1]!, 'GET', '/public/v1/members?role=admin')).body!.pagination.total, 1);
  });

  it('one agent reporting through both processes at once: one host, every install counted once', async () => {
    const report = (i: number) =>
      call(
        instances[i % 2]!,
        'POST',
        '/agent/v1/report',
        {
          host: { hostname: 'edge-01', kind: 'server' },
          software: [
            { name: 'nginx', vendor: 'F5', version: `1.${i % 3}` },
            { name: 'openssl', vendor: 'OpenSSL', version: '3' },
          ],
        },
        setup.agentToken,
      );
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => report(i)));
    assert.deepEqual([...new Set(responses.map((r) => r.status))], [200]);
    assert.equal(new Set(responses.map((r) => r.body!.id)).size, 1);
    const discovered = (await call(instances[0]!, 'GET', '/public/v1/discovered-applications?q=&limit=200')).body!
      .data as Json[];
    assert.deepEqual(discovered.map((d) => [d.name, d.installCount]).sort(), [
      ['nginx', 1],
      ['openssl', 1],
    ]);
  });

  it('the audit feed: a poller on one process misses none of the events written through both', async () => {
    const apps = await Promise.all(
      Array.from(
        { length: 5 },
        async (_, i) =>
          (await call(instances[0]!, 'POST', '/public/v1/applications', { name: `feed ${i}` })).body!.id as string,
      ),
    );
    const feed = auditFeedPoller(async (cursor) => {
      const answer = await call(
        instances[0]!,
        'GET',
        `/public/v1/audit-log?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      return answer.body as never;
    });
    await feed.poll();
    await feed.followWhile(
      Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          call(instances[i % 2]!, 'PATCH', `/public/v1/applications/${apps[i % 5]}`, { userCount: i }),
        ),
      ),
    );
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const { rows } = await admin.query('SELECT id FROM audit_events WHERE workspace_id = $1', [setup.workspaceId]);
    await admin.end();
    const missed = rows.filter((r: { id: string }) => !feed.seen.has(r.id));
    assert.equal(missed.length, 0, `missed ${missed.length} of ${rows.length} events`);
  });

  it(
    'connections killed under load (pg_terminate_backend): both processes stay up, ' +
      'answer 503/500 in the error shape, then recover; no acknowledged write lost',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const dbName = new URL(database.url).pathname.slice(1);
      const outcome = await underLoad(instances, call, async () => {
        for (let i = 0; i < 10; i += 1) {
          await admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [dbName],
          );
          await sleep(150);
        }
      });
      await admin.end();
      await assertSurvived(instances, call, outcome, database.url);
    },
  );
});

/** What a load run saw: acknowledged creates and every failure. */
interface LoadOutcome {
  acknowledged: string[];
  failures: { status: number; body: Json | undefined }[];
  ok: number;
}

/** Runs creates and reads against every instance from 8 workers while `disturb` runs, then a little longer. */
async function underLoad(
  instances: Instance[],
  call: ReturnType<typeof client>,
  disturb: () => Promise<void>,
): Promise<LoadOutcome> {
  const outcome: LoadOutcome = { acknowledged: [], failures: [], ok: 0 };
  let running = true;
  let n = 0;
  const worker = async (w: number) => {
    while (running) {
      const instance = instances[(w + n) % instances.length]!;
      n += 1;
      try {
        const res =
          n % 2
            ? await call(instance, 'POST', '/public/v1/applications', { name: `load ${w}-${n}` })
            : await call(instance, 'GET', '/public/v1/me');
        if (res.status < 300) {
          outcome.ok += 1;
          if (res.status === 201) outcome.acknowledged.push(res.body!.id);
        } else {
          outcome.failures.push(res);
        }
      } catch (error) {
        outcome.failures.push({ status: 0, body: { error: String(error) } });
        await sleep(20);
      }
    }
  };
  const workers = Array.from({ length: 8 }, (_, w) => worker(w));
  await sleep(300);
  await disturb();
  await sleep(300);
  running = false;
  await Promise.all(workers);
  return outcome;
}

async function assertSurvived(
  instances: Instance[],
  call: ReturnType<typeof client>,
  outcome: LoadOutcome,
  url: string,
) {
  for (const instance of instances)
    assert.equal(instance.child.exitCode, null, `the process is still running: ${instance.output().slice(-2000)}`);
  for (const failure of outcome.failures) {
    assert.ok(
      [500, 503].includes(failure.status),
      `a failure is a 503 or 500, not ${failure.status} ${JSON.stringify(failure.body)}`,
    );
    assert.ok(isErrorShape(failure.body, failure.status), `in the error shape: ${JSON.stringify(failure.body)}`);
  }
  // Recovery without a restart: every instance answers a write and a read within 10 s.
  for (const instance of instances) {
    const deadline = Date.now() + 10_000;
    let recovered = false;
    while (!recovered && Date.now() < deadline) {
      const write = await call(instance, 'POST', '/public/v1/applications', { name: 'after the outage' });
      recovered = write.status === 201 && (await call(instance, 'GET', '/public/v1/me')).status === 200;
      if (write.status === 201) outcome.acknowledged.push(write.body!.id);
      if (!recovered) await sleep(200);
    }
    assert.ok(recovered, 'recovered within 10 s');
    const ready = await fetch(`${instance.base}/readyz`);
    assert.equal(ready.status, 200);
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rows: apps } = await admin.query(
    `SELECT id FROM applications WHERE name LIKE 'load %' OR name = 'after the outage'`,
  );
  const stored = new Set(apps.map((r: { id: string }) => r.id));
  for (const id of outcome.acknowledged) assert.ok(stored.has(id), `acknowledged application ${id} exists`);
  // Nothing half-applied: every stored application has exactly its one create event, and no
  // create event names an application that is not stored.
  const { rows: events } = await admin.query(
    `SELECT resource_id, count(*)::int AS n FROM audit_events
      WHERE resource_type = 'application' AND action = 'create'
        AND (resource_name LIKE 'load %' OR resource_name = 'after the outage')
      GROUP BY resource_id`,
  );
  await admin.end();
  assert.equal(events.length, stored.size, 'one create event per stored application');
  for (const event of events) {
    assert.equal(event.n, 1);
    assert.ok(stored.has(event.resource_id));
  }
}

/** A PostgreSQL instance of the test's own, in a temporary directory, that the test may stop and start. */
class ThrowawayPostgres {
  readonly dir = mkdtempSync(join(tmpdir(), 'estate-pg-'));
  private readonly bin = ['15', '16', '17', '14']
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .find((b) => existsSync(`${b}/initdb`));
  port = 0;

  get available(): boolean {
    return Boolean(this.bin);
  }

  /** Runs a PostgreSQL program as the postgres user when the test runs as root (initdb refuses root). */
  private run(program: string, args: string[]): void {
    const command = `${this.bin}/${program}`;
    if (process.getuid?.() === 0)
      execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
    else execFileSync(command, args, { stdio: 'pipe' });
  }

  async init(): Promise<void> {
    this.port = await freePort();
    if (process.getuid?.() === 0) {
      chmodSync(this.dir, 0o700);
      const { uid, gid } = postgresIds();
      chownSync(this.dir, uid, gid);
    }
    this.run('initdb', ['-D', this.dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    this.start();
  }

  start(): void {
    this.run('pg_ctl', [
      '-D',
      this.dir,
      '-w',
      '-l',
      join(this.dir, 'log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  }

  stop(): void {
    this.run('pg_ctl', ['-D', this.dir, '-w', '-m', 'fast', 'stop']);
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  destroy(): void {
    try {
      this.stop();
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

describe('a PostgreSQL restart under load', { skip: POSTGRES ? false : 'needs TEST_DATABASE_URL' }, () => {
  const server = new ThrowawayPostgres();
  let instances: Instance[] = [];

  after(async () => {
    await Promise.all(instances.map((i) => stopServer(i.child)));
    server.destroy();
  });

  it('two processes under load survive a 2 s restart of their database: ' +
    '503s while it is down, /readyz follows it, every request succeeds again within seconds', {
    skip: server.available ? false : 'no PostgreSQL server binaries',
  }, async () => {
    await server.init();
    const setup = await prepare(server.url);
    const call = client(setup.key);
    instances = await Promise.all([startServer(server.url), startServer(server.url)]);
    let readyDuringOutage = 0;
    const outcome = await underLoad(instances, call, async () => {
      server.stop();
      readyDuringOutage = (await fetch(`${instances[0]!.base}/readyz`)).status;
      const health = await fetch(`${instances[1]!.base}/healthz`);
      assert.equal(health.status, 200, 'healthz answers while the database is down');
      await sleep(2000);
      server.start();
    });
    assert.equal(readyDuringOutage, 503, '/readyz answers 503 while the database is down');
    assert.ok(
      outcome.failures.some((f) => f.status === 503),
      'requests failed with 503 during the outage',
    );
    await assertSurvived(instances, call, outcome, server.url);
  });
});
