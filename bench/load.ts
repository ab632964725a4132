/**
 * The load side of the benchmarks, forked by bench/harness.ts `child()` so it never shares the server's event
 * loop: autocannon GETs, contended PATCHes or agent reports, or a probe asking one URL at an interval until
 * told to stop. Also the synthetic agent reports (bench/agents.ts sends the same ones sequentially).
 */
import autocannon from 'autocannon';

export type LoadRequest =
  | { kind: 'get'; url: string; headers: Record<string, string>; connections: number; seconds: number }
  /** PATCHes `paths` with a new userCount; half of the requests go to the first `hot` paths. */
  | {
      kind: 'patch';
      url: string;
      headers: Record<string, string>;
      connections: number;
      seconds: number;
      paths: string[];
      hot: number;
    }
  /** Steady-state reports: connection c owns the agents i ≡ c (mod connections), one report in flight each. */
  | { kind: 'reports'; url: string; connections: number; seconds: number; agents: ReportingAgent[]; software: number }
  | { kind: 'probe'; url: string; headers: Record<string, string>; everyMs: number };

export interface ReportingAgent {
  index: number;
  token: string;
  /** The step of its last report; the next one sent is step + 1. */
  step: number;
}

export interface LoadSummary {
  reqPerSec: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** Reports: each agent's last step sent. Probe: every wait, in ms. */
  steps?: number[];
  waits?: number[];
}

// Synthetic agent reports -----------------------------------------------------------------------------------

const STEMS = ['libssl', 'python3', 'openssh', 'systemd', 'nginx', 'postgresql', 'libxml2', 'curl', 'perl', 'zlib'];
const SUFFIXES = ['', '-dev', '-common', '-utils', '-doc', '-data', '-tools', '-client', '-server', '-dbg'];

/** A small integer hash, so any step's report can be made without the steps before it. */
function mix(...values: number[]): number {
  let h = 2166136261;
  for (const value of values) h = Math.imul(h ^ value, 16777619) ^ (h >>> 13);
  return (h >>> 0) % 1_000_003;
}

/**
 * Agent `index`'s report at `step`: `software` packages, half of them base packages every host has and half
 * drawn from a shared pool, so install counts are shared. From one step to the next ~2 % of the versions
 * change and ~1 % of the packages leave or come back (insert, version change, missing and revived paths).
 * Ubuntu hosts name another maintainer, so a package can be two (name, vendor) keys. `upgrade` changes the
 * versions of a quarter of the packages at once.
 */
export function agentReport(index: number, software: number, step: number, upgrade = false): string {
  const base = Math.floor(software / 2);
  const pool = Math.max(4000, software * 2);
  const ubuntu = index % 3 === 0;
  const entries: { name: string; vendor: string; version: string }[] = [];
  for (let k = 0; k < software; k++) {
    const j = k < base ? k : base + ((index * 7919 + k * 31) % (pool - base));
    if ((step + mix(index, j, 1)) % 100 === 0) continue; // absent for one step in a hundred
    const name = `${STEMS[j % STEMS.length]}${SUFFIXES[Math.floor(j / STEMS.length) % SUFFIXES.length]}-${j}`;
    const minor = Math.floor((step + mix(index, j, 2)) / 50) + (upgrade && mix(index, j, 3) % 4 === 0 ? 1000 : 0);
    const vendor = ubuntu && j % 2 === 0 ? 'Ubuntu Developers' : `Debian ${STEMS[j % STEMS.length]} Maintainers`;
    entries.push({ name, vendor, version: `${1 + (j % 5)}.${j % 20}.${minor}` });
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  const host = {
    hostname: `srv-${String(index).padStart(5, '0')}.bench.internal`,
    kind: 'server',
    os: ubuntu ? 'Ubuntu' : 'Debian GNU/Linux',
    osVersion: ubuntu ? '24.04' : '12',
    cpuCores: 4 << (index % 4),
    memoryMb: 8192 << (index % 4),
    ipAddresses: [`10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`],
  };
  return JSON.stringify({ agentVersion: '0.1.0', host, software: entries });
}

// The child -------------------------------------------------------------------------------------------------

function summarize(result: autocannon.Result): LoadSummary {
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats.count ?? 0;
  const { requests, latency, non2xx, errors } = result;
  return {
    reqPerSec: requests.mean,
    total: requests.total,
    p50: latency.p50,
    p99: latency.p99,
    non2xx,
    errors,
    statusCodes,
  };
}

function cannon(request: Exclude<LoadRequest, { kind: 'probe' }>): Promise<LoadSummary> {
  const options: autocannon.Options = {
    url: request.url,
    connections: request.connections,
    duration: request.seconds,
    headers: 'headers' in request ? request.headers : {},
  };
  const steps = request.kind === 'reports' ? request.agents.map((agent) => agent.step) : undefined;
  if (request.kind === 'patch') {
    let n = 0;
    const { paths, hot } = request;
    options.requests = [
      {
        method: 'PATCH',
        setupRequest: (req) => {
          const i =
            Math.random() < 0.5
              ? Math.floor(Math.random() * hot)
              : hot + Math.floor(Math.random() * (paths.length - hot));
          const headers = { ...req.headers, 'content-type': 'application/json' };
          return { ...req, path: paths[i]!, headers, body: JSON.stringify({ userCount: ++n }) };
        },
      },
    ];
  } else if (request.kind === 'reports') {
    const { agents, connections } = request;
    let slot = 0;
    options.setupClient = (client) => {
      const own = agents.map((_, i) => i).filter((i) => i % connections === slot % connections);
      slot++;
      let cursor = 0;
      client.setRequests([
        {
          method: 'POST',
          setupRequest: (req) => {
            const i = own[cursor++ % own.length]!;
            const headers = { authorization: `Bearer ${agents[i]!.token}`, 'content-type': 'application/json' };
            return { ...req, headers, body: agentReport(agents[i]!.index, request.software, ++steps![i]!) };
          },
        },
      ]);
    };
  }
  return new Promise((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve({ ...summarize(result), steps }))),
  );
}

/** Asks `url` every `everyMs` until the parent says stop; every answer's wait, in ms. */
async function probe(request: Extract<LoadRequest, { kind: 'probe' }>): Promise<LoadSummary> {
  let running = true;
  process.once('message', () => {
    running = false;
  });
  const waits: number[] = [];
  while (running) {
    const started = performance.now();
    await (await fetch(request.url, { headers: request.headers })).arrayBuffer();
    waits.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, request.everyMs));
  }
  return { reqPerSec: 0, total: waits.length, p50: 0, p99: 0, non2xx: 0, errors: 0, statusCodes: {}, waits };
}

if (process.send) {
  process.once('disconnect', () => process.exit(1)); // the parent is gone: stop probing
  process.once('message', (request: LoadRequest) => {
    process.send!({ type: 'start' });
    (request.kind === 'probe' ? probe(request) : cannon(request)).then(
      (answer) => process.send!({ type: 'result', answer }, () => process.exit(0)),
      (error: Error) => process.send!({ type: 'result', error: error.stack ?? String(error) }, () => process.exit(1)),
    );
  });
}
