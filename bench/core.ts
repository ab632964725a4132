/**
 * Core benchmark, run on demand (never in CI): `npm run bench:core`.
 *
 * For SQLite (a temporary file) and, when BENCH_PG_URL is set, PostgreSQL (a throwaway database
 * estate_bench_<random>, dropped WITH (FORCE) at the end):
 *   1. migrate a fresh database, create a workspace, an admin member and an admin-alias key;
 *   2. bulk-generate BENCH_AUDIT_EVENTS audit events over the last 365 days, then ANALYZE;
 *   3. serve the Estate app and, in the same process, a bare node:http hello server;
 *   4. load both with autocannon (in a child process): raw hello, unauthenticated 401, GET /me,
 *      GET /audit-log?limit=50; derive the per-request authentication cost;
 *   5. time audit pages sequentially with app.inject: first page, a deep cursor page, a filtered page;
 *   6. print a Markdown summary per database and write bench/results/core-<dialect>-<date>.json.
 *
 * Env: BENCH_PG_URL, BENCH_AUDIT_EVENTS (1000000), BENCH_SECONDS (10), BENCH_CONNECTIONS (50),
 * BENCH_WARMUP_SECONDS (1).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { performance } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type pg from 'pg';
import { UUID } from 'uuidv7';
import type { Database, Dialect } from '../src/db/database.js';
import type { App } from '../src/http/app.js';
import { countAuditEvents, listAuditEvents } from '../src/audit/audit.repository.js';
import { encodeCursor, type CursorPosition } from '../src/pagination/cursor.js';
import {
  beginDialect,
  connectProbe,
  createAdminWorkspace,
  environment,
  fmt,
  intEnv,
  openMigrated,
  percentile,
  runBench,
  runChild,
  serverVersionOf,
  startApp,
  waitForIdle,
} from './common.js';
import type { LoadSummary } from './load-child.js';

// ---------------------------------------------------------------------------------------------
// Configuration

const AUDIT_EVENTS = intEnv('BENCH_AUDIT_EVENTS', 1_000_000, 200);
const SECONDS = intEnv('BENCH_SECONDS', 10);
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 50);
const WARMUP_SECONDS = intEnv('BENCH_WARMUP_SECONDS', 1, 0);

const SEQUENTIAL_ITERATIONS = 50;
const SEQUENTIAL_WARMUPS = 5;

const TARGETS = {
  authCostMs: 0.2,
  firstPageP50Ms: 50,
  deepCursorP50Ms: 10,
};

// ---------------------------------------------------------------------------------------------
// Synthetic audit vocabulary: a fixed pool of resources (type → category) and of API-key actors

const DAY_MS = 86_400_000;
const SPAN_MS = 365 * DAY_MS;
const RESOURCE_POOL = 50_000;
const ACTOR_POOL = 20;
/** Index i of RESOURCE_TYPES belongs to CATEGORY_OF_TYPE[i]. */
const RESOURCE_TYPES = ['application', 'server', 'network', 'workstation', 'member', 'team', 'api_key', 'workspace'];
const CATEGORY_OF_TYPE = [
  'inventory',
  'inventory',
  'inventory',
  'inventory',
  'organisation',
  'organisation',
  'access',
  'settings',
];
const ACTIONS = ['create', 'update', 'delete', 'link'];

const actorName = (n: number) => `integration-${String(n + 1).padStart(2, '0')}`;

// ---------------------------------------------------------------------------------------------
// Bulk generation

/** Evenly spread over the last 365 days with jitter below the step, so row i is older than row i+1. */
function timeline(count: number) {
  const start = Date.now() - SPAN_MS;
  const step = SPAN_MS / count;
  return { start, step };
}

function generateSqlite(file: string, workspaceId: string, count: number): void {
  const bulk = new SqliteDatabase(file);
  try {
    bulk.pragma('journal_mode = WAL');
    bulk.pragma('busy_timeout = 5000');
    bulk.pragma('cache_size = -262144'); // 256 MiB: the random-order resource index stays in memory
    const insert = bulk.prepare(
      `INSERT INTO audit_events
         (workspace_id, id, timestamp, category, action, actor_type, actor_id, actor_name, resource_type, resource_id, resource_name, changes)
       VALUES (?, ?, ?, ?, ?, 'api_key', ?, ?, ?, ?, ?, NULL)`,
    );
    const actorIds = Array.from({ length: ACTOR_POOL }, () => randomUUID());
    const resourceIds = Array.from({ length: RESOURCE_POOL }, () => randomUUID());
    const { start, step } = timeline(count);
    const CHUNK = 50_000;
    // One transaction for the whole load; rows are generated and inserted chunk by chunk.
    bulk.transaction(() => {
      for (let from = 0; from < count; from += CHUNK) {
        const to = Math.min(count, from + CHUNK);
        for (let i = from; i < to; i++) {
          const ms = Math.floor(start + i * step + Math.random() * step * 0.9);
          // UUID v7 of the event's own millisecond, so ids sort with timestamps.
          const id = UUID.fromFieldsV7(
            ms,
            (Math.random() * 0x1000) >>> 0,
            (Math.random() * 0x40000000) >>> 0,
            (Math.random() * 0x100000000) >>> 0,
          ).toString();
          const resource = (Math.random() * RESOURCE_POOL) >>> 0;
          const type = resource % RESOURCE_TYPES.length;
          const actor = (Math.random() * ACTOR_POOL) >>> 0;
          insert.run(
            workspaceId,
            id,
            new Date(ms).toISOString(),
            CATEGORY_OF_TYPE[type],
            ACTIONS[(Math.random() * ACTIONS.length) >>> 0],
            actorIds[actor],
            actorName(actor),
            RESOURCE_TYPES[type],
            resourceIds[resource],
            `${RESOURCE_TYPES[type]}-${resource}`,
          );
        }
        if (count >= 200_000 && process.stdout.isTTY)
          process.stdout.write(`\r    ${to.toLocaleString('en')} / ${count.toLocaleString('en')}`);
      }
    })();
    if (count >= 200_000 && process.stdout.isTTY) process.stdout.write('\n');
  } finally {
    bulk.close();
  }
}

async function generatePostgres(database: Database, workspaceId: string, count: number): Promise<void> {
  const { start, step } = timeline(count);
  // 5,000 rows per statement: fast, and a per-row trigger that bumps one counter row (see
  // 0002-audit-counts) costs O(rows²) within a single statement on PostgreSQL.
  const CHUNK = 5_000;
  for (let from = 0; from < count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK) - 1;
    // The inner query draws the random choices once per row (a subquery with volatile outputs is
    // not flattened); the outer one builds a UUID v7 from the row's own millisecond.
    await sql`
      INSERT INTO audit_events
        (workspace_id, id, timestamp, category, action, actor_type, actor_id, actor_name, resource_type, resource_id, resource_name, changes)
      SELECT
        ${workspaceId}::uuid,
        (lpad(to_hex((extract(epoch FROM s.ts) * 1000)::bigint), 12, '0')
          || '7' || substr(md5(random()::text), 1, 3)
          || substr('89ab', 1 + floor(random() * 4)::int, 1)
          || substr(md5(random()::text), 1, 15))::uuid,
        s.ts,
        (${CATEGORY_OF_TYPE}::text[])[1 + s.resource % ${RESOURCE_TYPES.length}],
        (${ACTIONS}::text[])[1 + s.action],
        'api_key',
        md5('actor-' || s.actor)::uuid,
        'integration-' || lpad((s.actor + 1)::text, 2, '0'),
        (${RESOURCE_TYPES}::text[])[1 + s.resource % ${RESOURCE_TYPES.length}],
        md5('resource-' || s.resource)::uuid,
        (${RESOURCE_TYPES}::text[])[1 + s.resource % ${RESOURCE_TYPES.length}] || '-' || s.resource,
        NULL
      FROM (
        SELECT
          date_trunc('milliseconds', to_timestamp((${start}::float8 + g * ${step}::float8 + random() * ${step}::float8 * 0.9) / 1000)) AS ts,
          floor(random() * ${RESOURCE_POOL})::int AS resource,
          floor(random() * ${ACTIONS.length})::int AS action,
          floor(random() * ${ACTOR_POOL})::int AS actor
        FROM generate_series(${from}::int, ${to}::int) AS g
      ) AS s
    `.execute(database.db);
    if (count >= 200_000 && process.stdout.isTTY && (to + 1) % 100_000 === 0)
      process.stdout.write(`\r    ${(to + 1).toLocaleString('en')} / ${count.toLocaleString('en')}`);
  }
  if (count >= 200_000 && process.stdout.isTTY) process.stdout.write('\n');
}

// ---------------------------------------------------------------------------------------------
// Load (autocannon in a child process)

interface LoadResult extends LoadSummary {
  name: string;
  /** Event-loop milliseconds per request on a saturated single-threaded server: 1000 / req/s. */
  msPerRequest: number;
  /** CPU time of this (server) process per request, user + system, all threads. */
  serverCpuMsPerRequest: number;
  /** Server process CPU during the run, in % of one core. */
  serverCpuPercent: number;
}

async function load(
  name: string,
  url: string,
  headers: Record<string, string>,
  pgProbe: pg.Client | undefined,
): Promise<LoadResult> {
  if (WARMUP_SECONDS > 0) {
    await runChild({ url, headers, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    await waitForIdle(pgProbe);
  }
  const {
    answer: { summary },
    cpuMs,
    wallMs,
  } = await runChild<{ summary: LoadSummary }>({ url, headers, connections: CONNECTIONS, seconds: SECONDS });
  await waitForIdle(pgProbe);
  const result: LoadResult = {
    name,
    ...summary,
    msPerRequest: 1000 / summary.reqPerSec,
    serverCpuMsPerRequest: cpuMs / Math.max(1, summary.totalRequests),
    serverCpuPercent: (100 * cpuMs) / wallMs,
  };
  console.log(
    `    ${name.padEnd(34)} ${fmt(result.reqPerSec, 0).padStart(8)} req/s  p50 ${result.latencyP50} ms  p99 ${result.latencyP99} ms  ` +
      `server CPU ${fmt(result.serverCpuPercent, 0)}%  codes ${JSON.stringify(result.statusCodes)}${result.errors ? `  errors ${result.errors}` : ''}`,
  );
  if (result.serverCpuPercent < 90) {
    console.log(
      `      (server process under 90% CPU: the limit was elsewhere — load generator, database or the machine — so 1000/req/s overstates its cost)`,
    );
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Sequential latency (app.inject: no network, no concurrency)

interface SequentialResult {
  name: string;
  url: string;
  iterations: number;
  p50: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
  rowsReturned: number;
  total: number | null;
  non200: number;
}

async function sequential(app: App, name: string, url: string, secret: string): Promise<SequentialResult> {
  const headers = { authorization: `Bearer ${secret}` };
  let non200 = 0;
  let last: { data?: unknown[]; total?: number } = {};
  for (let i = 0; i < SEQUENTIAL_WARMUPS; i++) {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200)
      throw new Error(`${name}: warm-up got ${response.statusCode} ${response.body.slice(0, 200)}`);
  }
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL_ITERATIONS; i++) {
    const t0 = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - t0);
    if (response.statusCode !== 200) non200++;
    else if (i === 0) last = response.json();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const result: SequentialResult = {
    name,
    url,
    iterations: SEQUENTIAL_ITERATIONS,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    mean: times.reduce((a, b) => a + b, 0) / times.length,
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    rowsReturned: last.data?.length ?? 0,
    total: last.total ?? null,
    non200,
  };
  console.log(
    `    ${name.padEnd(34)} p50 ${fmt(result.p50, 2)} ms  p99 ${fmt(result.p99, 2)} ms  (rows ${result.rowsReturned}, total ${result.total})`,
  );
  if (non200 > 0) console.warn(`    WARNING: ${name}: ${non200} of ${SEQUENTIAL_ITERATIONS} responses were not 200`);
  return result;
}

/** Median and mean of a repository call on its own, to split a page's time between its two queries. */
async function timeQuery(
  run: () => Promise<unknown>,
  iterations = 20,
  warmups = 2,
): Promise<{ p50: number; mean: number }> {
  for (let i = 0; i < warmups; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return {
    p50: percentile(
      [...times].sort((a, b) => a - b),
      0.5,
    ),
    mean: times.reduce((a, b) => a + b, 0) / times.length,
  };
}

interface QueryBreakdown {
  /** listAuditEvents (limit 51) and countAuditEvents, each timed alone, p50/mean ms. */
  pageRows: { p50: number; mean: number };
  count: { p50: number; mean: number };
  deepPageRows: { p50: number; mean: number };
  filteredPageRows: { p50: number; mean: number };
  filteredCount: { p50: number; mean: number };
}

async function queryBreakdown(database: Database, workspaceId: string, deep: CursorPosition): Promise<QueryBreakdown> {
  const access = { category: 'access' };
  const breakdown: QueryBreakdown = {
    pageRows: await timeQuery(() => listAuditEvents(database, workspaceId, {}, undefined, 51)),
    count: await timeQuery(() => countAuditEvents(database, workspaceId, {})),
    deepPageRows: await timeQuery(() => listAuditEvents(database, workspaceId, {}, deep, 51)),
    filteredPageRows: await timeQuery(() => listAuditEvents(database, workspaceId, access, undefined, 51)),
    filteredCount: await timeQuery(() => countAuditEvents(database, workspaceId, access)),
  };
  console.log(
    `    query breakdown (repository calls alone, p50): page rows ${fmt(breakdown.pageRows.p50, 2)} ms, count(*) ${fmt(breakdown.count.p50, 2)} ms; ` +
      `deep page rows ${fmt(breakdown.deepPageRows.p50, 2)} ms; filtered rows ${fmt(breakdown.filteredPageRows.p50, 2)} ms, ` +
      `filtered count(*) ${fmt(breakdown.filteredCount.p50, 2)} ms`,
  );
  return breakdown;
}

// ---------------------------------------------------------------------------------------------
// One database

interface DialectReport {
  dialect: Dialect;
  serverVersion: string;
  date: string;
  environment: { node: string; platform: string; cpus: number; cpuModel: string };
  config: {
    auditEvents: number;
    seconds: number;
    connections: number;
    warmupSeconds: number;
    sequentialIterations: number;
  };
  generation: { events: number; insertSeconds: number; analyzeSeconds: number; rowsPerSecond: number };
  load: { rawHello: LoadResult; unauthenticated: LoadResult; me: LoadResult; auditFirstPage: LoadResult };
  derived: {
    meVsUnauthenticated: number;
    meVsRawHello: number;
    authCostMs: number;
    authCostCpuMs: number;
    authCostTargetMs: number;
  };
  sequential: {
    firstPage: SequentialResult;
    deepCursor: SequentialResult & { offset: number };
    filteredFirstPage: SequentialResult;
    breakdown: QueryBreakdown;
  };
  checks: { name: string; ok: boolean; detail: string }[];
  warnings: string[];
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

async function benchDialect(dialect: Dialect): Promise<DialectReport> {
  const { warnings, warn, target, opened, finish } = await beginDialect(dialect);
  let database: Database | undefined;
  let app: App | undefined;
  let raw: Server | undefined;
  let pgProbe: pg.Client | undefined;
  try {
    // 1. Fresh database, workspace, admin member, admin-alias key.
    database = opened(await openMigrated(target.url));
    const { workspace, key } = await createAdminWorkspace(database);
    const serverVersion = await serverVersionOf(database, dialect);
    console.log(`  ${serverVersion}; workspace ${workspace.id}`);

    // 2. Bulk audit events, then ANALYZE.
    console.log(`  generating ${AUDIT_EVENTS.toLocaleString('en')} audit events…`);
    const g0 = performance.now();
    if (dialect === 'sqlite') generateSqlite(target.file!, workspace.id, AUDIT_EVENTS);
    else await generatePostgres(database, workspace.id, AUDIT_EVENTS);
    const insertSeconds = (performance.now() - g0) / 1000;
    const a0 = performance.now();
    // PostgreSQL: VACUUM too, so the visibility map is what autovacuum would soon make it (index-only
    // scans for count(*)), instead of autovacuum kicking in during the measurements.
    if (dialect === 'sqlite') {
      await sql`ANALYZE`.execute(database.db);
      // Fold the bulk load's WAL back into the main file, as a long-running service would have.
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
    } else await sql`VACUUM (ANALYZE)`.execute(database.db); // also the counter table's dead row versions
    const analyzeSeconds = (performance.now() - a0) / 1000;
    const rows = Number(
      (
        await database.db
          .selectFrom('audit_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', workspace.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    console.log(
      `  generated in ${fmt(insertSeconds, 2)} s (${Math.round(AUDIT_EVENTS / insertSeconds).toLocaleString('en')} rows/s), ` +
        `${dialect === 'sqlite' ? 'ANALYZE + WAL checkpoint' : 'VACUUM (ANALYZE)'} ${fmt(analyzeSeconds, 2)} s; ${rows.toLocaleString('en')} events in the workspace`,
    );

    if (dialect === 'postgres') {
      // Flush the load's dirty buffers now rather than during the measurements.
      await sql`CHECKPOINT`
        .execute(database.db)
        .catch((error: unknown) => warn(`CHECKPOINT failed: ${(error as Error).message}`));
      pgProbe = await connectProbe(target.url);
    }

    // 3. Estate app and a raw node:http server in this process.
    let base: string;
    ({ app, base } = await startApp(database));
    const hello = JSON.stringify({ hello: 'world' });
    raw = createServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(hello),
      });
      response.end(hello);
    });
    const rawPort = await listen(raw);
    const auth = { authorization: `Bearer ${key.secret}` };

    // 4. Throughput.
    console.log(
      `  load: ${CONNECTIONS} connections, ${SECONDS} s per target (+${WARMUP_SECONDS} s warm-up), autocannon in a child process`,
    );
    const rawHello = await load('raw node:http hello', `http://127.0.0.1:${rawPort}/`, {}, pgProbe);
    const unauthenticated = await load('GET /public/v1/me, no key (401)', `${base}/public/v1/me`, {}, pgProbe);
    const me = await load('GET /public/v1/me', `${base}/public/v1/me`, auth, pgProbe);
    const auditFirstPage = await load(
      'GET /public/v1/audit-log?limit=50',
      `${base}/public/v1/audit-log?limit=50`,
      auth,
      pgProbe,
    );
    const nonOk = (r: LoadResult, expected: string) =>
      Object.entries(r.statusCodes)
        .filter(([code]) => code !== expected)
        .reduce((sum, [, n]) => sum + n, 0);
    if (nonOk(rawHello, '200') > 0 || rawHello.errors > 0)
      warn(`raw hello: unexpected statuses ${JSON.stringify(rawHello.statusCodes)}, errors ${rawHello.errors}`);
    if (nonOk(unauthenticated, '401') > 0 || unauthenticated.errors > 0) {
      warn(
        `unauthenticated: expected only 401, got ${JSON.stringify(unauthenticated.statusCodes)}, errors ${unauthenticated.errors}`,
      );
    }
    for (const r of [me, auditFirstPage]) {
      if (r.non2xx > 0 || r.errors > 0)
        warn(
          `${r.name}: ${r.non2xx} non-2xx responses ${JSON.stringify(r.statusCodes)}, ${r.errors} errors (must be 0)`,
        );
    }
    const authCostMs = 1000 / me.reqPerSec - 1000 / unauthenticated.reqPerSec;
    const derived = {
      meVsUnauthenticated: me.reqPerSec / unauthenticated.reqPerSec,
      meVsRawHello: me.reqPerSec / rawHello.reqPerSec,
      authCostMs,
      authCostCpuMs: me.serverCpuMsPerRequest - unauthenticated.serverCpuMsPerRequest,
      authCostTargetMs: TARGETS.authCostMs,
    };
    console.log(
      `    me / unauthenticated = ${fmt(derived.meVsUnauthenticated, 3)}; authentication cost ≈ ${fmt(authCostMs, 3)} ms/request ` +
        `(target < ${TARGETS.authCostMs} ms) ${authCostMs < TARGETS.authCostMs ? 'OK' : 'OVER TARGET'}`,
    );

    // 5. Sequential audit page latency.
    console.log(
      `  sequential audit pages: ${SEQUENTIAL_ITERATIONS} iterations after ${SEQUENTIAL_WARMUPS} warm-ups (app.inject)`,
    );
    const firstPage = await sequential(app, 'first page', '/public/v1/audit-log?limit=50', key.secret);
    const offset = Math.floor(rows / 2);
    const deepRow = await database.db
      .selectFrom('audit_events')
      .select(['timestamp', 'id'])
      .where('workspace_id', '=', workspace.id)
      .orderBy('timestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .offset(offset)
      .executeTakeFirstOrThrow();
    const expectedNext = await database.db
      .selectFrom('audit_events')
      .select('id')
      .where('workspace_id', '=', workspace.id)
      .orderBy('timestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .offset(offset + 1)
      .executeTakeFirst();
    const cursor = encodeCursor({ timestamp: deepRow.timestamp, id: deepRow.id });
    const deepUrl = `/public/v1/audit-log?limit=50&cursor=${encodeURIComponent(cursor)}`;
    const deepCheck = await app.inject({ method: 'GET', url: deepUrl, headers: auth });
    const deepFirstId =
      deepCheck.statusCode === 200 ? (deepCheck.json() as { data: { id: string }[] }).data[0]?.id : undefined;
    if (deepFirstId !== expectedNext?.id) {
      warn(
        `deep cursor page starts at ${deepFirstId ?? `status ${deepCheck.statusCode}`}, expected the row at offset ${offset + 1} (${expectedNext?.id})`,
      );
    }
    const deepCursor = {
      ...(await sequential(app, `deep cursor (offset ${offset.toLocaleString('en')})`, deepUrl, key.secret)),
      offset,
    };
    const filteredFirstPage = await sequential(
      app,
      'filtered first page category=access',
      '/public/v1/audit-log?category=access&limit=50',
      key.secret,
    );
    const breakdown = await queryBreakdown(database, workspace.id, { timestamp: deepRow.timestamp, id: deepRow.id });

    const checks = [
      {
        name: 'authentication cost',
        ok: authCostMs < TARGETS.authCostMs,
        detail: `${fmt(authCostMs, 3)} ms (target < ${TARGETS.authCostMs} ms)`,
      },
      {
        name: 'first page p50',
        ok: firstPage.p50 < TARGETS.firstPageP50Ms,
        detail: `${fmt(firstPage.p50, 2)} ms (target < ${TARGETS.firstPageP50Ms} ms)`,
      },
      {
        name: 'deep cursor p50',
        ok: deepCursor.p50 < TARGETS.deepCursorP50Ms,
        detail: `${fmt(deepCursor.p50, 2)} ms (target < ${TARGETS.deepCursorP50Ms} ms)`,
      },
      { name: 'first page total = count(*)', ok: firstPage.total === rows, detail: `${firstPage.total} vs ${rows}` },
      {
        name: 'authenticated non-2xx',
        ok: me.non2xx + auditFirstPage.non2xx === 0,
        detail: `${me.non2xx + auditFirstPage.non2xx} (must be 0)`,
      },
    ];

    return {
      dialect,
      serverVersion,
      date: new Date().toISOString(),
      environment: environment(),
      config: {
        auditEvents: AUDIT_EVENTS,
        seconds: SECONDS,
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_SECONDS,
        sequentialIterations: SEQUENTIAL_ITERATIONS,
      },
      generation: { events: AUDIT_EVENTS, insertSeconds, analyzeSeconds, rowsPerSecond: AUDIT_EVENTS / insertSeconds },
      load: { rawHello, unauthenticated, me, auditFirstPage },
      derived,
      sequential: { firstPage, deepCursor, filteredFirstPage, breakdown },
      checks,
      warnings,
    };
  } finally {
    await pgProbe?.end();
    if (raw) await new Promise<void>((resolve) => raw!.close(() => resolve()));
    await app?.close();
    await finish();
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting

function markdown(report: DialectReport): string {
  const { load: l, derived: d, sequential: s, generation: g, config: c } = report;
  const row = (r: LoadResult, counted: boolean) =>
    `| ${r.name} | ${fmt(r.reqPerSec, 0)} | ${r.latencyP50} | ${r.latencyP99} | ${counted ? r.non2xx : '–'} | ${fmt(r.msPerRequest, 3)} | ${fmt(r.serverCpuMsPerRequest, 3)} |`;
  const seq = (r: SequentialResult, target: string) =>
    `| ${r.name} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${fmt(r.mean, 2)} | ${target} |`;
  return [
    `### ${report.dialect} — ${report.serverVersion}`,
    '',
    `${c.auditEvents.toLocaleString('en')} audit events generated in ${fmt(g.insertSeconds, 2)} s (+${fmt(g.analyzeSeconds, 2)} s analyze); ` +
      `load ${c.connections} connections × ${c.seconds} s; ${report.environment.cpus} CPUs, Node ${report.environment.node}.`,
    '',
    '| Target | req/s | p50 ms | p99 ms | non-2xx | ms/req (1000/rps) | server CPU ms/req |',
    '|---|--:|--:|--:|--:|--:|--:|',
    row(l.rawHello, false),
    row(l.unauthenticated, false),
    row(l.me, true),
    row(l.auditFirstPage, true),
    '',
    `me / unauthenticated: ${fmt(d.meVsUnauthenticated, 3)} · me / raw hello: ${fmt(d.meVsRawHello, 3)} · ` +
      `**authentication cost ${fmt(d.authCostMs, 3)} ms/request** (target < ${d.authCostTargetMs} ms; by server CPU: ${fmt(d.authCostCpuMs, 3)} ms)`,
    '',
    `| Sequential (${s.firstPage.iterations} × app.inject) | p50 ms | p99 ms | mean ms | target |`,
    '|---|--:|--:|--:|---|',
    seq(s.firstPage, `p50 < ${TARGETS.firstPageP50Ms} ms`),
    seq(s.deepCursor, `p50 < ${TARGETS.deepCursorP50Ms} ms`),
    seq(s.filteredFirstPage, '–'),
    '',
    `Query breakdown (repository calls alone, p50): page rows ${fmt(s.breakdown.pageRows.p50, 2)} ms + count(*) ${fmt(s.breakdown.count.p50, 2)} ms; ` +
      `deep page rows ${fmt(s.breakdown.deepPageRows.p50, 2)} ms; filtered rows ${fmt(s.breakdown.filteredPageRows.p50, 2)} ms + ` +
      `filtered count(*) ${fmt(s.breakdown.filteredCount.p50, 2)} ms.`,
    '',
    ...report.checks.map((check) => `- ${check.ok ? 'PASS' : 'FAIL'} ${check.name}: ${check.detail}`),
    ...report.warnings.map((warning) => `- WARNING ${warning}`),
  ].join('\n');
}

async function main(): Promise<void> {
  await runBench({
    name: 'core',
    title: 'Estate core benchmark',
    describe: `${AUDIT_EVENTS.toLocaleString('en')} audit events; ${CONNECTIONS} connections × ${SECONDS} s`,
    run: benchDialect,
    markdown,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
