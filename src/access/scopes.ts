/**
 * The permission scopes of the public API (docs/api.md) and the default permission sets of the
 * three system roles. Scopes are data: roles store their own editable copies.
 */
const FAMILIES: Record<string, readonly string[]> = {
  applications: ['read', 'add', 'edit', 'delete', 'comment'],
  infrastructure: ['read', 'add', 'edit', 'delete'],
  agents: ['read'],
  data: ['read', 'add', 'edit', 'delete'],
  contracts: ['read', 'add', 'edit', 'delete'],
  categories: ['read', 'add', 'edit', 'delete'],
  tags: ['read', 'add', 'delete'],
  organisation: ['read', 'add', 'edit', 'delete'],
  users: ['read'],
  members: ['read', 'edit', 'delete'],
  announces: ['read', 'add', 'edit', 'delete'],
  audit_log: ['read'],
  tenant: ['read', 'edit'],
  finance_dashboard: ['read'],
  usage_dashboard: ['read'],
  operations_dashboard: ['read'],
  architecture_dashboard: ['read'],
  technology_dashboard: ['read'],
  workstations_dashboard: ['read'],
  flow_mapping_diagram: ['read'],
  application_matrix_diagram: ['read'],
  application_quadrant_diagram: ['read'],
  application_lifecycle_diagram: ['read'],
  capacity_map_diagram: ['read'],
  network_mapping_diagram: ['read'],
};

export const ALL_SCOPES: readonly string[] = Object.entries(FAMILIES)
  .flatMap(([family, actions]) => actions.map((action) => `${family}:${action}`))
  .sort();

const SCOPE_SET = new Set(ALL_SCOPES);

export function isScope(value: string): boolean {
  return SCOPE_SET.has(value);
}

export const ROLE_NAMES = ['read', 'write', 'admin'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export function isRoleName(value: string): value is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(value);
}

const WRITE_FAMILIES = [
  'applications',
  'infrastructure',
  'data',
  'contracts',
  'categories',
  'tags',
  'organisation',
  'announces',
];

function defaultPermissions(role: RoleName): string[] {
  if (role === 'admin') return [...ALL_SCOPES];
  const read = ALL_SCOPES.filter((scope) => scope.endsWith(':read') && scope !== 'audit_log:read');
  if (role === 'read') return read;
  const writes = ALL_SCOPES.filter((scope) => {
    const [family, action] = scope.split(':') as [string, string];
    return WRITE_FAMILIES.includes(family) && action !== 'read';
  });
  return [...read, ...writes].sort();
}

export const DEFAULT_ROLE_PERMISSIONS: Readonly<Record<RoleName, readonly string[]>> = {
  read: defaultPermissions('read'),
  write: defaultPermissions('write'),
  admin: defaultPermissions('admin'),
};

/** Splits a comma-separated scope list, trimming blanks and duplicates, and returns it sorted. */
export function parseScopeList(value: string): string[] {
  const scopes = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(scopes)].sort();
}
