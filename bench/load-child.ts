/**
 * Runs one autocannon measurement in its own process, so that the load generator never shares an
 * event loop with the server under test. Forked by bench/core.ts: receives a LoadRequest over IPC,
 * answers with a LoadSummary, then exits.
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
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

function run(request: LoadRequest): Promise<LoadSummary> {
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
        const statusCodes: Record<string, number> = {};
        for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = (stats as { count: number }).count;
        resolve({
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
        });
      },
    );
  });
}

process.once('message', (message: LoadRequest) => {
  // Tells the parent the load starts now, so it measures its own CPU over the load alone.
  process.send!({ type: 'start' });
  run(message).then(
    (summary) => process.send!({ type: 'result', ok: true, summary }, () => process.exit(0)),
    (error: unknown) => process.send!({ type: 'result', ok: false, error: error instanceof Error ? error.message : String(error) }, () => process.exit(1)),
  );
});
