/**
 * Runs one autocannon measurement of POST /agent/v1/report in its own process (forked by
 * bench/agents.ts), so the load generator never shares an event loop with the server under test.
 *
 * Receives the agents' states over IPC and answers with a LoadSummary and the updated states.
 * Each connection owns a fixed subset of the agents (agent i belongs to connection i mod C) and
 * walks through them round-robin, so an agent never has two reports in flight and its reports
 * reach the server in order, as a real agent's would. Before each request the agent moves to its
 * next steady-state report (bench/agents-data.ts advance) and the body is that report.
 */
import autocannon from 'autocannon';
import { advance, reportBody, type AgentState } from './agents-data.js';
import type { LoadSummary } from './load-child.js';

export interface AgentLoadRequest {
  url: string;
  connections: number;
  seconds: number;
  agents: AgentState[];
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

function run(request: AgentLoadRequest): Promise<{ summary: AgentLoadSummary; agents: AgentState[] }> {
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
          if (own.length === 0) throw new Error(`connection ${slot} has no agent: BENCH_AGENTS must be >= BENCH_CONNECTIONS`);
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
                return { ...req, headers: { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' }, body };
              },
              onResponse(status, body) {
                if ((status < 200 || status > 299) && failures.length < 5) failures.push({ status, body: body.slice(0, 500) });
              },
            },
          ]);
        },
      },
      (error, result) => {
        if (error) return reject(error);
        const statusCodes: Record<string, number> = {};
        for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = (stats as { count: number }).count;
        resolve({
          summary: {
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

process.once('message', (message: AgentLoadRequest) => {
  // Tells the parent the load starts now, so it measures its own CPU over the load alone.
  process.send!({ type: 'start' });
  run(message).then(
    ({ summary, agents }) => process.send!({ type: 'result', ok: true, summary, agents }, () => process.exit(0)),
    (error: unknown) => process.send!({ type: 'result', ok: false, error: error instanceof Error ? error.stack ?? error.message : String(error) }, () => process.exit(1)),
  );
});
