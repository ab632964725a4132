/**
 * Discovered software by product: the rows of discovered_applications (one per host and product)
 * folded into one row per (name, vendor), as software_installs counts them (`name_key`,
 * `vendor_key`). For the console's triage page (src/features/discovered/console.routes.ts): one set-based
 * statement per page, and triage of every install of a product in one write transaction, each
 * install audited as a single triage is (discovered-applications.module.ts).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { applications } from '../../families/applications/applications.module.js';
import { recordAudit } from '../../base/audit/audit.writer.js';
import type { Database } from '../../base/db/database.js';
import type { Tables } from '../../base/db/schema.js';
import { foldKey } from '../../base/db/text-search.js';
import { writeTransaction } from '../../base/db/write.js';
import { notFound } from '../../base/errors/api-error.js';
import type { Registry } from '../../base/resources/registry.js';
import type { Caller } from '../../base/http/authenticate.js';
import { nowIso } from '../../base/ids.js';
import { requireReference } from '../../base/resources/crud.js';
import { chunks, yieldToEventLoop } from '../../families/servers/installs.js';
import { applicationFromDiscovered, type DISCOVERY_STATUSES } from './discovered-applications.module.js';

export type DiscoveryStatus = (typeof DISCOVERY_STATUSES)[number];

/** The orders of the product list: by installs (the default, most first), name, vendor or new installs. */
export const PRODUCT_SORTS = ['installs', '-installs', 'name', '-name', 'vendor', '-vendor', 'new', '-new'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ProductQuery {
  q?: string;
  /** Only products with at least one install in this status; the counts stay those of every install. */
  status?: DiscoveryStatus;
  vendor?: string;
  sort?: ProductSort;
  limit: number;
  offset: number;
}

export interface Product {
  /** The product's key: its folded name and vendor (what the hosts and triage routes take). */
  nameKey: string;
  vendorKey: string;
  /** The name and vendor as an agent reported them (the first in sort order when spellings differ). */
  name: string;
  vendor: string;
  /** Hosts reporting it (one discovered row each), missing ones included. */
  installs: number;
  /** Of those, hosts whose last report no longer lists it. */
  missing: number;
  statusCounts: Record<DiscoveryStatus, number>;
  catalogEntryId: string | null;
  /** The application its linked installs are linked to when they all share one, else null. */
  applicationId: string | null;
  /** That application's name. */
  applicationName: string | null;
  /** Its linked installs are linked to more than one application. */
  severalApplications: boolean;
  lastSeenAt: string;
}

const likePattern = (text: string) => `%${foldKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ORDER: Record<string, RawBuilder<unknown>> = {
  installs: sql`installs`,
  new: sql`new_count`,
  name: sql`d.name_key`,
  vendor: sql`d.vendor_key`,
};

const statusCount = (status: DiscoveryStatus) => sql`SUM(CASE WHEN d.status = ${status} THEN 1 ELSE 0 END)`;

interface ProductRow {
  name_key: string;
  vendor_key: string;
  name: string;
  vendor: string;
  installs: number | string;
  missing: number | string;
  new_count: number | string;
  linked_count: number | string;
  ignored_count: number | string;
  catalog_entry_id: string | null;
  application_id: string | null;
  last_application_id: string | null;
  last_seen_at: string | Date;
  total: number | string;
}

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : value);

/**
 * One page of products and the number of products matching, in one statement: the workspace's
 * discovered rows (read through the indexes that lead with workspace_id) grouped by product, the
 * page's total counted over the groups by a window (COUNT(*) OVER ()), then sorted and cut. The
 * cost follows the workspace's installs; no statement runs per row.
 */
export async function listProducts(
  db: Kysely<Tables>,
  workspaceId: string,
  query: ProductQuery,
): Promise<{ data: Product[]; total: number }> {
  const sort = query.sort ?? '-installs';
  const descending = sort.startsWith('-');
  const direction = descending ? sql`DESC` : sql`ASC`;
  const conditions = [sql`d.workspace_id = ${workspaceId}`];
  if (query.q?.trim()) {
    const pattern = likePattern(query.q);
    conditions.push(sql`(d.name_key LIKE ${pattern} ESCAPE '\\' OR d.vendor_key LIKE ${pattern} ESCAPE '\\')`);
  }
  if (query.vendor !== undefined) conditions.push(sql`d.vendor_key = ${foldKey(query.vendor)}`);
  const having = query.status ? sql`HAVING ${statusCount(query.status)} > 0` : sql``;
  const rows = await grouped(
    db,
    conditions,
    having,
    sql`ORDER BY ${ORDER[sort.replace(/^-/, '')]!} ${direction},
    d.name_key ${direction}, d.vendor_key ${direction} LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  // Past the last page the window has no row to count on: the groups are counted alone.
  if (rows.length === 0 && query.offset > 0) {
    const counted = await sql<{ total: number | string }>`SELECT COUNT(*) AS total FROM (SELECT d.name_key
      FROM discovered_applications d WHERE ${sql.join(conditions, sql` AND `)}
      GROUP BY d.name_key, d.vendor_key ${having}) products`.execute(db);
    total = Number(counted.rows[0]?.total ?? 0);
  }
  const data = rows.map(productOf);
  // The names of the page's applications, in one more statement (MIN of a uuid is text on PostgreSQL).
  const ids = [...new Set(data.map((product) => product.applicationId).filter((id): id is string => id !== null))];
  if (ids.length > 0) {
    const named = await db
      .selectFrom('applications')
      .select(['id', 'name'])
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', ids)
      .execute();
    const names = new Map(named.map((application) => [application.id, application.name]));
    for (const product of data) product.applicationName = names.get(product.applicationId ?? '') ?? null;
  }
  return { data, total };
}

async function grouped(
  db: Kysely<Tables>,
  conditions: RawBuilder<unknown>[],
  having: RawBuilder<unknown>,
  tail: RawBuilder<unknown>,
) {
  const result = await sql<ProductRow>`SELECT d.name_key, d.vendor_key, MIN(d.name) AS name, MIN(d.vendor) AS vendor,
      COUNT(*) AS installs,
      SUM(CASE WHEN d.missing_since IS NULL THEN 0 ELSE 1 END) AS missing,
      ${statusCount('new')} AS new_count, ${statusCount('linked')} AS linked_count,
      ${statusCount('ignored')} AS ignored_count,
      MAX(d.catalog_entry_id) AS catalog_entry_id,
      MIN(CAST(d.application_id AS TEXT)) AS application_id,
      MAX(CAST(d.application_id AS TEXT)) AS last_application_id,
      MAX(d.last_seen_at) AS last_seen_at,
      COUNT(*) OVER () AS total
    FROM discovered_applications d
    WHERE ${sql.join(conditions, sql` AND `)}
    GROUP BY d.name_key, d.vendor_key ${having} ${tail}`.execute(db);
  return result.rows;
}

function productOf(row: ProductRow): Product {
  // The first and last linked application by id: one application when they are the same (no
  // COUNT(DISTINCT), which would sort each product's installs again).
  const several = row.application_id !== row.last_application_id;
  return {
    nameKey: row.name_key,
    vendorKey: row.vendor_key,
    name: row.name,
    vendor: row.vendor,
    installs: Number(row.installs),
    missing: Number(row.missing),
    statusCounts: { new: Number(row.new_count), linked: Number(row.linked_count), ignored: Number(row.ignored_count) },
    catalogEntryId: row.catalog_entry_id,
    applicationId: several ? null : row.application_id,
    applicationName: null,
    severalApplications: several,
    lastSeenAt: iso(row.last_seen_at),
  };
}

export interface ProductKey {
  nameKey: string;
  vendorKey: string;
}

export interface ProductHost {
  /** The discovered application (one install): single triage goes through its own PATCH. */
  id: string;
  name: string;
  vendor: string;
  version: string | null;
  status: DiscoveryStatus;
  applicationId: string | null;
  serverId: string | null;
  workstationId: string | null;
  applicationName: string | null;
  /** The host's name and hostname; null when the member may not read infrastructure. */
  hostName: string | null;
  hostname: string | null;
  lastSeenAt: string;
  missingSince: string | null;
  lastUpdate: string;
}

interface HostRow {
  id: string;
  name: string;
  vendor: string;
  version: string | null;
  status: string;
  application_id: string | null;
  application_name: string | null;
  server_id: string | null;
  workstation_id: string | null;
  host_name: string | null;
  hostname: string | null;
  last_seen_at: string | Date;
  missing_since: string | Date | null;
  last_update: string | Date;
  total: number | string;
}

/**
 * One page of a product's installs with their hosts' names, by host name: the product's rows from
 * discovered_applications_product_idx, each host by its primary key. `withHosts` false (no
 * infrastructure:read) leaves the names out.
 */
export async function listProductHosts(
  db: Kysely<Tables>,
  workspaceId: string,
  product: ProductKey,
  page: { status?: DiscoveryStatus; limit: number; offset: number; withHosts: boolean },
): Promise<{ data: ProductHost[]; total: number }> {
  const status = page.status ? sql`AND d.status = ${page.status}` : sql``;
  const result = await sql<HostRow>`SELECT d.id, d.name, d.vendor, d.version, d.status, d.application_id,
      a.name AS application_name, d.server_id, d.workstation_id,
      COALESCE(s.name, w.name) AS host_name, s.hostname AS hostname,
      d.last_seen_at, d.missing_since, d.last_update, COUNT(*) OVER () AS total
    FROM discovered_applications d
    LEFT JOIN servers s ON s.workspace_id = d.workspace_id AND s.id = d.server_id
    LEFT JOIN workstations w ON w.workspace_id = d.workspace_id AND w.id = d.workstation_id
    LEFT JOIN applications a ON a.workspace_id = d.workspace_id AND a.id = d.application_id
    WHERE d.workspace_id = ${workspaceId} AND d.name_key = ${foldKey(product.nameKey)}
      AND d.vendor_key = ${foldKey(product.vendorKey)} ${status}
    ORDER BY COALESCE(s.name, w.name), d.id
    LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
  const rows = result.rows;
  return {
    total: rows[0] ? Number(rows[0].total) : 0,
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      vendor: row.vendor,
      version: row.version,
      status: row.status as DiscoveryStatus,
      applicationId: row.application_id,
      applicationName: row.application_name,
      serverId: row.server_id,
      workstationId: row.workstation_id,
      hostName: page.withHosts ? row.host_name : null,
      hostname: page.withHosts ? row.hostname : null,
      lastSeenAt: iso(row.last_seen_at),
      missingSince: row.missing_since === null ? null : iso(row.missing_since),
      lastUpdate: iso(row.last_update),
    })),
  };
}

/** A triage decision for every install of a product: link to an application, ignore, or back to new. */
export type ProductDecision = { action: 'link'; applicationId: string } | { action: 'ignore' } | { action: 'new' };

export interface ProductTriageResult {
  /** Installs of the product (in `onlyStatus`, when given) when the decision was taken. */
  matched: number;
  /** Of those, the installs it changed (each audited); the others already were so. */
  changed: number;
}

/**
 * Applies one decision to every install of a product (or to those in `onlyStatus`), in one write
 * transaction: the installs are read after the workspace's write lock is taken, so a single triage
 * committed meanwhile is seen and not counted or audited twice. Each changed install is audited
 * as an update of its discovered application, as a single triage is. 404 for a product the
 * workspace does not have.
 */
export function triageProduct(
  database: Database,
  caller: Caller,
  product: ProductKey,
  decision: ProductDecision,
  onlyStatus?: DiscoveryStatus,
): Promise<ProductTriageResult> {
  return writeTransaction(database, caller.workspaceId, (trx) =>
    triageProductIn(trx, caller, product, decision, onlyStatus),
  );
}

async function triageProductIn(
  trx: Kysely<Tables>,
  caller: Caller,
  product: ProductKey,
  decision: ProductDecision,
  onlyStatus?: DiscoveryStatus,
): Promise<ProductTriageResult> {
  const { workspaceId } = caller;
  let query = trx
    .selectFrom('discovered_applications')
    .select(['id', 'name', 'status', 'application_id'])
    .where('workspace_id', '=', workspaceId)
    .where('name_key', '=', foldKey(product.nameKey))
    .where('vendor_key', '=', foldKey(product.vendorKey));
  if (onlyStatus) query = query.where('status', '=', onlyStatus);
  const installs = await query.orderBy('id').execute();
  if (installs.length === 0) {
    const any = await trx
      .selectFrom('discovered_applications')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('name_key', '=', foldKey(product.nameKey))
      .where('vendor_key', '=', foldKey(product.vendorKey))
      .limit(1)
      .executeTakeFirst();
    if (!any) throw notFound('discovered software product');
    return { matched: 0, changed: 0 };
  }
  const next =
    decision.action === 'link'
      ? { status: 'linked', application_id: decision.applicationId }
      : { status: decision.action === 'ignore' ? 'ignored' : 'new', application_id: null };
  if (decision.action === 'link')
    await requireReference(trx, applications.definition, workspaceId, decision.applicationId, 'applicationId');
  const changing = installs.filter(
    (install) => install.status !== next.status || install.application_id !== next.application_id,
  );
  const lastUpdate = nowIso();
  for (const batch of chunks(changing)) {
    await trx
      .updateTable('discovered_applications')
      .set({ ...next, last_update: lastUpdate })
      .where('workspace_id', '=', workspaceId)
      .where(
        'id',
        'in',
        batch.map((install) => install.id),
      )
      .execute();
    for (const install of batch) {
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      if (install.status !== next.status) changes.status = { before: install.status, after: next.status };
      if (install.application_id !== next.application_id)
        changes.applicationId = { before: install.application_id, after: next.application_id };
      await recordAudit(trx, {
        workspaceId,
        category: 'inventory',
        action: 'update',
        actor: caller.actor,
        resourceType: 'discovered_application',
        resourceId: install.id,
        resourceName: install.name,
        changes,
      });
    }
    await yieldToEventLoop();
  }
  return { matched: installs.length, changed: changing.length };
}

/**
 * Creates one inventory application for a product (named after its catalog entry, else its
 * reported name and vendor) and links every install of it, in one write transaction: the
 * application's create event and one update per install.
 */
export function createApplicationForProduct(
  database: Database,
  registry: Registry,
  caller: Caller,
  product: ProductKey,
) {
  return writeTransaction(database, caller.workspaceId, async (trx) => {
    const first = await trx
      .selectFrom('discovered_applications')
      .select(['name', 'vendor', 'version', 'catalog_entry_id'])
      .where('workspace_id', '=', caller.workspaceId)
      .where('name_key', '=', foldKey(product.nameKey))
      .where('vendor_key', '=', foldKey(product.vendorKey))
      // An install matched to the catalog first (CASE: the databases place nulls differently).
      .orderBy(sql`CASE WHEN catalog_entry_id IS NULL THEN 1 ELSE 0 END`)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!first) throw notFound('discovered software product');
    const application = await registry
      .serviceOf(applications)
      .createIn(trx, caller.workspaceId, applicationFromDiscovered(first), caller.actor);
    const result = await triageProductIn(trx, caller, product, { action: 'link', applicationId: application.id });
    return { application, ...result };
  });
}
