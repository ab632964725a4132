import { MessageChannel } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { ApiError } from '../../base/errors/api-error.js';
import { workerModule } from '../../base/paths.js';
import type { RenderTask } from './render-worker.js';

/**
 * Diagram pictures are drawn in worker threads (piscina), so that a large ELK layout never holds
 * other requests; the database reads stay on the main thread. A picture past its time budget ends
 * its worker and answers 422 diagram_too_large; one that never got a worker answers 503 (the
 * renderers were busy, the picture was not too large). docs/architecture.md describes the pool.
 */

/** The budget unless configured (AppOptions.diagramBudgetMs, else DIAGRAM_BUDGET_MS). */
export const DEFAULT_DIAGRAM_BUDGET_MS = 10_000;

/** The longest wait for a worker to begin a picture; past it, 503 with Retry-After. */
const QUEUE_WAIT_MS = 30_000;
/** Pictures waiting for a worker, at most; one more answers 503 with Retry-After. */
const MAX_QUEUE = 32;
/** A worker idle this long ends; the next picture starts one again. */
const IDLE_MS = 60_000;
/** Heap of one worker: a layout past it ends the worker and answers like one past its budget. */
const WORKER_HEAP_MB = 1024;

/** DIAGRAM_BUDGET_MS when set to a positive integer, else the default. */
export function diagramBudgetFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.DIAGRAM_BUDGET_MS);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_DIAGRAM_BUDGET_MS;
}

export interface DiagramRenderer {
  /** The SVG of a computed diagram answer, drawn in a worker within the budget. */
  render(task: RenderTask & { limit: number }): Promise<string>;
  /** Ends the workers (app.close). */
  close(): Promise<void>;
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';
const isOutOfMemory = (error: unknown) => (error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
const isQueueFull = (error: unknown) => error instanceof Error && error.message === 'Task queue is at limit';

/** A pool of render workers, started on the first picture asked for. */
export function createDiagramRenderer({ budgetMs }: { budgetMs: number }): DiagramRenderer {
  let pool: Piscina | undefined;
  const start = () =>
    new Piscina({
      ...workerModule('features/diagrams/render-worker'),
      minThreads: 0,
      // One core stays with the event loop.
      maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
      idleTimeout: IDLE_MS,
      // Lower priority than the event loop's thread: on busy cores, requests come first
      // (@napi-rs/nice, piscina's optional dependency; without it the priority stays).
      niceIncrement: 10,
      maxQueue: MAX_QUEUE,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
  return {
    async render({ name, body, limit }) {
      pool ??= start();
      const abort = new AbortController();
      const { port1: startedHere, port2: started } = new MessageChannel();
      let begun = false;
      let timer = setTimeout(() => abort.abort(), QUEUE_WAIT_MS);
      startedHere.once('message', () => {
        begun = true;
        clearTimeout(timer);
        timer = setTimeout(() => abort.abort(), budgetMs);
      });
      startedHere.unref();
      try {
        return (await pool.run({ name, body, started } satisfies RenderTask, {
          signal: abort.signal,
          transferList: [started],
        })) as string;
      } catch (error) {
        if (isAbort(error) && !begun)
          throw new ApiError('service_unavailable', 'every diagram renderer is busy; retry shortly');
        if (isAbort(error) || isOutOfMemory(error)) {
          throw new ApiError(
            'diagram_too_large',
            `the ${name} picture was not drawn within ${budgetMs} ms; ask for fewer nodes with limit (this ` +
              `request: limit=${limit}), or for the JSON answer`,
          );
        }
        if (isQueueFull(error))
          throw new ApiError('service_unavailable', 'every diagram renderer is busy; retry shortly');
        throw error;
      } finally {
        clearTimeout(timer);
        startedHere.close();
      }
    },
    async close() {
      const closing = pool;
      pool = undefined;
      await closing?.destroy();
    },
  };
}
