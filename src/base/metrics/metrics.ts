/**
 * The service's Prometheus metrics (prom-client), served by GET /metrics when METRICS_TOKEN is set
 * (surfaces/server/metrics.routes.ts). One registry per process: an Estate process is one instance, and its
 * counters count what this process did since it started. Counting is a map lookup and an addition;
 * the per-request histogram and the process metrics run only when metrics are served.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();

/** Seconds from a request's arrival to its answer, by route pattern (never the raw URL), method and status. */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern, method and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** Writes that succeeded, by the family of their scope and its action (add, edit, delete, …). */
export const writesTotal = new Counter({
  name: 'estate_writes_total',
  help: 'Write requests answered with success, by family and action.',
  labelNames: ['family', 'action'] as const,
  registers: [registry],
});

/** Audit events committed by this process, by resource type and action. */
export const auditEventsTotal = new Counter({
  name: 'estate_audit_events_total',
  help: 'Audit events written (committed), by resource type and action.',
  labelNames: ['resource_type', 'action'] as const,
  registers: [registry],
});

/** Agent reports by outcome: accepted, unauthorized, throttled, refused (4xx) or failed (5xx). */
export const agentReportsTotal = new Counter({
  name: 'estate_agent_reports_total',
  help: 'Agent reports received, by outcome.',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** Console sign-ins by outcome: signed_in, wrong_credentials or locked (refused while locked). */
export const signInsTotal = new Counter({
  name: 'estate_sign_ins_total',
  help: 'Console sign-in attempts, by outcome.',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const lockoutsTotal = new Counter({
  name: 'estate_sign_in_lockouts_total',
  help: 'Accounts locked after too many failed sign-ins.',
  registers: [registry],
});

/**
 * Answers asked of the response cache (lists/response-cache.ts): a hit, a miss (computed and
 * cached), or unversioned (computed, not cached).
 */
export const responseCacheTotal = new Counter({
  name: 'estate_response_cache_requests_total',
  help: 'List pages and console views asked of the response cache, by outcome.',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** Seconds a write waited for its workspace's write lock (and, on PostgreSQL, a connection). */
export const writeLockWait = new Histogram({
  name: 'estate_db_write_wait_seconds',
  help: "Time a write transaction waited before it held its workspace's write lock.",
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/** What the pool gauges read of a database: its pg pool, or SQLite's reader and writer. */
interface Pooled {
  pool?: { idleCount: number; totalCount: number; waitingCount: number } | undefined;
  db: unknown;
  reader: unknown;
}

/** The database whose pool the gauges read: the one the served app uses. */
let watched: Pooled | undefined;

new Gauge({
  name: 'estate_db_pool_connections',
  help: 'Database connections of the pool, by state (PostgreSQL; SQLite has one writer and one reader).',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    const pool = watched?.pool;
    if (pool) {
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
    } else if (watched) {
      this.set({ state: 'in_use' }, 0);
      this.set({ state: 'idle' }, watched.reader === watched.db ? 1 : 2);
    }
  },
});

new Gauge({
  name: 'estate_db_pool_waiting',
  help: 'Requests waiting for a pooled database connection (PostgreSQL).',
  registers: [registry],
  collect() {
    this.set(watched?.pool?.waitingCount ?? 0);
  },
});

let processMetrics = false;

/** Starts the process and event-loop metrics (once per process) and reads this database's pool. */
export function serveMetricsOf(database: Pooled): void {
  watched = database;
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
}

/**
 * Audit events recorded in each open write transaction, by its handle: counted when it commits,
 * forgotten when it rolls back (whole, or to a savepoint: `recordedIn` and `forgetSince`).
 */
const pendingEvents = new WeakMap<object, [resourceType: string, action: string][]>();

export function noteAuditEvent(trx: object, resourceType: string, action: string): void {
  const events = pendingEvents.get(trx);
  if (events) events.push([resourceType, action]);
  else pendingEvents.set(trx, [[resourceType, action]]);
}

/** How many events the transaction has recorded so far (a savepoint's mark). */
export const recordedIn = (trx: object): number => pendingEvents.get(trx)?.length ?? 0;

/** Forgets the events recorded after the mark (rolled back to its savepoint). */
export function forgetSince(trx: object, mark: number): void {
  pendingEvents.get(trx)?.splice(mark);
}

/** The transaction committed (true) or rolled back: its events are counted, or forgotten. */
export function transactionEnded(trx: object, committed: boolean): void {
  const events = pendingEvents.get(trx);
  if (!events) return;
  pendingEvents.delete(trx);
  if (committed) for (const [resource_type, action] of events) auditEventsTotal.inc({ resource_type, action });
}
