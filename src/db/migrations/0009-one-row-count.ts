import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * One row-count mechanism: audit events are counted in `row_counts` (table_name 'audit_events') by
 * the triggers of migration 0006, like the inventory tables, and migration 0002's separate
 * `audit_event_counts` (its table, triggers and PostgreSQL functions) goes. The count is taken
 * afresh from the events, not copied from the old counter.
 *
 * The new triggers get 0006's names (`<table>_count_insert|delete`), which are the names 0002 gave
 * the audit counter's triggers: the old ones are dropped first. Nothing may insert an event between
 * the drop and the count, so the whole change is one transaction that keeps writers of
 * audit_events out: the migrator's own on PostgreSQL (with an explicit lock), one here on SQLite,
 * whose migrations the migrator does not run in a transaction.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    // Writers of audit_events wait until the migration commits; readers go on.
    await sql`LOCK TABLE audit_events IN SHARE ROW EXCLUSIVE MODE`.execute(db);
    await sql`DROP TRIGGER IF EXISTS audit_events_count_insert ON audit_events`.execute(db);
    await sql`DROP TRIGGER IF EXISTS audit_events_count_delete ON audit_events`.execute(db);
    await sql`DROP FUNCTION IF EXISTS audit_event_counts_add()`.execute(db);
    await sql`DROP FUNCTION IF EXISTS audit_event_counts_remove()`.execute(db);
    // row_counts_add / row_counts_remove (0006) name the row by TG_TABLE_NAME.
    await sql`CREATE TRIGGER audit_events_count_insert AFTER INSERT ON audit_events REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()`.execute(
      db,
    );
    await sql`CREATE TRIGGER audit_events_count_delete AFTER DELETE ON audit_events REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()`.execute(
      db,
    );
    await backfillAndDropOldCounter(db);
    return;
  }
  // A write transaction on SQLite's single writer: no other connection inserts meanwhile.
  await db.transaction().execute(async (trx) => {
    await sql`DROP TRIGGER IF EXISTS audit_events_count_insert`.execute(trx);
    await sql`DROP TRIGGER IF EXISTS audit_events_count_delete`.execute(trx);
    await sql`
      CREATE TRIGGER audit_events_count_insert AFTER INSERT ON audit_events BEGIN
        INSERT INTO row_counts (workspace_id, table_name, total) VALUES (NEW.workspace_id, 'audit_events', 1)
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = total + 1;
      END`.execute(trx);
    await sql`
      CREATE TRIGGER audit_events_count_delete AFTER DELETE ON audit_events BEGIN
        UPDATE row_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id AND table_name = 'audit_events';
      END`.execute(trx);
    await backfillAndDropOldCounter(trx);
  });
}

async function backfillAndDropOldCounter(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM row_counts WHERE table_name = 'audit_events'`.execute(db);
  await sql`
    INSERT INTO row_counts (workspace_id, table_name, total)
    SELECT workspace_id, 'audit_events', count(*) FROM audit_events GROUP BY workspace_id`.execute(db);
  await sql`DROP TABLE IF EXISTS audit_event_counts`.execute(db);
}
