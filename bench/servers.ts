// GET /public/v1/servers?limit=50, Estate against a hand-written node:http server doing the same work, in paired
// load rounds; then Estate's list alone, sequentially. `npm run bench -- servers [--db sqlite,postgres]`.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { openDatabase, pgTimestampToIso } from '../src/base/db/database.js';
import { type Scenario, type TargetResult, type Workspace, fmt, inWorkspace, inject, median } from './harness.js';
import { pairedLoad, seed, startApp, thousands, timed, verdict } from './harness.js';

const PAGE = '/public/v1/servers?limit=50';
const TARGETS = { sqliteRatio: 2, postgresRatio: 1.5, p99Ms: 15, authMs: 0.2 };
const QUICK = { size: 2000, seconds: 2, rounds: 1, iterations: 10 };
const LOAD = ['connections', 'target', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req'];
const SEQUENTIAL = ['request', 'p50 ms', 'p99 ms', 'total'];
const KEY_SQL = `SELECT api_keys.permissions, api_keys.expires_at, api_keys.revoked_at, workspaces.id AS workspace_id
  FROM api_keys LEFT JOIN workspaces ON workspaces.id = api_keys.workspace_id WHERE api_keys.key_hash = $1`;
const PAGE_SQL = 'SELECT * FROM servers WHERE workspace_id = $1 ORDER BY name, id LIMIT $2 OFFSET $3';
const COUNT_SQL = 'SELECT count(*) AS total FROM servers WHERE workspace_id = $1';
const WRITE_SQL = 'UPDATE servers SET description = $1, last_check_time = $2 WHERE workspace_id = $3 AND id = $4';
type Key = { permissions: string } & Record<'expires_at' | 'revoked_at' | 'workspace_id', string | null>;
type Row = Record<string, unknown>;
type Queries = ReturnType<typeof sqliteQueries>;
/** Estate's pragmas, statements prepared once. */
function sqliteQueries(file: string) {
  const db = new SqliteDatabase(file);
  for (const pragma of ['journal_mode = WAL', 'foreign_keys = ON', 'busy_timeout = 5000', 'synchronous = NORMAL'])
    db.pragma(pragma);
  const [key, page, count, write] = [KEY_SQL, PAGE_SQL, COUNT_SQL, WRITE_SQL].map((text) =>
    db.prepare(text.replace(/\$\d/g, '?')),
  );
  const total = (id: string) => (count!.get(id) as { total: number }).total;
  const rows = (id: string, limit: number, offset: number) => page!.all(id, limit, offset) as Row[];
  return {
    key: async (hash: string) => key!.get(hash) as Key | undefined,
    page: async (id: string, limit: number, offset: number) => [rows(id, limit, offset), total(id)] as const,
    write: async (values: string[]) => write!.run(...values).changes,
    close: async () => void db.close(),
  };
}

/** A pool of 10 as Estate's, with its timestamp parsing; page and count run concurrently as Estate's do. */
function postgresQueries(url: string): Queries {
  const parse = (oid: number, format?: string) =>
    oid === 1184 ? pgTimestampToIso : oid === 20 ? Number : pg.types.getTypeParser(oid, format as 'text');
  const types = { getTypeParser: parse } as pg.CustomTypesConfig;
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c TimeZone=UTC', types });
  pool.on('error', () => undefined);
  return {
    key: async (hash) => (await pool.query<Key>(KEY_SQL, [hash])).rows[0],
    page: async (id, limit, offset) => {
      const rows = pool.query<Row>(PAGE_SQL, [id, limit, offset]);
      const [page, count] = await Promise.all([rows, pool.query<{ total: number }>(COUNT_SQL, [id])]);
      return [page.rows, count.rows[0]!.total] as const;
    },
    write: async (values) => (await pool.query(WRITE_SQL, values)).rowCount ?? 0,
    close: async () => void (await pool.end()),
  };
}

// biome-ignore format: the API's fields in Estate's order, a few to a line
const toDto = (row: Row) => ({
  id: row.id, name: row.name, hostname: row.hostname, ipAddresses: JSON.parse(row.ip_addresses as string),
  os: row.os, osVersion: row.os_version, manufacturer: row.manufacturer, model: row.model,
  serialNumber: row.serial_number, cpuCores: row.cpu_cores, memoryMb: row.memory_mb, storageGb: row.storage_gb,
  environment: row.environment, location: row.location, description: row.description,
  automatic: row.automatic === 1, agentId: row.agent_id, createdAt: row.created_at,
  lastCheckTime: row.last_check_time, lastReportAt: row.last_report_at,
  customFields: JSON.parse(String(row.custom_fields)),
});

function send(response: ServerResponse, status: number, body: string): void {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) };
  response.writeHead(status, headers).end(body);
}

/** The body of a request, as text (at most 64 kB). */
async function bodyText(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) {
    text += chunk;
    if (text.length > 65_536) throw new Error('body too large');
  }
  return text;
}

// The baseline: GET /public/v1/servers with Estate's checks (bearer key by SHA-256, revoked, expired, deleted
// workspace, scope), limit and offset clamped as Estate does, rows mapped to the API's shape; PATCH
// /public/v1/servers/{id} of a description (the row alone: no audit event, no version); and GET /hello.
export async function startMinimal(workspace: Workspace): Promise<string> {
  const file = workspace.url.startsWith('sqlite:') && workspace.url.slice('sqlite:'.length);
  const queries = file ? sqliteQueries(file) : postgresQueries(workspace.url);
  const server = createServer(async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname === '/hello') return send(response, 200, '{"hello":"world"}');
      const one = /^\/public\/v1\/servers\/([0-9a-f-]{36})$/.exec(url.pathname)?.[1];
      const writing = request.method === 'PATCH' && one !== undefined;
      if (url.pathname !== '/public/v1/servers' && !writing) return send(response, 404, '{"code":"not_found"}');
      const secret = /^Bearer\s+(svc_\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const key = secret && (await queries.key(createHash('sha256').update(secret).digest('hex')));
      if (!key || key.revoked_at || (key.expires_at && Date.parse(key.expires_at) <= Date.now()))
        return send(response, 401, '{"code":"unauthorized"}');
      const scope = writing ? 'infrastructure:edit' : 'infrastructure:read';
      if (!key.workspace_id || !JSON.parse(key.permissions).includes(scope))
        return send(response, 403, '{"code":"forbidden"}');
      if (writing) {
        const { description } = JSON.parse(await bodyText(request)) as { description?: unknown };
        if (typeof description !== 'string') return send(response, 400, '{"code":"bad_request"}');
        const changed = await queries.write([description, new Date().toISOString(), key.workspace_id, one]);
        return send(response, changed ? 200 : 404, changed ? '{"id":"' + one + '"}' : '{"code":"not_found"}');
      }
      const limit = Math.min(200, Math.max(1, Number(url.searchParams.get('limit') ?? 50)));
      const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0));
      if (!Number.isInteger(limit) || !Number.isInteger(offset)) return send(response, 400, '{"code":"bad_request"}');
      const [rows, total] = await queries.page(key.workspace_id, limit, offset);
      send(response, 200, JSON.stringify({ data: rows.map(toDto), pagination: { limit, offset, total } }));
    } catch (error) {
      console.error('minimal server:', error);
      send(response, 500, '{"code":"internal_error"}');
    }
  });
  server.keepAliveTimeout = 72_000; // Fastify's default
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  workspace.defer(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await queries.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

type Page = { pagination?: { total: number }; data?: Row[] };
/** Where two answers differ, if they do: their pagination or a field of their first item. */
async function difference({ auth }: Workspace, ...urls: string[]): Promise<string | undefined> {
  const get = async (url: string) => (await fetch(url, { headers: auth })).json() as Promise<Page>;
  const pages = await Promise.all(urls.map(get));
  if (isDeepStrictEqual(pages[0], pages[1])) return undefined;
  const [x = {}, y = {}] = pages.map((page): Row => ({ pagination: page.pagination, ...page.data?.[0] }));
  const field = [...new Set([...Object.keys(x), ...Object.keys(y)])].find((k) => !isDeepStrictEqual(x[k], y[k]))!;
  return `${field}: ${JSON.stringify(x[field])} vs ${JSON.stringify(y[field])}`;
}

export const scenario: Scenario = {
  title: 'Servers list: Estate against a hand-written node:http server',
  defaults: (quick) => (quick ? QUICK : { size: 10_000, seconds: 10, rounds: 3, iterations: 50 }),
  run: inWorkspace(async (workspace, report, bench) => {
    const { size, seconds, rounds, iterations } = bench.settings;
    await seed(workspace, size);
    const { base } = await startApp(workspace);
    // The same service with METRICS_TOKEN set: what serving metrics costs (the target: under 5 %).
    const metered = await startApp(workspace, { metricsToken: 'bench' });
    // The same service computing every page (RESPONSE_CACHE_MB=0), on a handle of its own.
    const database = openDatabase(workspace.url);
    workspace.defer(() => database.close());
    const uncached = await startApp(workspace, { responseCacheBytes: 0, database });
    const minimal = await startMinimal(workspace);
    for (const path of [`${PAGE}&offset=0`, `${PAGE}&offset=${size - 50}`]) {
      const differs = await difference(workspace, base + path, minimal + path);
      if (differs) report.fail(`Estate and the baseline answer ${path} differently (${differs})`);
    }
    const { sqliteRatio, postgresRatio, p99Ms, authMs } = TARGETS;
    const ratioTarget = bench.dialect === 'sqlite' ? sqliteRatio : postgresRatio;
    const loads: (TargetResult & { connections: number })[] = [];
    // At 10 connections (the p99 targets) and at --connections (default 50).
    for (const connections of new Set([10, bench.settings.connections])) {
      console.log(`  paired load: ${rounds} round(s) × ${seconds} s, ${connections} connections, autocannon`);
      const get = (name: string, url: string, headers = workspace.auth) =>
        ({ name, request: { kind: 'get', url, headers, connections, seconds } }) as const;
      const results = await pairedLoad(
        [
          get('node:http hello', `${minimal}/hello`, {}),
          get('/me without a key (401)', `${base}/public/v1/me`, {}),
          get('/me with a key', `${base}/public/v1/me`),
          get(`Estate ${PAGE}`, base + PAGE),
          get(`baseline ${PAGE}`, minimal + PAGE),
          get('Estate with metrics', metered.base + PAGE),
          get('Estate, cache off', uncached.base + PAGE),
        ],
        rounds,
        workspace.url,
      );
      loads.push(...results.map((load) => ({ ...load, connections })));
      const [, anonymous, me, estate, baseline, metrics, computed] = results;
      const ratioOf = (load: TargetResult, to = baseline) =>
        median(load.runs.map((run, i) => run.reqPerSec / to.runs[i]!.reqPerSec));
      const [ratio, auth] = [ratioOf(estate), 1000 / me.reqPerSec - 1000 / anonymous.reqPerSec];
      const at = `${connections} connections:`;
      report.note(
        `${at} Estate / baseline req/s ${fmt(ratio, 2)} (target ≥ ${ratioTarget}) ${verdict(ratio >= ratioTarget)}` +
          `; with the cache off ${fmt(ratioOf(computed), 2)}`,
        `${at} authentication ${fmt(auth, 3)} ms/req (target < ${authMs}) ${verdict(auth < authMs)}` +
          `; metrics served: ${fmt((1 - ratioOf(metrics, estate)) * 100)} % fewer req/s`,
      );
      const p99 = `p99 list ${estate.p99} ms, /me ${me.p99} ms (target < ${p99Ms})`;
      if (connections === 10) report.note(`${at} ${p99} ${verdict(Math.max(estate.p99, me.p99) < p99Ms)}`);
    }
    const unexpected = loads.filter((load) => !load.name.includes('(401)')).reduce((sum, l) => sum + l.non2xx, 0);
    if (unexpected > 0) report.fail(`${unexpected} non-2xx answers or errors under load`);
    // Sequentially, each page computed (the service keeping no pages): the queries' own time.
    console.log(`  sequential: Estate's list through app.inject, cache off, ${iterations} iterations`);
    const list = async (query: string) => (await inject(uncached.app, PAGE + query, workspace.auth)).json<Page>();
    const name = encodeURIComponent(String((await list('&offset=0')).data?.[17]?.name ?? 'srv'));
    const tag = (await inject(uncached.app, '/public/v1/tags?limit=1', workspace.auth)).json<Page>().data?.[0]?.id;
    const production = 'environment=production&sort=-lastCheckTime';
    const cases = ['', `&offset=${size - 50}`, `&q=${name}`, '&environment=staging', `&${production}`, `&tagId=${tag}`];
    const labels = ['offset 0', 'last page', 'q=<a name>', 'environment=staging', production, 'tagId=<a tag>'];
    const sequential: string[][] = [];
    for (const [i, query] of cases.entries()) {
      const { p50, p99, last } = await timed(() => list(query), 5, iterations);
      sequential.push([labels[i]!, fmt(p50, 2), fmt(p99, 2), String(last.pagination?.total)]);
    }
    report.details = { loads };
    const cpu = (load: TargetResult) => fmt(load.cpuMsPerRequest, 3);
    const figures = loads.map((l) => [l.connections, l.name, fmt(l.reqPerSec, 0), l.p50, l.p99, cpu(l)]);
    report
      .table(`Load: ${thousands(size)} servers, medians of ${rounds} round(s) of ${seconds} s`, LOAD, figures)
      .table(`Estate alone, sequential, every page computed (p50 / p99 of ${iterations})`, SEQUENTIAL, sequential);
  }),
};
