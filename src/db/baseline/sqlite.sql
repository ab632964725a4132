-- Estate's schema baseline (sqlite), written by scripts/schema-baseline.ts.

CREATE TABLE "workspaces" ("id" text primary key, "name" text not null, "default_currency" text default 'EUR' not null, "time_zone" text default 'UTC' not null, "created_at" text not null, "updated_at" text not null)
;

CREATE TABLE "users" ("id" text primary key, "email" text not null unique, "name" text not null, "password_hash" text, "created_at" text not null)
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

CREATE TABLE "categories" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "description" text, "parent_id" text, "created_at" text not null, "updated_at" text not null, constraint "categories_pk" primary key ("workspace_id", "id"), constraint "categories_parent_fk" foreign key ("workspace_id", "parent_id") references "categories" ("workspace_id", "id"))
;

CREATE INDEX "categories_parent_idx" on "categories" ("workspace_id", "parent_id")
;

CREATE TABLE "teams" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "description" text, "email" text, "parent_id" text, "created_at" text not null, "updated_at" text not null, constraint "teams_pk" primary key ("workspace_id", "id"), constraint "teams_parent_fk" foreign key ("workspace_id", "parent_id") references "teams" ("workspace_id", "id"))
;

CREATE INDEX "teams_parent_idx" on "teams" ("workspace_id", "parent_id")
;

CREATE TABLE "team_members" ("workspace_id" text not null, "team_id" text not null, "user_id" text not null references "users" ("id") on delete cascade, "created_at" text not null, constraint "team_members_pk" primary key ("workspace_id", "team_id", "user_id"), constraint "team_members_team_fk" foreign key ("workspace_id", "team_id") references "teams" ("workspace_id", "id") on delete cascade)
;

CREATE TABLE "agents" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "token_hash" text not null unique, "token_prefix" text not null, "hostname" text, "version" text, "created_at" text not null, "last_seen_at" text, "revoked_at" text, "report_window_start" text, "report_window_count" integer default 0 not null, constraint "agents_pk" primary key ("workspace_id", "id"))
;

CREATE TABLE "applications" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "description" text, "vendor" text, "version" text, "url" text, "hosting_type" text, "category_id" text, "catalog_entry_id" text, "business_value" integer, "technical_fit" integer, "user_count" integer, "plan_date" text, "phase_in_date" text, "active_date" text, "phase_out_date" text, "end_of_life_date" text, "created_at" text not null, "updated_at" text not null, "lifecycle_status" text, "criticality" text, constraint "applications_pk" primary key ("workspace_id", "id"), constraint "applications_category_id_fk" foreign key ("workspace_id", "category_id") references "categories" ("workspace_id", "id"))
;

CREATE INDEX "applications_name_idx" on "applications" ("workspace_id", "name", "id")
;

CREATE INDEX "applications_category_idx" on "applications" ("workspace_id", "category_id")
;

CREATE TABLE "servers" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "hostname" text not null, "ip_addresses" text not null, "os" text, "os_version" text, "manufacturer" text, "model" text, "serial_number" text, "cpu_cores" integer, "memory_mb" integer, "storage_gb" integer, "location" text, "description" text, "automatic" integer not null, "agent_id" text, "created_at" text not null, "last_check_time" text not null, "environment" text, "last_report_at" text, "os_key" text, constraint "servers_pk" primary key ("workspace_id", "id"), constraint "servers_agent_id_fk" foreign key ("workspace_id", "agent_id") references "agents" ("workspace_id", "id"))
;

CREATE INDEX "servers_name_idx" on "servers" ("workspace_id", "name", "id")
;

CREATE INDEX "servers_last_check_idx" on "servers" ("workspace_id", "last_check_time", "id")
;

CREATE TABLE "networks" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "cidr" text not null, "vlan" integer, "gateway" text, "environment" text, "location" text, "description" text, "created_at" text not null, "updated_at" text not null, "cidr_key" text default '' not null, constraint "networks_pk" primary key ("workspace_id", "id"))
;

CREATE TABLE "routers" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "manufacturer" text, "model" text, "os" text, "os_version" text, "serial_number" text, "management_ip" text, "location" text, "description" text, "created_at" text not null, "updated_at" text not null, "manufacturer_key" text, constraint "routers_pk" primary key ("workspace_id", "id"))
;

CREATE TABLE "workstations" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "hostname" text, "serial_number" text, "manufacturer" text, "model" text, "os" text, "os_version" text, "cpu_cores" integer, "memory_mb" integer, "status" text not null, "assigned_user_id" text references "users" ("id") on delete set null, "purchase_date" text, "warranty_end" text, "location" text, "automatic" integer not null, "agent_id" text, "created_at" text not null, "last_check_time" text not null, "last_report_at" text, constraint "workstations_pk" primary key ("workspace_id", "id"), constraint "workstations_agent_id_fk" foreign key ("workspace_id", "agent_id") references "agents" ("workspace_id", "id"))
;

CREATE TABLE "data_objects" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "description" text, "personal_data" integer not null, "retention_days" integer, "created_at" text not null, "updated_at" text not null, "classification" text, constraint "data_objects_pk" primary key ("workspace_id", "id"))
;

CREATE TABLE "contracts" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "vendor" text not null, "reference" text, "start_date" text not null, "end_date" text, "renewal_date" text, "notice_period_days" integer, "auto_renew" integer not null, "amount" real, "currency" text, "seats" integer, "description" text, "created_at" text not null, "updated_at" text not null, "type" text, "billing_period" text, "vendor_key" text, constraint "contracts_pk" primary key ("workspace_id", "id"))
;

CREATE INDEX "contracts_end_idx" on "contracts" ("workspace_id", "end_date")
;

CREATE TABLE "flows" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "name" text not null, "source_application_id" text not null, "target_application_id" text not null, "description" text, "created_at" text not null, "updated_at" text not null, "protocol" text, "frequency" text, constraint "flows_pk" primary key ("workspace_id", "id"), constraint "flows_source_application_id_fk" foreign key ("workspace_id", "source_application_id") references "applications" ("workspace_id", "id") on delete cascade, constraint "flows_target_application_id_fk" foreign key ("workspace_id", "target_application_id") references "applications" ("workspace_id", "id") on delete cascade)
;

CREATE INDEX "flows_target_idx" on "flows" ("workspace_id", "target_application_id")
;

CREATE INDEX "flows_source_idx" on "flows" ("workspace_id", "source_application_id")
;

CREATE TABLE "announcements" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "id" text not null, "title" text not null, "body" text not null, "severity" text not null, "starts_at" text, "ends_at" text, "created_at" text not null, "updated_at" text not null, constraint "announcements_pk" primary key ("workspace_id", "id"))
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

CREATE TABLE "application_servers" ("workspace_id" text not null, "application_id" text not null, "server_id" text not null, "created_at" text not null, "server_name" text NOT NULL DEFAULT '', constraint "application_servers_pk" primary key ("workspace_id", "application_id", "server_id"), constraint "application_servers_application_id_fk" foreign key ("workspace_id", "application_id") references "applications" ("workspace_id", "id") on delete cascade, constraint "application_servers_server_id_fk" foreign key ("workspace_id", "server_id") references "servers" ("workspace_id", "id") on delete cascade)
;

CREATE TABLE "server_tags" ("workspace_id" text not null, "server_id" text not null, "tag_id" text not null, "created_at" text not null, "server_name" text NOT NULL DEFAULT '', constraint "server_tags_pk" primary key ("workspace_id", "server_id", "tag_id"), constraint "server_tags_server_id_fk" foreign key ("workspace_id", "server_id") references "servers" ("workspace_id", "id") on delete cascade, constraint "server_tags_tag_id_fk" foreign key ("workspace_id", "tag_id") references "tags" ("workspace_id", "id") on delete cascade)
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

CREATE TRIGGER applications_count_insert AFTER INSERT ON applications BEGIN
          INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'applications', 1)
          ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
        END
;

CREATE TRIGGER applications_count_delete AFTER DELETE ON applications BEGIN
          UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'applications';
        END
;

CREATE TRIGGER servers_count_insert AFTER INSERT ON servers BEGIN
          INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'servers', 1)
          ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
        END
;

CREATE TRIGGER servers_count_delete AFTER DELETE ON servers BEGIN
          UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'servers';
        END
;

CREATE TRIGGER networks_count_insert AFTER INSERT ON networks BEGIN
          INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'networks', 1)
          ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
        END
;

CREATE TRIGGER networks_count_delete AFTER DELETE ON networks BEGIN
          UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'networks';
        END
;

CREATE TRIGGER routers_count_insert AFTER INSERT ON routers BEGIN
          INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'routers', 1)
          ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
        END
;

CREATE TRIGGER routers_count_delete AFTER DELETE ON routers BEGIN
          UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'routers';
        END
;

CREATE TRIGGER workstations_count_insert AFTER INSERT ON workstations BEGIN
          INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'workstations', 1)
          ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
        END
;

CREATE TRIGGER workstations_count_delete AFTER DELETE ON workstations BEGIN
          UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'workstations';
        END
;

CREATE TRIGGER data_objects_count_insert AFTER INSERT ON data_objects BEGIN
          INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'data_objects', 1)
          ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
        END
;

CREATE TRIGGER data_objects_count_delete AFTER DELETE ON data_objects BEGIN
          UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'data_objects';
        END
;

CREATE TRIGGER contracts_count_insert AFTER INSERT ON contracts BEGIN
          INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'contracts', 1)
          ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
        END
;

CREATE TRIGGER contracts_count_delete AFTER DELETE ON contracts BEGIN
          UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'contracts';
        END
;

CREATE TRIGGER flows_count_insert AFTER INSERT ON flows BEGIN
          INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'flows', 1)
          ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
        END
;

CREATE TRIGGER flows_count_delete AFTER DELETE ON flows BEGIN
          UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'flows';
        END
;

CREATE TRIGGER announcements_count_insert AFTER INSERT ON announcements BEGIN
          INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'announcements', 1)
          ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
        END
;

CREATE TRIGGER announcements_count_delete AFTER DELETE ON announcements BEGIN
          UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'announcements';
        END
;

CREATE TRIGGER categories_count_insert AFTER INSERT ON categories BEGIN
          INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'categories', 1)
          ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
        END
;

CREATE TRIGGER categories_count_delete AFTER DELETE ON categories BEGIN
          UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'categories';
        END
;

CREATE TRIGGER tags_count_insert AFTER INSERT ON tags BEGIN
          INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'tags', 1)
          ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
        END
;

CREATE TRIGGER tags_count_delete AFTER DELETE ON tags BEGIN
          UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'tags';
        END
;

CREATE TRIGGER teams_count_insert AFTER INSERT ON teams BEGIN
          INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'teams', 1)
          ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
        END
;

CREATE TRIGGER teams_count_delete AFTER DELETE ON teams BEGIN
          UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'teams';
        END
;

CREATE TRIGGER agents_count_insert AFTER INSERT ON agents BEGIN
          INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'agents', 1)
          ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
        END
;

CREATE TRIGGER agents_count_delete AFTER DELETE ON agents BEGIN
          UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'agents';
        END
;

CREATE TRIGGER discovered_applications_count_insert AFTER INSERT ON discovered_applications BEGIN
          INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'discovered_applications', 1)
          ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
        END
;

CREATE TRIGGER discovered_applications_count_delete AFTER DELETE ON discovered_applications BEGIN
          UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'discovered_applications';
        END
;

CREATE UNIQUE INDEX tags_name_key_uq ON tags (workspace_id, name_key)
;

CREATE UNIQUE INDEX servers_agent_uq ON "servers" (workspace_id, agent_id) WHERE agent_id IS NOT NULL
;

CREATE UNIQUE INDEX workstations_agent_uq ON "workstations" (workspace_id, agent_id) WHERE agent_id IS NOT NULL
;

CREATE UNIQUE INDEX discovered_applications_server_id_key_uq ON discovered_applications (workspace_id, "server_id", name_key, vendor_key) WHERE "server_id" IS NOT NULL
;

CREATE UNIQUE INDEX discovered_applications_workstation_id_key_uq ON discovered_applications (workspace_id, "workstation_id", name_key, vendor_key) WHERE "workstation_id" IS NOT NULL
;

CREATE TRIGGER audit_events_count_insert AFTER INSERT ON audit_events BEGIN
        INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'audit_events', 1)
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
      END
;

CREATE TRIGGER audit_events_count_delete AFTER DELETE ON audit_events BEGIN
        UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'audit_events';
      END
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

CREATE TABLE "console_sessions" ("id" text primary key, "user_id" text not null references "users" ("id") on delete cascade, "workspace_id" text references "workspaces" ("id") on delete set null, "csrf_token" text not null, "created_at" text not null, "last_seen_at" text not null, "expires_at" text not null)
;

CREATE INDEX "console_sessions_user_idx" on "console_sessions" ("user_id")
;

CREATE TABLE "sign_in_failures" ("subject" text primary key, "failures" integer not null, "window_start" text not null, "locked_until" text)
;

CREATE INDEX "sign_in_failures_window_idx" on "sign_in_failures" ("window_start")
;

CREATE TABLE "invitations" ("token_hash" text primary key, "workspace_id" text not null references "workspaces" ("id") on delete cascade, "user_id" text not null references "users" ("id") on delete cascade, "member_id" text not null, "created_at" text not null, "expires_at" text not null, "used_at" text)
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

CREATE VIRTUAL TABLE "applications_text" USING fts5("name", "vendor", "description", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "applications_text_insert" AFTER INSERT ON "applications" BEGIN
      INSERT INTO "applications_text" (rowid, "name", "vendor", "description") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."vendor"), estate_fold("new"."description")); END
;

CREATE TRIGGER "applications_text_update" AFTER UPDATE OF "name", "vendor", "description" ON "applications" BEGIN
      DELETE FROM "applications_text" WHERE rowid = old.rowid;
      INSERT INTO "applications_text" (rowid, "name", "vendor", "description") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."vendor"), estate_fold("new"."description")); END
;

CREATE TRIGGER "applications_text_delete" AFTER DELETE ON "applications" BEGIN
      DELETE FROM "applications_text" WHERE rowid = old.rowid; END
;

CREATE VIRTUAL TABLE "categories_text" USING fts5("name", "description", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "categories_text_insert" AFTER INSERT ON "categories" BEGIN
      INSERT INTO "categories_text" (rowid, "name", "description") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."description")); END
;

CREATE TRIGGER "categories_text_update" AFTER UPDATE OF "name", "description" ON "categories" BEGIN
      DELETE FROM "categories_text" WHERE rowid = old.rowid;
      INSERT INTO "categories_text" (rowid, "name", "description") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."description")); END
;

CREATE TRIGGER "categories_text_delete" AFTER DELETE ON "categories" BEGIN
      DELETE FROM "categories_text" WHERE rowid = old.rowid; END
;

CREATE VIRTUAL TABLE "teams_text" USING fts5("name", "description", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "teams_text_insert" AFTER INSERT ON "teams" BEGIN
      INSERT INTO "teams_text" (rowid, "name", "description") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."description")); END
;

CREATE TRIGGER "teams_text_update" AFTER UPDATE OF "name", "description" ON "teams" BEGIN
      DELETE FROM "teams_text" WHERE rowid = old.rowid;
      INSERT INTO "teams_text" (rowid, "name", "description") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."description")); END
;

CREATE TRIGGER "teams_text_delete" AFTER DELETE ON "teams" BEGIN
      DELETE FROM "teams_text" WHERE rowid = old.rowid; END
;

CREATE VIRTUAL TABLE "servers_text" USING fts5("name", "hostname", "ip_addresses", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "servers_text_insert" AFTER INSERT ON "servers" BEGIN
      INSERT INTO "servers_text" (rowid, "name", "hostname", "ip_addresses") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."hostname"), estate_fold("new"."ip_addresses")); END
;

CREATE TRIGGER "servers_text_update" AFTER UPDATE OF "name", "hostname", "ip_addresses" ON "servers" BEGIN
      DELETE FROM "servers_text" WHERE rowid = old.rowid;
      INSERT INTO "servers_text" (rowid, "name", "hostname", "ip_addresses") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."hostname"), estate_fold("new"."ip_addresses")); END
;

CREATE TRIGGER "servers_text_delete" AFTER DELETE ON "servers" BEGIN
      DELETE FROM "servers_text" WHERE rowid = old.rowid; END
;

CREATE VIRTUAL TABLE "networks_text" USING fts5("name", "cidr", "location", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "networks_text_insert" AFTER INSERT ON "networks" BEGIN
      INSERT INTO "networks_text" (rowid, "name", "cidr", "location") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."cidr"), estate_fold("new"."location")); END
;

CREATE TRIGGER "networks_text_update" AFTER UPDATE OF "name", "cidr", "location" ON "networks" BEGIN
      DELETE FROM "networks_text" WHERE rowid = old.rowid;
      INSERT INTO "networks_text" (rowid, "name", "cidr", "location") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."cidr"), estate_fold("new"."location")); END
;

CREATE TRIGGER "networks_text_delete" AFTER DELETE ON "networks" BEGIN
      DELETE FROM "networks_text" WHERE rowid = old.rowid; END
;

CREATE VIRTUAL TABLE "routers_text" USING fts5("name", "model", "management_ip", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "routers_text_insert" AFTER INSERT ON "routers" BEGIN
      INSERT INTO "routers_text" (rowid, "name", "model", "management_ip") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."model"), estate_fold("new"."management_ip")); END
;

CREATE TRIGGER "routers_text_update" AFTER UPDATE OF "name", "model", "management_ip" ON "routers" BEGIN
      DELETE FROM "routers_text" WHERE rowid = old.rowid;
      INSERT INTO "routers_text" (rowid, "name", "model", "management_ip") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."model"), estate_fold("new"."management_ip")); END
;

CREATE TRIGGER "routers_text_delete" AFTER DELETE ON "routers" BEGIN
      DELETE FROM "routers_text" WHERE rowid = old.rowid; END
;

CREATE VIRTUAL TABLE "workstations_text" USING fts5("name", "hostname", "serial_number", "model", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "workstations_text_insert" AFTER INSERT ON "workstations" BEGIN
      INSERT INTO "workstations_text" (rowid, "name", "hostname", "serial_number", "model") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."hostname"), estate_fold("new"."serial_number"), estate_fold("new"."model")); END
;

CREATE TRIGGER "workstations_text_update" AFTER UPDATE OF "name", "hostname", "serial_number", "model" ON "workstations" BEGIN
      DELETE FROM "workstations_text" WHERE rowid = old.rowid;
      INSERT INTO "workstations_text" (rowid, "name", "hostname", "serial_number", "model") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."hostname"), estate_fold("new"."serial_number"), estate_fold("new"."model")); END
;

CREATE TRIGGER "workstations_text_delete" AFTER DELETE ON "workstations" BEGIN
      DELETE FROM "workstations_text" WHERE rowid = old.rowid; END
;

CREATE VIRTUAL TABLE "data_objects_text" USING fts5("name", "description", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "data_objects_text_insert" AFTER INSERT ON "data_objects" BEGIN
      INSERT INTO "data_objects_text" (rowid, "name", "description") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."description")); END
;

CREATE TRIGGER "data_objects_text_update" AFTER UPDATE OF "name", "description" ON "data_objects" BEGIN
      DELETE FROM "data_objects_text" WHERE rowid = old.rowid;
      INSERT INTO "data_objects_text" (rowid, "name", "description") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."description")); END
;

CREATE TRIGGER "data_objects_text_delete" AFTER DELETE ON "data_objects" BEGIN
      DELETE FROM "data_objects_text" WHERE rowid = old.rowid; END
;

CREATE VIRTUAL TABLE "contracts_text" USING fts5("name", "vendor", "reference", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "contracts_text_insert" AFTER INSERT ON "contracts" BEGIN
      INSERT INTO "contracts_text" (rowid, "name", "vendor", "reference") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."vendor"), estate_fold("new"."reference")); END
;

CREATE TRIGGER "contracts_text_update" AFTER UPDATE OF "name", "vendor", "reference" ON "contracts" BEGIN
      DELETE FROM "contracts_text" WHERE rowid = old.rowid;
      INSERT INTO "contracts_text" (rowid, "name", "vendor", "reference") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."vendor"), estate_fold("new"."reference")); END
;

CREATE TRIGGER "contracts_text_delete" AFTER DELETE ON "contracts" BEGIN
      DELETE FROM "contracts_text" WHERE rowid = old.rowid; END
;

CREATE VIRTUAL TABLE "flows_text" USING fts5("name", "description", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "flows_text_insert" AFTER INSERT ON "flows" BEGIN
      INSERT INTO "flows_text" (rowid, "name", "description") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."description")); END
;

CREATE TRIGGER "flows_text_update" AFTER UPDATE OF "name", "description" ON "flows" BEGIN
      DELETE FROM "flows_text" WHERE rowid = old.rowid;
      INSERT INTO "flows_text" (rowid, "name", "description") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."description")); END
;

CREATE TRIGGER "flows_text_delete" AFTER DELETE ON "flows" BEGIN
      DELETE FROM "flows_text" WHERE rowid = old.rowid; END
;

CREATE VIRTUAL TABLE "announcements_text" USING fts5("title", "body", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "announcements_text_insert" AFTER INSERT ON "announcements" BEGIN
      INSERT INTO "announcements_text" (rowid, "title", "body") VALUES (new.rowid, estate_fold("new"."title"), estate_fold("new"."body")); END
;

CREATE TRIGGER "announcements_text_update" AFTER UPDATE OF "title", "body" ON "announcements" BEGIN
      DELETE FROM "announcements_text" WHERE rowid = old.rowid;
      INSERT INTO "announcements_text" (rowid, "title", "body") VALUES (new.rowid, estate_fold("new"."title"), estate_fold("new"."body")); END
;

CREATE TRIGGER "announcements_text_delete" AFTER DELETE ON "announcements" BEGIN
      DELETE FROM "announcements_text" WHERE rowid = old.rowid; END
;

CREATE VIRTUAL TABLE "tags_text" USING fts5("name", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "tags_text_insert" AFTER INSERT ON "tags" BEGIN
      INSERT INTO "tags_text" (rowid, "name") VALUES (new.rowid, estate_fold("new"."name")); END
;

CREATE TRIGGER "tags_text_update" AFTER UPDATE OF "name" ON "tags" BEGIN
      DELETE FROM "tags_text" WHERE rowid = old.rowid;
      INSERT INTO "tags_text" (rowid, "name") VALUES (new.rowid, estate_fold("new"."name")); END
;

CREATE TRIGGER "tags_text_delete" AFTER DELETE ON "tags" BEGIN
      DELETE FROM "tags_text" WHERE rowid = old.rowid; END
;

CREATE VIRTUAL TABLE "agents_text" USING fts5("name", "hostname", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "agents_text_insert" AFTER INSERT ON "agents" BEGIN
      INSERT INTO "agents_text" (rowid, "name", "hostname") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."hostname")); END
;

CREATE TRIGGER "agents_text_update" AFTER UPDATE OF "name", "hostname" ON "agents" BEGIN
      DELETE FROM "agents_text" WHERE rowid = old.rowid;
      INSERT INTO "agents_text" (rowid, "name", "hostname") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."hostname")); END
;

CREATE TRIGGER "agents_text_delete" AFTER DELETE ON "agents" BEGIN
      DELETE FROM "agents_text" WHERE rowid = old.rowid; END
;

CREATE VIRTUAL TABLE "discovered_applications_text" USING fts5("name", "vendor", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "discovered_applications_text_insert" AFTER INSERT ON "discovered_applications" BEGIN
      INSERT INTO "discovered_applications_text" (rowid, "name", "vendor") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."vendor")); END
;

CREATE TRIGGER "discovered_applications_text_update" AFTER UPDATE OF "name", "vendor" ON "discovered_applications" BEGIN
      DELETE FROM "discovered_applications_text" WHERE rowid = old.rowid;
      INSERT INTO "discovered_applications_text" (rowid, "name", "vendor") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."vendor")); END
;

CREATE TRIGGER "discovered_applications_text_delete" AFTER DELETE ON "discovered_applications" BEGIN
      DELETE FROM "discovered_applications_text" WHERE rowid = old.rowid; END
;

CREATE VIRTUAL TABLE "users_text" USING fts5("name", "email", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "users_text_insert" AFTER INSERT ON "users" BEGIN
      INSERT INTO "users_text" (rowid, "name", "email") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."email")); END
;

CREATE TRIGGER "users_text_update" AFTER UPDATE OF "name", "email" ON "users" BEGIN
      DELETE FROM "users_text" WHERE rowid = old.rowid;
      INSERT INTO "users_text" (rowid, "name", "email") VALUES (new.rowid, estate_fold("new"."name"), estate_fold("new"."email")); END
;

CREATE TRIGGER "users_text_delete" AFTER DELETE ON "users" BEGIN
      DELETE FROM "users_text" WHERE rowid = old.rowid; END
;

CREATE VIRTUAL TABLE "audit_events_text" USING fts5("resource_name", "actor_name", "action", "resource_type", tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)
;

CREATE TRIGGER "audit_events_text_insert" AFTER INSERT ON "audit_events" BEGIN
      INSERT INTO "audit_events_text" (rowid, "resource_name", "actor_name", "action", "resource_type") VALUES (new.rowid, estate_fold("new"."resource_name"), estate_fold("new"."actor_name"), estate_fold("new"."action"), estate_fold("new"."resource_type")); END
;

CREATE TRIGGER "audit_events_text_update" AFTER UPDATE OF "resource_name", "actor_name", "action", "resource_type" ON "audit_events" BEGIN
      DELETE FROM "audit_events_text" WHERE rowid = old.rowid;
      INSERT INTO "audit_events_text" (rowid, "resource_name", "actor_name", "action", "resource_type") VALUES (new.rowid, estate_fold("new"."resource_name"), estate_fold("new"."actor_name"), estate_fold("new"."action"), estate_fold("new"."resource_type")); END
;

CREATE TRIGGER "audit_events_text_delete" AFTER DELETE ON "audit_events" BEGIN
      DELETE FROM "audit_events_text" WHERE rowid = old.rowid; END
;

CREATE TABLE "value_counts" ("workspace_id" text not null references "workspaces" ("id") on delete cascade, "table_name" text not null, "filter_name" text not null, "value" text not null, "total" bigint not null, constraint "value_counts_pk" primary key ("workspace_id", "table_name", "filter_name", "value"))
;

CREATE TRIGGER applications_tally_insert AFTER INSERT ON applications BEGIN
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'applications', 'lifecycleStatus', new.lifecycle_status, 1
       WHERE new.lifecycle_status IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'applications', 'criticality', new.criticality, 1
       WHERE new.criticality IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'applications', 'hostingType', new.hosting_type, 1
       WHERE new.hosting_type IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER applications_tally_update AFTER UPDATE OF lifecycle_status, criticality, hosting_type ON applications BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'applications' AND filter_name = 'lifecycleStatus' AND value = old.lifecycle_status AND old.lifecycle_status IS NOT new.lifecycle_status;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'applications', 'lifecycleStatus', new.lifecycle_status, 1
       WHERE new.lifecycle_status IS NOT NULL AND old.lifecycle_status IS NOT new.lifecycle_status
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'applications' AND filter_name = 'criticality' AND value = old.criticality AND old.criticality IS NOT new.criticality;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'applications', 'criticality', new.criticality, 1
       WHERE new.criticality IS NOT NULL AND old.criticality IS NOT new.criticality
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'applications' AND filter_name = 'hostingType' AND value = old.hosting_type AND old.hosting_type IS NOT new.hosting_type;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'applications', 'hostingType', new.hosting_type, 1
       WHERE new.hosting_type IS NOT NULL AND old.hosting_type IS NOT new.hosting_type
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER applications_tally_delete AFTER DELETE ON applications BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'applications' AND filter_name = 'lifecycleStatus' AND value = old.lifecycle_status AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'applications' AND filter_name = 'criticality' AND value = old.criticality AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'applications' AND filter_name = 'hostingType' AND value = old.hosting_type AND true;
  END
;

CREATE TRIGGER categories_tally_insert AFTER INSERT ON categories BEGIN
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'categories', 'root', CASE WHEN new.parent_id IS NULL THEN 'true' ELSE 'false' END, 1
       WHERE CASE WHEN new.parent_id IS NULL THEN 'true' ELSE 'false' END IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER categories_tally_update AFTER UPDATE OF parent_id ON categories BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'categories' AND filter_name = 'root' AND value = CASE WHEN old.parent_id IS NULL THEN 'true' ELSE 'false' END AND CASE WHEN old.parent_id IS NULL THEN 'true' ELSE 'false' END IS NOT CASE WHEN new.parent_id IS NULL THEN 'true' ELSE 'false' END;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'categories', 'root', CASE WHEN new.parent_id IS NULL THEN 'true' ELSE 'false' END, 1
       WHERE CASE WHEN new.parent_id IS NULL THEN 'true' ELSE 'false' END IS NOT NULL AND CASE WHEN old.parent_id IS NULL THEN 'true' ELSE 'false' END IS NOT CASE WHEN new.parent_id IS NULL THEN 'true' ELSE 'false' END
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER categories_tally_delete AFTER DELETE ON categories BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'categories' AND filter_name = 'root' AND value = CASE WHEN old.parent_id IS NULL THEN 'true' ELSE 'false' END AND true;
  END
;

CREATE TRIGGER servers_tally_insert AFTER INSERT ON servers BEGIN
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'servers', 'environment', new.environment, 1
       WHERE new.environment IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'servers', 'automatic', CAST(new.automatic AS TEXT), 1
       WHERE CAST(new.automatic AS TEXT) IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'servers', 'os', new.os_key, 1
       WHERE new.os_key IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER servers_tally_update AFTER UPDATE OF environment, automatic, os_key ON servers BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'servers' AND filter_name = 'environment' AND value = old.environment AND old.environment IS NOT new.environment;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'servers', 'environment', new.environment, 1
       WHERE new.environment IS NOT NULL AND old.environment IS NOT new.environment
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'servers' AND filter_name = 'automatic' AND value = CAST(old.automatic AS TEXT) AND CAST(old.automatic AS TEXT) IS NOT CAST(new.automatic AS TEXT);
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'servers', 'automatic', CAST(new.automatic AS TEXT), 1
       WHERE CAST(new.automatic AS TEXT) IS NOT NULL AND CAST(old.automatic AS TEXT) IS NOT CAST(new.automatic AS TEXT)
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'servers' AND filter_name = 'os' AND value = old.os_key AND old.os_key IS NOT new.os_key;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'servers', 'os', new.os_key, 1
       WHERE new.os_key IS NOT NULL AND old.os_key IS NOT new.os_key
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER servers_tally_delete AFTER DELETE ON servers BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'servers' AND filter_name = 'environment' AND value = old.environment AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'servers' AND filter_name = 'automatic' AND value = CAST(old.automatic AS TEXT) AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'servers' AND filter_name = 'os' AND value = old.os_key AND true;
  END
;

CREATE TRIGGER networks_tally_insert AFTER INSERT ON networks BEGIN
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'networks', 'environment', new.environment, 1
       WHERE new.environment IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER networks_tally_update AFTER UPDATE OF environment ON networks BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'networks' AND filter_name = 'environment' AND value = old.environment AND old.environment IS NOT new.environment;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'networks', 'environment', new.environment, 1
       WHERE new.environment IS NOT NULL AND old.environment IS NOT new.environment
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER networks_tally_delete AFTER DELETE ON networks BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'networks' AND filter_name = 'environment' AND value = old.environment AND true;
  END
;

CREATE TRIGGER routers_tally_insert AFTER INSERT ON routers BEGIN
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'routers', 'manufacturer', new.manufacturer_key, 1
       WHERE new.manufacturer_key IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER routers_tally_update AFTER UPDATE OF manufacturer_key ON routers BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'routers' AND filter_name = 'manufacturer' AND value = old.manufacturer_key AND old.manufacturer_key IS NOT new.manufacturer_key;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'routers', 'manufacturer', new.manufacturer_key, 1
       WHERE new.manufacturer_key IS NOT NULL AND old.manufacturer_key IS NOT new.manufacturer_key
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER routers_tally_delete AFTER DELETE ON routers BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'routers' AND filter_name = 'manufacturer' AND value = old.manufacturer_key AND true;
  END
;

CREATE TRIGGER data_objects_tally_insert AFTER INSERT ON data_objects BEGIN
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'data_objects', 'classification', new.classification, 1
       WHERE new.classification IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'data_objects', 'personalData', CAST(new.personal_data AS TEXT), 1
       WHERE CAST(new.personal_data AS TEXT) IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER data_objects_tally_update AFTER UPDATE OF classification, personal_data ON data_objects BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'data_objects' AND filter_name = 'classification' AND value = old.classification AND old.classification IS NOT new.classification;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'data_objects', 'classification', new.classification, 1
       WHERE new.classification IS NOT NULL AND old.classification IS NOT new.classification
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'data_objects' AND filter_name = 'personalData' AND value = CAST(old.personal_data AS TEXT) AND CAST(old.personal_data AS TEXT) IS NOT CAST(new.personal_data AS TEXT);
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'data_objects', 'personalData', CAST(new.personal_data AS TEXT), 1
       WHERE CAST(new.personal_data AS TEXT) IS NOT NULL AND CAST(old.personal_data AS TEXT) IS NOT CAST(new.personal_data AS TEXT)
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER data_objects_tally_delete AFTER DELETE ON data_objects BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'data_objects' AND filter_name = 'classification' AND value = old.classification AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'data_objects' AND filter_name = 'personalData' AND value = CAST(old.personal_data AS TEXT) AND true;
  END
;

CREATE TRIGGER flows_tally_insert AFTER INSERT ON flows BEGIN
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'flows', 'protocol', new.protocol, 1
       WHERE new.protocol IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'flows', 'frequency', new.frequency, 1
       WHERE new.frequency IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER flows_tally_update AFTER UPDATE OF protocol, frequency ON flows BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'flows' AND filter_name = 'protocol' AND value = old.protocol AND old.protocol IS NOT new.protocol;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'flows', 'protocol', new.protocol, 1
       WHERE new.protocol IS NOT NULL AND old.protocol IS NOT new.protocol
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'flows' AND filter_name = 'frequency' AND value = old.frequency AND old.frequency IS NOT new.frequency;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'flows', 'frequency', new.frequency, 1
       WHERE new.frequency IS NOT NULL AND old.frequency IS NOT new.frequency
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER flows_tally_delete AFTER DELETE ON flows BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'flows' AND filter_name = 'protocol' AND value = old.protocol AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'flows' AND filter_name = 'frequency' AND value = old.frequency AND true;
  END
;

CREATE TRIGGER announcements_tally_insert AFTER INSERT ON announcements BEGIN
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'announcements', 'severity', new.severity, 1
       WHERE new.severity IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER announcements_tally_update AFTER UPDATE OF severity ON announcements BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'announcements' AND filter_name = 'severity' AND value = old.severity AND old.severity IS NOT new.severity;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'announcements', 'severity', new.severity, 1
       WHERE new.severity IS NOT NULL AND old.severity IS NOT new.severity
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER announcements_tally_delete AFTER DELETE ON announcements BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'announcements' AND filter_name = 'severity' AND value = old.severity AND true;
  END
;

CREATE TRIGGER discovered_applications_tally_insert AFTER INSERT ON discovered_applications BEGIN
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'discovered_applications', 'status', new.status, 1
       WHERE new.status IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'discovered_applications', 'missing', CASE WHEN new.missing_since IS NULL THEN 'false' ELSE 'true' END, 1
       WHERE CASE WHEN new.missing_since IS NULL THEN 'false' ELSE 'true' END IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'discovered_applications', 'vendor', new.vendor_key, 1
       WHERE new.vendor_key IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER discovered_applications_tally_update AFTER UPDATE OF status, missing_since, vendor_key ON discovered_applications BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'discovered_applications' AND filter_name = 'status' AND value = old.status AND old.status IS NOT new.status;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'discovered_applications', 'status', new.status, 1
       WHERE new.status IS NOT NULL AND old.status IS NOT new.status
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'discovered_applications' AND filter_name = 'missing' AND value = CASE WHEN old.missing_since IS NULL THEN 'false' ELSE 'true' END AND CASE WHEN old.missing_since IS NULL THEN 'false' ELSE 'true' END IS NOT CASE WHEN new.missing_since IS NULL THEN 'false' ELSE 'true' END;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'discovered_applications', 'missing', CASE WHEN new.missing_since IS NULL THEN 'false' ELSE 'true' END, 1
       WHERE CASE WHEN new.missing_since IS NULL THEN 'false' ELSE 'true' END IS NOT NULL AND CASE WHEN old.missing_since IS NULL THEN 'false' ELSE 'true' END IS NOT CASE WHEN new.missing_since IS NULL THEN 'false' ELSE 'true' END
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'discovered_applications' AND filter_name = 'vendor' AND value = old.vendor_key AND old.vendor_key IS NOT new.vendor_key;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'discovered_applications', 'vendor', new.vendor_key, 1
       WHERE new.vendor_key IS NOT NULL AND old.vendor_key IS NOT new.vendor_key
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER discovered_applications_tally_delete AFTER DELETE ON discovered_applications BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'discovered_applications' AND filter_name = 'status' AND value = old.status AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'discovered_applications' AND filter_name = 'missing' AND value = CASE WHEN old.missing_since IS NULL THEN 'false' ELSE 'true' END AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'discovered_applications' AND filter_name = 'vendor' AND value = old.vendor_key AND true;
  END
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

CREATE TRIGGER workstations_tally_insert AFTER INSERT ON workstations BEGIN
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'workstations', 'status', new.status, 1
       WHERE new.status IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'workstations', 'automatic', CAST(new.automatic AS TEXT), 1
       WHERE CAST(new.automatic AS TEXT) IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'workstations', 'assigned', CASE WHEN new.assigned_user_id IS NULL THEN 'false' ELSE 'true' END, 1
       WHERE CASE WHEN new.assigned_user_id IS NULL THEN 'false' ELSE 'true' END IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'workstations', 'day:warranty_end', new.warranty_end, 1
       WHERE new.warranty_end IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER workstations_tally_update AFTER UPDATE OF status, automatic, assigned_user_id, warranty_end ON workstations BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'workstations' AND filter_name = 'status' AND value = old.status AND old.status IS NOT new.status;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'workstations', 'status', new.status, 1
       WHERE new.status IS NOT NULL AND old.status IS NOT new.status
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'workstations' AND filter_name = 'automatic' AND value = CAST(old.automatic AS TEXT) AND CAST(old.automatic AS TEXT) IS NOT CAST(new.automatic AS TEXT);
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'workstations', 'automatic', CAST(new.automatic AS TEXT), 1
       WHERE CAST(new.automatic AS TEXT) IS NOT NULL AND CAST(old.automatic AS TEXT) IS NOT CAST(new.automatic AS TEXT)
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'workstations' AND filter_name = 'assigned' AND value = CASE WHEN old.assigned_user_id IS NULL THEN 'false' ELSE 'true' END AND CASE WHEN old.assigned_user_id IS NULL THEN 'false' ELSE 'true' END IS NOT CASE WHEN new.assigned_user_id IS NULL THEN 'false' ELSE 'true' END;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'workstations', 'assigned', CASE WHEN new.assigned_user_id IS NULL THEN 'false' ELSE 'true' END, 1
       WHERE CASE WHEN new.assigned_user_id IS NULL THEN 'false' ELSE 'true' END IS NOT NULL AND CASE WHEN old.assigned_user_id IS NULL THEN 'false' ELSE 'true' END IS NOT CASE WHEN new.assigned_user_id IS NULL THEN 'false' ELSE 'true' END
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'workstations' AND filter_name = 'day:warranty_end' AND value = old.warranty_end AND old.warranty_end IS NOT new.warranty_end;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'workstations', 'day:warranty_end', new.warranty_end, 1
       WHERE new.warranty_end IS NOT NULL AND old.warranty_end IS NOT new.warranty_end
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER workstations_tally_delete AFTER DELETE ON workstations BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'workstations' AND filter_name = 'status' AND value = old.status AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'workstations' AND filter_name = 'automatic' AND value = CAST(old.automatic AS TEXT) AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'workstations' AND filter_name = 'assigned' AND value = CASE WHEN old.assigned_user_id IS NULL THEN 'false' ELSE 'true' END AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'workstations' AND filter_name = 'day:warranty_end' AND value = old.warranty_end AND true;
  END
;

CREATE TRIGGER contracts_tally_insert AFTER INSERT ON contracts BEGIN
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'contracts', 'type', new.type, 1
       WHERE new.type IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'contracts', 'vendor', new.vendor_key, 1
       WHERE new.vendor_key IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'contracts', 'day:end_date', new.end_date, 1
       WHERE new.end_date IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER contracts_tally_update AFTER UPDATE OF type, vendor_key, end_date ON contracts BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'contracts' AND filter_name = 'type' AND value = old.type AND old.type IS NOT new.type;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'contracts', 'type', new.type, 1
       WHERE new.type IS NOT NULL AND old.type IS NOT new.type
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'contracts' AND filter_name = 'vendor' AND value = old.vendor_key AND old.vendor_key IS NOT new.vendor_key;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'contracts', 'vendor', new.vendor_key, 1
       WHERE new.vendor_key IS NOT NULL AND old.vendor_key IS NOT new.vendor_key
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'contracts' AND filter_name = 'day:end_date' AND value = old.end_date AND old.end_date IS NOT new.end_date;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'contracts', 'day:end_date', new.end_date, 1
       WHERE new.end_date IS NOT NULL AND old.end_date IS NOT new.end_date
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER contracts_tally_delete AFTER DELETE ON contracts BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'contracts' AND filter_name = 'type' AND value = old.type AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'contracts' AND filter_name = 'vendor' AND value = old.vendor_key AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'contracts' AND filter_name = 'day:end_date' AND value = old.end_date AND true;
  END
;

CREATE TRIGGER audit_events_tally_insert AFTER INSERT ON audit_events BEGIN
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'audit_events', 'category', new.category, 1
       WHERE new.category IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'audit_events', 'actions', new.action, 1
       WHERE new.action IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'audit_events', 'resourceType', new.resource_type, 1
       WHERE new.resource_type IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'audit_events', 'day:timestamp', substr(new.timestamp, 1, 10), 1
       WHERE substr(new.timestamp, 1, 10) IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER audit_events_tally_update AFTER UPDATE OF category, action, resource_type, timestamp ON audit_events BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'audit_events' AND filter_name = 'category' AND value = old.category AND old.category IS NOT new.category;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'audit_events', 'category', new.category, 1
       WHERE new.category IS NOT NULL AND old.category IS NOT new.category
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'audit_events' AND filter_name = 'actions' AND value = old.action AND old.action IS NOT new.action;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'audit_events', 'actions', new.action, 1
       WHERE new.action IS NOT NULL AND old.action IS NOT new.action
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'audit_events' AND filter_name = 'resourceType' AND value = old.resource_type AND old.resource_type IS NOT new.resource_type;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'audit_events', 'resourceType', new.resource_type, 1
       WHERE new.resource_type IS NOT NULL AND old.resource_type IS NOT new.resource_type
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'audit_events' AND filter_name = 'day:timestamp' AND value = substr(old.timestamp, 1, 10) AND substr(old.timestamp, 1, 10) IS NOT substr(new.timestamp, 1, 10);
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'audit_events', 'day:timestamp', substr(new.timestamp, 1, 10), 1
       WHERE substr(new.timestamp, 1, 10) IS NOT NULL AND substr(old.timestamp, 1, 10) IS NOT substr(new.timestamp, 1, 10)
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER audit_events_tally_delete AFTER DELETE ON audit_events BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'audit_events' AND filter_name = 'category' AND value = old.category AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'audit_events' AND filter_name = 'actions' AND value = old.action AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'audit_events' AND filter_name = 'resourceType' AND value = old.resource_type AND true;
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'audit_events' AND filter_name = 'day:timestamp' AND value = substr(old.timestamp, 1, 10) AND true;
  END
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

CREATE TRIGGER applications_search_version_insert AFTER INSERT ON applications BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, 'applications', abs(random() % 9007199254740991))
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = abs(random() % 9007199254740991); END
;

CREATE TRIGGER applications_search_version_update AFTER UPDATE OF name, vendor, description ON applications
        WHEN old.name IS NOT new.name OR old.vendor IS NOT new.vendor OR old.description IS NOT new.description BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = new.workspace_id AND table_name = 'applications'; END
;

CREATE TRIGGER applications_search_version_delete AFTER DELETE ON applications BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = old.workspace_id AND table_name = 'applications'; END
;

CREATE TRIGGER categories_search_version_insert AFTER INSERT ON categories BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, 'categories', abs(random() % 9007199254740991))
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = abs(random() % 9007199254740991); END
;

CREATE TRIGGER categories_search_version_update AFTER UPDATE OF name, description ON categories
        WHEN old.name IS NOT new.name OR old.description IS NOT new.description BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = new.workspace_id AND table_name = 'categories'; END
;

CREATE TRIGGER categories_search_version_delete AFTER DELETE ON categories BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = old.workspace_id AND table_name = 'categories'; END
;

CREATE TRIGGER teams_search_version_insert AFTER INSERT ON teams BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, 'teams', abs(random() % 9007199254740991))
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = abs(random() % 9007199254740991); END
;

CREATE TRIGGER teams_search_version_update AFTER UPDATE OF name, description ON teams
        WHEN old.name IS NOT new.name OR old.description IS NOT new.description BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = new.workspace_id AND table_name = 'teams'; END
;

CREATE TRIGGER teams_search_version_delete AFTER DELETE ON teams BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = old.workspace_id AND table_name = 'teams'; END
;

CREATE TRIGGER servers_search_version_insert AFTER INSERT ON servers BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, 'servers', abs(random() % 9007199254740991))
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = abs(random() % 9007199254740991); END
;

CREATE TRIGGER servers_search_version_update AFTER UPDATE OF name, hostname, ip_addresses ON servers
        WHEN old.name IS NOT new.name OR old.hostname IS NOT new.hostname OR old.ip_addresses IS NOT new.ip_addresses BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = new.workspace_id AND table_name = 'servers'; END
;

CREATE TRIGGER servers_search_version_delete AFTER DELETE ON servers BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = old.workspace_id AND table_name = 'servers'; END
;

CREATE TRIGGER networks_search_version_insert AFTER INSERT ON networks BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, 'networks', abs(random() % 9007199254740991))
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = abs(random() % 9007199254740991); END
;

CREATE TRIGGER networks_search_version_update AFTER UPDATE OF name, cidr, location ON networks
        WHEN old.name IS NOT new.name OR old.cidr IS NOT new.cidr OR old.location IS NOT new.location BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = new.workspace_id AND table_name = 'networks'; END
;

CREATE TRIGGER networks_search_version_delete AFTER DELETE ON networks BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = old.workspace_id AND table_name = 'networks'; END
;

CREATE TRIGGER routers_search_version_insert AFTER INSERT ON routers BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, 'routers', abs(random() % 9007199254740991))
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = abs(random() % 9007199254740991); END
;

CREATE TRIGGER routers_search_version_update AFTER UPDATE OF name, model, management_ip ON routers
        WHEN old.name IS NOT new.name OR old.model IS NOT new.model OR old.management_ip IS NOT new.management_ip BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = new.workspace_id AND table_name = 'routers'; END
;

CREATE TRIGGER routers_search_version_delete AFTER DELETE ON routers BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = old.workspace_id AND table_name = 'routers'; END
;

CREATE TRIGGER workstations_search_version_insert AFTER INSERT ON workstations BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, 'workstations', abs(random() % 9007199254740991))
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = abs(random() % 9007199254740991); END
;

CREATE TRIGGER workstations_search_version_update AFTER UPDATE OF name, hostname, serial_number, model ON workstations
        WHEN old.name IS NOT new.name OR old.hostname IS NOT new.hostname OR old.serial_number IS NOT new.serial_number OR old.model IS NOT new.model BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = new.workspace_id AND table_name = 'workstations'; END
;

CREATE TRIGGER workstations_search_version_delete AFTER DELETE ON workstations BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = old.workspace_id AND table_name = 'workstations'; END
;

CREATE TRIGGER data_objects_search_version_insert AFTER INSERT ON data_objects BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, 'data_objects', abs(random() % 9007199254740991))
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = abs(random() % 9007199254740991); END
;

CREATE TRIGGER data_objects_search_version_update AFTER UPDATE OF name, description ON data_objects
        WHEN old.name IS NOT new.name OR old.description IS NOT new.description BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = new.workspace_id AND table_name = 'data_objects'; END
;

CREATE TRIGGER data_objects_search_version_delete AFTER DELETE ON data_objects BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = old.workspace_id AND table_name = 'data_objects'; END
;

CREATE TRIGGER contracts_search_version_insert AFTER INSERT ON contracts BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, 'contracts', abs(random() % 9007199254740991))
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = abs(random() % 9007199254740991); END
;

CREATE TRIGGER contracts_search_version_update AFTER UPDATE OF name, vendor, reference ON contracts
        WHEN old.name IS NOT new.name OR old.vendor IS NOT new.vendor OR old.reference IS NOT new.reference BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = new.workspace_id AND table_name = 'contracts'; END
;

CREATE TRIGGER contracts_search_version_delete AFTER DELETE ON contracts BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = old.workspace_id AND table_name = 'contracts'; END
;

CREATE TRIGGER flows_search_version_insert AFTER INSERT ON flows BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, 'flows', abs(random() % 9007199254740991))
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = abs(random() % 9007199254740991); END
;

CREATE TRIGGER flows_search_version_update AFTER UPDATE OF name, description ON flows
        WHEN old.name IS NOT new.name OR old.description IS NOT new.description BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = new.workspace_id AND table_name = 'flows'; END
;

CREATE TRIGGER flows_search_version_delete AFTER DELETE ON flows BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = old.workspace_id AND table_name = 'flows'; END
;

CREATE TRIGGER announcements_search_version_insert AFTER INSERT ON announcements BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, 'announcements', abs(random() % 9007199254740991))
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = abs(random() % 9007199254740991); END
;

CREATE TRIGGER announcements_search_version_update AFTER UPDATE OF title, body ON announcements
        WHEN old.title IS NOT new.title OR old.body IS NOT new.body BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = new.workspace_id AND table_name = 'announcements'; END
;

CREATE TRIGGER announcements_search_version_delete AFTER DELETE ON announcements BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = old.workspace_id AND table_name = 'announcements'; END
;

CREATE TRIGGER tags_search_version_insert AFTER INSERT ON tags BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, 'tags', abs(random() % 9007199254740991))
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = abs(random() % 9007199254740991); END
;

CREATE TRIGGER tags_search_version_update AFTER UPDATE OF name ON tags
        WHEN old.name IS NOT new.name BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = new.workspace_id AND table_name = 'tags'; END
;

CREATE TRIGGER tags_search_version_delete AFTER DELETE ON tags BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = old.workspace_id AND table_name = 'tags'; END
;

CREATE TRIGGER agents_search_version_insert AFTER INSERT ON agents BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, 'agents', abs(random() % 9007199254740991))
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = abs(random() % 9007199254740991); END
;

CREATE TRIGGER agents_search_version_update AFTER UPDATE OF name, hostname ON agents
        WHEN old.name IS NOT new.name OR old.hostname IS NOT new.hostname BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = new.workspace_id AND table_name = 'agents'; END
;

CREATE TRIGGER agents_search_version_delete AFTER DELETE ON agents BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = old.workspace_id AND table_name = 'agents'; END
;

CREATE TRIGGER discovered_applications_search_version_insert AFTER INSERT ON discovered_applications BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, 'discovered_applications', abs(random() % 9007199254740991))
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = abs(random() % 9007199254740991); END
;

CREATE TRIGGER discovered_applications_search_version_update AFTER UPDATE OF name, vendor ON discovered_applications
        WHEN old.name IS NOT new.name OR old.vendor IS NOT new.vendor BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = new.workspace_id AND table_name = 'discovered_applications'; END
;

CREATE TRIGGER discovered_applications_search_version_delete AFTER DELETE ON discovered_applications BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = old.workspace_id AND table_name = 'discovered_applications'; END
;

CREATE TRIGGER audit_events_search_version_insert AFTER INSERT ON audit_events BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, 'audit_events', abs(random() % 9007199254740991))
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = abs(random() % 9007199254740991); END
;

CREATE TRIGGER audit_events_search_version_update AFTER UPDATE OF resource_name, actor_name, action, resource_type ON audit_events
        WHEN old.resource_name IS NOT new.resource_name OR old.actor_name IS NOT new.actor_name OR old.action IS NOT new.action OR old.resource_type IS NOT new.resource_type BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = new.workspace_id AND table_name = 'audit_events'; END
;

CREATE TRIGGER audit_events_search_version_delete AFTER DELETE ON audit_events BEGIN UPDATE search_versions SET version = abs(random() % 9007199254740991) WHERE workspace_id = old.workspace_id AND table_name = 'audit_events'; END
;

CREATE TRIGGER server_tags_tally_insert AFTER INSERT ON server_tags BEGIN
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'server_tags', 'link:tag_id', CAST(new.tag_id AS TEXT), 1
       WHERE CAST(new.tag_id AS TEXT) IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER server_tags_tally_update AFTER UPDATE OF tag_id ON server_tags BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'server_tags' AND filter_name = 'link:tag_id' AND value = CAST(old.tag_id AS TEXT) AND CAST(old.tag_id AS TEXT) IS NOT CAST(new.tag_id AS TEXT);
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'server_tags', 'link:tag_id', CAST(new.tag_id AS TEXT), 1
       WHERE CAST(new.tag_id AS TEXT) IS NOT NULL AND CAST(old.tag_id AS TEXT) IS NOT CAST(new.tag_id AS TEXT)
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER server_tags_tally_delete AFTER DELETE ON server_tags BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'server_tags' AND filter_name = 'link:tag_id' AND value = CAST(old.tag_id AS TEXT) AND true;
  END
;

CREATE TRIGGER application_servers_tally_insert AFTER INSERT ON application_servers BEGIN
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'application_servers', 'link:application_id', CAST(new.application_id AS TEXT), 1
       WHERE CAST(new.application_id AS TEXT) IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER application_servers_tally_update AFTER UPDATE OF application_id ON application_servers BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'application_servers' AND filter_name = 'link:application_id' AND value = CAST(old.application_id AS TEXT) AND CAST(old.application_id AS TEXT) IS NOT CAST(new.application_id AS TEXT);
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'application_servers', 'link:application_id', CAST(new.application_id AS TEXT), 1
       WHERE CAST(new.application_id AS TEXT) IS NOT NULL AND CAST(old.application_id AS TEXT) IS NOT CAST(new.application_id AS TEXT)
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER application_servers_tally_delete AFTER DELETE ON application_servers BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'application_servers' AND filter_name = 'link:application_id' AND value = CAST(old.application_id AS TEXT) AND true;
  END
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

CREATE TRIGGER members_count_insert AFTER INSERT ON members BEGIN
        INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'members', 1)
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
      END
;

CREATE TRIGGER members_count_delete AFTER DELETE ON members BEGIN
        UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'members';
      END
;

CREATE TRIGGER members_tally_insert AFTER INSERT ON members BEGIN
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'members', 'role', new.role, 1
       WHERE new.role IS NOT NULL AND true
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER members_tally_update AFTER UPDATE OF role ON members BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'members' AND filter_name = 'role' AND value = old.role AND old.role IS NOT new.role;
    INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) SELECT new.workspace_id, 'members', 'role', new.role, 1
       WHERE new.role IS NOT NULL AND old.role IS NOT new.role
       ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = total + 1;
  END
;

CREATE TRIGGER members_tally_delete AFTER DELETE ON members BEGIN
    UPDATE value_counts SET total = total - 1 WHERE workspace_id = old.workspace_id AND table_name = 'members' AND filter_name = 'role' AND value = old.role AND true;
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

CREATE TRIGGER server_tags_copy_insert AFTER INSERT ON "server_tags" WHEN NEW."server_name" IS NOT coalesce((SELECT "name" FROM "servers" WHERE workspace_id = NEW.workspace_id AND id = NEW."server_id"), '') BEGIN UPDATE "server_tags" SET "server_name" = coalesce((SELECT "name" FROM "servers" WHERE workspace_id = NEW.workspace_id AND id = NEW."server_id"), '') WHERE rowid = NEW.rowid; END
;

CREATE TRIGGER server_tags_copy_update AFTER UPDATE OF "server_id", "server_name" ON "server_tags" WHEN NEW."server_name" IS NOT coalesce((SELECT "name" FROM "servers" WHERE workspace_id = NEW.workspace_id AND id = NEW."server_id"), '') BEGIN UPDATE "server_tags" SET "server_name" = coalesce((SELECT "name" FROM "servers" WHERE workspace_id = NEW.workspace_id AND id = NEW."server_id"), '') WHERE rowid = NEW.rowid; END
;

CREATE TRIGGER application_servers_copy_insert AFTER INSERT ON "application_servers" WHEN NEW."server_name" IS NOT coalesce((SELECT "name" FROM "servers" WHERE workspace_id = NEW.workspace_id AND id = NEW."server_id"), '') BEGIN UPDATE "application_servers" SET "server_name" = coalesce((SELECT "name" FROM "servers" WHERE workspace_id = NEW.workspace_id AND id = NEW."server_id"), '') WHERE rowid = NEW.rowid; END
;

CREATE TRIGGER application_servers_copy_update AFTER UPDATE OF "server_id", "server_name" ON "application_servers" WHEN NEW."server_name" IS NOT coalesce((SELECT "name" FROM "servers" WHERE workspace_id = NEW.workspace_id AND id = NEW."server_id"), '') BEGIN UPDATE "application_servers" SET "server_name" = coalesce((SELECT "name" FROM "servers" WHERE workspace_id = NEW.workspace_id AND id = NEW."server_id"), '') WHERE rowid = NEW.rowid; END
;

CREATE TRIGGER servers_name_copy AFTER UPDATE OF name ON servers WHEN OLD.name IS NOT NEW.name BEGIN
        UPDATE server_tags SET server_name = NEW.name WHERE workspace_id = NEW.workspace_id AND server_id = NEW.id;
        UPDATE application_servers SET server_name = NEW.name WHERE workspace_id = NEW.workspace_id AND server_id = NEW.id;
      END
;

CREATE INDEX "server_tags_tag_order_idx" ON "server_tags" (workspace_id, "tag_id", "server_name", "server_id")
;

CREATE INDEX "application_servers_application_order_idx" ON "application_servers" (workspace_id, "application_id", "server_name", "server_id")
;

CREATE TRIGGER members_person_copy_kept AFTER UPDATE OF user_name, user_email, user_created_at ON members
      WHEN (NEW.user_name, NEW.user_email, NEW.user_created_at) IS NOT (SELECT name, email, created_at FROM users WHERE id = NEW.user_id) BEGIN
        UPDATE members SET (user_name, user_email, user_created_at) = (SELECT name, email, created_at FROM users WHERE id = NEW.user_id) WHERE workspace_id = NEW.workspace_id AND id = NEW.id;
      END
;
