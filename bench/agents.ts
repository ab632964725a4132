/**
 * Agent report ingestion benchmark, run on demand (never in CI): `npm run bench:agents`.
 *
 * For SQLite (a temporary file) and, when BENCH_PG_URL is set, PostgreSQL (a throwaway database
 * estate_bench_<random>, dropped WITH (FORCE) at the end):
 *   1. migrate a fresh database, create a workspace, enroll BENCH_AGENTS agents;
 *   2. serve the Estate app (buildApp, logger off) on 127.0.0.1;
 *   3. initial pass: every agent reports its host once, sequentially (BENCH_SOFTWARE new entries each);
 *   4. load: autocannon (in a child process, bench/load-child.ts) POSTs steady-state reports
 *      (~2 % version changes, ~1 % removals, ~1 % additions per report) rotating through the agents;
 *   5. statement profile: BENCH_PROFILE_REPORTS steady-state reports through recordReport directly,
 *      on a second connection whose driver times every statement (prepare, BEGIN/COMMIT included);
 *   6. final pass: every agent reports once more, sequentially, then the database is checked against
 *      the lists sent (hosts, discovered software, install counts, audit events and their changes);
 *   7. one large report (BENCH_LARGE_SOFTWARE entries): first time, identical repeats, steady-state repeats,
 *      then one with 25 % of the versions changed (a distribution upgrade);
 *   8. print a Markdown summary per database and write bench/results/agents-<dialect>-<date>.json.
 *
 * Env: BENCH_PG_URL, BENCH_AGENTS (200), BENCH_SOFTWARE (200), BENCH_CONNECTIONS (16), BENCH_SECONDS (10),
 * BENCH_WARMUP_SECONDS (1), BENCH_LARGE_SOFTWARE (5000), BENCH_PROFILE_REPORTS (100), BENCH_SEED (1).
 */

import { cpus } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { recordReport } from '../src/agents/report.service.js';
import { enrollAgent } from '../src/agents/agents.service.js';
import { CLI_ACTOR } from '../src/audit/audit.types.js';
import { pgTimestampToIso, type Database, type Dialect, registerFunctions } from '../src/db/database.js';
import type { Tables } from '../src/db/schema.js';
import type { App } from '../src/http/app.js';
import { createWorkspace } from '../src/workspaces/workspaces.service.js';
import {
  MAX_DISTINCT_PACKAGES,
  POOL,
  advance,
  installKey,
  newAgentState,
  reportBody,
  upgrade,
  type AgentState,
} from './agents-data.js';
import {
  beginDialect,
  connectProbe,
  environment,
  fmt,
  intEnv,
  machineCpu,
  median,
  openMigrated,
  percentile,
  runBench,
  runChild,
  serverVersionOf,
  startApp,
  waitForIdle,
} from './common.js';
import type { AgentLoadSummary } from './load-child.js';

// ---------------------------------------------------------------------------------------------
// Configuration

const AGENTS = intEnv('BENCH_AGENTS', 200);
const SOFTWARE = intEnv('BENCH_SOFTWARE', 200);
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 16);
const SECONDS = intEnv('BENCH_SECONDS', 10);
const WARMUP_SECONDS = intEnv('BENCH_WARMUP_SECONDS', 1, 0);
const LARGE_SOFTWARE = intEnv('BENCH_LARGE_SOFTWARE', 5000);
const PROFILE_REPORTS = intEnv('BENCH_PROFILE_REPORTS', 100, 0);
const SEED = intEnv('BENCH_SEED', 1);

const LARGE_REPEATS = 3;

const TARGETS = { reportsPerSecond: 500, p99Ms: 50 };

if (AGENTS < CONNECTIONS)
  throw new Error(
    `BENCH_AGENTS (${AGENTS}) must be >= BENCH_CONNECTIONS (${CONNECTIONS}): an agent never has two reports in flight`,
  );
if (SOFTWARE > POOL.length) throw new Error(`BENCH_SOFTWARE must be <= ${POOL.length} (the package pool)`);
if (LARGE_SOFTWARE > MAX_DISTINCT_PACKAGES / 1.2)
  throw new Error(`BENCH_LARGE_SOFTWARE must be <= ${Math.floor(MAX_DISTINCT_PACKAGES / 1.2)}`);

// ---------------------------------------------------------------------------------------------
// Helpers

interface SequentialResult {
  name: string;
  reports: number;
  seconds: number;
  reportsPerSecond: number;
  p50: number;
  p99: number;
  mean: number;
  max: number;
  non2xx: number;
  failures: { status: number; body: string }[];
}

function summarise(
  name: string,
  times: number[],
  seconds: number,
  failures: { status: number; body: string }[],
): SequentialResult {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name,
    reports: times.length,
    seconds,
    reportsPerSecond: times.length / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    mean: times.reduce((a, b) => a + b, 0) / Math.max(1, times.length),
    max: sorted[sorted.length - 1] ?? NaN,
    non2xx: failures.length,
    failures: failures.slice(0, 5),
  };
}

/** POSTs one report over HTTP (keep-alive fetch); returns the status, the body and the elapsed ms. */
async function postReport(
  base: string,
  token: string,
  body: string,
): Promise<{ status: number; text: string; ms: number }> {
  const t0 = performance.now();
  const response = await fetch(`${base}/agent/v1/report`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - t0 };
}

/** Every agent reports its current list once, one after the other. */
async function sequentialPass(name: string, base: string, agents: AgentState[]): Promise<SequentialResult> {
  const times: number[] = [];
  const failures: { status: number; body: string }[] = [];
  const t0 = performance.now();
  for (const agent of agents) {
    const { status, text, ms } = await postReport(base, agent.token, reportBody(agent));
    times.push(ms);
    if (status < 200 || status > 299) failures.push({ status, body: text.slice(0, 500) });
  }
  const result = summarise(name, times, (performance.now() - t0) / 1000, failures);
  console.log(
    `    ${name.padEnd(44)} ${fmt(result.reportsPerSecond, 0).padStart(6)} reports/s  p50 ${fmt(result.p50, 2)} ms  p99 ${fmt(result.p99, 2)} ms  ` +
      `(${result.reports} reports in ${fmt(result.seconds, 2)} s)${result.non2xx ? `  NON-2xx ${result.non2xx}: ${result.failures[0]?.status} ${result.failures[0]?.body}` : ''}`,
  );
  return result;
}

// ---------------------------------------------------------------------------------------------
// Load (autocannon in a child process)

interface LoadResult extends AgentLoadSummary {
  name: string;
  /** PostgreSQL: share of samples (every 50 ms) of the bench database's backends per state / wait event. */
  pgWaits?: { samples: number; meanActive: number; waits: Record<string, number> };
  msPerReport: number;
  serverCpuMsPerReport: number;
  serverCpuPercent: number;
  /** The load generator's CPU over the run, in % of one core. */
  loadGeneratorCpuPercent: number;
  /** The whole machine's busy CPU over the run (all processes: Estate, load generator, PostgreSQL), in % of all cores. */
  machineCpuPercent: number;
  /** Estate's event-loop utilisation (0–1) and event-loop delay p99 (ms) over the run. */
  eventLoopUtilization: number;
  eventLoopDelayP99Ms: number;
}

/** Runs one autocannon measurement; the agents' states move to the last report sent. */
async function load(
  name: string,
  url: string,
  agents: AgentState[],
  seconds: number,
  pgProbe: pg.Client | undefined,
): Promise<{ result: LoadResult; agents: AgentState[] }> {
  // PostgreSQL: what the backends are doing during the load (CPU, waiting on a lock, on WAL…).
  let sampling = true;
  const waits: Record<string, number> = {};
  let samples = 0;
  let active = 0;
  const sampler = (async () => {
    while (pgProbe && sampling) {
      const { rows } = await pgProbe.query<{ state: string; wait: string | null; query: string }>(
        `SELECT state, wait_event_type || ':' || wait_event AS wait, query FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      samples++;
      for (const row of rows) {
        if (row.state !== 'active' && row.state !== 'idle in transaction') continue;
        active++;
        // A lock wait is named after the statement waiting (INSERT audit_events: the per-workspace counter row of its trigger).
        const what = row.wait?.startsWith('Lock:') ? `${row.wait} (${labelOf(row.query)})` : row.wait;
        const key = `${row.state === 'active' ? '' : 'idle in transaction (waiting for Node) '}${what ?? 'running (CPU)'}`;
        waits[key] = (waits[key] ?? 0) + 1;
      }
      await sleep(50);
    }
  })();
  const machine0 = machineCpu();
  const elu0 = performance.eventLoopUtilization();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const {
    answer: { summary, agents: moved },
    cpuMs,
    wallMs,
  } = await runChild<{ summary: AgentLoadSummary; agents: AgentState[] }>(
    { kind: 'agents', url, connections: CONNECTIONS, seconds, agents },
    process.execArgv.filter((arg) => !arg.startsWith('--cpu-prof')),
  ).finally(() => {
    sampling = false;
  });
  const machine1 = machineCpu();
  const elu = performance.eventLoopUtilization(elu0).utilization;
  loopDelay.disable();
  await sampler;
  await waitForIdle(pgProbe);
  const pgWaits = pgProbe
    ? {
        samples,
        meanActive: active / Math.max(1, samples),
        waits: Object.fromEntries(
          Object.entries(waits)
            .sort((a, b) => b[1] - a[1])
            .map(([k, n]) => [k, n / Math.max(1, active)]),
        ),
      }
    : undefined;
  const result: LoadResult = {
    name,
    ...summary,
    ...(pgWaits ? { pgWaits } : {}),
    msPerReport: 1000 / summary.reqPerSec,
    serverCpuMsPerReport: cpuMs / Math.max(1, summary.totalRequests),
    serverCpuPercent: (100 * cpuMs) / wallMs,
    loadGeneratorCpuPercent: (100 * summary.loadGeneratorCpuMs) / wallMs,
    machineCpuPercent: (100 * (machine1.busy - machine0.busy)) / Math.max(1, machine1.total - machine0.total),
    eventLoopUtilization: elu,
    eventLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
  };
  console.log(
    `    ${name.padEnd(44)} ${fmt(result.reqPerSec, 0).padStart(6)} reports/s  p50 ${result.latencyP50} ms  p99 ${result.latencyP99} ms  ` +
      `CPU: server ${fmt(result.serverCpuPercent, 0)}% (${fmt(result.serverCpuMsPerReport, 2)} ms/report), load generator ${fmt(result.loadGeneratorCpuPercent, 0)}%, ` +
      `machine ${fmt(result.machineCpuPercent, 0)}% of ${cpus().length} cores; event loop ${fmt(100 * result.eventLoopUtilization, 0)}% busy, delay p99 ${fmt(result.eventLoopDelayP99Ms, 1)} ms  codes ${JSON.stringify(result.statusCodes)}` +
      `${result.errors ? `  errors ${result.errors}` : ''}${result.timeouts ? `  timeouts ${result.timeouts}` : ''}  sent ${result.sent}`,
  );
  for (const failure of result.failures) console.log(`      non-2xx ${failure.status}: ${failure.body}`);
  if (pgWaits) {
    console.log(
      `      PostgreSQL backends busy (active or idle in transaction): ${fmt(pgWaits.meanActive, 1)} on average; of those samples: ` +
        Object.entries(pgWaits.waits)
          .slice(0, 6)
          .map(([k, share]) => `${k} ${fmt(100 * share, 0)}%`)
          .join(', '),
    );
  }
  return { result, agents: moved };
}

// ---------------------------------------------------------------------------------------------
// Statement profile: recordReport on a second, instrumented connection that times every statement
// at the driver (better-sqlite3 prepare/run, pg client.query), BEGIN and COMMIT included.

interface StatementStat {
  statement: string;
  count: number;
  totalMs: number;
}

/** A label per statement shape: verb, table and, for updates, the columns set. */
function labelOf(text: string): string {
  const q = text.replace(/\s+/g, ' ').trim();
  const lower = q.toLowerCase();
  if (/^(begin|commit|rollback)\b/.test(lower)) return lower.split(' ')[0]!.toUpperCase();
  let m = /^select .*? from "?(\w+)"?/i.exec(q);
  if (m) return `SELECT ${m[1]}`;
  m = /^insert into "?(\w+)"?/i.exec(q);
  if (m) return `INSERT ${m[1]}${/ on conflict /i.test(q) ? ' ON CONFLICT DO UPDATE' : ''}`;
  m = /^update "?(\w+)"? set (.*?) where /i.exec(q);
  if (m) return `UPDATE ${m[1]} SET ${[...m[2]!.matchAll(/"(\w+)" = /g)].map((c) => c[1]).join(', ')}`;
  m = /^delete from "?(\w+)"?/i.exec(q);
  if (m) return `DELETE ${m[1]}`;
  return q.slice(0, 60);
}

const PREPARE = '(prepare: SQLite parses and plans every statement again, no statement cache)';

class DriverTimer {
  readonly stats = new Map<string, StatementStat>();
  add(label: string, ms: number): void {
    const stat = this.stats.get(label) ?? { statement: label, count: 0, totalMs: 0 };
    stat.count++;
    stat.totalMs += ms;
    this.stats.set(label, stat);
  }
}

/** A Database on its own connection (same file or database) whose driver calls are timed. */
async function openInstrumented(dialect: Dialect, url: string, timer: DriverTimer): Promise<Database> {
  if (dialect === 'sqlite') {
    // The same pragmas as src/db/database.ts openDatabase.
    const sqlite = new SqliteDatabase(url.slice('sqlite:'.length));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    registerFunctions(sqlite);
    const prepare = sqlite.prepare.bind(sqlite);
    // Kysely's SqliteConnection prepares every statement anew, then calls all() or run().
    (sqlite as { prepare: unknown }).prepare = (text: string) => {
      const t0 = performance.now();
      const statement = prepare(text);
      timer.add(PREPARE, performance.now() - t0);
      const label = labelOf(text);
      const timed =
        <A extends unknown[], R>(fn: (...args: A) => R) =>
        (...args: A): R => {
          const t1 = performance.now();
          try {
            return fn(...args);
          } finally {
            timer.add(label, performance.now() - t1);
          }
        };
      return {
        reader: statement.reader,
        all: timed(statement.all.bind(statement)),
        run: timed(statement.run.bind(statement)),
        iterate: statement.iterate.bind(statement),
      };
    };
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, reader: db, dialect, close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    options: '-c TimeZone=UTC',
    types: {
      getTypeParser(oid: number, format?: string) {
        if (oid === 1184) return pgTimestampToIso;
        if (oid === 20 || oid === 1700) return (value: string) => Number(value);
        if (oid === 1082) return (value: string) => value;
        return pg.types.getTypeParser(oid, format as 'text');
      },
    } as pg.CustomTypesConfig,
  });
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : '';
      const t0 = performance.now();
      const result = query(...args);
      if (text && result && typeof (result as Promise<unknown>).finally === 'function') {
        void (result as Promise<unknown>)
          .finally(() => timer.add(labelOf(text), performance.now() - t0))
          .catch(() => {});
      }
      return result;
    };
  });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return { db, reader: db, dialect, close: () => db.destroy() };
}

interface StatementProfile {
  reports: number;
  /** Reports recorded, unmeasured warm-ups included (each writes an audit event). */
  reportsRecorded: number;
  meanReportMs: number;
  p50ReportMs: number;
  p99ReportMs: number;
  statementsPerReport: number;
  /** Driver time of all statements (prepare, BEGIN and COMMIT included), per report. */
  driverMsPerReport: number;
  /** Per report: calls and ms of each statement shape, slowest first; the rest is JavaScript (Kysely and report.service). */
  statements: { statement: string; callsPerReport: number; msPerReport: number; share: number }[];
}

/**
 * Steady-state reports straight through recordReport (no HTTP) on an instrumented connection:
 * where the time of a report goes. The agents move on as they would over HTTP.
 */
async function profileStatements(
  dialect: Dialect,
  url: string,
  workspaceId: string,
  agents: AgentState[],
  names: Map<string, string>,
  reports: number,
): Promise<StatementProfile | undefined> {
  if (reports === 0) return undefined;
  const timer = new DriverTimer();
  const timed = await openInstrumented(dialect, url, timer);
  const times: number[] = [];
  try {
    // A few unmeasured reports first: connection warm-up (page cache, pg plan cache is per session).
    const warmups = Math.min(10, reports);
    for (let i = 0; i < reports + warmups; i++) {
      if (i === warmups) timer.stats.clear();
      const agent = agents[i % agents.length]!;
      advance(agent);
      const body = JSON.parse(reportBody(agent));
      const principal = {
        workspaceId,
        agentId: agent.id,
        actor: { type: 'agent' as const, id: agent.id, name: names.get(agent.id)! },
      };
      const t0 = performance.now();
      await recordReport(timed, principal, body);
      if (i >= warmups) times.push(performance.now() - t0);
    }
  } finally {
    await timed.close();
  }
  const totalMs = times.reduce((a, b) => a + b, 0);
  const stats = [...timer.stats.values()];
  const driverMs = stats.reduce((sum, s) => sum + s.totalMs, 0);
  const rows = [
    ...stats.map((s) => ({
      statement: s.statement,
      callsPerReport: s.count / reports,
      msPerReport: s.totalMs / reports,
      share: s.totalMs / totalMs,
    })),
    {
      statement: 'JavaScript: report.service logic, Kysely query building and compiling',
      callsPerReport: NaN,
      msPerReport: (totalMs - driverMs) / reports,
      share: (totalMs - driverMs) / totalMs,
    },
  ].sort((a, b) => b.msPerReport - a.msPerReport);
  const sorted = [...times].sort((a, b) => a - b);
  const profile: StatementProfile = {
    reports,
    reportsRecorded: reports + Math.min(10, reports),
    meanReportMs: totalMs / reports,
    p50ReportMs: percentile(sorted, 0.5),
    p99ReportMs: percentile(sorted, 0.99),
    statementsPerReport: stats.filter((s) => s.statement !== PREPARE).reduce((sum, s) => sum + s.count, 0) / reports,
    driverMsPerReport: driverMs / reports,
    statements: rows,
  };
  console.log(
    `    statement profile: ${reports} steady-state reports via recordReport (no HTTP), own connection: mean ${fmt(profile.meanReportMs, 2)} ms, ` +
      `p50 ${fmt(profile.p50ReportMs, 2)} ms, p99 ${fmt(profile.p99ReportMs, 2)} ms; ${fmt(profile.statementsPerReport, 1)} statements/report (BEGIN/COMMIT included)`,
  );
  for (const row of rows.slice(0, 10)) {
    console.log(
      `      ${fmt(row.msPerReport, 3).padStart(7)} ms  ${fmt(100 * row.share, 0).padStart(3)}%  ×${fmt(row.callsPerReport, 2)}  ${row.statement}`,
    );
  }
  return profile;
}

// ---------------------------------------------------------------------------------------------
// Verification against the lists last sent

interface Check {
  name: string;
  ok: boolean;
  detail: string;
  /** A target set for another database: reported, not a failure. */
  informative?: boolean;
}

const verdict = (check: Check) => (check.ok ? 'PASS' : check.informative ? 'INFO' : 'FAIL');

interface Verification {
  checks: Check[];
  servers: number;
  discoveredRows: number;
  liveRows: number;
  missingRows: number;
  installKeys: number;
  auditReports: { create: number; report: number };
}

async function verify(
  database: Database,
  workspaceId: string,
  agents: AgentState[],
  expectedReports: { exact: number; min: number; max: number },
  finalPass: { since: string; previous: Map<string, Set<string>> } | undefined,
): Promise<Verification> {
  const checks: Check[] = [];
  const db = database.db;
  const byAgent = new Map(agents.map((a) => [a.id, a]));

  // Hosts: one automatic server per agent, named after the agent's hostname.
  const servers = await db
    .selectFrom('servers')
    .select(['id', 'agent_id', 'hostname', 'automatic'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const serverOf = new Map<string, string>();
  let wrongHost = 0;
  for (const server of servers) {
    const agent = server.agent_id ? byAgent.get(server.agent_id) : undefined;
    if (!agent || agent.host.hostname !== server.hostname || !server.automatic || serverOf.has(agent.id)) wrongHost++;
    else serverOf.set(agent.id, server.id);
  }
  checks.push({
    name: 'servers = agents',
    ok: servers.length === agents.length && wrongHost === 0,
    detail: `${servers.length} servers for ${agents.length} agents, ${wrongHost} unexpected`,
  });

  // Discovered software: per host, the live rows are exactly the last list sent (name → version);
  // the other rows are entries reported before and marked missing.
  const rows = await db
    .selectFrom('discovered_applications')
    .select(['server_id', 'name', 'vendor', 'version', 'missing_since'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const rowsByServer = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = rowsByServer.get(row.server_id ?? '') ?? [];
    list.push(row);
    rowsByServer.set(row.server_id ?? '', list);
  }
  let hostsWrong = 0;
  let liveRows = 0;
  let missingRows = 0;
  let example = '';
  const direct = new Map<string, number>();
  for (const agent of agents) {
    const hostRows = rowsByServer.get(serverOf.get(agent.id) ?? '') ?? [];
    const live = new Map<string, string | null>();
    const missing = new Set<string>();
    for (const row of hostRows) {
      const key = installKey(row.name, row.vendor);
      if (row.missing_since) missing.add(key);
      else {
        live.set(key, row.version);
        direct.set(key, (direct.get(key) ?? 0) + 1);
      }
    }
    liveRows += live.size;
    missingRows += missing.size;
    const expected = new Map(agent.software.map((e) => [installKey(e.name, e.vendor), e.version]));
    const absent = [...expected.keys()].filter((key) => !live.has(key));
    const extra = [...live.keys()].filter((key) => !expected.has(key));
    const versions = [...expected].filter(([key, version]) => live.has(key) && live.get(key) !== version);
    const missingListed = [...missing].filter((key) => expected.has(key));
    if (
      absent.length ||
      extra.length ||
      versions.length ||
      missingListed.length ||
      hostRows.length !== live.size + missing.size
    ) {
      hostsWrong++;
      if (!example) {
        example = `${agent.host.hostname}: ${live.size} live vs ${expected.size} sent; absent ${absent.length}, extra ${extra.length}, wrong version ${versions.length}, listed but missing ${missingListed.length}`;
      }
    }
  }
  checks.push({
    name: 'discovered software = last report',
    ok: hostsWrong === 0,
    detail: `${hostsWrong} of ${agents.length} hosts differ${example ? ` (e.g. ${example})` : ''}; ${liveRows} live rows = Σ software sent (${agents.reduce((s, a) => s + a.software.length, 0)}), ${missingRows} missing rows`,
  });

  // Install counts: the running totals against a direct count of the live rows, for every key…
  const installs = await db
    .selectFrom('software_installs')
    .select(['name_key', 'vendor_key', 'install_count'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const totals = new Map(installs.map((r) => [`${r.name_key}\u0000${r.vendor_key}`, Number(r.install_count)]));
  const keys = new Set([...totals.keys(), ...direct.keys()]);
  const wrongCounts = [...keys].filter((key) => (totals.get(key) ?? 0) !== (direct.get(key) ?? 0));
  checks.push({
    name: 'install counts = direct count',
    ok: wrongCounts.length === 0,
    detail: `${wrongCounts.length} of ${keys.size} keys differ${wrongCounts[0] ? ` (e.g. ${wrongCounts[0].replace('\u0000', ' / ')}: ${totals.get(wrongCounts[0]) ?? 0} vs ${direct.get(wrongCounts[0]) ?? 0})` : ''}`,
  });
  // …and, in SQL, for the most and least installed keys.
  const ranked = [...direct.entries()].sort((a, b) => b[1] - a[1]);
  const samples = [...ranked.slice(0, 3), ...ranked.slice(-2)];
  const sampleDetails: string[] = [];
  let sampleWrong = 0;
  for (const [key] of samples) {
    const [nameKey, vendorKey] = key.split('\u0000') as [string, string];
    const counted = await db
      .selectFrom('discovered_applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where(sql<string>`lower(trim(name))`, '=', nameKey)
      .where(sql<string>`lower(trim(vendor))`, '=', vendorKey)
      .where('missing_since', 'is', null)
      .executeTakeFirstOrThrow();
    const stored = await db
      .selectFrom('software_installs')
      .select('install_count')
      .where('workspace_id', '=', workspaceId)
      .where('name_key', '=', nameKey)
      .where('vendor_key', '=', vendorKey)
      .executeTakeFirst();
    if (Number(counted.n) !== Number(stored?.install_count ?? 0)) sampleWrong++;
    sampleDetails.push(`${nameKey} ${stored?.install_count ?? 0}/${counted.n}`);
  }
  checks.push({
    name: 'install counts, SQL samples',
    ok: sampleWrong === 0,
    detail: `stored/counted: ${sampleDetails.join(', ')}`,
  });

  // Audit: one create or report event per report, with the agent as actor.
  const audit = await db
    .selectFrom('audit_events')
    .select(['action', (eb) => eb.fn.countAll<number>().as('n')])
    .where('workspace_id', '=', workspaceId)
    .where('actor_type', '=', 'agent')
    .where('action', 'in', ['create', 'report'])
    .groupBy('action')
    .execute();
  const auditReports = { create: 0, report: 0 };
  for (const row of audit) auditReports[row.action as 'create' | 'report'] = Number(row.n);
  const events = auditReports.create + auditReports.report;
  checks.push({
    name: 'one audit event per report',
    ok: auditReports.create === agents.length && events >= expectedReports.min && events <= expectedReports.max,
    detail:
      `${events} agent events (create ${auditReports.create}, report ${auditReports.report}); expected ${expectedReports.min} (sequential + load 2xx)` +
      `${expectedReports.max > expectedReports.min ? ` … ${expectedReports.max} (+ requests autocannon sent but stopped waiting for)` : ''}; exact by requests sent: ${expectedReports.exact}`,
  });

  // The final pass's audit events: changes.software must give the host's software count before and after.
  if (finalPass) {
    const finalEvents = await db
      .selectFrom('audit_events')
      .select(['resource_id', 'changes'])
      .where('workspace_id', '=', workspaceId)
      .where('actor_type', '=', 'agent')
      .where('action', '=', 'report')
      .where('timestamp', '>=', finalPass.since)
      .execute();
    const hostAgent = new Map([...serverOf].map(([agentId, serverId]) => [serverId, agentId]));
    let wrong = 0;
    let detail = '';
    for (const event of finalEvents) {
      const agent = byAgent.get(hostAgent.get(event.resource_id ?? '') ?? '');
      if (!agent) continue;
      const changes = (typeof event.changes === 'string' ? JSON.parse(event.changes) : event.changes) as {
        software?: { before: number; after: number };
      } | null;
      // What the server saw change: keys added to or dropped from the host's previous list.
      const previous = finalPass.previous.get(agent.id)!;
      const current = new Set(agent.software.map((e) => installKey(e.name, e.vendor)));
      const changed = [...current].some((key) => !previous.has(key)) || [...previous].some((key) => !current.has(key));
      const expected = changed ? { before: previous.size, after: current.size } : undefined;
      const got = changes?.software;
      if (JSON.stringify(got) !== JSON.stringify(expected)) {
        wrong++;
        if (!detail)
          detail = ` (e.g. ${agent.host.hostname}: changes.software ${JSON.stringify(got)}, expected ${JSON.stringify(expected)})`;
      }
    }
    checks.push({
      name: 'audit changes.software = counts before/after',
      ok: wrong === 0 && finalEvents.length === agents.length,
      detail: `${wrong} of ${finalEvents.length} final-pass events wrong${detail}`,
    });
  }

  for (const check of checks) console.log(`    ${verdict(check)} ${check.name}: ${check.detail}`);
  return {
    checks,
    servers: servers.length,
    discoveredRows: rows.length,
    liveRows,
    missingRows,
    installKeys: installs.length,
    auditReports,
  };
}

// ---------------------------------------------------------------------------------------------
// Database-side statistics

interface DatabaseStats {
  settings: Record<string, string>;
  /** PostgreSQL only (pg_stat_user_tables; flushed by backends at most every second, so approximate). */
  tables?: {
    table: string;
    inserts: number;
    updates: number;
    hotUpdates: number;
    deadRows: number;
    totalBytes: number;
  }[];
}

async function collectDatabaseStats(database: Database): Promise<DatabaseStats> {
  if (database.dialect === 'sqlite') {
    const settings: Record<string, string> = {};
    for (const name of ['page_size', 'wal_autocheckpoint', 'synchronous', 'journal_mode', 'cache_size']) {
      const { rows } = await sql.raw<Record<string, unknown>>(`PRAGMA ${name}`).execute(database.db);
      settings[name] = String(Object.values(rows[0] ?? {})[0]);
    }
    console.log(
      `  SQLite settings: ${Object.entries(settings)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}`,
    );
    return { settings };
  }
  await sleep(1100); // let the pool's backends flush their table statistics
  const { rows: settingRows } = await sql<{ name: string; setting: string; unit: string | null }>`
    SELECT name, setting, unit FROM pg_settings
     WHERE name IN ('synchronous_commit', 'fsync', 'shared_buffers', 'max_wal_size', 'checkpoint_timeout', 'full_page_writes', 'wal_compression')`.execute(
    database.db,
  );
  const settings = Object.fromEntries(settingRows.map((r) => [r.name, `${r.setting}${r.unit ? ` ${r.unit}` : ''}`]));
  const { rows } = await sql<{
    table: string;
    inserts: number;
    updates: number;
    hot: number;
    dead: number;
    bytes: number;
  }>`
    SELECT relname AS table, n_tup_ins AS inserts, n_tup_upd AS updates, n_tup_hot_upd AS hot, n_dead_tup AS dead,
           pg_total_relation_size(relid) AS bytes
      FROM pg_stat_user_tables
     WHERE relname IN ('discovered_applications', 'software_installs', 'servers', 'agents', 'audit_events', 'row_counts')
     ORDER BY n_tup_upd DESC`.execute(database.db);
  const tables = rows.map((r) => ({
    table: r.table,
    inserts: Number(r.inserts),
    updates: Number(r.updates),
    hotUpdates: Number(r.hot),
    deadRows: Number(r.dead),
    totalBytes: Number(r.bytes),
  }));
  console.log(
    `  PostgreSQL settings: ${Object.entries(settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}`,
  );
  for (const t of tables) {
    console.log(
      `    ${t.table.padEnd(24)} ${t.inserts.toLocaleString('en').padStart(9)} inserts ${t.updates.toLocaleString('en').padStart(10)} updates ` +
        `(${fmt(t.updates ? (100 * t.hotUpdates) / t.updates : 0, 0)}% HOT) ${t.deadRows.toLocaleString('en').padStart(9)} dead rows  ${fmt(t.totalBytes / 1048576, 1)} MiB`,
    );
  }
  return { settings, tables };
}

// ---------------------------------------------------------------------------------------------
// One database

interface LargeReport {
  entries: number;
  bodyBytes: number;
  firstMs: number;
  identicalRepeatMs: number[];
  steadyRepeatMs: number[];
  /** A report where 25 % of the versions changed at once (a distribution upgrade). */
  upgradeMs: number;
  liveRowsOk: boolean;
  statuses: number[];
}

interface DialectReport {
  dialect: Dialect;
  serverVersion: string;
  date: string;
  environment: { node: string; platform: string; cpus: number; cpuModel: string };
  config: {
    agents: number;
    software: number;
    connections: number;
    seconds: number;
    warmupSeconds: number;
    largeSoftware: number;
    profileReports: number;
    seed: number;
    poolSize: number;
  };
  setup: { enrollSeconds: number };
  initialPass: SequentialResult;
  load: LoadResult;
  warmup: LoadResult | undefined;
  profile: StatementProfile | undefined;
  finalPass: SequentialResult;
  large: LargeReport;
  verification: Verification;
  databaseStats: DatabaseStats;
  checks: Check[];
  warnings: string[];
}

async function benchDialect(dialect: Dialect): Promise<DialectReport> {
  const { warnings, warn, target, opened, finish } = await beginDialect(dialect);
  let database: Database | undefined;
  let app: App | undefined;
  let pgProbe: pg.Client | undefined;
  try {
    // 1. Fresh database, workspace, agents.
    database = opened(await openMigrated(target.url));
    const workspace = await createWorkspace(database, { name: 'Bench workspace' }, CLI_ACTOR);
    const serverVersion = await serverVersionOf(database, dialect);
    const e0 = performance.now();
    const agents: AgentState[] = [];
    const names = new Map<string, string>();
    for (let i = 0; i < AGENTS; i++) {
      const name = `bench agent ${String(i + 1).padStart(4, '0')}`;
      const { id, token } = await enrollAgent(database, { workspaceId: workspace.id, name }, CLI_ACTOR);
      names.set(id, name);
      agents.push(newAgentState(i, id, token, SOFTWARE, SEED));
    }
    const enrollSeconds = (performance.now() - e0) / 1000;
    console.log(
      `  ${serverVersion}; workspace ${workspace.id}; ${AGENTS} agents enrolled in ${fmt(enrollSeconds, 2)} s; package pool ${POOL.length}`,
    );
    if (dialect === 'postgres') {
      pgProbe = await connectProbe(target.url);
    }

    // 2. Estate.
    let base: string;
    ({ app, base } = await startApp(database));

    // 3. Initial pass: first reports, every entry new.
    console.log(`  initial pass: ${AGENTS} first reports of ${SOFTWARE} entries, sequential (HTTP, keep-alive)`);
    const initialPass = await sequentialPass(`first reports (${SOFTWARE} new entries each)`, base, agents);
    // Statistics for the planner now that the tables hold data (PostgreSQL's autovacuum would soon do it).
    await sql`ANALYZE`.execute(database.db);

    // 4. Load.
    console.log(
      `  load: ${CONNECTIONS} connections, ${SECONDS} s (+${WARMUP_SECONDS} s warm-up), steady-state reports, autocannon in a child process`,
    );
    let state = agents;
    let warmup: LoadResult | undefined;
    if (WARMUP_SECONDS > 0)
      ({ result: warmup, agents: state } = await load(
        'warm-up',
        `${base}/agent/v1/report`,
        state,
        WARMUP_SECONDS,
        pgProbe,
      ));
    const measured = await load(
      `POST /agent/v1/report ×${CONNECTIONS}`,
      `${base}/agent/v1/report`,
      state,
      SECONDS,
      pgProbe,
    );
    state = measured.agents;
    const loadResult = measured.result;
    for (const r of [warmup, loadResult]) {
      if (r && (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)) {
        warn(
          `${r.name}: ${r.non2xx} non-2xx ${JSON.stringify(r.statusCodes)}, ${r.errors} errors, ${r.timeouts} timeouts (must be 0)${r.failures[0] ? `; first: ${r.failures[0].status} ${r.failures[0].body}` : ''}`,
        );
      }
    }
    if (loadResult.serverCpuPercent < 90) {
      console.log(
        '      (server process under 90% CPU: part of the limit was elsewhere — load generator, database or the machine)',
      );
    }

    // 5. Statement profile.
    const profile = await profileStatements(dialect, target.url, workspace.id, state, names, PROFILE_REPORTS);

    // 6. Final pass, then verification.
    const previous = new Map(state.map((a) => [a.id, new Set(a.software.map((e) => installKey(e.name, e.vendor)))]));
    for (const agent of state) advance(agent);
    const since = new Date().toISOString();
    await sleep(5); // events of the final pass are strictly later than `since`
    const finalPass = await sequentialPass('steady-state reports, sequential', base, state);
    const loads = [warmup, loadResult].filter((r): r is LoadResult => r !== undefined);
    const sequentialReports = initialPass.reports + (profile?.reportsRecorded ?? 0) + finalPass.reports;
    const ok2xx = loads.reduce((sum, r) => sum + (r.statusCodes['200'] ?? 0), 0);
    const sent = loads.reduce((sum, r) => sum + r.sent, 0);
    const nonOk = loads.reduce((sum, r) => sum + r.non2xx, 0);
    console.log(`  verification (${AGENTS} hosts against the lists last sent)`);
    const verification = await verify(
      database,
      workspace.id,
      state,
      {
        exact: sequentialReports + sent - nonOk,
        min: sequentialReports + ok2xx,
        max: sequentialReports + sent - nonOk,
      },
      { since, previous },
    );

    // Database-side picture after the steady-state phases: writes per table (PostgreSQL: HOT or
    // not, dead row versions left for vacuum) and the settings that bound commits.
    const databaseStats = await collectDatabaseStats(database);

    // 7. One large report.
    const { id: largeId, token: largeToken } = await enrollAgent(
      database,
      { workspaceId: workspace.id, name: 'bench large agent' },
      CLI_ACTOR,
    );
    const large = newAgentState(AGENTS, largeId, largeToken, LARGE_SOFTWARE, SEED, 'big');
    const largeBody = reportBody(large);
    const statuses: number[] = [];
    const first = await postReport(base, largeToken, largeBody);
    statuses.push(first.status);
    const identicalRepeatMs: number[] = [];
    for (let i = 0; i < LARGE_REPEATS; i++) {
      const r = await postReport(base, largeToken, reportBody(large));
      statuses.push(r.status);
      identicalRepeatMs.push(r.ms);
    }
    const steadyRepeatMs: number[] = [];
    for (let i = 0; i < LARGE_REPEATS; i++) {
      advance(large);
      const r = await postReport(base, largeToken, reportBody(large));
      statuses.push(r.status);
      steadyRepeatMs.push(r.ms);
    }
    upgrade(large, 0.25);
    const upgraded = await postReport(base, largeToken, reportBody(large));
    statuses.push(upgraded.status);
    const largeServer = await database.db
      .selectFrom('servers')
      .select('id')
      .where('workspace_id', '=', workspace.id)
      .where('agent_id', '=', largeId)
      .executeTakeFirst();
    const largeLive = largeServer
      ? Number(
          (
            await database.db
              .selectFrom('discovered_applications')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('workspace_id', '=', workspace.id)
              .where('server_id', '=', largeServer.id)
              .where('missing_since', 'is', null)
              .executeTakeFirstOrThrow()
          ).n,
        )
      : -1;
    const largeResult: LargeReport = {
      entries: LARGE_SOFTWARE,
      bodyBytes: Buffer.byteLength(largeBody),
      firstMs: first.ms,
      identicalRepeatMs,
      steadyRepeatMs,
      upgradeMs: upgraded.ms,
      liveRowsOk: largeLive === large.software.length,
      statuses,
    };
    console.log(
      `  large report (${LARGE_SOFTWARE} entries, ${fmt(largeResult.bodyBytes / 1024, 0)} KiB): first ${fmt(first.ms, 1)} ms; ` +
        `identical repeat ${identicalRepeatMs.map((ms) => fmt(ms, 1)).join(' / ')} ms; steady-state repeat ${steadyRepeatMs.map((ms) => fmt(ms, 1)).join(' / ')} ms; ` +
        `upgrade (25 % versions changed) ${fmt(upgraded.ms, 1)} ms; ` +
        `${largeLive} live rows (expected ${large.software.length})`,
    );
    if (statuses.some((s) => s !== 200))
      warn(
        `large report: statuses ${statuses.join(', ')}${first.status !== 200 ? `: ${first.text.slice(0, 300)}` : ''}`,
      );

    const checks: Check[] = [
      ...verification.checks,
      {
        name: 'load: non-2xx',
        ok: nonOk === 0 && loads.every((r) => r.errors === 0 && r.timeouts === 0),
        detail: `${nonOk} non-2xx, ${loads.reduce((s, r) => s + r.errors, 0)} errors, ${loads.reduce((s, r) => s + r.timeouts, 0)} timeouts (must be 0)`,
      },
      {
        name: 'load: reports/s',
        ok: loadResult.reqPerSec >= TARGETS.reportsPerSecond,
        detail: `${fmt(loadResult.reqPerSec, 0)} (target ≥ ${TARGETS.reportsPerSecond}${dialect === 'sqlite' ? '' : ', set for SQLite'})`,
        informative: dialect !== 'sqlite',
      },
      {
        name: 'load: p99',
        ok: loadResult.latencyP99 < TARGETS.p99Ms,
        detail: `${loadResult.latencyP99} ms (target < ${TARGETS.p99Ms} ms${dialect === 'sqlite' ? '' : ', set for SQLite'})`,
        informative: dialect !== 'sqlite',
      },
      {
        name: 'sequential passes: non-2xx',
        ok: initialPass.non2xx + finalPass.non2xx === 0,
        detail: `${initialPass.non2xx + finalPass.non2xx} (must be 0)`,
      },
      {
        name: 'large report',
        ok: largeResult.liveRowsOk && statuses.every((s) => s === 200),
        detail: `${largeLive} live rows, expected ${large.software.length}; statuses ${statuses.join(',')}`,
      },
    ];

    return {
      dialect,
      serverVersion,
      date: new Date().toISOString(),
      environment: environment(),
      config: {
        agents: AGENTS,
        software: SOFTWARE,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        largeSoftware: LARGE_SOFTWARE,
        profileReports: PROFILE_REPORTS,
        seed: SEED,
        poolSize: POOL.length,
      },
      setup: { enrollSeconds },
      initialPass,
      load: loadResult,
      warmup,
      profile,
      finalPass,
      large: largeResult,
      verification,
      databaseStats,
      checks,
      warnings,
    };
  } finally {
    await pgProbe?.end();
    await app?.close();
    await finish();
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting

function markdown(report: DialectReport): string {
  const { initialPass: i, load: l, finalPass: f, large: g, profile: p, config: c } = report;
  const seq = (r: SequentialResult, what: string) =>
    `| ${what} | ${r.reports} | ${fmt(r.reportsPerSecond, 0)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.non2xx} |`;
  return [
    `### ${report.dialect} — ${report.serverVersion}`,
    '',
    `${c.agents} agents × ${c.software} packages (pool ${c.poolSize}); load ${c.connections} connections × ${c.seconds} s; ` +
      `${report.environment.cpus} CPUs, Node ${report.environment.node}.`,
    '',
    '| Phase | reports | reports/s | p50 ms | p99 ms | non-2xx |',
    '|---|--:|--:|--:|--:|--:|',
    seq(i, `initial pass, sequential (${c.software} new entries each)`),
    `| **load**, autocannon ${c.connections} conn. (steady state, body ${fmt(l.meanBodyBytes / 1024, 1)} KiB) | ${l.totalRequests} | **${fmt(l.reqPerSec, 0)}** | ${l.latencyP50} | **${l.latencyP99}** | ${l.non2xx} |`,
    seq(f, 'final pass, sequential (steady state)'),
    '',
    `CPU during the load: Estate ${fmt(l.serverCpuPercent, 0)} % of a core (${fmt(l.serverCpuMsPerReport, 2)} ms/report), load generator ${fmt(l.loadGeneratorCpuPercent, 0)} %, ` +
      `whole machine ${fmt(l.machineCpuPercent, 0)} % of ${report.environment.cpus} cores; Estate's event loop ${fmt(100 * l.eventLoopUtilization, 0)} % busy. ` +
      `Large report (${g.entries} entries, ${fmt(g.bodyBytes / 1024, 0)} KiB): first **${fmt(g.firstMs, 0)} ms**, ` +
      `identical repeat **${fmt(median(g.identicalRepeatMs), 0)} ms**, steady-state repeat **${fmt(median(g.steadyRepeatMs), 0)} ms** (medians of ${g.identicalRepeatMs.length}), ` +
      `upgrade with 25 % of the versions changed ${fmt(g.upgradeMs, 0)} ms.`,
    ...(l.pgWaits
      ? [
          '',
          `PostgreSQL backends during the load: ${fmt(l.pgWaits.meanActive, 1)} busy on average — ` +
            Object.entries(l.pgWaits.waits)
              .slice(0, 5)
              .map(([k, share]) => `${k} ${fmt(100 * share, 0)} %`)
              .join(', ') +
            '.',
        ]
      : []),
    ...(report.databaseStats.tables
      ? [
          '',
          '| table (after the steady-state phases) | inserts | updates | HOT | dead rows | size MiB |',
          '|---|--:|--:|--:|--:|--:|',
          ...report.databaseStats.tables.map(
            (t) =>
              `| ${t.table} | ${t.inserts} | ${t.updates} | ${fmt(t.updates ? (100 * t.hotUpdates) / t.updates : 0, 0)} % | ${t.deadRows} | ${fmt(t.totalBytes / 1048576, 1)} |`,
          ),
        ]
      : []),
    ...(p
      ? [
          '',
          `Statement profile (${p.reports} steady-state reports via recordReport, no HTTP, driver-level timing): mean ${fmt(p.meanReportMs, 2)} ms/report ` +
            `(p50 ${fmt(p.p50ReportMs, 2)}, p99 ${fmt(p.p99ReportMs, 2)}), of which ${fmt(p.driverMsPerReport, 2)} ms in the driver; ${fmt(p.statementsPerReport, 1)} statements/report.`,
          '',
          '| statement | calls/report | ms/report | share |',
          '|---|--:|--:|--:|',
          ...p.statements
            .slice(0, 10)
            .map(
              (s) =>
                `| ${s.statement} | ${fmt(s.callsPerReport, 2)} | ${fmt(s.msPerReport, 3)} | ${fmt(100 * s.share, 0)} % |`,
            ),
        ]
      : []),
    '',
    ...report.checks.map((check) => `- ${verdict(check)} ${check.name}: ${check.detail}`),
    ...report.warnings.map((warning) => `- WARNING ${warning}`),
  ].join('\n');
}

async function main(): Promise<void> {
  await runBench({
    name: 'agents',
    title: 'Estate agent report benchmark',
    describe: `${AGENTS} agents × ${SOFTWARE} packages; ${CONNECTIONS} connections × ${SECONDS} s; large report ${LARGE_SOFTWARE}`,
    run: benchDialect,
    markdown,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
