-- Estate's schema baseline (postgres), written by scripts/schema-baseline.ts.

CREATE FUNCTION estate_address_key(address text) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    AS $_$
      DECLARE
        parsed inet;
        bytes bytea;
      BEGIN
        IF address ~ '^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$' THEN
          parsed := address::inet;
        ELSIF address ~ '^::(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])(?:%[0-9a-zA-Z.:-]{1,})?$' THEN
          -- ipaddr.js reads ::a.b.c.d (deprecated IPv4-compatible) as ::ffff:a.b.c.d.
          parsed := ('::ffff:' || substring(split_part(address, '%', 1) FROM 3))::inet;
        ELSIF address ~ '^(?:(?:(?:[0-9a-fA-F]{1,4}):){7}(?:(?:[0-9a-fA-F]{1,4})|:)|(?:(?:[0-9a-fA-F]{1,4}):){6}(?:(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])|:(?:[0-9a-fA-F]{1,4})|:)|(?:(?:[0-9a-fA-F]{1,4}):){5}(?::(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])|(?::(?:[0-9a-fA-F]{1,4})){1,2}|:)|(?:(?:[0-9a-fA-F]{1,4}):){4}(?:(?::(?:[0-9a-fA-F]{1,4})){0,1}:(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])|(?::(?:[0-9a-fA-F]{1,4})){1,3}|:)|(?:(?:[0-9a-fA-F]{1,4}):){3}(?:(?::(?:[0-9a-fA-F]{1,4})){0,2}:(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])|(?::(?:[0-9a-fA-F]{1,4})){1,4}|:)|(?:(?:[0-9a-fA-F]{1,4}):){2}(?:(?::(?:[0-9a-fA-F]{1,4})){0,3}:(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])|(?::(?:[0-9a-fA-F]{1,4})){1,5}|:)|(?:(?:[0-9a-fA-F]{1,4}):){1}(?:(?::(?:[0-9a-fA-F]{1,4})){0,4}:(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])|(?::(?:[0-9a-fA-F]{1,4})){1,6}|:)|(?::(?:(?::(?:[0-9a-fA-F]{1,4})){0,5}:(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])|(?::(?:[0-9a-fA-F]{1,4})){1,7}|:)))(?:%[0-9a-zA-Z.:-]{1,})?$' THEN
          parsed := split_part(address, '%', 1)::inet;
        ELSE
          RETURN NULL;
        END IF;
        -- inet's binary form: family, bits, is_cidr, length, then the address's bytes.
        bytes := substring(inet_send(parsed) FROM 5);
        IF family(parsed) = 6 AND substring(bytes FROM 1 FOR 12) = '\x00000000000000000000ffff'::bytea THEN
          RETURN '4' || encode(substring(bytes FROM 13), 'hex');
        END IF;
        RETURN family(parsed)::text || encode(bytes, 'hex');
      END $_$
;

CREATE FUNCTION estate_address_keys(addresses text) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
      DECLARE
        parsed jsonb;
      BEGIN
        BEGIN
          parsed := addresses::jsonb;
        EXCEPTION WHEN others THEN
          RETURN '{}';
        END;
        IF jsonb_typeof(parsed) <> 'array' THEN
          RETURN '{}';
        END IF;
        RETURN ARRAY(SELECT DISTINCT keys.key FROM (SELECT estate_address_key(element #>> '{}') AS key
          FROM jsonb_array_elements(parsed) AS element
          WHERE jsonb_typeof(element) = 'string') keys WHERE keys.key IS NOT NULL);
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

CREATE FUNCTION servers_index_changed_addresses() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      BEGIN
        DELETE FROM server_addresses WHERE workspace_id = OLD.workspace_id AND server_id = OLD.id;
        INSERT INTO server_addresses (workspace_id, server_id, address)
          SELECT NEW.workspace_id, NEW.id, keys.address FROM unnest(estate_address_keys(NEW.ip_addresses)) AS keys (address)
          ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$
;

CREATE FUNCTION servers_index_new_addresses() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      BEGIN
        INSERT INTO server_addresses (workspace_id, server_id, address)
          SELECT added.workspace_id, added.id, keys.address FROM added CROSS JOIN LATERAL unnest(estate_address_keys(added.ip_addresses)) AS keys (address)
          ON CONFLICT DO NOTHING;
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

CREATE FUNCTION users_copy_to_people() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
        BEGIN UPDATE people SET name = NEW.name, email = NEW.email WHERE id = NEW.id AND member = 1; RETURN NULL; END $$
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
    fleet integer DEFAULT 0 NOT NULL
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
    custom_fields text DEFAULT '{}'::text NOT NULL,
    custom_search text
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
    server_name text NOT NULL,
    server_environment text
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
    custom_fields text DEFAULT '{}'::text NOT NULL,
    custom_search text
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
    changes text
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
    custom_fields text DEFAULT '{}'::text NOT NULL,
    custom_search text
)
;

CREATE TABLE console_sessions (
    id text NOT NULL,
    user_id uuid NOT NULL,
    workspace_id uuid,
    csrf_token text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    last_seen_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    sso_provider text
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
    custom_fields text DEFAULT '{}'::text NOT NULL,
    custom_search text
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
    custom_fields text DEFAULT '{}'::text NOT NULL,
    custom_search text
)
;

CREATE TABLE data_versions (
    workspace_id uuid NOT NULL,
    version bigint NOT NULL
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
    last_update timestamp with time zone NOT NULL
)
;

CREATE TABLE field_definitions (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    family text NOT NULL,
    name text NOT NULL,
    label text NOT NULL,
    description text,
    type text NOT NULL,
    required integer DEFAULT 0 NOT NULL,
    default_value text,
    choices text,
    minimum text,
    maximum text,
    pattern text,
    max_length integer,
    reference_family text,
    unique_values integer DEFAULT 0 NOT NULL,
    group_name text,
    "position" integer DEFAULT 0 NOT NULL,
    filterable integer DEFAULT 0 NOT NULL,
    searchable integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL
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
    custom_fields text DEFAULT '{}'::text NOT NULL,
    custom_search text
)
;

CREATE TABLE inventory_devices (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    agent_id uuid NOT NULL,
    device_id text NOT NULL,
    hardware_uuid text,
    serial_number text,
    host_kind text NOT NULL,
    host_id uuid NOT NULL,
    first_seen_at timestamp with time zone NOT NULL,
    last_seen_at timestamp with time zone NOT NULL,
    report_window_start timestamp with time zone,
    report_window_count integer DEFAULT 0 NOT NULL
)
;

CREATE TABLE invitations (
    token_hash text NOT NULL,
    workspace_id uuid NOT NULL,
    user_id uuid NOT NULL,
    member_id uuid NOT NULL,
    created_at timestamp with time zone NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    issued_by text DEFAULT 'workspace'::text NOT NULL
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
    custom_fields text DEFAULT '{}'::text NOT NULL,
    custom_search text
)
;

CREATE TABLE people (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    email text,
    department text,
    employee_number text,
    member integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    custom_fields text DEFAULT '{}'::text NOT NULL,
    custom_search text
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
    custom_fields text DEFAULT '{}'::text NOT NULL,
    custom_search text
)
;

CREATE TABLE row_counts (
    workspace_id uuid NOT NULL,
    table_name text NOT NULL,
    total bigint NOT NULL
)
;

CREATE TABLE saved_views (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    family text NOT NULL,
    name text NOT NULL,
    owner_user_id uuid NOT NULL,
    shared integer NOT NULL,
    query text NOT NULL,
    created_at timestamp with time zone NOT NULL
)
;

CREATE TABLE search_versions (
    workspace_id uuid NOT NULL,
    table_name text NOT NULL,
    version bigint NOT NULL
)
;

CREATE TABLE server_addresses (
    workspace_id uuid NOT NULL,
    server_id uuid NOT NULL,
    address text NOT NULL COLLATE pg_catalog."C"
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
    server_name text NOT NULL,
    server_environment text
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
    agent_device text DEFAULT ''::text NOT NULL,
    custom_fields text DEFAULT '{}'::text NOT NULL,
    custom_search text
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

CREATE TABLE sso_flows (
    id text NOT NULL,
    provider text NOT NULL,
    browser_hash text NOT NULL,
    nonce text NOT NULL,
    code_verifier text NOT NULL,
    redirect_uri text NOT NULL,
    expires_at timestamp with time zone NOT NULL
)
;

CREATE TABLE sso_memberships (
    workspace_id uuid NOT NULL,
    member_id uuid NOT NULL,
    provider text NOT NULL,
    created integer NOT NULL,
    synced_at timestamp with time zone NOT NULL
)
;

CREATE TABLE sso_rules (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    provider text NOT NULL,
    group_value text NOT NULL,
    role text NOT NULL,
    created_at timestamp with time zone NOT NULL
)
;

CREATE TABLE sso_settings (
    workspace_id uuid NOT NULL,
    require_sso integer NOT NULL,
    break_glass_member_id uuid,
    add_new_people integer NOT NULL
)
;

CREATE TABLE tags (
    workspace_id uuid NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    colour text NOT NULL,
    description text,
    created_at timestamp with time zone NOT NULL,
    name_key text NOT NULL
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
    custom_fields text DEFAULT '{}'::text NOT NULL,
    custom_search text
)
;

CREATE TABLE users (
    id uuid NOT NULL,
    email text NOT NULL,
    name text NOT NULL,
    password_hash text,
    created_at timestamp with time zone NOT NULL,
    workspace_id uuid
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
    agent_device text DEFAULT ''::text NOT NULL,
    custom_fields text DEFAULT '{}'::text NOT NULL,
    custom_search text
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

ALTER TABLE ONLY data_versions
    ADD CONSTRAINT data_versions_pkey PRIMARY KEY (workspace_id)
;

ALTER TABLE ONLY discovered_applications
    ADD CONSTRAINT discovered_applications_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY field_definitions
    ADD CONSTRAINT field_definitions_pkey PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY flow_data_objects
    ADD CONSTRAINT flow_data_objects_pk PRIMARY KEY (workspace_id, flow_id, data_object_id)
;

ALTER TABLE ONLY flows
    ADD CONSTRAINT flows_pk PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY inventory_devices
    ADD CONSTRAINT inventory_devices_pkey PRIMARY KEY (workspace_id, id)
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

ALTER TABLE ONLY people
    ADD CONSTRAINT people_pkey PRIMARY KEY (workspace_id, id)
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

ALTER TABLE ONLY saved_views
    ADD CONSTRAINT saved_views_pkey PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY search_versions
    ADD CONSTRAINT search_versions_pk PRIMARY KEY (workspace_id, table_name)
;

ALTER TABLE ONLY server_addresses
    ADD CONSTRAINT server_addresses_pk PRIMARY KEY (workspace_id, server_id, address)
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

ALTER TABLE ONLY sso_flows
    ADD CONSTRAINT sso_flows_pkey PRIMARY KEY (id)
;

ALTER TABLE ONLY sso_memberships
    ADD CONSTRAINT sso_memberships_pkey PRIMARY KEY (workspace_id, member_id, provider)
;

ALTER TABLE ONLY sso_rules
    ADD CONSTRAINT sso_rules_pkey PRIMARY KEY (workspace_id, id)
;

ALTER TABLE ONLY sso_rules
    ADD CONSTRAINT sso_rules_workspace_id_provider_group_value_role_key UNIQUE (workspace_id, provider, group_value, role)
;

ALTER TABLE ONLY sso_settings
    ADD CONSTRAINT sso_settings_pkey PRIMARY KEY (workspace_id)
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

CREATE INDEX announcements_created_at_sort_idx ON announcements USING btree (workspace_id, created_at, id)
;

CREATE INDEX announcements_ends_at_sort_idx ON announcements USING btree (workspace_id, ends_at NULLS FIRST, id)
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

CREATE INDEX categories_created_at_sort_idx ON categories USING btree (workspace_id, created_at, id)
;

CREATE INDEX categories_name_sort_idx ON categories USING btree (workspace_id, name, id)
;

CREATE INDEX categories_parent_id_filter_idx ON categories USING btree (workspace_id, parent_id, name, id)
;

CREATE INDEX categories_parent_idx ON categories USING btree (workspace_id, parent_id)
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

CREATE UNIQUE INDEX field_definitions_name_uq ON field_definitions USING btree (workspace_id, family, name)
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

CREATE UNIQUE INDEX inventory_devices_device_uq ON inventory_devices USING btree (workspace_id, agent_id, device_id)
;

CREATE INDEX inventory_devices_host_idx ON inventory_devices USING btree (workspace_id, host_id)
;

CREATE INDEX inventory_devices_serial_idx ON inventory_devices USING btree (workspace_id, agent_id, serial_number)
;

CREATE INDEX inventory_devices_uuid_idx ON inventory_devices USING btree (workspace_id, agent_id, hardware_uuid)
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

CREATE INDEX networks_updated_at_sort_idx ON networks USING btree (workspace_id, updated_at, id)
;

CREATE INDEX networks_vlan_filter_idx ON networks USING btree (workspace_id, vlan, name, id)
;

CREATE INDEX networks_vlan_sort_idx ON networks USING btree (workspace_id, vlan NULLS FIRST, id)
;

CREATE INDEX people_created_at_sort_idx ON people USING btree (workspace_id, created_at, id)
;

CREATE INDEX people_email_sort_idx ON people USING btree (workspace_id, email NULLS FIRST, id)
;

CREATE UNIQUE INDEX people_email_uq ON people USING btree (workspace_id, email) WHERE (email IS NOT NULL)
;

CREATE UNIQUE INDEX people_employee_number_uq ON people USING btree (workspace_id, employee_number) WHERE (employee_number IS NOT NULL)
;

CREATE INDEX people_member_idx ON people USING btree (workspace_id, member, name, id)
;

CREATE INDEX people_name_sort_idx ON people USING btree (workspace_id, name, id)
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

CREATE INDEX routers_updated_at_sort_idx ON routers USING btree (workspace_id, updated_at, id)
;

CREATE INDEX saved_views_family_idx ON saved_views USING btree (workspace_id, family, name, id)
;

CREATE INDEX server_addresses_address_idx ON server_addresses USING btree (workspace_id, address, server_id)
;

CREATE UNIQUE INDEX servers_agent_device_uq ON servers USING btree (workspace_id, agent_id, agent_device) WHERE (agent_id IS NOT NULL)
;

CREATE INDEX servers_agent_id_filter_idx ON servers USING btree (workspace_id, agent_id, name, id)
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

CREATE INDEX sign_in_failures_window_idx ON sign_in_failures USING btree (window_start)
;

CREATE UNIQUE INDEX software_installs_count_idx ON software_installs USING btree (workspace_id, install_count, name_key, vendor_key)
;

CREATE INDEX sso_flows_expires_idx ON sso_flows USING btree (expires_at)
;

CREATE INDEX tags_created_at_sort_idx ON tags USING btree (workspace_id, created_at, id)
;

CREATE UNIQUE INDEX tags_name_key_uq ON tags USING btree (workspace_id, name_key)
;

CREATE INDEX tags_name_sort_idx ON tags USING btree (workspace_id, name, id)
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

CREATE INDEX teams_updated_at_sort_idx ON teams USING btree (workspace_id, updated_at, id)
;

CREATE INDEX users_workspace_idx ON users USING btree (workspace_id)
;

CREATE UNIQUE INDEX workstations_agent_device_uq ON workstations USING btree (workspace_id, agent_id, agent_device) WHERE (agent_id IS NOT NULL)
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

CREATE TRIGGER discovered_applications_total_insert AFTER INSERT ON discovered_applications REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION software_installs_ensure()
;

CREATE TRIGGER members_person_copy BEFORE INSERT OR UPDATE OF user_id, user_name, user_email, user_created_at ON members FOR EACH ROW EXECUTE FUNCTION members_copy_person()
;

CREATE TRIGGER servers_address_insert AFTER INSERT ON servers REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION servers_index_new_addresses()
;

CREATE TRIGGER servers_address_update AFTER UPDATE OF ip_addresses ON servers FOR EACH ROW WHEN ((old.ip_addresses IS DISTINCT FROM new.ip_addresses)) EXECUTE FUNCTION servers_index_changed_addresses()
;

CREATE TRIGGER users_people_copy AFTER UPDATE OF name, email ON users FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.email IS DISTINCT FROM new.email))) EXECUTE FUNCTION users_copy_to_people()
;

CREATE TRIGGER users_person_copy AFTER UPDATE OF name, email ON users FOR EACH ROW WHEN (((old.name IS DISTINCT FROM new.name) OR (old.email IS DISTINCT FROM new.email))) EXECUTE FUNCTION users_copy_to_members()
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

ALTER TABLE ONLY field_definitions
    ADD CONSTRAINT field_definitions_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
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

ALTER TABLE ONLY inventory_devices
    ADD CONSTRAINT inventory_devices_workspace_id_agent_id_fkey FOREIGN KEY (workspace_id, agent_id) REFERENCES agents(workspace_id, id) ON DELETE CASCADE
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

ALTER TABLE ONLY people
    ADD CONSTRAINT people_id_fkey FOREIGN KEY (id) REFERENCES users(id) ON DELETE CASCADE
;

ALTER TABLE ONLY people
    ADD CONSTRAINT people_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
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

ALTER TABLE ONLY saved_views
    ADD CONSTRAINT saved_views_owner_user_id_fkey FOREIGN KEY (owner_user_id) REFERENCES users(id) ON DELETE CASCADE
;

ALTER TABLE ONLY saved_views
    ADD CONSTRAINT saved_views_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY search_versions
    ADD CONSTRAINT search_versions_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY server_addresses
    ADD CONSTRAINT server_addresses_server_fk FOREIGN KEY (workspace_id, server_id) REFERENCES servers(workspace_id, id) ON DELETE CASCADE
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

ALTER TABLE ONLY sso_memberships
    ADD CONSTRAINT sso_memberships_workspace_id_member_id_fkey FOREIGN KEY (workspace_id, member_id) REFERENCES members(workspace_id, id) ON DELETE CASCADE
;

ALTER TABLE ONLY sso_rules
    ADD CONSTRAINT sso_rules_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;

ALTER TABLE ONLY sso_settings
    ADD CONSTRAINT sso_settings_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
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

ALTER TABLE ONLY users
    ADD CONSTRAINT users_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
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
    ADD CONSTRAINT workstations_workspace_id_fkey FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE
;
