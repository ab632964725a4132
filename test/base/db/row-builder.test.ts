import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { rowBuilder } from '../../../src/base/db/row-builder.js';
import { describeEachDatabase, ONCE } from '../../support/harness.js';

it('a row builder keeps the first position and the last value of a repeated name, and __proto__ as a key', ONCE, () => {
  const build = rowBuilder(['id', 'name', 'id', '__proto__', 'with "quote"']);
  const row = build([1, 'a', 2, 'p', 'q']);
  assert.deepEqual(Object.keys(row), ['id', 'name', '__proto__', 'with "quote"']);
  assert.equal(row.id, 2);
  assert.equal(Object.getPrototypeOf(row), Object.prototype);
  assert.equal(Object.getOwnPropertyDescriptor(row, '__proto__')?.value, 'p');
  assert.equal(build.arity, 5);
});

describeEachDatabase('rows built from arrays', (h) => {
  it('rows read as the driver would build them: names, order, repeated names, types and nulls', async () => {
    const db = h.database.db;
    const { rows } = await sql<Record<string, unknown>>`SELECT 1 AS a, 'x' AS b, NULL AS c, 2 AS a`.execute(db);
    assert.deepEqual(rows, [{ a: 2, b: 'x', c: null }]);
    assert.deepEqual(Object.keys(rows[0]!), ['a', 'b', 'c']);
    const none = await sql`SELECT 1 AS a WHERE 1 = 0`.execute(db);
    assert.deepEqual(none.rows, []);
  });

  it('a statement read again after a column was added returns the new column', async () => {
    const db = h.database.db;
    const table = `rb_${Math.random().toString(36).slice(2, 8)}`;
    await sql.raw(`CREATE TABLE ${table} (id integer PRIMARY KEY, name text)`).execute(db);
    try {
      await sql.raw(`INSERT INTO ${table} (id, name) VALUES (1, 'one')`).execute(db);
      const read = () =>
        db
          .selectFrom(table as never)
          .selectAll()
          .execute();
      assert.deepEqual(await read(), [{ id: 1, name: 'one' }]);
      await sql.raw(`ALTER TABLE ${table} ADD COLUMN extra text`).execute(db);
      assert.deepEqual(await read(), [{ id: 1, name: 'one', extra: null }]);
      // Streamed rows (SQLite: exports stream; PostgreSQL reads them through COPY) are built the same way.
      if (h.dialect !== 'sqlite') return;
      const streamed: unknown[] = [];
      for await (const row of db
        .selectFrom(table as never)
        .selectAll()
        .stream())
        streamed.push(row);
      assert.deepEqual(streamed, [{ id: 1, name: 'one', extra: null }]);
    } finally {
      await sql.raw(`DROP TABLE ${table}`).execute(db);
    }
  });
});
