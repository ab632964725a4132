/**
 * The benchmarks' one entry point: `npm run bench -- <scenario> [options]` (bench/README.md). Runs the
 * scenario on each database asked for, then prints its summary tables and writes the full results to
 * bench/results/.
 */
import { parseArgs } from 'node:util';
import {
  type Bench,
  type Dialect,
  type Outcome,
  type Scenario,
  type Settings,
  type Table,
  saveResults,
} from './harness.js';

const SCENARIOS: Record<string, () => Promise<{ scenario: Scenario }>> = {
  servers: () => import('./servers.js'),
  contended: () => import('./contended.js'),
  agents: () => import('./agents.js'),
  insights: () => import('./insights.js'),
  scale: () => import('./scale.js'),
  'import-servers': () => import('./import-servers.js'),
  'import-presets': () => import('./import-presets.js'),
  'export-servers': () => import('./export-servers.js'),
  inventory: () => import('./inventory.js'),
  'custom-fields': () => import('./custom-fields.js'),
  console: () => import('./console.js'),
};

const USAGE = `usage: npm run bench -- <${Object.keys(SCENARIOS).join('|')}> [options]
  --db sqlite,postgres   databases to run on (default sqlite)
  --pg-url URL           PostgreSQL server to create throwaway databases on
                         (default BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)
  --quick                small sizes and short runs: checks that the scenario works
  --size N               servers seeded (agents: agents enrolled; contended: cold applications)
  --sizes N,N            scale: the seed sizes compared
  --seconds N  --connections N  --rounds N  --iterations N
  --only TEXT            scale: only the requests whose label contains TEXT`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string', default: 'sqlite' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    quick: { type: 'boolean', default: false },
    size: { type: 'string' },
    sizes: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string' },
    rounds: { type: 'string' },
    iterations: { type: 'string' },
    only: { type: 'string' },
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

const { scenario } = await SCENARIOS[name]!();
const given = Object.fromEntries(
  (['size', 'seconds', 'connections', 'rounds', 'iterations'] as const)
    .filter((key) => values[key] !== undefined)
    .map((key) => [key, integer(values[key]!)]),
);
const settings: Settings = {
  ...{ size: 10_000, sizes: [], seconds: 10, connections: 50, rounds: 1, iterations: 20 },
  ...scenario.defaults(values.quick),
  ...given,
  ...(values.sizes ? { sizes: values.sizes.split(',').map(integer) } : {}),
  quick: values.quick,
  only: values.only,
};
const dialects = values.db.split(',').map((db) => db.trim()) as Dialect[];
if (dialects.some((dialect) => dialect !== 'sqlite' && dialect !== 'postgres'))
  throw new Error('--db takes sqlite, postgres or both');

console.log(`${scenario.title}: ${dialects.join(' + ')}; ${JSON.stringify(settings)}; Node ${process.version}`);
const outcomes: (Outcome & { dialect: Dialect })[] = [];
for (const dialect of dialects) {
  console.log(`\n=== ${dialect} ===`);
  const bench: Bench = { dialect, settings, pgUrl: values['pg-url'] };
  outcomes.push({ dialect, ...(await scenario.run(bench)) });
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
for (const table of tables.values()) {
  console.log(`\n${table.title}\n\n| ${table.columns.join(' | ')} |\n|${table.columns.map(() => '---|').join('')}`);
  for (const row of table.rows) console.log(`| ${row.join(' | ')} |`);
}
for (const { dialect, notes } of outcomes) for (const note of notes) console.log(`- ${dialect}: ${note}`);
console.log(`\nresults: ${saveResults(name, { scenario: name, date: new Date().toISOString(), settings, outcomes })}`);
if (outcomes.some((outcome) => outcome.failed)) process.exitCode = 1;
