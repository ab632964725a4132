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

/** Every resource type of a composition: the published ones first, then its families' (deduplicated). */
export function auditResourceTypesOf(families: readonly string[]): readonly string[] {
  return [...new Set([...AUDIT_RESOURCE_TYPES, ...families])];
}

export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** A module's or a family's resource type (`auditResourceTypesOf`). */
export type AuditResourceType = string;

// Who acts is shared with authentication, below every module; the audit vocabulary names it too.
export { ACTOR_TYPES, type Actor, type ActorType } from '../access/actor.js';

/** Operator commands run on the host (`estate …`) act as the system. */
export const CLI_ACTOR: Actor = { type: 'system', id: null, name: 'estate cli' };

export type Changes = Record<string, { before: unknown; after: unknown }>;
