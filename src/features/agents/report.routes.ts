import type { AppDeps, App } from '../../base/http/types.js';
import { errorResponses } from '../../base/http/errors.js';
import { agentAuthHook, agentOf, agentRateHook } from './agent-auth.js';
import { AgentReport, ReportResult } from './report.schemas.js';
import { recordReport } from './report.service.js';

/** Reports can list thousands of packages: a larger body limit than the public API's. */
const REPORT_BODY_LIMIT = 8 * 1024 * 1024;

export function registerAgentReportRoutes(app: App, { database, agentReportsPerMinute }: AppDeps): void {
  // Bound to this module's routes: an unauthenticated report, or one over the agent's rate, is
  // refused before its body is read.
  app.addHook('onRequest', agentAuthHook(database));
  app.addHook('onRequest', agentRateHook(database, agentReportsPerMinute));
  app.post(
    '/agent/v1/report',
    {
      bodyLimit: REPORT_BODY_LIMIT,
      schema: {
        operationId: 'reportHost',
        tags: ['agent ingest'],
        summary: 'Report a host (agents only)',
        description:
          'Called by agents with `Authorization: Bearer <agent token>` ' +
          '(API keys are refused, and agent tokens are refused on /public). ' +
          'Upserts the automatic server or workstation of this agent and hostname, its discovered software ' +
          "(entries no longer listed are marked missing) and the agent's lastSeenAt, in one transaction, " +
          'audited with the agent as actor.',
        security: [{ agentToken: [] }],
        body: AgentReport,
        response: { 200: ReportResult, ...errorResponses(400, 401, 413, 415, 422, 429, 500, 503) },
      },
    },
    async (request) => recordReport(database, agentOf(request), request.body),
  );
}
