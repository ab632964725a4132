/**
 * Row types of every table, shared by both dialects. Ids are UUID strings and timestamps are
 * ISO-8601 UTC strings with milliseconds on both SQLite (TEXT) and PostgreSQL (uuid/timestamptz,
 * converted on read by the pg type parsers in database.ts).
 */
export interface WorkspacesTable {
  id: string;
  name: string;
  /** ISO 4217 code used where an amount has no currency of its own. */
  default_currency: string;
  /** IANA time zone name used by the console for dates. */
  time_zone: string;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  created_at: string;
}

export interface MembersTable {
  workspace_id: string;
  id: string;
  user_id: string;
  role: string;
  created_at: string;
}

export interface RolesTable {
  workspace_id: string;
  name: string;
  /** JSON array of scope codes, sorted. */
  permissions: string;
  updated_at: string;
}

export interface ApiKeysTable {
  id: string;
  /** Not a foreign key on purpose: keys outlive their workspace so that they answer 403 forbidden. */
  workspace_id: string;
  name: string;
  alias: string | null;
  /** JSON array of scope codes, sorted, frozen at creation. */
  permissions: string;
  key_hash: string;
  prefix: string;
  created_by: string | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  rotated_at: string | null;
}

export interface AuditEventsTable {
  workspace_id: string;
  id: string;
  timestamp: string;
  category: string;
  action: string;
  actor_type: string;
  actor_id: string | null;
  actor_name: string;
  resource_type: string;
  resource_id: string | null;
  resource_name: string | null;
  /** JSON object `{ field: { before, after } }` or null. */
  changes: string | null;
}

/** Maintained by triggers on audit_events (migration 0002); never written by the service. */
export interface AuditEventCountsTable {
  workspace_id: string;
  total: number;
}

export interface TagsTable {
  workspace_id: string;
  id: string;
  name: string;
  /** #rrggbb */
  colour: string;
  description: string | null;
  created_at: string;
}

export interface CategoriesTable {
  workspace_id: string;
  id: string;
  name: string;
  description: string | null;
  parent_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface TeamsTable {
  workspace_id: string;
  id: string;
  name: string;
  description: string | null;
  email: string | null;
  parent_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface TeamMembersTable {
  workspace_id: string;
  team_id: string;
  user_id: string;
  created_at: string;
}

export interface Tables {
  tags: TagsTable;
  categories: CategoriesTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  audit_event_counts: AuditEventCountsTable;
  workspaces: WorkspacesTable;
  users: UsersTable;
  members: MembersTable;
  roles: RolesTable;
  api_keys: ApiKeysTable;
  audit_events: AuditEventsTable;
}
