#!/usr/bin/env node
/**
 * `npm test`: builds once, then runs the tiers of the suite and prints each with its time.
 *
 *   build  `npm run build` (server, client and console), which the test files' CLI and browser runs use
 *   check  lint and one type-check of server, tests, benchmarks and scripts, and one of the console;
 *          run beside the main tier, as jobs of the same pool
 *   main   test/*.test.ts: a process per file and database (SQLite and PostgreSQL as separate
 *          processes), as many at once as --concurrency, the longest known first
 *   timed  test/timed/*.test.ts: tests that measure time, after the others, one process at a time
 *
 * Usage: node scripts/test.mjs [--db sqlite,postgres] [--tier build,check,main,timed]
 *                              [--concurrency N] [FILE…]
 * The databases default to SQLite, and PostgreSQL when TEST_DATABASE_URL is set; given files
 * run in their own tier (main or timed) after the build. Exits 1 when any job fails.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = join(import.meta.dirname ?? dirname(new URL(import.meta.url).pathname), '..');
const TIERS = ['build', 'check', 'main', 'timed'];
/** Where the last runs' job times are kept, to start the longest jobs first. */
const TIMES_FILE = join(ROOT, 'node_modules', '.cache', 'estate-tests', 'times.json');
/** A job's output is printed only when it ends, so parallel jobs never interleave. */
const NODE_TEST = ['--import', 'tsx', '--test', '--test-reporter=spec'];

const { values: options, positionals: files } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string' },
    tier: { type: 'string' },
    concurrency: { type: 'string' },
  },
});

const databases = (options.db ?? (process.env.TEST_DATABASE_URL ? 'sqlite,postgres' : 'sqlite')).split(',');
for (const database of databases)
  if (database !== 'sqlite' && database !== 'postgres') fail(`--db: no database ${database}`);
if (databases.includes('postgres') && !process.env.TEST_DATABASE_URL)
  fail(
    '--db postgres needs TEST_DATABASE_URL, a maintenance database URL ' +
      '(e.g. postgres://postgres@127.0.0.1:5432/postgres)',
  );
const given = files.map((file) => relative(ROOT, join(process.cwd(), file)));
const tiers = options.tier
  ? options.tier.split(',')
  : given.length > 0
    ? ['build', ...new Set(given.map(tierOf))]
    : TIERS;
for (const tier of tiers) if (!TIERS.includes(tier)) fail(`--tier: no tier ${tier} (${TIERS.join(', ')})`);
// Half of a main-tier job's time is spent waiting (PostgreSQL, a browser, a child process, a timer).
const concurrency = Number(options.concurrency ?? availableParallelism() * 2);
if (!Number.isInteger(concurrency) || concurrency < 1) fail('--concurrency: a whole number of jobs, at least 1');

const times = readTimes();
const results = [];
const tierTimes = new Map();
const started = performance.now();

if (tiers.includes('build')) await runTier('build', [command('build', 'npm', ['run', '--silent', 'build'])], 1);
const parallel = [
  ...(tiers.includes('check') ? checkJobs() : []),
  ...(tiers.includes('main')
    ? testJobs(given.length > 0 ? given.filter((f) => tierOf(f) === 'main') : listed('test'))
    : []),
];
if (parallel.length > 0) await runTier(tiers.includes('main') ? 'main' : 'check', parallel, concurrency);
if (tiers.includes('timed'))
  await runTier(
    'timed',
    testJobs(given.length > 0 ? given.filter((f) => tierOf(f) === 'timed') : listed('test/timed')),
    1,
  );
report();

/** The test files of a directory (not its subdirectories), in name order. */
function listed(dir) {
  return readdirSync(join(ROOT, dir))
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => `${dir}/${name}`);
}

function tierOf(file) {
  if (!/^test\/(timed\/)?[^/]+\.test\.ts$/.test(file))
    fail(`${file}: not a test file (test/*.test.ts or test/timed/*.test.ts)`);
  return file.startsWith('test/timed/') ? 'timed' : 'main';
}

/**
 * A file whose suites are per database runs once per database, each in its own process with
 * TEST_DATABASES naming it; another runs once, where both are configured (test/support/harness.ts).
 */
function testJobs(paths) {
  return paths.flatMap((file) => {
    const source = readFileSync(join(ROOT, file), 'utf8');
    const perDatabase = /describeEachDatabase\(|\bDIALECTS\b/.test(source);
    const runs = perDatabase ? databases.map((database) => [database]) : [databases];
    return runs.map((covered) => ({
      ...command(`${file} [${covered.join(', ')}]`, process.execPath, [...NODE_TEST, file]),
      env: { TEST_DATABASES: covered.join(',') },
      test: true,
    }));
  });
}

function checkJobs() {
  return [
    command('lint', 'npm', ['run', '--silent', 'lint']),
    command('type-check: server, tests, benchmarks, scripts', 'npx', ['tsc', '-p', 'tsconfig.test.json']),
    command('type-check: console', 'npx', ['tsc', '-p', 'ui/tsconfig.json']),
  ];
}

function command(name, program, args) {
  return { name, program, args, env: {}, test: false };
}

async function runTier(tier, jobs, width) {
  if (jobs.length === 0) fail(`the ${tier} tier has no jobs: no test file found`);
  const start = performance.now();
  // The longest known first, so that no long job starts last; unknown ones count as long.
  const queue = [...jobs].sort((a, b) => (times[b.name] ?? 60) - (times[a.name] ?? 60));
  const workers = Array.from({ length: Math.min(width, queue.length) }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) results.push({ tier, ...(await run(job)) });
  });
  await Promise.all(workers);
  tierTimes.set(tier, { seconds: (performance.now() - start) / 1000, jobs: jobs.length });
}

function run(job) {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn(job.program, job.args, {
      cwd: ROOT,
      env: { ...process.env, ...job.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - start) / 1000;
      const text = Buffer.concat(output).toString('utf8');
      // node --test exits 0 when it ran nothing: a test job must have run at least one test.
      const ran = !job.test || !/^ℹ tests 0$/m.test(text);
      const ok = code === 0 && ran;
      process.stdout.write(
        `\n── ${ok ? 'ok' : 'FAILED'} ${job.name} (${seconds.toFixed(1)} s)\n${text.replace(/\n?$/, '\n')}`,
      );
      if (!ran) process.stdout.write(`${job.name}: no test ran\n`);
      if (signal) process.stdout.write(`${job.name}: ended by ${signal}\n`);
      resolve({ name: job.name, ok, seconds });
    });
  });
}

function report() {
  const total = (performance.now() - started) / 1000;
  const failed = results.filter((result) => !result.ok);
  const lines = ['', 'tier    jobs   time'];
  for (const [tier, { seconds, jobs }] of tierTimes)
    lines.push(`${tier.padEnd(6)} ${String(jobs).padStart(5)} ${minutes(seconds).padStart(7)}`);
  lines.push(`all          ${minutes(total).padStart(7)}`, '', 'slowest jobs:');
  for (const result of [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 5))
    lines.push(`  ${minutes(result.seconds).padStart(7)}  ${result.name}`);
  if (failed.length > 0) lines.push('', `FAILED (${failed.length}):`, ...failed.map((result) => `  ${result.name}`));
  else lines.push('', `all ${results.length} jobs passed`);
  console.log(lines.join('\n'));
  saveTimes();
  process.exitCode = failed.length > 0 ? 1 : 0;
}

function minutes(seconds) {
  return seconds >= 60
    ? `${Math.floor(seconds / 60)}m${String(Math.floor(seconds % 60)).padStart(2, '0')}s`
    : `${seconds.toFixed(1)}s`;
}

function readTimes() {
  try {
    return JSON.parse(readFileSync(TIMES_FILE, 'utf8'));
  } catch {
    return {};
  }
}

function saveTimes() {
  for (const result of results) times[result.name] = Math.round(result.seconds * 10) / 10;
  mkdirSync(dirname(TIMES_FILE), { recursive: true });
  writeFileSync(TIMES_FILE, `${JSON.stringify(times, null, 1)}\n`);
}

function fail(message) {
  console.error(`test: ${message}`);
  process.exit(2);
}
