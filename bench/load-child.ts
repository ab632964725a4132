/**
 * Runs one autocannon measurement in its own process, so that the load generator never shares an
 * event loop with the server under test. Forked by bench/common.ts runChild (for bench/core.ts,
 * bench/servers.ts and bench/agents.ts): receives a request over IPC, answers with a summary,
 * then exits.
 *
 * Three kinds of request (the third, PatchLoadRequest, is described at its type):
 * - LoadRequest: GET `url` with fixed headers (bench/core.ts, bench/servers.ts);
 * - AgentLoadRequest (kind 'agents'): POST /agent/v1/report with steady-state reports
 *   (bench/agents.ts). Each connection owns a fixed subset of the agents (agent i belongs to
 *   connection i mod C) and walks through them round-robin, so an agent never has two reports in
 *   flight and its reports reach the server in order, as a real agent's would. Before each request
 *   the agent moves to its next steady-state report (bench/agents-data.ts advance) and the body is
 *   that report. The answer carries the agents' updated states.
 */
import autocannon from 'autocannon';
import { advance, reportBody, type AgentState } from './agents-data.js';

export interface LoadRequest {
  kind?: 'get';
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface AgentLoadRequest {
  kind: 'agents';
  url: string;
  connections: number;
  seconds: number;
  agents: AgentState[];
}

/**
 * PatchLoadRequest (kind 'patch', bench/contended.ts): PATCH one of `paths` with a new
 * `userCount`; a share `hotShare` of the requests goes to the first `hot` paths (contended rows),
 * the rest spreads over the others.
 */
export interface PatchLoadRequest {
  kind: 'patch';
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  paths: string[];
  hot: number;
  hotShare: number;
}

export interface LoadSummary {
  /** Mean of the per-second request counts. */
  reqPerSec: number;
  totalRequests: number;
  latencyP50: number;
  latencyP99: number;
  latencyMean: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  durationSeconds: number;
}

export interface AgentLoadSummary extends LoadSummary {
  /** Requests written (setupRequest calls): 2xx + non-2xx + those still in flight at the end. */
  sent: number;
  /** Up to 5 non-2xx responses, for diagnosis. */
  failures: { status: number; body: string }[];
  /** Steady-state changes sent, summed over the requests. */
  changes: { versionChanges: number; removed: number; added: number; revived: number };
  /** Mean request body size in bytes. */
  meanBodyBytes: number;
  /** CPU time of this load generator process over the run (ms, user + system). */
  loadGeneratorCpuMs: number;
}

function summarize(result: autocannon.Result): LoadSummary {
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = (stats as { count: number }).count;
  return {
    reqPerSec: result.requests.mean,
    totalRequests: result.requests.total,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    latencyMean: result.latency.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    durationSeconds: result.duration,
  };
}

function runGet(request: LoadRequest): Promise<{ summary: LoadSummary }> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: request.url,
        headers: request.headers,
        connections: request.connections,
        duration: request.seconds,
        pipelining: 1,
        method: 'GET',
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({ summary: summarize(result) });
      },
    );
  });
}

function runAgents(request: AgentLoadRequest): Promise<{ summary: AgentLoadSummary; agents: AgentState[] }> {
  const { agents, connections } = request;
  const path = new URL(request.url).pathname;
  let sent = 0;
  let bodyBytes = 0;
  const failures: { status: number; body: string }[] = [];
  const changes = { versionChanges: 0, removed: 0, added: 0, revived: 0 };
  let nextSlot = 0;
  const cpuStart = process.cpuUsage();

  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: request.url,
        connections,
        duration: request.seconds,
        pipelining: 1,
        // Replaced per connection in setupClient; never sent.
        requests: [{ method: 'GET', path: '/' }],
        setupClient(client) {
          const slot = nextSlot++;
          const own = agents.filter((_, i) => i % connections === slot % connections);
          if (own.length === 0)
            throw new Error(`connection ${slot} has no agent: BENCH_AGENTS must be >= BENCH_CONNECTIONS`);
          let cursor = 0;
          client.setRequests([
            {
              method: 'POST',
              path,
              setupRequest(req) {
                const agent = own[cursor++ % own.length]!;
                const counts = advance(agent);
                changes.versionChanges += counts.versionChanges;
                changes.removed += counts.removed;
                changes.added += counts.added;
                changes.revived += counts.revived;
                const body = reportBody(agent);
                sent++;
                bodyBytes += Buffer.byteLength(body);
                return {
                  ...req,
                  headers: { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' },
                  body,
                };
              },
              onResponse(status, body) {
                if ((status < 200 || status > 299) && failures.length < 5)
                  failures.push({ status, body: body.slice(0, 500) });
              },
            },
          ]);
        },
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          summary: {
            ...summarize(result),
            sent,
            failures,
            changes,
            meanBodyBytes: sent ? bodyBytes / sent : 0,
            loadGeneratorCpuMs: ((cpu) => (cpu.user + cpu.system) / 1000)(process.cpuUsage(cpuStart)),
          },
          agents,
        });
      },
    );
  });
}

function runPatches(request: PatchLoadRequest): Promise<{ summary: LoadSummary }> {
  const { paths, hot, hotShare } = request;
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: request.url,
        connections: request.connections,
        duration: request.seconds,
        pipelining: 1,
        requests: [
          {
            method: 'PATCH',
            setupRequest(req) {
              n += 1;
              const index =
                Math.random() < hotShare
                  ? Math.floor(Math.random() * hot)
                  : hot + Math.floor(Math.random() * (paths.length - hot));
              return {
                ...req,
                path: paths[index]!,
                headers: { ...request.headers, 'content-type': 'application/json' },
                body: JSON.stringify({ userCount: n }),
              };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ summary: summarize(result) })),
    );
  });
}

process.once('message', (message: LoadRequest | AgentLoadRequest | PatchLoadRequest) => {
  // Tells the parent the load starts now, so it measures its own CPU over the load alone.
  process.send!({ type: 'start' });
  const run: Promise<object> =
    message.kind === 'agents' ? runAgents(message) : message.kind === 'patch' ? runPatches(message) : runGet(message);
  run.then(
    (answer) => process.send!({ type: 'result', ok: true, ...answer }, () => process.exit(0)),
    (error: unknown) =>
      process.send!(
        { type: 'result', ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) },
        () => process.exit(1),
      ),
  );
});
