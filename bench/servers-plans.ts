/**
 * Query breakdown for bench/servers.ts: runs Estate's own list service (the servers family's
 * service) on a separate Kysely instance whose log hook captures the exact SQL and
 * parameters of the page and count queries; then times each query alone and records its plan
 * (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN (ANALYZE, BUFFERS)).
 */
import { performance } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { type Database, type Dialect, registerFunctions } from '../src/db/database.js';
import type { Tables } from '../src/db/schema.js';
import { servers } from '../src/infrastructure/servers.module.js';
import { serviceOf } from '../src/families.js';

export interface CapturedQuery {
  sql: string;
  parameters: unknown[];
  /** Median of timed runs of the query alone, ms. */
  p50: number;
  plan: string[];
}

export interface QueryBreakdown {
  page: CapturedQuery;
  count: CapturedQuery;
}

export interface Explainer {
  breakdown(workspaceId: string, query: Record<string, unknown>): Promise<QueryBreakdown>;
  close(): Promise<void>;
}

const ITERATIONS = 15;
const WARMUPS = 2;

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1]!;
}

export function createExplainer(dialect: Dialect, url: string, sqliteFile?: string): Explainer {
  const captured: { sql: string; parameters: unknown[] }[] = [];
  const log = (event: LogEvent) => {
    if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: [...event.query.parameters] });
  };
  const service = serviceOf(servers);

  let sqlite: SqliteDatabase.Database | undefined;
  let pool: pg.Pool | undefined;
  let db: Kysely<Tables>;
  if (dialect === 'sqlite') {
    sqlite = new SqliteDatabase(sqliteFile!, { readonly: true });
    registerFunctions(sqlite);
    db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }), log });
  } else {
    pool = new pg.Pool({ connectionString: url, max: 2, options: '-c TimeZone=UTC' });
    db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), log });
  }
  const database: Database = { db, reader: db, dialect, close: () => db.destroy() };

  async function measure(sql: string, parameters: unknown[]): Promise<CapturedQuery> {
    const times: number[] = [];
    let plan: string[];
    /** Fewer runs for a query slower than 0.5 s (a 10 s budget, at least 3 runs). */
    const runs = (firstMs: number) =>
      firstMs > 500 ? Math.max(3, Math.min(ITERATIONS, Math.floor(10_000 / firstMs))) : ITERATIONS;
    if (sqlite) {
      const statement = sqlite.prepare(sql);
      let n = WARMUPS + ITERATIONS;
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        statement.all(...parameters);
        const ms = performance.now() - t0;
        if (i === 0) n = WARMUPS + runs(ms);
        if (i >= WARMUPS) times.push(ms);
      }
      const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters) as {
        id: number;
        parent: number;
        detail: string;
      }[];
      const depth = new Map<number, number>([[0, 0]]);
      plan = rows.map((row) => {
        const d = (depth.get(row.parent) ?? 0) + 1;
        depth.set(row.id, d);
        return `${'  '.repeat(d - 1)}${row.detail}`;
      });
    } else {
      const client = await pool!.connect();
      try {
        let n = WARMUPS + ITERATIONS;
        for (let i = 0; i < n; i++) {
          const t0 = performance.now();
          await client.query(sql, parameters);
          const ms = performance.now() - t0;
          if (i === 0) n = WARMUPS + runs(ms);
          if (i >= WARMUPS) times.push(ms);
        }
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, parameters);
        plan = rows.map((row) => row['QUERY PLAN']);
      } finally {
        client.release();
      }
    }
    return { sql, parameters, p50: median(times), plan };
  }

  return {
    async breakdown(workspaceId, query) {
      captured.length = 0;
      await service.list(database, workspaceId, query);
      // The total is either a count(*) (filtered lists) or a read of the trigger-kept row_counts.
      const count = captured.find((q) => /count\(\*\)|"row_counts"/i.test(q.sql));
      const page = captured.find((q) => q !== count);
      if (!page || !count) throw new Error(`expected a page and a count query, captured ${captured.length}`);
      return { page: await measure(page.sql, page.parameters), count: await measure(count.sql, count.parameters) };
    },
    close: () => db.destroy(),
  };
}
