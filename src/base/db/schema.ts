/**
 * Row types of every table, shared by both dialects. Ids are UUID strings and timestamps are
 * ISO-8601 UTC strings with milliseconds on both SQLite (TEXT) and PostgreSQL (uuid/timestamptz,
 * converted on read by the pg type parsers in database.ts).
 */
import type { ColumnType } from 'kysely';

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
  /** Set for the id row of a person without an account, who exists in that workspace only. */
  workspace_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Every person of a workspace: its members and the people it records without an account. */
export interface PeopleTable {
  workspace_id: string;
  id: string;
  name: string;
  email: string | null;
  department: string | null;
  employee_number: string | null;
  /** 1 while the person is a member (their name and e-mail are their account's). */
  member: number;
  /** The person's custom field values (JSON), '{}' by default. */
  custom_fields?: string;
  created_at: string;
  updated_at: string;
}

export interface MembersTable {
  workspace_id: string;
  id: string;
  user_id: string;
  role: string;
  created_at: string;
  /** Copies of the person's name, e-mail and created_at, kept by the baseline's triggers: the lists' sort keys. */
  user_name: ColumnType<string, never, never>;
  user_email: ColumnType<string, never, never>;
  user_created_at: ColumnType<string, never, never>;
}

export interface RolesTable {
  workspace_id: string;
  /** Null only between the migration that added it and its backfill (0012). */
  id: string | null;
  name: string;
  description: string | null;
  /** JSON array of scope codes, sorted. */
  permissions: string;
  /** JSON restrictions (access/restrictions.ts): per family, the list filters its items must match; `{}` for none. */
  restrictions: ColumnType<string, string | undefined, string>;
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
  /** JSON restrictions frozen at creation (access/restrictions.ts); null: the key reaches every item. */
  restrictions: string | null;
  /** The custom role whose permissions and restrictions the key copied (`--role`), else null. */
  role: string | null;
  key_hash: string;
  prefix: string;
  created_by: string | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  rotated_at: string | null;
}

/** A list's view saved under a name: its creator's, or shared with the workspace. */
export interface SavedViewsTable {
  workspace_id: string;
  id: string;
  /** The list: its console path (`servers`, `data`). */
  family: string;
  name: string;
  owner_user_id: string;
  /** Shared with every member of the workspace (1) or its creator's only (0). */
  shared: number;
  /** JSON object: the list's query parameters (filters, q, sort, limit) and `columns`. */
  query: string;
  created_at: string;
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

export interface TagsTable {
  workspace_id: string;
  id: string;
  name: string;
  /** The name case-folded in JavaScript (foldKey), unique in the workspace: one rule on both databases. */
  name_key: string;
  /** #rrggbb */
  colour: string;
  description: string | null;
  created_at: string;
}

export interface CategoriesTable {
  workspace_id: string;
  id: string;
  /** The item's custom field values: a JSON object by field name, set values only. */
  custom_fields: string;
  name: string;
  description: string | null;
  parent_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface TeamsTable {
  workspace_id: string;
  id: string;
  /** The item's custom field values: a JSON object by field name, set values only. */
  custom_fields: string;
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

export interface AgentsTable {
  workspace_id: string;
  id: string;
  name: string;
  token_hash: string;
  token_prefix: string;
  hostname: string | null;
  version: string | null;
  created_at: string;
  last_seen_at: string | null;
  revoked_at: string | null;
  /** Start of the agent's current one-minute report window, and the reports counted in it. */
  report_window_start: string | null;
  report_window_count: number;
  /** 1: a fleet agent, whose token reports many hosts through POST /inventory. */
  fleet: number;
}

/** A host a fleet agent reports, by its inventory's device id. */
export interface InventoryDevicesTable {
  workspace_id: string;
  id: string;
  agent_id: string;
  device_id: string;
  hardware_uuid: string | null;
  serial_number: string | null;
  host_kind: 'server' | 'workstation' | 'router';
  host_id: string;
  first_seen_at: string;
  last_seen_at: string;
  report_window_start: string | null;
  report_window_count: number;
}

export interface ApplicationsTable {
  workspace_id: string;
  id: string;
  /** The item's custom field values: a JSON object by field name, set values only. */
  custom_fields: string;
  name: string;
  description: string | null;
  vendor: string | null;
  version: string | null;
  url: string | null;
  lifecycle_status: string | null;
  criticality: string | null;
  hosting_type: string | null;
  category_id: string | null;
  catalog_entry_id: string | null;
  business_value: number | null;
  technical_fit: number | null;
  user_count: number | null;
  plan_date: string | null;
  phase_in_date: string | null;
  active_date: string | null;
  phase_out_date: string | null;
  end_of_life_date: string | null;
  created_at: string;
  updated_at: string;
}

/** The columns of a host an agent may report (servers, workstations). */
export interface AgentReportedColumns {
  /** 1 when reported by an agent. */
  automatic: number;
  agent_id: string | null;
  /** A fleet agent's device row (inventory_devices) for its hosts; '' for a one-host agent's. */
  agent_device: string;
  created_at: string;
  last_check_time: string;
  /** The agent's last report, changed or not. */
  last_report_at: string | null;
}

export interface ServersTable extends AgentReportedColumns {
  workspace_id: string;
  id: string;
  /** The item's custom field values: a JSON object by field name, set values only. */
  custom_fields: string;
  name: string;
  hostname: string;
  /** JSON array of addresses. */
  ip_addresses: string;
  os: string | null;
  os_version: string | null;
  manufacturer: string | null;
  model: string | null;
  serial_number: string | null;
  cpu_cores: number | null;
  memory_mb: number | null;
  storage_gb: number | null;
  environment: string | null;
  location: string | null;
  description: string | null;
  /** os case-folded (text-search.ts fold), for the exact case-insensitive os filter. */
  os_key: string | null;
}

export interface NetworksTable {
  workspace_id: string;
  id: string;
  /** The item's custom field values: a JSON object by field name, set values only. */
  custom_fields: string;
  name: string;
  cidr: string;
  /** Sort key of the CIDR: numeric address order (cidrKey). */
  cidr_key: string;
  vlan: number | null;
  gateway: string | null;
  environment: string | null;
  location: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface RoutersTable {
  workspace_id: string;
  id: string;
  /** The item's custom field values: a JSON object by field name, set values only. */
  custom_fields: string;
  name: string;
  manufacturer: string | null;
  manufacturer_key: string | null;
  model: string | null;
  os: string | null;
  os_version: string | null;
  serial_number: string | null;
  management_ip: string | null;
  location: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface WorkstationsTable extends AgentReportedColumns {
  workspace_id: string;
  id: string;
  /** The item's custom field values: a JSON object by field name, set values only. */
  custom_fields: string;
  name: string;
  hostname: string | null;
  serial_number: string | null;
  manufacturer: string | null;
  model: string | null;
  os: string | null;
  os_version: string | null;
  cpu_cores: number | null;
  memory_mb: number | null;
  status: string;
  assigned_user_id: string | null;
  purchase_date: string | null;
  warranty_end: string | null;
  location: string | null;
}

export interface DataObjectsTable {
  workspace_id: string;
  id: string;
  /** The item's custom field values: a JSON object by field name, set values only. */
  custom_fields: string;
  name: string;
  description: string | null;
  classification: string | null;
  personal_data: number;
  retention_days: number | null;
  created_at: string;
  updated_at: string;
}

export interface ContractsTable {
  workspace_id: string;
  id: string;
  /** The item's custom field values: a JSON object by field name, set values only. */
  custom_fields: string;
  name: string;
  vendor: string;
  vendor_key: string;
  type: string | null;
  reference: string | null;
  start_date: string;
  end_date: string | null;
  renewal_date: string | null;
  notice_period_days: number | null;
  auto_renew: number;
  amount: number | null;
  currency: string | null;
  billing_period: string | null;
  seats: number | null;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface FlowsTable {
  workspace_id: string;
  id: string;
  /** The item's custom field values: a JSON object by field name, set values only. */
  custom_fields: string;
  name: string;
  source_application_id: string;
  target_application_id: string;
  protocol: string | null;
  frequency: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface AnnouncementsTable {
  workspace_id: string;
  id: string;
  /** The item's custom field values: a JSON object by field name, set values only. */
  custom_fields: string;
  title: string;
  body: string;
  severity: string;
  starts_at: string | null;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ApplicationCommentsTable {
  workspace_id: string;
  id: string;
  application_id: string;
  body: string;
  author_type: string;
  author_id: string | null;
  author_name: string;
  created_at: string;
}

export interface DiscoveredApplicationsTable {
  workspace_id: string;
  id: string;
  name: string;
  vendor: string;
  /** Case-folded name and vendor (JavaScript toLowerCase), the key of software_installs. */
  name_key: string;
  vendor_key: string;
  version: string | null;
  server_id: string | null;
  workstation_id: string | null;
  agent_id: string | null;
  status: string;
  application_id: string | null;
  catalog_entry_id: string | null;
  first_seen_at: string;
  last_seen_at: string;
  missing_since: string | null;
  last_update: string;
}

interface LinkRow {
  workspace_id: string;
  created_at: string;
}

/** Per-workspace install count of each (name, vendor), kept by agent reports. */
export interface SoftwareInstallsTable {
  workspace_id: string;
  name_key: string;
  vendor_key: string;
  install_count: number;
}

/** Kept by triggers on the tables `counted` in storage.ts; never written by the service. */
/** A workspace's data version, replaced by each of its write transactions. */
export interface DataVersionsTable {
  workspace_id: string;
  version: number;
}

export interface RowCountsTable {
  workspace_id: string;
  table_name: string;
  total: number;
}

/** Rows each value of a broad filter selects, per workspace and table (storage.ts: valueCounts, days, linkCounts). */
export interface ValueCountsTable {
  workspace_id: string;
  table_name: string;
  filter_name: string;
  value: string;
  total: number;
}

/** Per workspace and searched table, a number every change a search could see moves (search-counts.ts). */
export interface SearchVersionsTable {
  workspace_id: string;
  table_name: string;
  version: number;
}

/** A signed-in console browser; `id` is the SHA-256 of the cookie's token. */
export interface ConsoleSessionsTable {
  id: string;
  user_id: string;
  /** The workspace the member selected; null when it was deleted or none is chosen. */
  workspace_id: string | null;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  /** The absolute end of the session, whatever its activity. */
  expires_at: string;
}

/** Failed console sign-ins of one subject (`account:<email>` or `address:<ip>`) in the current window. */
export interface SignInFailuresTable {
  subject: string;
  failures: number;
  window_start: string;
  locked_until: string | null;
}

/** A one-time link with which an invited member sets their password; `token_hash` is the SHA-256 of its token. */
export interface InvitationsTable {
  token_hash: string;
  workspace_id: string;
  user_id: string;
  member_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** Who made the link: 'workspace' (an admin adding a new person) or 'operator' (`estate member invite`). */
  issued_by: ColumnType<'workspace' | 'operator', 'workspace' | 'operator' | undefined, never>;
}

/**
 * A team's own field on one family: JSON text for the values that take any
 * type (`default_value`, `minimum`, `maximum`) and for `choices`; integers 0/1 for the flags.
 */
export interface FieldDefinitionsTable {
  workspace_id: string;
  id: string;
  family: string;
  name: string;
  label: string;
  description: string | null;
  type: string;
  required: number;
  default_value: string | null;
  choices: string | null;
  minimum: string | null;
  maximum: string | null;
  pattern: string | null;
  max_length: number | null;
  reference_family: string | null;
  unique_values: number;
  group_name: string | null;
  position: number;
  filterable: number;
  searchable: number;
  created_at: string;
  updated_at: string;
}

/** One edit of many items at once, and the audit events it wrote (migration 0013). */
export interface BulkEditsTable {
  workspace_id: string;
  id: string;
  family: string;
  actor_type: string;
  actor_id: string | null;
  actor_name: string;
  created_at: string;
  items: number;
  /** JSON: [[fromTimestamp, fromId], [toTimestamp, toId]][] — the positions of its events, each range inclusive. */
  events: string;
  undoes: string | null;
  undone_by: string | null;
  /** 1 once its last items are written. */
  complete: number;
}

export interface Tables {
  console_sessions: ConsoleSessionsTable;
  sign_in_failures: SignInFailuresTable;
  invitations: InvitationsTable;
  row_counts: RowCountsTable;
  data_versions: DataVersionsTable;
  value_counts: ValueCountsTable;
  search_versions: SearchVersionsTable;
  software_installs: SoftwareInstallsTable;
  agents: AgentsTable;
  inventory_devices: InventoryDevicesTable;
  applications: ApplicationsTable;
  servers: ServersTable;
  networks: NetworksTable;
  routers: RoutersTable;
  workstations: WorkstationsTable;
  data_objects: DataObjectsTable;
  contracts: ContractsTable;
  flows: FlowsTable;
  announcements: AnnouncementsTable;
  application_comments: ApplicationCommentsTable;
  discovered_applications: DiscoveredApplicationsTable;
  application_owners: LinkRow & { application_id: string; user_id: string };
  server_owners: LinkRow & { server_id: string; user_id: string };
  application_tags: LinkRow & { application_id: string; tag_id: string };
  application_teams: LinkRow & { application_id: string; team_id: string };
  /** `server_name`, `server_environment`: the server's, kept by triggers (`nameCopy` in storage.ts). */
  application_servers: LinkRow & {
    application_id: string;
    server_id: string;
    server_name: ColumnType<string, never, never>;
    server_environment: ColumnType<string | null, never, never>;
  };
  server_tags: LinkRow & {
    server_id: string;
    tag_id: string;
    server_name: ColumnType<string, never, never>;
    server_environment: ColumnType<string | null, never, never>;
  };
  /** Each server's addresses as keys (db/address-keys.ts), kept by triggers. */
  server_addresses: { workspace_id: string; server_id: string; address: string };
  router_networks: LinkRow & { router_id: string; network_id: string };
  router_tags: LinkRow & { router_id: string; tag_id: string };
  data_object_applications: LinkRow & { data_object_id: string; application_id: string };
  contract_applications: LinkRow & { contract_id: string; application_id: string };
  flow_data_objects: LinkRow & { flow_id: string; data_object_id: string };
  tags: TagsTable;
  categories: CategoriesTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  workspaces: WorkspacesTable;
  users: UsersTable;
  members: MembersTable;
  people: PeopleTable;
  roles: RolesTable;
  api_keys: ApiKeysTable;
  audit_events: AuditEventsTable;
  saved_views: SavedViewsTable;
  bulk_edits: BulkEditsTable;
  field_definitions: FieldDefinitionsTable;
}
