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
  /**
   * Other columns of the copied row the link keeps beside the name (the row's column → the link's),
   * each with an index of (workspace_id, by, its copy, name copy, key): a list filtered by the link
   * and by such a column reads its matches, their total and their page in name order from that
   * index alone (a restricted role's `tagId` and `environment`, lists/matching.ts).
   */
  alongside?: Readonly<Record<string, string>>;
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
    nameCopy: {
      key: 'server_id',
      from: 'servers',
      source: 'name',
      copy: 'server_name',
      by: 'tag_id',
      alongside: { environment: 'server_environment' },
    },
  },
  application_servers: {
    linkCounts: ['application_id'],
    nameCopy: {
      key: 'server_id',
      from: 'servers',
      source: 'name',
      copy: 'server_name',
      by: 'application_id',
      alongside: { environment: 'server_environment' },
    },
  },
};

/**
 * The service's own tables' storage facts. A family defined elsewhere (a test's) brings the facts
 * of its tables in its definition (`storage`), and its migration makes their objects with
 * storage-sql.ts; code reading the facts of a family's tables asks the family (`storageOf`).
 */
export const STORAGE: Readonly<Record<string, TableStorage>> = Object.freeze(DECLARED);

/** The storage facts of a table, where any are declared. */
export type StorageOf = (table: string) => TableStorage | undefined;

/** The service's own tables' facts. */
export const serviceStorage: StorageOf = (table) => STORAGE[table];

/** A family's tables' facts first (`own`), then the service's. */
export const storageWith =
  (own: Readonly<Record<string, TableStorage>> | undefined): StorageOf =>
  (table) =>
    own?.[table] ?? STORAGE[table];

const tablesWhere = <T>(pick: (facts: TableStorage) => T | undefined): Readonly<Record<string, T>> =>
  Object.freeze(
    Object.fromEntries(
      Object.entries(STORAGE).flatMap(([table, facts]) => {
        const picked = pick(facts);
        return picked === undefined ? [] : [[table, picked]];
      }),
    ),
  );

/** The service's tables whose rows are counted per workspace. */
export const COUNTED_TABLES: readonly string[] = Object.freeze(
  Object.keys(STORAGE).filter((table) => STORAGE[table]!.counted),
);
/** Searched columns of the service's tables whose searches keep a version per workspace (search-counts.ts). */
export const VERSIONED: Readonly<Record<string, readonly string[]>> = tablesWhere(versionedSearch);
/** Per-value counts of filters, per table of the service. */
export const VALUE_COUNTS: Readonly<Record<string, Readonly<Record<string, string>>>> = tablesWhere(
  (facts) => facts.valueCounts,
);
/** Link tables of the service counted per linked id, and the columns counted. */
export const LINK_COUNTS: Readonly<Record<string, readonly string[]>> = tablesWhere((facts) => facts.linkCounts);
/** Link tables of the service keeping a copy of a linked row's name. */
export const LINK_NAME_COPIES: Readonly<Record<string, NameCopy>> = tablesWhere((facts) => facts.nameCopy);

/** The searched columns, where the table's searches keep a version per workspace (all but unscoped tables). */
export function versionedSearch(facts: TableStorage): readonly string[] | undefined {
  return facts.unscoped ? undefined : facts.searched;
}

/** The searched columns the public `q` description names (all of `searched` unless `described`). */
export function describedSearch(facts: TableStorage): readonly string[] {
  // A family's searchable custom fields are named in its `q` description whatever else it holds back.
  const custom = facts.customFields && facts.described !== undefined ? ['custom_search'] : [];
  return [...(facts.searched ?? []).slice(0, facts.described), ...custom];
}

/** The `value_counts` filter name of a date column's per-day counts. */
export const dayCountKey = (column: string): string => `day:${column}`;

/** The `value_counts` filter name of a link table's counts per linked id. */
export const linkCountKey = (column: string): string => `link:${column}`;

/** Everything a table's per-value count triggers count on one database: filters, days and links. */
export function valueCountsOn(dialect: Dialect, facts: TableStorage): Record<string, string> {
  const days = Object.entries(facts.days ?? {}).map(([column, sql]) => [dayCountKey(column), sql[dialect]] as const);
  const links = (facts.linkCounts ?? []).map((column) => [linkCountKey(column), `CAST({row}.${column} AS TEXT)`]);
  return { ...facts.valueCounts, ...Object.fromEntries(days), ...Object.fromEntries(links) };
}

/** The SQL of a counted value for one row (`NEW`, `OLD`, a table or an alias). */
export const valueOfRow = (expression: string, row: string): string => expression.replaceAll('{row}', row);

/**
 * A new search version is a random number below 2^53, not the next one: a counter restored from a
 * backup would climb back through values an instance remembers totals for.
 */
export const SQLITE_NEXT = 'abs(random() % 9007199254740991)';
export const POSTGRES_NEXT = 'floor(random() * 9007199254740991)::bigint';
