import { registerAgentRoutes } from '../agents/agents.module.js';
import { registerAgentReportRoutes } from '../agents/report.routes.js';
import { registerAnnouncementRoutes } from '../announcements/announcements.module.js';
import { registerApplicationRoutes } from '../applications/applications.module.js';
import { registerAuditRoutes } from '../audit/audit.routes.js';
import { registerCatalogRoutes } from '../catalog/catalog.routes.js';
import { registerCategoryRoutes } from '../categories/categories.module.js';
import { registerContractRoutes } from '../contracts/contracts.module.js';
import { registerDataObjectRoutes } from '../data/data-objects.module.js';
import { registerDiscoveredApplicationRoutes, registerDiscoveredTriageRoutes } from '../discovered/discovered-applications.module.js';
import { registerFlowRoutes } from '../flows/flows.module.js';
import { registerNetworkRoutes } from '../infrastructure/networks.module.js';
import { registerServerRoutes } from '../infrastructure/servers.module.js';
import { registerWorkstationRoutes } from '../infrastructure/workstations.module.js';
import { registerMeRoutes } from '../me/me.routes.js';
import { registerMemberRoutes } from '../members/members.routes.js';
import { registerTagRoutes } from '../tags/tags.routes.js';
import { registerTeamRoutes } from '../teams/teams.module.js';
import { registerTenantRoutes } from '../tenant/tenant.routes.js';
import { registerUserRoutes } from '../users/users.module.js';
import type { RegisterModule as Register } from './types.js';

/** Every module of the public API, registered under /public/v1: one line per module. */
export const PUBLIC_MODULES: readonly Register[] = [
  registerMeRoutes,
  registerAuditRoutes,
  registerCatalogRoutes,
  registerTenantRoutes,
  registerTagRoutes,
  registerCategoryRoutes,
  registerTeamRoutes,
  registerUserRoutes,
  registerMemberRoutes,
  registerApplicationRoutes,
  registerServerRoutes,
  registerNetworkRoutes,
  registerWorkstationRoutes,
  registerAgentRoutes,
  registerDataObjectRoutes,
  registerContractRoutes,
  registerFlowRoutes,
  registerAnnouncementRoutes,
  registerDiscoveredApplicationRoutes,
  registerDiscoveredTriageRoutes,
];

/** The agent ingest API (/agent/v1), authenticated by agent tokens. */
export const AGENT_MODULES: readonly Register[] = [registerAgentReportRoutes];
