import { isIP } from 'node:net';
import { sql, type Kysely } from 'kysely';
import { diffFields, recordAudit } from '../audit/audit.writer.js';
import { matchCatalogEntry } from '../catalog/catalog.service.js';
import type { Database } from '../db/database.js';
import type { DiscoveredApplicationsTable, Tables } from '../db/schema.js';
import { foldKey } from '../db/text-search.js';
import { ApiError } from '../errors/api-error.js';
import { newId, nowIso } from '../ids.js';
import type { AgentPrincipal } from './agent-auth.js';
import type { AgentReport } from './report.schemas.js';
import { writeTransaction } from '../db/write.js';

const CHUNK = 500;

/**
 * Lets other requests run between the statements of a large report. SQLite statements run
 * synchronously and Kysely resumes after them in a microtask, so without this a 20,000-entry
 * report held the event loop for its whole transaction (0.35–0.9 s).
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

type Host = AgentReport['host'];
type SoftwareEntry = { name: string; vendor: string; version: string | null; key: string };

/** Case-folded (name, vendor): how software is matched and counted, in JavaScript on both databases. */
const keyOf = (name: string, vendor: string) => `${foldKey(name)}\u0000${foldKey(vendor)}`;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** One entry per (name, vendor), case-insensitively; the last reported version wins. */
function normaliseSoftware(software: AgentReport['software']): SoftwareEntry[] {
  const byKey = new Map<string, SoftwareEntry>();
  for (const entry of software) {
    const key = keyOf(entry.name, entry.vendor);
    byKey.set(key, { name: entry.name.trim(), vendor: entry.vendor.trim(), version: entry.version?.trim() || null, key });
  }
  return [...byKey.values()];
}

function hostFacts(host: Host) {
  return {
    name: host.hostname,
    hostname: host.hostname,
    os: host.os ?? null,
    os_version: host.osVersion ?? null,
    manufacturer: host.manufacturer ?? null,
    model: host.model ?? null,
    serial_number: host.serialNumber ?? null,
    cpu_cores: host.cpuCores ?? null,
    memory_mb: host.memoryMb ?? null,
  };
}

/**
 * Upserts the one automatic host of the agent (a unique index holds it to one): a report with a
 * new hostname renames that host. Returns its id, whether it is new and the audit diff.
 */
async function upsertHost(trx: Kysely<Tables>, agent: AgentPrincipal, host: Host, ips: string[], now: string) {
  const facts = hostFacts(host);
  const table = host.kind === 'server' ? 'servers' : 'workstations';
  const otherKind = host.kind === 'server' ? 'workstation' : 'server';
  const elsewhere = await trx
    .selectFrom(host.kind === 'server' ? 'workstations' : 'servers')
    .select('hostname')
    .where('workspace_id', '=', agent.workspaceId)
    .where('agent_id', '=', agent.agentId)
    .executeTakeFirst();
  if (elsewhere) {
    throw new ApiError('unprocessable_entity', `this agent reports the ${otherKind} "${elsewhere.hostname}"; a host's kind cannot change (delete that host or enroll another agent)`);
  }
  const existing = await (trx as Kysely<any>)
    .selectFrom(table)
    .selectAll()
    .where('workspace_id', '=', agent.workspaceId)
    .where('agent_id', '=', agent.agentId)
    .executeTakeFirst();
  const extra =
    host.kind === 'server'
      ? { ip_addresses: JSON.stringify(ips), storage_gb: host.storageGb ?? null }
      : {};
  if (!existing) {
    const id = newId();
    const defaults =
      host.kind === 'server'
        ? { environment: 'production', location: null, description: null }
        : { status: 'in_use', assigned_user_id: null, purchase_date: null, warranty_end: null, location: null };
    await (trx as Kysely<any>)
      .insertInto(table)
      .values({ workspace_id: agent.workspaceId, id, ...facts, ...extra, ...defaults, automatic: 1, agent_id: agent.agentId, created_at: now, last_check_time: now })
      .execute();
    return { id, created: true, changes: diffFields({}, { hostname: host.hostname, os: facts.os, manufacturer: facts.manufacturer }) };
  }
  const next = { ...facts, ...extra };
  const before = Object.fromEntries(Object.keys(next).map((column) => [column, existing[column]]));
  await (trx as Kysely<any>)
    .updateTable(table)
    .set({ ...next, automatic: 1, last_check_time: now })
    .where('workspace_id', '=', agent.workspaceId)
    .where('id', '=', existing.id)
    .execute();
  return { id: existing.id as string, created: false, changes: diffFields(before, next) };
}

/** Adds install-count deltas per (name, vendor) key, in batches of upserts. */
async function applyInstallDeltas(trx: Kysely<Tables>, workspaceId: string, deltas: Map<string, number>): Promise<void> {
  // Sorted, so that concurrent reports lock counter rows in the same order and cannot deadlock.
  const changed = [...deltas.entries()].filter(([, delta]) => delta !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const batch of chunks(changed)) {
    await trx
      .insertInto('software_installs')
      .values(batch.map(([key, delta]) => {
        const [name_key, vendor_key] = key.split('\u0000') as [string, string];
        return { workspace_id: workspaceId, name_key, vendor_key, install_count: delta };
      }))
      .onConflict((oc) => oc.columns(['workspace_id', 'name_key', 'vendor_key']).doUpdateSet({ install_count: sql`software_installs.install_count + excluded.install_count` }))
      .execute();
    await yieldToEventLoop();
  }
}

/**
 * Before a host is deleted (its discovered software cascades with it): takes its installed
 * software out of the install counts.
 */
export async function releaseHostSoftware(trx: Kysely<Tables>, workspaceId: string, hostColumn: 'server_id' | 'workstation_id', hostId: string): Promise<void> {
  const rows = await trx
    .selectFrom('discovered_applications')
    .select(['name', 'vendor'])
    .where('workspace_id', '=', workspaceId)
    .where(hostColumn, '=', hostId)
    .where('missing_since', 'is', null)
    .execute();
  const deltas = new Map<string, number>();
  for (const row of rows) deltas.set(keyOf(row.name, row.vendor), (deltas.get(keyOf(row.name, row.vendor)) ?? 0) - 1);
  await applyInstallDeltas(trx, workspaceId, deltas);
}

const PAGE = 1000;

/**
 * A host's discovered software, read in pages along its unique (name_key, vendor_key) index with
 * the event loop free between pages (one 5,000-row read held it ~20 ms on SQLite).
 */
async function hostSoftware(trx: Kysely<Tables>, workspaceId: string, hostColumn: 'server_id' | 'workstation_id', hostId: string) {
  const rows: { id: string; name: string; vendor: string; version: string | null; missing_since: string | null; name_key: string; vendor_key: string }[] = [];
  for (;;) {
    const last = rows.at(-1);
    const page = await trx
      .selectFrom('discovered_applications')
      .select(['id', 'name', 'vendor', 'version', 'missing_since', 'name_key', 'vendor_key'])
      .where('workspace_id', '=', workspaceId)
      .where(hostColumn, '=', hostId)
      .$if(last !== undefined, (qb) => qb.where((eb) => eb.or([eb('name_key', '>', last!.name_key), eb.and([eb('name_key', '=', last!.name_key), eb('vendor_key', '>', last!.vendor_key)])])))
      .orderBy('name_key')
      .orderBy('vendor_key')
      .limit(PAGE)
      .execute();
    rows.push(...page);
    await yieldToEventLoop();
    if (page.length < PAGE) return rows;
  }
}

/**
 * Reconciles a host's discovered software with a report: inserts new entries, revives entries
 * that were missing, records version changes, marks unreported entries missing, moves lastUpdate,
 * and applies the install-count deltas. Returns the numbers of entries added and gone missing.
 */
async function reconcileSoftware(trx: Kysely<Tables>, agent: AgentPrincipal, kind: Host['kind'], hostId: string, software: SoftwareEntry[], now: string) {
  const hostColumn = kind === 'server' ? 'server_id' : 'workstation_id';
  const existing = await hostSoftware(trx, agent.workspaceId, hostColumn, hostId);
  const byKey = new Map(existing.map((row) => [keyOf(row.name, row.vendor), row]));
  const inserts: DiscoveredApplicationsTable[] = [];
  const revived: string[] = [];
  const versionChanges: { id: string; version: string | null }[] = [];
  /** Existing entries the report lists (revived ones included). */
  const listed: string[] = [];
  const deltas = new Map<string, number>();
  const bump = (key: string, by: number) => deltas.set(key, (deltas.get(key) ?? 0) + by);

  for (const [i, entry] of software.entries()) {
    // Catalog matching of new entries is CPU work: let other requests in every 500 entries.
    if (i % 500 === 499) await yieldToEventLoop();
    const row = byKey.get(entry.key);
    if (!row) {
      inserts.push({
        workspace_id: agent.workspaceId, id: newId(), name: entry.name, vendor: entry.vendor, name_key: foldKey(entry.name), vendor_key: foldKey(entry.vendor), version: entry.version,
        server_id: kind === 'server' ? hostId : null, workstation_id: kind === 'workstation' ? hostId : null, agent_id: agent.agentId,
        status: 'new', application_id: null, catalog_entry_id: matchCatalogEntry(entry.name, entry.vendor),
        first_seen_at: now, last_seen_at: now, missing_since: null, last_update: now,
      });
      bump(entry.key, 1);
      continue;
    }
    byKey.delete(entry.key);
    listed.push(row.id);
    if (row.missing_since) {
      revived.push(row.id);
      bump(entry.key, 1);
    }
    if (row.version !== entry.version) versionChanges.push({ id: row.id, version: entry.version });
  }
  const missing = [...byKey.entries()].filter(([, row]) => !row.missing_since);
  await yieldToEventLoop();
  for (const [key] of missing) bump(key, -1);

  for (const batch of chunks(inserts, 200)) {
    await trx.insertInto('discovered_applications').values(batch).execute();
    await yieldToEventLoop();
  }
  // One statement per batch of version changes (one per row cost a round trip each: a tenth of a
  // 5,000-entry report changing took ~0.5 s on PostgreSQL).
  for (const batch of chunks(versionChanges)) {
    await trx
      .updateTable('discovered_applications')
      .set({ version: sql<string | null>`CASE id ${sql.join(batch.map((change) => sql`WHEN ${change.id} THEN ${change.version}`), sql` `)} END` })
      .where('workspace_id', '=', agent.workspaceId)
      .where('id', 'in', batch.map((change) => change.id))
      .execute();
    await yieldToEventLoop();
  }
  for (const batch of chunks(revived)) {
    await trx.updateTable('discovered_applications').set({ missing_since: null }).where('workspace_id', '=', agent.workspaceId).where('id', 'in', batch).execute();
    await yieldToEventLoop();
  }
  for (const batch of chunks(missing.map(([, row]) => row.id))) {
    await trx.updateTable('discovered_applications').set({ missing_since: now, last_update: now }).where('workspace_id', '=', agent.workspaceId).where('id', 'in', batch).execute();
    await yieldToEventLoop();
  }
  // Every entry the report lists was seen now (new entries were inserted so): in batches, so that
  // no single statement holds the event loop (one statement for 5,000 rows took ~40 ms on SQLite).
  for (const batch of chunks(listed)) {
    await trx.updateTable('discovered_applications').set({ last_seen_at: now, last_update: now }).where('workspace_id', '=', agent.workspaceId).where('id', 'in', batch).execute();
    await yieldToEventLoop();
  }

  await applyInstallDeltas(trx, agent.workspaceId, deltas);
  const liveBefore = existing.filter((row) => !row.missing_since).length;
  return { added: inserts.length + revived.length, missing: missing.length, before: liveBefore, after: software.length };
}

/**
 * Records one agent report in one transaction: the automatic host, its discovered software, the
 * agent's lastSeenAt and one audit event with the agent as actor (create for a new host, report
 * otherwise).
 */
export async function recordReport(database: Database, agent: AgentPrincipal, report: AgentReport): Promise<{ kind: Host['kind']; id: string }> {
  const ips = [...new Set(report.host.ipAddresses ?? [])];
  const badIp = ips.find((ip) => isIP(ip) === 0);
  if (badIp !== undefined) throw new ApiError('bad_request', `host.ipAddresses contains "${badIp}", which is not an IPv4 or IPv6 address`);
  const software = normaliseSoftware(report.software);
  const now = nowIso();
  return writeTransaction(database, agent.workspaceId, async (trx) => {
    const host = await upsertHost(trx, agent, report.host, ips, now);
    const counts = await reconcileSoftware(trx, agent, report.host.kind, host.id, software, now);
    await trx
      .updateTable('agents')
      .set({ last_seen_at: now, hostname: report.host.hostname, version: report.agentVersion ?? null })
      .where('workspace_id', '=', agent.workspaceId)
      .where('id', '=', agent.agentId)
      .execute();
    const changes = { ...host.changes };
    if (counts.before !== counts.after || counts.added || counts.missing) changes.software = { before: counts.before, after: counts.after };
    await recordAudit(trx, {
      workspaceId: agent.workspaceId,
      category: 'inventory',
      action: host.created ? 'create' : 'report',
      actor: agent.actor,
      resourceType: report.host.kind,
      resourceId: host.id,
      resourceName: report.host.hostname,
      changes,
    });
    return { kind: report.host.kind, id: host.id };
  });
}
