/**
 * The storage facts of each table, declared once: which rows are counted, which columns `q`
 * searches, which filters and days are counted per value, which link rows keep a copy of a name.
 * The running code (lists, search totals), the bulk loader and the migration helpers
 * (storage-sql.ts) read them; test/base/db/schema-baseline.test.ts checks that the migrated database
 * holds exactly the triggers these facts call for. Changing a fact needs a migration that calls
 * the helpers (docs/adding-a-family.md).
 */
import type { Dialect } from './dialect.js';

/** A copy of a linked row's column kept on a link row, so the link can be read in that order. */
export interface NameCopy {
  /** The link's column naming the copied row, and the table of that row. */
  key: string;
  from: string;
  /** The copied column there, and the link's column holding the copy. */
  source: string;
  copy: string;
  /** The link's column the copy orders by: the other side of the link. */
  by: string;
}

export interface TableStorage {
  /** Rows counted per workspace in `row_counts`: the total of an unfiltered list. */
  counted?: true;
  /** The columns `q` searches (an FTS5 table on SQLite, `search_text` on PostgreSQL), in order. */
  searched?: readonly string[];
  /**
   * How many of `searched`, from the first, the public `q` description names, where columns were
   * added to the search after /openapi.json was published: its text stays as it was. docs/api.md
   * lists every searched column.
   */
  described?: number;
  /**
   * The family whose custom fields the rows hold (custom-fields/): the `custom_search` column keeps
   * the values of the workspace's `searchable` fields of that family, written by a trigger from
   * `custom_fields` (storage-sql.ts customSearchObjects), and is the last searched column.
   */
  customFields?: string;
  /** No workspace column: searches keep no version and lists no counts (people). */
  unscoped?: true;
  /** Per-value counts in `value_counts`: filter name → SQL of the value, `{row}` for the row. */
  valueCounts?: Readonly<Record<string, string>>;
  /** Per-day counts of date columns (`day:<column>`), the day's SQL on each database. */
  days?: Readonly<Record<string, Readonly<Record<Dialect, string>>>>;
  /** Link rows counted per linked id (`link:<column>`). */
  linkCounts?: readonly string[];
  /** A copy of the linked row's name on each link row. */
  nameCopy?: NameCopy;
}

const DECLARED: Record<string, TableStorage> = {
  applications: {
    counted: true,
    customFields: 'applications',
    searched: ['name', 'vendor', 'description', 'catalog_entry_id', 'custom_search'],
    described: 3,
    valueCounts: {
      lifecycleStatus: '{row}.lifecycle_status',
      criticality: '{row}.criticality',
      hostingType: '{row}.hosting_type',
    },
  },
  categories: {
    counted: true,
    customFields: 'categories',
    searched: ['name', 'description', 'custom_search'],
    valueCounts: { root: "CASE WHEN {row}.parent_id IS NULL THEN 'true' ELSE 'false' END" },
  },
  teams: { counted: true, customFields: 'teams', searched: ['name', 'description', 'custom_search'] },
  servers: {
    counted: true,
    customFields: 'servers',
    searched: [
      'name',
      'hostname',
      'ip_addresses',
      'os',
      'manufacturer',
      'model',
      'serial_number',
      'location',
      'custom_search',
    ],
    described: 3,
    valueCounts: { environment: '{row}.environment', automatic: 'CAST({row}.automatic AS TEXT)', os: '{row}.os_key' },
  },
  networks: {
    counted: true,
    customFields: 'networks',
    searched: ['name', 'cidr', 'location', 'custom_search'],
    valueCounts: { environment: '{row}.environment' },
  },
  routers: {
    counted: true,
    customFields: 'routers',
    searched: ['name', 'model', 'management_ip', 'custom_search'],
    valueCounts: { manufacturer: '{row}.manufacturer_key' },
  },
  workstations: {
    counted: true,
    customFields: 'workstations',
    searched: ['name', 'hostname', 'serial_number', 'model', 'os', 'manufacturer', 'location', 'custom_search'],
    described: 4,
    valueCounts: {
      status: '{row}.status',
      automatic: 'CAST({row}.automatic AS TEXT)',
      assigned: "CASE WHEN {row}.assigned_user_id IS NULL THEN 'false' ELSE 'true' END",
    },
    days: {
      warranty_end: { sqlite: '{row}.warranty_end', postgres: "to_char({row}.warranty_end, 'YYYY-MM-DD')" },
    },
  },
  data_objects: {
    counted: true,
    customFields: 'data',
    searched: ['name', 'description', 'custom_search'],
    valueCounts: { classification: '{row}.classification', personalData: 'CAST({row}.personal_data AS TEXT)' },
  },
  contracts: {
    counted: true,
    customFields: 'contracts',
    searched: ['name', 'vendor', 'reference', 'custom_search'],
    valueCounts: { type: '{row}.type', vendor: '{row}.vendor_key' },
    days: { end_date: { sqlite: '{row}.end_date', postgres: "to_char({row}.end_date, 'YYYY-MM-DD')" } },
  },
  flows: {
    counted: true,
    customFields: 'flows',
    searched: ['name', 'description', 'custom_search'],
    valueCounts: { protocol: '{row}.protocol', frequency: '{row}.frequency' },
  },
  announcements: {
    counted: true,
    customFields: 'announcements',
    searched: ['title', 'body', 'custom_search'],
    valueCounts: { severity: '{row}.severity' },
  },
  tags: { counted: true, searched: ['name'] },
  agents: { counted: true, searched: ['name', 'hostname'] },
  discovered_applications: {
    counted: true,
    searched: ['name', 'vendor'],
    valueCounts: {
      status: '{row}.status',
      missing: "CASE WHEN {row}.missing_since IS NULL THEN 'false' ELSE 'true' END",
      vendor: '{row}.vendor_key',
    },
  },
  users: { searched: ['name', 'email'], unscoped: true },
  people: {
    counted: true,
    customFields: 'users',
    searched: ['name', 'email', 'department', 'employee_number', 'custom_search'],
  },
  audit_events: {
    counted: true,
    searched: ['resource_name', 'actor_name', 'action', 'resource_type'],
    // One count per action serves `actions=` with several.
    valueCounts: { category: '{row}.category', actions: '{row}.action', resourceType: '{row}.resource_type' },
    days: {
      timestamp: {
        sqlite: 'substr({row}.timestamp, 1, 10)',
        postgres: "to_char({row}.timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD')",
      },
    },
  },
  members: { counted: true, valueCounts: { role: '{row}.role' } },
  server_tags: {
    linkCounts: ['tag_id'],
    nameCopy: { key: 'server_id', from: 'servers', source: 'name', copy: 'server_name', by: 'tag_id' },
  },
  application_servers: {
    linkCounts: ['application_id'],
    nameCopy: { key: 'server_id', from: 'servers', source: 'name', copy: 'server_name', by: 'application_id' },
  },
};

/** Every table's storage facts: the service's own, then any declared by declareStorage. */
export const STORAGE: Readonly<Record<string, TableStorage>> = DECLARED;

/** Tables whose rows are counted per workspace. */
export const COUNTED_TABLES: string[] = [];
/** Searched columns per table. */
export const SEARCHED: Record<string, readonly string[]> = {};
/** The searched columns the public `q` description names, per table (all of SEARCHED unless `described`). */
export const DESCRIBED_SEARCH: Record<string, readonly string[]> = {};
/** Searched tables whose searches keep a version per workspace (search-counts.ts). */
export const VERSIONED: Record<string, readonly string[]> = {};
/** Per-value counts of filters, per table. */
export const VALUE_COUNTS: Record<string, Readonly<Record<string, string>>> = {};
/** Per-day counts, per table: filter name (`day:<column>`) → the day's SQL on each database. */
export const DAY_COUNTS: Record<string, Readonly<Record<string, Readonly<Record<Dialect, string>>>>> = {};
/** Link tables counted per linked id, and the columns counted. */
export const LINK_COUNTS: Record<string, readonly string[]> = {};
/** Link tables keeping a copy of a linked row's name. */
export const LINK_NAME_COPIES: Record<string, NameCopy> = {};

/** Whether a table has no workspace column. */
export const isUnscoped = (table: string): boolean => STORAGE[table]?.unscoped === true;

/** The `value_counts` filter name of a date column's per-day counts. */
export const dayCountKey = (column: string): string => `day:${column}`;

/** The `value_counts` filter name of a link table's counts per linked id. */
export const linkCountKey = (column: string): string => `link:${column}`;

function index(table: string, facts: TableStorage): void {
  if (facts.counted) COUNTED_TABLES.push(table);
  if (facts.searched) SEARCHED[table] = facts.searched;
  // A family's searchable custom fields are named in its `q` description whatever else it holds back.
  const custom = facts.customFields && facts.described !== undefined ? ['custom_search'] : [];
  if (facts.searched) DESCRIBED_SEARCH[table] = [...facts.searched.slice(0, facts.described), ...custom];
  if (facts.searched && !facts.unscoped) VERSIONED[table] = facts.searched;
  if (facts.valueCounts) VALUE_COUNTS[table] = facts.valueCounts;
  if (facts.days) {
    DAY_COUNTS[table] = Object.fromEntries(
      Object.entries(facts.days).map(([column, sql]) => [dayCountKey(column), sql]),
    );
  }
  if (facts.linkCounts) LINK_COUNTS[table] = facts.linkCounts;
  if (facts.nameCopy) LINK_NAME_COPIES[table] = facts.nameCopy;
}

for (const [table, facts] of Object.entries(DECLARED)) index(table, facts);

/** The service's own tables with storage facts (the baseline's), before any declareStorage. */
export const SERVICE_TABLES: readonly string[] = Object.keys(DECLARED);

/**
 * Declares the storage facts of a table the service does not list here (a family defined
 * elsewhere, such as a test's); its migration makes their objects with storage-sql.ts.
 */
export function declareStorage(table: string, facts: TableStorage): void {
  if (DECLARED[table]) throw new Error(`the storage of ${table} is declared already`);
  DECLARED[table] = facts;
  index(table, facts);
}

/** Everything a table's per-value count triggers count on one database: filters, days and links. */
export function valueCountsOn(dialect: Dialect, table: string): Record<string, string> {
  const days = Object.entries(DAY_COUNTS[table] ?? {}).map(([filter, sql]) => [filter, sql[dialect]] as const);
  const links = (LINK_COUNTS[table] ?? []).map((column) => [linkCountKey(column), `CAST({row}.${column} AS TEXT)`]);
  return { ...VALUE_COUNTS[table], ...Object.fromEntries(days), ...Object.fromEntries(links) };
}

/** The SQL of a counted value for one row (`NEW`, `OLD`, a table or an alias). */
export const valueOfRow = (expression: string, row: string): string => expression.replaceAll('{row}', row);

/**
 * A new search version is a random number below 2^53, not the next one: a counter restored from a
 * backup would climb back through values an instance remembers totals for.
 */
export const SQLITE_NEXT = 'abs(random() % 9007199254740991)';
export const POSTGRES_NEXT = 'floor(random() * 9007199254740991)::bigint';
