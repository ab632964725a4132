#!/usr/bin/env node
/**
 * `npm test`: builds once, then runs the tiers of the suite and prints each with its time.
 *
 *   build  `npm run build`: server and tests compiled into dist/, the client, the console; the tests
 *          run from dist/test, their CLI runs from dist/src, their browsers load dist/console.
 *          Skipped when dist/ was built from the files as they are (scripts/build-inputs.mjs)
 *   check  lint and one type-check of server, tests, benchmarks and scripts, and one of the console;
 *          run beside the main tier, as jobs of the same pool
 *   main   the *.test.ts files under test/ (which mirrors src/), SQLite and PostgreSQL in
 *          separate processes: a long file in a process of its own, short ones of the same
 *          database together (testJobs); as many processes at once as --concurrency, the
 *          longest expected first
 *   timed  the *.timed.test.ts files: the tests that measure the event loop's stalls, each in a process
 *          of its own, in the main tier's pool: a stall is the CPU time the service ran while a probe
 *          waited (test/support/probe.ts), which the other jobs barely lengthen (elsewhere than on
 *          Linux: wall-clock time, alone, after the others); the seeded workspaces they copy are
 *          made by jobs of their own, started early
 *   native  only when better-sqlite3's addon is missing (after `npm ci --ignore-scripts`, as in
 *          .ci/run): compiled by a job started before the build; the jobs that open SQLite wait
 *
 * Usage: node scripts/test.mjs [--db sqlite,postgres] [--tier build,check,main,timed]
 *                              [--concurrency N] [FILE…]
 * The databases default to SQLite, and PostgreSQL when TEST_DATABASE_URL is set; given files
 * run in their own tier (main or timed) after the build. Exits 1 when any job fails.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { builtFromCurrentInputs } from './build-inputs.mjs';

const ROOT = join(import.meta.dirname ?? dirname(new URL(import.meta.url).pathname), '..');
const TIERS = ['build', 'check', 'main', 'timed'];
/** Where the last runs' job times are kept, to start the longest jobs first. */
const TIMES_FILE = join(ROOT, 'node_modules', '.cache', 'estate-tests', 'times.json');
/**
 * Node's test runner in the job's process, over the compiled files (dist/test, from the build tier),
 * with stack traces that name the TypeScript lines; a job's output is printed when it ends.
 */
const NODE_TEST = ['--enable-source-maps', '--test-reporter=spec'];
/** Files that change what their process holds for the files after them (environment, registries) say so. */
const OWN_PROCESS = /^\/\/ npm test: a process of its own/m;
/** The most seconds of tests one process of several files runs; a file's seconds before it ever ran. */
const GROUP_SECONDS = 60;
const UNKNOWN_SECONDS = 20;
/** Runs a job, then writes the CPU time of everything it waited for to the fourth pipe. */
const CPU_OF = '"$@"; status=$?; times >&3; exit $status';
/** The seconds each file took, as committed (a fresh clone has no times of its own yet). */
const COMMITTED_TIMES = join(ROOT, 'test', 'times.json');
/**
 * better-sqlite3's native addon. `npm ci` compiles it from source (no prebuilt binary is
 * reachable): about 70 s of one core, its C in one file. After `npm ci --ignore-scripts` (.ci/run)
 * it is missing, and the run compiles it as a job of its own beside the build, the checks and the
 * PostgreSQL jobs; a job that opens SQLite waits for it.
 */
const SQLITE_ADDON = join(ROOT, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');

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
const given = files.map((file) => relative(ROOT, resolve(file)));
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
// Seeded databases are made once per run and copied per suite (test/support/databases.ts): this
// run's templates, removed at its end.
const runId = randomBytes(4).toString('hex');
const templates = mkdtempSync(join(scratchRoot(), 'estate-templates-'));
process.env.ESTATE_TEST_RUN = runId;
process.env.ESTATE_TEST_TEMPLATES = templates;
// The jobs' temporary files (their SQLite databases, browser profiles, exports) beside them: SQLite
// writes every committed page to its WAL with a system call, which costs less into memory.
// Open to every user as /tmp is (sticky): a test runs a throwaway PostgreSQL server as postgres.
const scratch = join(templates, 'tmp');
mkdirSync(scratch);
chmodSync(templates, 0o755);
chmodSync(scratch, 0o1777);
process.env.TMPDIR = scratch;
// Node.js 22 and later keep each module's compiled code here, for every job and the `estate`
// commands the jobs run: loading the app after the first time costs about 15% less CPU (Node 20
// ignores it). In the checkout, not in a shared temporary directory.
process.env.NODE_COMPILE_CACHE ??= join(ROOT, 'node_modules', '.cache', 'estate-tests', 'compile');
const results = [];
const tierTimes = new Map();
const started = performance.now();

/**
 * The running jobs' process groups: a job that outlives JOB_MINUTES is ended with its children (a
 * browser, a server), and so are all when the runner is interrupted.
 */
const running = new Set();
const JOB_MINUTES = 20;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of running) endGroup(child);
    process.exit(130);
  });

const addon = compileAddon();
if (tiers.includes('build')) {
  // npm ci has just built through prepare: the same inputs need no second build.
  if (builtFromCurrentInputs()) console.log('build: dist/ was built from the files as they are (dist/.inputs)');
  else await runTier('build', [command('build', 'npm', ['run', '--silent', 'build'])], 1);
}
const timedFiles = tiers.includes('timed')
  ? given.length > 0
    ? given.filter((f) => tierOf(f) === 'timed')
    : listed().filter((file) => tierOf(file) === 'timed')
  : [];
// The timed tests measure stalls as CPU time where Linux reports a thread's (test/support/probe.ts),
// and share the pool; elsewhere they measure wall-clock time, alone, after the others.
const stallsByCpu =
  timedFiles.length === 0 ||
  (await import(pathToFileURL(join(ROOT, 'dist/test/support/probe.js')).href)).SCHEDSTAT !== undefined;
const parallel = [
  ...(tiers.includes('check') ? checkJobs() : []),
  // Every template, when every timed file runs; one given timed file makes the one it copies.
  ...(timedFiles.length > 0 && given.length === 0 ? templateJobs() : []),
  ...(tiers.includes('main')
    ? testJobs(
        given.length > 0
          ? given.filter((f) => tierOf(f) === 'main')
          : listed().filter((file) => tierOf(file) === 'main'),
        { grouped: true },
      )
    : []),
  ...(stallsByCpu ? testJobs(timedFiles, { grouped: false }).map((job) => ({ ...job, tier: 'timed' })) : []),
];
if (parallel.length > 0)
  await runTier(
    ['main', 'timed', 'check'].find((tier) => tiers.includes(tier)),
    parallel,
    concurrency,
  );
if (!stallsByCpu) await runTier('timed', testJobs(timedFiles, { grouped: false }), 1);
await addon.compiled;
await removeTemplates();
report();

/**
 * Compiles better-sqlite3's addon when it is missing and a tier will open SQLite (a job of the
 * `native` tier, started at once); `done` says whether the jobs that need it may start.
 */
function compileAddon() {
  const needed =
    databases.includes('sqlite') &&
    tiers.some((tier) => tier === 'main' || tier === 'timed') &&
    !existsSync(SQLITE_ADDON);
  if (!needed) return { done: true, compiled: Promise.resolve() };
  const job = command('better-sqlite3: its native addon, compiled', 'npm', ['rebuild', 'better-sqlite3']);
  const start = performance.now();
  const state = { done: false, compiled: undefined };
  state.compiled = run(job).then((result) => {
    results.push({ ...result, tier: 'native', end: performance.now() });
    tierTimes.set('native', { seconds: (performance.now() - start) / 1000, jobs: 1 });
    state.done = true;
  });
  return state;
}

/** Whether a job opens SQLite: it then waits for the addon. */
function opensSqlite(job) {
  return job.env.TEST_DATABASES?.split(',').includes('sqlite') ?? false;
}

async function removeTemplates() {
  rmSync(templates, { recursive: true, force: true });
  if (!process.env.TEST_DATABASE_URL) return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `estate_seeded_${runId}_%`,
    ]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Where a run keeps its templates and its jobs' temporary files: the machine's shared memory when
 * it has some (/dev/shm, a tmpfs on Linux), else the system's temporary directory.
 */
function scratchRoot() {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return statSync('/dev/shm').isDirectory() ? '/dev/shm' : tmpdir();
  } catch {
    return tmpdir();
  }
}

/** The test files under test/ (support/ and fixtures/ hold none), in path order. */
function listed() {
  return readdirSync(join(ROOT, 'test'), { recursive: true })
    .map((name) => `test/${String(name).split(sep).join('/')}`)
    .filter((file) => file.endsWith('.test.ts'))
    .sort();
}

/** A stall-measuring test is named *.timed.test.ts; every other test file is of the main tier. */
function tierOf(file) {
  if (!/^test\/([a-z0-9-]+\/)*[a-z0-9-]+(\.timed)?\.test\.ts$/.test(file))
    fail(`${file}: not a test file (test/**/*.test.ts)`);
  return file.endsWith('.timed.test.ts') ? 'timed' : 'main';
}

/**
 * A file whose suites are per database runs once per database, with TEST_DATABASES naming it;
 * another runs once, where both are configured (test/support/harness.ts). A file expected to take
 * less than GROUP_SECONDS / 2 shares a process with others of the same database(s), up to
 * GROUP_SECONDS in all: starting a process, tsx and the app's modules cost more than most files'
 * own tests. A timed file, and a file that says so, runs in a process of its own.
 */
function testJobs(paths, { grouped }) {
  const units = paths.flatMap((file) => {
    const source = readFileSync(join(ROOT, file), 'utf8');
    const perDatabase = /describeEachDatabase\(|\bDIALECTS\b/.test(source);
    const alone = !grouped || OWN_PROCESS.test(source);
    const runs = perDatabase ? databases.map((database) => [database]) : [databases];
    return runs.map((covered) => {
      const name = `${file} [${covered.join(', ')}]`;
      return { file, name, covered: covered.join(','), alone, seconds: times[name] ?? UNKNOWN_SECONDS };
    });
  });
  const jobs = [];
  const groups = new Map();
  for (const unit of [...units].sort((a, b) => b.seconds - a.seconds)) {
    if (unit.alone || unit.seconds >= GROUP_SECONDS / 2) {
      jobs.push(testJob(unit.name, [unit], compiled(unit.file), unit.covered));
      continue;
    }
    const open = groups.get(unit.covered) ?? [];
    groups.set(unit.covered, open);
    const group = open.find((candidate) => candidate.seconds + unit.seconds <= GROUP_SECONDS);
    if (group) {
      group.units.push(unit);
      group.seconds += unit.seconds;
    } else open.push({ units: [unit], seconds: unit.seconds });
  }
  for (const [covered, open] of groups)
    open.forEach(({ units: members }, index) => {
      const entry = join(templates, `group-${covered.replace(',', '-')}-${index + 1}.mjs`);
      const imports = members.map(
        (unit) => `import ${JSON.stringify(pathToFileURL(join(ROOT, compiled(unit.file))).href)};`,
      );
      writeFileSync(entry, `${imports.join('\n')}\n`);
      const files = members.map((unit) => unit.file.replace(/^test\//, '')).join(' ');
      jobs.push(testJob(`[${covered.replace(',', ', ')}] ${files}`, members, entry, covered));
    });
  return jobs;
}

/** A test file's compiled JavaScript, which the build tier writes. */
function compiled(file) {
  return join('dist', file.replace(/\.ts$/, '.js'));
}

/** A process of Node's test runner over a test file, or over an entry importing several. */
function testJob(name, units, entry, covered) {
  return {
    ...command(name, process.execPath, [...NODE_TEST, entry]),
    env: { TEST_DATABASES: covered },
    test: true,
    units,
  };
}

function checkJobs() {
  return [
    command('lint', 'npm', ['run', '--silent', 'lint']),
    // One thread each: the pool keeps both cores busy already, and threads of its own cost TypeScript
    // 7 twice the CPU time here.
    command('type-check: server, tests, benchmarks, scripts', process.execPath, [
      'scripts/tsc.mjs',
      '-p',
      'tsconfig.test.json',
      '--singleThreaded',
    ]),
    command('type-check: console', process.execPath, ['scripts/tsc.mjs', '-p', 'ui/tsconfig.json', '--singleThreaded']),
  ].map((job) => ({ ...job, tier: 'check' }));
}

/**
 * The seeded workspaces the timed tests copy (100,000 servers), made by a job per database: it
 * starts among the first, so the timed jobs find them made (a job that asks before waits for the
 * maker, test/support/databases.ts).
 */
function templateJobs() {
  return databases.map((database) => ({
    ...command(`seeded templates for the timed tests [${database}]`, process.execPath, [
      'dist/test/support/prepare-templates.js',
    ]),
    env: { TEST_DATABASES: database },
    seconds: 60,
  }));
}

function command(name, program, args) {
  return { name, program, args, env: {}, test: false };
}

/**
 * A job's expected seconds: its files', else what it says of itself (the templates: early, before
 * the jobs that copy them), else its own last time; unknown ones count as long.
 */
function expectedOf(job) {
  return job.units ? job.units.reduce((sum, unit) => sum + unit.seconds, 0) : (job.seconds ?? times[job.name] ?? 60);
}

async function runTier(tier, jobs, width) {
  if (jobs.length === 0) fail(`the ${tier} tier has no jobs: no test file found`);
  const start = performance.now();
  // The longest known first, so that no long job starts last; unknown ones count as long.
  const queue = [...jobs].sort((a, b) => expectedOf(b) - expectedOf(a));
  // The first that may start: a job opening SQLite waits for its addon.
  const next = () => {
    const index = queue.findIndex((job) => addon.done || !opensSqlite(job));
    return index < 0 ? undefined : queue.splice(index, 1)[0];
  };
  const workers = Array.from({ length: Math.min(width, queue.length) }, async () => {
    while (queue.length > 0) {
      const job = next();
      if (!job) {
        await addon.compiled;
        continue;
      }
      results.push({ ...(await run(job)), tier: job.tier ?? tier, end: performance.now() });
    }
  });
  await Promise.all(workers);
  // The check tier's jobs share the main tier's pool: each tier's time runs to its last job's end.
  for (const name of new Set(jobs.map((job) => job.tier ?? tier))) {
    const own = results.filter(
      (result) => (result.tier ?? tier) === name && jobs.some((job) => job.name === result.name),
    );
    const end = Math.max(...own.map((result) => result.end));
    tierTimes.set(name, { seconds: (end - start) / 1000, jobs: own.length });
  }
}

function endGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

function run(job) {
  const start = performance.now();
  return new Promise((resolve) => {
    // Through bash, whose `times` gives the CPU of the job and every process it waited for (its
    // browsers and `estate` commands; not PostgreSQL's backends), on a fourth pipe.
    const child = spawn('bash', ['-c', CPU_OF, 'job', job.program, ...job.args], {
      cwd: ROOT,
      env: { ...process.env, ...job.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    let cpuText = '';
    child.stdio[3].on('data', (chunk) => {
      cpuText += chunk;
    });
    running.add(child);
    const timer = setTimeout(() => {
      output.push(Buffer.from(`\n${job.name}: still running after ${JOB_MINUTES} minutes, ended\n`));
      endGroup(child);
    }, JOB_MINUTES * 60_000);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      const seconds = (performance.now() - start) / 1000;
      const cpu = cpuSeconds(cpuText);
      const text = Buffer.concat(output).toString('utf8');
      // node --test exits 0 when it ran nothing: a test job must have run at least one test.
      const ran = !job.test || !/^ℹ tests 0$/m.test(text);
      const ok = code === 0 && ran;
      const took = `${seconds.toFixed(1)} s, CPU ${cpu.toFixed(1)} s`;
      process.stdout.write(`\n── ${ok ? 'ok' : 'FAILED'} ${job.name} (${took})\n${text.replace(/\n?$/, '\n')}`);
      if (!ran) process.stdout.write(`${job.name}: no test ran\n`);
      if (signal) process.stdout.write(`${job.name}: ended by ${signal}\n`);
      resolve({ name: job.name, ok, seconds, cpu, units: job.units, failures: ok ? '' : failuresOf(text) });
    });
  });
}

/**
 * What the spec reporter lists under "failing tests", shortened: the report at the end names each
 * failed test and its error, where a log cut to its tail still shows them.
 */
function failuresOf(text) {
  const at = text.lastIndexOf('✖ failing tests:');
  const lines = (at >= 0 ? text.slice(at) : text.slice(-4000)).split('\n').filter((line) => line.trim() !== '');
  return lines
    .slice(0, 40)
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line))
    .join('\n');
}

/** The children's user and system time from bash's `times` (its second line: `0m1.234s 0m0.567s`). */
function cpuSeconds(text) {
  const line = text.trim().split('\n')[1] ?? '';
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0);
}

function report() {
  const total = (performance.now() - started) / 1000;
  const failed = results.filter((result) => !result.ok);
  const lines = ['', 'tier    jobs   time'];
  for (const [tier, { seconds, jobs }] of tierTimes)
    lines.push(`${tier.padEnd(6)} ${String(jobs).padStart(5)} ${minutes(seconds).padStart(7)}`);
  const cpu = results.reduce((sum, result) => sum + result.cpu, 0);
  lines.push(`all          ${minutes(total).padStart(7)}   CPU ${minutes(cpu)} in the jobs`, '', 'slowest jobs:');
  for (const result of [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 5))
    lines.push(`  ${minutes(result.seconds).padStart(7)}  ${result.name}`);
  lines.push('', 'most CPU:');
  for (const result of [...results].sort((a, b) => b.cpu - a.cpu).slice(0, 5))
    lines.push(`  ${minutes(result.cpu).padStart(7)}  ${result.name}`);
  if (failed.length > 0)
    lines.push(
      '',
      `FAILED (${failed.length}):`,
      ...failed.flatMap((result) => [`  ${result.name}`, ...result.failures.split('\n').map((line) => `    ${line}`)]),
    );
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
  const read = (file) => {
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return {};
    }
  };
  return { ...read(COMMITTED_TIMES), ...read(TIMES_FILE) };
}

/** Each file's share of its process's time (a group's, in proportion to what was expected of each). */
function saveTimes() {
  for (const { name, seconds, units } of results) {
    if (!units) times[name] = Math.round(seconds * 10) / 10;
    const expected = (units ?? []).reduce((sum, unit) => sum + unit.seconds, 0);
    for (const unit of units ?? []) times[unit.name] = Math.round((seconds * unit.seconds * 10) / expected) / 10;
  }
  mkdirSync(dirname(TIMES_FILE), { recursive: true });
  writeFileSync(TIMES_FILE, `${JSON.stringify(times, null, 1)}\n`);
}

function fail(message) {
  console.error(`test: ${message}`);
  process.exit(2);
}
