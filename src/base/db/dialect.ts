import { PostgresAdapter } from 'kysely';

/** The databases Estate runs on: SQLite (embedded, the default) and PostgreSQL (several instances on one database). */
export type Dialect = 'sqlite' | 'postgres';

/** The dialect of a handle or transaction, for the few statements written per dialect inside generic writes. */
export function dialectOf(db: { getExecutor(): { adapter: object } }): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
