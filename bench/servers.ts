/**
 * Servers list benchmark, run on demand (never in CI): `npm run bench:servers`.
 *
 * For SQLite (a temporary file) and, when BENCH_PG_URL is set, PostgreSQL (a throwaway database
 * estate_bench_<random>, dropped WITH (FORCE) at the end):
 *   1. migrate a fresh database, create a workspace, an admin member and an admin-alias key;
 *   2. bulk-insert BENCH_SERVERS servers with 300 tags, 300 applications, 200 agents and one tag
 *      and one application link per server (bench/servers-data.ts), then ANALYZE;
 *   3. serve the Estate app and, in the same process, a minimal node:http + driver implementation
 *      of the same endpoint (bench/servers-minimal.ts); check both answer the same JSON;
 *   4. load both with autocannon (in a child process) on GET /public/v1/servers?limit=50:
 *      req/s, p99, Estate/minimal ratio (target ≥ 0.80), Estate p99 (target < 25 ms), no non-2xx;
 *   5. time Estate's list sequentially with app.inject: first page, last page, q, a filter, a
 *      filter + sort (and, informative, tagId and os filters), each with its page and count
 *      queries timed alone and their plans (bench/servers-plans.ts);
 *   6. print a Markdown summary per database and write bench/results/servers-<dialect>-<date>.json.
 *
 * Env: BENCH_PG_URL, BENCH_SERVERS (100000), BENCH_SECONDS (10), BENCH_CONNECTIONS (50),
 * BENCH_WARMUP_SECONDS (1), BENCH_SEED (1).
 */

import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Database, Dialect } from '../src/db/database.js';
import type { App } from '../src/http/app.js';
import {
  beginDialect,
  busyPercent,
  connectProbe,
  createAdminWorkspace,
  environment,
  fmt,
  intEnv,
  machineCpu,
  openMigrated,
  percentile,
  runBench,
  runChild,
  serverVersionOf,
  startApp,
  waitForIdle,
} from './common.js';
import type { LoadSummary } from './load-child.js';
import { generateInventory, loadPostgres, loadSqlite, serverName, type Inventory } from './servers-data.js';
import { startMinimalPostgres, startMinimalSqlite, type MinimalServer } from './servers-minimal.js';
import { createExplainer, type Explainer, type QueryBreakdown } from './servers-plans.js';

// ---------------------------------------------------------------------------------------------
// Configuration

const SERVERS = intEnv('BENCH_SERVERS', 100_000, 100);
const SECONDS = intEnv('BENCH_SECONDS', 10);
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 50);
const WARMUP_SECONDS = intEnv('BENCH_WARMUP_SECONDS', 1, 0);
const SEED = intEnv('BENCH_SEED', 1);

const SEQUENTIAL_ITERATIONS = 50;
const SEQUENTIAL_WARMUPS = 5;
/** Estate's default pool size (openDatabase), used for the minimal server too. */
const PG_POOL_SIZE = 10;
const SEARCH = 'srv-0999';
const LOAD_PATH = '/public/v1/servers?limit=50';

const TARGETS = { ratio: 0.8, estateP99Ms: 25 };

// ---------------------------------------------------------------------------------------------
// Load (autocannon in a child process, bench/load-child.ts)

interface LoadResult extends LoadSummary {
  name: string;
  /** Machine-wide CPU busy (all cores, %) during the second before the run, less this process's: other work on the machine. */
  machineBusyBeforePercent: number;
  /** Machine-wide CPU busy (all cores, %) during the run: this process, autocannon, PostgreSQL and anything else. */
  machineBusyDuringPercent: number;
  /** CPU time of this process (both servers live here; only one is loaded at a time) per request. */
  serverCpuMsPerRequest: number;
  /** This process's CPU during the run, in % of one core. */
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
  // Other work on the machine: all cores' busy time over one quiet second, less this process's own.
  const before = machineCpu();
  const ownBefore = process.cpuUsage();
  await sleep(1000);
  const start = machineCpu();
  const own = process.cpuUsage(ownBefore);
  const ownPercentOfMachine = (100 * (own.user + own.system)) / 1000 / Math.max(1, start.total - before.total);
  const machineBusyBeforePercent = Math.max(0, busyPercent(before, start) - ownPercentOfMachine);
  const {
    answer: { summary },
    cpuMs,
    wallMs,
  } = await runChild<{ summary: LoadSummary }>({ url, headers, connections: CONNECTIONS, seconds: SECONDS });
  const machineBusyDuringPercent = busyPercent(start, machineCpu());
  await waitForIdle(pgProbe);
  const result: LoadResult = {
    name,
    machineBusyBeforePercent,
    machineBusyDuringPercent,
    ...summary,
    serverCpuMsPerRequest: cpuMs / Math.max(1, summary.totalRequests),
    serverCpuPercent: (100 * cpuMs) / wallMs,
  };
  console.log(
    `    ${name.padEnd(30)} ${fmt(result.reqPerSec, 0).padStart(7)} req/s  p50 ${result.latencyP50} ms  p99 ${result.latencyP99} ms  ` +
      `server CPU ${fmt(result.serverCpuPercent, 0)}% (${fmt(result.serverCpuMsPerRequest, 3)} ms/req)  codes ${JSON.stringify(result.statusCodes)}` +
      `${result.errors ? `  errors ${result.errors}` : ''}`,
  );
  if (machineBusyBeforePercent > 15) {
    console.log(
      `      (the machine was already ${fmt(machineBusyBeforePercent, 0)}% busy before this run: other processes compete for the CPUs, figures are unreliable)`,
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
  max: number;
  rowsReturned: number;
  total: number | null;
  expectedTotal: number | null;
  non200: number;
  /** The list's page and count queries (Estate's SQL), each timed alone, with their plans. */
  queries?: QueryBreakdown;
}

interface SequentialCase {
  name: string;
  /** Validated query as Estate's handler sees it (for the query breakdown). */
  query: Record<string, unknown>;
  expectedTotal: number | null;
  extra?: boolean;
}

function urlOf(query: Record<string, unknown>): string {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return `/public/v1/servers?${params.toString()}`;
}

async function sequential(app: App, secret: string, test: SequentialCase): Promise<SequentialResult> {
  const url = urlOf(test.query);
  const headers = { authorization: `Bearer ${secret}` };
  // An extra (informative) case slower than 0.5 s a request gets one warm-up and a 30 s budget
  // instead of 5 warm-ups and 50 iterations.
  let iterations = SEQUENTIAL_ITERATIONS;
  for (let i = 0; i < SEQUENTIAL_WARMUPS; i++) {
    const t0 = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    const ms = performance.now() - t0;
    if (response.statusCode !== 200)
      throw new Error(`${test.name}: warm-up got ${response.statusCode} ${response.body.slice(0, 200)}`);
    if (test.extra && i === 0 && ms > 500) {
      iterations = Math.max(3, Math.min(SEQUENTIAL_ITERATIONS, Math.floor(30_000 / ms)));
      break;
    }
  }
  const times: number[] = [];
  let non200 = 0;
  let first: { data?: unknown[]; pagination?: { total: number } } = {};
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - t0);
    if (response.statusCode !== 200) non200++;
    else if (i === 0) first = response.json();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const result: SequentialResult = {
    name: test.name,
    url,
    iterations,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    mean: times.reduce((a, b) => a + b, 0) / times.length,
    max: sorted[sorted.length - 1]!,
    rowsReturned: first.data?.length ?? 0,
    total: first.pagination?.total ?? null,
    expectedTotal: test.expectedTotal,
    non200,
  };
  console.log(
    `    ${test.name.padEnd(40)} p50 ${fmt(result.p50, 2).padStart(7)} ms  p99 ${fmt(result.p99, 2).padStart(7)} ms  (rows ${result.rowsReturned}, total ${result.total}${iterations < SEQUENTIAL_ITERATIONS ? `; ${iterations} iterations only` : ''})`,
  );
  return result;
}

// ---------------------------------------------------------------------------------------------
// One database

interface DialectReport {
  dialect: Dialect;
  serverVersion: string;
  date: string;
  environment: { node: string; platform: string; cpus: number; cpuModel: string };
  config: {
    servers: number;
    seconds: number;
    connections: number;
    warmupSeconds: number;
    sequentialIterations: number;
    seed: number;
    pgPoolSize: number | null;
  };
  generation: {
    servers: number;
    tags: number;
    applications: number;
    agents: number;
    links: number;
    generateSeconds: number;
    insertSeconds: number;
    analyzeSeconds: number;
  };
  load: { path: string; estate: LoadResult; minimal: LoadResult };
  derived: { ratio: number; ratioTarget: number; estateP99Ms: number; estateP99TargetMs: number };
  sequential: SequentialResult[];
  checks: { name: string; ok: boolean; detail: string }[];
  warnings: string[];
}

/** A full GC (V8's gc() exposed at run time, as `node --expose-gc` would). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
}

async function fetchJson(url: string, secret: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${secret}` } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

function expectedSearchTotal(count: number, text: string): number {
  // Names and hostnames carry the number; IPs (10.x.y.z) never contain "srv-".
  let n = 0;
  for (let i = 1; i <= count; i++) if (serverName(i).includes(text)) n++;
  return n;
}

async function benchDialect(dialect: Dialect): Promise<DialectReport> {
  const { warnings, warn, target, opened, finish } = await beginDialect(dialect);
  let database: Database | undefined;
  let app: App | undefined;
  let minimal: MinimalServer | undefined;
  let explainer: Explainer | undefined;
  let pgProbe: pg.Client | undefined;
  try {
    // 1. Fresh database, workspace, admin member, admin-alias key.
    database = opened(await openMigrated(target.url));
    const { workspace, key } = await createAdminWorkspace(database);
    const serverVersion = await serverVersionOf(database, dialect);
    console.log(`  ${serverVersion}; workspace ${workspace.id}`);

    // 2. Bulk data, then ANALYZE.
    console.log(`  generating ${SERVERS.toLocaleString('en')} servers, tags, applications, agents and links…`);
    const g0 = performance.now();
    const inventory: Inventory = generateInventory(workspace.id, SERVERS, SEED);
    const generateSeconds = (performance.now() - g0) / 1000;
    const i0 = performance.now();
    if (dialect === 'sqlite') loadSqlite(target.file!, inventory);
    else await loadPostgres(target.url, inventory);
    const insertSeconds = (performance.now() - i0) / 1000;
    const a0 = performance.now();
    if (dialect === 'sqlite') {
      await sql`ANALYZE`.execute(database.db);
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
    } else {
      await sql`VACUUM (ANALYZE)`.execute(database.db);
      await sql`CHECKPOINT`
        .execute(database.db)
        .catch((error: unknown) => warn(`CHECKPOINT failed: ${(error as Error).message}`));
    }
    const analyzeSeconds = (performance.now() - a0) / 1000;
    const links = inventory.tables
      .filter((t) => t.table === 'server_tags' || t.table === 'application_servers')
      .reduce((n, t) => n + t.rows.length, 0);
    const sampleTagId = inventory.tables.find((t) => t.table === 'server_tags')!.rows[0]![2] as string;
    const expectedTagTotal = inventory.tables
      .find((t) => t.table === 'server_tags')!
      .rows.filter((r) => r[2] === sampleTagId).length;
    const expectedOsTotal = inventory.tables
      .find((t) => t.table === 'servers')!
      .rows.filter((r) => r[5] === 'Ubuntu').length;
    inventory.tables.length = 0; // let the rows go before the measurements
    const rows = Number(
      (
        await database.db
          .selectFrom('servers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', workspace.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    console.log(
      `  generated in ${fmt(generateSeconds, 2)} s, inserted in ${fmt(insertSeconds, 2)} s (${Math.round((SERVERS + links) / insertSeconds).toLocaleString('en')} rows/s), ` +
        `${dialect === 'sqlite' ? 'ANALYZE + WAL checkpoint' : 'VACUUM (ANALYZE) + CHECKPOINT'} ${fmt(analyzeSeconds, 2)} s; ${rows.toLocaleString('en')} servers, ${links.toLocaleString('en')} links`,
    );
    if (rows !== SERVERS) warn(`expected ${SERVERS} servers, found ${rows}`);

    if (dialect === 'postgres') {
      pgProbe = await connectProbe(target.url);
    }

    // The generated rows are garbage now: collect them before measuring, not during the load.
    collectGarbage();

    // 3. Estate and the minimal server, both in this process.
    let estateBase: string;
    ({ app, base: estateBase } = await startApp(database));
    minimal =
      dialect === 'sqlite'
        ? await startMinimalSqlite(target.file!)
        : await startMinimalPostgres(target.url, PG_POOL_SIZE);
    const minimalBase = `http://127.0.0.1:${minimal.port}`;
    const auth = { authorization: `Bearer ${key.secret}` };

    // Same answers from both (offset 0 and the last page); the minimal one also refuses a bad key.
    const sameAnswers: string[] = [];
    for (const offset of [0, SERVERS - 50]) {
      const path = `/public/v1/servers?limit=50&offset=${offset}`;
      const [estate, bare] = await Promise.all([
        fetchJson(estateBase + path, key.secret),
        fetchJson(minimalBase + path, key.secret),
      ]);
      if (estate.status !== 200 || bare.status !== 200)
        sameAnswers.push(`${path}: statuses ${estate.status} / ${bare.status}`);
      else if (!isDeepStrictEqual(estate.body, bare.body)) sameAnswers.push(`${path}: bodies differ`);
    }
    const badKey = await fetch(`${minimalBase}/public/v1/servers`, {
      headers: { authorization: 'Bearer svc_live_nope' },
    });
    if (badKey.status !== 401) sameAnswers.push(`minimal server answered ${badKey.status} to an unknown key`);
    for (const problem of sameAnswers) warn(`Estate vs minimal: ${problem}`);
    console.log(
      `  Estate ${estateBase}, minimal ${minimalBase}: ${sameAnswers.length === 0 ? 'identical JSON for the first and last pages' : 'DIFFERENT answers'}`,
    );

    // 4. Throughput.
    console.log(
      `  load: GET ${LOAD_PATH}, ${CONNECTIONS} connections, ${SECONDS} s per target (+${WARMUP_SECONDS} s warm-up), autocannon in a child process`,
    );
    const estateLoad = await load('Estate (Fastify + Kysely)', estateBase + LOAD_PATH, auth, pgProbe);
    const minimalLoad = await load(
      `minimal (node:http + ${dialect === 'sqlite' ? 'better-sqlite3' : 'pg'})`,
      minimalBase + LOAD_PATH,
      auth,
      pgProbe,
    );
    const ratio = estateLoad.reqPerSec / minimalLoad.reqPerSec;
    console.log(
      `    Estate / minimal = ${fmt(ratio, 3)} (target ≥ ${TARGETS.ratio}) ${ratio >= TARGETS.ratio ? 'OK' : 'UNDER TARGET'}; ` +
        `Estate p99 ${estateLoad.latencyP99} ms (target < ${TARGETS.estateP99Ms} ms) ${estateLoad.latencyP99 < TARGETS.estateP99Ms ? 'OK' : 'OVER TARGET'}`,
    );
    for (const r of [estateLoad, minimalLoad]) {
      if (r.machineBusyBeforePercent > 15)
        warn(
          `${r.name}: the machine was ${fmt(r.machineBusyBeforePercent, 0)}% busy just before the run (other processes): figures unreliable`,
        );
      if (r.non2xx > 0 || r.errors > 0)
        warn(
          `${r.name}: ${r.non2xx} non-2xx responses ${JSON.stringify(r.statusCodes)}, ${r.errors} errors (must be 0)`,
        );
    }

    // 5. Sequential latency of Estate, with each case's queries timed alone and explained.
    console.log(
      `  sequential (Estate): ${SEQUENTIAL_ITERATIONS} iterations after ${SEQUENTIAL_WARMUPS} warm-ups (app.inject)`,
    );
    const cases: SequentialCase[] = [
      { name: 'offset 0', query: { limit: 50 }, expectedTotal: rows },
      {
        name: `offset ${(SERVERS - 50).toLocaleString('en')} (last page)`,
        query: { limit: 50, offset: SERVERS - 50 },
        expectedTotal: rows,
      },
      { name: `q=${SEARCH}`, query: { limit: 50, q: SEARCH }, expectedTotal: expectedSearchTotal(SERVERS, SEARCH) },
      {
        name: 'environment=staging',
        query: { limit: 50, environment: 'staging' },
        expectedTotal: inventory.perEnvironment.staging!,
      },
      {
        name: 'environment=production&sort=-lastCheckTime',
        query: { limit: 50, environment: 'production', sort: '-lastCheckTime' },
        expectedTotal: inventory.perEnvironment.production!,
      },
      {
        name: 'tagId=<one tag> (extra)',
        query: { limit: 50, tagId: sampleTagId },
        expectedTotal: expectedTagTotal,
        extra: true,
      },
      { name: 'os=ubuntu (extra)', query: { limit: 50, os: 'ubuntu' }, expectedTotal: expectedOsTotal, extra: true },
    ];
    const sequentialResults: SequentialResult[] = [];
    for (const test of cases) sequentialResults.push(await sequential(app, key.secret, test));
    console.log("  query breakdown: Estate's page and count queries of each case, timed alone (p50), with plans");
    explainer = createExplainer(dialect, target.url, target.file);
    for (const [i, test] of cases.entries()) {
      const queries = await explainer.breakdown(workspace.id, test.query);
      sequentialResults[i]!.queries = queries;
      console.log(`    ${test.name}: page ${fmt(queries.page.p50, 2)} ms, count ${fmt(queries.count.p50, 2)} ms`);
      console.log(`      page:  ${queries.page.sql}`);
      for (const line of queries.page.plan) console.log(`        ${line}`);
      console.log(`      count: ${queries.count.sql}`);
      for (const line of queries.count.plan) console.log(`        ${line}`);
    }

    const lastPage = sequentialResults[1]!;
    const checks = [
      {
        name: 'Estate / minimal throughput',
        ok: ratio >= TARGETS.ratio,
        detail: `${fmt(ratio, 3)} (target ≥ ${TARGETS.ratio})`,
      },
      {
        name: 'Estate p99 under load',
        ok: estateLoad.latencyP99 < TARGETS.estateP99Ms,
        detail: `${estateLoad.latencyP99} ms (target < ${TARGETS.estateP99Ms} ms)`,
      },
      {
        name: 'non-2xx under load',
        ok: estateLoad.non2xx + minimalLoad.non2xx + estateLoad.errors + minimalLoad.errors === 0,
        detail: `Estate ${estateLoad.non2xx} (+${estateLoad.errors} errors), minimal ${minimalLoad.non2xx} (+${minimalLoad.errors} errors) (must be 0)`,
      },
      {
        name: 'Estate and minimal answer the same JSON',
        ok: sameAnswers.length === 0,
        detail: sameAnswers.join('; ') || 'first and last pages identical',
      },
      { name: 'last page is full', ok: lastPage.rowsReturned === 50, detail: `${lastPage.rowsReturned} rows` },
      ...sequentialResults.map((r) => ({
        name: `total of ${r.name}`,
        ok: r.total === r.expectedTotal && r.non200 === 0,
        detail: `${r.total} (expected ${r.expectedTotal})${r.non200 ? `, ${r.non200} non-200` : ''}`,
      })),
    ];

    return {
      dialect,
      serverVersion,
      date: new Date().toISOString(),
      environment: environment(),
      config: {
        servers: SERVERS,
        seconds: SECONDS,
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_SECONDS,
        sequentialIterations: SEQUENTIAL_ITERATIONS,
        seed: SEED,
        pgPoolSize: dialect === 'postgres' ? PG_POOL_SIZE : null,
      },
      generation: {
        servers: inventory.servers,
        tags: inventory.tags,
        applications: inventory.applications,
        agents: inventory.agents,
        links,
        generateSeconds,
        insertSeconds,
        analyzeSeconds,
      },
      load: { path: LOAD_PATH, estate: estateLoad, minimal: minimalLoad },
      derived: {
        ratio,
        ratioTarget: TARGETS.ratio,
        estateP99Ms: estateLoad.latencyP99,
        estateP99TargetMs: TARGETS.estateP99Ms,
      },
      sequential: sequentialResults,
      checks,
      warnings,
    };
  } finally {
    await explainer?.close();
    await pgProbe?.end();
    await minimal?.close();
    await app?.close();
    await finish();
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting

function markdown(report: DialectReport): string {
  const { load: l, derived: d, generation: g, config: c } = report;
  const row = (r: LoadResult) =>
    `| ${r.name} | ${fmt(r.reqPerSec, 0)} | ${r.latencyP50} | ${r.latencyP99} | ${r.non2xx} | ${fmt(r.serverCpuPercent, 0)} % | ${fmt(r.serverCpuMsPerRequest, 3)} | ${fmt(r.machineBusyBeforePercent, 0)} % |`;
  const seq = (r: SequentialResult) =>
    `| ${r.name}${r.iterations < SEQUENTIAL_ITERATIONS ? ` (${r.iterations} runs)` : ''} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${r.total} | ${r.queries ? fmt(r.queries.page.p50, 2) : '–'} | ${r.queries ? fmt(r.queries.count.p50, 2) : '–'} |`;
  return [
    `### ${report.dialect} — ${report.serverVersion}`,
    '',
    `${g.servers.toLocaleString('en')} servers + ${g.links.toLocaleString('en')} links inserted in ${fmt(g.insertSeconds, 2)} s (+${fmt(g.analyzeSeconds, 2)} s analyze); ` +
      `GET ${l.path}, ${c.connections} connections × ${c.seconds} s; ${report.environment.cpus} CPUs (shared by autocannon, the servers${report.dialect === 'postgres' ? ' and PostgreSQL' : ''}), Node ${report.environment.node}.`,
    '',
    '| Target | req/s | p50 ms | p99 ms | non-2xx | server CPU | CPU ms/req | machine busy before |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    row(l.estate),
    row(l.minimal),
    '',
    `**Estate / minimal = ${fmt(d.ratio, 3)}** (target ≥ ${d.ratioTarget}) · **Estate p99 ${d.estateP99Ms} ms** (target < ${d.estateP99TargetMs} ms)`,
    '',
    `| Estate, sequential (${c.sequentialIterations} × app.inject) | p50 ms | p99 ms | total | page query p50 ms | count query p50 ms |`,
    '|---|--:|--:|--:|--:|--:|',
    ...report.sequential.map(seq),
    '',
    ...report.checks.map((check) => `- ${check.ok ? 'PASS' : 'FAIL'} ${check.name}: ${check.detail}`),
    ...report.warnings.map((warning) => `- WARNING ${warning}`),
  ].join('\n');
}

async function main(): Promise<void> {
  const reports = await runBench({
    name: 'servers',
    title: 'Estate servers benchmark',
    describe: `${SERVERS.toLocaleString('en')} servers; ${CONNECTIONS} connections × ${SECONDS} s`,
    run: benchDialect,
    markdown,
  });
  // Non-2xx under load, or servers that disagree, are failures of the run; missed targets are findings.
  const broken = reports.some((r) =>
    r.checks.some(
      (c) =>
        !c.ok &&
        (c.name === 'non-2xx under load' || c.name.startsWith('Estate and minimal') || c.name.startsWith('total of')),
    ),
  );
  if (broken) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
