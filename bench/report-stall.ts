/**
 * Does a large agent report stall the service (issue 9)? Two workers send 5,000-entry reports
 * back to back (each report changes a tenth of its software) for BENCH_SECONDS while a probe
 * sends GET /public/v1/me every 20 ms; reports p50/p99/max of the probe, first without reports,
 * then with them. Target: /me p99 under 50 ms while reports arrive.
 *
 *   npm run bench:report-stall
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:report-stall
 */
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { enrollAgent } from '../src/agents/agents.service.js';
import { fmt, forEachBenchDialect, intEnv, percentile, startApp } from './common.js';

const SECONDS = intEnv('BENCH_SECONDS', 10);
const ENTRIES = intEnv('BENCH_ENTRIES', 5000);
const WORKERS = intEnv('BENCH_WORKERS', 2);

/** Pre-serialised reports, so that building them does not block the shared event loop during the run. */
function reportBodies(hostname: string): string[] {
  return Array.from({ length: 4 }, (_, variant) =>
    JSON.stringify({
      host: { hostname, kind: 'server', os: 'Debian GNU/Linux' },
      software: Array.from({ length: ENTRIES }, (_, i) => ({
        name: `package-${i}`,
        vendor: `vendor-${i % 50}`,
        version: i % 10 === variant ? `2.${variant}` : '1.0',
      })),
    }),
  );
}

async function probe(base: string, key: string, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const res = await fetch(`${base}/public/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    await sleep(20);
  }
  return latencies.sort((a, b) => a - b);
}

const line = (label: string, sorted: number[]) =>
  `${label}: /me p50 ${fmt(percentile(sorted, 0.5), 1)} ms, p99 ${fmt(percentile(sorted, 0.99), 1)} ms, max ${fmt(sorted.at(-1) ?? 0, 1)} ms (${sorted.length} probes)`;

/** The report senders run in a child process, so that sending never shares the server's event loop. */
if (process.env.STALL_SENDER) {
  const { base, tokens, seconds } = JSON.parse(process.env.STALL_SENDER) as {
    base: string;
    tokens: string[];
    seconds: number;
  };
  const bodies = tokens.map((_, i) => reportBodies(`stall-${i}`));
  const end = performance.now() + seconds * 1000;
  let reports = 0;
  const times: number[] = [];
  await Promise.all(
    tokens.map(async (token, i) => {
      for (let n = 0; performance.now() < end; n += 1) {
        const started = performance.now();
        const res = await fetch(`${base}/agent/v1/report`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: bodies[i]![n % 4]!,
        });
        await res.arrayBuffer();
        if (res.ok) reports += 1;
        times.push(performance.now() - started);
      }
    }),
  );
  process.send!({
    reports,
    median: percentile(
      times.sort((a, b) => a - b),
      0.5,
    ),
  });
  process.exit(0);
}

await forEachBenchDialect(async ({ dialect, database, workspace, key }) => {
  {
    const { app, base } = await startApp(database);
    const agents = await Promise.all(
      Array.from({ length: WORKERS }, (_, i) =>
        enrollAgent(database, { workspaceId: workspace.id, name: `stall ${i}` }),
      ),
    );
    console.log(line(`${dialect} idle`, await probe(base, key.secret, 2)));
    const sender = fork(fileURLToPath(import.meta.url), [], {
      execArgv: process.execArgv,
      env: {
        ...process.env,
        STALL_SENDER: JSON.stringify({ base, tokens: agents.map((a) => a.token), seconds: SECONDS }),
      },
    });
    const sent = new Promise<{ reports: number; median: number }>((resolve) =>
      sender.once('message', (m) => resolve(m as { reports: number; median: number })),
    );
    await sleep(1500); // the child builds its report bodies first
    const sorted = await probe(base, key.secret, SECONDS - 2);
    const { reports, median } = await sent;
    console.log(
      `${line(`${dialect} with ${ENTRIES}-entry reports`, sorted)}; ${fmt(reports / SECONDS, 1)} reports/s, report p50 ${fmt(median, 0)} ms`,
    );
    await app.close();
  }
});
