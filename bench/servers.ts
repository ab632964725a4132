/**
 * The servers list: GET /public/v1/servers?limit=50 with its total on a seeded workspace, Estate
 * against a hand-written node:http server doing the same work with the driver alone, in paired rounds. The
 * same rounds load a bare hello and /public/v1/me without and with a key, for the cost of authentication.
 * Then Estate's list alone, sequentially, with filters, a search, a sort and the last page.
 */
import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { openDatabase, pgTimestampToIso } from '../src/db/database.js';
import {
  type Scenario,
  type Workspace,
  fmt,
  median,
  pairedLoad,
  seed,
  startApp,
  timed,
  withWorkspace,
} from './harness.js';

const PAGE = '/public/v1/servers?limit=50';
const TARGETS = { sqliteRatio: 2, postgresRatio: 1.5, p99Ms: 15, authMs: 0.2 };

const KEY_SQL = `SELECT api_keys.permissions, api_keys.expires_at, api_keys.revoked_at, workspaces.id AS workspace_id
  FROM api_keys LEFT JOIN workspaces ON workspaces.id = api_keys.workspace_id WHERE api_keys.key_hash = $1`;
const PAGE_SQL = 'SELECT * FROM servers WHERE workspace_id = $1 ORDER BY name, id LIMIT $2 OFFSET $3';
const COUNT_SQL = 'SELECT count(*) AS total FROM servers WHERE workspace_id = $1';

interface Queries {
  key(hash: string): Promise<any>;
  pageAndCount(workspaceId: string, limit: number, offset: number): Promise<[any[], number]>;
  close(): Promise<void>;
}

/** Estate's pragmas, statements prepared once. */
function sqliteQueries(file: string): Queries {
  const db = new SqliteDatabase(file);
  for (const pragma of ['journal_mode = WAL', 'foreign_keys = ON', 'busy_timeout = 5000', 'synchronous = NORMAL'])
    db.pragma(pragma);
  const [key, page, count] = [KEY_SQL, PAGE_SQL, COUNT_SQL].map((text) => db.prepare(text.replace(/\$\d/g, '?')));
  return {
    key: async (hash) => key!.get(hash),
    pageAndCount: async (id, limit, offset) => [page!.all(id, limit, offset), (count!.get(id) as any).total],
    close: async () => void db.close(),
  };
}

/** A pool of 10 as Estate's, with its timestamp parsing; page and count run concurrently as Estate's do. */
function postgresQueries(url: string): Queries {
  const types = {
    getTypeParser: (oid: number, format?: any) =>
      oid === 1184 ? pgTimestampToIso : oid === 20 ? Number : pg.types.getTypeParser(oid, format),
  };
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c TimeZone=UTC', types: types as any });
  pool.on('error', () => undefined);
  return {
    key: async (hash) => (await pool.query(KEY_SQL, [hash])).rows[0],
    pageAndCount: async (id, limit, offset) => {
      const [page, count] = await Promise.all([pool.query(PAGE_SQL, [id, limit, offset]), pool.query(COUNT_SQL, [id])]);
      return [page.rows, count.rows[0].total];
    },
    close: () => pool.end(),
  };
}

const toDto = (row: any) => ({
  id: row.id,
  name: row.name,
  hostname: row.hostname,
  ipAddresses: JSON.parse(row.ip_addresses),
  os: row.os,
  osVersion: row.os_version,
  manufacturer: row.manufacturer,
  model: row.model,
  serialNumber: row.serial_number,
  cpuCores: row.cpu_cores,
  memoryMb: row.memory_mb,
  storageGb: row.storage_gb,
  environment: row.environment,
  location: row.location,
  description: row.description,
  automatic: row.automatic === 1,
  agentId: row.agent_id,
  createdAt: row.created_at,
  lastCheckTime: row.last_check_time,
  lastReportAt: row.last_report_at,
});

function send(response: ServerResponse, status: number, body: string): void {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) };
  response.writeHead(status, headers).end(body);
}

/**
 * The baseline: GET /public/v1/servers with Estate's checks (bearer key by SHA-256, revoked, expired, deleted
 * workspace, scope), limit and offset clamped as Estate does, rows mapped to the API's shape; and GET /hello.
 */
async function startMinimal(queries: Queries): Promise<{ base: string; close(): Promise<void> }> {
  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname === '/hello') return send(response, 200, '{"hello":"world"}');
      if (url.pathname !== '/public/v1/servers') return send(response, 404, '{"code":"not_found"}');
      const secret = /^Bearer\s+(svc_\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const key = secret && (await queries.key(createHash('sha256').update(secret).digest('hex')));
      if (!key || key.revoked_at || (key.expires_at && Date.parse(key.expires_at) <= Date.now()))
        return send(response, 401, '{"code":"unauthorized"}');
      if (!key.workspace_id || !JSON.parse(key.permissions).includes('infrastructure:read'))
        return send(response, 403, '{"code":"forbidden"}');
      const limit = Math.min(200, Math.max(1, Number(url.searchParams.get('limit') ?? 50)));
      const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0));
      if (!Number.isInteger(limit) || !Number.isInteger(offset)) return send(response, 400, '{"code":"bad_request"}');
      const [rows, total] = await queries.pageAndCount(key.workspace_id, limit, offset);
      send(response, 200, JSON.stringify({ data: rows.map(toDto), pagination: { limit, offset, total } }));
    } catch (error) {
      console.error('minimal server:', error);
      send(response, 500, '{"code":"internal_error"}');
    }
  });
  server.keepAliveTimeout = 72_000; // Fastify's default
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await queries.close();
    },
  };
}

/** The first differing field of two answers, or undefined when they are the same. */
async function difference(workspace: Workspace, estate: string, minimal: string): Promise<string | undefined> {
  const get = async (url: string) => (await fetch(url, { headers: workspace.auth })).json() as Promise<any>;
  const [a, b] = await Promise.all([get(estate), get(minimal)]);
  if (isDeepStrictEqual(a, b)) return undefined;
  if (!isDeepStrictEqual(a.pagination, b.pagination))
    return `pagination ${JSON.stringify([a.pagination, b.pagination])}`;
  const [x, y] = [a.data?.[0] ?? {}, b.data?.[0] ?? {}];
  const field = [...new Set([...Object.keys(x), ...Object.keys(y)])].find((k) => !isDeepStrictEqual(x[k], y[k]));
  return `first item's ${field}: ${JSON.stringify(x[field!])} vs ${JSON.stringify(y[field!])}`;
}

export const scenario: Scenario = {
  title: 'Servers list: Estate against a hand-written node:http server',
  defaults: (quick) => ({
    size: quick ? 2000 : 10_000,
    seconds: quick ? 2 : 10,
    rounds: quick ? 1 : 3,
    iterations: quick ? 10 : 50,
  }),
  run: (bench) =>
    withWorkspace(bench, async (workspace) => {
      const { size, seconds, connections, rounds, iterations } = bench.settings;
      await seed(workspace, size);
      const { app, base } = await startApp(workspace.database);
      // The same service with METRICS_TOKEN set: what serving metrics costs (the target: under 5 %).
      const metered = await startApp(workspace.database, { metricsToken: 'bench' });
      // The same service computing every page (RESPONSE_CACHE_MB=0), on a handle of its own.
      const uncachedDatabase = openDatabase(workspace.url);
      const uncached = await startApp(uncachedDatabase, { responseCacheBytes: 0 });
      const minimal = await startMinimal(
        workspace.file ? sqliteQueries(workspace.file) : postgresQueries(workspace.url),
      );
      try {
        const notes: string[] = [];
        let failed = false;
        for (const offset of [0, size - 50]) {
          const path = `${PAGE}&offset=${offset}`;
          const differs = await difference(workspace, base + path, minimal.base + path);
          if (differs) {
            notes.push(`FAIL: Estate and the baseline answer ${path} differently (${differs})`);
            failed = true;
          }
        }
        const get = (url: string, connections: number, headers: Record<string, string> = workspace.auth) => ({
          kind: 'get' as const,
          url,
          headers,
          connections,
          seconds,
        });
        const ratioTarget = workspace.file ? TARGETS.sqliteRatio : TARGETS.postgresRatio;
        const verdict = (ok: boolean) => (ok ? 'ok' : '**miss**');
        const loads: (Awaited<ReturnType<typeof pairedLoad>>[number] & { connections: number })[] = [];
        // At 10 connections (the p99 targets) and at --connections (default 50).
        for (const count of [...new Set([10, connections])]) {
          console.log(`  paired load: ${rounds} round(s) × ${seconds} s, ${count} connections, autocannon`);
          const [hello, anonymous, me, estate, baseline, withMetrics, computed] = await pairedLoad(
            [
              { name: 'node:http hello', request: get(`${minimal.base}/hello`, count, {}) },
              { name: '/me without a key (401)', request: get(`${base}/public/v1/me`, count, {}) },
              { name: '/me with a key', request: get(`${base}/public/v1/me`, count) },
              { name: `Estate ${PAGE}`, request: get(base + PAGE, count) },
              { name: `baseline ${PAGE}`, request: get(minimal.base + PAGE, count) },
              { name: 'Estate with metrics', request: get(metered.base + PAGE, count) },
              { name: 'Estate, cache off', request: get(uncached.base + PAGE, count) },
            ],
            rounds,
            workspace.url,
          );
          loads.push(
            ...[hello!, anonymous!, me!, estate!, baseline!, withMetrics!, computed!].map((load) => ({
              ...load,
              connections: count,
            })),
          );
          const ratioOf = (load: typeof estate) =>
            median(load!.runs.map((run, i) => run.reqPerSec / baseline!.runs[i]!.reqPerSec));
          const ratio = ratioOf(estate);
          const authMs = 1000 / me!.reqPerSec - 1000 / anonymous!.reqPerSec;
          const metricsCost = 1 - median(withMetrics!.runs.map((run, i) => run.reqPerSec / estate!.runs[i]!.reqPerSec));
          notes.push(
            `${count} connections: Estate / baseline req/s ${fmt(ratio, 2)} (target ≥ ${ratioTarget}) ` +
              `${verdict(ratio >= ratioTarget)}; with the cache off ${fmt(ratioOf(computed), 2)}`,
            `${count} connections: authentication ${fmt(authMs, 3)} ms/req (target < ${TARGETS.authMs}) ` +
              `${verdict(authMs < TARGETS.authMs)}; metrics served: ${fmt(metricsCost * 100)} % fewer req/s`,
          );
          if (count === 10)
            notes.push(
              `10 connections: p99 list ${estate!.p99} ms, /me ${me!.p99} ms (target < ${TARGETS.p99Ms}) ` +
                `${verdict(Math.max(estate!.p99, me!.p99) < TARGETS.p99Ms)}`,
            );
        }
        const unexpected = loads
          .filter((load) => load.name !== '/me without a key (401)')
          .reduce((sum, load) => sum + load.non2xx, 0);
        if (unexpected > 0) {
          notes.push(`FAIL: ${unexpected} non-2xx answers or errors under load`);
          failed = true;
        }

        // Sequentially, each page computed (the service keeping no pages): the queries' own time.
        console.log(`  sequential: Estate's list through app.inject, cache off, ${iterations} iterations`);
        const inject = async (url: string) => {
          const response = await uncached.app.inject({ url, headers: workspace.auth });
          if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
          return response.json() as any;
        };
        const first = await inject(`${PAGE}&offset=0`);
        const tag = (await inject('/public/v1/tags?limit=1')).data[0]?.id;
        const cases: [string, string][] = [
          ['offset 0', ''],
          ['last page', `&offset=${size - 50}`],
          ['q=<a name>', `&q=${encodeURIComponent(first.data[17]?.name ?? 'srv')}`],
          ['environment=staging', '&environment=staging'],
          ['environment=production&sort=-lastCheckTime', '&environment=production&sort=-lastCheckTime'],
          ['tagId=<a tag>', `&tagId=${tag}`],
        ];
        const sequential: string[][] = [];
        for (const [label, query] of cases) {
          const { p50, p99, last } = await timed(() => inject(PAGE + query), 5, iterations);
          sequential.push([label, fmt(p50, 2), fmt(p99, 2), String(last.pagination?.total)]);
          console.log(`    ${sequential.at(-1)!.join('  ')}`);
        }
        return {
          failed,
          notes,
          details: { loads },
          tables: [
            {
              title: `Load: ${size.toLocaleString('en')} servers, medians of ${rounds} round(s) of ${seconds} s`,
              columns: ['connections', 'target', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req'],
              rows: loads.map((load) => [
                String(load.connections),
                load.name,
                fmt(load.reqPerSec, 0),
                String(load.p50),
                String(load.p99),
                fmt(load.cpuMsPerRequest, 3),
              ]),
            },
            {
              title: `Estate alone, sequential, every page computed (p50 / p99 of ${iterations})`,
              columns: ['request', 'p50 ms', 'p99 ms', 'total'],
              rows: sequential,
            },
          ],
        };
      } finally {
        await minimal.close();
        await app.close();
        await metered.app.close();
        await uncached.app.close();
        await uncachedDatabase.close();
      }
    }),
};
