import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 14: `/servers?tagId=` and `/servers?applicationId=` in name order grew with the estate.
 * No index held both the link and the server's name, so a page either listed every link of the
 * tag and walked the servers by name against them (SQLite, 1M servers: 15,000 links, 7.9 ms) or
 * walked the servers by name and looked each one up in the links (PostgreSQL: 3,000 servers for
 * 50 tagged ones, 13 ms).
 *
 * Each of these link rows now keeps a copy of its server's name (`server_name`), and an index
 * orders the links of a tag or an application by it: a page reads its 50 links in order, then
 * their 50 servers. Triggers keep the copy in every writing transaction, whoever writes: a new
 * link takes the name from its server, a rename is copied to every link of the server. On
 * PostgreSQL the insert reads the server's row `FOR SHARE`, so a rename committing meanwhile
 * waits for the link and then copies to it too (as migration 0026 does for memberships).
 *
 * The index replaces server_tags' (workspace, tag, server) of migration 0019, whose lookups it
 * serves as well. application_servers keeps its key (workspace, application, server).
 */
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

export const LINK_NAME_COPIES: Record<string, NameCopy> = {
  server_tags: { key: 'server_id', from: 'servers', source: 'name', copy: 'server_name', by: 'tag_id' },
  application_servers: { key: 'server_id', from: 'servers', source: 'name', copy: 'server_name', by: 'application_id' },
};

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // PostgreSQL: an instance still running the previous version could rename a server between the
  // backfill and the rename trigger; servers take no writes until the migration commits.
  if (dialect === 'postgres') await sql`LOCK TABLE servers IN SHARE MODE`.execute(db);
  await sql`DROP INDEX server_tags_tag_id_server_id_idx`.execute(db);
  for (const [table, { key, from, source, copy }] of Object.entries(LINK_NAME_COPIES)) {
    // SQLite adds a NOT NULL column only with a default; the triggers below replace it at once.
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN ${sql.ref(copy)} text NOT NULL DEFAULT ''`.execute(db);
    // A link to a missing server (written with foreign keys off) keeps '', as the triggers do.
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref(copy)} = coalesce((SELECT ${sql.ref(source)} FROM ${sql.table(from)} copied
      WHERE copied.workspace_id = ${sql.ref(`${table}.workspace_id`)} AND copied.id = ${sql.ref(`${table}.${key}`)}), '')`.execute(
      db,
    );
    const found = sql`FROM ${sql.table(from)} WHERE workspace_id = NEW.workspace_id AND id = NEW.${sql.ref(key)}`;
    if (dialect === 'postgres') {
      // No default: a link written without its copy would be refused. A missing server leaves ''
      // for the foreign key to refuse, as it did before. A link given another server, or a copy
      // written directly, takes the copy again.
      await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(copy)} DROP DEFAULT`.execute(db);
      await sql`
        CREATE FUNCTION ${sql.raw(`${table}_copy_name`)}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          SELECT ${sql.ref(source)} INTO NEW.${sql.ref(copy)} ${found} FOR SHARE;
          NEW.${sql.ref(copy)} := coalesce(NEW.${sql.ref(copy)}, '');
          RETURN NEW;
        END $$`.execute(db);
      await sql`CREATE TRIGGER ${sql.raw(`${table}_name_copy`)} BEFORE INSERT OR UPDATE OF ${sql.ref(key)}, ${sql.ref(copy)} ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION ${sql.raw(`${table}_copy_name`)}()`.execute(
        db,
      );
    } else {
      // AFTER INSERT named *_copy_insert: a bulk load (db/bulk.ts) replays it for the whole load.
      // Each writes only a copy that differs, so a right copy costs no second write and the
      // update trigger ends at once when it meets its own write (even with recursive_triggers on).
      const name = sql`coalesce((SELECT ${sql.ref(source)} ${found}), '')`;
      const recopy = sql`WHEN NEW.${sql.ref(copy)} IS NOT ${name} BEGIN UPDATE ${sql.table(table)} SET ${sql.ref(copy)} = ${name} WHERE rowid = NEW.rowid; END`;
      await sql`CREATE TRIGGER ${sql.raw(`${table}_copy_insert`)} AFTER INSERT ON ${sql.table(table)} ${recopy}`.execute(
        db,
      );
      // A link given another server, or a copy written directly, takes the copy again.
      await sql`CREATE TRIGGER ${sql.raw(`${table}_copy_update`)} AFTER UPDATE OF ${sql.ref(key)}, ${sql.ref(copy)} ON ${sql.table(table)} ${recopy}`.execute(
        db,
      );
    }
  }
  if (dialect === 'postgres') {
    await sql`
      CREATE FUNCTION servers_copy_name_to_links() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE server_tags SET server_name = NEW.name WHERE workspace_id = NEW.workspace_id AND server_id = NEW.id;
        UPDATE application_servers SET server_name = NEW.name WHERE workspace_id = NEW.workspace_id AND server_id = NEW.id;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER servers_name_copy AFTER UPDATE OF name ON servers FOR EACH ROW
      WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION servers_copy_name_to_links()`.execute(db);
  } else {
    await sql`CREATE TRIGGER servers_name_copy AFTER UPDATE OF name ON servers WHEN OLD.name IS NOT NEW.name BEGIN
        UPDATE server_tags SET server_name = NEW.name WHERE workspace_id = NEW.workspace_id AND server_id = NEW.id;
        UPDATE application_servers SET server_name = NEW.name WHERE workspace_id = NEW.workspace_id AND server_id = NEW.id;
      END`.execute(db);
  }
  // server_tags_tag_order_idx, application_servers_application_order_idx: the links of one tag or
  // application in their servers' name order.
  for (const [table, { copy, by, key }] of Object.entries(LINK_NAME_COPIES)) {
    await sql`CREATE INDEX ${sql.id(`${table}_${by.replace(/_id$/, '')}_order_idx`)} ON ${sql.table(table)} (workspace_id, ${sql.ref(by)}, ${sql.ref(copy)}, ${sql.ref(key)})`.execute(
      db,
    );
  }
}
