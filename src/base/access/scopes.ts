/**
 * The permission scopes of the public API (docs/api.md) and the default permission sets of the
 * three system roles. Scopes are data: roles store their own editable copies.
 *
 * Inventory families declare their own scopes when they are registered (`src/families/registry.ts`); the
 * modules that are not families are declared here.
 */

/** Which system roles get a scope family's actions besides admin: all roles read, writers change. */
interface Grant {
  actions: Set<string>;
  /** The write role gets its actions other than read. */
  writers: boolean;
  /** The read and write roles get its read action. */
  readers: boolean;
}

const declared = new Map<string, Grant>();
let families = 0;
let cached: readonly string[] | undefined;

/**
 * Declares the actions of a scope family (`applications` → `applications:read`, …). Declaring a
 * family again adds its actions; the write role gets them when any declaration says `writers`.
 */
export function declareScopes(
  family: string,
  actions: readonly string[],
  { writers = false, readers = true, inventory = false } = {},
): void {
  const grant = declared.get(family) ?? { actions: new Set<string>(), writers: false, readers };
  for (const action of actions) grant.actions.add(action);
  grant.writers ||= writers;
  declared.set(family, grant);
  if (inventory) families += 1;
  cached = undefined;
}

declareScopes('tags', ['read', 'add', 'delete'], { writers: true });
declareScopes('agents', ['read']);
declareScopes('users', ['read']);
declareScopes('members', ['read', 'edit', 'delete']);
declareScopes('audit_log', ['read'], { readers: false });
declareScopes('tenant', ['read', 'edit']);
for (const name of ['finance', 'usage', 'operations', 'architecture', 'technology', 'workstations'])
  declareScopes(`${name}_dashboard`, ['read']);
for (const name of ['flow_mapping', 'application_matrix', 'application_quadrant', 'application_lifecycle'])
  declareScopes(`${name}_diagram`, ['read']);
declareScopes('capacity_map_diagram', ['read']);
declareScopes('network_mapping_diagram', ['read']);

/** Every scope, sorted. Needs the inventory families registered (any process that loads `families.ts`). */
export function allScopes(): readonly string[] {
  if (families === 0) throw new Error('scopes read before the inventory families were registered');
  cached ??= [...declared].flatMap(([family, grant]) => [...grant.actions].map((a) => `${family}:${a}`)).sort();
  return cached;
}

export function isScope(value: string): boolean {
  return allScopes().includes(value);
}

export const ROLE_NAMES = ['read', 'write', 'admin'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export function isRoleName(value: string): value is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(value);
}

/** The scopes a system role starts with: admin all, read every read but the audit log's, write adds changes. */
export function defaultPermissions(role: RoleName): string[] {
  const scopes = allScopes();
  if (role === 'admin') return [...scopes];
  return scopes.filter((scope) => {
    const [family, action] = scope.split(':') as [string, string];
    const grant = declared.get(family)!;
    return action === 'read' ? grant.readers : role === 'write' && grant.writers;
  });
}

/** Splits a comma-separated scope list, trimming blanks and duplicates, and returns it sorted. */
export function parseScopeList(value: string): string[] {
  const scopes = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(scopes)].sort();
}
