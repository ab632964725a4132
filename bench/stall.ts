/**
 * Does one heavy request stall the service (issue 29)? Seeds BENCH_SERVERS servers (default
 * 10,000), then sends, one at a time, the flow-mapping and network-mapping diagrams at their
 * largest limit (JSON and SVG) and GET /networks/{id}/hosts of the seed's busiest network, while a
 * probe in another process asks GET /healthz every 10 ms. Prints each request's time and status,
 * the probes' longest wait during it and the server's event-loop delay max
 * (perf_hooks.monitorEventLoopDelay). Target: no probe waits over 100 ms, no delay over 50 ms.
 *
 *   npm run bench:stall
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:stall
 */
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { seedWorkspace } from '../src/seed/seed.js';
import { eventLoopDelay, fmt, forEachBenchDialect, intEnv, percentile, startApp } from './common.js';

const SERVERS = intEnv('BENCH_SERVERS', 10_000);
const PROBE_EVERY_MS = 10;

/** The probe: a child process asking /healthz until told to stop, then sending its waits. */
if (process.env.STALL_PROBE) {
  const base = process.env.STALL_PROBE;
  let running = true;
  process.on('message', () => (running = false));
  const waits: number[] = [];
  process.send!('ready');
  while (running) {
    const started = performance.now();
    const response = await fetch(`${base}/healthz`);
    await response.arrayBuffer();
    waits.push(performance.now() - started);
    await sleep(PROBE_EVERY_MS);
  }
  process.send!(waits);
  process.exit(0);
}

/** Runs `request` while the probe polls /healthz; its time, status, and the probes' and the loop's worst. */
async function underProbe(base: string, request: () => Promise<{ status: number; bytes: number }>) {
  const probe = fork(fileURLToPath(import.meta.url), [], {
    execArgv: process.execArgv,
    env: { ...process.env, STALL_PROBE: base },
  });
  await new Promise((resolve) => probe.once('message', resolve));
  await sleep(100);
  const delay = eventLoopDelay();
  const started = performance.now();
  const { status, bytes } = await request();
  const ms = performance.now() - started;
  // The histogram takes a delay when its timer fires after it: one more turn of the loop.
  await sleep(50);
  const loopMaxMs = delay.stop();
  const waits = new Promise<number[]>((resolve) => probe.once('message', (message) => resolve(message as number[])));
  probe.send('stop');
  const sorted = (await waits).sort((a, b) => a - b);
  return {
    ms,
    status,
    bytes,
    probes: sorted.length,
    probeP50: percentile(sorted, 0.5),
    probeMax: sorted.at(-1) ?? 0,
    loopMaxMs,
  };
}

const rows: string[] = [];

await forEachBenchDialect(async ({ dialect, database, workspace, key }) => {
  const seeding = performance.now();
  const created = await seedWorkspace(database, { workspaceId: workspace.id, size: SERVERS });
  console.log(
    `${dialect}: seeded ${created.servers} servers, ${created.applications} applications, ${created.flows} flows, ${created.networks} networks in ${fmt((performance.now() - seeding) / 1000, 1)} s`,
  );
  const { app, base } = await startApp(database);
  const headers = { authorization: `Bearer ${key.secret}` };
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers });
    return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
  };
  const networks = (await (await fetch(`${base}/public/v1/networks?limit=1&sort=cidr`, { headers })).json()) as {
    data: { id: string }[];
  };
  const requests: [string, string][] = [
    ['flow-mapping JSON, limit 2000', '/public/v1/diagrams/flow-mapping?limit=2000'],
    ['flow-mapping SVG, limit 2000', '/public/v1/diagrams/flow-mapping?limit=2000&format=svg'],
    ['network-mapping JSON, limit 2000', '/public/v1/diagrams/network-mapping?limit=2000'],
    ['network-mapping SVG, limit 2000', '/public/v1/diagrams/network-mapping?limit=2000&format=svg'],
    ['networks/{id}/hosts', `/public/v1/networks/${networks.data[0]!.id}/hosts`],
  ];
  // Warm-up: connections, prepared statements, the render workers.
  for (const [, path] of requests) await get(path);
  for (const [label, path] of requests) {
    const r = await underProbe(base, () => get(path));
    rows.push(
      `| ${dialect} | ${label} | ${r.status} | ${fmt(r.ms, 0)} | ${fmt(r.bytes / 1024, 0)} KB | ${r.probes} | ${fmt(r.probeP50, 1)} | ${fmt(r.probeMax, 1)} | ${fmt(r.loopMaxMs, 1)} |`,
    );
    console.log(rows.at(-1));
  }
  await app.close();
});

console.log(
  `\n## Stall: ${SERVERS.toLocaleString('en')} servers, /healthz probed every ${PROBE_EVERY_MS} ms from another process\n`,
);
console.log(
  '| database | request | status | ms | size | probes | probe p50 ms | probe max ms | event-loop delay max ms |',
);
console.log('|---|---|--:|--:|--:|--:|--:|--:|--:|');
for (const row of rows) console.log(row);
