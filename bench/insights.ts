/**
 * Dashboards and diagrams on a seeded workspace: each dashboard and diagram of
 * /openapi.json timed sequentially through app.inject (JSON, and SVG for diagrams). Then the stall check:
 * the heaviest diagrams and a network's hosts asked over HTTP one at a time while another process asks
 * /healthz every 10 ms; the probe's longest wait and this process's event-loop delay say whether the
 * service kept answering.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import {
  type Scenario,
  child,
  eventLoopDelay,
  fmt,
  percentile,
  seed,
  startApp,
  timed,
  withWorkspace,
} from './harness.js';

const TARGETS = { jsonP50Ms: 200, probeMaxMs: 100, loopDelayMs: 50 };

export const scenario: Scenario = {
  title: 'Dashboards and diagrams',
  defaults: (quick) => ({
    size: quick ? 2000 : 100_000,
    iterations: quick ? 3 : 20,
  }),
  run: (bench) =>
    withWorkspace(bench, async (workspace) => {
      const { database, auth } = workspace;
      const { size, iterations } = bench.settings;
      await seed(workspace, size);
      const { app, base } = await startApp(database);
      try {
        const notes: string[] = [];
        const spec = (await app.inject({ url: '/openapi.json' })).json();
        const paths = Object.keys(spec.paths).filter((path) =>
          /^\/public\/v1\/(dashboards|diagrams)\/[^{]+$/.test(path),
        );
        const get = async (url: string) => {
          const response = await app.inject({ url, headers: auth });
          if (response.statusCode !== 200)
            throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          return response.body.length;
        };
        const rows: string[][] = [];
        for (const path of paths) {
          const json = await timed(() => get(path), 3, iterations);
          const svg = path.includes('/diagrams/')
            ? await timed(() => get(`${path}?format=svg`), 1, iterations)
            : undefined;
          const ok = json.p50 < TARGETS.jsonP50Ms ? 'ok' : '**miss**';
          const kb = fmt(json.last / 1024, 0);
          rows.push([path.slice(11), fmt(json.p50), fmt(json.p99), `${kb} KB`, svg ? fmt(svg.p50) : '–', ok]);
          console.log(`    ${rows.at(-1)!.join('  ')}`);
        }

        console.log('  stall: /healthz every 10 ms from another process during each request');
        const network = (await app.inject({ url: '/public/v1/networks?limit=1&sort=cidr', headers: auth })).json();
        const heavy: [string, string][] = [
          ['flow-mapping JSON, limit 2000', '/public/v1/diagrams/flow-mapping?limit=2000'],
          ['flow-mapping SVG, limit 2000', '/public/v1/diagrams/flow-mapping?limit=2000&format=svg'],
          ['network-mapping JSON, limit 2000', '/public/v1/diagrams/network-mapping?limit=2000'],
          ['network-mapping SVG, limit 2000', '/public/v1/diagrams/network-mapping?limit=2000&format=svg'],
          ['networks/{id}/hosts', `/public/v1/networks/${network.data[0]?.id}/hosts`],
        ];
        const fetchBody = async (path: string) => {
          const response = await fetch(base + path, { headers: auth });
          await response.arrayBuffer();
          return response.status;
        };
        for (const [, path] of heavy) await fetchBody(path); // connections, statements, render workers
        const stall: string[][] = [];
        for (const [label, path] of heavy) {
          const probe = child({ kind: 'probe', url: `${base}/healthz`, headers: {}, everyMs: 10 });
          await sleep(300);
          const delay = eventLoopDelay();
          const started = performance.now();
          const status = await fetchBody(path);
          const ms = performance.now() - started;
          await sleep(50); // the histogram records a delay when its next timer fires
          const loopMax = delay.stop();
          probe.stop();
          const waits = (await probe.result).waits!.sort((a, b) => a - b);
          const probeMax = percentile(waits, 1);
          const ok = probeMax < TARGETS.probeMaxMs && loopMax < TARGETS.loopDelayMs ? 'ok' : '**miss**';
          stall.push([label, String(status), fmt(ms, 0), fmt(probeMax, 0), fmt(loopMax, 0), ok]);
          console.log(`    ${stall.at(-1)!.join('  ')}`);
        }
        notes.push(
          `stall targets: /healthz under ${TARGETS.probeMaxMs} ms, event-loop delay under ${TARGETS.loopDelayMs} ms`,
        );
        return {
          notes,
          tables: [
            {
              title: `${size.toLocaleString('en')} servers, sequential (p50 / p99 of ${iterations}, ms)`,
              columns: ['endpoint', 'JSON p50', 'JSON p99', 'JSON size', 'SVG p50', `p50 < ${TARGETS.jsonP50Ms} ms`],
              rows,
            },
            {
              title: `Stall at ${size.toLocaleString('en')} servers (ms)`,
              columns: ['request', 'status', 'time', '/healthz max', 'event-loop delay max', 'target'],
              rows: stall,
            },
          ],
        };
      } finally {
        await app.close();
      }
    }),
};
