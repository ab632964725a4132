// Dashboards and diagrams on a seeded workspace, each timed sequentially (JSON, and SVG for diagrams); then the
// heaviest while /healthz is probed every 10 ms from another process. `npm run bench -- insights [--size N]`.
import { setTimeout as sleep } from 'node:timers/promises';
import { type Scenario, fmt, inWorkspace, inject, probed, seed, startApp, thousands } from './harness.js';
import { timed, verdict } from './harness.js';

const TARGETS = { jsonP50Ms: 200, probeMaxMs: 100, loopDelayMs: 50 };
const SEQUENTIAL = ['endpoint', 'JSON p50', 'JSON p99', 'JSON size', 'SVG p50', `p50 < ${TARGETS.jsonP50Ms} ms`];
const STALL = ['request', 'status', 'time', '/healthz max', 'event-loop delay max', 'target'];

export const scenario: Scenario = {
  title: 'Dashboards and diagrams',
  defaults: (quick) => ({ size: quick ? 2000 : 100_000, iterations: quick ? 3 : 20 }),
  run: inWorkspace(async (workspace, report, { settings: { size, iterations } }) => {
    const { auth } = workspace;
    const { jsonP50Ms, probeMaxMs, loopDelayMs } = TARGETS;
    await seed(workspace, size);
    const { app, base } = await startApp(workspace);
    const spec = (await inject(app, '/openapi.json', {})).json<{ paths: Record<string, unknown> }>();
    const paths = Object.keys(spec.paths).filter((path) => /^\/public\/v1\/(dashboards|diagrams)\/[^{]+$/.test(path));
    const length = async (url: string) => (await inject(app, url, auth)).body.length;
    const rows: string[][] = [];
    for (const path of paths) {
      const json = await timed(() => length(path), 3, iterations);
      const svg = path.includes('/diagrams/') && (await timed(() => length(`${path}?format=svg`), 1, iterations));
      const [kb, ok] = [`${fmt(json.last / 1024, 0)} KB`, verdict(json.p50 < jsonP50Ms)];
      rows.push([path.slice(11), fmt(json.p50), fmt(json.p99), kb, svg ? fmt(svg.p50) : '–', ok]);
    }
    const networks = await inject(app, '/public/v1/networks?limit=1&sort=cidr', auth);
    const network = networks.json<{ data: { id: string }[] }>().data[0]?.id;
    const diagram = (name: string, svg: boolean) => `/public/v1/diagrams/${name}?limit=2000${svg ? '&format=svg' : ''}`;
    const heavy = ['flow-mapping', 'network-mapping'].flatMap((name) =>
      [false, true].map((svg): [string, string] => [`${name} ${svg ? 'SVG' : 'JSON'}, limit 2000`, diagram(name, svg)]),
    );
    heavy.push(['networks/{id}/hosts', `/public/v1/networks/${network}/hosts`]);
    const fetchBody = async (path: string) => {
      const response = await fetch(base + path, { headers: auth });
      await response.arrayBuffer();
      return response.status;
    };
    for (const [, path] of heavy) await fetchBody(path); // connections, statements, render workers
    const stall: string[][] = [];
    for (const [label, path] of heavy) {
      const healthz = { url: `${base}/healthz`, headers: {}, everyMs: 10 };
      const { result, max, loopMax } = await probed(healthz, 300, async () => {
        const started = performance.now();
        const status = await fetchBody(path);
        const ms = performance.now() - started;
        await sleep(50); // the histogram records a delay when its next timer fires
        return { status, ms };
      });
      const ok = verdict(max < probeMaxMs && loopMax < loopDelayMs);
      stall.push([label, String(result.status), fmt(result.ms, 0), fmt(max, 0), fmt(loopMax, 0), ok]);
    }
    report
      .table(`${thousands(size)} servers, sequential (p50 / p99 of ${iterations}, ms)`, SEQUENTIAL, rows)
      .table(`Stall at ${thousands(size)} servers (ms)`, STALL, stall)
      .note(`stall targets: /healthz under ${probeMaxMs} ms, event-loop delay under ${loopDelayMs} ms`);
  }),
};
