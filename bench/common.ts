/**
 * Plumbing shared by the benchmarks (bench/core.ts, bench/servers.ts, bench/agents.ts): env
 * parsing, throwaway databases, the Estate app on a free port, autocannon in a child process
 * (bench/load-child.ts), waiting for in-flight requests, machine CPU sampling, percentiles,
 * interrupt handling and the results files.
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { CLI_ACTOR } from '../src/audit/audit.types.js';
import { openDatabase, type Database, type Dialect } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { buildApp, type App } from '../src/http/app.js';
import { createKey } from '../src/keys/keys.service.js';
import { addMember } from '../src/members/members.service.js';
import { createWorkspace } from '../src/workspaces/workspaces.service.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/support/databases.js';
import type { AgentLoadRequest, LoadRequest, PatchLoadRequest } from './load-child.js';

// ---------------------------------------------------------------------------------------------
// Configuration

export function intEnv(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min} (got "${raw}")`);
  return value;
}

export const PG_URL = process.env.BENCH_PG_URL || undefined;

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
export const RESULTS_DIR = join(BENCH_DIR, 'results');
const CHILD = join(BENCH_DIR, 'load-child.ts');

/** SQLite always; PostgreSQL too when BENCH_PG_URL is set. */
export function benchDialects(): Dialect[] {
  const available: Dialect[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  // BENCH_DIALECTS=postgres: one of them only (a 1M run seeds for minutes on each).
  const only = process.env.BENCH_DIALECTS?.split(',').map((name) => name.trim());
  return only ? available.filter((dialect) => only.includes(dialect)) : available;
}

// ---------------------------------------------------------------------------------------------
// Throwaway databases: the test harness's (test/support/databases.ts)

export type BenchDatabase = ThrowawayDatabase;

/** A temporary SQLite file, or a PostgreSQL database estate_bench_<random> next to BENCH_PG_URL. */
export function createBenchDatabase(dialect: Dialect): Promise<BenchDatabase> {
  return createThrowawayDatabase(dialect, { prefix: 'estate_bench', adminUrl: PG_URL });
}

/**
 * The start of a benchmark on one dialect: its banner, a warnings list, a throwaway database that
 * an interrupt drops (with the connection `opened` hands back, closed first).
 */
export async function beginDialect(dialect: Dialect) {
  console.log(`\n=== ${dialect} ===`);
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    console.warn(`    WARNING: ${message}`);
  };
  const target = await createBenchDatabase(dialect);
  let database: Database | undefined;
  // Not waiting for the connection to close: it waits for the running transaction (a seed can
  // take minutes). The drop ends PostgreSQL's connections itself (WITH (FORCE)); an open SQLite
  // file is unlinked all the same.
  onInterrupt(() => target.drop());
  const opened = (value: Database) => (database = value);
  /** Closes the database and drops it: the last step of the dialect's run. */
  const finish = async () => {
    await database?.close();
    await target.drop();
    onInterrupt(undefined);
  };
  return { warnings, warn, target, opened, finish };
}

/**
 * A benchmark's main: its banner, each dialect's run (results file per dialect), then the
 * markdown summary of all of them. Returns the reports, for a verdict of the caller's.
 */
export async function runBench<R extends { dialect: Dialect; date: string }>(options: {
  name: string;
  title: string;
  describe: string;
  run(dialect: Dialect): Promise<R>;
  markdown(report: R): string;
}): Promise<R[]> {
  const dialects = benchDialects();
  console.log(
    `${options.title}: ${dialects.join(' + ')}; ${options.describe}; ${cpus().length} CPUs; Node ${process.version}`,
  );
  if (!PG_URL) console.log('(set BENCH_PG_URL=postgres://… to include PostgreSQL)');
  const reports: R[] = [];
  for (const dialect of dialects) {
    const report = await options.run(dialect);
    reports.push(report);
    console.log(`  results: ${writeJson(options.name, report)}`);
  }
  console.log(`\n## ${options.title}\n`);
  for (const report of reports) console.log(`${options.markdown(report)}\n`);
  return reports;
}

/**
 * Runs `body` once per benchmarked dialect on a throwaway migrated database with an admin
 * workspace and key, and drops the database afterwards (or on an interrupt).
 */
export async function forEachBenchDialect(
  body: (
    context: { dialect: Dialect; url: string; database: Database } & Awaited<ReturnType<typeof createAdminWorkspace>>,
  ) => Promise<void>,
): Promise<void> {
  for (const dialect of benchDialects()) {
    const bench = await createBenchDatabase(dialect);
    onInterrupt(bench.drop);
    const database = await openMigrated(bench.url);
    try {
      await body({ dialect, url: bench.url, database, ...(await createAdminWorkspace(database)) });
    } finally {
      await database.close();
      await bench.drop();
      onInterrupt(undefined);
    }
  }
}

/** Opens the database and migrates it to the latest schema. */
export async function openMigrated(url: string): Promise<Database> {
  const database = openDatabase(url);
  await migrateToLatest(database);
  return database;
}

/** "SQLite 3.x" or "PostgreSQL 16.x" (without the build's platform). */
export async function serverVersionOf(database: Database, dialect: Dialect): Promise<string> {
  return dialect === 'sqlite'
    ? `SQLite ${(await sql<{ v: string }>`SELECT sqlite_version() AS v`.execute(database.db)).rows[0]!.v}`
    : (await sql<{ v: string }>`SELECT version() AS v`.execute(database.db)).rows[0]!.v.split(' on ')[0]!;
}

/** A workspace 'Bench workspace', an admin member and an admin-alias key. */
export async function createAdminWorkspace(database: Database) {
  const workspace = await createWorkspace(database, { name: 'Bench workspace' }, CLI_ACTOR);
  await addMember(
    database,
    { workspaceId: workspace.id, email: 'bench-admin@example.test', name: 'Bench Admin', role: 'admin' },
    CLI_ACTOR,
  );
  const key = await createKey(database, { workspaceId: workspace.id, name: 'bench key', alias: 'admin' });
  return { workspace, key };
}

/** The Estate app (logger off, no cap on agent reports: benchmarks send them fast) listening on a free port of 127.0.0.1. */
export async function startApp(database: Database): Promise<{ app: App; base: string }> {
  const app = await buildApp({ database, logger: false, agentReportsPerMinute: Number.MAX_SAFE_INTEGER });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** A client on the bench database, for waitForIdle and pg_stat_activity sampling. */
export async function connectProbe(url: string): Promise<pg.Client> {
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  return probe;
}

/** Drops the current throwaway database when the run is interrupted (Ctrl-C). */
let dropOnInterrupt: (() => Promise<void>) | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: dropping the benchmark database…`);
    const drop = dropOnInterrupt ?? (async () => {});
    drop().then(
      () => process.exit(130),
      (error: unknown) => {
        console.error(error);
        process.exit(130);
      },
    );
  });
}

/** Sets (or, with undefined, clears) what an interrupt must clean up. */
export function onInterrupt(drop: (() => Promise<void>) | undefined): void {
  dropOnInterrupt = drop;
}

// ---------------------------------------------------------------------------------------------
// Load (autocannon in a child process, bench/load-child.ts)

interface ChildRun<T> {
  /** The child's answer (summary, and for agents their updated states). */
  answer: T;
  /** This process's CPU time (ms, user + system) and the wall time (ms) from the child's start signal to its result. */
  cpuMs: number;
  wallMs: number;
}

type ChildMessage = { type: 'start' } | { type: 'result'; ok: true } | { type: 'result'; ok: false; error: string };

/** Forks bench/load-child.ts for one measurement; execArgv defaults to this process's. */
export function runChild<T>(
  request: LoadRequest | AgentLoadRequest | PatchLoadRequest,
  execArgv: string[] = process.execArgv,
): Promise<ChildRun<T>> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let answered = false;
    let cpuStart = process.cpuUsage();
    let wallStart = performance.now();
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'start') {
        cpuStart = process.cpuUsage();
        wallStart = performance.now();
        return;
      }
      const cpu = process.cpuUsage(cpuStart);
      const wallMs = performance.now() - wallStart;
      answered = true;
      if (message.ok) {
        const { type: _type, ok: _ok, ...answer } = message;
        resolve({ answer: answer as T, cpuMs: (cpu.user + cpu.system) / 1000, wallMs });
      } else reject(new Error(`autocannon failed: ${message.error}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`autocannon child exited with code ${code} without a result`));
    });
    child.send(request);
  });
}

/**
 * autocannon stops with up to `connections` requests in flight; the server still works them off
 * (for a 60 ms audit page that is seconds). Waits until this process's event loop is quiet and, on
 * PostgreSQL, no other backend of the bench database is running a query, so that no run (nor the
 * warm-up) bills its backlog to the next one.
 */
export async function waitForIdle(pgProbe: pg.Client | undefined): Promise<void> {
  const deadline = performance.now() + 60_000;
  let quiet = 0;
  let previous = performance.eventLoopUtilization();
  while (quiet < 3 && performance.now() < deadline) {
    await sleep(100);
    const current = performance.eventLoopUtilization();
    let busy = performance.eventLoopUtilization(current, previous).utilization > 0.05;
    previous = current;
    if (!busy && pgProbe) {
      const { rows } = await pgProbe.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      busy = rows[0]!.n > 0;
    }
    quiet = busy ? 0 : quiet + 1;
  }
}

// ---------------------------------------------------------------------------------------------
// Machine CPU

export interface MachineCpu {
  idle: number;
  busy: number;
  total: number;
}

/** Summed CPU times of all cores (os.cpus(), ms): idle, busy (the rest) and total. */
export function machineCpu(): MachineCpu {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, busy: total - idle, total };
}

/** Machine-wide busy CPU between two samples, in % of all cores (NaN when no time passed). */
export function busyPercent(from: MachineCpu, to: MachineCpu): number {
  const total = to.total - from.total;
  return total > 0 ? 100 * (1 - (to.idle - from.idle) / total) : NaN;
}

// ---------------------------------------------------------------------------------------------
// Statistics and formatting

/**
 * Watches this process's event loop from now on (perf_hooks.monitorEventLoopDelay, 10 ms
 * resolution): `stop()` returns the longest delay seen, in ms. The server runs in the benchmark's
 * process, so this is how long one request kept every other waiting.
 */
export function eventLoopDelay(): { stop(): number } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return {
    stop() {
      histogram.disable();
      return histogram.max / 1e6;
    },
  };
}

export function fmt(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : String(value);
}

/** Nearest-rank percentile of an ascending array (NaN when empty). */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

// ---------------------------------------------------------------------------------------------
// Reporting

export function environment(): { node: string; platform: string; cpus: number; cpuModel: string } {
  return {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
  };
}

/** Writes bench/results/<name>-<dialect>-<date>.json and returns its path. */
export function writeJson(name: string, report: { dialect: Dialect; date: string }): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = report.date.replace(/:/g, '-').replace(/\.\d{3}Z$/, 'Z');
  const file = join(RESULTS_DIR, `${name}-${report.dialect}-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
