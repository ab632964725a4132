/**
 * A probe of a service's responsiveness for the timed tests (the *.timed.test.ts files): GET /healthz asked
 * every PROBE_EVERY_MS from a thread of its own.
 *
 * A stall is measured as the CPU time the service's thread (the process's main thread, whose event
 * loop serves the app) ran while one /healthz waited for its answer: the work that held the loop.
 * A wait's wall-clock time also counts the moments the machine gave both cores to other processes
 * (the run's other jobs, PostgreSQL), which is not the service's doing; so the timed tests run
 * beside the others. Linux reports a thread's time on the CPU in /proc/self/task/TID/schedstat
 * (nanoseconds). The measure still counts the service's work from the answer until the probe's
 * thread gets a core to read it, so a loaded machine can only make it stricter. Where /proc has
 * no schedstat, the wall-clock wait is the measure and scripts/test.mjs runs the timed tests alone,
 * after the others. What this does not see is a thread blocked without using the CPU (a
 * synchronous wait for a lock or a slow disk): the service has none on its request paths.
 */
import assert from 'node:assert/strict';
import { existsSync, readlinkSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

const PROBE_EVERY_MS = 15;
/**
 * The service's thread's time on the CPU, in nanoseconds: the first field of its schedstat. The main
 * thread's id is the process's as /proc numbers it (/proc/self), which in a container may differ
 * from process.pid.
 */
export const SCHEDSTAT = schedstatOfMainThread();

function schedstatOfMainThread(): string | undefined {
  try {
    const file = `/proc/self/task/${readlinkSync('/proc/self')}/schedstat`;
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

export interface ProbeResult {
  /** The most CPU time, in ms, that the service's thread ran while one /healthz waited. */
  held: number;
  /** The longest wall-clock wait for /healthz, in ms (the machine's other work included). */
  waited: number;
  probes: number;
}

/**
 * Asks GET /healthz every PROBE_EVERY_MS from a thread of its own (so a blocked event loop of the
 * server does not hold the probe's timers too) and, when told to stop, answers its longest hold
 * and wait; `ready` once its first request, not counted, is answered.
 */
export function startProbe(base: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const { readFileSync } = require('node:fs');
     const cpu = workerData.schedstat
       ? () => Number(readFileSync(workerData.schedstat, 'latin1').split(' ', 1)[0]) / 1e6
       : () => performance.now();
     let running = true, held = 0, waited = 0, probes = 0;
     parentPort.on('message', () => { running = false; });
     (async () => {
       // The probe's own first request (loading fetch, connecting) is not the service's wait.
       await (await fetch(workerData.base + '/healthz')).arrayBuffer();
       parentPort.postMessage('ready');
       while (running) {
         const started = performance.now();
         const ran = cpu();
         const response = await fetch(workerData.base + '/healthz');
         // Read as soon as the answer is in: the service's work after it is not this wait's.
         held = Math.max(held, cpu() - ran);
         waited = Math.max(waited, performance.now() - started);
         await response.arrayBuffer();
         probes += 1;
         await new Promise((resolve) => setTimeout(resolve, workerData.every));
       }
       parentPort.postMessage({ held, waited, probes });
     })();`,
    {
      eval: true,
      workerData: { base, every: PROBE_EVERY_MS, schedstat: SCHEDSTAT },
    },
  );
  const ready = new Promise((resolve) => worker.once('message', resolve));
  return {
    ready,
    async stop(): Promise<ProbeResult> {
      const result = new Promise<ProbeResult>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const answer = await result;
      await worker.terminate();
      return answer;
    },
  };
}

/** The tries of `underProbe` a hold over the limit may take (search-stall.test.ts does the same per search). */
export const STALL_TRIES = 3;

/**
 * Runs `work` under a probe, and again while the service held it over `maxHeldMs`, up to
 * STALL_TRIES times; answers the try that held it least, with the event loop's delay beside. A
 * stall of the service's own fails every try; a pause of the machine at the wrong moment (a
 * garbage collection, or the host taking the core from a busy virtual machine, which the thread's
 * run time cannot tell apart) does not. `work` gets the try's number, to start afresh.
 */
export async function underProbe(
  base: string,
  maxHeldMs: number,
  work: (attempt: number) => Promise<void>,
): Promise<{ result: ProbeResult; delay: { max: number }; tries: number[] }> {
  let best: { result: ProbeResult; delay: { max: number } } | undefined;
  const tries: number[] = [];
  for (let attempt = 0; attempt < STALL_TRIES && !(best && best.result.held <= maxHeldMs); attempt += 1) {
    const probe = startProbe(base);
    await probe.ready;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await work(attempt);
    await new Promise((resolve) => setTimeout(resolve, 50));
    delay.disable();
    const result = await probe.stop();
    tries.push(Math.round(result.held));
    if (!best || result.held < best.result.held) best = { result, delay: { max: delay.max } };
  }
  return { ...best!, tries };
}

/** That the probe was answered often and the service never held it over `maxHeldMs`, with the waits beside. */
export function assertResponsive(
  { held, waited, probes }: ProbeResult,
  delay: { max: number },
  maxHeldMs: number,
  tries: number[] = [],
): void {
  assert.ok(probes > 10, `${probes} probes`);
  assert.ok(
    held <= maxHeldMs,
    `the service's thread ran ${Math.round(held)} ms while one /healthz waited (the longest wait ` +
      `${Math.round(waited)} ms, event-loop delay max ${Math.round(delay.max / 1e6)} ms, ${probes} probes` +
      `${tries.length > 1 ? `; held ${tries.join(', ')} ms in ${tries.length} tries` : ''})`,
  );
}
