/**
 * Inventory bodies are inflated, parsed and mapped in worker threads (piscina), as diagram
 * pictures are drawn (diagrams/render-pool.ts): parsing a large XML inventory takes far longer
 * than a request may hold the event loop. A worker has a bounded heap and a time budget; past
 * either the body is refused (413), and a full queue answers 503 with Retry-After.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { ApiError } from '../../base/errors/api-error.js';
import { workerModule } from '../../base/paths.js';
import type { ParsedBody } from './parse-worker.js';

/** The longest one body may take to read, from the moment a worker takes it. */
const READ_BUDGET_MS = 20_000;
/** Bodies waiting for a worker, at most. */
const MAX_QUEUE = 64;
const IDLE_MS = 60_000;
const WORKER_HEAP_MB = 512;

export interface InventoryParser {
  parse(body: Buffer): Promise<ParsedBody>;
  close(): Promise<void>;
}

const tooLarge = () => new ApiError('payload_too_large', 'the inventory is too large to read');

export function createInventoryParser(): InventoryParser {
  let pool: Piscina | undefined;
  return {
    async parse(body) {
      pool ??= new Piscina({
        ...workerModule('features/agent-inventory/parse-worker'),
        minThreads: 0,
        maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
        idleTimeout: IDLE_MS,
        niceIncrement: 10,
        maxQueue: MAX_QUEUE,
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      });
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), READ_BUDGET_MS);
      try {
        const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
        return (await pool.run({ body: bytes }, { signal: abort.signal })) as ParsedBody;
      } catch (error) {
        if ((error as Error).message === 'Task queue is at limit')
          throw new ApiError('service_unavailable', 'too many inventories are being read; retry shortly');
        if ((error as Error).name === 'AbortError' || (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
          throw tooLarge();
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      await pool?.destroy();
    },
  };
}
