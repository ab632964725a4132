import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Per-workspace count of audit events, kept by triggers so that every insert path (service
 * writes, bulk loads) keeps it exact. It answers the unfiltered `total` of GET /audit-log in
 * O(1); counting a million index entries on every page would take tens of milliseconds.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const uuid = dialect === 'postgres' ? 'uuid' : 'text';
  await db.schema
    .createTable('audit_event_counts')
    .addColumn('workspace_id', uuid, (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('total', 'bigint', (c) => c.notNull())
    .execute();

  if (dialect === 'postgres') {
    // Statement-level triggers with transition tables: one counter update per statement, not per
    // row (a per-row update of one counter row grows quadratically inside a bulk insert).
    await sql`
      CREATE FUNCTION audit_event_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO audit_event_counts (workspace_id, total)
        SELECT workspace_id, count(*) FROM inserted GROUP BY workspace_id
        ON CONFLICT (workspace_id) DO UPDATE SET total = audit_event_counts.total + excluded.total;
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE FUNCTION audit_event_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE audit_event_counts c SET total = c.total - d.removed
        FROM (SELECT workspace_id, count(*) AS removed FROM deleted GROUP BY workspace_id) d
        WHERE c.workspace_id = d.workspace_id;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER audit_events_count_insert AFTER INSERT ON audit_events REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION audit_event_counts_add()`.execute(
      db,
    );
    await sql`CREATE TRIGGER audit_events_count_delete AFTER DELETE ON audit_events REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION audit_event_counts_remove()`.execute(
      db,
    );
  } else {
    await sql`
      CREATE TRIGGER audit_events_count_insert AFTER INSERT ON audit_events BEGIN
        INSERT INTO audit_event_counts (workspace_id, total) VALUES (NEW.workspace_id, 1)
        ON CONFLICT (workspace_id) DO UPDATE SET total = total + 1;
      END`.execute(db);
    await sql`
      CREATE TRIGGER audit_events_count_delete AFTER DELETE ON audit_events BEGIN
        UPDATE audit_event_counts SET total = total - 1 WHERE workspace_id = OLD.workspace_id;
      END`.execute(db);
  }
  await sql`INSERT INTO audit_event_counts (workspace_id, total) SELECT workspace_id, count(*) FROM audit_events GROUP BY workspace_id`.execute(
    db,
  );
}
