/**
 * Synthetic inventory for bench/servers.ts: servers with realistic values, a few hundred tags,
 * applications and agents, one tag and one application link per server. Deterministic (seeded
 * PRNG), so SQLite and PostgreSQL get the same data. Loaded with plain multi-row INSERTs in
 * chunks inside transactions, bypassing the services (no audit events for the bulk rows).
 */
import { randomBytes } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { fold, foldKey } from '../src/db/text-search.js';
import pg from 'pg';
import { UUID } from 'uuidv7';
import { ENVIRONMENTS } from '../src/infrastructure/servers.module.js';

const DAY_MS = 86_400_000;
const SPAN_MS = 365 * DAY_MS;

/** mulberry32: small, fast, seedable. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Row = (string | number | null)[];

export interface TableData {
  table: string;
  columns: string[];
  rows: Row[];
}

export interface Inventory {
  tables: TableData[];
  servers: number;
  tags: number;
  applications: number;
  agents: number;
  /** Servers per environment, to check filtered totals. */
  perEnvironment: Record<string, number>;
}

/** `srv-00001`: the number padded to 5 digits (`srv-100000` past 99,999). */
export const serverName = (n: number) => `srv-${String(n).padStart(5, '0')}`;

const OS_CATALOG: [string, string[]][] = [
  ['Debian GNU/Linux', ['11', '12']],
  ['Ubuntu', ['20.04', '22.04', '24.04']],
  ['Red Hat Enterprise Linux', ['8.10', '9.4']],
  ['Windows Server', ['2019', '2022']],
];
const OS_WEIGHTS = [0.3, 0.3, 0.2, 0.2];
const HARDWARE: [string, string][] = [
  ['Dell Inc.', 'PowerEdge R650'],
  ['Dell Inc.', 'PowerEdge R750'],
  ['HPE', 'ProLiant DL380 Gen10'],
  ['Lenovo', 'ThinkSystem SR650 V2'],
  ['VMware, Inc.', 'VMware Virtual Platform'],
  ['VMware, Inc.', 'VMware Virtual Platform'],
  ['VMware, Inc.', 'VMware7,1'],
  ['QEMU', 'Standard PC (Q35 + ICH9, 2009)'],
];
/** ENVIRONMENTS order: production, staging, test, development, disaster_recovery. */
const ENV_WEIGHTS = [0.45, 0.15, 0.15, 0.2, 0.05];
const ENV_SHORT = ['prod', 'stg', 'test', 'dev', 'dr'];
const CORES = [2, 4, 4, 8, 8, 16, 16, 32, 64];
const MEMORY_GB = [4, 8, 16, 16, 32, 64, 128, 256];
const STORAGE_GB = [50, 100, 200, 480, 960, 1920, 3840];
const TAG_WORDS = [
  'pci',
  'gdpr',
  'backup',
  'monitoring',
  'team',
  'cost-centre',
  'project',
  'patch-window',
  'tier',
  'owner',
];
const LIFECYCLE = ['plan', 'phase_in', 'active', 'active', 'active', 'phase_out', 'end_of_life'];
const CRITICALITY = ['low', 'medium', 'medium', 'high', 'critical'];

function weighted(random: () => number, weights: number[]): number {
  let r = random();
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** A UUID v7 of the given millisecond, so ids sort with creation times as Estate's newId() does. */
function uuidAt(ms: number, random: () => number): string {
  return UUID.fromFieldsV7(
    ms,
    (random() * 0x1000) >>> 0,
    (random() * 0x40000000) >>> 0,
    (random() * 0x100000000) >>> 0,
  ).toString();
}

export function generateInventory(workspaceId: string, count: number, seed = 1): Inventory {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[(random() * items.length) >>> 0]!;
  const now = Date.now();
  const start = now - SPAN_MS;
  const iso = (ms: number) => new Date(ms).toISOString();

  const tagCount = 300;
  const applicationCount = 300;
  const agentCount = 200;

  // Tags, applications and agents exist before the first server: created over the first week.
  const early = () => Math.floor(start - 7 * DAY_MS + random() * 7 * DAY_MS);
  const tags: Row[] = [];
  for (let i = 0; i < tagCount; i++) {
    const ms = early();
    const colour = `#${((random() * 0xffffff) >>> 0).toString(16).padStart(6, '0')}`;
    const name = `${TAG_WORDS[i % TAG_WORDS.length]}-${String(i + 1).padStart(3, '0')}`;
    tags.push([
      workspaceId,
      uuidAt(ms, random),
      name,
      foldKey(name),
      colour,
      random() < 0.3 ? 'Synthetic benchmark tag' : null,
      iso(ms),
    ]);
  }
  const applications: Row[] = [];
  for (let i = 0; i < applicationCount; i++) {
    const ms = early();
    applications.push([
      workspaceId,
      uuidAt(ms, random),
      `app-${String(i + 1).padStart(3, '0')}`,
      pick(LIFECYCLE),
      pick(CRITICALITY),
      iso(ms),
      iso(ms),
    ]);
  }
  const agents: Row[] = [];
  let nextAgent = 0;
  for (let i = 0; i < agentCount; i++) {
    const ms = early();
    const token = randomBytes(32).toString('hex');
    agents.push([
      workspaceId,
      uuidAt(ms, random),
      `agent-${String(i + 1).padStart(3, '0')}`,
      token,
      token.slice(0, 8),
      `agent-${i + 1}.acme.internal`,
      '3.4.1',
      iso(ms),
      iso(now - random() * DAY_MS),
    ]);
  }

  // Names are a random permutation of 1..count, so name order is not insertion (id, created_at) order.
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  for (let i = count - 1; i > 0; i--) {
    const j = (random() * (i + 1)) >>> 0;
    [numbers[i], numbers[j]] = [numbers[j]!, numbers[i]!];
  }

  const servers: Row[] = [];
  const serverTags: Row[] = [];
  const applicationServers: Row[] = [];
  const perEnvironment: Record<string, number> = Object.fromEntries(ENVIRONMENTS.map((e) => [e, 0]));
  const step = SPAN_MS / count;
  for (let i = 0; i < count; i++) {
    const created = Math.floor(start + i * step + random() * step * 0.9);
    const id = uuidAt(created, random);
    const name = serverName(numbers[i]!);
    const env = weighted(random, ENV_WEIGHTS);
    const environment = ENVIRONMENTS[env]!;
    perEnvironment[environment]!++;
    const [os, versions] = OS_CATALOG[weighted(random, OS_WEIGHTS)]!;
    const [manufacturer, model] = pick(HARDWARE);
    const ips = [`10.${env * 16 + ((random() * 16) >>> 0)}.${(random() * 256) >>> 0}.${1 + ((random() * 254) >>> 0)}`];
    if (random() < 0.3)
      ips.push(`10.${200 + ((random() * 50) >>> 0)}.${(random() * 256) >>> 0}.${1 + ((random() * 254) >>> 0)}`);
    // One agent reports one host (a unique index holds it): agents go to the first automatic servers.
    const agent = random() < 0.6 && nextAgent < agentCount ? agents[nextAgent++] : undefined;
    const automatic = agent ? 1 : 0;
    // Automatic: last report within the last 3 days; manual: its last edit, somewhere since creation.
    const lastCheck = automatic
      ? Math.max(created, Math.floor(now - random() * 3 * DAY_MS))
      : Math.floor(created + random() * (now - created));
    servers.push([
      workspaceId,
      id,
      name,
      `${name}.${ENV_SHORT[env]}.acme.internal`,
      JSON.stringify(ips),
      os,
      fold(os),
      pick(versions),
      manufacturer,
      model,
      randomBytes(4).toString('hex').toUpperCase().slice(0, 7),
      pick(CORES),
      pick(MEMORY_GB) * 1024,
      pick(STORAGE_GB),
      environment,
      `DC${1 + ((random() * 3) >>> 0)}, rack ${1 + ((random() * 40) >>> 0)}`,
      random() < 0.2 ? `Synthetic server ${name} for the servers benchmark` : null,
      automatic,
      agent ? (agent[1] as string) : null,
      iso(created),
      iso(lastCheck),
    ]);
    serverTags.push([workspaceId, id, tags[(random() * tagCount) >>> 0]![1] as string, iso(created)]);
    applicationServers.push([
      workspaceId,
      applications[(random() * applicationCount) >>> 0]![1] as string,
      id,
      iso(created),
    ]);
  }

  return {
    servers: count,
    tags: tagCount,
    applications: applicationCount,
    agents: agentCount,
    perEnvironment,
    tables: [
      {
        table: 'tags',
        columns: ['workspace_id', 'id', 'name', 'name_key', 'colour', 'description', 'created_at'],
        rows: tags,
      },
      {
        table: 'applications',
        columns: ['workspace_id', 'id', 'name', 'lifecycle_status', 'criticality', 'created_at', 'updated_at'],
        rows: applications,
      },
      {
        table: 'agents',
        columns: [
          'workspace_id',
          'id',
          'name',
          'token_hash',
          'token_prefix',
          'hostname',
          'version',
          'created_at',
          'last_seen_at',
        ],
        rows: agents,
      },
      {
        table: 'servers',
        columns: [
          'workspace_id',
          'id',
          'name',
          'hostname',
          'ip_addresses',
          'os',
          'os_key',
          'os_version',
          'manufacturer',
          'model',
          'serial_number',
          'cpu_cores',
          'memory_mb',
          'storage_gb',
          'environment',
          'location',
          'description',
          'automatic',
          'agent_id',
          'created_at',
          'last_check_time',
        ],
        rows: servers,
      },
      { table: 'server_tags', columns: ['workspace_id', 'server_id', 'tag_id', 'created_at'], rows: serverTags },
      {
        table: 'application_servers',
        columns: ['workspace_id', 'application_id', 'server_id', 'created_at'],
        rows: applicationServers,
      },
    ],
  };
}

/** Rows per multi-row INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
function rowsPerStatement(columns: number, maxParameters: number): number {
  return Math.max(1, Math.min(1000, Math.floor(maxParameters / columns)));
}

function insertText(table: string, columns: string[], rows: number, placeholder: (n: number) => string): string {
  let n = 0;
  const tuples: string[] = [];
  for (let r = 0; r < rows; r++) tuples.push(`(${columns.map(() => placeholder(++n)).join(', ')})`);
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`;
}

/** SQLite: one transaction on a second connection to the file, multi-row prepared INSERTs. */
export function loadSqlite(file: string, inventory: Inventory): void {
  const bulk = new SqliteDatabase(file);
  try {
    bulk.pragma('journal_mode = WAL');
    bulk.pragma('busy_timeout = 5000');
    bulk.pragma('foreign_keys = ON');
    bulk.pragma('cache_size = -262144');
    bulk.transaction(() => {
      for (const { table, columns, rows } of inventory.tables) {
        const per = rowsPerStatement(columns.length, 32_000);
        const statements = new Map<number, SqliteDatabase.Statement>();
        for (let from = 0; from < rows.length; from += per) {
          const chunk = rows.slice(from, from + per);
          let statement = statements.get(chunk.length);
          if (!statement) {
            statement = bulk.prepare(insertText(table, columns, chunk.length, () => '?'));
            statements.set(chunk.length, statement);
          }
          statement.run(chunk.flat());
        }
      }
    })();
  } finally {
    bulk.close();
  }
}

/** PostgreSQL: one transaction per table, multi-row INSERTs of up to 1,000 rows (named, so parsed once). */
export async function loadPostgres(url: string, inventory: Inventory): Promise<void> {
  const client = new pg.Client({ connectionString: url, options: '-c TimeZone=UTC' });
  await client.connect();
  try {
    for (const { table, columns, rows } of inventory.tables) {
      const per = rowsPerStatement(columns.length, 60_000);
      await client.query('BEGIN');
      for (let from = 0; from < rows.length; from += per) {
        const chunk = rows.slice(from, from + per);
        await client.query({
          name: `bulk_${table}_${chunk.length}`,
          text: insertText(table, columns, chunk.length, (n) => `$${n}`),
          values: chunk.flat(),
        });
      }
      await client.query('COMMIT');
    }
  } finally {
    await client.end();
  }
}
