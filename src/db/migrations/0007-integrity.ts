import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { foldKey } from '../text-search.js';

/**
 * Constraints behind the rules the services check (issue 8), so that no write path can break
 * them, and a repair of what parallel writes could break before writes were serialised:
 * - tag names are unique per workspace by a case-folded key computed in JavaScript (one rule on
 *   both databases; lower() differs between them);
 * - an agent reports one host: at most one server and one workstation per agent;
 * - a host lists a piece of software once per (name, vendor) key;
 * - install counts are recounted from the discovered software they summarise.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('tags').addColumn('name_key', 'text').execute();
  const tags = await sql<{
    workspace_id: string;
    id: string;
    name: string;
  }>`SELECT workspace_id, id, name FROM tags ORDER BY created_at, id`.execute(db);
  const taken = new Set<string>();
  for (const tag of tags.rows) {
    let name = tag.name;
    // Names equal under the new folding (possible before on SQLite) get a suffix, never lost.
    for (let n = 2; taken.has(`${tag.workspace_id}\u0000${foldKey(name)}`); n += 1) name = `${tag.name} (${n})`;
    taken.add(`${tag.workspace_id}\u0000${foldKey(name)}`);
    await sql`UPDATE tags SET name = ${name}, name_key = ${foldKey(name)} WHERE workspace_id = ${tag.workspace_id} AND id = ${tag.id}`.execute(
      db,
    );
  }
  await sql`DROP INDEX tags_name_uq`.execute(db);
  await sql`CREATE UNIQUE INDEX tags_name_key_uq ON tags (workspace_id, name_key)`.execute(db);

  for (const table of ['servers', 'workstations']) {
    // Keep each agent's most recently reported host attached; older duplicates become manual.
    await sql`
      UPDATE ${sql.table(table)} SET agent_id = NULL, automatic = 0
      WHERE agent_id IS NOT NULL AND id <> (
        SELECT newest.id FROM ${sql.table(table)} newest
        WHERE newest.workspace_id = ${sql.table(table)}.workspace_id AND newest.agent_id = ${sql.table(table)}.agent_id
        ORDER BY newest.last_check_time DESC, newest.id DESC LIMIT 1)`.execute(db);
    await sql`DROP INDEX ${sql.raw(`${table}_agent_host_idx`)}`.execute(db);
    await sql`CREATE UNIQUE INDEX ${sql.raw(`${table}_agent_uq`)} ON ${sql.table(table)} (workspace_id, agent_id) WHERE agent_id IS NOT NULL`.execute(
      db,
    );
  }

  for (const column of ['server_id', 'workstation_id']) {
    await sql`
      DELETE FROM discovered_applications
      WHERE ${sql.ref(column)} IS NOT NULL AND id <> (
        SELECT first.id FROM discovered_applications first
        WHERE first.workspace_id = discovered_applications.workspace_id AND first.${sql.ref(column)} = discovered_applications.${sql.ref(column)}
          AND first.name_key = discovered_applications.name_key AND first.vendor_key = discovered_applications.vendor_key
        ORDER BY first.id LIMIT 1)`.execute(db);
    await sql`CREATE UNIQUE INDEX ${sql.raw(`discovered_applications_${column}_key_uq`)} ON discovered_applications (workspace_id, ${sql.ref(column)}, name_key, vendor_key) WHERE ${sql.ref(column)} IS NOT NULL`.execute(
      db,
    );
  }
  await sql`DELETE FROM software_installs`.execute(db);
  await sql`
    INSERT INTO software_installs (workspace_id, name_key, vendor_key, install_count)
    SELECT workspace_id, name_key, vendor_key, count(*) FROM discovered_applications WHERE missing_since IS NULL
    GROUP BY workspace_id, name_key, vendor_key`.execute(db);
  // SQLite cannot change a column's nullability; there the writers and the unique index keep it set.
  if (dialect === 'postgres') await sql`ALTER TABLE tags ALTER COLUMN name_key SET NOT NULL`.execute(db);
}
