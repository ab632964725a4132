import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import {
  customSearchFunctions,
  customSearchObjects,
  customSearchValue,
  presentColumns,
  searchRebuildStatements,
} from '../storage-sql.js';
import { STORAGE } from '../storage.js';
import { CUSTOM_FIELD_TABLES } from './0008-custom-fields.js';

/**
 * People take custom fields too (`custom_fields` on `people`, the `users` family of definitions).
 *
 * `q` finds the values of `searchable` custom fields (docs/custom-fields.md): each table that
 * takes fields gets `custom_search`, the text of its workspace's searchable fields in the row,
 * kept by a trigger from `custom_fields` (storage-sql.ts customSearchObjects) and searched as the
 * table's last searched column. The rows there get their text, then the text index is made again
 * over the columns with it.
 *
 * Every statement may run again (schema-baseline.test.ts runs the later migrations twice).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const present = await presentColumns(db);
  for (const statement of customSearchFunctions(dialect)) await sql.raw(statement).execute(db);
  for (const table of [...CUSTOM_FIELD_TABLES, 'people']) {
    const family = STORAGE[table]!.customFields!;
    if (!present.get(table)?.has('custom_fields'))
      await sql.raw(`ALTER TABLE ${table} ADD COLUMN custom_fields text NOT NULL DEFAULT '{}'`).execute(db);
    if (!present.get(table)?.has('custom_search'))
      await sql.raw(`ALTER TABLE ${table} ADD COLUMN custom_search text`).execute(db);
    const triggers = customSearchObjects(dialect, table, family);
    for (const { name } of triggers)
      await sql.raw(`DROP TRIGGER IF EXISTS ${name}${dialect === 'postgres' ? ` ON ${table}` : ''}`).execute(db);
    // Before the text index is made again, which then indexes each row once.
    await sql
      .raw(
        `UPDATE ${table} SET custom_search = ${customSearchValue(dialect, family, table)} WHERE custom_fields <> '{}'`,
      )
      .execute(db);
    for (const statement of searchRebuildStatements(dialect, table)) await sql.raw(statement).execute(db);
    for (const object of triggers) await sql.raw(object.sql).execute(db);
  }
}

/** The storage this migration brings the schema to (storageFingerprint()). */
export const storageFingerprint = '1c98d167840ed67f';
