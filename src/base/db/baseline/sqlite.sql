-- Estate's schema baseline (sqlite), written by scripts/schema-baseline.ts.

CREATE TABLE "workspaces" ("id" text primary key, "name" text not null, "default_currency" text default 'EUR' not null, "time_zone" text default 'UTC' not null, "created_at" text not null, "updated_at" text not null)
;

CREATE TABLE "users" ("id" text primary key, "email" text not null unique, "name" text not null, "password_hash" text, "created_at" text not null, workspace_id text REFERENCES workspaces (id) ON DELETE CASCADE)
;

CREATE TABLE "members" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "user_id" text not null references "users" ("id") on delete cascade, "role" text not null, "created_at" text not null, user_name text NOT NULL DEFAULT '', user_email text NOT NULL DEFAULT '', user_created_at text NOT NULL DEFAULT '', constraint "members_pk" primary key ("workspace_id", "id"), constraint "members_workspace_user_uq" unique ("workspace_id", "user_id"))
;

CREATE TABLE "roles" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "name" text not null, "permissions" text not null, "updated_at" text not null, constraint "roles_pk" primary key ("workspace_id", "name"))
;

CREATE TABLE "api_keys" ("id" text primary key, "workspace_id" text not null, "name" text not null, "alias" text, "permissions" text not null, "key_hash" text not null unique, "prefix" text not null, "created_by" text, "created_at" text not null, "expires_at" text, "revoked_at" text, "rotated_at" text)
;

CREATE INDEX "api_keys_workspace_idx" on "api_keys" ("workspace_id", "created_at")
;

CREATE TABLE "audit_events" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "timestamp" text not null, "category" text not null, "action" text not null, "actor_type" text not null, "actor_id" text, "actor_name" text not null, "resource_type" text not null, "resource_id" text, "resource_name" text, "changes" text, constraint "audit_events_pk" primary key ("workspace_id", "id"))
;

CREATE INDEX audit_events_page_idx ON audit_events (workspace_id, timestamp DESC, id DESC)
;

CREATE INDEX audit_events_actor_idx ON audit_events (workspace_id, actor_id, timestamp DESC, id DESC)
;

CREATE INDEX audit_events_category_idx ON audit_events (workspace_id, category, timestamp DESC, id DESC)
;

CREATE TABLE "tags" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "colour" text not null, "description" text, "created_at" text not null, "name_key" text, constraint "tags_pk" primary key ("workspace_id", "id"))
;

CREATE TABLE "categories" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "description" text, "parent_id" text, "created_at" text not null, "updated_at" text not null, custom_fields text NOT NULL DEFAULT '{}', custom_search text, constraint "categories_pk" primary key ("workspace_id", "id"), constraint "categories_parent_fk" foreign key ("workspace_id", "parent_id") references "categories" ("workspace_id", "id"))
;

CREATE INDEX "categories_parent_idx" on "categories" ("workspace_id", "parent_id")
;

CREATE TABLE "teams" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "description" text, "email" text, "parent_id" text, "created_at" text not null, "updated_at" text not null, custom_fields text NOT NULL DEFAULT '{}', custom_search text, constraint "teams_pk" primary key ("workspace_id", "id"), constraint "teams_parent_fk" foreign key ("workspace_id", "parent_id") references "teams" ("workspace_id", "id"))
;

CREATE INDEX "teams_parent_idx" on "teams" ("workspace_id", "parent_id")
;

CREATE TABLE "team_members" ("workspace_id" text not null, "team_id" text not null, "user_id" text not null references "users" ("id") on delete cascade, "created_at" text not null, constraint "team_members_pk" primary key ("workspace_id", "team_id", "user_id"), constraint "team_members_team_fk" foreign key ("workspace_id", "team_id") references "teams" ("workspace_id", "id") on delete cascade)
;

CREATE TABLE "agents" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "token_hash" text not null unique, "token_prefix" text not null, "hostname" text, "version" text, "created_at" text not null, "last_seen_at" text, "revoked_at" text, "report_window_start" text, "report_window_count" integer default 0 not null, fleet integer NOT NULL DEFAULT 0, constraint "agents_pk" primary key ("workspace_id", "id"))
;

CREATE TABLE "applications" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "description" text, "vendor" text, "version" text, "url" text, "hosting_type" text, "category_id" text, "catalog_entry_id" text, "business_value" integer, "technical_fit" integer, "user_count" integer, "plan_date" text, "phase_in_date" text, "active_date" text, "phase_out_date" text, "end_of_life_date" text, "created_at" text not null, "updated_at" text not null, "lifecycle_status" text, "criticality" text, custom_fields text NOT NULL DEFAULT '{}', custom_search text, constraint "applications_pk" primary key ("workspace_id", "id"), constraint "applications_category_id_fk" foreign key ("workspace_id", "category_id") references "categories" ("workspace_id", "id"))
;

CREATE INDEX "applications_name_idx" on "applications" ("workspace_id", "name", "id")
;

CREATE INDEX "applications_category_idx" on "applications" ("workspace_id", "category_id")
;

CREATE TABLE "servers" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "hostname" text not null, "ip_addresses" text not null, "os" text, "os_version" text, "manufacturer" text, "model" text, "serial_number" text, "cpu_cores" integer, "memory_mb" integer, "storage_gb" integer, "location" text, "description" text, "automatic" integer not null, "agent_id" text, "created_at" text not null, "last_check_time" text not null, "environment" text, "last_report_at" text, "os_key" text, agent_device text NOT NULL DEFAULT '', custom_fields text NOT NULL DEFAULT '{}', custom_search text, constraint "servers_pk" primary key ("workspace_id", "id"), constraint "servers_agent_id_fk" foreign key ("workspace_id", "agent_id") references "agents" ("workspace_id", "id"))
;

CREATE INDEX "servers_name_idx" on "servers" ("workspace_id", "name", "id")
;

CREATE INDEX "servers_last_check_idx" on "servers" ("workspace_id", "last_check_time", "id")
;

CREATE TABLE "networks" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "cidr" text not null, "vlan" integer, "gateway" text, "environment" text, "location" text, "description" text, "created_at" text not null, "updated_at" text not null, "cidr_key" text default '' not null, custom_fields text NOT NULL DEFAULT '{}', custom_search text, constraint "networks_pk" primary key ("workspace_id", "id"))
;

CREATE TABLE "routers" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "manufacturer" text, "model" text, "os" text, "os_version" text, "serial_number" text, "management_ip" text, "location" text, "description" text, "created_at" text not null, "updated_at" text not null, "manufacturer_key" text, custom_fields text NOT NULL DEFAULT '{}', custom_search text, constraint "routers_pk" primary key ("workspace_id", "id"))
;

CREATE TABLE "workstations" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "hostname" text, "serial_number" text, "manufacturer" text, "model" text, "os" text, "os_version" text, "cpu_cores" integer, "memory_mb" integer, "status" text not null, "assigned_user_id" text references "users" ("id") on delete set null, "purchase_date" text, "warranty_end" text, "location" text, "automatic" integer not null, "agent_id" text, "created_at" text not null, "last_check_time" text not null, "last_report_at" text, agent_device text NOT NULL DEFAULT '', custom_fields text NOT NULL DEFAULT '{}', custom_search text, constraint "workstations_pk" primary key ("workspace_id", "id"), constraint "workstations_agent_id_fk" foreign key ("workspace_id", "agent_id") references "agents" ("workspace_id", "id"))
;

CREATE TABLE "data_objects" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "description" text, "personal_data" integer not null, "retention_days" integer, "created_at" text not null, "updated_at" text not null, "classification" text, custom_fields text NOT NULL DEFAULT '{}', custom_search text, constraint "data_objects_pk" primary key ("workspace_id", "id"))
;

CREATE TABLE "contracts" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "vendor" text not null, "reference" text, "start_date" text not null, "end_date" text, "renewal_date" text, "notice_period_days" integer, "auto_renew" integer not null, "amount" real, "currency" text, "seats" integer, "description" text, "created_at" text not null, "updated_at" text not null, "type" text, "billing_period" text, "vendor_key" text, custom_fields text NOT NULL DEFAULT '{}', custom_search text, constraint "contracts_pk" primary key ("workspace_id", "id"))
;

CREATE INDEX "contracts_end_idx" on "contracts" ("workspace_id", "end_date")
;

CREATE TABLE "flows" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "source_application_id" text not null, "target_application_id" text not null, "description" text, "created_at" text not null, "updated_at" text not null, "protocol" text, "frequency" text, custom_fields text NOT NULL DEFAULT '{}', custom_search text, constraint "flows_pk" primary key ("workspace_id", "id"), constraint "flows_source_application_id_fk" foreign key ("workspace_id", "source_application_id") references "applications" ("workspace_id", "id") on delete cascade, constraint "flows_target_application_id_fk" foreign key ("workspace_id", "target_application_id") references "applications" ("workspace_id", "id") on delete cascade)
;

CREATE INDEX "flows_target_idx" on "flows" ("workspace_id", "target_application_id")
;

CREATE INDEX "flows_source_idx" on "flows" ("workspace_id", "source_application_id")
;

CREATE TABLE "announcements" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "title" text not null, "body" text not null, "severity" text not null, "starts_at" text, "ends_at" text, "created_at" text not null, "updated_at" text not null, custom_fields text NOT NULL DEFAULT '{}', custom_search text, constraint "announcements_pk" primary key ("workspace_id", "id"))
;

CREATE TABLE "application_comments" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "application_id" text not null, "body" text not null, "author_type" text not null, "author_id" text, "author_name" text not null, "created_at" text not null, constraint "application_comments_pk" primary key ("workspace_id", "id"), constraint "application_comments_application_id_fk" foreign key ("workspace_id", "application_id") references "applications" ("workspace_id", "id") on delete cascade)
;

CREATE INDEX "application_comments_app_idx" on "application_comments" ("workspace_id", "application_id", "created_at")
;

CREATE TABLE "discovered_applications" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "vendor" text not null, "name_key" text not null, "vendor_key" text not null, "version" text, "server_id" text, "workstation_id" text, "agent_id" text, "status" text not null, "application_id" text, "catalog_entry_id" text, "first_seen_at" text not null, "last_seen_at" text not null, "missing_since" text, "last_update" text not null, constraint "discovered_applications_pk" primary key ("workspace_id", "id"), constraint "discovered_applications_server_id_fk" foreign key ("workspace_id", "server_id") references "servers" ("workspace_id", "id") on delete cascade, constraint "discovered_applications_workstation_id_fk" foreign key ("workspace_id", "workstation_id") references "workstations" ("workspace_id", "id") on delete cascade, constraint "discovered_applications_application_id_fk" foreign key ("workspace_id", "application_id") references "applications" ("workspace_id", "id"))
;

CREATE INDEX "discovered_applications_name_idx" on "discovered_applications" ("workspace_id", "name", "vendor")
;

CREATE TABLE "application_owners" ("workspace_id" text not null, "application_id" text not null, "user_id" text not null references "users" ("id") on delete cascade, "created_at" text not null, constraint "application_owners_pk" primary key ("workspace_id", "application_id", "user_id"), constraint "application_owners_app_fk" foreign key ("workspace_id", "application_id") references "applications" ("workspace_id", "id") on delete cascade)
;

CREATE TABLE "server_owners" ("workspace_id" text not null, "server_id" text not null, "user_id" text not null references "users" ("id") on delete cascade, "created_at" text not null, constraint "server_owners_pk" primary key ("workspace_id", "server_id", "user_id"), constraint "server_owners_server_fk" foreign key ("workspace_id", "server_id") references "servers" ("workspace_id", "id") on delete cascade)
;

CREATE TABLE "application_tags" ("workspace_id" text not null, "application_id" text not null, "tag_id" text not null, "created_at" text not null, constraint "application_tags_pk" primary key ("workspace_id", "application_id", "tag_id"), constraint "application_tags_application_id_fk" foreign key ("workspace_id", "application_id") references "applications" ("workspace_id", "id") on delete cascade, constraint "application_tags_tag_id_fk" foreign key ("workspace_id", "tag_id") references "tags" ("workspace_id", "id") on delete cascade)
;

CREATE TABLE "application_teams" ("workspace_id" text not null, "application_id" text not null, "team_id" text not null, "created_at" text not null, constraint "application_teams_pk" primary key ("workspace_id", "application_id", "team_id"), constraint "application_teams_application_id_fk" foreign key ("workspace_id", "application_id") references "applications" ("workspace_id", "id") on delete cascade, constraint "application_teams_team_id_fk" foreign key ("workspace_id", "team_id") references "teams" ("workspace_id", "id") on delete cascade)
;

CREATE TABLE "application_servers" ("workspace_id" text not null, "application_id" text not null, "server_id" text not null, "created_at" text not null, "server_name" text NOT NULL DEFAULT '', "server_environment" text, constraint "application_servers_pk" primary key ("workspace_id", "application_id", "server_id"), constraint "application_servers_application_id_fk" foreign key ("workspace_id", "application_id") references "applications" ("workspace_id", "id") on delete cascade, constraint "application_servers_server_id_fk" foreign key ("workspace_id", "server_id") references "servers" ("workspace_id", "id") on delete cascade)
;

CREATE TABLE "server_tags" ("workspace_id" text not null, "server_id" text not null, "tag_id" text not null, "created_at" text not null, "server_name" text NOT NULL DEFAULT '', "server_environment" text, constraint "server_tags_pk" primary key ("workspace_id", "server_id", "tag_id"), constraint "server_tags_server_id_fk" foreign key ("workspace_id", "server_id") references "servers" ("workspace_id", "id") on delete cascade, constraint "server_tags_tag_id_fk" foreign key ("workspace_id", "tag_id") references "tags" ("workspace_id", "id") on delete cascade)
;

CREATE TABLE "router_networks" ("workspace_id" text not null, "router_id" text not null, "network_id" text not null, "created_at" text not null, constraint "router_networks_pk" primary key ("workspace_id", "router_id", "network_id"), constraint "router_networks_router_id_fk" foreign key ("workspace_id", "router_id") references "routers" ("workspace_id", "id") on delete cascade, constraint "router_networks_network_id_fk" foreign key ("workspace_id", "network_id") references "networks" ("workspace_id", "id") on delete cascade)
;

CREATE TABLE "router_tags" ("workspace_id" text not null, "router_id" text not null, "tag_id" text not null, "created_at" text not null, constraint "router_tags_pk" primary key ("workspace_id", "router_id", "tag_id"), constraint "router_tags_router_id_fk" foreign key ("workspace_id", "router_id") references "routers" ("workspace_id", "id") on delete cascade, constraint "router_tags_tag_id_fk" foreign key ("workspace_id", "tag_id") references "tags" ("workspace_id", "id") on delete cascade)
;

CREATE INDEX "router_tags_tag_id_idx" on "router_tags" ("workspace_id", "tag_id")
;

CREATE TABLE "data_object_applications" ("workspace_id" text not null, "data_object_id" text not null, "application_id" text not null, "created_at" text not null, constraint "data_object_applications_pk" primary key ("workspace_id", "data_object_id", "application_id"), constraint "data_object_applications_data_object_id_fk" foreign key ("workspace_id", "data_object_id") references "data_objects" ("workspace_id", "id") on delete cascade, constraint "data_object_applications_application_id_fk" foreign key ("workspace_id", "application_id") references "applications" ("workspace_id", "id") on delete cascade)
;

CREATE TABLE "contract_applications" ("workspace_id" text not null, "contract_id" text not null, "application_id" text not null, "created_at" text not null, constraint "contract_applications_pk" primary key ("workspace_id", "contract_id", "application_id"), constraint "contract_applications_contract_id_fk" foreign key ("workspace_id", "contract_id") references "contracts" ("workspace_id", "id") on delete cascade, constraint "contract_applications_application_id_fk" foreign key ("workspace_id", "application_id") references "applications" ("workspace_id", "id") on delete cascade)
;

CREATE TABLE "flow_data_objects" ("workspace_id" text not null, "flow_id" text not null, "data_object_id" text not null, "created_at" text not null, constraint "flow_data_objects_pk" primary key ("workspace_id", "flow_id", "data_object_id"), constraint "flow_data_objects_flow_id_fk" foreign key ("workspace_id", "flow_id") references "flows" ("workspace_id", "id") on delete cascade, constraint "flow_data_objects_data_object_id_fk" foreign key ("workspace_id", "data_object_id") references "data_objects" ("workspace_id", "id") on delete cascade)
;

CREATE TABLE "software_installs" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "name_key" text not null, "vendor_key" text not null, "install_count" integer not null, constraint "software_installs_pk" primary key ("workspace_id", "name_key", "vendor_key"))
;

CREATE INDEX "discovered_applications_server_idx" on "discovered_applications" ("workspace_id", "server_id")
;

CREATE INDEX "discovered_applications_workstation_idx" on "discovered_applications" ("workspace_id", "workstation_id")
;

CREATE TABLE "row_counts" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "table_name" text not null, "total" bigint not null, constraint "row_counts_pk" primary key ("workspace_id", "table_name"))
;

CREATE UNIQUE INDEX tags_name_key_uq ON tags (workspace_id, name_key)
;

CREATE UNIQUE INDEX discovered_applications_server_id_key_uq ON discovered_applications (workspace_id, "server_id", name_key, vendor_key) WHERE "server_id" IS NOT NULL
;

CREATE UNIQUE INDEX discovered_applications_workstation_id_key_uq ON discovered_applications (workspace_id, "workstation_id", name_key, vendor_key) WHERE "workstation_id" IS NOT NULL
;

CREATE INDEX "servers_environment_idx" on "servers" ("workspace_id", "environment", "name", "id")
;

CREATE INDEX "networks_cidr_key_idx" on "networks" ("workspace_id", "cidr_key", "id")
;

CREATE INDEX "routers_manufacturer_key_idx" on "routers" ("workspace_id", "manufacturer_key")
;

CREATE INDEX "contracts_vendor_key_idx" on "contracts" ("workspace_id", "vendor_key")
;

CREATE INDEX "servers_os_release_idx" on "servers" ("workspace_id", "os", "os_version", "name", "id", "automatic")
;

CREATE INDEX "workstations_os_release_idx" on "workstations" ("workspace_id", "os", "os_version", "name", "id", "automatic")
;

CREATE INDEX "servers_capacity_idx" on "servers" ("workspace_id", "location", "environment", "name", "id", "cpu_cores", "memory_mb", "storage_gb")
;

CREATE INDEX "workstations_last_check_idx" on "workstations" ("workspace_id", "last_check_time", "id")
;

CREATE INDEX "workstations_model_idx" on "workstations" ("workspace_id", "manufacturer", "model")
;

CREATE INDEX "workstations_warranty_idx" on "workstations" ("workspace_id", "warranty_end", "name", "id")
;

CREATE INDEX "workstations_assignee_idx" on "workstations" ("workspace_id", "assigned_user_id", "name", "id", "status")
;

CREATE TABLE "console_sessions" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "workspace_id" text references "workspaces" ("id") on delete set null, "csrf_token" text not null, "created_at" text not null, "last_seen_at" text not null, "expires_at" text not null, sso_provider text)
;

CREATE INDEX "console_sessions_user_idx" on "console_sessions" ("user_id")
;

CREATE TABLE "sign_in_failures" ("subject" text primary key, "failures" integer not null, "window_start" text not null, "locked_until" text)
;

CREATE INDEX "sign_in_failures_window_idx" on "sign_in_failures" ("window_start")
;

CREATE TABLE "invitations" ("token_hash" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "user_id" text not null references "users" ("id") on delete cascade, "member_id" text not null, "created_at" text not null, "expires_at" text not null, "used_at" text, "issued_by" text default 'workspace' not null)
;

CREATE INDEX "invitations_user_idx" on "invitations" ("user_id")
;

CREATE INDEX "categories_name_sort_idx" ON "categories" ("workspace_id", "name", "id")
;

CREATE INDEX "categories_created_at_sort_idx" ON "categories" ("workspace_id", "created_at", "id")
;

CREATE INDEX "categories_updated_at_sort_idx" ON "categories" ("workspace_id", "updated_at", "id")
;

CREATE INDEX "categories_parent_id_filter_idx" ON "categories" ("workspace_id", "parent_id", "name", "id")
;

CREATE INDEX "teams_name_sort_idx" ON "teams" ("workspace_id", "name", "id")
;

CREATE INDEX "teams_created_at_sort_idx" ON "teams" ("workspace_id", "created_at", "id")
;

CREATE INDEX "teams_updated_at_sort_idx" ON "teams" ("workspace_id", "updated_at", "id")
;

CREATE INDEX "teams_parent_id_filter_idx" ON "teams" ("workspace_id", "parent_id", "name", "id")
;

CREATE INDEX "applications_created_at_sort_idx" ON "applications" ("workspace_id", "created_at", "id")
;

CREATE INDEX "applications_updated_at_sort_idx" ON "applications" ("workspace_id", "updated_at", "id")
;

CREATE INDEX "applications_criticality_sort_idx" ON "applications" ("workspace_id", (CASE "criticality" WHEN 'low' THEN 0 WHEN 'medium' THEN 1 WHEN 'high' THEN 2 WHEN 'critical' THEN 3 END), "id")
;

CREATE INDEX "applications_lifecycle_status_sort_idx" ON "applications" ("workspace_id", (CASE "lifecycle_status" WHEN 'plan' THEN 0 WHEN 'phase_in' THEN 1 WHEN 'active' THEN 2 WHEN 'phase_out' THEN 3 WHEN 'end_of_life' THEN 4 END), "id")
;

CREATE INDEX "applications_business_value_sort_idx" ON "applications" ("workspace_id", "business_value", "id")
;

CREATE INDEX "applications_technical_fit_sort_idx" ON "applications" ("workspace_id", "technical_fit", "id")
;

CREATE INDEX "applications_user_count_sort_idx" ON "applications" ("workspace_id", "user_count", "id")
;

CREATE INDEX "applications_lifecycle_status_filter_idx" ON "applications" ("workspace_id", "lifecycle_status", "name", "id")
;

CREATE INDEX "applications_criticality_filter_idx" ON "applications" ("workspace_id", "criticality", "name", "id")
;

CREATE INDEX "applications_hosting_type_filter_idx" ON "applications" ("workspace_id", "hosting_type", "name", "id")
;

CREATE INDEX "applications_category_id_filter_idx" ON "applications" ("workspace_id", "category_id", "name", "id")
;

CREATE INDEX "servers_hostname_sort_idx" ON "servers" ("workspace_id", "hostname", "id")
;

CREATE INDEX "servers_environment_sort_idx" ON "servers" ("workspace_id", (CASE "environment" WHEN 'production' THEN 0 WHEN 'staging' THEN 1 WHEN 'test' THEN 2 WHEN 'development' THEN 3 WHEN 'disaster_recovery' THEN 4 END), "id")
;

CREATE INDEX "servers_created_at_sort_idx" ON "servers" ("workspace_id", "created_at", "id")
;

CREATE INDEX "servers_cpu_cores_sort_idx" ON "servers" ("workspace_id", "cpu_cores", "id")
;

CREATE INDEX "servers_memory_mb_sort_idx" ON "servers" ("workspace_id", "memory_mb", "id")
;

CREATE INDEX "servers_os_key_filter_idx" ON "servers" ("workspace_id", "os_key", "name", "id")
;

CREATE INDEX "servers_agent_id_filter_idx" ON "servers" ("workspace_id", "agent_id", "name", "id")
;

CREATE INDEX "servers_automatic_filter_idx" ON "servers" ("workspace_id", "automatic", "name", "id")
;

CREATE INDEX "networks_name_sort_idx" ON "networks" ("workspace_id", "name", "id")
;

CREATE INDEX "networks_cidr_key_sort_idx" ON "networks" ("workspace_id", "cidr_key", "id")
;

CREATE INDEX "networks_vlan_sort_idx" ON "networks" ("workspace_id", "vlan", "id")
;

CREATE INDEX "networks_created_at_sort_idx" ON "networks" ("workspace_id", "created_at", "id")
;

CREATE INDEX "networks_updated_at_sort_idx" ON "networks" ("workspace_id", "updated_at", "id")
;

CREATE INDEX "networks_environment_filter_idx" ON "networks" ("workspace_id", "environment", "name", "id")
;

CREATE INDEX "networks_vlan_filter_idx" ON "networks" ("workspace_id", "vlan", "name", "id")
;

CREATE INDEX "routers_name_sort_idx" ON "routers" ("workspace_id", "name", "id")
;

CREATE INDEX "routers_manufacturer_sort_idx" ON "routers" ("workspace_id", "manufacturer", "id")
;

CREATE INDEX "routers_created_at_sort_idx" ON "routers" ("workspace_id", "created_at", "id")
;

CREATE INDEX "routers_updated_at_sort_idx" ON "routers" ("workspace_id", "updated_at", "id")
;

CREATE INDEX "routers_manufacturer_key_filter_idx" ON "routers" ("workspace_id", "manufacturer_key", "name", "id")
;

CREATE INDEX "workstations_name_sort_idx" ON "workstations" ("workspace_id", "name", "id")
;

CREATE INDEX "workstations_status_sort_idx" ON "workstations" ("workspace_id", (CASE "status" WHEN 'in_use' THEN 0 WHEN 'in_stock' THEN 1 WHEN 'in_repair' THEN 2 WHEN 'retired' THEN 3 END), "id")
;

CREATE INDEX "workstations_purchase_date_sort_idx" ON "workstations" ("workspace_id", "purchase_date", "id")
;

CREATE INDEX "workstations_created_at_sort_idx" ON "workstations" ("workspace_id", "created_at", "id")
;

CREATE INDEX "workstations_status_filter_idx" ON "workstations" ("workspace_id", "status", "name", "id")
;

CREATE INDEX "workstations_automatic_filter_idx" ON "workstations" ("workspace_id", "automatic", "name", "id")
;

CREATE INDEX "data_objects_name_sort_idx" ON "data_objects" ("workspace_id", "name", "id")
;

CREATE INDEX "data_objects_classification_sort_idx" ON "data_objects" ("workspace_id", (CASE "classification" WHEN 'public' THEN 0 WHEN 'internal' THEN 1 WHEN 'confidential' THEN 2 WHEN 'restricted' THEN 3 END), "id")
;

CREATE INDEX "data_objects_created_at_sort_idx" ON "data_objects" ("workspace_id", "created_at", "id")
;

CREATE INDEX "data_objects_updated_at_sort_idx" ON "data_objects" ("workspace_id", "updated_at", "id")
;

CREATE INDEX "data_objects_classification_filter_idx" ON "data_objects" ("workspace_id", "classification", "name", "id")
;

CREATE INDEX "data_objects_personal_data_filter_idx" ON "data_objects" ("workspace_id", "personal_data", "name", "id")
;

CREATE INDEX "contracts_name_sort_idx" ON "contracts" ("workspace_id", "name", "id")
;

CREATE INDEX "contracts_vendor_sort_idx" ON "contracts" ("workspace_id", "vendor", "id")
;

CREATE INDEX "contracts_start_date_sort_idx" ON "contracts" ("workspace_id", "start_date", "id")
;

CREATE INDEX "contracts_end_date_sort_idx" ON "contracts" ("workspace_id", "end_date", "id")
;

CREATE INDEX "contracts_renewal_date_sort_idx" ON "contracts" ("workspace_id", "renewal_date", "id")
;

CREATE INDEX "contracts_amount_sort_idx" ON "contracts" ("workspace_id", "amount", "id")
;

CREATE INDEX "contracts_created_at_sort_idx" ON "contracts" ("workspace_id", "created_at", "id")
;

CREATE INDEX "contracts_updated_at_sort_idx" ON "contracts" ("workspace_id", "updated_at", "id")
;

CREATE INDEX "contracts_type_filter_idx" ON "contracts" ("workspace_id", "type", "name", "id")
;

CREATE INDEX "contracts_vendor_key_filter_idx" ON "contracts" ("workspace_id", "vendor_key", "name", "id")
;

CREATE INDEX "flows_name_sort_idx" ON "flows" ("workspace_id", "name", "id")
;

CREATE INDEX "flows_protocol_sort_idx" ON "flows" ("workspace_id", (CASE "protocol" WHEN 'https' THEN 0 WHEN 'http' THEN 1 WHEN 'sftp' THEN 2 WHEN 'ftp' THEN 3 WHEN 'smtp' THEN 4 WHEN 'amqp' THEN 5 WHEN 'kafka' THEN 6 WHEN 'jdbc' THEN 7 WHEN 'grpc' THEN 8 WHEN 'soap' THEN 9 WHEN 'file' THEN 10 WHEN 'other' THEN 11 END), "id")
;

CREATE INDEX "flows_frequency_sort_idx" ON "flows" ("workspace_id", (CASE "frequency" WHEN 'real_time' THEN 0 WHEN 'hourly' THEN 1 WHEN 'daily' THEN 2 WHEN 'weekly' THEN 3 WHEN 'monthly' THEN 4 WHEN 'on_demand' THEN 5 END), "id")
;

CREATE INDEX "flows_created_at_sort_idx" ON "flows" ("workspace_id", "created_at", "id")
;

CREATE INDEX "flows_updated_at_sort_idx" ON "flows" ("workspace_id", "updated_at", "id")
;

CREATE INDEX "flows_source_application_id_filter_idx" ON "flows" ("workspace_id", "source_application_id", "name", "id")
;

CREATE INDEX "flows_target_application_id_filter_idx" ON "flows" ("workspace_id", "target_application_id", "name", "id")
;

CREATE INDEX "flows_protocol_filter_idx" ON "flows" ("workspace_id", "protocol", "name", "id")
;

CREATE INDEX "flows_frequency_filter_idx" ON "flows" ("workspace_id", "frequency", "name", "id")
;

CREATE INDEX "announcements_title_sort_idx" ON "announcements" ("workspace_id", "title", "id")
;

CREATE INDEX "announcements_severity_sort_idx" ON "announcements" ("workspace_id", (CASE "severity" WHEN 'info' THEN 0 WHEN 'warning' THEN 1 WHEN 'critical' THEN 2 END), "id")
;

CREATE INDEX "announcements_starts_at_sort_idx" ON "announcements" ("workspace_id", "starts_at", "id")
;

CREATE INDEX "announcements_ends_at_sort_idx" ON "announcements" ("workspace_id", "ends_at", "id")
;

CREATE INDEX "announcements_created_at_sort_idx" ON "announcements" ("workspace_id", "created_at", "id")
;

CREATE INDEX "announcements_updated_at_sort_idx" ON "announcements" ("workspace_id", "updated_at", "id")
;

CREATE INDEX "announcements_severity_filter_idx" ON "announcements" ("workspace_id", "severity", "created_at", "id")
;

CREATE INDEX "tags_name_sort_idx" on "tags" ("workspace_id", "name", "id")
;

CREATE INDEX "tags_created_at_sort_idx" on "tags" ("workspace_id", "created_at", "id")
;

CREATE INDEX "agents_name_sort_idx" on "agents" ("workspace_id", "name", "id")
;

CREATE INDEX "agents_created_at_sort_idx" on "agents" ("workspace_id", "created_at", "id")
;

CREATE INDEX "agents_last_seen_at_sort_idx" on "agents" ("workspace_id", "last_seen_at", "id")
;

CREATE INDEX "discovered_applications_name_sort_idx" on "discovered_applications" ("workspace_id", "name", "id")
;

CREATE INDEX "discovered_applications_vendor_sort_idx" on "discovered_applications" ("workspace_id", "vendor", "id")
;

CREATE INDEX "discovered_applications_first_seen_at_sort_idx" on "discovered_applications" ("workspace_id", "first_seen_at", "id")
;

CREATE INDEX "discovered_applications_last_update_sort_idx" on "discovered_applications" ("workspace_id", "last_update", "id")
;

CREATE INDEX "discovered_applications_status_filter_idx" on "discovered_applications" ("workspace_id", "status", "name", "id")
;

CREATE INDEX "discovered_applications_vendor_key_filter_idx" on "discovered_applications" ("workspace_id", "vendor_key", "name", "id")
;

CREATE INDEX "discovered_applications_missing_filter_idx" on "discovered_applications" ("workspace_id", "name", "id") where missing_since IS NOT NULL
;

CREATE INDEX "discovered_applications_present_filter_idx" on "discovered_applications" ("workspace_id", "name", "id") where missing_since IS NULL
;

CREATE INDEX "workstations_warranty_end_sort_idx" on "workstations" ("workspace_id", "warranty_end", "id")
;

CREATE INDEX "workstations_assigned_filter_idx" on "workstations" ("workspace_id", "name", "id") where assigned_user_id IS NOT NULL
;

CREATE INDEX "workstations_unassigned_filter_idx" on "workstations" ("workspace_id", "name", "id") where assigned_user_id IS NULL
;

CREATE INDEX "announcements_window_idx" on "announcements" ("workspace_id", "ends_at", "starts_at")
;

CREATE TABLE "value_counts" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "table_name" text not null, "filter_name" text not null, "value" text not null, "total" bigint not null, constraint "value_counts_pk" primary key ("workspace_id", "table_name", "filter_name", "value"))
;

CREATE INDEX "discovered_applications_agent_id_filter_idx" on "discovered_applications" ("workspace_id", "agent_id", "name", "id")
;

CREATE INDEX "application_owners_user_id_idx" on "application_owners" ("workspace_id", "user_id", "application_id")
;

CREATE INDEX audit_events_resource_id_idx ON audit_events (workspace_id, resource_id, timestamp DESC, id DESC)
;

CREATE INDEX audit_events_resource_type_idx ON audit_events (workspace_id, resource_type, timestamp DESC, id DESC)
;

CREATE INDEX "application_servers_server_id_application_id_idx" on "application_servers" ("workspace_id", "server_id", "application_id")
;

CREATE INDEX "application_tags_tag_id_application_id_idx" on "application_tags" ("workspace_id", "tag_id", "application_id")
;

CREATE INDEX "application_teams_team_id_application_id_idx" on "application_teams" ("workspace_id", "team_id", "application_id")
;

CREATE INDEX "contract_applications_application_id_contract_id_idx" on "contract_applications" ("workspace_id", "application_id", "contract_id")
;

CREATE INDEX "data_object_applications_application_id_data_object_id_idx" on "data_object_applications" ("workspace_id", "application_id", "data_object_id")
;

CREATE INDEX "flow_data_objects_data_object_id_flow_id_idx" on "flow_data_objects" ("workspace_id", "data_object_id", "flow_id")
;

CREATE INDEX "router_networks_network_id_router_id_idx" on "router_networks" ("workspace_id", "network_id", "router_id")
;

CREATE INDEX "team_members_user_id_team_id_idx" on "team_members" ("workspace_id", "user_id", "team_id")
;

CREATE TRIGGER discovered_applications_total_insert AFTER INSERT ON discovered_applications BEGIN
      INSERT INTO software_installs (workspace_id, name_key, vendor_key, install_count) VALUES (new.workspace_id, new.name_key, new.vendor_key, 0)
      ON CONFLICT (workspace_id, name_key, vendor_key) DO NOTHING; END
;

CREATE UNIQUE INDEX "software_installs_count_idx" on "software_installs" ("workspace_id", "install_count", "name_key", "vendor_key")
;

CREATE INDEX "discovered_applications_product_idx" on "discovered_applications" ("workspace_id", "name_key", "vendor_key", "id")
;

CREATE TABLE "search_versions" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "table_name" text not null, "version" bigint not null, constraint "search_versions_pk" primary key ("workspace_id", "table_name"))
;

CREATE TRIGGER members_person_copy AFTER INSERT ON members BEGIN
        UPDATE members SET (user_name, user_email, user_created_at) = (SELECT name, email, created_at FROM users WHERE id = NEW.user_id)
        WHERE workspace_id = NEW.workspace_id AND id = NEW.id;
      END
;

CREATE TRIGGER members_person_recopy AFTER UPDATE OF user_id ON members BEGIN
        UPDATE members SET (user_name, user_email, user_created_at) = (SELECT name, email, created_at FROM users WHERE id = NEW.user_id)
        WHERE workspace_id = NEW.workspace_id AND id = NEW.id;
      END
;

CREATE TRIGGER users_person_copy AFTER UPDATE OF name, email ON users WHEN OLD.name IS NOT NEW.name OR OLD.email IS NOT NEW.email BEGIN
        UPDATE members SET user_name = NEW.name, user_email = NEW.email WHERE user_id = NEW.id;
      END
;

CREATE INDEX members_name_sort_idx ON members (workspace_id, user_name, id)
;

CREATE INDEX members_email_sort_idx ON members (workspace_id, user_email, id)
;

CREATE INDEX members_created_at_sort_idx ON members (workspace_id, created_at, id)
;

CREATE INDEX members_role_sort_idx ON members (workspace_id, (CASE role WHEN 'read' THEN 0 WHEN 'write' THEN 1 WHEN 'admin' THEN 2 END), id)
;

CREATE INDEX members_role_filter_idx ON members (workspace_id, role, user_name, id)
;

CREATE INDEX members_user_name_sort_idx ON members (workspace_id, user_name, user_id)
;

CREATE INDEX members_user_email_sort_idx ON members (workspace_id, user_email, user_id)
;

CREATE INDEX members_user_created_at_sort_idx ON members (workspace_id, user_created_at, user_id)
;

CREATE INDEX members_user_idx ON members (user_id)
;

CREATE TRIGGER members_person_copy_kept AFTER UPDATE OF user_name, user_email, user_created_at ON members
      WHEN (NEW.user_name, NEW.user_email, NEW.user_created_at) IS NOT (SELECT name, email, created_at FROM users WHERE id = NEW.user_id) BEGIN
        UPDATE members SET (user_name, user_email, user_created_at) = (SELECT name, email, created_at FROM users WHERE id = NEW.user_id) WHERE workspace_id = NEW.workspace_id AND id = NEW.id;
      END
;

CREATE TABLE server_addresses (
    workspace_id text NOT NULL,
    server_id text NOT NULL,
    address text NOT NULL,
    CONSTRAINT server_addresses_pk PRIMARY KEY (workspace_id, server_id, address),
    CONSTRAINT server_addresses_server_fk FOREIGN KEY (workspace_id, server_id)
      REFERENCES servers (workspace_id, id) ON DELETE CASCADE
  )
;

CREATE TRIGGER servers_address_insert AFTER INSERT ON servers BEGIN
        INSERT OR IGNORE INTO server_addresses (workspace_id, server_id, address) SELECT "NEW"."workspace_id", "NEW"."id", estate_address_key(element.value)
      FROM json_each(CASE WHEN json_valid("NEW"."ip_addresses")
        AND json_type("NEW"."ip_addresses") = 'array' THEN "NEW"."ip_addresses" ELSE '[]' END) AS element
      WHERE element.type = 'text' AND estate_address_key(element.value) IS NOT NULL;
      END
;

CREATE TRIGGER servers_address_update AFTER UPDATE OF ip_addresses ON servers
      WHEN OLD.ip_addresses IS NOT NEW.ip_addresses BEGIN
        DELETE FROM server_addresses WHERE workspace_id = OLD.workspace_id AND server_id = OLD.id;
        INSERT OR IGNORE INTO server_addresses (workspace_id, server_id, address) SELECT "NEW"."workspace_id", "NEW"."id", estate_address_key(element.value)
      FROM json_each(CASE WHEN json_valid("NEW"."ip_addresses")
        AND json_type("NEW"."ip_addresses") = 'array' THEN "NEW"."ip_addresses" ELSE '[]' END) AS element
      WHERE element.type = 'text' AND estate_address_key(element.value) IS NOT NULL;
      END
;

CREATE INDEX server_addresses_address_idx ON server_addresses (workspace_id, address, server_id)
;

CREATE TABLE saved_views (
        workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        id text NOT NULL,
        family text NOT NULL,
        name text NOT NULL,
        owner_user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        shared integer NOT NULL,
        query text NOT NULL,
        created_at text NOT NULL,
        PRIMARY KEY (workspace_id, id)
      )
;

CREATE INDEX saved_views_family_idx ON saved_views (workspace_id, family, name, id)
;

CREATE TABLE sso_rules (
      workspace_id text NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
      id text NOT NULL,
      provider text NOT NULL,
      group_value text NOT NULL,
      role text NOT NULL,
      created_at text NOT NULL,
      PRIMARY KEY (workspace_id, id),
      UNIQUE (workspace_id, provider, group_value, role)
    )
;

CREATE TABLE sso_settings (
      workspace_id text NOT NULL PRIMARY KEY REFERENCES workspaces(id) ON DELETE CASCADE,
      require_sso integer NOT NULL,
      break_glass_member_id text,
      add_new_people integer NOT NULL
    )
;

CREATE TABLE sso_memberships (
      workspace_id text NOT NULL,
      member_id text NOT NULL,
      provider text NOT NULL,
      created integer NOT NULL,
      synced_at text NOT NULL,
      PRIMARY KEY (workspace_id, member_id, provider),
      FOREIGN KEY (workspace_id, member_id) REFERENCES members(workspace_id, id) ON DELETE CASCADE
    )
;

CREATE TABLE sso_flows (
      id text NOT NULL PRIMARY KEY,
      provider text NOT NULL,
      browser_hash text NOT NULL,
      nonce text NOT NULL,
      code_verifier text NOT NULL,
      redirect_uri text NOT NULL,
      expires_at text NOT NULL
    )
;

CREATE INDEX sso_flows_expires_idx ON sso_flows (expires_at)
;

CREATE UNIQUE INDEX servers_agent_device_uq ON servers (workspace_id, agent_id, agent_device) WHERE agent_id IS NOT NULL
;

CREATE UNIQUE INDEX workstations_agent_device_uq ON workstations (workspace_id, agent_id, agent_device) WHERE agent_id IS NOT NULL
;

CREATE TABLE inventory_devices (
        workspace_id text NOT NULL,
        id text NOT NULL,
        agent_id text NOT NULL,
        device_id text NOT NULL,
        hardware_uuid text,
        serial_number text,
        host_kind text NOT NULL,
        host_id text NOT NULL,
        first_seen_at text NOT NULL,
        last_seen_at text NOT NULL,
        report_window_start text,
        report_window_count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (workspace_id, id),
        FOREIGN KEY (workspace_id, agent_id) REFERENCES agents (workspace_id, id) ON DELETE CASCADE
      )
;

CREATE UNIQUE INDEX inventory_devices_device_uq ON inventory_devices (workspace_id, agent_id, device_id)
;

CREATE INDEX inventory_devices_uuid_idx ON inventory_devices (workspace_id, agent_id, hardware_uuid)
;

CREATE INDEX inventory_devices_serial_idx ON inventory_devices (workspace_id, agent_id, serial_number)
;

CREATE INDEX inventory_devices_host_idx ON inventory_devices (workspace_id, host_id)
;

CREATE TABLE data_versions (workspace_id text NOT NULL PRIMARY KEY, version bigint NOT NULL)
;

CREATE TABLE field_definitions (
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        id text NOT NULL,
        family text NOT NULL,
        name text NOT NULL,
        label text NOT NULL,
        description text,
        type text NOT NULL,
        required integer NOT NULL DEFAULT 0,
        default_value text,
        choices text,
        minimum text,
        maximum text,
        pattern text,
        max_length integer,
        reference_family text,
        unique_values integer NOT NULL DEFAULT 0,
        group_name text,
        position integer NOT NULL DEFAULT 0,
        filterable integer NOT NULL DEFAULT 0,
        searchable integer NOT NULL DEFAULT 0,
        created_at text NOT NULL,
        updated_at text NOT NULL,
        PRIMARY KEY (workspace_id, id)
      )
;

CREATE UNIQUE INDEX field_definitions_name_uq ON field_definitions (workspace_id, family, name)
;

CREATE TABLE people (
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name text NOT NULL,
        email text,
        department text,
        employee_number text,
        member integer NOT NULL DEFAULT 0,
        created_at text NOT NULL,
        updated_at text NOT NULL, custom_fields text NOT NULL DEFAULT '{}', custom_search text,
        PRIMARY KEY (workspace_id, id)
      )
;

CREATE UNIQUE INDEX people_email_uq ON people (workspace_id, email) WHERE email IS NOT NULL
;

CREATE UNIQUE INDEX people_employee_number_uq ON people (workspace_id, employee_number) WHERE employee_number IS NOT NULL
;

CREATE INDEX people_name_sort_idx ON people (workspace_id, name, id)
;

CREATE INDEX people_email_sort_idx ON people (workspace_id, email, id)
;

CREATE INDEX people_created_at_sort_idx ON people (workspace_id, created_at, id)
;

CREATE INDEX people_member_idx ON people (workspace_id, member, name, id)
;

CREATE INDEX users_workspace_idx ON users (workspace_id)
;

CREATE TRIGGER users_people_copy AFTER UPDATE OF name, email ON users
        WHEN (OLD.name IS NOT NEW.name OR OLD.email IS NOT NEW.email) BEGIN UPDATE people SET name = NEW.name, email = NEW.email WHERE id = NEW.id AND member = 1; END
;
