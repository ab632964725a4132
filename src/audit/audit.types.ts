/**
 * The vocabulary of audit events. The `/audit-log` filters accept exactly these values, and its
 * OpenAPI description lists them, so a new action is added here once and appears everywhere.
 */
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
  // The console's sign-in and account events (issue 12).
  'sign_in',
  'sign_in_failure',
  'lockout',
  'sign_out',
  'password_change',
  'invite',
  // Ending a person's sign-in locks (issue 29).
  'unlock',
] as const;

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
] as const;

export const ACTOR_TYPES = ['api_key', 'member', 'agent', 'system'] as const;

export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditResourceType = (typeof AUDIT_RESOURCE_TYPES)[number];
export type ActorType = (typeof ACTOR_TYPES)[number];

/** Who made a change: an API key, a member (console/CLI `--as`), an agent, or the system itself. */
export interface Actor {
  type: ActorType;
  id: string | null;
  name: string;
}

/** Operator commands run on the host (`estate …`) act as the system. */
export const CLI_ACTOR: Actor = { type: 'system', id: null, name: 'estate cli' };

export type Changes = Record<string, { before: unknown; after: unknown }>;
