/**
 * `estate seed`: fills a workspace with a realistic, varied inventory of about `size` servers and
 * everything around them, fast: rows are generated in memory and bulk-loaded (db/bulk.ts:
 * multi-row inserts on SQLite, COPY on PostgreSQL) in one transaction, with an audit history (one
 * create event per resource, dated like the resource) written alongside.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CATALOG_CATEGORIES,
  matchCatalogEntry,
  searchCatalog,
  type CatalogEntry,
} from '../../families/applications/catalog.service.js';
import { bulkLoader, SUSPEND_FROM_ROWS, type BulkLoader } from '../../base/db/bulk.js';
import { refreshStatistics, type Database } from '../../base/db/database.js';
import type { Tables } from '../../base/db/schema.js';
import { fold, foldKey } from '../../base/db/text-search.js';
import { writeTransaction } from '../../base/db/write.js';
import { ApiError } from '../../base/errors/api-error.js';
import { newId } from '../../base/ids.js';
import { requireWorkspace } from '../accounts/workspaces/workspaces.service.js';
import { isoDate, isoDaysAgo, Random } from './random.js';
import * as words from './vocabulary.js';
import { cidrKey } from '../../families/networks/cidr.js';
import { applyInstallDeltas, keyOf } from '../../families/servers/installs.js';

export const MAX_SEED_SIZE = 1_000_000;

export interface SeedOptions {
  workspaceId: string;
  size: number;
  seed?: number;
  /** Called with (rows written so far, rows planned). */
  progress?(done: number, planned: number): void;
  /** Runs first inside the seed's write transaction, under the workspace's write lock: it may refuse. */
  check?(trx: Kysely<Tables>): Promise<void>;
  /**
   * The name a server gets instead of the generated one (a test's names, given as the rows are
   * made: renaming thousands afterwards costs each search index a change per row). Its create event
   * keeps the generated name, as if the server had been renamed since.
   */
  serverName?(id: string, generated: string): string;
}

type Row = Record<string, unknown>;
const SEED_ACTOR = { actor_type: 'system', actor_id: null, actor_name: 'estate seed' };

/**
 * Rows generated and written at a time for the largest tables, so the heap never holds them all.
 * At least the most agents a seed makes (5,000): their servers are all in the first chunk.
 */
const CHUNK_ROWS = 25_000;

class Writer {
  done = 0;
  /** Audit events written so far. */
  auditEvents = 0;
  private audit: Row[] = [];
  /** Tables written, whose planner statistics are refreshed afterwards. */
  readonly tables = new Set<string>();
  private readonly bulk: BulkLoader;

  constructor(
    trx: Kysely<Tables>,
    database: Database,
    private readonly workspaceId: string,
    private readonly planned: number,
    private readonly progress?: SeedOptions['progress'],
    /** The audit events this seed writes, at least: they are written in chunks as they come. */
    private readonly auditPlanned = 0,
  ) {
    this.bulk = bulkLoader(trx, database);
  }

  /** `expected`: the rows of a table written in several calls, in all. */
  insert(table: string, rows: Row[], expected?: number): Promise<void> {
    this.tables.add(table);
    return this.bulk.insert(table, rows, { progress: (written) => this.advance(written), expected });
  }

  /** Waits for the rows still being written, before the seed's own statements in the transaction. */
  settle(): Promise<void> {
    return this.bulk.settle();
  }

  /** Writes the queued audit events once a chunk's worth is queued (or all of them, at the end). */
  async flushAudit(all = false): Promise<void> {
    if (this.audit.length === 0 || (!all && this.audit.length < CHUNK_ROWS)) return;
    const events = this.audit;
    this.audit = [];
    this.auditEvents += events.length;
    await this.insert('audit_events', events, this.auditPlanned);
  }

  /**
   * Writes the queued audit events, then restores what the bulk load suspended: the progress goes
   * on as the loaded tables are indexed.
   */
  async finish(): Promise<void> {
    await this.flushAudit(true);
    await this.bulk.finish((indexed) => this.advance(indexed));
  }

  private advance(rows: number): void {
    this.done += rows;
    this.progress?.(Math.min(this.done, this.planned), this.planned);
  }

  /** Queues the create event of a resource, dated like the resource. */
  created(resourceType: string, id: string, name: string, timestamp: string, category = 'inventory'): void {
    this.audit.push({
      workspace_id: this.workspaceId,
      id: newId(),
      timestamp,
      category,
      action: 'create',
      ...SEED_ACTOR,
      resource_type: resourceType,
      resource_id: id,
      resource_name: name,
      changes: null,
    });
  }
}

export interface SeedCounts {
  users: number;
  teams: number;
  categories: number;
  tags: number;
  applications: number;
  networks: number;
  routers: number;
  servers: number;
  agents: number;
  discoveredApplications: number;
  workstations: number;
  dataObjects: number;
  contracts: number;
  flows: number;
  announcements: number;
  auditEvents: number;
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, Math.round(value)));

/** How many of each family a seed of `size` servers makes. */
function familyCounts(size: number) {
  return {
    users: clamp(size / 100, 10, 2000),
    teams: clamp(6 + size / 10_000, 6, 20),
    applications: clamp(size / 40, 20, 2500),
    networks: Math.max(4, Math.ceil(size / 200)),
    // Each agent reports one of the servers.
    agents: Math.min(size, clamp(size / 100, 2, 5000)),
    workstations: Math.round(size / 2),
  };
}

/**
 * What every step of a seed shares. The steps draw from one generator in a fixed order: a seed's
 * rows are reproducible only while each step makes its draws (and its ids) in the order it does.
 */
interface SeedContext {
  trx: Kysely<Tables>;
  writer: Writer;
  random: Random;
  options: SeedOptions;
  /** The workspace seeded. */
  ws: string;
  /** The instant every generated date is counted back from. */
  now: number;
  /** Marks this seed's e-mail addresses: a user's is unique in the whole instance, across seeds. */
  run: string;
  /** Servers to make. */
  size: number;
  counts: ReturnType<typeof familyCounts>;
  /** A random instant between `maxDays` and `minDays` days before `now`. */
  at(maxDays: number, minDays?: number): string;
}

/** A new row's created_at and updated_at. */
const stamps = (created: string) => ({ created_at: created, updated_at: created });

/** One link row per row, created with it. */
function linkEach<R extends Row>(ctx: SeedContext, rows: R[], columns: (row: R, i: number) => Row): Row[] {
  return rows.map((row, i) => ({ workspace_id: ctx.ws, ...columns(row, i), created_at: row.created_at }));
}

/** Links each row to `fewest`–`most` random targets; a link is created with its row. */
function linkSome<R extends Row, T extends Row>(
  ctx: SeedContext,
  rows: R[],
  targets: T[],
  range: readonly [fewest: number, most: number],
  columns: (row: R, target: T) => Row,
): Row[] {
  const { random, ws } = ctx;
  return rows.flatMap((row) =>
    random
      .sample(targets, random.int(range[0], range[1]))
      .map((target) => ({ workspace_id: ws, ...columns(row, target), created_at: row.created_at })),
  );
}

/** Fills a workspace with an inventory of about `options.size` servers, in one write transaction. */
export async function seedWorkspace(database: Database, options: SeedOptions): Promise<SeedCounts> {
  if (!Number.isInteger(options.size) || options.size < 1 || options.size > MAX_SEED_SIZE) {
    throw new ApiError('bad_request', `size must be an integer from 1 to ${MAX_SEED_SIZE}`);
  }
  await requireWorkspace(database, options.workspaceId);
  const random = new Random(options.seed ?? 42);
  const now = Date.now();
  const ws = options.workspaceId;
  const size = options.size;
  const run = randomBytes(3).toString('hex');
  const counts = familyCounts(size);
  // Rows written, then (large loads) the rows of the tables indexed after the load.
  const planned =
    size * 3 +
    counts.workstations * 2 +
    counts.applications * 12 +
    counts.agents * 25 +
    counts.users * 3 +
    (size >= SUSPEND_FROM_ROWS ? Math.round(size * 3.4) : 0);

  let filled: Set<string> = new Set();
  const created = await writeTransaction(database, ws, async (trx) => {
    await options.check?.(trx);
    // One create event per resource (applications: with their flows, contracts and data objects).
    const events =
      size +
      counts.workstations +
      counts.users +
      counts.teams +
      counts.applications * 3 +
      counts.networks +
      counts.agents;
    const writer = new Writer(trx, database, ws, planned, options.progress, events);
    filled = writer.tables;
    const at = (maxDays: number, minDays = 0) => isoDaysAgo(random, now, maxDays, minDays);
    const made = await seedInventory({ trx, writer, random, options, ws, now, run, size, counts, at });
    await writer.finish();
    options.progress?.(planned, planned);
    return { ...made, auditEvents: writer.auditEvents };
  });
  // Without fresh statistics the planners keep their empty-table plans (PostgreSQL would sort the
  // servers for each page instead of reading the name index).
  await refreshStatistics(database, [...filled]);
  return created;
}

/** Makes every family in turn, each from those made before it, and counts what it made. */
async function seedInventory(ctx: SeedContext): Promise<Omit<SeedCounts, 'auditEvents'>> {
  const { writer } = ctx;
  const users = await seedUsers(ctx);
  const teams = await seedTeams(ctx, users);
  const taxonomy = await seedTaxonomy(ctx);
  const applications = await seedApplications(ctx, { users, teams }, taxonomy);
  const { networks, routers } = await seedNetworks(ctx);
  const { agents, reported } = await seedServers(ctx, { applications, tags: taxonomy.tags, networks });
  const discovered = await seedDiscoveredSoftware(ctx, agents, reported);
  await seedWorkstations(ctx, users);
  const dataObjects = await seedDataObjects(ctx, applications);
  const contracts = await seedContracts(ctx, applications);
  const flows = await seedFlows(ctx, applications, dataObjects);
  const announcements = await seedAnnouncements(ctx);
  // After all four families' rows: ids are made in sequence, so making these events earlier would change
  // the generated ids.
  for (const d of dataObjects) writer.created('data_object', d.id, d.name, d.created_at);
  for (const c of contracts) writer.created('contract', c.id, c.name, c.created_at);
  for (const f of flows) writer.created('flow', f.id as string, f.name as string, f.created_at as string);
  for (const a of announcements) writer.created('announcement', a.id, a.title, a.created_at, 'organisation');
  return {
    users: users.length,
    teams: teams.length,
    categories: taxonomy.categories.length,
    tags: taxonomy.newTags.length,
    applications: applications.length,
    networks: networks.length,
    routers: routers.length,
    servers: ctx.size,
    agents: agents.length,
    discoveredApplications: discovered,
    workstations: ctx.counts.workstations,
    dataObjects: dataObjects.length,
    contracts: contracts.length,
    flows: flows.length,
    announcements: announcements.length,
  };
}

/** A seeded user, who is also a member of the workspace and a person under the same id. */
type SeedUser = { id: string; email: string; name: string; password_hash: null; created_at: string };

/** Makes the users, with their memberships (two admins first) and their people. */
async function seedUsers(ctx: SeedContext): Promise<SeedUser[]> {
  const { random, writer, ws, run, at } = ctx;
  const users: SeedUser[] = Array.from({ length: ctx.counts.users }, (_, i) => {
    const first = random.pick(words.FIRST_NAMES);
    const last = random.pick(words.LAST_NAMES);
    return {
      id: newId(),
      email: `${first}.${last}.${i}@seed-${run}.example`.toLowerCase().replace(/ /g, ''),
      name: `${first} ${last}`,
      password_hash: null,
      created_at: at(720, 400),
    };
  });
  await writer.insert('users', users);
  await writer.insert(
    'members',
    users.map((u, i) => ({
      workspace_id: ws,
      id: newId(),
      user_id: u.id,
      role:
        i < 2
          ? 'admin'
          : random.weighted([
              ['read', 70],
              ['write', 30],
            ] as const),
      created_at: u.created_at,
    })),
  );
  for (const u of users) writer.created('member', u.id, u.name, u.created_at, 'organisation');
  await writer.insert(
    'people',
    users.map((u) => ({
      workspace_id: ws,
      id: u.id,
      name: u.name,
      email: u.email,
      department: null,
      employee_number: null,
      member: 1,
      created_at: u.created_at,
      updated_at: u.created_at,
    })),
  );
  return users;
}

/** Makes the teams (from the fifth on, under one of the first four) and puts each user in one. */
async function seedTeams(ctx: SeedContext, users: SeedUser[]): Promise<Row[]> {
  const { random, writer, ws, run, at } = ctx;
  const teams: Row[] = [];
  for (const [i, name] of words.TEAM_NAMES.slice(0, ctx.counts.teams).entries()) {
    const created = at(700, 380);
    teams.push({
      workspace_id: ws,
      id: newId(),
      name,
      description: `${name} team`,
      email: `${name.toLowerCase().replace(/[^a-z]+/g, '-')}@seed-${run}.example`,
      parent_id: i >= 4 && teams.length ? teams[i % 4]!.id : null,
      ...stamps(created),
    });
  }
  await writer.insert('teams', teams);
  await writer.insert(
    'team_members',
    linkEach(ctx, users, (u) => ({ team_id: random.pick(teams).id, user_id: u.id })),
  );
  for (const t of teams) {
    writer.created('team', t.id as string, t.name as string, t.created_at as string, 'organisation');
  }
  return teams;
}

const CATEGORY_GROUPS = ['Business applications', 'Infrastructure', 'Collaboration', 'Engineering'];

/** The index in CATEGORY_GROUPS of the group a catalog category is filed under. */
function categoryGroup(slug: string): number {
  if (['crm', 'erp', 'finance', 'hr', 'marketing', 'customer-support', 'e-commerce', 'analytics'].includes(slug)) {
    return 0;
  }
  const collaboration = [
    'collaboration',
    'communication',
    'office',
    'knowledge-base',
    'project-management',
    'design',
    'cms',
  ];
  if (collaboration.includes(slug)) return 2;
  if (['developer-tools', 'source-control', 'ci-cd'].includes(slug)) return 3;
  return 1;
}

/** A catalog category's display name: its slug in title case, acronyms in capitals. */
function categoryName(slug: string): string {
  return slug
    .replace(/-/g, ' ')
    .replace(/\b\w/g, (c) => c.toUpperCase())
    .replace('Hr', 'HR')
    .replace('Crm', 'CRM')
    .replace('Erp', 'ERP')
    .replace('Itsm', 'ITSM')
    .replace('Cms', 'CMS')
    .replace('Ci Cd', 'CI/CD');
}

/** Makes the categories (the catalog's, under four groups) and the tags the workspace lacks. */
async function seedTaxonomy(ctx: SeedContext) {
  const { trx, writer, ws, at } = ctx;
  const groups = CATEGORY_GROUPS.map((name) => ({
    workspace_id: ws,
    id: newId(),
    name,
    description: null,
    parent_id: null,
    created_at: at(720, 700),
    updated_at: at(700, 600),
  }));
  const categoryBySlug = new Map<string, Row>();
  for (const slug of CATALOG_CATEGORIES) {
    const created = at(700, 600);
    categoryBySlug.set(slug, {
      workspace_id: ws,
      id: newId(),
      name: categoryName(slug),
      description: null,
      parent_id: groups[categoryGroup(slug)]!.id,
      ...stamps(created),
    });
  }
  const categories = [...groups, ...categoryBySlug.values()];
  await writer.insert('categories', categories);
  // A workspace seeded before keeps its tags: tag names are unique, so a second seed reuses them.
  await writer.settle();
  const existingTags = await trx.selectFrom('tags').selectAll().where('workspace_id', '=', ws).execute();
  const tagByKey = new Map(existingTags.map((tag) => [tag.name_key, tag]));
  const newTags = words.TAGS.filter(([name]) => !tagByKey.has(foldKey(name))).map(([name, colour]) => ({
    workspace_id: ws,
    id: newId(),
    name,
    name_key: foldKey(name),
    colour,
    description: null,
    created_at: at(700, 500),
  }));
  await writer.insert('tags', newTags);
  const tags = [
    ...words.TAGS.map(([name]) => tagByKey.get(foldKey(name))).filter((tag) => tag !== undefined),
    ...newTags,
  ];
  for (const c of categories) writer.created('category', c.id as string, c.name as string, c.created_at as string);
  for (const t of newTags) writer.created('tag', t.id, t.name, t.created_at);
  return { groups, categoryBySlug, categories, newTags, tags };
}

type Taxonomy = Awaited<ReturnType<typeof seedTaxonomy>>;

/** Every entry of the application catalog, page after page. */
function catalogEntries(): CatalogEntry[] {
  const entries: CatalogEntry[] = [];
  for (let page = 1; ; page += 1) {
    const { data } = searchCatalog({ page });
    if (data.length === 0) break;
    entries.push(...data);
  }
  return entries;
}

/** Makes the applications (catalog products first, then in-house systems) and their owners, teams and tags. */
async function seedApplications(
  ctx: SeedContext,
  people: { users: SeedUser[]; teams: Row[] },
  taxonomy: Taxonomy,
): Promise<Row[]> {
  const { random, writer, ws } = ctx;
  const entries = catalogEntries();
  const fromCatalog = random.sample(entries, Math.min(entries.length, Math.round(ctx.counts.applications * 0.7)));
  const applications: Row[] = [];
  for (let i = 0; i < ctx.counts.applications; i += 1) {
    applications.push(makeApplication(ctx, taxonomy, fromCatalog, i));
  }
  await writer.insert('applications', applications);
  const owners: Row[] = [];
  const appTeams: Row[] = [];
  const appTags: Row[] = [];
  for (const app of applications) {
    for (const user of random.sample(people.users, random.int(0, 2)))
      owners.push({ workspace_id: ws, application_id: app.id, user_id: user.id, created_at: app.created_at });
    appTeams.push({
      workspace_id: ws,
      application_id: app.id,
      team_id: random.pick(people.teams).id,
      created_at: app.created_at,
    });
    for (const tag of random.sample(taxonomy.tags, random.int(0, 2)))
      appTags.push({ workspace_id: ws, application_id: app.id, tag_id: tag.id, created_at: app.created_at });
    writer.created('application', app.id as string, app.name as string, app.created_at as string);
  }
  await writer.insert('application_owners', owners);
  await writer.insert('application_teams', appTeams);
  await writer.insert('application_tags', appTags);
  return applications;
}

/** Makes the `i`th application: the `i`th catalog product drawn, else an in-house system. */
function makeApplication(ctx: SeedContext, taxonomy: Taxonomy, fromCatalog: CatalogEntry[], i: number): Row {
  const { random, ws, now } = ctx;
  const entry = fromCatalog[i];
  const lifecycle = random.weighted([
    ['plan', 5],
    ['phase_in', 10],
    ['active', 65],
    ['phase_out', 12],
    ['end_of_life', 8],
  ] as const);
  const planMs = now - random.int(200, 2500) * 86_400_000;
  const steps = ['plan', 'phase_in', 'active', 'phase_out', 'end_of_life'].indexOf(lifecycle);
  const dates = [
    planMs,
    planMs + 60 * 86_400_000,
    planMs + 150 * 86_400_000,
    planMs + random.int(900, 1600) * 86_400_000,
    planMs + random.int(1700, 2200) * 86_400_000,
  ];
  const created = new Date(Math.min(planMs, now - 86_400_000)).toISOString();
  // In-house names repeat with a number once every one is taken.
  const inHouse = words.IN_HOUSE_APPS[i % words.IN_HOUSE_APPS.length];
  const repeated = i >= words.IN_HOUSE_APPS.length + fromCatalog.length;
  return {
    workspace_id: ws,
    id: newId(),
    name: entry ? entry.name : `${inHouse}${repeated ? ` ${Math.floor(i / words.IN_HOUSE_APPS.length)}` : ''}`,
    description: entry ? entry.description : 'Built in house.',
    vendor: entry ? entry.vendor : null,
    version: entry
      ? `${random.int(1, 12)}.${random.int(0, 9)}`
      : `${random.int(1, 5)}.${random.int(0, 30)}.${random.int(0, 9)}`,
    url: entry?.hostingType === 'saas' ? entry.website : null,
    lifecycle_status: lifecycle,
    criticality: random.weighted([
      ['low', 20],
      ['medium', 45],
      ['high', 25],
      ['critical', 10],
    ] as const),
    hosting_type: entry ? entry.hostingType : random.pick(['on_premise', 'saas', 'hybrid']),
    category_id: (entry ? taxonomy.categoryBySlug.get(entry.category) : random.pick(taxonomy.groups))!.id,
    catalog_entry_id: entry ? entry.id : null,
    business_value: random.int(1, 5),
    technical_fit: random.int(1, 5),
    user_count: random.weighted([
      [random.int(0, 5), 10],
      [random.int(5, 100), 40],
      [random.int(100, 2000), 40],
      [random.int(2000, 20000), 10],
    ] as const),
    plan_date: isoDate(dates[0]!),
    phase_in_date: steps >= 1 ? isoDate(dates[1]!) : null,
    active_date: steps >= 2 ? isoDate(dates[2]!) : null,
    phase_out_date: steps >= 3 ? isoDate(Math.min(dates[3]!, now)) : null,
    end_of_life_date: steps >= 4 ? isoDate(Math.min(dates[4]!, now)) : null,
    created_at: created,
    updated_at: isoDaysAgo(random, now, 120),
  };
}

/** Makes the networks (non-overlapping /24s in 10.0.0.0/8) and the routers that serve them. */
async function seedNetworks(ctx: SeedContext) {
  const { random, writer, ws, at } = ctx;
  const networks = Array.from({ length: ctx.counts.networks }, (_, i) => {
    const [a, b] = [1 + Math.floor(i / 256), i % 256];
    const env = random.weighted(words.ENVIRONMENTS);
    const created = at(700, 300);
    return {
      workspace_id: ws,
      id: newId(),
      // Named as people write it: disaster-recovery, not the stored value disaster_recovery.
      name: `${env.replaceAll('_', '-')}-${random.pick(words.LOCATIONS).split(' ')[0]!.toLowerCase()}-${i + 1}`,
      cidr: `10.${a}.${b}.0/24`,
      cidr_key: cidrKey(`10.${a}.${b}.0/24`),
      vlan: 100 + (i % 3900),
      gateway: `10.${a}.${b}.1`,
      environment: env,
      location: random.pick(words.LOCATIONS),
      description: null,
      ...stamps(created),
    };
  });
  await writer.insert('networks', networks);
  const routers = Array.from({ length: Math.max(2, Math.ceil(ctx.counts.networks / 20)) }, (_, i) => {
    const created = at(700, 300);
    const manufacturer = random.pick(['Cisco', 'Juniper Networks', 'Arista Networks']);
    return {
      workspace_id: ws,
      id: newId(),
      name: `rtr-${i + 1}`,
      manufacturer,
      manufacturer_key: fold(manufacturer),
      model: random.pick(['ASR 1001-X', 'MX204', '7280R3']),
      os: null,
      os_version: null,
      serial_number: null,
      management_ip: `10.255.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      location: random.pick(words.LOCATIONS),
      description: null,
      ...stamps(created),
    };
  });
  await writer.insert('routers', routers);
  await writer.insert(
    'router_networks',
    linkEach(ctx, networks, (n, i) => ({ router_id: routers[i % routers.length]!.id, network_id: n.id })),
  );
  for (const n of networks) writer.created('network', n.id, n.name, n.created_at);
  for (const r of routers) writer.created('router', r.id, r.name, r.created_at);
  return { networks, routers };
}

type Network = Awaited<ReturnType<typeof seedNetworks>>['networks'][number];

/** Makes the agents (not yet written: each takes the hostname of the server it reports). */
function makeAgents(ctx: SeedContext) {
  const { random, ws, at } = ctx;
  return Array.from({ length: ctx.counts.agents }, (_, i) => ({
    workspace_id: ws,
    id: newId(),
    name: `agent-${i + 1}`,
    token_hash: randomBytes(32).toString('hex'),
    token_prefix: 'agt_live_seed',
    hostname: null as string | null,
    version: '0.1.0',
    created_at: at(300, 200),
    last_seen_at: random.chance(0.9) ? at(0.5) : at(30, 3),
    revoked_at: random.chance(0.03) ? at(10) : null,
  }));
}

type Agent = ReturnType<typeof makeAgents>[number];

/** What servers are made from, and what making them records. */
interface ServerSources {
  networks: Network[];
  /** The agents, the `i`th reporting the `i`th server. */
  agents: Agent[];
  /** The generated names of the servers options.serverName renamed, for their create events. */
  generatedNames: Map<string, string>;
}

/** Makes the `i`th server, on the `i`th network in turn; the first ones are their agents' hosts. */
function makeServer(ctx: SeedContext, sources: ServerSources, i: number): Row {
  const { random, ws, at, options } = ctx;
  const { networks, agents } = sources;
  const network = networks[i % networks.length]!;
  const [a, b] = (network.cidr as string).split('.').slice(1, 3);
  const [os, osVersion] = random.weighted(words.SERVER_OS);
  const [manufacturer, model] = random.pick(words.SERVER_HARDWARE);
  const role = random.pick(words.ROLES);
  const hostname = `${role}-${String(network.environment).slice(0, 4)}-${String(i + 1).padStart(6, '0')}`;
  const agent = i < agents.length ? agents[i]! : undefined;
  if (agent) agent.hostname = hostname;
  const created = at(700, 30);
  const id = newId();
  const name = options.serverName?.(id, hostname) ?? hostname;
  if (name !== hostname) sources.generatedNames.set(id, hostname);
  return {
    workspace_id: ws,
    id,
    name,
    hostname: `${hostname}.${String(network.location).split(' ')[0]!.toLowerCase()}.seed.internal`,
    ip_addresses: JSON.stringify([`10.${a}.${b}.${2 + (Math.floor(i / networks.length) % 253)}`]),
    os,
    os_key: fold(os),
    os_version: osVersion,
    manufacturer,
    model,
    serial_number: random.pick(['', 'CZ', 'SGH', '7X']) + random.int(100000, 999999),
    cpu_cores: random.pick([2, 4, 8, 16, 32, 64]),
    memory_mb: 1024 * random.pick([4, 8, 16, 32, 64, 128, 256]),
    storage_gb: random.pick([80, 200, 500, 1000, 1920, 3840]),
    environment: network.environment,
    location: network.location,
    description: null,
    automatic: agent ? 1 : 0,
    agent_id: agent?.id ?? null,
    created_at: created,
    last_check_time: agent ? agent.last_seen_at : created,
  };
}

/**
 * The servers' links, held until every server is written. A link is held as its server's number
 * (a million rows of links would keep the garbage collector busy), with the server's columns the
 * link rows copy.
 */
interface ServerLinks {
  serverIds: string[];
  serverNames: string[];
  serverEnvironments: (string | null)[];
  serverCreated: string[];
  /** Per application (by number), its servers' numbers. */
  serversOf: number[][];
  /** The numbers of the tagged servers, and the tag of each. */
  tagged: number[];
  taggedWith: string[];
}

/**
 * Makes the agents and the servers, a chunk at a time (the agents once the first chunk named their
 * hosts), each server in one application and some tagged; then their links.
 */
async function seedServers(
  ctx: SeedContext,
  related: { applications: Row[]; tags: Taxonomy['tags']; networks: Network[] },
) {
  const { random, writer, size } = ctx;
  const { applications, tags } = related;
  const agents = makeAgents(ctx);
  const sources: ServerSources = { networks: related.networks, agents, generatedNames: new Map() };
  const reported: string[] = [];
  const links: ServerLinks = {
    serverIds: [],
    serverNames: [],
    serverEnvironments: [],
    serverCreated: [],
    serversOf: applications.map(() => [] as number[]),
    tagged: [],
    taggedWith: [],
  };
  const applicationNumber = new Map(applications.map((application, i) => [application, i]));
  for (let start = 0; start < size; start += CHUNK_ROWS) {
    const servers = Array.from({ length: Math.min(CHUNK_ROWS, size - start) }, (_, i) =>
      makeServer(ctx, sources, start + i),
    );
    if (start === 0) await writer.insert('agents', agents);
    await writer.insert('servers', servers, size);
    for (const s of servers) {
      const n = links.serverIds.push(s.id as string) - 1;
      links.serverNames.push(s.name as string);
      links.serverEnvironments.push((s.environment as string | null) ?? null);
      links.serverCreated.push(s.created_at as string);
      if (s.agent_id) reported.push(s.id as string);
      links.serversOf[applicationNumber.get(random.pick(applications))!]!.push(n);
      if (random.chance(0.3)) {
        links.tagged.push(n);
        links.taggedWith.push(random.pick(tags).id as string);
      }
      const id = s.id as string;
      writer.created('server', id, sources.generatedNames.get(id) ?? (s.name as string), s.created_at as string);
    }
    await writer.flushAudit();
  }
  await writeServerLinks(ctx, applications, links);
  for (const a of agents) writer.created('agent', a.id, a.name, a.created_at, 'access');
  return { agents, reported };
}

/**
 * Writes the servers' application links, then their tags, a chunk at a time. Each application's
 * links together, applications and servers in the order their (UUID v7) ids were made: the rows
 * come in primary-key order, which the load would otherwise sort. The links carry their server's
 * name (LINK_NAME_COPIES, db/storage.ts): a load takes a copy it is given, where finding each
 * server's name would cost a lookup per link.
 */
async function writeServerLinks(ctx: SeedContext, applications: Row[], links: ServerLinks): Promise<void> {
  const { writer, ws, size } = ctx;
  const { serverIds, serverNames, serverEnvironments, serverCreated, tagged, taggedWith } = links;
  let rows: Row[] = [];
  for (const [a, numbers] of links.serversOf.entries()) {
    for (const n of numbers) {
      rows.push({
        workspace_id: ws,
        application_id: applications[a]!.id,
        server_id: serverIds[n],
        server_name: serverNames[n],
        server_environment: serverEnvironments[n],
        created_at: serverCreated[n],
      });
      if (rows.length === CHUNK_ROWS) {
        await writer.insert('application_servers', rows, size);
        rows = [];
      }
    }
  }
  await writer.insert('application_servers', rows, size);
  rows = [];
  for (const [i, n] of tagged.entries()) {
    rows.push({
      workspace_id: ws,
      server_id: serverIds[n],
      tag_id: taggedWith[i],
      server_name: serverNames[n],
      server_environment: serverEnvironments[n],
      created_at: serverCreated[n],
    });
    if (rows.length === CHUNK_ROWS) {
      await writer.insert('server_tags', rows, tagged.length);
      rows = [];
    }
  }
  await writer.insert('server_tags', rows, tagged.length);
}

/**
 * Makes the software each agent found on its server and adds it to the running install counts.
 * Returns how many discovered applications it made.
 */
async function seedDiscoveredSoftware(ctx: SeedContext, agents: Agent[], reported: string[]): Promise<number> {
  const { random, writer, ws, trx } = ctx;
  const discovered: Row[] = [];
  const installs = new Map<string, number>();
  for (const [i, agent] of agents.entries()) {
    const serverId = reported[i]!;
    for (const [name, vendor, version] of random.sample(words.SOFTWARE, random.int(12, 25))) {
      const missing = random.chance(0.03);
      discovered.push({
        workspace_id: ws,
        id: newId(),
        name,
        vendor,
        name_key: foldKey(name),
        vendor_key: foldKey(vendor),
        version,
        server_id: serverId,
        workstation_id: null,
        agent_id: agent.id,
        status: random.weighted([
          ['new', 70],
          ['ignored', 25],
          ['new', 5],
        ] as const),
        application_id: null,
        catalog_entry_id: matchCatalogEntry(name, vendor),
        first_seen_at: agent.created_at,
        last_seen_at: agent.last_seen_at,
        missing_since: missing ? agent.last_seen_at : null,
        last_update: agent.last_seen_at,
      });
      if (!missing) {
        const key = keyOf(name, vendor);
        installs.set(key, (installs.get(key) ?? 0) + 1);
      }
    }
  }
  await writer.insert('discovered_applications', discovered);
  // Added to the running totals, which an earlier seed or real agents may already hold.
  await writer.settle();
  await applyInstallDeltas(trx, ws, installs);
  writer.tables.add('software_installs');
  return discovered.length;
}

/** Makes the workstations, a chunk at a time. */
async function seedWorkstations(ctx: SeedContext, users: SeedUser[]): Promise<void> {
  const { writer } = ctx;
  const total = ctx.counts.workstations;
  for (let start = 0; start < total; start += CHUNK_ROWS) {
    const workstations = Array.from({ length: Math.min(CHUNK_ROWS, total - start) }, (_, i) =>
      makeWorkstation(ctx, users, start + i),
    );
    await writer.insert('workstations', workstations, total);
    for (const w of workstations) writer.created('workstation', w.id, w.name, w.created_at);
    await writer.flushAudit();
  }
}

/** Makes the `i`th workstation: most assigned to people, some with their warranty ending soon. */
function makeWorkstation(ctx: SeedContext, users: SeedUser[], i: number) {
  const { random, ws, now, at } = ctx;
  const [manufacturer, model, os] = random.pick(words.WORKSTATION_MODELS);
  const warrantyEnd = now + random.int(-400, 1100) * 86_400_000;
  const assigned = random.chance(0.85) ? random.pick(users).id : null;
  const created = new Date(warrantyEnd - 3 * 365 * 86_400_000 + 86_400_000).toISOString();
  return {
    workspace_id: ws,
    id: newId(),
    name: `WS-${String(i + 1).padStart(6, '0')}`,
    hostname: null,
    serial_number: `PF${random.int(1000000, 9999999)}`,
    manufacturer,
    model,
    os,
    os_version: null,
    cpu_cores: random.pick([4, 8, 10, 12]),
    memory_mb: 1024 * random.pick([8, 16, 32]),
    status: assigned
      ? 'in_use'
      : random.weighted([
          ['in_stock', 70],
          ['in_repair', 10],
          ['retired', 20],
        ] as const),
    assigned_user_id: assigned,
    purchase_date: isoDate(warrantyEnd - 3 * 365 * 86_400_000),
    warranty_end: isoDate(warrantyEnd),
    location: random.pick(words.LOCATIONS),
    automatic: 0,
    agent_id: null,
    created_at: created < new Date(now).toISOString() ? created : new Date(now - 86_400_000).toISOString(),
    last_check_time: at(60),
  };
}

/** Makes the data objects, each used by one to three applications (their create events come later). */
async function seedDataObjects(ctx: SeedContext, applications: Row[]) {
  const { random, writer, ws, at } = ctx;
  const dataObjects = Array.from({ length: clamp(ctx.counts.applications / 4, 5, 600) }, (_, i) => {
    const [name, classification, personal] = words.DATA_OBJECTS[i % words.DATA_OBJECTS.length]!;
    const created = at(600, 100);
    return {
      workspace_id: ws,
      id: newId(),
      name: i < words.DATA_OBJECTS.length ? name : `${name} (${Math.floor(i / words.DATA_OBJECTS.length) + 1})`,
      description: null,
      classification,
      personal_data: personal ? 1 : 0,
      retention_days: random.pick([365, 730, 1825, 3650, null]),
      ...stamps(created),
    };
  });
  await writer.insert('data_objects', dataObjects);
  await writer.insert(
    'data_object_applications',
    linkSome(ctx, dataObjects, applications, [1, 3], (d, a) => ({ data_object_id: d.id, application_id: a.id })),
  );
  return dataObjects;
}

/** Makes the contracts, some ending soon, each for one application (their create events come later). */
async function seedContracts(ctx: SeedContext, applications: Row[]) {
  const { random, writer, now } = ctx;
  const contracts = Array.from({ length: clamp(ctx.counts.applications / 2, 10, 1500) }, (_, i) => {
    const start = now - random.int(30, 1000) * 86_400_000;
    const end = random.chance(0.1)
      ? now + random.int(1, 90) * 86_400_000
      : start + random.pick([365, 730, 1095]) * 86_400_000;
    const vendor = random.pick(words.CONTRACT_VENDORS);
    const created = new Date(start - 20 * 86_400_000).toISOString();
    const offer = random.pick(['Enterprise', 'Support', 'Subscription', 'Licences']);
    return {
      workspace_id: ctx.ws,
      id: newId(),
      name: `${vendor} ${offer} ${new Date(start).getUTCFullYear()}-${i + 1}`,
      vendor,
      vendor_key: fold(vendor),
      type: random.weighted([
        ['subscription', 50],
        ['license', 20],
        ['support', 15],
        ['maintenance', 10],
        ['service', 5],
      ] as const),
      reference: `PO-${new Date(start).getUTCFullYear()}-${String(i + 1).padStart(5, '0')}`,
      start_date: isoDate(start),
      end_date: isoDate(end),
      renewal_date: isoDate(end),
      notice_period_days: random.pick([30, 60, 90]),
      auto_renew: random.chance(0.6) ? 1 : 0,
      amount: random.int(5, 2000) * 100,
      currency: random.weighted(words.CURRENCIES),
      billing_period: random.weighted([
        ['yearly', 60],
        ['monthly', 30],
        ['quarterly', 10],
      ] as const),
      seats: random.chance(0.7) ? random.int(5, 3000) : null,
      description: null,
      ...stamps(created),
    };
  });
  await writer.insert('contracts', contracts);
  await writer.insert(
    'contract_applications',
    linkEach(ctx, contracts, (c) => ({ contract_id: c.id, application_id: random.pick(applications).id })),
  );
  return contracts;
}

/** Makes the flows between two applications, each carrying up to two data objects (events come later). */
async function seedFlows(ctx: SeedContext, applications: Row[], dataObjects: Row[]): Promise<Row[]> {
  const { random, writer, ws, at } = ctx;
  const flows: Row[] = [];
  for (let i = 0; i < Math.round(applications.length * 1.5); i += 1) {
    const [source, target] = random.sample(applications, 2);
    const created = at(500, 10);
    flows.push({
      workspace_id: ws,
      id: newId(),
      name: `${source!.name} → ${target!.name}`,
      source_application_id: source!.id,
      target_application_id: target!.id,
      protocol: random.pick(['https', 'https', 'sftp', 'amqp', 'kafka', 'jdbc', 'soap', 'file']),
      frequency: random.pick(['real_time', 'hourly', 'daily', 'weekly', 'on_demand']),
      description: null,
      ...stamps(created),
    });
  }
  await writer.insert('flows', flows);
  await writer.insert(
    'flow_data_objects',
    linkSome(ctx, flows, dataObjects, [0, 2], (f, d) => ({ flow_id: f.id, data_object_id: d.id })),
  );
  return flows;
}

/** Makes the announcements, a week apart over the last month (their create events come later). */
async function seedAnnouncements(ctx: SeedContext) {
  const announcements = words.ANNOUNCEMENTS.map(([title, body, severity], i) => {
    const created = ctx.at(40 - i * 7, 30 - i * 7);
    return {
      workspace_id: ctx.ws,
      id: newId(),
      title,
      body,
      severity,
      starts_at: created,
      ends_at: new Date(Date.parse(created) + (i + 1) * 10 * 86_400_000).toISOString(),
      ...stamps(created),
    };
  });
  await ctx.writer.insert('announcements', announcements);
  return announcements;
}
