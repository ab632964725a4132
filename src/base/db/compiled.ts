import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type { Tables } from './schema.js';

/**
 * A query on a hot path built and compiled once per dialect rather than on each request (issue
 * 36): `build` makes it with placeholder values, and each run sends the compiled text with the
 * values given, in the order the query takes its parameters. The text is kept by the Kysely
 * instance's adapter (one per dialect), so it serves every connection and transaction.
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
      texts.set(adapter, text);
    }
    return db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]));
  };
}
