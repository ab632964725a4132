/**
 * The composition root: the one file that lists every module. Modules import the shared base
 * (http/) and never this list; app/app.ts registers it, and hands the console its share.
 */
import { registerAgentRoutes } from '../agents/agents.module.js';
import { registerAgentReportRoutes } from '../agents/report.routes.js';
import { registerApplicationCommentRoutes } from '../applications/applications.module.js';
import { registerFamilies } from '../families.js';
import { registerAuditRoutes } from '../audit/audit.routes.js';
import { registerCatalogRoutes } from '../catalog/catalog.routes.js';
import { registerCustomFieldRoutes } from '../custom-fields/fields.routes.js';
import { registerDashboardRoutes } from '../dashboards/dashboards.routes.js';
import { registerDiagramRoutes } from '../diagrams/diagrams.routes.js';
import {
  registerDiscoveredApplicationRoutes,
  registerDiscoveredTriageRoutes,
} from '../discovered/discovered-applications.module.js';
import { registerNetworkHostRoutes } from '../infrastructure/network-hosts.routes.js';
import { registerMeRoutes } from '../me/me.routes.js';
import { registerMemberRoutes } from '../members/members.routes.js';
import { registerTagRoutes } from '../tags/tags.routes.js';
import { registerTenantRoutes } from '../tenant/tenant.routes.js';
import { registerUserRoutes } from '../users/people.routes.js';
import type { RegisterModule as Register } from '../http/types.js';

/**
 * The modules that act on a workspace for a caller: registered under /public/v1 for API keys and
 * under /ui/api/v1 for signed-in console members, the same routes, schemas and rules for both.
 */
export const WORKSPACE_MODULES: readonly Register[] = [
  registerAuditRoutes,
  registerCatalogRoutes,
  registerTenantRoutes,
  registerCustomFieldRoutes,
  registerTagRoutes,
  registerUserRoutes,
  registerMemberRoutes,
  registerFamilies,
  registerNetworkHostRoutes,
  registerApplicationCommentRoutes,
  registerAgentRoutes,
  registerDiscoveredApplicationRoutes,
  registerDiscoveredTriageRoutes,
  registerDashboardRoutes,
  registerDiagramRoutes,
];

/** Every module of the public API, registered under /public/v1: one line per module. */
export const PUBLIC_MODULES: readonly Register[] = [registerMeRoutes, ...WORKSPACE_MODULES];

/** The agent ingest API (/agent/v1), authenticated by agent tokens. */
export const AGENT_MODULES: readonly Register[] = [registerAgentReportRoutes];
