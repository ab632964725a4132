/** The databases Estate runs on: SQLite (embedded, the default) and PostgreSQL (several instances on one database). */
export type Dialect = 'sqlite' | 'postgres';
