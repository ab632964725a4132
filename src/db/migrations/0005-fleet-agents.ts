import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Fleet agents (docs/agents.md, "Inventory agents"): one token reporting many hosts through
 * POST /inventory, each host known by its inventory's device id.
 *
 * - `agents.fleet`: 1 for a fleet agent, 0 for the one-host agents of before.
 * - `inventory_devices`: the hosts a fleet agent reports, by device id, with the hardware UUID and
 *   serial number that find a host again when its device id changes (a reinstall); the host made
 *   for it (a server, workstation or router); and the per-host report window.
 * - `servers.agent_device` / `workstations.agent_device`: the device row of a fleet agent's host,
 *   '' for a one-host agent's. The one-host rule (an agent has one automatic host) becomes one host
 *   per agent and device.
 *
 * Every statement may run again (a database recorded with a pre-squash chain runs the later
 * migrations once more: schema-baseline.test.ts).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [id, time] = dialect === 'postgres' ? ['uuid', 'timestamp with time zone'] : ['text', 'text'];
  const columnsOf = async (table: string) =>
    new Set(
      (await db.introspection.getTables()).find((found) => found.name === table)?.columns.map((column) => column.name),
    );
  if (!(await columnsOf('agents')).has('fleet'))
    await sql.raw('ALTER TABLE agents ADD COLUMN fleet integer NOT NULL DEFAULT 0').execute(db);
  for (const table of ['servers', 'workstations']) {
    if (!(await columnsOf(table)).has('agent_device'))
      await sql.raw(`ALTER TABLE ${table} ADD COLUMN agent_device text NOT NULL DEFAULT ''`).execute(db);
    await sql.raw(`DROP INDEX IF EXISTS ${table}_agent_uq`).execute(db);
    await sql
      .raw(
        `CREATE UNIQUE INDEX IF NOT EXISTS ${table}_agent_device_uq ` +
          `ON ${table} (workspace_id, agent_id, agent_device) WHERE agent_id IS NOT NULL`,
      )
      .execute(db);
  }
  const index = (kind: string, name: string, columns: string) =>
    sql.raw(`CREATE ${kind} IF NOT EXISTS ${name} ON inventory_devices (${columns})`).execute(db);
  await sql
    .raw(
      `CREATE TABLE IF NOT EXISTS inventory_devices (
        workspace_id ${id} NOT NULL,
        id ${id} NOT NULL,
        agent_id ${id} NOT NULL,
        device_id text NOT NULL,
        hardware_uuid text,
        serial_number text,
        host_kind text NOT NULL,
        host_id ${id} NOT NULL,
        first_seen_at ${time} NOT NULL,
        last_seen_at ${time} NOT NULL,
        report_window_start ${time},
        report_window_count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (workspace_id, id),
        FOREIGN KEY (workspace_id, agent_id) REFERENCES agents (workspace_id, id) ON DELETE CASCADE
      )`,
    )
    .execute(db);
  await index('UNIQUE INDEX', 'inventory_devices_device_uq', 'workspace_id, agent_id, device_id');
  await index('INDEX', 'inventory_devices_uuid_idx', 'workspace_id, agent_id, hardware_uuid');
  await index('INDEX', 'inventory_devices_serial_idx', 'workspace_id, agent_id, serial_number');
  await index('INDEX', 'inventory_devices_host_idx', 'workspace_id, host_id');
}
