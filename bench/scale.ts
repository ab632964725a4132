// Lists at scale: every list of /openapi.json (each filter, searches, each sort, a deep offset) at each seed size,
// through app.inject in rounds of every request once (`scale`), and filters and sorts on custom fields.
import { sql } from 'kysely';
import { CLI_ACTOR } from '../src/base/audit/audit.types.js';
import type { CreateCustomField } from '../src/base/custom-fields/fields.schemas.js';
import { createField } from '../src/features/custom-fields/fields.service.js';
import { fieldIndexesSettled } from '../src/base/custom-fields/indexes.js';
import { createRole } from '../src/features/accounts/roles/custom-roles.service.js';
import { createKey } from '../src/features/accounts/keys/keys.service.js';
import { findFirstAdmin } from '../src/features/accounts/members/members.service.js';
import { createRegistry } from '../src/families/registry.js';
import type { App } from '../src/base/http/types.js';
import { listOperations, type Schema } from '../test/support/list-operations.js';
import { Report, type Scenario, fmt, inWorkspace, inject, percentile, seed, startApp, thousands } from './harness.js';
import { timed, verdict, withWorkspace, type Workspace } from './harness.js';

const GOALS = { p50Ms: 20, ratio: 1.5, noiseMs: 1 };
const TARGET = `p50 < ${GOALS.p50Ms} ms at the largest size, ratio ≤ ${GOALS.ratio} or under ${GOALS.noiseMs} ms more`;
const DEEP_OFFSET = 10_000;
// Searches whose matches cluster in their order (`app-prod` servers sort after `app-deve-…`; no `server` event is
// among the newest): `first` is what a first request pays, later ones read the page's ids
// (src/base/db/search-counts.ts).
const NAMED_SEARCHES: Record<string, string> = { '/public/v1/servers': 'app-prod', '/public/v1/audit-log': 'server' };
/** Filters naming a person, by the role the person plays. */
const PEOPLE = new Set(['ownerId', 'memberId', 'assignedUserId', 'userId']);
type Item = Record<string, unknown>;
type Answer = { data?: Item[]; pagination?: { total: number }; total?: number };
/** A request of the run; `first` and `total` from its first time, `times` from the rounds. */
type Request = { label: string; url: string; judged: boolean; first: number; total: number; times: number[] };
const inner = (schema?: Schema): Schema | undefined =>
  schema?.anyOf ? inner(schema.anyOf.find((s) => s.type !== 'null')) : schema;

/** The value found most often: among equals the first found, or with `alphabetical` the first in order. */
function mostCommon(values: string[], alphabetical = false): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (alphabetical ? (a[0] < b[0] ? -1 : 1) : 0))[0]?.[0];
}
/** The value most items hold in `field` or in its list `<field>s`. */
const mostHeld = (items: Item[], field: string) =>
  mostCommon(items.flatMap((item) => [item[field], ...list(item[`${field}s`])].filter(isKey).map(String)));
const list = (value: unknown) => (Array.isArray(value) ? value : []);
const isKey = (value: unknown) => typeof value === 'string' || typeof value === 'number';
/** The four characters found in the most names (each once a name, none with white space): a search matching many. */
const commonText = (names: string[]) =>
  mostCommon(names.flatMap((name) => [...new Set(pieces(name))]).filter(solid), true);
const pieces = (name: string) => Array.from({ length: name.length - 3 }, (_, i) => name.toLowerCase().slice(i, i + 4));
const solid = (text: string) => !/\s/.test(text);

const nameOf = ({ name, title, resourceName, resource }: Item) =>
  [name, title, resourceName, (resource as Item | undefined)?.name].find((v) => typeof v === 'string' && v);

/** The requests of every list operation (offset lists, the audit log's cursor list), with values found in the data. */
async function requestsOf(app: App, get: (url: string) => Promise<Answer>) {
  const lists = await listOperations(app);
  const paths = new Set(lists.map(([path]) => path));
  const first = async (url: string, limit = 200) => (await get(`${url}?limit=${limit}`)).data ?? [];
  const [requests, skipped] = [[] as Request[], [] as string[]];
  for (const [path, operation] of lists) {
    const nested = /^(.*?)\/\{[^}]+\}(.*)$/.exec(path);
    const parent = nested && (await first(nested[1]!, 1))[0];
    if (nested && !parent) {
      skipped.push(path);
      continue;
    }
    const url = nested ? `${nested[1]}/${parent!.id}${nested[2]}` : path;
    const parameters = (operation.parameters ?? []).filter((p) => p.in === 'query');
    const items = await first(url);
    const add = (label: string, query: Record<string, string>, judged = true) => {
      const search = new URLSearchParams({ limit: '50', ...query });
      requests.push({ label: `${path} ${label}`, url: `${url}?${search}`, judged, first: 0, total: 0, times: [] });
    };
    add('', {});
    for (const { name, schema: outer } of parameters) {
      if (['limit', 'offset', 'sort', 'q', 'query', 'cursor'].includes(name)) continue;
      const schema = inner(outer) ?? {};
      const choices = schema.enum ?? schema.items?.enum;
      const actors = items.map((item) => (item.actor ?? {}) as Item);
      const actor = name.replace(/^actor(\w)/, (_, c: string) => c.toLowerCase());
      let value: string | undefined;
      if (choices) value = String(choices[0]);
      else if (schema.type === 'boolean') value = 'true';
      else if (schema.format === 'date' || schema.format === 'date-time')
        value = new Date().toISOString().slice(0, schema.format === 'date' ? 10 : undefined);
      else value = mostHeld(items, name) ?? mostHeld(actors, actor);
      if (value === undefined && schema.format === 'uuid') {
        // An id filter: the first item of the list it names (sourceApplicationId: source-applications, applications).
        const words = name
          .replace(/Id$/, '')
          .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
          .split('-');
        const candidates = words.map((_, i) => `/public/v1/${words.slice(i).join('-').replace(/y$/, 'ie')}s`);
        const target =
          name === 'parentId' ? path : PEOPLE.has(name) ? '/public/v1/users' : candidates.find((c) => paths.has(c));
        value = target ? ((await first(target, 1))[0]?.id as string | undefined) : undefined;
      }
      if (value === undefined) skipped.push(`${path} ${name}`);
      else add(`${name}=`, { [name]: value });
    }
    const search = parameters.find((p) => p.name === 'q' || p.name === 'query')?.name;
    const names = items.map(nameOf).filter((name) => typeof name === 'string');
    const [few, many, named] = [names[Math.min(17, names.length - 1)], commonText(names), NAMED_SEARCHES[path]];
    if (search && few) add(`${search} (few)`, { [search]: few });
    if (search && many) add(`${search} (many)`, { [search]: many });
    if (search && named) add(`${search}=${named}`, { [search]: named });
    for (const sort of inner(parameters.find((p) => p.name === 'sort')?.schema)?.enum ?? [])
      add(`sort=${sort}`, { sort: String(sort) });
    if (parameters.some((p) => p.name === 'offset')) add(`offset=${DEEP_OFFSET}`, { offset: `${DEEP_OFFSET}` }, false);
  }
  return { requests, skipped };
}

// `npm run bench -- scale [--sizes N,N] [--only TEXT]`: p50 < 20 ms at the largest size, ≤ 1.5 × the smallest's.
export const scenario: Scenario = {
  title: 'Scale: every list, filter, sort and search',
  defaults: (quick) => ({ sizes: quick ? [1000, 5000] : [10_000, 100_000, 1_000_000], iterations: quick ? 3 : 20 }),
  async run(bench) {
    const { sizes, iterations, only, quick } = bench.settings;
    const runs: { size: number; seedSeconds: number; requests: Map<string, Request> }[] = [];
    for (const size of sizes)
      await withWorkspace(bench, async (workspace) => {
        const seedSeconds = await seed(workspace, size);
        // Every request computed: a cached page would time the memory, not the query, from the second round on.
        const { app } = await startApp(workspace, { responseCacheBytes: 0 });
        const get = async (url: string) => (await inject(app, url, workspace.auth)).json<Answer>();
        const found = await requestsOf(app, get);
        const requests = found.requests.filter((request) => !only || request.label.includes(only));
        const started = performance.now();
        for (const request of requests) {
          const { p50, last } = await timed(() => get(request.url), 0, 1);
          Object.assign(request, { first: p50, total: last.pagination?.total ?? last.total ?? -1 });
          await timed(() => get(request.url), quick ? 0 : 2, 0);
        }
        for (let i = 0; i < iterations; i++)
          for (const request of requests) request.times.push((await timed(() => get(request.url), 0, 1)).p50);
        for (const request of requests) request.times.sort((a, b) => a - b);
        const seconds = fmt((performance.now() - started) / 1000, 0);
        console.log(`  ${requests.length} requests × ${iterations} in ${seconds} s`);
        if (found.skipped.length) console.log(`  no value found for ${found.skipped.join(', ')}`);
        runs.push({ size, seedSeconds, requests: new Map(requests.map((request) => [request.label, request])) });
      });
    const [smallest, largest] = [runs[0]!, runs.at(-1)!];
    const p50Of = (request?: Request) => (request ? percentile(request.times, 0.5) : Number.NaN);
    const rows: string[][] = [];
    let [met, judged] = [0, 0];
    for (const [label, request] of largest.requests) {
      const [base, last] = [p50Of(smallest.requests.get(label)), p50Of(request)];
      const ratio = last / base; // NaN where the smallest size has no such request
      const flat = !(ratio > GOALS.ratio) || last - base < GOALS.noiseMs || runs.length === 1;
      const ok = last < GOALS.p50Ms && flat;
      judged += request.judged ? 1 : 0;
      met += request.judged && ok ? 1 : 0;
      const p50s = runs.map((run) => fmt(p50Of(run.requests.get(label))));
      const [p99, target] = [fmt(percentile(request.times, 0.99)), request.judged ? verdict(ok) : 'offset'];
      rows.push([label, ...p50s, p99, fmt(request.first), fmt(ratio, 2), String(request.total), target]);
    }
    const p50s = sizes.map((size) => `p50 ${thousands(size)}`);
    const columns = ['request', ...p50s, 'p99', 'first', 'ratio', 'total', 'target'];
    const seeds = runs.map((run) => `${thousands(run.size)}: ${fmt(run.seedSeconds)} s`).join(', ');
    return new Report()
      .table(`Lists, p50 ms at each size (${iterations} rounds); p99 and first request at the largest`, columns, rows)
      .note(`seed ${seeds}`, `targets met by ${met} of ${judged} requests (${TARGET})`);
  },
};

const FIELD_COLUMNS = ['request', 'cache', 'first ms', 'p50 ms', 'p99 ms', 'total', 'target'];
const FIELDS: Omit<CreateCustomField, 'family'>[] = [
  { name: 'rack_unit', type: 'integer', filterable: true },
  { name: 'cost', type: 'decimal', filterable: true },
  { name: 'tier', type: 'select', choices: ['gold', 'silver', 'bronze', 'lead'], filterable: true },
  { name: 'warranty', type: 'date', filterable: true },
  { name: 'cost_centre', type: 'text', filterable: true, searchable: true },
];

/** Every server's values, computed from its row number in SQL: one statement for the whole table. */
function fill(dialect: string) {
  const n = sql`numbered.n`;
  const values =
    dialect === 'postgres'
      ? sql`json_build_object('rack_unit', ${n} % 48 + 1, 'cost', (${n} % 5000) / 4.0,
          'tier', (ARRAY['gold','silver','bronze','lead'])[${n} % 4 + 1],
          'warranty', to_char(DATE '2024-01-01' + (${n} % 1500)::int, 'YYYY-MM-DD'),
          'cost_centre', 'CC-' || lpad((${n} % 2000)::text, 4, '0'))::text`
      : sql`json_object('rack_unit', ${n} % 48 + 1, 'cost', (${n} % 5000) / 4.0,
          'tier', CASE ${n} % 4 WHEN 0 THEN 'gold' WHEN 1 THEN 'silver' WHEN 2 THEN 'bronze' ELSE 'lead' END,
          'warranty', date('2024-01-01', '+' || (${n} % 1500) || ' days'),
          'cost_centre', 'CC-' || substr('0000' || (${n} % 2000), -4))`;
  // Rows numbered by id (the seed's ids are random): the same spread of values on both databases.
  return sql`UPDATE servers SET custom_fields = valued.v FROM (
      SELECT id AS nid, ${values} AS v FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM servers) AS numbered
    ) AS valued WHERE servers.id = valued.nid`;
}

/** Each request timed with the response cache off, then on: its rows, and how many judged ones met the p50 goal. */
async function cacheOffThenOn(
  workspace: Workspace,
  auth: Record<string, string>,
  requests: { label: string; url: string; judged: boolean }[],
  iterations: number,
) {
  const rows: string[][] = [];
  let [met, judged] = [0, 0];
  for (const cache of [false, true]) {
    const { app, close } = await startApp(workspace, { responseCacheBytes: cache ? 32 * 1024 * 1024 : 0 });
    for (const request of requests) {
      const get = async () => (await inject(app, request.url, auth)).json<{ pagination: { total: number } }>();
      const first = await timed(get, 0, 1);
      const { p50, p99, last } = await timed(get, 2, iterations);
      const judging = request.judged && !cache;
      [judged, met] = [judged + Number(judging), met + Number(judging && p50 < GOALS.p50Ms)];
      const figures = [fmt(first.p50), fmt(p50), fmt(p99), String(last.pagination.total)];
      rows.push([request.label, cache ? 'on' : 'off', ...figures, judging ? verdict(p50 < GOALS.p50Ms) : '']);
    }
    await close();
  }
  return { rows, met, judged };
}

/** The judged requests' labels, each ending with its query; the unfiltered list is timed too, not judged. */
const REQUESTS = `equality: cf_cost_centre=CC-0042 | equality, any of: cf_rack_unit=7&cf_rack_unit=8
  | range: cf_warranty__gte=2027-12-01 | range: cf_cost__lt=2 | sort=cf_cost | sort=-cf_warranty
  | contains: cf_cost_centre__ic=0042`.split(/\s*\|\s*/);

// Custom fields at scale: five filterable fields set on every seeded server, then lists by equality, range and
// contains filters and sorts on them, the cache off and then on. `npm run bench -- custom-fields [--size N]`.
export const customFields: Scenario = {
  title: 'Custom fields: filters and sorts at scale',
  defaults: (quick) => ({ size: quick ? 5000 : 1_000_000, iterations: quick ? 3 : 20 }),
  run: inWorkspace(async (workspace, report, { settings: { size, iterations } }) => {
    const { database, workspaceId } = workspace;
    await seed(workspace, size);
    for (const field of FIELDS) await createField(database, workspaceId, { family: 'servers', ...field }, CLI_ACTOR);
    const started = performance.now();
    await fill(database.dialect).execute(database.db);
    // PostgreSQL builds the fields' indexes after their definitions commit (CONCURRENTLY).
    await fieldIndexesSettled(database);
    await sql`ANALYZE`.execute(database.db);
    console.log(`  five fields set on ${thousands(size)} servers in ${fmt((performance.now() - started) / 1000)} s`);
    const requests = ['unfiltered', ...REQUESTS].map((label) => {
      const query = label === 'unfiltered' ? '' : `&${label.slice(label.lastIndexOf(' ') + 1)}`;
      return { label, url: `/public/v1/servers?limit=50${query}`, judged: label !== 'unfiltered' };
    });
    const { rows, met, judged } = await cacheOffThenOn(workspace, workspace.auth, requests, iterations);
    report
      .table(`Servers by custom fields at ${thousands(size)} (${iterations} rounds)`, FIELD_COLUMNS, rows)
      .note(`cache off: ${met} of ${judged} judged requests under ${GOALS.p50Ms} ms p50 at ${thousands(size)}`);
  }),
};

// A restricted role's lists at scale: a key made from a role restricted to servers of one environment and one tag,
// its requests planned with the restriction, the cache off and then on. `npm run bench -- restricted [--size N]`.
export const restricted: Scenario = {
  title: 'Restricted roles: lists within a reach at scale',
  defaults: (quick) => ({ size: quick ? 5000 : 1_000_000, iterations: quick ? 3 : 20 }),
  run: inWorkspace(async (workspace, report, { settings: { size, iterations } }) => {
    const { database, workspaceId } = workspace;
    await seed(workspace, size);
    const tag = await sql<{ tag_id: string }>`SELECT tag_id FROM server_tags WHERE workspace_id = ${workspaceId}
      GROUP BY tag_id ORDER BY count(*) DESC LIMIT 1`.execute(database.db);
    const common = await sql<{ os: string }>`SELECT os FROM servers WHERE workspace_id = ${workspaceId}
      AND os IS NOT NULL GROUP BY os ORDER BY count(*) DESC LIMIT 1`.execute(database.db);
    const restrictions = { servers: { environment: ['staging'], tagId: [tag.rows[0]!.tag_id] } };
    const role = { workspaceId, name: 'staging', scopes: ['infrastructure:read'], restrictions };
    await createRole(database, createRegistry(), role, CLI_ACTOR);
    const maker = (await findFirstAdmin(database, workspaceId))!;
    const key = await createKey(database, { workspaceId, name: 'staging', role: 'staging', asMemberId: maker.id });
    const auth = { authorization: `Bearer ${key.secret}` };
    const os = encodeURIComponent(common.rows[0]!.os);
    const requests = ['', 'sort=-name', 'sort=hostname', 'q=app', `os=${os}`, 'offset=1000'].map((query) => ({
      label: query || 'within the reach',
      url: `/public/v1/servers?limit=50${query ? `&${query}` : ''}`,
      judged: !query.startsWith('offset'),
    }));
    const { rows, met, judged } = await cacheOffThenOn(workspace, auth, requests, iterations);
    report
      .table(
        `Servers within environment=staging and a tag, at ${thousands(size)} (${iterations} rounds)`,
        FIELD_COLUMNS,
        rows,
      )
      .note(`cache off: ${met} of ${judged} judged requests under ${GOALS.p50Ms} ms p50 at ${thousands(size)}`);
  }),
};
