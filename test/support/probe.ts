/**
 * A probe of a service's responsiveness for the timed tests (test/timed/): GET /healthz asked
 * every PROBE_EVERY_MS from a thread of its own.
 */
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';

const PROBE_EVERY_MS = 15;

/**
 * Asks GET /healthz every PROBE_EVERY_MS from a thread of its own (so a blocked event loop of the
 * server does not hold the probe's timers too) and, when told to stop, answers its longest wait;
 * `ready` once its first request, not counted, is answered.
 */
export function startProbe(base: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     let running = true, longest = 0, probes = 0;
     parentPort.on('message', () => { running = false; });
     (async () => {
       // The probe's own first request (loading fetch, connecting) is not the service's wait.
       await (await fetch(workerData.base + '/healthz')).arrayBuffer();
       parentPort.postMessage('ready');
       while (running) {
         const started = performance.now();
         const response = await fetch(workerData.base + '/healthz');
         await response.arrayBuffer();
         longest = Math.max(longest, performance.now() - started);
         probes += 1;
         await new Promise((resolve) => setTimeout(resolve, workerData.every));
       }
       parentPort.postMessage({ longest, probes });
     })();`,
    { eval: true, workerData: { base, every: PROBE_EVERY_MS } },
  );
  const ready = new Promise((resolve) => worker.once('message', resolve));
  return {
    ready,
    async stop(): Promise<{ longest: number; probes: number }> {
      const result = new Promise<{ longest: number; probes: number }>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const answer = await result;
      await worker.terminate();
      return answer;
    },
  };
}

/** That the probe was answered often and never waited over `maxWaitMs`, naming the event-loop delay otherwise. */
export function assertResponsive(
  { longest, probes }: { longest: number; probes: number },
  delay: { max: number },
  maxWaitMs: number,
): void {
  assert.ok(probes > 10, `${probes} probes`);
  assert.ok(
    longest <= maxWaitMs,
    `the longest /healthz wait was ${Math.round(longest)} ms (event-loop delay max ` +
      `${Math.round(delay.max / 1e6)} ms, ${probes} probes)`,
  );
}
