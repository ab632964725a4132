import { createHash } from 'node:crypto';
import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type { Tables } from './schema.js';

/** The texts of compiled-once statements, by the name each is prepared under on PostgreSQL. */
const preparedNames = new Map<string, string>();

/**
 * The name PostgreSQL prepares a compiled-once statement under on each pooled connection (its plan
 * made once per connection, not on every run), or undefined for any other statement. Those take
 * only ids, limits and offsets, whose plans do not depend on the values (database.ts sends them).
 */
export const preparedNameOf = (text: string): string | undefined => preparedNames.get(text);

/** Marks a statement's text as one to prepare (preparedNameOf), and returns it. */
export function prepared(text: string): string {
  if (!preparedNames.has(text))
    preparedNames.set(text, `estate_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`);
  return text;
}

/**
 * A query on a hot path built and compiled once per dialect rather than on each request (issue
 * 36): `build` makes it with placeholder values, and each run sends the compiled text with the
 * values given, in the order the query takes its parameters. The text is kept by the Kysely
 * instance's adapter (one per dialect), so it serves every connection and transaction. On
 * PostgreSQL it is also a prepared statement of each connection (preparedNameOf).
 */
export function compiledOnce<Row>(build: (db: Kysely<Tables>) => Compilable<Row>) {
  const texts = new Map<unknown, string>();
  return (db: Kysely<Tables>, parameters: readonly unknown[]): Promise<QueryResult<Row>> => {
    const adapter = db.getExecutor().adapter.constructor;
    let text = texts.get(adapter);
    if (text === undefined) {
      const compiled = build(db).compile();
      if (compiled.parameters.length !== parameters.length)
        throw new Error(`a compiled query takes ${compiled.parameters.length} parameters, not ${parameters.length}`);
      text = compiled.sql;
      texts.set(adapter, prepared(text));
    }
    return db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]));
  };
}
