/**
 * The composition root: the one file that lists every module. Modules import the shared base
 * (http/) and never this list; app/app.ts registers it, and hands the console its share.
 */
import { registerAgentRoutes } from '../../features/agents/agents.module.js';
import { registerAgentReportRoutes } from '../../features/agents/report.routes.js';
import { registerApplicationCommentRoutes } from '../../families/applications/applications.module.js';
import { registerFamilies } from '../../families/registry.js';
import { registerAuditRoutes } from '../../base/audit/audit.routes.js';
import { registerCatalogRoutes } from '../../families/applications/catalog.routes.js';
import { registerCustomFieldRoutes } from '../../features/custom-fields/fields.routes.js';
import { registerDashboardRoutes } from '../../features/dashboards/dashboards.routes.js';
import { registerDiagramRoutes } from '../../features/diagrams/diagrams.routes.js';
import {
  registerDiscoveredApplicationRoutes,
  registerDiscoveredTriageRoutes,
} from '../../features/discovered/discovered-applications.module.js';
import { registerNetworkHostRoutes } from '../../families/networks/network-hosts.routes.js';
import { registerMeRoutes } from '../../features/accounts/keys/me.routes.js';
import { registerMemberRoutes } from '../../features/accounts/members/members.routes.js';
import { registerRoleRoutes } from '../../features/accounts/roles/roles.routes.js';
import { registerTagRoutes } from '../../families/tags/tags.routes.js';
import { registerTenantRoutes } from '../../features/accounts/workspaces/tenant.routes.js';
import { registerUserRoutes } from '../../families/people/people.routes.js';
import type { RegisterModule as Register } from '../../base/http/types.js';

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
  registerRoleRoutes,
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
