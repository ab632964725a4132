/**
 * Dashboards and diagrams at scale (issue 11): seeds a workspace with BENCH_SERVERS servers
 * (`estate seed --size N`) and times each of the six dashboards and six diagrams, as JSON and, for
 * diagrams, as SVG: sequential requests through app.inject, BENCH_ITERATIONS timed after 3
 * warm-ups, p50 and p99. Target: JSON p50 under 200 ms at 100,000 servers on both databases.
 *
 *   npm run bench:insights
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:insights
 *   BENCH_SERVERS=10000 npm run bench:insights        # a quick run
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/http/app.js';
import { DASHBOARDS } from '../src/dashboards/dashboards.routes.js';
import { DIAGRAMS } from '../src/diagrams/diagrams.routes.js';
import { seedWorkspace } from '../src/seed/seed.js';
import { fmt, forEachBenchDialect, intEnv, percentile } from './common.js';

const SERVERS = intEnv('BENCH_SERVERS', 100_000);
const ITERATIONS = intEnv('BENCH_ITERATIONS', 20);
const TARGET_MS = 200;

const rows: string[] = [];

await forEachBenchDialect(async ({ dialect, database, workspace, key }) => {
  const seeding = performance.now();
  const created = await seedWorkspace(database, { workspaceId: workspace.id, size: SERVERS });
  console.log(
    `${dialect}: seeded ${created.servers} servers, ${created.workstations} workstations, ${created.applications} applications, ${created.flows} flows, ${created.auditEvents} audit events in ${fmt((performance.now() - seeding) / 1000, 1)} s`,
  );
  const app = await buildApp({ database, logger: false });
  const time = async (url: string, accept?: string) => {
    const headers = { authorization: `Bearer ${key.secret}`, ...(accept ? { accept } : {}) };
    const call = async () => {
      const response = await app.inject({ method: 'GET', url, headers });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      return response.body.length;
    };
    for (let i = 0; i < 3; i++) await call();
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < ITERATIONS; i++) {
      const started = performance.now();
      bytes = await call();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), bytes };
  };
  for (const dashboard of DASHBOARDS) {
    const json = await time(`/public/v1/dashboards/${dashboard.name}`);
    rows.push(
      `| ${dialect} | dashboards/${dashboard.name} | ${fmt(json.p50, 1)} | ${fmt(json.p99, 1)} | ${fmt(json.bytes / 1024, 0)} KB | — | ${json.p50 < TARGET_MS ? 'ok' : 'SLOW'} |`,
    );
    console.log(rows.at(-1));
  }
  for (const diagram of DIAGRAMS) {
    const json = await time(`/public/v1/diagrams/${diagram.name}`);
    const svg = await time(`/public/v1/diagrams/${diagram.name}`, 'image/svg+xml');
    rows.push(
      `| ${dialect} | diagrams/${diagram.name} | ${fmt(json.p50, 1)} | ${fmt(json.p99, 1)} | ${fmt(json.bytes / 1024, 0)} KB | ${fmt(svg.p50, 1)} | ${json.p50 < TARGET_MS ? 'ok' : 'SLOW'} |`,
    );
    console.log(rows.at(-1));
  }
  await app.close();
});

console.log(`\n## Dashboards and diagrams at ${SERVERS.toLocaleString('en')} servers (p50 target ${TARGET_MS} ms)\n`);
console.log('| database | endpoint | JSON p50 ms | JSON p99 ms | JSON size | SVG p50 ms | target |');
console.log('|---|---|--:|--:|--:|--:|---|');
for (const row of rows) console.log(row);
