/**
 * The console's global search: one text across the families an admin looks things up in, each
 * answered by its own list (`q`, so the same matches and total as the list page), with the items
 * that the text names exactly (a name, hostname, serial number, IP address, CIDR, reference or
 * e-mail, case-insensitively) first: `10.1.9.2` puts the server at 10.1.9.2 before 10.1.9.20.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { addressKey } from '../../base/db/address-keys.js';
import type { Database } from '../../base/db/database.js';
import { dynamic } from '../../base/db/dynamic.js';
import { fold, matchesText } from '../../base/db/text-search.js';
import type { Family } from '../../base/resources/family.js';
import type { Registry } from '../../base/resources/registry.js';
import type { Caller } from '../../base/http/authenticate.js';
import { reachableIds, reachOf } from '../../base/resources/reach.js';
import { applications } from '../../families/applications/applications.module.js';
import { contracts } from '../../families/contracts/contracts.module.js';
import { networks } from '../../families/networks/networks.module.js';
import { servers } from '../../families/servers/servers.module.js';
import { workstations } from '../../families/workstations/workstations.module.js';
import { userListing, workspaceUsers } from '../../families/people/users.module.js';

/** One item found: what names it, a second line that tells look-alikes apart, and whether the text names it exactly. */
export interface Found {
  id: string;
  name: string;
  detail: string | null;
  exact: boolean;
}

export interface FoundGroup {
  family: string;
  total: number;
  items: Found[];
}

type Item = Record<string, unknown>;

/** A searched family: its read scope, its list, the items the text names exactly, and how an item is shown. */
interface Searched {
  family: string;
  scope: string;
  /** The family's page of `q` and its total, within the caller's reach. */
  list(
    database: Database,
    registry: Registry,
    caller: Caller,
    q: string,
    limit: number,
  ): Promise<{ data: Item[]; total: number }>;
  exact(database: Database, caller: Caller, q: string, limit: number): Promise<Item[]>;
  show(item: Item): { name: string; detail: string | null };
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const joined = (...parts: unknown[]): string | null => parts.map(text).filter(Boolean).join(' · ') || null;

/**
 * A family of the service whose items are named exactly by any of `columns` (folded) or, for
 * servers, by one of their IP addresses (server_addresses, so `10.1.9.2` is not `10.1.9.20`).
 * The exact test runs on the text index's matches only: an exact item is always one of the list's.
 */
function familySearch(
  family: Family,
  columns: readonly string[],
  detail: (item: Item) => string | null,
  addresses = false,
): Searched {
  const { definition } = family;
  const { table } = definition;
  return {
    family: definition.path.slice(1),
    scope: `${definition.scopeFamily}:read`,
    async list(database, registry, caller, q, limit) {
      const reach = await reachOf(database.db, caller, family);
      const page = await registry.serviceOf(family).list(database, caller.workspaceId, { q, limit }, reach);
      return { data: page.data as Item[], total: page.pagination.total };
    },
    async exact(database, caller, q, limit) {
      const { workspaceId } = caller;
      const folded = fold(q);
      const key = addresses ? addressKey(q) : undefined;
      const named: Expression<SqlBool>[] = columns.map(
        (column) => sql<SqlBool>`estate_fold(${sql.ref(`${table}.${column}`)}) = ${folded}`,
      );
      if (key)
        named.push(sql<SqlBool>`${sql.ref(`${table}.id`)} in (select server_id from server_addresses
          where workspace_id = ${workspaceId} and address = ${key})`);
      const rows = await dynamic(database.db)
        .selectFrom(table)
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where(matchesText(database.dialect, { table }, definition.search, q))
        .where(sql<SqlBool>`(${sql.join(named, sql` or `)})`)
        .orderBy('name')
        .orderBy('id')
        .limit(limit)
        .execute();
      // Only what the caller reaches: the exact matches are a few, tested at once.
      const reach = await reachOf(database.db, caller, family);
      const ids = rows.map((row) => String(row.id));
      const reached = reach ? await reachableIds(database.db, workspaceId, reach, ids) : new Set(ids);
      return rows.filter((row) => reached.has(String(row.id))).map((row) => family.toDto(row as never) as Item);
    },
    show: (item) => ({ name: String(item.name), detail: detail(item) }),
  };
}

/** The people of the workspace, named exactly by their name or e-mail. */
const people: Searched = {
  family: 'users',
  scope: userListing.scope,
  async list(database, _registry, { workspaceId }, q, limit) {
    const page = await userListing.list(database, workspaceId, { q, limit });
    return { data: page.data as Item[], total: page.pagination.total };
  },
  async exact(database, { workspaceId }, q, limit) {
    const folded = fold(q);
    const rows = await workspaceUsers(database.db, workspaceId)
      .where(matchesText(database.dialect, { table: 'people' }, ['people.name', 'people.email'], q))
      .where((eb) =>
        eb.or([eb(sql`estate_fold(people.name)`, '=', folded), eb(sql`estate_fold(people.email)`, '=', folded)]),
      )
      .orderBy('people.name')
      .orderBy('people.id')
      .limit(limit)
      .execute();
    return rows.map((row) => userListing.toDto(row) as Item);
  },
  show: (item) => ({ name: String(item.name), detail: text(item.email) }),
};

const firstAddress = (item: Item) => (Array.isArray(item.ipAddresses) ? item.ipAddresses[0] : null);

/** The families one search covers, in the order their results are shown. */
const SEARCHED: readonly Searched[] = [
  familySearch(applications as Family, ['name'], (item) => joined(item.vendor, item.version)),
  familySearch(
    servers as Family,
    ['name', 'hostname', 'serial_number'],
    (item) => joined(item.hostname, firstAddress(item), item.environment),
    true,
  ),
  familySearch(workstations as Family, ['name', 'hostname', 'serial_number'], (item) =>
    joined(item.hostname, item.serialNumber),
  ),
  familySearch(networks as Family, ['name', 'cidr'], (item) => joined(item.cidr, item.location)),
  familySearch(contracts as Family, ['name', 'reference'], (item) => joined(item.vendor, item.reference)),
  people,
];

/**
 * The search across the families the caller's scopes may read, within its reach: per family its
 * total and its first `limit` items, those the text names exactly first (each group is its list's
 * first page otherwise).
 */
export async function searchEverywhere(
  database: Database,
  registry: Registry,
  caller: Caller,
  q: string,
  limit: number,
): Promise<FoundGroup[]> {
  const readable = SEARCHED.filter((searched) => caller.scopes.includes(searched.scope));
  // One family after another: SQLite answers one statement at a time, PostgreSQL's pool is shared.
  const groups: FoundGroup[] = [];
  for (const searched of readable) {
    const exact = await searched.exact(database, caller, q, limit);
    const page = await searched.list(database, registry, caller, q, limit);
    const exactIds = new Set(exact.map((item) => String(item.id)));
    const items = [
      ...exact.map((item) => ({ item, exact: true })),
      ...page.data.filter((item) => !exactIds.has(String(item.id))).map((item) => ({ item, exact: false })),
    ]
      .slice(0, limit)
      .map(({ item, exact }) => ({ id: String(item.id), ...searched.show(item), exact }));
    groups.push({ family: searched.family, total: page.total, items });
  }
  return groups;
}
