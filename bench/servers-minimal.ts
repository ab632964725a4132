/**
 * The comparison point of bench/servers.ts: a minimal hand-written `GET /public/v1/servers` on raw
 * node:http and the database driver directly (no Fastify, no Kysely, no schemas), doing the same
 * work as Estate's route:
 *   - the bearer key → SHA-256 → api_keys LEFT JOIN workspaces by key_hash; 401 when missing,
 *     unknown, revoked or expired; 403 without a workspace or without 'infrastructure:read';
 *   - limit (1..200, default 50) and offset (≥ 0, default 0), clamped as Estate does;
 *   - the page (workspace-scoped, ORDER BY name, id, LIMIT/OFFSET) and count(*) queries (on
 *     PostgreSQL concurrently on two pool connections, as Estate's paginate() does);
 *   - rows mapped to the API's camelCase shape and written as {data, pagination:{limit,offset,total}}.
 * SQLite: its own better-sqlite3 connection (Estate's pragmas) with statements prepared once.
 * PostgreSQL: a pg.Pool of 10 (Estate's default) with Estate's timestamptz → ISO parsing.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { pgTimestampToIso } from '../src/db/database.js';

export interface MinimalServer {
  port: number;
  close(): Promise<void>;
}

interface KeyRow {
  permissions: string;
  expires_at: string | null;
  revoked_at: string | null;
  workspace_id: string | null;
}

interface ServerRow {
  id: string;
  name: string;
  hostname: string;
  ip_addresses: string;
  os: string | null;
  os_version: string | null;
  manufacturer: string | null;
  model: string | null;
  serial_number: string | null;
  cpu_cores: number | null;
  memory_mb: number | null;
  storage_gb: number | null;
  environment: string;
  location: string | null;
  description: string | null;
  automatic: number;
  agent_id: string | null;
  created_at: string;
  last_check_time: string;
  last_report_at: string | null;
}

/** What a driver must answer: the key by its hash, a page of servers and the workspace's count. */
interface Queries {
  key(hash: string): Promise<KeyRow | undefined> | KeyRow | undefined;
  pageAndCount(
    workspaceId: string,
    limit: number,
    offset: number,
  ): Promise<[ServerRow[], number]> | [ServerRow[], number];
  close(): Promise<void> | void;
}

const SCOPE = 'infrastructure:read';
const BEARER = /^Bearer\s+(\S+)\s*$/i;

function toDto(row: ServerRow) {
  return {
    id: row.id,
    name: row.name,
    hostname: row.hostname,
    ipAddresses: JSON.parse(row.ip_addresses) as string[],
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
  };
}

function send(response: ServerResponse, status: number, body?: string, headers: Record<string, string> = {}): void {
  if (body === undefined) {
    response.writeHead(status, { ...headers, 'content-length': 0 });
    response.end();
    return;
  }
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

function integer(raw: string | null, fallback: number): number {
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  return Number.isInteger(value) ? value : NaN;
}

async function handle(queries: Queries, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = request.url ?? '/';
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  if (request.method !== 'GET' || path !== '/public/v1/servers') return send(response, 404, '{"code":"not_found"}');

  const authorization = request.headers.authorization;
  const credential = typeof authorization === 'string' ? BEARER.exec(authorization)?.[1] : undefined;
  if (!credential || !credential.startsWith('svc_'))
    return send(response, 401, undefined, { 'www-authenticate': 'Bearer realm="svc", error="invalid_token"' });
  const key = await queries.key(createHash('sha256').update(credential).digest('hex'));
  if (!key || key.revoked_at || (key.expires_at && Date.parse(key.expires_at) <= Date.now())) {
    return send(response, 401, undefined, { 'www-authenticate': 'Bearer realm="svc", error="invalid_token"' });
  }
  if (!key.workspace_id) return send(response, 403, '{"code":"forbidden"}');
  if (!(JSON.parse(key.permissions) as string[]).includes(SCOPE))
    return send(response, 403, '{"code":"insufficient_permission"}');

  const query = new URLSearchParams(mark < 0 ? '' : url.slice(mark + 1));
  const rawLimit = integer(query.get('limit'), 50);
  const rawOffset = integer(query.get('offset'), 0);
  if (Number.isNaN(rawLimit) || Number.isNaN(rawOffset)) return send(response, 400, '{"code":"bad_request"}');
  const limit = Math.min(200, Math.max(1, rawLimit));
  const offset = Math.max(0, rawOffset);
  const [rows, total] = await queries.pageAndCount(key.workspace_id, limit, offset);
  send(response, 200, JSON.stringify({ data: rows.map(toDto), pagination: { limit, offset, total } }));
}

async function serve(queries: Queries): Promise<MinimalServer> {
  const server = createServer((request, response) => {
    handle(queries, request, response).catch((error: unknown) => {
      console.error('minimal server:', error);
      if (!response.headersSent) send(response, 500, '{"code":"internal_error"}');
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 72_000; // Fastify's default, so neither side drops autocannon's connections
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  return {
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queries.close();
    },
  };
}

const KEY_SQL = (p: (n: number) => string) => `
  SELECT api_keys.permissions, api_keys.expires_at, api_keys.revoked_at, workspaces.id AS workspace_id
  FROM api_keys LEFT JOIN workspaces ON workspaces.id = api_keys.workspace_id
  WHERE api_keys.key_hash = ${p(1)}`;
const PAGE_SQL = (p: (n: number) => string) =>
  `SELECT * FROM servers WHERE workspace_id = ${p(1)} ORDER BY name, id LIMIT ${p(2)} OFFSET ${p(3)}`;
const COUNT_SQL = (p: (n: number) => string) => `SELECT count(*) AS total FROM servers WHERE workspace_id = ${p(1)}`;

export function startMinimalSqlite(file: string): Promise<MinimalServer> {
  const db = new SqliteDatabase(file);
  // The pragmas of Estate's openDatabase().
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  const q = () => '?';
  const key = db.prepare<[string], KeyRow>(KEY_SQL(q));
  const page = db.prepare<[string, number, number], ServerRow>(PAGE_SQL(q));
  const count = db.prepare<[string], { total: number }>(COUNT_SQL(q));
  return serve({
    key: (hash) => key.get(hash),
    pageAndCount: (workspaceId, limit, offset) => [page.all(workspaceId, limit, offset), count.get(workspaceId)!.total],
    close: () => void db.close(),
  });
}

export function startMinimalPostgres(url: string, poolSize = 10): Promise<MinimalServer> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: '-c TimeZone=UTC',
    types: {
      getTypeParser(oid: number, format?: string) {
        if (oid === 1184) return pgTimestampToIso; // timestamptz → ISO with ms, as Estate answers
        if (oid === 20) return (value: string) => Number(value); // count(*) is int8
        return pg.types.getTypeParser(oid, format as 'text');
      },
    } as pg.CustomTypesConfig,
  });
  pool.on('error', (error) => console.error('minimal server: idle PostgreSQL connection failed:', error.message));
  const p = (n: number) => `$${n}`;
  const keySql = KEY_SQL(p);
  const pageSql = PAGE_SQL(p);
  const countSql = COUNT_SQL(p);
  return serve({
    key: async (hash) => (await pool.query<KeyRow>(keySql, [hash])).rows[0],
    pageAndCount: async (workspaceId, limit, offset) => {
      const [rows, count] = await Promise.all([
        pool.query<ServerRow>(pageSql, [workspaceId, limit, offset]),
        pool.query<{ total: number }>(countSql, [workspaceId]),
      ]);
      return [rows.rows, count.rows[0]!.total];
    },
    close: () => pool.end(),
  });
}
