import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Data versions: each workspace's version, a random number replaced by every write
 * transaction of the workspace (db/write.ts) when it commits. Answers built from a workspace's
 * rows are kept in memory under the version they were read at (lists/response-cache.ts); a new
 * version, on any instance sharing the database, leaves them unread. No foreign key: a workspace
 * deleted by the transaction that moves its version must not fail it. Not carried by backups and
 * copies (ops/tables.ts): the next write makes the row again. Every statement may run again.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? 'uuid' : 'text';
  await sql
    .raw(`CREATE TABLE IF NOT EXISTS data_versions (workspace_id ${id} NOT NULL PRIMARY KEY, version bigint NOT NULL)`)
    .execute(db);
}
