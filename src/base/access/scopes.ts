/**
 * The permission scopes of the public API (docs/api.md) and the default permission sets of the
 * three system roles. Scopes are data: roles store their own editable copies.
 *
 * The modules that are not families declare theirs here; each family its own, in its definition. The
 * catalog of one composition is built with its registry (`src/families/registry.ts`).
 */

/** A scope family's actions and which system roles get them besides admin. */
export interface ScopeDeclaration {
  family: string;
  actions: readonly string[];
  /** The write role gets its actions other than read. */
  writers?: boolean;
  /** The read and write roles get its read action (default true). */
  readers?: boolean;
}

/** The scopes of the modules that are not families; each family declares its own (registry). */
export const SERVICE_SCOPES: readonly ScopeDeclaration[] = [
  { family: 'tags', actions: ['read', 'add', 'delete'], writers: true },
  { family: 'agents', actions: ['read'] },
  { family: 'users', actions: ['read'] },
  { family: 'members', actions: ['read', 'edit', 'delete'] },
  { family: 'audit_log', actions: ['read'], readers: false },
  { family: 'tenant', actions: ['read', 'edit'] },
  ...['finance', 'usage', 'operations', 'architecture', 'technology', 'workstations'].map((name) => ({
    family: `${name}_dashboard`,
    actions: ['read'],
  })),
  ...[
    'flow_mapping',
    'application_matrix',
    'application_quadrant',
    'application_lifecycle',
    'capacity_map',
    'network_mapping',
  ].map((name) => ({ family: `${name}_diagram`, actions: ['read'] })),
];

/** The scopes of one composition of the service: every one, and what the system roles start with. */
export interface ScopeCatalog {
  /** Every scope, sorted. */
  readonly all: readonly string[];
  has(scope: string): boolean;
  /** The scopes a system role starts with: admin all, read every read but the audit log's, write adds changes. */
  defaults(role: RoleName): string[];
}

/**
 * The catalog of `declarations`: declaring a scope family again adds its actions, and the write
 * role gets them when any declaration says `writers`.
 */
export function scopeCatalog(declarations: readonly ScopeDeclaration[]): ScopeCatalog {
  const grants = new Map<string, { actions: Set<string>; writers: boolean; readers: boolean }>();
  for (const { family, actions, writers = false, readers = true } of declarations) {
    const grant = grants.get(family) ?? { actions: new Set<string>(), writers: false, readers };
    for (const action of actions) grant.actions.add(action);
    grant.writers ||= writers;
    grants.set(family, grant);
  }
  const all = [...grants].flatMap(([family, grant]) => [...grant.actions].map((a) => `${family}:${a}`)).sort();
  const known = new Set(all);
  return {
    all,
    has: (scope) => known.has(scope),
    defaults(role) {
      if (role === 'admin') return [...all];
      return all.filter((scope) => {
        const [family, action] = scope.split(':') as [string, string];
        const grant = grants.get(family)!;
        return action === 'read' ? grant.readers : role === 'write' && grant.writers;
      });
    },
  };
}

export const ROLE_NAMES = ['read', 'write', 'admin'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export function isRoleName(value: string): value is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(value);
}

/** Splits a comma-separated scope list, trimming blanks and duplicates, and returns it sorted. */
export function parseScopeList(value: string): string[] {
  const scopes = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(scopes)].sort();
}
