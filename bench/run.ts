// The benchmarks' one entry point: `npm run bench -- <scenario> [options]` (bench/README.md). Runs the scenario
// on each database asked for, then prints its summary tables and writes the full results to bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULTS, type Dialect, type Report, type Scenario, type Settings, type Table } from './harness.js';

const SCENARIOS: Record<string, () => Promise<Scenario>> = {
  servers: async () => (await import('./servers.js')).scenario,
  uncached: async () => (await import('./uncached.js')).scenario,
  contended: async () => (await import('./contended.js')).scenario,
  agents: async () => (await import('./agents.js')).scenario,
  insights: async () => (await import('./insights.js')).scenario,
  scale: async () => (await import('./scale.js')).scenario,
  'import-servers': async () => (await import('./transfer.js')).importServers,
  'import-presets': async () => (await import('./transfer.js')).importPresets,
  'export-servers': async () => (await import('./transfer.js')).exportServers,
  inventory: async () => (await import('./agents.js')).inventory,
  'custom-fields': async () => (await import('./scale.js')).customFields,
  restricted: async () => (await import('./scale.js')).restricted,
  console: async () => (await import('./console.js')).scenario,
};

const USAGE = `usage: npm run bench -- <${Object.keys(SCENARIOS).join('|')}> [--db sqlite,postgres] [--pg-url URL]
  [--quick] [--size N] [--sizes N,N] [--seconds N] [--connections N] [--rounds N] [--iterations N] [--only TEXT]`;
const text = { type: 'string' } as const;
const numbers = { size: text, seconds: text, connections: text, rounds: text, iterations: text };
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    ...numbers,
    sizes: text,
    only: text,
    db: { type: 'string', default: 'sqlite' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    quick: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const name = positionals[0] ?? '';
if (values.help || !(name in SCENARIOS)) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}

const integer = (text: string) => {
  const value = Number(text.replace(/_/g, ''));
  if (!Number.isInteger(value) || value < 1) throw new Error(`not a positive integer: ${text}`);
  return value;
};

const scenario = await SCENARIOS[name]!();
const { quick, only } = values;
const given = (Object.keys(numbers) as (keyof typeof numbers)[]).flatMap((key) => (values[key] ? [key] : []));
const sizes = values.sizes ? { sizes: values.sizes.split(',').map(integer) } : {};
const numeric = Object.fromEntries(given.map((key) => [key, integer(values[key]!)]));
const settings: Settings = { ...DEFAULTS, ...scenario.defaults(quick), ...numeric, ...sizes, quick, only };
const dialects = values.db.split(',').map((db) => db.trim()) as Dialect[];
if (dialects.some((dialect) => dialect !== 'sqlite' && dialect !== 'postgres'))
  throw new Error('--db takes sqlite, postgres or both');
console.log(`${scenario.title}: ${dialects.join(' + ')}; ${JSON.stringify(settings)}; Node ${process.version}`);
const outcomes: (Report & { dialect: Dialect })[] = [];
for (const dialect of dialects) {
  console.log(`\n=== ${dialect} ===`);
  outcomes.push(Object.assign(await scenario.run({ dialect, settings, pgUrl: values['pg-url'] }), { dialect }));
}

// One table per title, each row prefixed with its database.
const tables = new Map<string, Table>();
for (const { dialect, tables: own } of outcomes)
  for (const table of own) {
    const merged = tables.get(table.title) ?? { ...table, columns: ['db', ...table.columns], rows: [] };
    merged.rows.push(...table.rows.map((row) => [dialect, ...row]));
    tables.set(table.title, merged);
  }
console.log(`\n## ${scenario.title}`);
for (const { title, columns, rows } of tables.values()) {
  console.log(`\n${title}\n\n| ${columns.join(' | ')} |\n|${columns.map(() => '---|').join('')}`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}
for (const { dialect, notes } of outcomes) for (const note of notes) console.log(`- ${dialect}: ${note}`);

const dir = new URL('results/', import.meta.url);
mkdirSync(dir, { recursive: true });
const file = new URL(`${name}-${new Date().toISOString().replace(/:/g, '-').slice(0, 19)}.json`, dir);
const machine = { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model };
const results = { machine, scenario: name, date: new Date().toISOString(), settings, outcomes };
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nresults: ${fileURLToPath(file)}`);
if (outcomes.some((outcome) => outcome.failed)) process.exitCode = 1;
