-- Estate's schema baseline (postgres), written by scripts/schema-baseline.ts.

CREATE FUNCTION application_servers_copy_name() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
        BEGIN
          SELECT "name" INTO NEW."server_name" FROM "servers" WHERE workspace_id = NEW.workspace_id AND id = NEW."server_id" FOR SHARE;
          NEW."server_name" := coalesce(NEW."server_name", '');
          RETURN NEW;
        END $$
;

CREATE FUNCTION members_copy_person() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      BEGIN
        SELECT name, email, created_at INTO NEW.user_name, NEW.user_email, NEW.user_created_at FROM users WHERE id = NEW.user_id FOR SHARE;
        RETURN NEW;
      END $$
;

CREATE FUNCTION row_counts_add() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      BEGIN
        INSERT INTO row_counts (workspace_id, table_name, total)
        SELECT workspace_id, TG_TABLE_NAME, count(*) FROM inserted GROUP BY workspace_id
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = row_counts.total + excluded.total;
        RETURN NULL;
      END $$
;

CREATE FUNCTION row_counts_remove() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      BEGIN
        UPDATE row_counts c SET total = c.total - d.removed
        FROM (SELECT workspace_id, count(*) AS removed FROM deleted GROUP BY workspace_id) d
        WHERE c.workspace_id = d.workspace_id AND c.table_name = TG_TABLE_NAME;
        RETURN NULL;
      END $$
;

CREATE FUNCTION search_versions_delete() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      UPDATE search_versions SET version = floor(random() * 9007199254740991)::bigint
      WHERE table_name = TG_TABLE_NAME AND workspace_id IN (SELECT DISTINCT workspace_id FROM deleted);
      RETURN NULL;
    END $$
;

CREATE FUNCTION search_versions_insert() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      INSERT INTO search_versions (workspace_id, table_name, version)
      SELECT workspace_id, TG_TABLE_NAME, floor(random() * 9007199254740991)::bigint FROM (SELECT DISTINCT workspace_id FROM inserted) written ORDER BY 1
      ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = floor(random() * 9007199254740991)::bigint;
      RETURN NULL;
    END $$
;

CREATE FUNCTION search_versions_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      UPDATE search_versions SET version = floor(random() * 9007199254740991)::bigint WHERE workspace_id = NEW.workspace_id AND table_name = TG_TABLE_NAME;
      RETURN NULL;
    END $$
;

CREATE FUNCTION server_tags_copy_name() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
        BEGIN
          SELECT "name" INTO NEW."server_name" FROM "servers" WHERE workspace_id = NEW.workspace_id AND id = NEW."server_id" FOR SHARE;
          NEW."server_name" := coalesce(NEW."server_name", '');
          RETURN NEW;
        END $$
;

CREATE FUNCTION servers_copy_name_to_links() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      BEGIN
        UPDATE server_tags SET server_name = NEW.name WHERE workspace_id = NEW.workspace_id AND server_id = NEW.id;
        UPDATE application_servers SET server_name = NEW.name WHERE workspace_id = NEW.workspace_id AND server_id = NEW.id;
        RETURN NULL;
      END $$
;

CREATE FUNCTION software_installs_ensure() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      BEGIN
        INSERT INTO software_installs (workspace_id, name_key, vendor_key, install_count)
        SELECT DISTINCT workspace_id, name_key, vendor_key, 0 FROM inserted ORDER BY 1, 2, 3
        ON CONFLICT (workspace_id, name_key, vendor_key) DO NOTHING;
        RETURN NULL;
      END $$
;

CREATE FUNCTION users_copy_to_members() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      BEGIN
        UPDATE members SET user_name = NEW.name, user_email = NEW.email WHERE user_id = NEW.id;
        RETURN NULL;
      END $$
;

CREATE FUNCTION value_counts_apply() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    DECLARE
      filter text;
      expression text;
    BEGIN
      FOR i IN 0 .. TG_NARGS / 2 - 1 LOOP
        filter := TG_ARGV[2 * i];
        expression := TG_ARGV[2 * i + 1];
        IF TG_OP = 'DELETE' THEN
          EXECUTE format(
            'UPDATE value_counts c SET total = c.total - d.n
             FROM (SELECT o.workspace_id, %s AS value, count(*) AS n FROM deleted o GROUP BY 1, 2 ORDER BY 1, 2) d
             WHERE c.workspace_id = d.workspace_id AND c.table_name = %L AND c.filter_name = %L AND c.value = d.value',
            replace(expression, '{row}', 'o'), TG_TABLE_NAME, filter);
        ELSE
          EXECUTE format(
            'INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total)
             SELECT workspace_id, %L, %L, value, count(*) FROM (SELECT n.workspace_id, %s AS value FROM inserted n) a
             WHERE value IS NOT NULL GROUP BY 1, 4 ORDER BY 1, 4
             ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = value_counts.total + excluded.total',
            TG_TABLE_NAME, filter, replace(expression, '{row}', 'n'));
        END IF;
      END LOOP;
      RETURN NULL;
    END $$
;

CREATE FUNCTION value_counts_move() RETURNS trigger
    LANGUAGE plpgsql
    AS $_$
    DECLARE
      filter text;
      expression text;
      old_value text;
      new_value text;
    BEGIN
      FOR i IN 0 .. TG_NARGS / 2 - 1 LOOP
        filter := TG_ARGV[2 * i];
        expression := TG_ARGV[2 * i + 1];
        EXECUTE format('SELECT %s, %s', replace(expression, '{row}', '($1)'), replace(expression, '{row}', '($2)')) INTO old_value, new_value USING OLD, NEW;
        CONTINUE WHEN old_value IS NOT DISTINCT FROM new_value;
        IF old_value IS NOT NULL THEN
          UPDATE value_counts SET total = total - 1
           WHERE workspace_id = OLD.workspace_id AND table_name = TG_TABLE_NAME AND filter_name = filter AND value = old_value;
        END IF;
        IF new_value IS NOT NULL THEN
          INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total) VALUES (NEW.workspace_id, TG_TABLE_NAME, filter, new_value, 1)
          ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = value_counts.total + 1;
        END IF;
      END LOOP;
      RETURN NULL;
    END $_$
;

CREATE TABLE agents (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    token_hash text NOT NULL,
    token_prefix text NOT NULL,
    hostname text,
    version text,
    created_at timestamp with time zone NOT NULL,
    last_seen_at timestamp with time zone,
    revoked_at timestamp with time zone,
    report_window_start timestamp with time zone,
    report_window_count integer DEFAULT 0 NOT NULL,
    search_text text GENERATED ALWAYS AS (((estate_fold(COALESCE(name, ''::text)) || chr(31)) || estate_fold(COALESCE(hostname, ''::text)))) STORED
)
;

CREATE TABLE announcements (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    title text NOT NULL,
    body text NOT NULL,
    severity text NOT NULL,
    starts_at timestamp with time zone,
    ends_at timestamp with time zone,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    search_text text GENERATED ALWAYS AS (((estate_fold(COALESCE(title, ''::text)) || chr(31)) || estate_fold(COALESCE(body, ''::text)))) STORED
)
;

CREATE TABLE api_keys (
    id uuid NOT NULL,
    workspace_id uuid NOT NULL,
    name text NOT NULL,
    alias text,
    permissions text NOT NULL,
    key_hash text NOT NULL,
    prefix text NOT NULL,
    created_by uuid,
    created_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone,
    revoked_at timestamp with time zone,
    rotated_at timestamp with time zone
)
;

CREATE TABLE application_comments (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    application_id uuid NOT NULL,
    body text NOT NULL,
    author_type text NOT NULL,
    author_id uuid,
    author_name text NOT NULL,
    created_at timestamp with time zone NOT NULL
)
;

CREATE TABLE application_owners (
    workspace_id uuid NOT NULL,
    application_id uuid NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL
)
;

CREATE TABLE application_servers (
    workspace_id uuid NOT NULL,
    application_id uuid NOT NULL,
    server_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL,
    server_name text NOT NULL
)
;

CREATE TABLE application_tags (
    workspace_id uuid NOT NULL,
    application_id uuid NOT NULL,
    tag_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL
)
;

CREATE TABLE application_teams (
    workspace_id uuid NOT NULL,
    application_id uuid NOT NULL,
    team_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL
)
;

CREATE TABLE applications (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    description text,
    vendor text,
    version text,
    url text,
    lifecycle_status text,
    criticality text,
    hosting_type text,
    category_id uuid,
    catalog_entry_id text,
    business_value integer,
    technical_fit integer,
    user_count integer,
    plan_date date,
    phase_in_date date,
    active_date date,
    phase_out_date date,
    end_of_life_date date,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    search_text text GENERATED ALWAYS AS (((((estate_fold(COALESCE(name, ''::text)) || chr(31)) || estate_fold(COALESCE(vendor, ''::text))) || chr(31)) || estate_fold(COALESCE(description, ''::text)))) STORED
)
;

CREATE TABLE audit_events (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    "timestamp" timestamp with time zone NOT NULL,
    category text NOT NULL,
    action text NOT NULL,
    actor_type text NOT NULL,
    actor_id uuid,
    actor_name text NOT NULL,
    resource_type text NOT NULL,
    resource_id uuid,
    resource_name text,
    changes text,
    search_text text GENERATED ALWAYS AS (((((((estate_fold(COALESCE(resource_name, ''::text)) || chr(31)) || estate_fold(COALESCE(actor_name, ''::text))) || chr(31)) || estate_fold(COALESCE(action, ''::text))) || chr(31)) || estate_fold(COALESCE(resource_type, ''::text)))) STORED
)
;

CREATE TABLE categories (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    description text,
    parent_id uuid,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    search_text text GENERATED ALWAYS AS (((estate_fold(COALESCE(name, ''::text)) || chr(31)) || estate_fold(COALESCE(description, ''::text)))) STORED
)
;

CREATE TABLE console_sessions (
    id text NOT NULL,
    user_id uuid NOT NULL,
    workspace_id uuid,
    csrf_token text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    last_seen_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL
)
;

CREATE TABLE contract_applications (
    workspace_id uuid NOT NULL,
    contract_id uuid NOT NULL,
    application_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL
)
;

CREATE TABLE contracts (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    vendor text NOT NULL,
    type text,
    reference text,
    start_date date NOT NULL,
    end_date date,
    renewal_date date,
    notice_period_days integer,
    auto_renew integer NOT NULL,
    amount numeric(16,2),
    currency text,
    billing_period text,
    seats integer,
    description text,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    vendor_key text,
    search_text text GENERATED ALWAYS AS (((((estate_fold(COALESCE(name, ''::text)) || chr(31)) || estate_fold(COALESCE(vendor, ''::text))) || chr(31)) || estate_fold(COALESCE(reference, ''::text)))) STORED
)
;

CREATE TABLE data_object_applications (
    workspace_id uuid NOT NULL,
    data_object_id uuid NOT NULL,
    application_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL
)
;

CREATE TABLE data_objects (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    description text,
    classification text,
    personal_data integer NOT NULL,
    retention_days integer,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    search_text text GENERATED ALWAYS AS (((estate_fold(COALESCE(name, ''::text)) || chr(31)) || estate_fold(COALESCE(description, ''::text)))) STORED
)
;

CREATE TABLE discovered_applications (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    vendor text NOT NULL,
    name_key text NOT NULL,
    vendor_key text NOT NULL,
    version text,
    server_id uuid,
    workstation_id uuid,
    agent_id uuid,
    status text NOT NULL,
    application_id uuid,
    catalog_entry_id text,
    first_seen_at timestamp with time zone NOT NULL,
    last_seen_at timestamp with time zone NOT NULL,
    missing_since timestamp with time zone,
    last_update timestamp with time zone NOT NULL,
    search_text text GENERATED ALWAYS AS (((estate_fold(COALESCE(name, ''::text)) || chr(31)) || estate_fold(COALESCE(vendor, ''::text)))) STORED
)
;

CREATE TABLE flow_data_objects (
    workspace_id uuid NOT NULL,
    flow_id uuid NOT NULL,
    data_object_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL
)
;

CREATE TABLE flows (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    source_application_id uuid NOT NULL,
    target_application_id uuid NOT NULL,
    protocol text,
    frequency text,
    description text,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    search_text text GENERATED ALWAYS AS (((estate_fold(COALESCE(name, ''::text)) || chr(31)) || estate_fold(COALESCE(description, ''::text)))) STORED
)
;

CREATE TABLE invitations (
    token_hash text NOT NULL,
    workspace_id uuid NOT NULL,
    user_id uuid NOT NULL,
    member_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone
)
;

CREATE TABLE members (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    role text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    user_name text NOT NULL,
    user_email text NOT NULL,
    user_created_at timestamp with time zone NOT NULL
)
;

CREATE TABLE networks (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    cidr text NOT NULL,
    vlan integer,
    gateway text,
    environment text,
    location text,
    description text,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    cidr_key text DEFAULT ''::text NOT NULL,
    search_text text GENERATED ALWAYS AS (((((estate_fold(COALESCE(name, ''::text)) || chr(31)) || estate_fold(COALESCE(cidr, ''::text))) || chr(31)) || estate_fold(COALESCE(location, ''::text)))) STORED
)
;

CREATE TABLE roles (
    workspace_id uuid NOT NULL,
    name text NOT NULL,
    permissions text NOT NULL,
    updated_at timestamp with time zone NOT NULL
)
;

CREATE TABLE router_networks (
    workspace_id uuid NOT NULL,
    router_id uuid NOT NULL,
    network_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL
)
;

CREATE TABLE router_tags (
    workspace_id uuid NOT NULL,
    router_id uuid NOT NULL,
    tag_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL
)
;

CREATE TABLE routers (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    manufacturer text,
    model text,
    os text,
    os_version text,
    serial_number text,
    management_ip text,
    location text,
    description text,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    manufacturer_key text,
    search_text text GENERATED ALWAYS AS (((((estate_fold(COALESCE(name, ''::text)) || chr(31)) || estate_fold(COALESCE(model, ''::text))) || chr(31)) || estate_fold(COALESCE(management_ip, ''::text)))) STORED
)
;

CREATE TABLE row_counts (
    workspace_id uuid NOT NULL,
    table_name text NOT NULL,
    total bigint NOT NULL
)
;

CREATE TABLE search_versions (
    workspace_id uuid NOT NULL,
    table_name text NOT NULL,
    version bigint NOT NULL
)
;

CREATE TABLE server_owners (
    workspace_id uuid NOT NULL,
    server_id uuid NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL
)
;

CREATE TABLE server_tags (
    workspace_id uuid NOT NULL,
    server_id uuid NOT NULL,
    tag_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL,
    server_name text NOT NULL
)
;

CREATE TABLE servers (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    hostname text NOT NULL,
    ip_addresses text NOT NULL,
    os text,
    os_version text,
    manufacturer text,
    model text,
    serial_number text,
    cpu_cores integer,
    memory_mb integer,
    storage_gb integer,
    environment text,
    location text,
    description text,
    automatic integer NOT NULL,
    agent_id uuid,
    created_at timestamp with time zone NOT NULL,
    last_check_time timestamp with time zone NOT NULL,
    last_report_at timestamp with time zone,
    os_key text,
    search_text text GENERATED ALWAYS AS (((((estate_fold(COALESCE(name, ''::text)) || chr(31)) || estate_fold(COALESCE(hostname, ''::text))) || chr(31)) || estate_fold(COALESCE(ip_addresses, ''::text)))) STORED
)
;

CREATE TABLE sign_in_failures (
    subject text NOT NULL,
    failures integer NOT NULL,
    window_start timestamp with time zone NOT NULL,
    locked_until timestamp with time zone
)
;

CREATE TABLE software_installs (
    workspace_id uuid NOT NULL,
    name_key text NOT NULL,
    vendor_key text NOT NULL,
    install_count integer NOT NULL
)
;

CREATE TABLE tags (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    colour text NOT NULL,
    description text,
    created_at timestamp with time zone NOT NULL,
    name_key text NOT NULL,
    search_text text GENERATED ALWAYS AS (estate_fold(COALESCE(name, ''::text))) STORED
)
;

CREATE TABLE team_members (
    workspace_id uuid NOT NULL,
    team_id uuid NOT NULL,
    user_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL
)
;

CREATE TABLE teams (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    description text,
    email text,
    parent_id uuid,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    search_text text GENERATED ALWAYS AS (((estate_fold(COALESCE(name, ''::text)) || chr(31)) || estate_fold(COALESCE(description, ''::text)))) STORED
)
;

CREATE TABLE users (
    id uuid NOT NULL,
    email text NOT NULL,
    name text NOT NULL,
    password_hash text,
    created_at timestamp with time zone NOT NULL,
    search_text text GENERATED ALWAYS AS (((estate_fold(COALESCE(name, ''::text)) || chr(31)) || estate_fold(COALESCE(email, ''::text)))) STORED
)
;

CREATE TABLE value_counts (
    workspace_id uuid NOT NULL,
    table_name text NOT NULL,
    filter_name text NOT NULL,
    value text NOT NULL,
    total bigint NOT NULL
)
;

CREATE TABLE workspaces (
    id uuid NOT NULL,
    name text NOT NULL,
    default_currency text DEFAULT 'EUR'::text NOT NULL,
    time_zone text DEFAULT 'UTC'::text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL
)
;

CREATE TABLE workstations (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    hostname text,
    serial_number text,
    manufacturer text,
    model text,
    os text,
    os_version text,
    cpu_cores integer,
    memory_mb integer,
    status text NOT NULL,
    assigned_user_id uuid,
    purchase_date date,
    warranty_end date,
    location text,
    automatic integer NOT NULL,
    agent_id uuid,
    created_at timestamp with time zone NOT NULL,
    last_check_time timestamp with time zone NOT NULL,
    last_report_at timestamp with time zone,
    search_text text GENERATED ALWAYS AS (((((((estate_fold(COALESCE(name, ''::text)) || chr(31)) || estate_fold(COALESCE(hostname, ''::text))) || chr(31)) || estate_fold(COALESCE(serial_number, ''::text))) || chr(31)) || estate_fold(COALESCE(model, ''::text)))) STORED
)
;

ALTER TABLE ONLY agents
    ADD CONSTRAINT agents_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY agents
    ADD CONSTRAINT agents_token_hash_key UNIQUE (token_hash)
;

ALTER TABLE ONLY announcements
    ADD CONSTRAINT announcements_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY api_keys
    ADD CONSTRAINT api_keys_key_hash_key UNIQUE (key_hash)
;

ALTER TABLE ONLY api_keys
    ADD CONSTRAINT api_keys_pkey PRIMARY KEY (id)
;

ALTER TABLE ONLY application_comments
    ADD CONSTRAINT application_comments_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY application_owners
    ADD CONSTRAINT application_owners_pk PRIMARY KEY (workspace_id, application_id, user_id)
;

ALTER TABLE ONLY application_servers
    ADD CONSTRAINT application_servers_pk PRIMARY KEY (workspace_id, application_id, server_id)
;

ALTER TABLE ONLY application_tags
    ADD CONSTRAINT application_tags_pk PRIMARY KEY (workspace_id, application_id, tag_id)
;

ALTER TABLE ONLY application_teams
    ADD CONSTRAINT application_teams_pk PRIMARY KEY (workspace_id, application_id, team_id)
;

ALTER TABLE ONLY applications
    ADD CONSTRAINT applications_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY audit_events
    ADD CONSTRAINT audit_events_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY categories
    ADD CONSTRAINT categories_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY console_sessions
    ADD CONSTRAINT console_sessions_pkey PRIMARY KEY (id)
;

ALTER TABLE ONLY contract_applications
    ADD CONSTRAINT contract_applications_pk PRIMARY KEY (workspace_id, contract_id, application_id)
;

ALTER TABLE ONLY contracts
    ADD CONSTRAINT contracts_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY data_object_applications
    ADD CONSTRAINT data_object_applications_pk PRIMARY KEY (workspace_id, data_object_id, application_id)
;

ALTER TABLE ONLY data_objects
    ADD CONSTRAINT data_objects_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY discovered_applications
    ADD CONSTRAINT discovered_applications_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY flow_data_objects
    ADD CONSTRAINT flow_data_objects_pk PRIMARY KEY (workspace_id, flow_id, data_object_id)
;

ALTER TABLE ONLY flows
    ADD CONSTRAINT flows_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY invitations
    ADD CONSTRAINT invitations_pkey PRIMARY KEY (token_hash)
;

ALTER TABLE ONLY members
    ADD CONSTRAINT members_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY members
    ADD CONSTRAINT members_workspace_user_uq UNIQUE (workspace_id, user_id)
;

ALTER TABLE ONLY networks
    ADD CONSTRAINT networks_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY roles
    ADD CONSTRAINT roles_pk PRIMARY KEY (workspace_id, name)
;

ALTER TABLE ONLY router_networks
    ADD CONSTRAINT router_networks_pk PRIMARY KEY (workspace_id, router_id, network_id)
;

ALTER TABLE ONLY router_tags
    ADD CONSTRAINT router_tags_pk PRIMARY KEY (workspace_id, router_id, tag_id)
;

ALTER TABLE ONLY routers
    ADD CONSTRAINT routers_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY row_counts
    ADD CONSTRAINT row_counts_pk PRIMARY KEY (workspace_id, table_name)
;

ALTER TABLE ONLY search_versions
    ADD CONSTRAINT search_versions_pk PRIMARY KEY (workspace_id, table_name)
;

ALTER TABLE ONLY server_owners
    ADD CONSTRAINT server_owners_pk PRIMARY KEY (workspace_id, server_id, user_id)
;

ALTER TABLE ONLY server_tags
    ADD CONSTRAINT server_tags_pk PRIMARY KEY (workspace_id, server_id, tag_id)
;

ALTER TABLE ONLY servers
    ADD CONSTRAINT servers_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY sign_in_failures
    ADD CONSTRAINT sign_in_failures_pkey PRIMARY KEY (subject)
;

ALTER TABLE ONLY software_installs
    ADD CONSTRAINT software_installs_pk PRIMARY KEY (workspace_id, name_key, vendor_key)
;

ALTER TABLE ONLY tags
    ADD CONSTRAINT tags_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY team_members
    ADD CONSTRAINT team_members_pk PRIMARY KEY (workspace_id, team_id, user_id)
;

ALTER TABLE ONLY teams
    ADD CONSTRAINT teams_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY users
    ADD CONSTRAINT users_email_key UNIQUE (email)
;

ALTER TABLE ONLY users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id)
;

ALTER TABLE ONLY value_counts
    ADD CONSTRAINT value_counts_pk PRIMARY KEY (workspace_id, table_name, filter_name, value)
;

ALTER TABLE ONLY workspaces
    ADD CONSTRAINT workspaces_pkey PRIMARY KEY (id)
;

ALTER TABLE ONLY workstations
    ADD CONSTRAINT workstations_pk PRIMARY KEY (workspace_id, id)
;

CREATE INDEX agents_created_at_sort_idx ON agents USING btree (workspace_id, created_at, id)
;

CREATE INDEX agents_last_seen_at_sort_idx ON agents USING btree (workspace_id, last_seen_at NULLS FIRST, id)
;

CREATE INDEX agents_name_sort_idx ON agents USING btree (workspace_id, name, id)
;

CREATE INDEX agents_search_text_idx ON agents USING gin (search_text gin_trgm_ops, workspace_id)
;

CREATE INDEX announcements_created_at_sort_idx ON announcements USING btree (workspace_id, created_at, id)
;

CREATE INDEX announcements_ends_at_sort_idx ON announcements USING btree (workspace_id, ends_at NULLS FIRST, id)
;

CREATE INDEX announcements_search_text_idx ON announcements USING gin (search_text gin_trgm_ops, workspace_id)
;

CREATE INDEX announcements_severity_filter_idx ON announcements USING btree (workspace_id, severity, created_at, id)
;

CREATE INDEX announcements_severity_sort_idx ON announcements USING btree (workspace_id, (
CASE severity
    WHEN 'info'::text THEN 0
    WHEN 'warning'::text THEN 1
    WHEN 'critical'::text THEN 2
    ELSE NULL::integer
END), id)
;

CREATE INDEX announcements_starts_at_sort_idx ON announcements USING btree (workspace_id, starts_at NULLS FIRST, id)
;

CREATE INDEX announcements_title_sort_idx ON announcements USING btree (workspace_id, title, id)
;

CREATE INDEX announcements_updated_at_sort_idx ON announcements USING btree (workspace_id, updated_at, id)
;

CREATE INDEX announcements_window_idx ON announcements USING btree (workspace_id, ends_at, starts_at)
;

CREATE INDEX api_keys_workspace_idx ON api_keys USING btree (workspace_id, created_at)
;

CREATE INDEX application_comments_app_idx ON application_comments USING btree (workspace_id, application_id, created_at)
;

CREATE INDEX application_owners_user_id_idx ON application_owners USING btree (workspace_id, user_id, application_id)
;

CREATE INDEX application_servers_application_order_idx ON application_servers USING btree (workspace_id, application_id, server_name, server_id)
;

CREATE INDEX application_servers_server_id_application_id_idx ON application_servers USING btree (workspace_id, server_id, application_id)
;

CREATE INDEX application_tags_tag_id_application_id_idx ON application_tags USING btree (workspace_id, tag_id, application_id)
;

CREATE INDEX application_teams_team_id_application_id_idx ON application_teams USING btree (workspace_id, team_id, application_id)
;

CREATE INDEX applications_business_value_sort_idx ON applications USING btree (workspace_id, business_value NULLS FIRST, id)
;

CREATE INDEX applications_category_id_filter_idx ON applications USING btree (workspace_id, category_id, name, id)
;

CREATE INDEX applications_category_idx ON applications USING btree (workspace_id, category_id)
;

CREATE INDEX applications_created_at_sort_idx ON applications USING btree (workspace_id, created_at, id)
;

CREATE INDEX applications_criticality_filter_idx ON applications USING btree (workspace_id, criticality, name, id)
;

CREATE INDEX applications_criticality_sort_idx ON applications USING btree (workspace_id, (
CASE criticality
    WHEN 'low'::text THEN 0
    WHEN 'medium'::text THEN 1
    WHEN 'high'::text THEN 2
    WHEN 'critical'::text THEN 3
    ELSE NULL::integer
END) NULLS FIRST, id)
;

CREATE INDEX applications_hosting_type_filter_idx ON applications USING btree (workspace_id, hosting_type, name, id)
;

CREATE INDEX applications_lifecycle_status_filter_idx ON applications USING btree (workspace_id, lifecycle_status, name, id)
;

CREATE INDEX applications_lifecycle_status_sort_idx ON applications USING btree (workspace_id, (
CASE lifecycle_status
    WHEN 'plan'::text THEN 0
    WHEN 'phase_in'::text THEN 1
    WHEN 'active'::text THEN 2
    WHEN 'phase_out'::text THEN 3
    WHEN 'end_of_life'::text THEN 4
    ELSE NULL::integer
END) NULLS FIRST, id)
;

CREATE INDEX applications_name_idx ON applications USING btree (workspace_id, name, id)
;

CREATE INDEX applications_search_text_idx ON applications USING gin (search_text gin_trgm_ops, workspace_id)
;

CREATE INDEX applications_technical_fit_sort_idx ON applications USING btree (workspace_id, technical_fit NULLS FIRST, id)
;

CREATE INDEX applications_updated_at_sort_idx ON applications USING btree (workspace_id, updated_at, id)
;

CREATE INDEX applications_user_count_sort_idx ON applications USING btree (workspace_id, user_count NULLS FIRST, id)
;

CREATE INDEX audit_events_actor_idx ON audit_events USING btree (workspace_id, actor_id, "timestamp" DESC, id DESC)
;

CREATE INDEX audit_events_category_idx ON audit_events USING btree (workspace_id, category, "timestamp" DESC, id DESC)
;

CREATE INDEX audit_events_page_idx ON audit_events USING btree (workspace_id, "timestamp" DESC, id DESC)
;

CREATE INDEX audit_events_resource_id_idx ON audit_events USING btree (workspace_id, resource_id, "timestamp" DESC, id DESC)
;

CREATE INDEX audit_events_resource_type_idx ON audit_events USING btree (workspace_id, resource_type, "timestamp" DESC, id DESC)
;

CREATE INDEX audit_events_search_text_idx ON audit_events USING gin (search_text gin_trgm_ops, workspace_id)
;

CREATE INDEX categories_created_at_sort_idx ON categories USING btree (workspace_id, created_at, id)
;

CREATE INDEX categories_name_sort_idx ON categories USING btree (workspace_id, name, id)
;

CREATE INDEX categories_parent_id_filter_idx ON categories USING btree (workspace_id, parent_id, name, id)
;

CREATE INDEX categories_parent_idx ON categories USING btree (workspace_id, parent_id)
;

CREATE INDEX categories_search_text_idx ON categories USING gin (search_text gin_trgm_ops, workspace_id)
;

CREATE INDEX categories_updated_at_sort_idx ON categories USING btree (workspace_id, updated_at, id)
;

CREATE INDEX console_sessions_user_idx ON console_sessions USING btree (user_id)
;

CREATE INDEX contract_applications_application_id_contract_id_idx ON contract_applications USING btree (workspace_id, application_id, contract_id)
;

CREATE INDEX contracts_amount_sort_idx ON contracts USING btree (workspace_id, amount NULLS FIRST, id)
;

CREATE INDEX contracts_created_at_sort_idx ON contracts USING btree (workspace_id, created_at, id)
;

CREATE INDEX contracts_end_date_sort_idx ON contracts USING btree (workspace_id, end_date NULLS FIRST, id)
;

CREATE INDEX contracts_end_idx ON contracts USING btree (workspace_id, end_date)
;

CREATE INDEX contracts_name_sort_idx ON contracts USING btree (workspace_id, name, id)
;

CREATE INDEX contracts_renewal_date_sort_idx ON contracts USING btree (workspace_id, renewal_date NULLS FIRST, id)
;

CREATE INDEX contracts_search_text_idx ON contracts USING gin (search_text gin_trgm_ops, workspace_id)
;

CREATE INDEX contracts_start_date_sort_idx ON contracts USING btree (workspace_id, start_date, id)
;

CREATE INDEX contracts_type_filter_idx ON contracts USING btree (workspace_id, type, name, id)
;

CREATE INDEX contracts_updated_at_sort_idx ON contracts USING btree (workspace_id, updated_at, id)
;

CREATE INDEX contracts_vendor_key_filter_idx ON contracts USING btree (workspace_id, vendor_key, name, id)
;

CREATE INDEX contracts_vendor_key_idx ON contracts USING btree (workspace_id, vendor_key)
;

CREATE INDEX contracts_vendor_sort_idx ON contracts USING btree (workspace_id, vendor, id)
;

CREATE INDEX data_object_applications_application_id_data_object_id_idx ON data_object_applications USING btree (workspace_id, application_id, data_object_id)
;

CREATE INDEX data_objects_classification_filter_idx ON data_objects USING btree (workspace_id, classification, name, id)
;

CREATE INDEX data_objects_classification_sort_idx ON data_objects USING btree (workspace_id, (
CASE classification
    WHEN 'public'::text THEN 0
    WHEN 'internal'::text THEN 1
    WHEN 'confidential'::text THEN 2
    WHEN 'restricted'::text THEN 3
    ELSE NULL::integer
END) NULLS FIRST, id)
;

CREATE INDEX data_objects_created_at_sort_idx ON data_objects USING btree (workspace_id, created_at, id)
;

CREATE INDEX data_objects_name_sort_idx ON data_objects USING btree (workspace_id, name, id)
;

CREATE INDEX data_objects_personal_data_filter_idx ON data_objects USING btree (workspace_id, personal_data, name, id)
;

CREATE INDEX data_objects_search_text_idx ON data_objects USING gin (search_text gin_trgm_ops, workspace_id)
;

CREATE INDEX data_objects_updated_at_sort_idx ON data_objects USING btree (workspace_id, updated_at, id)
;

CREATE INDEX discovered_applications_agent_id_filter_idx ON discovered_applications USING btree (workspace_id, agent_id, name, id)
;

CREATE INDEX discovered_applications_first_seen_at_sort_idx ON discovered_applications USING btree (workspace_id, first_seen_at, id)
;

CREATE INDEX discovered_applications_last_update_sort_idx ON discovered_applications USING btree (workspace_id, last_update, id)
;

CREATE INDEX discovered_applications_missing_filter_idx ON discovered_applications USING btree (workspace_id, name, id) WHERE (missing_since IS NOT NULL)
;

CREATE INDEX discovered_applications_name_idx ON discovered_applications USING btree (workspace_id, name, vendor)
;

CREATE INDEX discovered_applications_name_sort_idx ON discovered_applications USING btree (workspace_id, name, id)
;

CREATE INDEX discovered_applications_present_filter_idx ON discovered_applications USING btree (workspace_id, name, id) WHERE (missing_since IS NULL)
;

CREATE INDEX discovered_applications_product_idx ON discovered_applications USING btree (workspace_id, name_key, vendor_key, id)
;

CREATE INDEX discovered_applications_search_text_idx ON discovered_applications USING gin (search_text gin_trgm_ops, workspace_id)
;

CREATE UNIQUE INDEX discovered_applications_server_id_key_uq ON discovered_applications USING btree (workspace_id, server_id, name_key, vendor_key) WHERE (server_id IS NOT NULL)
;

CREATE INDEX discovered_applications_server_idx ON discovered_applications USING btree (workspace_id, server_id)
;

CREATE INDEX discovered_applications_status_filter_idx ON discovered_applications USING btree (workspace_id, status, name, id)
;

CREATE INDEX discovered_applications_vendor_key_filter_idx ON discovered_applications USING btree (workspace_id, vendor_key, name, id)
;

CREATE INDEX discovered_applications_vendor_sort_idx ON discovered_applications USING btree (workspace_id, vendor, id)
;

CREATE UNIQUE INDEX discovered_applications_workstation_id_key_uq ON discovered_applications USING btree (workspace_id, workstation_id, name_key, vendor_key) WHERE (workstation_id IS NOT NULL)
;

CREATE INDEX discovered_applications_workstation_idx ON discovered_applications USING btree (workspace_id, workstation_id)
;

CREATE INDEX flow_data_objects_data_object_id_flow_id_idx ON flow_data_objects USING btree (workspace_id, data_object_id, flow_id)
;

CREATE INDEX flows_created_at_sort_idx ON flows USING btree (workspace_id, created_at, id)
;

CREATE INDEX flows_frequency_filter_idx ON flows USING btree (workspace_id, frequency, name, id)
;

CREATE INDEX flows_frequency_sort_idx ON flows USING btree (workspace_id, (
CASE frequency
    WHEN 'real_time'::text THEN 0
    WHEN 'hourly'::text THEN 1
    WHEN 'daily'::text THEN 2
    WHEN 'weekly'::text THEN 3
    WHEN 'monthly'::text THEN 4
    WHEN 'on_demand'::text THEN 5
    ELSE NULL::integer
END) NULLS FIRST, id)
;

CREATE INDEX flows_name_sort_idx ON flows USING btree (workspace_id, name, id)
;

CREATE INDEX flows_protocol_filter_idx ON flows USING btree (workspace_id, protocol, name, id)
;

CREATE INDEX flows_protocol_sort_idx ON flows USING btree (workspace_id, (
CASE protocol
    WHEN 'https'::text THEN 0
    WHEN 'http'::text THEN 1
    WHEN 'sftp'::text THEN 2
    WHEN 'ftp'::text THEN 3
    WHEN 'smtp'::text THEN 4
    WHEN 'amqp'::text THEN 5
    WHEN 'kafka'::text THEN 6
    WHEN 'jdbc'::text THEN 7
    WHEN 'grpc'::text THEN 8
    WHEN 'soap'::text THEN 9
    WHEN 'file'::text THEN 10
    WHEN 'other'::text THEN 11
    ELSE NULL::integer
END) NULLS FIRST, id)
;

CREATE INDEX flows_search_text_idx ON flows USING gin (search_text gin_trgm_ops, workspace_id)
;

CREATE INDEX flows_source_application_id_filter_idx ON flows USING btree (workspace_id, source_application_id, name, id)
;

CREATE INDEX flows_source_idx ON flows USING btree (workspace_id, source_application_id)
;

CREATE INDEX flows_target_application_id_filter_idx ON flows USING btree (workspace_id, target_application_id, name, id)
;

CREATE INDEX flows_target_idx ON flows USING btree (workspace_id, target_application_id)
;

CREATE INDEX flows_updated_at_sort_idx ON flows USING btree (workspace_id, updated_at, id)
;

CREATE INDEX invitations_user_idx ON invitations USING btree (user_id)
;

CREATE INDEX members_created_at_sort_idx ON members USING btree (workspace_id, created_at, id)
;

CREATE INDEX members_email_sort_idx ON members USING btree (workspace_id, user_email, id)
;

CREATE INDEX members_name_sort_idx ON members USING btree (workspace_id, user_name, id)
;

CREATE INDEX members_role_filter_idx ON members USING btree (workspace_id, role, user_name, id)
;

CREATE INDEX members_role_sort_idx ON members USING btree (workspace_id, (
CASE role
    WHEN 'read'::text THEN 0
    WHEN 'write'::text THEN 1
    WHEN 'admin'::text THEN 2
    ELSE NULL::integer
END), id)
;

CREATE INDEX members_user_created_at_sort_idx ON members USING btree (workspace_id, user_created_at, user_id)
;

CREATE INDEX members_user_email_sort_idx ON members USING btree (workspace_id, user_email, user_id)
;

CREATE INDEX members_user_idx ON members USING btree (user_id)
;

CREATE INDEX members_user_name_sort_idx ON members USING btree (workspace_id, user_name, user_id)
;

CREATE INDEX networks_cidr_key_idx ON networks USING btree (workspace_id, cidr_key, id)
;

CREATE INDEX networks_cidr_key_sort_idx ON networks USING btree (workspace_id, cidr_key, id)
;

CREATE INDEX networks_created_at_sort_idx ON networks USING btree (workspace_id, created_at, id)
;

CREATE INDEX networks_environment_filter_idx ON networks USING btree (workspace_id, environment, name, id)
;

CREATE INDEX networks_name_sort_idx ON networks USING btree (workspace_id, name, id)
;

CREATE INDEX networks_search_text_idx ON networks USING gin (search_text gin_trgm_ops, workspace_id)
;

CREATE INDEX networks_updated_at_sort_idx ON networks USING btree (workspace_id, updated_at, id)
;

CREATE INDEX networks_vlan_filter_idx ON networks USING btree (workspace_id, vlan, name, id)
;

CREATE INDEX networks_vlan_sort_idx ON networks USING btree (workspace_id, vlan NULLS FIRST, id)
;

CREATE INDEX router_networks_network_id_router_id_idx ON router_networks USING btree (workspace_id, network_id, router_id)
;

CREATE INDEX router_tags_tag_id_idx ON router_tags USING btree (workspace_id, tag_id)
;

CREATE INDEX routers_created_at_sort_idx ON routers USING btree (workspace_id, created_at, id)
;

CREATE INDEX routers_manufacturer_key_filter_idx ON routers USING btree (workspace_id, manufacturer_key, name, id)
;

CREATE INDEX routers_manufacturer_key_idx ON routers USING btree (workspace_id, manufacturer_key)
;

CREATE INDEX routers_manufacturer_sort_idx ON routers USING btree (workspace_id, manufacturer NULLS FIRST, id)
;

CREATE INDEX routers_name_sort_idx ON routers USING btree (workspace_id, name, id)
;

CREATE INDEX routers_search_text_idx ON routers USING gin (search_text gin_trgm_ops, workspace_id)
;

CREATE INDEX routers_updated_at_sort_idx ON routers USING btree (workspace_id, updated_at, id)
;

CREATE INDEX server_tags_tag_order_idx ON server_tags USING btree (workspace_id, tag_id, server_name, server_id)
;

CREATE INDEX servers_agent_id_filter_idx ON servers USING btree (workspace_id, agent_id, name, id)
;

CREATE UNIQUE INDEX servers_agent_uq ON servers USING btree (workspace_id, agent_id) WHERE (agent_id IS NOT NULL)
;

CREATE INDEX servers_automatic_filter_idx ON servers USING btree (workspace_id, automatic, name, id)
;

CREATE INDEX servers_capacity_idx ON servers USING btree (workspace_id, location, environment, name, id, cpu_cores, memory_mb, storage_gb)
;

CREATE INDEX servers_cpu_cores_sort_idx ON servers USING btree (workspace_id, cpu_cores NULLS FIRST, id)
;

CREATE INDEX servers_created_at_sort_idx ON servers USING btree (workspace_id, created_at, id)
;

CREATE INDEX servers_environment_idx ON servers USING btree (workspace_id, environment, name, id)
;

CREATE INDEX servers_environment_sort_idx ON servers USING btree (workspace_id, (
CASE environment
    WHEN 'production'::text THEN 0
    WHEN 'staging'::text THEN 1
    WHEN 'test'::text THEN 2
    WHEN 'development'::text THEN 3
    WHEN 'disaster_recovery'::text THEN 4
    ELSE NULL::integer
END) NULLS FIRST, id)
;

CREATE INDEX servers_hostname_sort_idx ON servers USING btree (workspace_id, hostname, id)
;

CREATE INDEX servers_last_check_idx ON servers USING btree (workspace_id, last_check_time, id)
;

CREATE INDEX servers_memory_mb_sort_idx ON servers USING btree (workspace_id, memory_mb NULLS FIRST, id)
;

CREATE INDEX servers_name_idx ON servers USING btree (workspace_id, name, id)
;

CREATE INDEX servers_os_key_filter_idx ON servers USING btree (workspace_id, os_key, name, id)
;

CREATE INDEX servers_os_release_idx ON servers USING btree (workspace_id, os, os_version, name, id, automatic)
;

CREATE INDEX servers_search_text_idx ON servers USING gin (search_text gin_trgm_ops, workspace_id)
;

CREATE INDEX sign_in_failures_window_idx ON sign_in_failures USING btree (window_start)
;

CREATE UNIQUE INDEX software_installs_count_idx ON software_installs USING btree (workspace_id, install_count, name_key, vendor_key)
;

CREATE INDEX tags_created_at_sort_idx ON tags USING btree (workspace_id, created_at, id)
;

CREATE UNIQUE INDEX tags_name_key_uq ON tags USING btree (workspace_id, name_key)
;

CREATE INDEX tags_name_sort_idx ON tags USING btree (workspace_id, name, id)
;

CREATE INDEX tags_search_text_idx ON tags USING gin (search_text gin_trgm_ops, workspace_id)
;

CREATE INDEX team_members_user_id_team_id_idx ON team_members USING btree (workspace_id, user_id, team_id)
;

CREATE INDEX teams_created_at_sort_idx ON teams USING btree (workspace_id, created_at, id)
;

CREATE INDEX teams_name_sort_idx ON teams USING btree (workspace_id, name, id)
;

CREATE INDEX teams_parent_id_filter_idx ON teams USING btree (workspace_id, parent_id, name, id)
;

CREATE INDEX teams_parent_idx ON teams USING btree (workspace_id, parent_id)
;

CREATE INDEX teams_search_text_idx ON teams USING gin (search_text gin_trgm_ops, workspace_id)
;

CREATE INDEX teams_updated_at_sort_idx ON teams USING btree (workspace_id, updated_at, id)
;

CREATE INDEX users_search_text_idx ON users USING gin (search_text gin_trgm_ops)
;

CREATE UNIQUE INDEX workstations_agent_uq ON workstations USING btree (workspace_id, agent_id) WHERE (agent_id IS NOT NULL)
;

CREATE INDEX workstations_assigned_filter_idx ON workstations USING btree (workspace_id, name, id) WHERE (assigned_user_id IS NOT NULL)
;

CREATE INDEX workstations_assignee_idx ON workstations USING btree (workspace_id, assigned_user_id, name, id, status)
;

CREATE INDEX workstations_automatic_filter_idx ON workstations USING btree (workspace_id, automatic, name, id)
;

CREATE INDEX workstations_created_at_sort_idx ON workstations USING btree (workspace_id, created_at, id)
;

CREATE INDEX workstations_last_check_idx ON workstations USING btree (workspace_id, last_check_time, id)
;

CREATE INDEX workstations_model_idx ON workstations USING btree (workspace_id, manufacturer, model)
;

CREATE INDEX workstations_name_sort_idx ON workstations USING btree (workspace_id, name, id)
;

CREATE INDEX workstations_os_release_idx ON workstations USING btree (workspace_id, os, os_version, name, id, automatic)
;

CREATE INDEX workstations_purchase_date_sort_idx ON workstations USING btree (workspace_id, purchase_date NULLS FIRST, id)
;

CREATE INDEX workstations_search_text_idx ON workstations USING gin (search_text gin_trgm_ops, workspace_id)
;

CREATE INDEX workstations_status_filter_idx ON workstations USING btree (workspace_id, status, name, id)
;

CREATE INDEX workstations_status_sort_idx ON workstations USING btree (workspace_id, (
CASE status
    WHEN 'in_use'::text THEN 0
    WHEN 'in_stock'::text THEN 1
    WHEN 'in_repair'::text THEN 2
    WHEN 'retired'::text THEN 3
    ELSE NULL::integer
END), id)
;

CREATE INDEX workstations_unassigned_filter_idx ON workstations USING btree (workspace_id, name, id) WHERE (assigned_user_id IS NULL)
;

CREATE INDEX workstations_warranty_end_sort_idx ON workstations USING btree (workspace_id, warranty_end NULLS FIRST, id)
;

CREATE INDEX workstations_warranty_idx ON workstations USING btree (workspace_id, warranty_end, name, id)
;

CREATE TRIGGER agents_count_delete AFTER DELETE ON agents REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER agents_count_insert AFTER INSERT ON agents REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER agents_search_version_delete AFTER DELETE ON agents REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()
;

CREATE TRIGGER agents_search_version_insert AFTER INSERT ON agents REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()
;

CREATE TRIGGER agents_search_version_update AFTER UPDATE OF name, hostname ON agents FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.hostname IS DISTINCT FROM new.hostname))) EXECUTE FUNCTION search_versions_update()
;

CREATE TRIGGER announcements_count_delete AFTER DELETE ON announcements REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER announcements_count_insert AFTER INSERT ON announcements REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER announcements_search_version_delete AFTER DELETE ON announcements REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()
;

CREATE TRIGGER announcements_search_version_insert AFTER INSERT ON announcements REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()
;

CREATE TRIGGER announcements_search_version_update AFTER UPDATE OF title, body ON announcements FOR EACH ROW WHEN (((old.title IS DISTINCT FROM new.title) OR (old.body IS DISTINCT FROM new.body))) EXECUTE FUNCTION search_versions_update()
;

CREATE TRIGGER announcements_tally_delete AFTER DELETE ON announcements REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('severity', '{row}.severity')
;

CREATE TRIGGER announcements_tally_insert AFTER INSERT ON announcements REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('severity', '{row}.severity')
;

CREATE TRIGGER announcements_tally_update AFTER UPDATE OF severity ON announcements FOR EACH ROW WHEN ((old.severity IS DISTINCT FROM new.severity)) EXECUTE FUNCTION value_counts_move('severity', '{row}.severity')
;

CREATE TRIGGER application_servers_name_copy BEFORE INSERT OR UPDATE OF server_id, server_name ON application_servers FOR EACH ROW EXECUTE FUNCTION application_servers_copy_name()
;

CREATE TRIGGER application_servers_tally_delete AFTER DELETE ON application_servers REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('link:application_id', 'CAST({row}.application_id AS TEXT)')
;

CREATE TRIGGER application_servers_tally_insert AFTER INSERT ON application_servers REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('link:application_id', 'CAST({row}.application_id AS TEXT)')
;

CREATE TRIGGER application_servers_tally_update AFTER UPDATE OF application_id ON application_servers FOR EACH ROW WHEN (((old.application_id)::text IS DISTINCT FROM (new.application_id)::text)) EXECUTE FUNCTION value_counts_move('link:application_id', 'CAST({row}.application_id AS TEXT)')
;

CREATE TRIGGER applications_count_delete AFTER DELETE ON applications REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER applications_count_insert AFTER INSERT ON applications REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER applications_search_version_delete AFTER DELETE ON applications REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()
;

CREATE TRIGGER applications_search_version_insert AFTER INSERT ON applications REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()
;

CREATE TRIGGER applications_search_version_update AFTER UPDATE OF name, vendor, description ON applications FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.vendor IS DISTINCT FROM new.vendor) OR (old.description IS DISTINCT FROM new.description))) EXECUTE FUNCTION search_versions_update()
;

CREATE TRIGGER applications_tally_delete AFTER DELETE ON applications REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('lifecycleStatus', '{row}.lifecycle_status', 'criticality', '{row}.criticality', 'hostingType', '{row}.hosting_type')
;

CREATE TRIGGER applications_tally_insert AFTER INSERT ON applications REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('lifecycleStatus', '{row}.lifecycle_status', 'criticality', '{row}.criticality', 'hostingType', '{row}.hosting_type')
;

CREATE TRIGGER applications_tally_update AFTER UPDATE OF lifecycle_status, criticality, hosting_type ON applications FOR EACH ROW WHEN (((old.lifecycle_status IS DISTINCT FROM new.lifecycle_status) OR (old.criticality IS DISTINCT FROM new.criticality) OR (old.hosting_type IS DISTINCT FROM new.hosting_type))) EXECUTE FUNCTION value_counts_move('lifecycleStatus', '{row}.lifecycle_status', 'criticality', '{row}.criticality', 'hostingType', '{row}.hosting_type')
;

CREATE TRIGGER audit_events_count_delete AFTER DELETE ON audit_events REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER audit_events_count_insert AFTER INSERT ON audit_events REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER audit_events_search_version_delete AFTER DELETE ON audit_events REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()
;

CREATE TRIGGER audit_events_search_version_insert AFTER INSERT ON audit_events REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()
;

CREATE TRIGGER audit_events_search_version_update AFTER UPDATE OF resource_name, actor_name, action, resource_type ON audit_events FOR EACH ROW WHEN (((old.resource_name IS DISTINCT FROM new.resource_name) OR (old.actor_name IS DISTINCT FROM new.actor_name) OR (old.action IS DISTINCT FROM new.action) OR (old.resource_type IS DISTINCT FROM new.resource_type))) EXECUTE FUNCTION search_versions_update()
;

CREATE TRIGGER audit_events_tally_delete AFTER DELETE ON audit_events REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('category', '{row}.category', 'actions', '{row}.action', 'resourceType', '{row}.resource_type', 'day:timestamp', 'to_char({row}.timestamp AT TIME ZONE ''UTC'', ''YYYY-MM-DD'')')
;

CREATE TRIGGER audit_events_tally_insert AFTER INSERT ON audit_events REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('category', '{row}.category', 'actions', '{row}.action', 'resourceType', '{row}.resource_type', 'day:timestamp', 'to_char({row}.timestamp AT TIME ZONE ''UTC'', ''YYYY-MM-DD'')')
;

CREATE TRIGGER audit_events_tally_update AFTER UPDATE OF category, action, resource_type, "timestamp" ON audit_events FOR EACH ROW WHEN (((old.category IS DISTINCT FROM new.category) OR (old.action IS DISTINCT FROM new.action) OR (old.resource_type IS DISTINCT FROM new.resource_type) OR (to_char((old."timestamp" AT TIME ZONE 'UTC'::text), 'YYYY-MM-DD'::text) IS DISTINCT FROM to_char((new."timestamp" AT TIME ZONE 'UTC'::text), 'YYYY-MM-DD'::text)))) EXECUTE FUNCTION value_counts_move('category', '{row}.category', 'actions', '{row}.action', 'resourceType', '{row}.resource_type', 'day:timestamp', 'to_char({row}.timestamp AT TIME ZONE ''UTC'', ''YYYY-MM-DD'')')
;

CREATE TRIGGER categories_count_delete AFTER DELETE ON categories REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER categories_count_insert AFTER INSERT ON categories REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER categories_search_version_delete AFTER DELETE ON categories REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()
;

CREATE TRIGGER categories_search_version_insert AFTER INSERT ON categories REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()
;

CREATE TRIGGER categories_search_version_update AFTER UPDATE OF name, description ON categories FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.description IS DISTINCT FROM new.description))) EXECUTE FUNCTION search_versions_update()
;

CREATE TRIGGER categories_tally_delete AFTER DELETE ON categories REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('root', 'CASE WHEN {row}.parent_id IS NULL THEN ''true'' ELSE ''false'' END')
;

CREATE TRIGGER categories_tally_insert AFTER INSERT ON categories REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('root', 'CASE WHEN {row}.parent_id IS NULL THEN ''true'' ELSE ''false'' END')
;

CREATE TRIGGER categories_tally_update AFTER UPDATE OF parent_id ON categories FOR EACH ROW WHEN ((
        CASE
            WHEN (old.parent_id IS NULL) THEN 'true'::text
            ELSE 'false'::text
        END IS DISTINCT FROM
        CASE
            WHEN (new.parent_id IS NULL) THEN 'true'::text
            ELSE 'false'::text
        END)) EXECUTE FUNCTION value_counts_move('root', 'CASE WHEN {row}.parent_id IS NULL THEN ''true'' ELSE ''false'' END')
;

CREATE TRIGGER contracts_count_delete AFTER DELETE ON contracts REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER contracts_count_insert AFTER INSERT ON contracts REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER contracts_search_version_delete AFTER DELETE ON contracts REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()
;

CREATE TRIGGER contracts_search_version_insert AFTER INSERT ON contracts REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()
;

CREATE TRIGGER contracts_search_version_update AFTER UPDATE OF name, vendor, reference ON contracts FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.vendor IS DISTINCT FROM new.vendor) OR (old.reference IS DISTINCT FROM new.reference))) EXECUTE FUNCTION search_versions_update()
;

CREATE TRIGGER contracts_tally_delete AFTER DELETE ON contracts REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('type', '{row}.type', 'vendor', '{row}.vendor_key', 'day:end_date', 'to_char({row}.end_date, ''YYYY-MM-DD'')')
;

CREATE TRIGGER contracts_tally_insert AFTER INSERT ON contracts REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('type', '{row}.type', 'vendor', '{row}.vendor_key', 'day:end_date', 'to_char({row}.end_date, ''YYYY-MM-DD'')')
;

CREATE TRIGGER contracts_tally_update AFTER UPDATE OF type, vendor_key, end_date ON contracts FOR EACH ROW WHEN (((old.type IS DISTINCT FROM new.type) OR (old.vendor_key IS DISTINCT FROM new.vendor_key) OR (to_char((old.end_date)::timestamp with time zone, 'YYYY-MM-DD'::text) IS DISTINCT FROM to_char((new.end_date)::timestamp with time zone, 'YYYY-MM-DD'::text)))) EXECUTE FUNCTION value_counts_move('type', '{row}.type', 'vendor', '{row}.vendor_key', 'day:end_date', 'to_char({row}.end_date, ''YYYY-MM-DD'')')
;

CREATE TRIGGER data_objects_count_delete AFTER DELETE ON data_objects REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER data_objects_count_insert AFTER INSERT ON data_objects REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER data_objects_search_version_delete AFTER DELETE ON data_objects REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()
;

CREATE TRIGGER data_objects_search_version_insert AFTER INSERT ON data_objects REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()
;

CREATE TRIGGER data_objects_search_version_update AFTER UPDATE OF name, description ON data_objects FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.description IS DISTINCT FROM new.description))) EXECUTE FUNCTION search_versions_update()
;

CREATE TRIGGER data_objects_tally_delete AFTER DELETE ON data_objects REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('classification', '{row}.classification', 'personalData', 'CAST({row}.personal_data AS TEXT)')
;

CREATE TRIGGER data_objects_tally_insert AFTER INSERT ON data_objects REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('classification', '{row}.classification', 'personalData', 'CAST({row}.personal_data AS TEXT)')
;

CREATE TRIGGER data_objects_tally_update AFTER UPDATE OF classification, personal_data ON data_objects FOR EACH ROW WHEN (((old.classification IS DISTINCT FROM new.classification) OR ((old.personal_data)::text IS DISTINCT FROM (new.personal_data)::text))) EXECUTE FUNCTION value_counts_move('classification', '{row}.classification', 'personalData', 'CAST({row}.personal_data AS TEXT)')
;

CREATE TRIGGER discovered_applications_count_delete AFTER DELETE ON discovered_applications REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER discovered_applications_count_insert AFTER INSERT ON discovered_applications REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER discovered_applications_search_version_delete AFTER DELETE ON discovered_applications REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()
;

CREATE TRIGGER discovered_applications_search_version_insert AFTER INSERT ON discovered_applications REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()
;

CREATE TRIGGER discovered_applications_search_version_update AFTER UPDATE OF name, vendor ON discovered_applications FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.vendor IS DISTINCT FROM new.vendor))) EXECUTE FUNCTION search_versions_update()
;

CREATE TRIGGER discovered_applications_tally_delete AFTER DELETE ON discovered_applications REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('status', '{row}.status', 'missing', 'CASE WHEN {row}.missing_since IS NULL THEN ''false'' ELSE ''true'' END', 'vendor', '{row}.vendor_key')
;

CREATE TRIGGER discovered_applications_tally_insert AFTER INSERT ON discovered_applications REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('status', '{row}.status', 'missing', 'CASE WHEN {row}.missing_since IS NULL THEN ''false'' ELSE ''true'' END', 'vendor', '{row}.vendor_key')
;

CREATE TRIGGER discovered_applications_tally_update AFTER UPDATE OF status, missing_since, vendor_key ON discovered_applications FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR (
        CASE
            WHEN (old.missing_since IS NULL) THEN 'false'::text
            ELSE 'true'::text
        END IS DISTINCT FROM
        CASE
            WHEN (new.missing_since IS NULL) THEN 'false'::text
            ELSE 'true'::text
        END) OR (old.vendor_key IS DISTINCT FROM new.vendor_key))) EXECUTE FUNCTION value_counts_move('status', '{row}.status', 'missing', 'CASE WHEN {row}.missing_since IS NULL THEN ''false'' ELSE ''true'' END', 'vendor', '{row}.vendor_key')
;

CREATE TRIGGER discovered_applications_total_insert AFTER INSERT ON discovered_applications REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION software_installs_ensure()
;

CREATE TRIGGER flows_count_delete AFTER DELETE ON flows REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER flows_count_insert AFTER INSERT ON flows REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER flows_search_version_delete AFTER DELETE ON flows REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()
;

CREATE TRIGGER flows_search_version_insert AFTER INSERT ON flows REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()
;

CREATE TRIGGER flows_search_version_update AFTER UPDATE OF name, description ON flows FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.description IS DISTINCT FROM new.description))) EXECUTE FUNCTION search_versions_update()
;

CREATE TRIGGER flows_tally_delete AFTER DELETE ON flows REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('protocol', '{row}.protocol', 'frequency', '{row}.frequency')
;

CREATE TRIGGER flows_tally_insert AFTER INSERT ON flows REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('protocol', '{row}.protocol', 'frequency', '{row}.frequency')
;

CREATE TRIGGER flows_tally_update AFTER UPDATE OF protocol, frequency ON flows FOR EACH ROW WHEN (((old.protocol IS DISTINCT FROM new.protocol) OR (old.frequency IS DISTINCT FROM new.frequency))) EXECUTE FUNCTION value_counts_move('protocol', '{row}.protocol', 'frequency', '{row}.frequency')
;

CREATE TRIGGER members_count_delete AFTER DELETE ON members REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER members_count_insert AFTER INSERT ON members REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER members_person_copy BEFORE INSERT OR UPDATE OF user_id, user_name, user_email, user_created_at ON members FOR EACH ROW EXECUTE FUNCTION members_copy_person()
;

CREATE TRIGGER members_tally_delete AFTER DELETE ON members REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('role', '{row}.role')
;

CREATE TRIGGER members_tally_insert AFTER INSERT ON members REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('role', '{row}.role')
;

CREATE TRIGGER members_tally_update AFTER UPDATE OF role ON members FOR EACH ROW WHEN ((old.role IS DISTINCT FROM new.role)) EXECUTE FUNCTION value_counts_move('role', '{row}.role')
;

CREATE TRIGGER networks_count_delete AFTER DELETE ON networks REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER networks_count_insert AFTER INSERT ON networks REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER networks_search_version_delete AFTER DELETE ON networks REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()
;

CREATE TRIGGER networks_search_version_insert AFTER INSERT ON networks REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()
;

CREATE TRIGGER networks_search_version_update AFTER UPDATE OF name, cidr, location ON networks FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.cidr IS DISTINCT FROM new.cidr) OR (old.location IS DISTINCT FROM new.location))) EXECUTE FUNCTION search_versions_update()
;

CREATE TRIGGER networks_tally_delete AFTER DELETE ON networks REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('environment', '{row}.environment')
;

CREATE TRIGGER networks_tally_insert AFTER INSERT ON networks REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('environment', '{row}.environment')
;

CREATE TRIGGER networks_tally_update AFTER UPDATE OF environment ON networks FOR EACH ROW WHEN ((old.environment IS DISTINCT FROM new.environment)) EXECUTE FUNCTION value_counts_move('environment', '{row}.environment')
;

CREATE TRIGGER routers_count_delete AFTER DELETE ON routers REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER routers_count_insert AFTER INSERT ON routers REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER routers_search_version_delete AFTER DELETE ON routers REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()
;

CREATE TRIGGER routers_search_version_insert AFTER INSERT ON routers REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()
;

CREATE TRIGGER routers_search_version_update AFTER UPDATE OF name, model, management_ip ON routers FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.model IS DISTINCT FROM new.model) OR (old.management_ip IS DISTINCT FROM new.management_ip))) EXECUTE FUNCTION search_versions_update()
;

CREATE TRIGGER routers_tally_delete AFTER DELETE ON routers REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('manufacturer', '{row}.manufacturer_key')
;

CREATE TRIGGER routers_tally_insert AFTER INSERT ON routers REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('manufacturer', '{row}.manufacturer_key')
;

CREATE TRIGGER routers_tally_update AFTER UPDATE OF manufacturer_key ON routers FOR EACH ROW WHEN ((old.manufacturer_key IS DISTINCT FROM new.manufacturer_key)) EXECUTE FUNCTION value_counts_move('manufacturer', '{row}.manufacturer_key')
;

CREATE TRIGGER server_tags_name_copy BEFORE INSERT OR UPDATE OF server_id, server_name ON server_tags FOR EACH ROW EXECUTE FUNCTION server_tags_copy_name()
;

CREATE TRIGGER server_tags_tally_delete AFTER DELETE ON server_tags REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('link:tag_id', 'CAST({row}.tag_id AS TEXT)')
;

CREATE TRIGGER server_tags_tally_insert AFTER INSERT ON server_tags REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('link:tag_id', 'CAST({row}.tag_id AS TEXT)')
;

CREATE TRIGGER server_tags_tally_update AFTER UPDATE OF tag_id ON server_tags FOR EACH ROW WHEN (((old.tag_id)::text IS DISTINCT FROM (new.tag_id)::text)) EXECUTE FUNCTION value_counts_move('link:tag_id', 'CAST({row}.tag_id AS TEXT)')
;

CREATE TRIGGER servers_count_delete AFTER DELETE ON servers REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER servers_count_insert AFTER INSERT ON servers REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER servers_name_copy AFTER UPDATE OF name ON servers FOR EACH ROW WHEN ((old.name IS DISTINCT FROM new.name)) EXECUTE FUNCTION servers_copy_name_to_links()
;

CREATE TRIGGER servers_search_version_delete AFTER DELETE ON servers REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()
;

CREATE TRIGGER servers_search_version_insert AFTER INSERT ON servers REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()
;

CREATE TRIGGER servers_search_version_update AFTER UPDATE OF name, hostname, ip_addresses ON servers FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.hostname IS DISTINCT FROM new.hostname) OR (old.ip_addresses IS DISTINCT FROM new.ip_addresses))) EXECUTE FUNCTION search_versions_update()
;

CREATE TRIGGER servers_tally_delete AFTER DELETE ON servers REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('environment', '{row}.environment', 'automatic', 'CAST({row}.automatic AS TEXT)', 'os', '{row}.os_key')
;

CREATE TRIGGER servers_tally_insert AFTER INSERT ON servers REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('environment', '{row}.environment', 'automatic', 'CAST({row}.automatic AS TEXT)', 'os', '{row}.os_key')
;

CREATE TRIGGER servers_tally_update AFTER UPDATE OF environment, automatic, os_key ON servers FOR EACH ROW WHEN (((old.environment IS DISTINCT FROM new.environment) OR ((old.automatic)::text IS DISTINCT FROM (new.automatic)::text) OR (old.os_key IS DISTINCT FROM new.os_key))) EXECUTE FUNCTION value_counts_move('environment', '{row}.environment', 'automatic', 'CAST({row}.automatic AS TEXT)', 'os', '{row}.os_key')
;

CREATE TRIGGER tags_count_delete AFTER DELETE ON tags REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER tags_count_insert AFTER INSERT ON tags REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER tags_search_version_delete AFTER DELETE ON tags REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()
;

CREATE TRIGGER tags_search_version_insert AFTER INSERT ON tags REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()
;

CREATE TRIGGER tags_search_version_update AFTER UPDATE OF name ON tags FOR EACH ROW WHEN ((old.name IS DISTINCT FROM new.name)) EXECUTE FUNCTION search_versions_update()
;

CREATE TRIGGER teams_count_delete AFTER DELETE ON teams REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER teams_count_insert AFTER INSERT ON teams REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER teams_search_version_delete AFTER DELETE ON teams REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()
;

CREATE TRIGGER teams_search_version_insert AFTER INSERT ON teams REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()
;

CREATE TRIGGER teams_search_version_update AFTER UPDATE OF name, description ON teams FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.description IS DISTINCT FROM new.description))) EXECUTE FUNCTION search_versions_update()
;

CREATE TRIGGER users_person_copy AFTER UPDATE OF name, email ON users FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.email IS DISTINCT FROM new.email))) EXECUTE FUNCTION users_copy_to_members()
;

CREATE TRIGGER workstations_count_delete AFTER DELETE ON workstations REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()
;

CREATE TRIGGER workstations_count_insert AFTER INSERT ON workstations REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()
;

CREATE TRIGGER workstations_search_version_delete AFTER DELETE ON workstations REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()
;

CREATE TRIGGER workstations_search_version_insert AFTER INSERT ON workstations REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()
;

CREATE TRIGGER workstations_search_version_update AFTER UPDATE OF name, hostname, serial_number, model ON workstations FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.hostname IS DISTINCT FROM new.hostname) OR (old.serial_number IS DISTINCT FROM new.serial_number) OR (old.model IS DISTINCT FROM new.model))) EXECUTE FUNCTION search_versions_update()
;

CREATE TRIGGER workstations_tally_delete AFTER DELETE ON workstations REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('status', '{row}.status', 'automatic', 'CAST({row}.automatic AS TEXT)', 'assigned', 'CASE WHEN {row}.assigned_user_id IS NULL THEN ''false'' ELSE ''true'' END', 'day:warranty_end', 'to_char({row}.warranty_end, ''YYYY-MM-DD'')')
;

CREATE TRIGGER workstations_tally_insert AFTER INSERT ON workstations REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION value_counts_apply('status', '{row}.status', 'automatic', 'CAST({row}.automatic AS TEXT)', 'assigned', 'CASE WHEN {row}.assigned_user_id IS NULL THEN ''false'' ELSE ''true'' END', 'day:warranty_end', 'to_char({row}.warranty_end, ''YYYY-MM-DD'')')
;

CREATE TRIGGER workstations_tally_update AFTER UPDATE OF status, automatic, assigned_user_id, warranty_end ON workstations FOR EACH ROW WHEN (((old.status IS DISTINCT FROM new.status) OR ((old.automatic)::text IS DISTINCT FROM (new.automatic)::text) OR (
        CASE
            WHEN (old.assigned_user_id IS NULL) THEN 'false'::text
            ELSE 'true'::text
        END IS DISTINCT FROM
        CASE
            WHEN (new.assigned_user_id IS NULL) THEN 'false'::text
            ELSE 'true'::text
        END) OR (to_char((old.warranty_end)::timestamp with time zone, 'YYYY-MM-DD'::text) IS DISTINCT FROM to_char((new.warranty_end)::timestamp with time zone, 'YYYY-MM-DD'::text)))) EXECUTE FUNCTION value_counts_move('status', '{row}.status', 'automatic', 'CAST({row}.automatic AS TEXT)', 'assigned', 'CASE WHEN {row}.assigned_user_id IS NULL THEN ''false'' ELSE ''true'' END', 'day:warranty_end', 'to_char({row}.warranty_end, ''YYYY-MM-DD'')')
;

ALTER TABLE ONLY agents
    ADD CONSTRAINT agents_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY announcements
    ADD CONSTRAINT announcements_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY application_comments
    ADD CONSTRAINT application_comments_application_id_fk FOREIGN KEY (workspace_id, application_id) REFERENCES applications(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY application_comments
    ADD CONSTRAINT application_comments_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY application_owners
    ADD CONSTRAINT application_owners_app_fk FOREIGN KEY (workspace_id, application_id) REFERENCES applications(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY application_owners
    ADD CONSTRAINT application_owners_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
;

ALTER TABLE ONLY application_servers
    ADD CONSTRAINT application_servers_application_id_fk FOREIGN KEY (workspace_id, application_id) REFERENCES applications(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY application_servers
    ADD CONSTRAINT application_servers_server_id_fk FOREIGN KEY (workspace_id, server_id) REFERENCES servers(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY application_tags
    ADD CONSTRAINT application_tags_application_id_fk FOREIGN KEY (workspace_id, application_id) REFERENCES applications(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY application_tags
    ADD CONSTRAINT application_tags_tag_id_fk FOREIGN KEY (workspace_id, tag_id) REFERENCES tags(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY application_teams
    ADD CONSTRAINT application_teams_application_id_fk FOREIGN KEY (workspace_id, application_id) REFERENCES applications(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY application_teams
    ADD CONSTRAINT application_teams_team_id_fk FOREIGN KEY (workspace_id, team_id) REFERENCES teams(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY applications
    ADD CONSTRAINT applications_category_id_fk FOREIGN KEY (workspace_id, category_id) REFERENCES categories(workspace_id, id)
;

ALTER TABLE ONLY applications
    ADD CONSTRAINT applications_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY audit_events
    ADD CONSTRAINT audit_events_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY categories
    ADD CONSTRAINT categories_parent_fk FOREIGN KEY (workspace_id, parent_id) REFERENCES categories(workspace_id, id)
;

ALTER TABLE ONLY categories
    ADD CONSTRAINT categories_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY console_sessions
    ADD CONSTRAINT console_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
;

ALTER TABLE ONLY console_sessions
    ADD CONSTRAINT console_sessions_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE SET NULL
;

ALTER TABLE ONLY contract_applications
    ADD CONSTRAINT contract_applications_application_id_fk FOREIGN KEY (workspace_id, application_id) REFERENCES applications(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY contract_applications
    ADD CONSTRAINT contract_applications_contract_id_fk FOREIGN KEY (workspace_id, contract_id) REFERENCES contracts(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY contracts
    ADD CONSTRAINT contracts_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY data_object_applications
    ADD CONSTRAINT data_object_applications_application_id_fk FOREIGN KEY (workspace_id, application_id) REFERENCES applications(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY data_object_applications
    ADD CONSTRAINT data_object_applications_data_object_id_fk FOREIGN KEY (workspace_id, data_object_id) REFERENCES data_objects(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY data_objects
    ADD CONSTRAINT data_objects_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY discovered_applications
    ADD CONSTRAINT discovered_applications_application_id_fk FOREIGN KEY (workspace_id, application_id) REFERENCES applications(workspace_id, id)
;

ALTER TABLE ONLY discovered_applications
    ADD CONSTRAINT discovered_applications_server_id_fk FOREIGN KEY (workspace_id, server_id) REFERENCES servers(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY discovered_applications
    ADD CONSTRAINT discovered_applications_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY discovered_applications
    ADD CONSTRAINT discovered_applications_workstation_id_fk FOREIGN KEY (workspace_id, workstation_id) REFERENCES workstations(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY flow_data_objects
    ADD CONSTRAINT flow_data_objects_data_object_id_fk FOREIGN KEY (workspace_id, data_object_id) REFERENCES data_objects(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY flow_data_objects
    ADD CONSTRAINT flow_data_objects_flow_id_fk FOREIGN KEY (workspace_id, flow_id) REFERENCES flows(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY flows
    ADD CONSTRAINT flows_source_application_id_fk FOREIGN KEY (workspace_id, source_application_id) REFERENCES applications(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY flows
    ADD CONSTRAINT flows_target_application_id_fk FOREIGN KEY (workspace_id, target_application_id) REFERENCES applications(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY flows
    ADD CONSTRAINT flows_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY invitations
    ADD CONSTRAINT invitations_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
;

ALTER TABLE ONLY invitations
    ADD CONSTRAINT invitations_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY members
    ADD CONSTRAINT members_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
;

ALTER TABLE ONLY members
    ADD CONSTRAINT members_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY networks
    ADD CONSTRAINT networks_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY roles
    ADD CONSTRAINT roles_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY router_networks
    ADD CONSTRAINT router_networks_network_id_fk FOREIGN KEY (workspace_id, network_id) REFERENCES networks(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY router_networks
    ADD CONSTRAINT router_networks_router_id_fk FOREIGN KEY (workspace_id, router_id) REFERENCES routers(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY router_tags
    ADD CONSTRAINT router_tags_router_id_fk FOREIGN KEY (workspace_id, router_id) REFERENCES routers(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY router_tags
    ADD CONSTRAINT router_tags_tag_id_fk FOREIGN KEY (workspace_id, tag_id) REFERENCES tags(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY routers
    ADD CONSTRAINT routers_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY row_counts
    ADD CONSTRAINT row_counts_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY search_versions
    ADD CONSTRAINT search_versions_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY server_owners
    ADD CONSTRAINT server_owners_server_fk FOREIGN KEY (workspace_id, server_id) REFERENCES servers(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY server_owners
    ADD CONSTRAINT server_owners_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
;

ALTER TABLE ONLY server_tags
    ADD CONSTRAINT server_tags_server_id_fk FOREIGN KEY (workspace_id, server_id) REFERENCES servers(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY server_tags
    ADD CONSTRAINT server_tags_tag_id_fk FOREIGN KEY (workspace_id, tag_id) REFERENCES tags(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY servers
    ADD CONSTRAINT servers_agent_id_fk FOREIGN KEY (workspace_id, agent_id) REFERENCES agents(workspace_id, id)
;

ALTER TABLE ONLY servers
    ADD CONSTRAINT servers_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY software_installs
    ADD CONSTRAINT software_installs_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY tags
    ADD CONSTRAINT tags_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY team_members
    ADD CONSTRAINT team_members_team_fk FOREIGN KEY (workspace_id, team_id) REFERENCES teams(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY team_members
    ADD CONSTRAINT team_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
;

ALTER TABLE ONLY teams
    ADD CONSTRAINT teams_parent_fk FOREIGN KEY (workspace_id, parent_id) REFERENCES teams(workspace_id, id)
;

ALTER TABLE ONLY teams
    ADD CONSTRAINT teams_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY value_counts
    ADD CONSTRAINT value_counts_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY workstations
    ADD CONSTRAINT workstations_agent_id_fk FOREIGN KEY (workspace_id, agent_id) REFERENCES agents(workspace_id, id)
;

ALTER TABLE ONLY workstations
    ADD CONSTRAINT workstations_assigned_user_id_fkey FOREIGN KEY (assigned_user_id) REFERENCES users(id) ON DELETE SET NULL
;

ALTER TABLE ONLY workstations
    ADD CONSTRAINT workstations_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE;
