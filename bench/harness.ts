// What the scenarios (bench/<name>.ts, run by bench/run.ts) share: a throwaway database with an admin workspace and
// key, the seed, Estate on 127.0.0.1, load and probes in a child process (bench/load.ts), timing and the report.
import { createRegistry } from '../src/families/registry.js';
import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp, type App } from '../src/surfaces/server/app.js';
import { CLI_ACTOR } from '../src/base/audit/audit.types.js';
import { openDatabase, type Database, type Dialect } from '../src/base/db/database.js';
import { migrateToLatest } from '../src/base/db/migrate.js';
import { createKey } from '../src/features/accounts/keys/keys.service.js';
import { addMember } from '../src/features/accounts/members/members.service.js';
import { seedWorkspace } from '../src/features/seed/seed.js';
import { createWorkspace } from '../src/features/accounts/workspaces/workspaces.service.js';
import { createThrowawayDatabase } from '../test/support/databases.js';
import { type LoadRequest, type LoadSummary, type Probe, percentile } from './load.js';

export { percentile };
export type { Dialect };
export const DEFAULTS = { size: 1e4, sizes: [] as number[], seconds: 10, connections: 50, rounds: 1, iterations: 20 };
export type Settings = typeof DEFAULTS & { quick: boolean; only?: string };
export type Bench = { dialect: Dialect; settings: Settings; pgUrl: string };
export type Table = { title: string; columns: string[]; rows: string[][] };
type Defaults = (quick: boolean) => Partial<Settings>;
export type Scenario = { title: string; defaults: Defaults; run(bench: Bench): Promise<Report> };

/** One database's summary: tables, then notes (verdicts and warnings); `details` go to the results file only. */
export class Report {
  tables: Table[] = [];
  notes: string[] = [];
  failed = false; // a broken run (wrong answers, non-2xx), as opposed to a missed target
  details?: unknown;
  table(title: string, columns: string[], rows: (string | number)[][]): this {
    this.tables.push({ title, columns, rows: rows.map((row) => row.map(String)) });
    return this;
  }
  note(...notes: string[]): this {
    this.notes.push(...notes);
    return this;
  }
  fail(...problems: string[]): this {
    this.failed ||= problems.length > 0;
    return this.note(...problems.map((problem) => `FAIL: ${problem}`));
  }
}

export const verdict = (ok: boolean) => (ok ? 'ok' : '**miss**');
export const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : String(value));
export const thousands = (value: number) => value.toLocaleString('en');
let cleanup: (() => Promise<void>) | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`\n${signal}: dropping the benchmark database…`);
    (cleanup ?? (async () => {}))().finally(() => process.exit(130));
  });
type Headers = Record<string, string>;
/** `defer(close)`: run `close` when the workspace is done, before its database closes, the last deferred first. */
export type Workspace = { database: Database; url: string; workspaceId: string; auth: Headers; defer: Defer };
type Defer = (close: () => Promise<unknown>) => void;
/** Runs `body` on a fresh migrated database (estate_bench_<random>) with an admin member and key; drops it after. */
export async function withWorkspace<T>(bench: Bench, body: (workspace: Workspace) => Promise<T>): Promise<T> {
  const target = await createThrowawayDatabase(bench.dialect, { prefix: 'estate_bench', adminUrl: bench.pgUrl });
  cleanup = target.drop;
  const database = openDatabase(target.url);
  const closers: (() => Promise<unknown>)[] = [];
  try {
    await migrateToLatest(database);
    const registry = createRegistry();
    const { id: workspaceId } = await createWorkspace(database, registry.scopes, { name: 'Bench' }, CLI_ACTOR);
    const member = { workspaceId, email: 'bench@example.test', name: 'Bench', role: 'admin' as const };
    await addMember(database, async () => registry, member, CLI_ACTOR);
    const { secret } = await createKey(database, { workspaceId, name: 'bench', alias: 'admin' });
    const defer: Defer = (close) => void closers.push(close);
    return await body({ database, url: target.url, workspaceId, auth: { authorization: `Bearer ${secret}` }, defer });
  } finally {
    for (const close of closers.reverse()) await close();
    await database.close();
    await target.drop();
    cleanup = undefined;
  }
}

/** A scenario's run on a fresh workspace, with a report for `body` to fill. */
type Body = (workspace: Workspace, report: Report, bench: Bench) => Promise<unknown>;
export const inWorkspace = (body: Body) => (bench: Bench) =>
  withWorkspace(bench, async (workspace) => {
    const report = new Report();
    await body(workspace, report, bench);
    return report;
  });

/** `estate seed --size N` in this process, timed, then settled so the first measurements do not pay for it. */
export async function seed({ database, workspaceId }: Workspace, size: number): Promise<number> {
  const started = performance.now();
  const load = () => seedWorkspace(database, { workspaceId, size });
  // As the CLI does: alone on a SQLite file, a rollback journal instead of the WAL.
  await (database.alone ? database.alone(load) : load());
  const seconds = (performance.now() - started) / 1000;
  if (database.dialect === 'postgres') {
    await sql`VACUUM (ANALYZE)`.execute(database.db);
    await sql`CHECKPOINT`.execute(database.db).catch(() => undefined); // needs pg_checkpoint or a superuser
  } else await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
  console.log(`  seeded ${thousands(size)} servers in ${fmt(seconds, 1)} s`);
  return seconds;
}

type AppOptions = { metricsToken?: string; responseCacheBytes?: number; database?: Database };
/** Estate (logger off, agent reports unthrottled) on a free port of 127.0.0.1; closed with the workspace. */
export async function startApp(workspace: Workspace, options: AppOptions = {}) {
  const unthrottled = { logger: false, agentReportsPerMinute: Number.MAX_SAFE_INTEGER };
  const app = await buildApp({ database: workspace.database, ...unthrottled, ...options });
  await app.listen({ host: '127.0.0.1', port: 0 });
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= app.close());
  workspace.defer(close);
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close };
}
export async function inject(app: App, url: string, headers: Headers) {
  const response = await app.inject({ url, headers });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response;
}

const LOAD = fileURLToPath(new URL('load.ts', import.meta.url));
type Message = { type: 'start' } | { type: 'result'; answer?: LoadSummary; error?: string };
// bench/load.ts forked with one request; `stop()` ends a probe, `result` adds this process's CPU ms meanwhile.
export function child(request: LoadRequest): { result: Promise<LoadSummary & { cpuMs: number }>; stop(): void } {
  const loader = fork(LOAD, [], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let cpu = process.cpuUsage();
  const result = new Promise<LoadSummary & { cpuMs: number }>((resolve, reject) => {
    loader.on('message', (message: Message) => {
      const used = process.cpuUsage(cpu);
      if (message.type === 'start') cpu = process.cpuUsage();
      else if (message.error) reject(new Error(message.error));
      else resolve({ ...message.answer!, cpuMs: (used.user + used.system) / 1000 });
    });
    loader.once('error', reject);
    loader.once('exit', (code) => reject(new Error(`load child exited with ${code} without a result`)));
  });
  loader.send(request);
  return { result, stop: () => loader.send('stop') };
}

// `probe.url` asked every `probe.everyMs` from another process while `work` runs (from `settleMs` after the probe
// starts): the waits (ascending; p50, p99, max, and formatted) and this process's longest event-loop delay (ms).
export async function probed<T>(probe: Omit<Probe, 'kind'>, settleMs: number, work: () => Promise<T>) {
  const prober = child({ kind: 'probe', ...probe });
  await sleep(settleMs);
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const result = await work();
  histogram.disable();
  prober.stop();
  const waits = (await prober.result).waits!.sort((a, b) => a - b);
  const [p50, p99, max] = [0.5, 0.99, 1].map((q) => percentile(waits, q)) as [number, number, number];
  return { result, waits, p50, p99, max, figures: [p50, p99, max].map((ms) => fmt(ms)), loopMax: histogram.max / 1e6 };
}

// autocannon stops with requests in flight, which the server still works off: waits until this event loop is
// quiet and, on PostgreSQL, no other backend of the database runs a query, so no run pays for the last.
export async function waitForIdle(url: string): Promise<void> {
  const probe = url.startsWith('postgres') ? new pg.Client({ connectionString: url }) : undefined;
  await probe?.connect();
  const active = `SELECT 1 FROM pg_stat_activity
    WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`;
  for (let quiet = 0, rounds = 0; quiet < 3 && rounds < 600; rounds++) {
    const before = performance.eventLoopUtilization();
    await sleep(100);
    const loop = performance.eventLoopUtilization(before).utilization;
    const busy = loop > 0.05 || ((await probe?.query(active))?.rows.length ?? 0) > 0;
    quiet = busy ? 0 : quiet + 1;
  }
  await probe?.end();
}

type Run = LoadSummary & { cpuMsPerRequest: number };
type Medians = Record<'reqPerSec' | 'p50' | 'p99' | 'cpuMsPerRequest' | 'non2xx', number>;
export type TargetResult = Medians & { name: string; runs: Run[] };
type Target = { name: string; request: LoadRequest & { kind: 'get' } };
// Paired runs: `rounds` rounds of every target in turn (after one unmeasured second of each), so that a change of
// the machine's speed during the run falls on all targets alike. Medians over the rounds.
export async function pairedLoad<const T extends Target[]>(targets: T, rounds: number, dbUrl: string) {
  const runs = targets.map(() => [] as Run[]);
  for (const target of targets) {
    await child({ ...target.request, seconds: 1 }).result;
    await waitForIdle(dbUrl);
  }
  for (let round = 0; round < rounds; round++)
    for (const [i, { name, request }] of targets.entries()) {
      const run = await child(request).result;
      await waitForIdle(dbUrl);
      const cpuMsPerRequest = run.cpuMs / Math.max(1, run.total);
      runs[i]!.push({ ...run, cpuMsPerRequest });
      const figures = `p50 ${run.p50} ms  p99 ${run.p99} ms  CPU ${fmt(cpuMsPerRequest, 3)} ms/req`;
      const codes = JSON.stringify(run.statusCodes);
      console.log(`    ${name.padEnd(28)} ${fmt(run.reqPerSec, 0).padStart(6)} req/s  ${figures}  ${codes}`);
    }
  return runs.map((own, i) => {
    const keys = ['reqPerSec', 'p50', 'p99', 'cpuMsPerRequest'] as const;
    const [reqPerSec, p50, p99, cpuMsPerRequest] = keys.map((key) => median(own.map((run) => run[key])));
    const non2xx = own.reduce((sum, run) => sum + run.non2xx + run.errors, 0);
    return { name: targets[i]!.name, runs: own, reqPerSec, p50, p99, cpuMsPerRequest, non2xx } as TargetResult;
  }) as { [K in keyof T]: TargetResult };
}
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Times `call` `iterations` times after `warmups` unmeasured calls: p50, p99 (ms) and the last call's answer. */
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

/** `call(i)` for i < count, one after the other: calls per second, p50 and p99 ms, formatted for a row. */
export async function sequentially(count: number, call: (i: number) => Promise<unknown>): Promise<string[]> {
  const started = performance.now();
  let i = 0;
  const { p50, p99 } = await timed(() => call(i++), 0, count);
  return [fmt((1000 * count) / (performance.now() - started), 0), fmt(p50), fmt(p99)];
}
