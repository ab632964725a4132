// `npm run bench -- uncached [--db sqlite,postgres]` (after `npm run build`: it runs the built `estate serve`, and
// Debian's wrk): GET /public/v1/servers?limit=50 with its total over 10,000 seeded servers, from `estate serve`
// with the response cache off (RESPONSE_CACHE_MB=0) at its default log level, against the hand-written baseline of
// the servers scenario; then the same with one request in ten a PATCH of a server (a load no cache answers), Estate
// with its cache on and off. wrk -t1 after a 3 s warm-up of each server, rounds alternating, median req/s.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Scenario, type Workspace, fmt, inWorkspace, median, seed, thousands, verdict } from './harness.js';
import { startMinimal } from './servers.js';

const BIN = fileURLToPath(new URL('../bin/estate.js', import.meta.url));
const PAGE = '/public/v1/servers?limit=50';
const TARGETS = { ratio: 2, p99Ms: 25 };
const QUICK = { size: 2000, seconds: 2, rounds: 1 };
const WARM_UP_SECONDS = 3;
const COLUMNS = ['connections', 'load', 'server', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'Estate / baseline'];
const run = promisify(execFile);

type Wrk = { reqPerSec: number; p50: number; p99: number; non2xx: number };

const free = async () => {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
};

/** `estate serve` on the workspace's database, its log lines (default level) to /dev/null; stopped with it. */
async function startServe(workspace: Workspace, cacheMb: number): Promise<string> {
  const port = await free();
  const env = {
    ...process.env,
    DATABASE_URL: workspace.url,
    HOST: '127.0.0.1',
    PORT: String(port),
    RESPONSE_CACHE_MB: String(cacheMb),
  };
  const child: ChildProcess = spawn(process.execPath, [BIN, 'serve'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk) => {
    errors += chunk;
  });
  workspace.defer(async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 300; tries++) {
    if (child.exitCode !== null) throw new Error(`estate serve exited: ${errors}`);
    if (
      await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return base;
    await sleep(100);
  }
  throw new Error(`estate serve did not answer: ${errors}`);
}

/** A wrk script: every tenth request a PATCH of the next server's description, the others the page. */
function mixedScript(ids: string[], authorization: string): string {
  const list = ids.map((id) => `"${id}"`).join(',');
  return `local ids = {${list}}
local n = 0
local headers = { ["authorization"] = "${authorization}", ["content-type"] = "application/json" }
request = function()
  n = n + 1
  if n % 10 == 0 then
    local id = ids[(n / 10) % #ids + 1]
    return wrk.format("PATCH", "/public/v1/servers/" .. id, headers, '{"description":"bench ' .. n .. '"}')
  end
  return wrk.format("GET", "${PAGE}", headers)
end
`;
}

const UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };
/** wrk's figures: requests per second, the 50th and 99th percentile latencies (ms), non-2xx answers. */
function wrkFigures(output: string): Wrk {
  const latency = (percent: string) => {
    const [, value, unit] = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s)$`, 'm').exec(output) ?? [];
    return value === undefined ? Number.NaN : Number(value) * UNITS[unit!]!;
  };
  const reqPerSec = Number(/^Requests\/sec:\s+([\d.]+)/m.exec(output)?.[1] ?? Number.NaN);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const failed = errors ? errors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  return { reqPerSec, p50: latency('50'), p99: latency('99'), non2xx: non2xx + failed };
}

async function wrk(url: string, authorization: string, connections: number, seconds: number, script?: string) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-H', `authorization: ${authorization}`];
  const { stdout } = await run('wrk', [...args, ...(script ? ['-s', script] : []), url], { timeout: 600_000 });
  return wrkFigures(stdout);
}

type Target = { load: string; server: string; url: string; script?: string };

export const scenario: Scenario = {
  title: 'Servers list without the response cache: estate serve against a hand-written node:http server (wrk)',
  defaults: (quick) => (quick ? QUICK : { size: 10_000, seconds: 10, rounds: 3 }),
  run: inWorkspace(async (workspace, report, bench) => {
    await run('wrk', ['--version']).catch((error: { code?: string }) => {
      if (error.code === 'ENOENT') throw new Error('wrk is not installed: apt-get install wrk');
    });
    const { size, seconds, rounds } = bench.settings;
    await seed(workspace, size);
    const [uncached, cached, baseline] = [
      await startServe(workspace, 0),
      await startServe(workspace, 32),
      await startMinimal(workspace),
    ];
    const authorization = workspace.auth.authorization!;
    const ids = (
      (await (await fetch(`${baseline}${PAGE.replace('50', '200')}`, { headers: workspace.auth })).json()) as {
        data: { id: string }[];
      }
    ).data.map((server) => server.id);
    const scripts = mkdtempSync(join(tmpdir(), 'estate-bench-wrk-'));
    const mixed = join(scripts, 'mixed.lua');
    writeFileSync(mixed, mixedScript(ids, authorization));
    workspace.defer(async () => rmSync(scripts, { recursive: true, force: true }));
    const targets: Target[] = [
      { load: 'reads', server: 'Estate, cache off', url: uncached + PAGE },
      { load: 'reads', server: 'baseline', url: baseline + PAGE },
      { load: '10 % writes', server: 'Estate, cache off', url: uncached + PAGE, script: mixed },
      { load: '10 % writes', server: 'Estate, cache on', url: cached + PAGE, script: mixed },
      { load: '10 % writes', server: 'baseline', url: baseline + PAGE, script: mixed },
    ];
    const rows: string[][] = [];
    for (const connections of new Set([10, bench.settings.connections])) {
      console.log(`  wrk -t1 -c${connections} -d${seconds}s, ${rounds} alternating round(s)`);
      for (const target of targets) await wrk(target.url, authorization, connections, WARM_UP_SECONDS, target.script);
      const runs = targets.map(() => [] as Wrk[]);
      for (let round = 0; round < rounds; round++)
        for (const [i, target] of targets.entries()) {
          const figures = await wrk(target.url, authorization, connections, seconds, target.script);
          runs[i]!.push(figures);
          const { reqPerSec, p50, p99, non2xx } = figures;
          console.log(
            `    ${`${target.load}, ${target.server}`.padEnd(32)} ${fmt(reqPerSec, 0).padStart(6)} req/s` +
              `  p50 ${fmt(p50, 2)} ms  p99 ${fmt(p99, 2)} ms  non-2xx ${non2xx}`,
          );
        }
      const medians = runs.map((own) => ({
        reqPerSec: median(own.map((r) => r.reqPerSec)),
        p50: median(own.map((r) => r.p50)),
        p99: median(own.map((r) => r.p99)),
        non2xx: own.reduce((sum, r) => sum + r.non2xx, 0),
      }));
      // Each round's ratio to the baseline of its load in the same round; their median.
      const baselineOf = (load: string) => targets.findIndex((t) => t.load === load && t.server === 'baseline');
      const ratios = targets.map((target, i) =>
        median(runs[i]!.map((r, round) => r.reqPerSec / runs[baselineOf(target.load)]![round]!.reqPerSec)),
      );
      for (const [i, target] of targets.entries()) {
        const { reqPerSec, p50, p99, non2xx } = medians[i]!;
        const ratio = target.server === 'baseline' ? '' : fmt(ratios[i]!, 2);
        rows.push([String(connections), target.load, target.server, fmt(reqPerSec, 0), fmt(p50, 2), fmt(p99, 2)]);
        rows.at(-1)!.push(String(non2xx), ratio);
        if (non2xx > 0) report.fail(`${target.server}, ${target.load}, c${connections}: ${non2xx} non-2xx answers`);
      }
      const [ratio, p99] = [ratios[0]!, medians[0]!.p99];
      report.note(
        `c${connections}: Estate with the cache off / baseline ${fmt(ratio, 2)} (target ≥ ${TARGETS.ratio}) ` +
          `${verdict(ratio >= TARGETS.ratio)}; p99 ${fmt(p99, 1)} ms (target < ${TARGETS.p99Ms}) ` +
          verdict(p99 < TARGETS.p99Ms),
      );
    }
    report.table(`${thousands(size)} servers, medians of ${rounds} round(s) of ${seconds} s`, COLUMNS, rows);
  }),
};
