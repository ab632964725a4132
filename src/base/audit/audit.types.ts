/**
 * The vocabulary of audit events. The `/audit-log` filters accept exactly these values, and its
 * OpenAPI description lists them, so a new action is added here once and appears everywhere.
 */
import type { Actor } from '../access/actor.js';

export const AUDIT_CATEGORIES = ['inventory', 'organisation', 'access', 'settings'] as const;

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'link',
  'unlink',
  'comment',
  'rotate',
  'revoke',
  'report',
  // The console's sign-in and account events.
  'sign_in',
  'sign_in_failure',
  'lockout',
  'sign_out',
  'password_change',
  'invite',
  // Ending a person's sign-in locks (estate member unlock).
  'unlock',
  // A file imported into a family (estate import): counts and file name; each item has its own event.
  'import',
] as const;

/**
 * The resource types the API document has listed since the first release, in that order. Each
 * inventory family declares its own type when it is registered (`src/families/registry.ts`); a type not
 * listed here follows these, in the order declared.
 */
export const AUDIT_RESOURCE_TYPES = [
  'application',
  'flow',
  'server',
  'network',
  'router',
  'workstation',
  'agent',
  'data_object',
  'contract',
  'category',
  'tag',
  'team',
  'announcement',
  'discovered_application',
  'user',
  'member',
  'role',
  'api_key',
  'workspace',
  // A team's own field on a family (custom-fields/).
  'custom_field',
] as const;

/**
 * Every resource type, the published ones first. Families append theirs before the app is built;
 * the audit schemas hold this very array, so the filter and the document list them too.
 */
const RESOURCE_TYPES: string[] = [...AUDIT_RESOURCE_TYPES];

/** Adds a family's resource type to what the audit log's filter accepts and its document lists. */
export function declareAuditResourceType(type: string): void {
  if (!RESOURCE_TYPES.includes(type)) RESOURCE_TYPES.push(type);
}

/** The resource types `/audit-log` accepts. */
export function auditResourceTypes(): readonly string[] {
  return RESOURCE_TYPES;
}

export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** A module's or a family's resource type (`auditResourceTypes()`). */
export type AuditResourceType = string;

// Who acts is shared with authentication, below every module; the audit vocabulary names it too.
export { ACTOR_TYPES, type Actor, type ActorType } from '../access/actor.js';

/** Operator commands run on the host (`estate …`) act as the system. */
export const CLI_ACTOR: Actor = { type: 'system', id: null, name: 'estate cli' };

export type Changes = Record<string, { before: unknown; after: unknown }>;
