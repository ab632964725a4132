/**
 * Rows without driver-built objects: both drivers return a statement's rows as arrays
 * (better-sqlite3's raw mode, pg's `rowMode: 'array'`), and a constructor generated once per
 * statement from its column names turns each array into an object literal. Every row of a
 * statement then shares one shape (V8's fast properties), and the driver's per-row, per-column
 * object building is skipped: half of a list's row reading time on SQLite (docs/decisions.md).
 */

/** One row object from the values of a row, in column order; `arity` is the columns' count. */
export type RowBuilder = ((values: unknown[]) => Record<string, unknown>) & { arity: number };

/**
 * The builder of a statement's rows. Keys keep the columns' first positions, and a name given to
 * two columns keeps the later value, as the drivers' own objects do. The names only ever come from
 * the statement's columns, and each is written as a JSON string (`__proto__` as a computed key, so
 * it stays an own property).
 */
export function rowBuilder(columns: readonly string[]): RowBuilder {
  const last = new Map<string, number>();
  for (const [index, column] of columns.entries()) last.set(column, index);
  const properties = [...last].map(([column, index]) => {
    const key = JSON.stringify(column);
    return `${column === '__proto__' ? `[${key}]` : key}: values[${index}]`;
  });
  const build = new Function('values', `return { ${properties.join(', ')} };`) as RowBuilder;
  build.arity = columns.length;
  return build;
}

/** Turns an array of row arrays into row objects in place (no second array). */
export function buildRows(rows: unknown[], build: RowBuilder): Record<string, unknown>[] {
  for (let index = 0; index < rows.length; index++) rows[index] = build(rows[index] as unknown[]);
  return rows as Record<string, unknown>[];
}

/**
 * Builders by statement text, bounded as the statement caches are. A builder whose arity no longer
 * matches the statement's (a migration changed what `SELECT *` reads) is made again.
 */
export class RowBuilders {
  readonly #builders = new Map<string, RowBuilder>();
  constructor(private readonly limit: number) {}

  of(sql: string, arity: number, columns: () => readonly string[]): RowBuilder {
    let builder = this.#builders.get(sql);
    if (builder?.arity !== arity) {
      if (this.#builders.size >= this.limit) this.#builders.clear();
      builder = rowBuilder(columns());
      this.#builders.set(sql, builder);
    }
    return builder;
  }
}
