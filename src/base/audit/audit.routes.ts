import type { AppDeps, App } from '../http/types.js';
import { callerOf } from '../http/authenticate.js';
import { reachedEvents } from '../resources/reach.js';
import { errorResponses, PUBLIC_ERRORS } from '../http/errors.js';
import { auditListSchema, auditLogQuery } from './audit.schemas.js';
import { listAuditLog } from './audit.service.js';
import { AUDIT_ACTIONS, AUDIT_CATEGORIES } from './audit.types.js';

const description = (
  types: readonly string[],
) => `Audit events of the key's workspace, newest first by (timestamp, id). \
Drive the loop with hasMore and
nextCursor; the cursor stays correct while new events arrive. Persist the last cursor (or the last event's
timestamp) before handling a page so that a restart neither repeats nor skips events.

Categories: ${AUDIT_CATEGORIES.join(', ')}. Actions: ${AUDIT_ACTIONS.join(', ')}.
Resource types: ${types.join(', ')}. Actor types: api_key, member, agent, system.`;

export function registerAuditRoutes(app: App, { database, registry }: AppDeps): void {
  const types = registry.auditResourceTypes;
  app.get(
    '/audit-log',
    {
      config: { scope: 'audit_log:read', reach: 'applied' },
      schema: {
        operationId: 'listAuditLog',
        tags: ['audit'],
        summary: 'List audit events',
        description: `${description(types)}\n\nScope: audit_log:read.`,
        querystring: auditLogQuery(types),
        response: { 200: auditListSchema(types), ...errorResponses(...PUBLIC_ERRORS) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const within = await reachedEvents(database.db, caller, registry.families);
      return listAuditLog(database, caller.workspaceId, request.query, within);
    },
  );
}
