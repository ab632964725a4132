import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 14: discovered applications sorted by `installCount` sorted every row of the workspace by
 * a count joined from software_installs (1M servers, 92,620 rows: 46 ms a page). The sort now
 * orders products by (count, name key, vendor key) and each product's rows by id, which an index
 * walk serves: the running totals in count order, then each product's rows from
 * (workspace, name key, vendor key, id), which replaces the index without the id.
 *
 * Both planners walk the totals first only through an inner join, so every discovered row's
 * (name, vendor) gets a total: 0 where none was kept (the seed wrote none for software missing
 * from the start; the agent report path always counted its rows), and a trigger gives the
 * product of every discovered row inserted from now on a total if it has none. (`WHERE true`: SQLite's parser
 * reads ON CONFLICT after a bare FROM as a join's.)
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // The database keeps the rule for every writer (a future import, an older binary): a discovered
  // row's product gets a total of 0 if it has none, in the inserting transaction.
  if (dialect === 'postgres') {
    await sql`
      CREATE FUNCTION software_installs_ensure() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO software_installs (workspace_id, name_key, vendor_key, install_count)
        SELECT DISTINCT workspace_id, name_key, vendor_key, 0 FROM inserted ORDER BY 1, 2, 3
        ON CONFLICT (workspace_id, name_key, vendor_key) DO NOTHING;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER discovered_applications_total_insert AFTER INSERT ON discovered_applications
      REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION software_installs_ensure()`.execute(db);
  } else {
    await sql`CREATE TRIGGER discovered_applications_total_insert AFTER INSERT ON discovered_applications BEGIN
      INSERT INTO software_installs (workspace_id, name_key, vendor_key, install_count) VALUES (new.workspace_id, new.name_key, new.vendor_key, 0)
      ON CONFLICT (workspace_id, name_key, vendor_key) DO NOTHING; END`.execute(db);
  }
  await sql`INSERT INTO software_installs (workspace_id, name_key, vendor_key, install_count)
    SELECT DISTINCT workspace_id, name_key, vendor_key, 0 FROM discovered_applications WHERE true
    ON CONFLICT (workspace_id, name_key, vendor_key) DO NOTHING`.execute(db);
  // Unique (it holds the key): SQLite then knows each total is one product, so the product's rows
  // continue the order from its index; without it, it sorted each product's rows by id.
  await db.schema
    .createIndex('software_installs_count_idx')
    .unique()
    .on('software_installs')
    .columns(['workspace_id', 'install_count', 'name_key', 'vendor_key'])
    .execute();
  await db.schema
    .createIndex('discovered_applications_product_idx')
    .on('discovered_applications')
    .columns(['workspace_id', 'name_key', 'vendor_key', 'id'])
    .execute();
  await db.schema.dropIndex('discovered_applications_key_idx').execute();
}
