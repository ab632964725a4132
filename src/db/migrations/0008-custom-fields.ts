import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** The tables of the families that take a team's own fields (custom-fields/fields.ts). */
export const CUSTOM_FIELD_TABLES = [
  'categories',
  'teams',
  'applications',
  'servers',
  'networks',
  'routers',
  'workstations',
  'data_objects',
  'contracts',
  'flows',
  'announcements',
] as const;

/**
 * A team's own fields (docs/custom-fields.md):
 *
 * - `field_definitions`: per workspace and family, the fields a team defined, with their type and
 *   rules; a name is unique per workspace and family.
 * - `<family table>.custom_fields`: each item's values, one JSON object keyed by field name ('{}'
 *   when none is set), so that a field is defined without changing any table.
 *
 * Every statement may run again (schema-baseline.test.ts runs the later migrations twice).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const [id, time] = dialect === 'postgres' ? ['uuid', 'timestamp with time zone'] : ['text', 'text'];
  await sql
    .raw(
      `CREATE TABLE IF NOT EXISTS field_definitions (
        workspace_id ${id} NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        id ${id} NOT NULL,
        family text NOT NULL,
        name text NOT NULL,
        label text NOT NULL,
        description text,
        type text NOT NULL,
        required integer NOT NULL DEFAULT 0,
        default_value text,
        choices text,
        minimum text,
        maximum text,
        pattern text,
        max_length integer,
        reference_family text,
        unique_values integer NOT NULL DEFAULT 0,
        group_name text,
        position integer NOT NULL DEFAULT 0,
        filterable integer NOT NULL DEFAULT 0,
        searchable integer NOT NULL DEFAULT 0,
        created_at ${time} NOT NULL,
        updated_at ${time} NOT NULL,
        PRIMARY KEY (workspace_id, id)
      )`,
    )
    .execute(db);
  await sql
    .raw(
      'CREATE UNIQUE INDEX IF NOT EXISTS field_definitions_name_uq ON field_definitions (workspace_id, family, name)',
    )
    .execute(db);
  const tables = await db.introspection.getTables();
  for (const table of CUSTOM_FIELD_TABLES) {
    const columns = tables.find((found) => found.name === table)?.columns.map((column) => column.name) ?? [];
    if (!columns.includes('custom_fields'))
      await sql.raw(`ALTER TABLE ${table} ADD COLUMN custom_fields text NOT NULL DEFAULT '{}'`).execute(db);
  }
}
