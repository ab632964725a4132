import { sql, type Kysely } from 'kysely';
import { sqliteIpKey } from '../address-keys.js';
import type { Dialect } from '../database.js';

/** An IPv4 byte as node:net's isIP reads one (estate_address_key's first pattern, as bulk.ts writes it). */
const IPV4_BYTE = '(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
/** A JSON list of addresses whose first is a plain IPv4 address, and that address. */
const FIRST_IPV4 = String.raw`^\[\s*"${IPV4_BYTE}(\.${IPV4_BYTE}){3}"`;
const FIRST_ADDRESS = String.raw`^\[\s*"([0-9.]+)"`;

/** Columns of hosts the lists sort by from their headers, each with an index of its order. */
const SORTED: Record<'servers' | 'workstations', string[]> = {
  servers: ['os', 'manufacturer', 'model', 'serial_number', 'ip_key'],
  workstations: ['hostname', 'os', 'manufacturer', 'model', 'serial_number'],
};

/** The statements of SQLite's address triggers before this migration (baseline), each with `then` added. */
function addressTriggers(then: string): string[] {
  const keys = `INSERT OR IGNORE INTO server_addresses (workspace_id, server_id, address)
      SELECT NEW.workspace_id, NEW.id, estate_address_key(element.value)
      FROM json_each(CASE WHEN json_valid(NEW.ip_addresses)
        AND json_type(NEW.ip_addresses) = 'array' THEN NEW.ip_addresses ELSE '[]' END) AS element
      WHERE element.type = 'text' AND estate_address_key(element.value) IS NOT NULL;`;
  return [
    `CREATE TRIGGER servers_address_insert AFTER INSERT ON servers BEGIN
      ${keys}
      ${then}
    END`,
    `CREATE TRIGGER servers_address_update AFTER UPDATE OF ip_addresses ON servers
      WHEN OLD.ip_addresses IS NOT NEW.ip_addresses BEGIN
      DELETE FROM server_addresses WHERE workspace_id = OLD.workspace_id AND server_id = OLD.id;
      ${keys}
      ${then}
    END`,
  ];
}

/**
 * Sorts of hosts by operating system, manufacturer, model, serial number, host name (workstations)
 * and address (servers), each an index of (workspace_id, column, id), its NULLs first as the lists
 * order them. A server's address sort reads `ip_key`, its first address's key (db/address-keys.ts:
 * it sorts like the number, IPv4 before IPv6; none without an address): on PostgreSQL a generated
 * column, on SQLite a column the address triggers write (a generated one would call Estate's
 * function whenever the table is read, so that no other SQLite client could read it).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    // Any list the function reads (no key for a list that is no JSON array: no error either).
    await sql`CREATE FUNCTION estate_first_address_key(addresses text) RETURNS text
      LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
      BEGIN
        RETURN estate_address_key(addresses::jsonb ->> 0);
      EXCEPTION WHEN others THEN
        RETURN NULL;
      END $$`.execute(db);
    // A list that starts with a plain IPv4 address: its key made inline (as bulk.ts makes keys),
    // without the function's subtransaction for each row written.
    await sql`ALTER TABLE servers ADD COLUMN ip_key text GENERATED ALWAYS AS (
      CASE WHEN ip_addresses ~ ${sql.lit(FIRST_IPV4)}
        THEN '4' || encode(substring(inet_send(substring(ip_addresses FROM ${sql.lit(FIRST_ADDRESS)})::inet)
          FROM 5), 'hex')
        ELSE estate_first_address_key(ip_addresses) END) STORED`.execute(db);
  } else {
    await sql`ALTER TABLE servers ADD COLUMN ip_key text`.execute(db);
    await sql`UPDATE servers SET ip_key = ${sql.raw(sqliteIpKey('servers'))}`.execute(db);
    await sql`DROP TRIGGER servers_address_insert`.execute(db);
    await sql`DROP TRIGGER servers_address_update`.execute(db);
    const then = `UPDATE servers SET ip_key = ${sqliteIpKey('NEW')} WHERE rowid = NEW.rowid;`;
    for (const trigger of addressTriggers(then)) await sql.raw(trigger).execute(db);
  }
  const nulls = dialect === 'postgres' ? sql` NULLS FIRST` : sql``;
  for (const [table, columns] of Object.entries(SORTED))
    for (const column of columns)
      await sql`CREATE INDEX ${sql.id(`${table}_${column}_sort_idx`)} ON ${sql.table(table)}
        (workspace_id, ${sql.ref(column)}${nulls}, id)`.execute(db);
}
