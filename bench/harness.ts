/**
 * What every scenario shares: throwaway databases with an admin workspace and key, the seed, Estate on
 * 127.0.0.1, autocannon and probes in a child process (bench/load.ts), paired load rounds, timing helpers
 * and the results file. Scenarios live in bench/<name>.ts and are run by bench/run.ts.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { CLI_ACTOR } from '../src/audit/audit.types.js';
import { openDatabase, type Database, type Dialect } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { buildApp, type App } from '../src/app/app.js';
import { createKey } from '../src/keys/keys.service.js';
import { addMember } from '../src/members/members.service.js';
import { seedWorkspace } from '../src/seed/seed.js';
import { createWorkspace } from '../src/workspaces/workspaces.service.js';
import type { LoadRequest, LoadSummary } from './load.js';

export type { Dialect };

/** Options of a run; each scenario gives its own defaults for what the command line leaves out. */
export interface Settings {
  quick: boolean;
  size: number;
  sizes: number[];
  seconds: number;
  connections: number;
  rounds: number;
  iterations: number;
  only?: string;
}

export interface Bench {
  dialect: Dialect;
  settings: Settings;
  pgUrl: string;
}

/** A table of the summary; the runner prefixes each row with the database and merges the databases' rows. */
export interface Table {
  title: string;
  columns: string[];
  rows: string[][];
}

export interface Outcome {
  tables: Table[];
  /** Verdicts and warnings, printed under the tables. */
  notes: string[];
  /** A broken run (wrong answers, non-2xx), as opposed to a missed target. */
  failed?: boolean;
  /** Raw figures for the results file. */
  details?: unknown;
}

export interface Scenario {
  title: string;
  /** What this scenario's options default to, quick or not (bench/run.ts has the rest). */
  defaults(quick: boolean): Partial<Settings>;
  run(bench: Bench): Promise<Outcome>;
}

const RESULTS_DIR = fileURLToPath(new URL('results/', import.meta.url));

// Throwaway databases -------------------------------------------------------------------------------------

let cleanup: (() => Promise<void>) | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`\n${signal}: dropping the benchmark database…`);
    (cleanup ?? (async () => {}))().finally(() => process.exit(130));
  });

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A temporary SQLite file, or a PostgreSQL database estate_bench_<random> dropped WITH (FORCE) afterwards. */
async function throwaway(bench: Bench): Promise<{ url: string; file?: string; drop(): Promise<void> }> {
  if (bench.dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'estate-bench-'));
    const file = join(dir, 'estate.db');
    return { url: `sqlite:${file}`, file, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `estate_bench_${randomBytes(5).toString('hex')}`;
  await withAdmin(bench.pgUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(bench.pgUrl);
  url.pathname = `/${name}`;
  const drop = () =>
    withAdmin(bench.pgUrl, async (client) => {
      // Let closed pools' sessions leave first: a forced drop reaching a closing pool is an unhandled error.
      for (let i = 0; i < 50; i++) {
        const { rows } = await client.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows.length === 0) break;
        await sleep(100);
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  return { url: url.toString(), drop };
}

export interface Workspace {
  database: Database;
  url: string;
  /** The SQLite file, for a second connection. */
  file?: string;
  workspaceId: string;
  secret: string;
  auth: Record<string, string>;
}

/** Runs `body` on a fresh migrated database with a workspace, an admin member and an admin key; drops it after. */
export async function withWorkspace<T>(bench: Bench, body: (workspace: Workspace) => Promise<T>): Promise<T> {
  const target = await throwaway(bench);
  cleanup = target.drop;
  const database = openDatabase(target.url);
  try {
    await migrateToLatest(database);
    const workspace = await createWorkspace(database, { name: 'Bench workspace' }, CLI_ACTOR);
    const member = { workspaceId: workspace.id, email: 'bench@example.test', name: 'Bench', role: 'admin' as const };
    await addMember(database, member, CLI_ACTOR);
    const { secret } = await createKey(database, { workspaceId: workspace.id, name: 'bench', alias: 'admin' });
    const auth = { authorization: `Bearer ${secret}` };
    return await body({ database, url: target.url, file: target.file, workspaceId: workspace.id, secret, auth });
  } finally {
    await database.close();
    await target.drop();
    cleanup = undefined;
  }
}

/**
 * `estate seed --size N` in this process, timed, then settled: PostgreSQL vacuumed and checkpointed, SQLite's
 * WAL copied back, so the first measurements do not pay for writing the seed out.
 */
export async function seed(workspace: Workspace, size: number): Promise<number> {
  const started = performance.now();
  const load = () => seedWorkspace(workspace.database, { workspaceId: workspace.workspaceId, size });
  // As the CLI does: alone on a SQLite file, a rollback journal instead of the WAL.
  await (workspace.database.alone ? workspace.database.alone(load) : load());
  const seconds = (performance.now() - started) / 1000;
  const db = workspace.database.db;
  if (workspace.database.dialect === 'postgres') {
    await sql`VACUUM (ANALYZE)`.execute(db);
    await sql`CHECKPOINT`.execute(db).catch(() => undefined); // needs pg_checkpoint or a superuser
  } else await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  console.log(`  seeded ${size.toLocaleString('en')} servers in ${fmt(seconds, 1)} s`);
  return seconds;
}

/** Estate (logger off, agent reports unthrottled) listening on a free port of 127.0.0.1. */
export async function startApp(
  database: Database,
  options: { metricsToken?: string; responseCacheBytes?: number } = {},
): Promise<{ app: App; base: string }> {
  const app = await buildApp({ database, logger: false, agentReportsPerMinute: Number.MAX_SAFE_INTEGER, ...options });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

// Load in a child process ---------------------------------------------------------------------------------

const CHILD = fileURLToPath(new URL('load.ts', import.meta.url));

/**
 * Forks bench/load.ts with one request, so the load generator never shares the server's event loop.
 * `stop()` ends a probe; `result` also gives this process's CPU time (ms) while the child ran.
 */
export function child<T = LoadSummary>(request: LoadRequest): { result: Promise<T & { cpuMs: number }>; stop(): void } {
  const process_ = fork(CHILD, [], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let cpu = process.cpuUsage();
  const result = new Promise<T & { cpuMs: number }>((resolve, reject) => {
    process_.on('message', (message: { type: 'start' } | { type: 'result'; answer?: T; error?: string }) => {
      if (message.type === 'start') {
        cpu = process.cpuUsage();
        return;
      }
      const used = process.cpuUsage(cpu);
      if (message.error) reject(new Error(message.error));
      else resolve({ ...message.answer!, cpuMs: (used.user + used.system) / 1000 });
    });
    process_.once('error', reject);
    process_.once('exit', (code) => reject(new Error(`load child exited with ${code} without a result`)));
  });
  process_.send(request);
  return { result, stop: () => process_.send('stop') };
}

/**
 * autocannon stops with requests in flight, which the server still works off: waits until this event loop
 * is quiet and, on PostgreSQL, no other backend of the database runs a query, so no run pays for the last.
 */
export async function waitForIdle(url?: string): Promise<void> {
  const probe = url?.startsWith('postgres') ? new pg.Client({ connectionString: url }) : undefined;
  await probe?.connect();
  const deadline = performance.now() + 60_000;
  let previous = performance.eventLoopUtilization();
  for (let quiet = 0; quiet < 3 && performance.now() < deadline; ) {
    await sleep(100);
    const current = performance.eventLoopUtilization();
    let busy = performance.eventLoopUtilization(current, previous).utilization > 0.05;
    previous = current;
    if (!busy && probe) {
      const { rows } = await probe.query(
        `SELECT 1 FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      busy = rows.length > 0;
    }
    quiet = busy ? 0 : quiet + 1;
  }
  await probe?.end();
}

export interface Target {
  name: string;
  request: LoadRequest;
}

export interface TargetResult {
  name: string;
  /** Per round: autocannon's summary and this process's CPU ms per request. */
  runs: (LoadSummary & { cpuMsPerRequest: number })[];
  reqPerSec: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  non2xx: number;
}

/**
 * Paired runs: `rounds` rounds of every target in turn (after one unmeasured second of each), so that a
 * change of the machine's speed during the run falls on all targets alike. Medians over the rounds.
 */
export async function pairedLoad(targets: Target[], rounds: number, dbUrl?: string): Promise<TargetResult[]> {
  const results = targets.map((target) => ({ name: target.name, runs: [] as TargetResult['runs'] }));
  for (const target of targets) {
    await child({ ...target.request, seconds: 1 } as LoadRequest).result;
    await waitForIdle(dbUrl);
  }
  for (let round = 0; round < rounds; round++)
    for (const [i, target] of targets.entries()) {
      const run = await child(target.request).result;
      await waitForIdle(dbUrl);
      results[i]!.runs.push({ ...run, cpuMsPerRequest: run.cpuMs / Math.max(1, run.total) });
      const codes = JSON.stringify(run.statusCodes);
      console.log(
        `    ${target.name.padEnd(28)} ${fmt(run.reqPerSec, 0).padStart(6)} req/s  p50 ${run.p50} ms  ` +
          `p99 ${run.p99} ms  CPU ${fmt(run.cpuMs / Math.max(1, run.total), 3)} ms/req  ${codes}`,
      );
    }
  return results.map(({ name, runs }) => ({
    name,
    runs,
    reqPerSec: median(runs.map((run) => run.reqPerSec)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    cpuMsPerRequest: median(runs.map((run) => run.cpuMsPerRequest)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0),
  }));
}

// Timing and formatting -----------------------------------------------------------------------------------

/** Nearest-rank percentile of an ascending array (NaN when empty). */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** The middle value, or the mean of the two middle values (NaN when empty). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : String(value));

/** Times `call` `iterations` times after `warmups` unmeasured calls: p50, p99 and the last call's answer. */
export async function timed<T>(call: () => Promise<T>, warmups: number, iterations: number) {
  for (let i = 0; i < warmups; i++) await call();
  const times: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    last = await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), last: last as T };
}

/** This process's longest event-loop delay (ms, 10 ms resolution) from now until `stop()`: the server runs here. */
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

/** Writes bench/results/<scenario>-<date>.json (git-ignored) and returns its path. */
export function saveResults(scenario: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${scenario}-${new Date().toISOString().replace(/:/g, '-').slice(0, 19)}.json`);
  const machine = { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model };
  writeFileSync(file, `${JSON.stringify({ machine, ...(data as object) }, null, 2)}\n`);
  return file;
}
