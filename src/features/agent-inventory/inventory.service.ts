/**
 * Inventories from GLPI Agent, FusionInventory and OCS Inventory recorded as Estate's own agent
 * reports are (agents/report.service.ts): one write transaction per inventory, the host updated in
 * place, its software reconciled, one audit event with the agent as actor.
 *
 * A fleet agent's token reports many hosts, each an `inventory_devices` row found by the
 * inventory's device id, else (a reinstall gives a new device id) by hardware UUID, else by serial
 * number; the row's id ties it to its host (`agent_device`). A one-host agent's token reports its
 * one computer. Reports are capped per host: a fleet agent's per device, a one-host agent's per agent.
 */
import { sql, type Kysely } from 'kysely';
import type { AgentPrincipal } from '../agents/agent-auth.js';
import { recordReportIn } from '../agents/report.service.js';
import type { Database } from '../../base/db/database.js';
import type { InventoryDevicesTable, Tables } from '../../base/db/schema.js';
import { writeTransaction } from '../../base/db/write.js';
import { ApiError } from '../../base/errors/api-error.js';
import type { Registry } from '../../base/resources/registry.js';
import { newId, nowIso } from '../../base/ids.js';
import { ipList } from '../../families/servers/servers.module.js';
import { routers } from '../../families/networks/networks.module.js';
import type { ComputerInventory, MappedInventory, RouterInventory } from './mapping.js';

export interface InventoryOutcome {
  outcome: 'created' | 'updated' | 'skipped';
  kind: 'server' | 'workstation' | 'router' | string;
  id?: string;
}

type Device = InventoryDevicesTable;

/** The fleet agent's device row for this inventory: by device id, hardware UUID, then serial number. */
async function findDevice(
  trx: Kysely<Tables>,
  agent: AgentPrincipal,
  deviceId: string,
  hardwareUuid: string | null,
  serialNumber: string | null,
): Promise<Device | undefined> {
  const rows = trx
    .selectFrom('inventory_devices')
    .selectAll()
    .where('workspace_id', '=', agent.workspaceId)
    .where('agent_id', '=', agent.agentId);
  const byId = await rows.where('device_id', '=', deviceId).executeTakeFirst();
  if (byId) return byId;
  for (const [column, value] of [
    ['hardware_uuid', hardwareUuid],
    ['serial_number', serialNumber],
  ] as const) {
    if (!value) continue;
    // Several rows with one UUID or serial (cloned machines): none of them is this one for sure.
    const found = await rows.where(column, '=', value).limit(2).execute();
    if (found.length === 1) return found[0];
  }
  return undefined;
}

/**
 * Counts the report in the device's one-minute window, atomically on its row (the cap holds
 * across instances), and refuses beyond `perMinute` with 429 and Retry-After.
 */
async function countReport(trx: Kysely<Tables>, device: Device, perMinute: number, now: Date): Promise<void> {
  const windowOpen =
    device.report_window_start !== null && Date.parse(device.report_window_start) > now.getTime() - 60_000;
  const count = windowOpen ? device.report_window_count + 1 : 1;
  const start = windowOpen ? device.report_window_start! : now.toISOString();
  await trx
    .updateTable('inventory_devices')
    .set({ report_window_start: start, report_window_count: count })
    .where('workspace_id', '=', device.workspace_id)
    .where('id', '=', device.id)
    .execute();
  if (count <= perMinute) return;
  const retryAfter = Math.max(1, Math.ceil((Date.parse(start) + 60_000 - now.getTime()) / 1000));
  throw Object.assign(
    new ApiError('too_many_requests', `more than ${perMinute} inventories of this host in a minute`),
    { retryAfter },
  );
}

/** The member a login names ("jane", "CORP\jane", "jane@example.com"), when exactly one matches. */
async function memberOfLogin(trx: Kysely<Tables>, workspaceId: string, login: string | null) {
  const name = login?.replace(/^.*\\/, '').trim().toLowerCase();
  if (!name) return undefined;
  const found = await trx
    .selectFrom('members')
    .select('user_id')
    .where('workspace_id', '=', workspaceId)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['user_email']), '=', name),
        eb(eb.fn('lower', ['user_email']), 'like', `${name.replace(/[\\%_]/g, '')}@%`),
      ]),
    )
    .limit(2)
    .execute();
  return found.length === 1 ? found[0]!.user_id : undefined;
}

async function recordComputer(
  trx: Kysely<Tables>,
  agent: AgentPrincipal,
  inventory: ComputerInventory,
  device: string,
  now: string,
) {
  const { report } = inventory;
  const ips = report.host.ipAddresses === undefined ? undefined : ipList(report.host.ipAddresses, 'ipAddresses');
  const assignedUserId =
    report.host.kind === 'workstation' ? await memberOfLogin(trx, agent.workspaceId, inventory.login) : undefined;
  return recordReportIn(trx, agent, report, { ips, now, device, assignedUserId });
}

/** Network equipment as a router: created the first time, then updated (audited only when a field changed). */
async function recordRouter(
  trx: Kysely<Tables>,
  registry: Registry,
  agent: AgentPrincipal,
  inventory: RouterInventory,
  hostId?: string,
) {
  const service = registry.serviceOf(routers);
  const existing = hostId
    ? await trx
        .selectFrom('routers')
        .select('id')
        .where('workspace_id', '=', agent.workspaceId)
        .where('id', '=', hostId)
        .executeTakeFirst()
    : undefined;
  const fields = Object.fromEntries(Object.entries(inventory.fields).filter(([, value]) => value !== null));
  if (existing) {
    await service.updateIn(trx, agent.workspaceId, existing.id, fields, agent.actor);
    return { id: existing.id, created: false };
  }
  const created = await service.createIn(trx, agent.workspaceId, fields, agent.actor);
  return { id: (created as { id: string }).id, created: true };
}

/**
 * Records one mapped inventory of `deviceId` for the agent, in one write transaction of its
 * workspace. Printers and phones are acknowledged and skipped.
 */
export async function recordInventory(
  database: Database,
  registry: Registry,
  agent: AgentPrincipal,
  deviceId: string,
  inventory: MappedInventory,
  perMinute: number,
): Promise<InventoryOutcome> {
  if (inventory.kind === 'skipped') return { outcome: 'skipped', kind: inventory.itemtype };
  if (!agent.fleet) {
    if (inventory.kind !== 'computer')
      throw new ApiError(
        'unprocessable_entity',
        'a one-host agent reports its own computer; enroll a fleet agent (--fleet) for network equipment',
      );
    return writeTransaction(database, agent.workspaceId, async (trx) => {
      const host = await recordComputer(trx, agent, inventory, '', nowIso());
      return { outcome: host.created ? 'created' : 'updated', kind: host.kind, id: host.id };
    });
  }
  const hardwareUuid = inventory.kind === 'computer' ? inventory.hardwareUuid : null;
  return writeTransaction(database, agent.workspaceId, async (trx) => {
    const now = new Date();
    const at = now.toISOString();
    const kind = inventory.kind === 'computer' ? inventory.report.host.kind : 'router';
    let device = await findDevice(trx, agent, deviceId, hardwareUuid, inventory.serialNumber);
    if (device) await countReport(trx, device, perMinute, now);
    const slot = device?.id ?? newId();
    let host: { id: string; created: boolean };
    if (inventory.kind === 'computer') host = await recordComputer(trx, agent, inventory, slot, at);
    else {
      host = await recordRouter(
        trx,
        registry,
        agent,
        inventory,
        device?.host_kind === 'router' ? device.host_id : undefined,
      );
      await trx
        .updateTable('agents')
        .set({ last_seen_at: at })
        .where('workspace_id', '=', agent.workspaceId)
        .where('id', '=', agent.agentId)
        .execute();
    }
    if (!device) {
      device = {
        workspace_id: agent.workspaceId,
        id: slot,
        agent_id: agent.agentId,
        device_id: deviceId,
        hardware_uuid: hardwareUuid,
        serial_number: inventory.serialNumber,
        host_kind: kind,
        host_id: host.id,
        first_seen_at: at,
        last_seen_at: at,
        report_window_start: at,
        report_window_count: 1,
      };
      await trx.insertInto('inventory_devices').values(device).execute();
    } else {
      await trx
        .updateTable('inventory_devices')
        .set({
          device_id: deviceId,
          hardware_uuid: hardwareUuid ?? device.hardware_uuid,
          serial_number: inventory.serialNumber ?? device.serial_number,
          host_kind: kind,
          host_id: host.id,
          last_seen_at: at,
        })
        .where('workspace_id', '=', agent.workspaceId)
        .where('id', '=', device.id)
        .execute();
    }
    return { outcome: host.created ? 'created' : 'updated', kind, id: host.id };
  });
}

/** The agent's hosts it reported through inventories (for the docs' counts and tests). */
export async function devicesOf(database: Database, workspaceId: string, agentId: string) {
  return database.db
    .selectFrom('inventory_devices')
    .select(['device_id', 'host_kind', 'host_id', sql<string>`last_seen_at`.as('last_seen_at')])
    .where('workspace_id', '=', workspaceId)
    .where('agent_id', '=', agentId)
    .orderBy('first_seen_at')
    .execute();
}
