import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * GET /networks/{id}/hosts read every server of the workspace and parsed its JSON list of
 * addresses on the event loop (docs/notes/server-addresses.md). Each server's addresses are now
 * also kept as rows of `server_addresses`, each a key that sorts like the address
 * (db/address-keys.ts: '4' + 8 hex digits, '6' + 32), with an index on (workspace, address): the
 * servers of a network are a few range reads, its CIDR less the networks inside it.
 *
 * Triggers keep the rows whoever writes servers (the API, agent reports, the seed, a SQL shell):
 * an insert adds its server's keys, a change of `ip_addresses` replaces them, and a delete (of the
 * server or its workspace) takes them with it through the foreign key. The keys are made in the
 * database: on SQLite by estate_address_key(), a function of every Estate connection
 * (db/database.ts); on PostgreSQL by a function of the same name that accepts what node:net's
 * isIP accepts (the API's rule) and reads it with inet, the same 16 bytes ipaddr.js gives. A bulk
 * load (db/bulk.ts) replays the insert trigger once for all its rows. Existing servers are filled
 * here.
 */

/** node:net's isIP pattern (Node 20-24), for PostgreSQL's function to accept exactly what the API does. */
const V4_SEGMENT = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
const V4 = `(?:${V4_SEGMENT}\\.){3}${V4_SEGMENT}`;
const V6_SEGMENT = '(?:[0-9a-fA-F]{1,4})';
const V6 =
  '(?:' +
  `(?:${V6_SEGMENT}:){7}(?:${V6_SEGMENT}|:)|` +
  `(?:${V6_SEGMENT}:){6}(?:${V4}|:${V6_SEGMENT}|:)|` +
  `(?:${V6_SEGMENT}:){5}(?::${V4}|(?::${V6_SEGMENT}){1,2}|:)|` +
  `(?:${V6_SEGMENT}:){4}(?:(?::${V6_SEGMENT}){0,1}:${V4}|(?::${V6_SEGMENT}){1,3}|:)|` +
  `(?:${V6_SEGMENT}:){3}(?:(?::${V6_SEGMENT}){0,2}:${V4}|(?::${V6_SEGMENT}){1,4}|:)|` +
  `(?:${V6_SEGMENT}:){2}(?:(?::${V6_SEGMENT}){0,3}:${V4}|(?::${V6_SEGMENT}){1,5}|:)|` +
  `(?:${V6_SEGMENT}:){1}(?:(?::${V6_SEGMENT}){0,4}:${V4}|(?::${V6_SEGMENT}){1,6}|:)|` +
  `(?::(?:(?::${V6_SEGMENT}){0,5}:${V4}|(?::${V6_SEGMENT}){1,7}|:))` +
  ')';

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const uuid = dialect === 'postgres' ? 'uuid' : 'text';
  // Byte order, whatever the database's collation: the keys are compared as ranges.
  const key = dialect === 'postgres' ? sql`text COLLATE "C"` : sql`text`;
  await sql`CREATE TABLE server_addresses (
    workspace_id ${sql.raw(uuid)} NOT NULL,
    server_id ${sql.raw(uuid)} NOT NULL,
    address ${key} NOT NULL,
    CONSTRAINT server_addresses_pk PRIMARY KEY (workspace_id, server_id, address),
    CONSTRAINT server_addresses_server_fk FOREIGN KEY (workspace_id, server_id)
      REFERENCES servers (workspace_id, id) ON DELETE CASCADE
  )`.execute(db);

  if (dialect === 'postgres') {
    // The address keys of a row's stored list, one row each.
    const keysIn = (row: string) => sql.raw(`unnest(estate_address_keys(${row}.ip_addresses)) AS keys (address)`);
    // An instance still on the previous version could write a server between the backfill and the
    // triggers.
    await sql`LOCK TABLE servers IN SHARE MODE`.execute(db);
    await sql
      .raw(`
      CREATE FUNCTION estate_address_key(address text) RETURNS text
      LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
      DECLARE
        parsed inet;
        bytes bytea;
      BEGIN
        IF address ~ '^${V4}$' THEN
          parsed := address::inet;
        ELSIF address ~ '^::${V4}(?:%[0-9a-zA-Z.:-]{1,})?$' THEN
          -- ipaddr.js reads ::a.b.c.d (deprecated IPv4-compatible) as ::ffff:a.b.c.d.
          parsed := ('::ffff:' || substring(split_part(address, '%', 1) FROM 3))::inet;
        ELSIF address ~ '^${V6}(?:%[0-9a-zA-Z.:-]{1,})?$' THEN
          parsed := split_part(address, '%', 1)::inet;
        ELSE
          RETURN NULL;
        END IF;
        -- inet's binary form: family, bits, is_cidr, length, then the address's bytes.
        bytes := substring(inet_send(parsed) FROM 5);
        IF family(parsed) = 6 AND substring(bytes FROM 1 FOR 12) = '\\x00000000000000000000ffff'::bytea THEN
          RETURN '4' || encode(substring(bytes FROM 13), 'hex');
        END IF;
        RETURN family(parsed)::text || encode(bytes, 'hex');
      END $$`)
      .execute(db);
    // The keys of a stored list (a JSON array of strings; anything else has none, as addressesOf
    // reads it).
    await sql`
      CREATE FUNCTION estate_address_keys(addresses text) RETURNS text[]
      LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
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
      END $$`.execute(db);
    // Inserts per statement, from the statement's rows (a COPY of many servers is one call); a
    // bulk load that loads servers bare replays it (servers_address_insert, db/bulk.ts).
    await sql`
      CREATE FUNCTION servers_index_new_addresses() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO server_addresses (workspace_id, server_id, address)
          SELECT added.workspace_id, added.id, keys.address FROM added CROSS JOIN LATERAL ${keysIn('added')}
          ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER servers_address_insert AFTER INSERT ON servers REFERENCING NEW TABLE AS added
      FOR EACH STATEMENT EXECUTE FUNCTION servers_index_new_addresses()`.execute(db);
    // Changes per row: a trigger with a column list takes no transition table.
    await sql`
      CREATE FUNCTION servers_index_changed_addresses() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM server_addresses WHERE workspace_id = OLD.workspace_id AND server_id = OLD.id;
        INSERT INTO server_addresses (workspace_id, server_id, address)
          SELECT NEW.workspace_id, NEW.id, keys.address FROM ${keysIn('NEW')}
          ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER servers_address_update AFTER UPDATE OF ip_addresses ON servers FOR EACH ROW
      WHEN (OLD.ip_addresses IS DISTINCT FROM NEW.ip_addresses)
      EXECUTE FUNCTION servers_index_changed_addresses()`.execute(db);
    await sql`INSERT INTO server_addresses (workspace_id, server_id, address)
      SELECT servers.workspace_id, servers.id, keys.address FROM servers CROSS JOIN LATERAL ${keysIn('servers')}
      ORDER BY 1, 2, 3 ON CONFLICT DO NOTHING`.execute(db);
  } else {
    // The keys of a row's list: its string elements' (a list that is not a JSON array has none).
    const keysOf = (row: string) => {
      const list = sql.ref(`${row}.ip_addresses`);
      return sql`SELECT ${sql.ref(`${row}.workspace_id`)}, ${sql.ref(`${row}.id`)}, estate_address_key(element.value)
      FROM ${row === 'NEW' ? sql`` : sql`${sql.table(row)}, `}json_each(CASE WHEN json_valid(${list})
        AND json_type(${list}) = 'array' THEN ${list} ELSE '[]' END) AS element
      WHERE element.type = 'text' AND estate_address_key(element.value) IS NOT NULL`;
    };
    // AFTER INSERT named *_address_insert: a bulk load (db/bulk.ts) replays it for the whole load.
    await sql`CREATE TRIGGER servers_address_insert AFTER INSERT ON servers BEGIN
        INSERT OR IGNORE INTO server_addresses (workspace_id, server_id, address) ${keysOf('NEW')};
      END`.execute(db);
    await sql`CREATE TRIGGER servers_address_update AFTER UPDATE OF ip_addresses ON servers
      WHEN OLD.ip_addresses IS NOT NEW.ip_addresses BEGIN
        DELETE FROM server_addresses WHERE workspace_id = OLD.workspace_id AND server_id = OLD.id;
        INSERT OR IGNORE INTO server_addresses (workspace_id, server_id, address) ${keysOf('NEW')};
      END`.execute(db);
    await sql`INSERT OR IGNORE INTO server_addresses (workspace_id, server_id, address) ${keysOf('servers')}`.execute(
      db,
    );
  }
  // server_addresses_address_idx: the servers with an address in a range, of one workspace.
  await sql`CREATE INDEX server_addresses_address_idx ON server_addresses (workspace_id, address, server_id)`.execute(
    db,
  );
}
