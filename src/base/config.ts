import { dirname, join, resolve } from 'node:path';
import { DEFAULT_DATABASE_URL, parseDatabaseUrl } from './db/database.js';

/** Where the database is: DATABASE_URL, else `estate.db` in ESTATE_DATA, else `./data/estate.db`. */
export interface DatabaseLocation {
  url: string;
  /**
   * When neither is set: the file in the current directory that is used, and that only `estate
   * serve`, `migrate` and `restore` may create (any other command refuses to run without it).
   */
  implicitFile?: string;
}

export function databaseLocation(env: NodeJS.ProcessEnv = process.env): DatabaseLocation {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL };
  if (env.ESTATE_DATA) return { url: `sqlite:${join(resolve(env.ESTATE_DATA), 'estate.db')}` };
  return { url: DEFAULT_DATABASE_URL, implicitFile: resolve(parseDatabaseUrl(DEFAULT_DATABASE_URL).target) };
}

/** The SQLite file's directory, else ./data. */
function defaultDataDirectory(databaseUrl: string): string {
  try {
    const { dialect, target } = parseDatabaseUrl(databaseUrl);
    if (dialect === 'sqlite' && target !== ':memory:') return dirname(resolve(target));
  } catch {
    // reported when the database is opened
  }
  return resolve('data');
}

/** Runtime settings, all from the environment (12-factor); CLI flags override port and host. */
export interface Config {
  databaseUrl: string;
  port: number;
  host: string;
  logLevel: string;
  /** Where files of the service's own go (the first start's secrets when there is no terminal). */
  dataDir: string;
  /** TRUST_PROXY: unset/false trusts no proxy; true trusts any; else the proxies' addresses/CIDRs, comma-separated. */
  trustProxy: boolean | string;
  /** METRICS_TOKEN: GET /metrics is served, to callers sending this Bearer token, only when it is set. */
  metricsToken?: string;
  /** RESPONSE_CACHE_MB (formerly KEPT_ANSWERS_MB): the response cache's memory (lists/response-cache.ts); 0: none. */
  responseCacheMb: number;
}

function trustProxyOf(value: string | undefined): boolean | string {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  return value;
}

/** RESPONSE_CACHE_MB, or the name it had before, KEPT_ANSWERS_MB, still read when the new one is unset. */
function responseCacheMbOf(env: NodeJS.ProcessEnv): number {
  const name = env.RESPONSE_CACHE_MB !== undefined ? 'RESPONSE_CACHE_MB' : 'KEPT_ANSWERS_MB';
  const value = env[name];
  if (value === undefined || value === '') return 32;
  const megabytes = Number(value);
  if (!Number.isInteger(megabytes) || megabytes < 0 || megabytes > 65536)
    throw new Error(`${name} must be an integer 0..65536 (got "${value}")`);
  return megabytes;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be an integer 0..65535 (got "${env.PORT}")`);
  const { url } = databaseLocation(env);
  return {
    databaseUrl: url,
    port,
    host: env.HOST || '127.0.0.1',
    logLevel: env.LOG_LEVEL || 'info',
    dataDir: env.ESTATE_DATA_DIR || defaultDataDirectory(url),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN || undefined,
    responseCacheMb: responseCacheMbOf(env),
  };
}
