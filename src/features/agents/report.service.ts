import { sql, type Kysely, type Updateable } from 'kysely';
import { diffFields, recordAudit } from '../../base/audit/audit.writer.js';
import { matchCatalogEntry } from '../../families/applications/catalog.service.js';
import type { Database } from '../../base/db/database.js';
import type { DiscoveredApplicationsTable, ServersTable, Tables, WorkstationsTable } from '../../base/db/schema.js';
import { fold, foldKey, writableColumns } from '../../base/db/text-search.js';
import { ApiError } from '../../base/errors/api-error.js';
import { newId, nowIso } from '../../base/ids.js';
import type { AgentPrincipal } from './agent-auth.js';
import type { AgentReport } from './report.schemas.js';
import { writeTransaction } from '../../base/db/write.js';
import { applyInstallDeltas, chunks, keyOf, yieldToEventLoop } from '../../families/servers/installs.js';
import { dynamic } from '../../base/db/dynamic.js';
import { ipList, servers } from '../../families/servers/servers.module.js';
import { workstations } from '../../families/workstations/workstations.module.js';

type Host = AgentReport['host'];
type SoftwareEntry = { name: string; vendor: string; version: string | null; key: string };

/** One entry per (name, vendor), case-insensitively; the last reported version wins. */
function normaliseSoftware(software: AgentReport['software']): SoftwareEntry[] {
  const byKey = new Map<string, SoftwareEntry>();
  for (const entry of software) {
    const key = keyOf(entry.name, entry.vendor);
    byKey.set(key, {
      name: entry.name.trim(),
      vendor: entry.vendor.trim(),
      version: entry.version?.trim() || null,
      key,
    });
  }
  return [...byKey.values()];
}

/**
 * The columns of the facts a report states. An omitted fact leaves the stored value: an agent that
 * cannot read the manufacturer does not erase the one it reported before.
 */
function hostFacts(host: Host, ips: string[] | undefined): Record<string, unknown> {
  // Text is kept trimmed, as every write through the API keeps it (a value blank once trimmed is no fact).
  const trimmed = (value: string | undefined) => (value === undefined ? undefined : value.trim() || undefined);
  const os = trimmed(host.os);
  const stated: [column: string, value: unknown][] = [
    ['os', os],
    ['os_version', trimmed(host.osVersion)],
    ['manufacturer', trimmed(host.manufacturer)],
    ['model', trimmed(host.model)],
    ['serial_number', trimmed(host.serialNumber)],
    ['cpu_cores', host.cpuCores],
    ['memory_mb', host.memoryMb],
    ...(host.kind === 'server'
      ? ([
          ['storage_gb', host.storageGb],
          ['ip_addresses', ips === undefined ? undefined : JSON.stringify(ips)],
          ['os_key', os === undefined ? undefined : fold(os)],
        ] as [string, unknown][])
      : []),
  ];
  return Object.fromEntries(stated.filter(([, value]) => value !== undefined));
}

/** The family of the host's kind: its DTOs give audit diffs the API's field names and values. */
const hostFamily = (kind: Host['kind']) => (kind === 'server' ? servers : workstations);

/**
 * Upserts the one automatic host of the agent (a unique index holds it to one): a report with a
 * new hostname renames that host (host names compare case-insensitively, so a change of letter
 * case alone is no rename). Returns its id, whether it is new and the audit diff in API fields.
 */
async function upsertHost(
  trx: Kysely<Tables>,
  agent: AgentPrincipal,
  host: Host,
  ips: string[] | undefined,
  now: string,
  device: string,
) {
  const family = hostFamily(host.kind);
  const table = family.definition.table;
  const otherKind = host.kind === 'server' ? 'workstation' : 'server';
  const elsewhere = await trx
    .selectFrom(host.kind === 'server' ? 'workstations' : 'servers')
    .select('hostname')
    .where('workspace_id', '=', agent.workspaceId)
    .where('agent_id', '=', agent.agentId)
    .where('agent_device', '=', device)
    .executeTakeFirst();
  if (elsewhere) {
    throw new ApiError(
      'unprocessable_entity',
      `this agent reports the ${otherKind} "${elsewhere.hostname}"; ` +
        "a host's kind cannot change (delete that host or enroll another agent)",
    );
  }
  const rows = dynamic(trx);
  const existing = await rows
    .selectFrom(table)
    .selectAll()
    .where('workspace_id', '=', agent.workspaceId)
    .where('agent_id', '=', agent.agentId)
    .where('agent_device', '=', device)
    .executeTakeFirst();
  const facts = hostFacts(host, ips);
  const name = host.name?.trim() || host.hostname;
  const untracked = [...family.untracked, 'lastReportAt'];
  if (!existing) {
    const id = newId();
    const row = {
      ...family.defaults(),
      ...facts,
      name,
      hostname: host.hostname,
      ...(host.kind === 'workstation' ? { status: 'in_use' } : {}),
      workspace_id: agent.workspaceId,
      id,
      automatic: 1,
      agent_id: agent.agentId,
      agent_device: device,
      created_at: now,
      last_check_time: now,
      last_report_at: now,
    };
    await rows.insertInto(table).values(row).execute();
    return { id, created: true, changes: diffFields(undefined, dto(host.kind, row), untracked) };
  }
  const renamed = foldKey(String(existing.hostname ?? '')) !== foldKey(host.hostname);
  // A name the inventory gives is the host's name as given; without one, the name follows the hostname.
  const named = host.name !== undefined && name !== existing.name;
  const next: Record<string, unknown> = {
    ...existing,
    ...facts,
    ...(renamed ? { name, hostname: host.hostname } : named ? { name } : {}),
    last_check_time: now,
    last_report_at: now,
  };
  const { workspace_id: _workspace, id: _id, ...set } = writableColumns(next);
  await rows
    .updateTable(table)
    .set(set)
    .where('workspace_id', '=', agent.workspaceId)
    .where('id', '=', String(existing.id))
    .execute();
  return {
    id: String(existing.id),
    created: false,
    changes: diffFields(dto(host.kind, existing), dto(host.kind, next), untracked),
  };
}

/** A host row as the API shows it (the row comes from the dynamic view of its table, typed back here). */
function dto(kind: Host['kind'], row: Record<string, unknown>): Record<string, unknown> {
  return kind === 'server'
    ? servers.toDto(row as unknown as ServersTable)
    : workstations.toDto(row as unknown as WorkstationsTable);
}

const PAGE = 1000;

/**
 * A host's discovered software, read in pages along its unique (name_key, vendor_key) index with
 * the event loop free between pages, so that a large host does not hold it in one read.
 */
async function hostSoftware(
  trx: Kysely<Tables>,
  workspaceId: string,
  hostColumn: 'server_id' | 'workstation_id',
  hostId: string,
) {
  const rows: {
    id: string;
    name: string;
    vendor: string;
    version: string | null;
    missing_since: string | null;
    name_key: string;
    vendor_key: string;
  }[] = [];
  for (;;) {
    const last = rows.at(-1);
    const page = await trx
      .selectFrom('discovered_applications')
      .select(['id', 'name', 'vendor', 'version', 'missing_since', 'name_key', 'vendor_key'])
      .where('workspace_id', '=', workspaceId)
      .where(hostColumn, '=', hostId)
      .$if(last !== undefined, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('name_key', '>', last!.name_key),
            eb.and([eb('name_key', '=', last!.name_key), eb('vendor_key', '>', last!.vendor_key)]),
          ]),
        ),
      )
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
 * Sets `values` on the listed discovered entries, one statement per batch with the event loop free
 * between batches, so that no single statement holds it.
 */
async function updateDiscovered(
  trx: Kysely<Tables>,
  workspaceId: string,
  ids: string[],
  values: Updateable<DiscoveredApplicationsTable>,
) {
  for (const batch of chunks(ids)) {
    await trx
      .updateTable('discovered_applications')
      .set(values)
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', batch)
      .execute();
    await yieldToEventLoop();
  }
}

/**
 * Reconciles a host's discovered software with a report: inserts new entries, revives entries
 * that were missing, records version changes, marks unreported entries missing, moves lastUpdate,
 * and applies the install-count deltas. Returns the numbers of entries added and gone missing.
 */
async function reconcileSoftware(
  trx: Kysely<Tables>,
  agent: AgentPrincipal,
  kind: Host['kind'],
  hostId: string,
  software: SoftwareEntry[],
  now: string,
) {
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
        workspace_id: agent.workspaceId,
        id: newId(),
        name: entry.name,
        vendor: entry.vendor,
        name_key: foldKey(entry.name),
        vendor_key: foldKey(entry.vendor),
        version: entry.version,
        server_id: kind === 'server' ? hostId : null,
        workstation_id: kind === 'workstation' ? hostId : null,
        agent_id: agent.agentId,
        status: 'new',
        application_id: null,
        catalog_entry_id: matchCatalogEntry(entry.name, entry.vendor),
        first_seen_at: now,
        last_seen_at: now,
        missing_since: null,
        last_update: now,
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
  // One statement per batch of version changes, not a round trip per row.
  for (const batch of chunks(versionChanges)) {
    await trx
      .updateTable('discovered_applications')
      .set({
        version: sql<string | null>`CASE id ${sql.join(
          batch.map((change) => sql`WHEN ${change.id} THEN ${change.version}`),
          sql` `,
        )} END`,
      })
      .where('workspace_id', '=', agent.workspaceId)
      .where(
        'id',
        'in',
        batch.map((change) => change.id),
      )
      .execute();
    await yieldToEventLoop();
  }
  await updateDiscovered(trx, agent.workspaceId, revived, { missing_since: null });
  const missingIds = missing.map(([, row]) => row.id);
  await updateDiscovered(trx, agent.workspaceId, missingIds, { missing_since: now, last_update: now });
  // Every entry the report lists was seen now (new entries were inserted so).
  await updateDiscovered(trx, agent.workspaceId, listed, { last_seen_at: now, last_update: now });

  await applyInstallDeltas(trx, agent.workspaceId, deltas);
  const liveBefore = existing.filter((row) => !row.missing_since).length;
  return {
    added: inserts.length + revived.length,
    missing: missing.length,
    before: liveBefore,
    after: software.length,
  };
}

/**
 * Records one agent report in one transaction: the automatic host, its discovered software, the
 * agent's lastSeenAt and one audit event with the agent as actor (create for a new host, report
 * otherwise). A fleet agent reports through POST /inventory (inventory/), one device at a time.
 */
export async function recordReport(
  database: Database,
  agent: AgentPrincipal,
  report: AgentReport,
): Promise<{ kind: Host['kind']; id: string }> {
  if (agent.fleet)
    throw new ApiError(
      'unprocessable_entity',
      'a fleet agent reports its hosts through POST /inventory (GLPI Agent, FusionInventory, OCS Inventory)',
    );
  const ips = report.host.ipAddresses === undefined ? undefined : ipList(report.host.ipAddresses, 'host.ipAddresses');
  return writeTransaction(database, agent.workspaceId, async (trx) => {
    const { kind, id } = await recordReportIn(trx, agent, report, { ips, now: nowIso(), device: '' });
    return { kind, id };
  });
}

/**
 * A report recorded in the caller's write transaction: the host of the agent and `device` ('' for
 * a one-host agent; a fleet agent's inventory_devices row), its software, the agent's lastSeenAt
 * (and, for a one-host agent, its hostname and version) and the audit event.
 */
export async function recordReportIn(
  trx: Kysely<Tables>,
  agent: AgentPrincipal,
  report: AgentReport,
  options: { ips: string[] | undefined; now: string; device: string; assignedUserId?: string },
): Promise<{ kind: Host['kind']; id: string; created: boolean }> {
  const { ips, now, device } = options;
  const software = normaliseSoftware(report.software);
  {
    const host = await upsertHost(trx, agent, report.host, ips, now, device);
    if (options.assignedUserId && report.host.kind === 'workstation') {
      const assigned = await trx
        .updateTable('workstations')
        .set({ assigned_user_id: options.assignedUserId })
        .where('workspace_id', '=', agent.workspaceId)
        .where('id', '=', host.id)
        .where('assigned_user_id', 'is', null)
        .executeTakeFirst();
      if (Number(assigned.numUpdatedRows) > 0)
        host.changes.assignedUserId = { before: null, after: options.assignedUserId };
    }
    const counts = await reconcileSoftware(trx, agent, report.host.kind, host.id, software, now);
    await trx
      .updateTable('agents')
      .set({
        last_seen_at: now,
        ...(device === ''
          ? {
              hostname: report.host.hostname,
              ...(report.agentVersion === undefined ? {} : { version: report.agentVersion }),
            }
          : {}),
      })
      .where('workspace_id', '=', agent.workspaceId)
      .where('id', '=', agent.agentId)
      .execute();
    const changes = { ...host.changes };
    if (counts.before !== counts.after || counts.added || counts.missing)
      changes.software = { before: counts.before, after: counts.after };
    await recordAudit(trx, {
      workspaceId: agent.workspaceId,
      category: 'inventory',
      action: host.created ? 'create' : 'report',
      actor: agent.actor,
      resourceType: report.host.kind,
      resourceId: host.id,
      resourceName: report.host.name?.trim() || report.host.hostname,
      changes,
    });
    return { kind: report.host.kind, id: host.id, created: host.created };
  }
}
