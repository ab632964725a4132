import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Bulk edits (features/bulk-edits): one row per edit of many items at once, naming the audit
 * events it wrote by their positions in the log (`events`: a JSON list of [from, to] ranges, each
 * bound a [timestamp, id] pair), so that an undo reads exactly those events back. `undone_by`: the
 * bulk edit that undid it; `complete`: 1 once its last items are written (only then is it undone).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [id, at] = dialect === 'postgres' ? [sql`uuid`, sql`timestamp with time zone`] : [sql`text`, sql`text`];
  await sql`CREATE TABLE bulk_edits (
    workspace_id ${id} NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    id ${id} NOT NULL,
    family text NOT NULL,
    actor_type text NOT NULL,
    actor_id text,
    actor_name text NOT NULL,
    created_at ${at} NOT NULL,
    items integer NOT NULL,
    events text NOT NULL,
    undoes ${id},
    undone_by ${id},
    complete integer NOT NULL DEFAULT 0,
    PRIMARY KEY (workspace_id, id)
  )`.execute(db);
  await sql`CREATE INDEX bulk_edits_created_idx ON bulk_edits (workspace_id, created_at, id)`.execute(db);
}
