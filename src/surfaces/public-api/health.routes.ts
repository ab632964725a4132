import { sql } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../base/db/database.js';
import { ApiError } from '../../base/errors/api-error.js';
import type { App } from '../../base/http/types.js';

const Status = Type.Object({ status: Type.String() });

/**
 * Probes for load balancers and orchestrators, outside /public (no key): /healthz answers while
 * the process runs; /readyz also needs the database to answer, else 503 in the error shape.
 */
export function registerHealthRoutes(app: App, database: Database): void {
  app.get('/healthz', { schema: { hide: true, response: { 200: Status } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true, response: { 200: Status } } }, async (request) => {
    try {
      await sql`select 1`.execute(database.db);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      throw new ApiError('service_unavailable', 'the database is unavailable');
    }
    return { status: 'ready' };
  });
}
