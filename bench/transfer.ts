// The transfer scenarios: the real `estate` command (bin/estate.js: `npm run build` first) importing or exporting
// on a throwaway database, the whole process timed with its peak memory and CPU time (bench/peak-rss.mjs).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { installed } from '../src/base/paths.js';
import { type Bench, Report, type Scenario, type Workspace, fmt, seed, thousands, withWorkspace } from './harness.js';

const BIN = fileURLToPath(new URL('../bin/estate.js', import.meta.url));
const PEAK_RSS = fileURLToPath(new URL('peak-rss.mjs', import.meta.url));
const loads = () => loadavg().map((load) => load.toFixed(1));
const loadAverage = () => `load average ${loads().join(' / ')} at the end`;
/** `estate ARGS` on the workspace's database: its output, seconds, peak memory and CPU time. */
async function estate(workspace: Workspace, args: string[]) {
  const started = performance.now();
  const env = { ...process.env, DATABASE_URL: workspace.url, LOG_LEVEL: 'silent' };
  const cli = spawn(process.execPath, ['--import', PEAK_RSS, BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = once(cli, 'close') as Promise<[number | null]>;
  const [stdout, stderr, [code]] = await Promise.all([text(cli.stdout), text(cli.stderr), exited]);
  const seconds = (performance.now() - started) / 1000;
  const usage = /peak-rss-kb (\d+) cpu-us (\d+)/.exec(stderr) ?? [0, Number.NaN, Number.NaN];
  return { code, stdout, stderr, seconds, peakRssMb: Number(usage[1]) / 1024, cpuSeconds: Number(usage[2]) / 1e6 };
}

type Body<T> = (workspace: Workspace, file: string) => Promise<T>;
/** `body` on a fresh workspace, with `file` in a temporary directory: line(i) for -1 ≤ i < size, if given. */
async function withFile<T>(bench: Bench, line: ((i: number) => string) | undefined, body: Body<T>) {
  const dir = mkdtempSync(join(tmpdir(), 'estate-bench-transfer-'));
  const file = join(dir, 'file.csv');
  try {
    const out = line && createWriteStream(file);
    for (let i = -1; out && i < bench.settings.size; i += 1) if (!out.write(`${line!(i)}\n`)) await once(out, 'drain');
    if (out) await finished(out.end());
    return await withWorkspace(bench, (workspace) => body(workspace, file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const IMPORT = ['servers', 'created in s', 'estate CPU s', 'peak RSS MB', 'again with --match hostname, s', 'rows/s'];
const PRESETS = ['preset', 'rows', 'seconds', 'peak RSS MB', 'fields defined', 'people recorded', 'columns kept'];
const EXPORT = ['servers', 'seed s', 'export s', 'estate CPU s', 'rows/s', 'file MB', 'peak RSS MB'];
const ENVIRONMENTS = ['production', 'staging', 'test', 'development', 'disaster_recovery'];
const COLUMNS = 'os,osVersion,manufacturer,model,serialNumber,cpuCores,memoryMb,storageGb';
const MACHINES = [
  'Debian GNU/Linux,12,"Dell Inc.",PowerEdge R650',
  'Ubuntu,22.04,"HPE",ProLiant DL380 Gen10',
  'Red Hat Enterprise Linux,9.3,"Lenovo",ThinkSystem SR650',
  'Windows Server,2022,"VMware, Inc.",VMware Virtual Platform',
];

/** Server i of the CSV (i = -1: the header), as a spreadsheet or another inventory's export would have it. */
function server(i: number): string {
  if (i < 0) return `name,hostname,ipAddresses,${COLUMNS},environment,location,description,tags,owners`;
  const name = `srv-${String(i).padStart(6, '0')}`;
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const ip6 = `fd00::${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}`;
  const sizes = `SN${(i * 7919).toString(36).toUpperCase()},${4 << (i % 4)},${8192 << (i % 4)},${100 * (1 + (i % 20))}`;
  return (
    `${name},${name}.dc${i % 3}.acme.internal,${ip};${ip6},${MACHINES[i % 4]},` +
    `${sizes},${ENVIRONMENTS[i % ENVIRONMENTS.length]},"Frankfurt DC${1 + (i % 3)}, rack ${1 + (i % 40)}",` +
    `${i % 10 === 0 ? 'Imported from the old CMDB' : ''},dc${i % 3};tier-${i % 4},bench@example.test`
  );
}

// `npm run bench -- import-servers [--size N]`: `estate import` of a generated CSV of servers into an empty
// workspace, then the same file with --match hostname (every row found, nothing changed).
export const importServers: Scenario = {
  title: 'import-servers',
  defaults: (quick) => ({ size: quick ? 2_000 : 100_000 }),
  run: (bench) =>
    withFile(bench, server, async (workspace, file) => {
      const { size } = bench.settings;
      const args = ['import', '--workspace', workspace.workspaceId, '--family', 'servers', file, '--json'];
      const first = await estate(workspace, args);
      const created: { created?: number } = JSON.parse(first.stdout || '{}');
      // Autovacuum may be off: the planner learns of the new rows before the second import reads them.
      await sql`ANALYZE`.execute(workspace.database.db);
      const again = await estate(workspace, [...args, '--match', 'hostname']);
      const second: { unchanged?: number } = JSON.parse(again.stdout || '{}');
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM audit_events
        WHERE workspace_id = ${workspace.workspaceId} AND resource_type = 'server'`.execute(workspace.database.db);
      const target = { sqlite: 60, postgres: 90 }[bench.dialect];
      const row = [thousands(size), fmt(first.seconds), fmt(first.cpuSeconds), fmt(first.peakRssMb, 0)];
      row.push(fmt(again.seconds), fmt(size / first.seconds, 0));
      const title = 'Import of servers from CSV (estate import, the whole process)';
      const report = new Report().table(title, IMPORT, [row]);
      report.note(
        `${loadAverage()} (the machine's other work shares its cores)`,
        `import of ${thousands(size)} servers: ${fmt(first.seconds)} s ` +
          `(target < ${target} s at 100,000): ${first.seconds < target ? 'met' : 'MISSED'}`,
        `${thousands(Number(rows[0]!.n))} server audit events (a create and three links per server, and the import)`,
      );
      if (first.code !== 0 || created.created !== size || second.unchanged !== size)
        report.fail(`${first.stderr.slice(0, 500)} ${JSON.stringify(created).slice(0, 300)}`);
      report.details = { first: { ...first, stdout: created, stderr: first.stderr.slice(-2000) }, second };
      return report;
    }),
};

type Imported = { created?: number; ignoredColumns?: string[]; fieldsCreated?: unknown[]; peopleCreated?: string[] };
// `npm run bench -- import-presets [--size N]`: NetBox's and Snipe-IT's exports, grown from docs/examples, each
// imported into an empty workspace with --preset and --create-fields, every column and row kept.
export const importPresets: Scenario = {
  title: 'import-presets',
  defaults: (quick) => ({ size: quick ? 2_000 : 100_000 }),
  async run(bench) {
    const { size } = bench.settings;
    const [rows, report] = [[] as string[][], new Report()];
    for (const [preset, people] of [['netbox-devices', false] as const, ['snipeit-assets', true] as const]) {
      const sample = readFileSync(installed('docs', 'examples', `${preset}.csv`), 'utf8');
      const [header, ...lines] = sample.trim().split('\n');
      // The sample's rows again and again, names and tags (web-01, LT-0001) made unique, addresses (2001:db8:…) not.
      const unique = (line: string, i: number) =>
        line.replace(/\b([A-Za-z]+-\d+)\b/g, `$1-${i}`).replace(/([a-z]+)@/g, `$1.${i % 5000}@`);
      const grown = (i: number) => (i < 0 ? header! : unique(lines[i % lines.length]!, i));
      const imported: Body<void> = async (workspace, file) => {
        const args = ['import', '--workspace', workspace.workspaceId, '--preset', preset, file, '--json'];
        const run = await estate(workspace, [...args, '--create-fields', ...(people ? ['--create-people'] : [])]);
        const created: Imported = JSON.parse(run.stdout || '{}');
        // NetBox's ID column is its own id: the one column no preset keeps.
        const lost = (created.ignoredColumns ?? []).filter((column) => column !== 'ID');
        if (run.code !== 0 || created.created !== size || lost.length > 0)
          report.fail(`${preset}: ${run.stderr.slice(0, 400)} ${JSON.stringify(created).slice(0, 400)}`);
        const kept = lost.length === 0 ? 'all' : `lost ${lost.join(', ')}`;
        const recorded = people ? String(created.peopleCreated?.length ?? 0) : '—';
        const defined = String(created.fieldsCreated?.length ?? 0);
        rows.push([preset, thousands(size), fmt(run.seconds), fmt(run.peakRssMb, 0), defined, recorded, kept]);
      };
      await withFile(bench, grown, imported);
    }
    const title = "Another inventory's export, grown from the samples, imported with --create-fields (the whole CLI)";
    return report.table(title, PRESETS, rows);
  },
};

// `npm run bench -- export-servers [--size N]`: `estate export --family servers` of a seeded workspace to a file.
export const exportServers: Scenario = {
  title: 'export-servers',
  defaults: (quick) => ({ size: quick ? 2_000 : 1_000_000 }),
  run: (bench) =>
    withFile(bench, undefined, async (workspace, file) => {
      // seed() analyzes after the bulk write (autovacuum may be off) and settles the database.
      const seeded = await seed(workspace, bench.settings.size);
      const args = ['export', '--workspace', workspace.workspaceId, '--family', 'servers', '--output', file];
      const { code, seconds, peakRssMb, cpuSeconds, stderr } = await estate(workspace, args);
      const rows = Number(/exported (\d+) rows/.exec(stderr)?.[1] ?? Number.NaN);
      const bytes = code === 0 ? statSync(file).size : 0;
      const row = [thousands(rows), fmt(seeded), fmt(seconds), fmt(cpuSeconds), fmt(rows / seconds, 0)];
      row.push(fmt(bytes / 1024 / 1024, 0), fmt(peakRssMb, 0));
      const title = 'Export of servers to CSV (estate export --output, the whole process)';
      const report = new Report().table(title, EXPORT, [row]);
      const met = `(target < 300 MB): ${peakRssMb < 300 ? 'met' : 'MISSED'}`;
      report.note(loadAverage(), `export of ${thousands(rows)} servers: peak RSS ${fmt(peakRssMb, 0)} MB ${met}`);
      if (code !== 0 || !(rows > 0)) report.fail(`exit ${code}: ${stderr.slice(0, 500)}`);
      report.details = { seeded, rows, bytes, seconds, peakRssMb, stderr: stderr.slice(-2000) };
      return report;
    }),
};
