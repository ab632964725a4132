import type { FastifyRequest } from 'fastify';
import type { Database } from '../../base/db/database.js';
import { callerOf } from '../../base/http/authenticate.js';
import type { AppDeps } from '../../base/http/types.js';
import { reachedDatabase, type ReachRules } from '../../base/resources/reached-tables.js';

/**
 * How the tables the dashboards and diagrams read stand under a restricted caller's reach, besides
 * the families, their links and the audit log (base/resources/reached-tables.ts).
 */
export const ESTATE_READS: ReachRules = {
  owned: [
    { table: 'server_addresses', column: 'server_id', owner: 'servers' },
    { table: 'application_comments', column: 'application_id', owner: 'applications' },
  ],
  // Agents and what they found are no family a role narrows: a restricted caller reaches none of them.
  closed: ['agents', 'discovered_applications', 'software_installs', 'inventory_devices'],
  open: ['workspaces', 'tags', 'users', 'people', 'members'],
};

/** The database as the request's caller reaches it: dashboards and diagrams are computed over it. */
export function estateOf(request: FastifyRequest, { database, registry }: AppDeps): Promise<Database> {
  return reachedDatabase(database, callerOf(request), registry.families, ESTATE_READS);
}
