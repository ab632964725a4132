import type { Kysely, Transaction } from 'kysely';
import type { Tables } from './schema.js';

/**
 * The one untyped adapter of the service. Generic code (the family CRUD, links, row counts) names
 * its table at run time, which Kysely's types cannot follow; it queries through this view, in
 * which every table has string-named columns of unknown type, and each family's definition gives
 * its rows their precise type back (`Selectable<Tables[T]>`). Everything else queries `Tables`.
 */
export type DynamicTables = Record<string, Record<string, unknown>>;

export function dynamic(db: Kysely<Tables> | Transaction<Tables>): Kysely<DynamicTables> {
  return db as unknown as Kysely<DynamicTables>;
}
