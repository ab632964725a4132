/**
 * Scale: every list of /openapi.json at each seed size, up to 1M servers, with the requests of
 * the issue: unfiltered; each filter alone with a value that exists; a search matching few and one matching
 * many (and the searches `q=app-prod` and the audit log's `query=server`); each sort both ways;
 * offset=10000. Timed sequentially through app.inject: each request's warm-up (its first time cached: a
 * search's total is counted then), then rounds of every request once each, so a pause of the machine
 * falls on one sample of many requests rather than every sample of one.
 * Target at the largest size: p50 < 20 ms and at most 1.5 times the smallest size's (or under 1 ms more).
 */
import { performance } from 'node:perf_hooks';
import { type Scenario, fmt, percentile, seed, timed, withWorkspace } from './harness.js';
import { buildApp, type App } from '../src/app/app.js';

const TARGETS = { p50Ms: 20, ratio: 1.5, noiseMs: 1 };
const DEEP_OFFSET = 10_000;
/**
 * Searches whose matches cluster in their order: `app-prod` servers all
 * sort after `app-deve-…` and `app-disa-…` by name; `server` events are two thirds of the audit log,
 * but none among the newest (the seed dates servers 30 days back at the latest). A search asked again at
 * the same search version is read by its page's ids (SearchPage, src/db/search-counts.ts): their p50 is
 * that read; their `first` column is the window or the listing a first request pays.
 */
const NAMED_SEARCHES: Record<string, string> = { '/public/v1/servers': 'app-prod', '/public/v1/audit-log': 'server' };
/** Filters naming a person, by the role the person plays. */
const PEOPLE = new Set(['ownerId', 'memberId', 'assignedUserId', 'userId']);

type Item = Record<string, any>;
interface Request {
  label: string;
  url: string;
  judged: boolean;
}
interface Timing {
  p50: number;
  p99: number;
  first: number;
  total: number;
}

const inner = (schema: any): any => (schema?.anyOf ? inner(schema.anyOf.find((s: any) => s.type !== 'null')) : schema);

/** The value most items hold in `field` or in its list `<field>s`. */
function mostHeld(items: Item[], field: string): string | undefined {
  const counts = new Map<string, number>();
  for (const item of items)
    for (const value of [item[field], ...(Array.isArray(item[`${field}s`]) ? item[`${field}s`] : [])])
      if (typeof value === 'string' || typeof value === 'number')
        counts.set(`${value}`, (counts.get(`${value}`) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The four characters found in the most names: a search matching many rows. */
function commonText(names: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const name of names)
    for (const text of new Set(Array.from({ length: name.length - 3 }, (_, i) => name.toLowerCase().slice(i, i + 4))))
      if (!/\s/.test(text)) counts.set(text, (counts.get(text) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
}

const nameOf = (item: Item): string | undefined =>
  [item.name, item.title, item.resourceName, item.resource?.name].find((v) => typeof v === 'string' && v.length > 0);

/** The requests of every list operation (offset lists, the audit log's cursor list), with values found in the data. */
async function requestsOf(app: App, get: (url: string) => Promise<any>, only?: string) {
  const spec = (await app.inject({ url: '/openapi.json' })).json();
  const lists = Object.entries<any>(spec.paths).filter(([, methods]) => {
    const properties = methods.get?.responses['200']?.content?.['application/json']?.schema.properties ?? {};
    return (
      'pagination' in properties ||
      ('data' in properties && methods.get.parameters?.some((p: any) => p.name === 'cursor'))
    );
  });
  const paths = new Set(lists.map(([path]) => path));
  const first = async (url: string, limit = 200): Promise<Item[]> => (await get(`${url}?limit=${limit}`)).data ?? [];
  const requests: Request[] = [];
  const skipped: string[] = [];
  for (const [path, { get: operation }] of lists) {
    let url = path;
    const nested = /^(.*?)\/\{[^}]+\}(.*)$/.exec(path);
    if (nested) {
      const parent = (await first(nested[1]!, 1))[0];
      if (!parent) {
        skipped.push(path);
        continue;
      }
      url = `${nested[1]}/${parent.id}${nested[2]}`;
    }
    const parameters: any[] = (operation.parameters ?? []).filter((p: any) => p.in === 'query');
    const items = await first(url);
    const add = (label: string, query: Record<string, string>, judged = true) =>
      requests.push({
        label: `${path} ${label}`,
        url: `${url}?${new URLSearchParams({ limit: '50', ...query })}`,
        judged,
      });
    add('', {});
    for (const parameter of parameters) {
      const { name } = parameter;
      if (['limit', 'offset', 'sort', 'q', 'query', 'cursor'].includes(name)) continue;
      const schema = inner(parameter.schema);
      let value: string | undefined;
      if (schema.enum ?? schema.items?.enum) value = String((schema.enum ?? schema.items.enum)[0]);
      else if (schema.type === 'boolean') value = 'true';
      else if (schema.format === 'date' || schema.format === 'date-time')
        value = new Date().toISOString().slice(0, schema.format === 'date' ? 10 : undefined);
      else
        value =
          mostHeld(items, name) ??
          mostHeld(
            items.map((item) => item.actor ?? {}),
            name.replace(/^actor(\w)/, (_: string, c: string) => c.toLowerCase()),
          );
      if (value === undefined && schema.format === 'uuid') {
        // An id filter: the first item of the list it names (`sourceApplicationId`: source-applications, then
        // applications).
        const words = name
          .replace(/Id$/, '')
          .split(/(?=[A-Z])/)
          .map((word: string) => word.toLowerCase());
        const candidates = words.map(
          (_: string, i: number) => `/public/v1/${words.slice(i).join('-').replace(/y$/, 'ie')}s`,
        );
        const target =
          name === 'parentId'
            ? path
            : PEOPLE.has(name)
              ? '/public/v1/users'
              : candidates.find((c: string) => paths.has(c));
        value = target ? (await first(target, 1))[0]?.id : undefined;
      }
      if (value === undefined) skipped.push(`${path} ${name}`);
      else add(`${name}=`, { [name]: value });
    }
    const search = parameters.find((p) => p.name === 'q' || p.name === 'query')?.name;
    if (search) {
      const names = items.map(nameOf).filter((name): name is string => name !== undefined);
      const [few, many] = [names[Math.min(17, names.length - 1)], commonText(names)];
      if (few) add(`${search} (few)`, { [search]: few });
      if (many) add(`${search} (many)`, { [search]: many });
      const named = NAMED_SEARCHES[path];
      if (named) add(`${search}=${named}`, { [search]: named });
    }
    for (const sort of inner(parameters.find((p) => p.name === 'sort')?.schema)?.enum ?? [])
      add(`sort=${sort}`, { sort });
    if (parameters.some((p) => p.name === 'offset')) add(`offset=${DEEP_OFFSET}`, { offset: `${DEEP_OFFSET}` }, false);
  }
  return { requests: only ? requests.filter((request) => request.label.includes(only)) : requests, skipped };
}

export const scenario: Scenario = {
  title: 'Scale: every list, filter, sort and search',
  defaults: (quick) => ({
    sizes: quick ? [1000, 5000] : [10_000, 100_000, 1_000_000],
    iterations: quick ? 3 : 20,
  }),
  async run(bench) {
    const { sizes, iterations, only, quick } = bench.settings;
    const warmups = quick ? 1 : 3;
    const runs: { size: number; seedSeconds: number; timings: Map<string, Timing & Request> }[] = [];
    for (const size of sizes)
      await withWorkspace(bench, async (workspace) => {
        const seedSeconds = await seed(workspace, size);
        // Every request computed: a page cached under the data version (RESPONSE_CACHE_MB) would time the
        // memory, not the query, from the second iteration on.
        const app = await buildApp({ database: workspace.database, logger: false, responseCacheBytes: 0 });
        try {
          const get = async (url: string) => {
            const response = await app.inject({ url, headers: workspace.auth });
            if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
            return response.json();
          };
          const { requests, skipped } = await requestsOf(app, get, only);
          const started = performance.now();
          const firsts = new Map<Request, { ms: number; total: number }>();
          for (const request of requests) {
            const { p50: ms, last } = await timed(() => get(request.url), 0, 1);
            firsts.set(request, { ms, total: last.pagination?.total ?? last.total ?? -1 });
            await timed(() => get(request.url), warmups - 1, 0);
          }
          const samples = new Map(requests.map((request) => [request, [] as number[]]));
          for (let i = 0; i < iterations; i++)
            for (const request of requests) samples.get(request)!.push((await timed(() => get(request.url), 0, 1)).p50);
          const timings = new Map(
            requests.map((request) => {
              const sorted = samples.get(request)!.sort((a, b) => a - b);
              const { ms, total } = firsts.get(request)!;
              return [
                request.label,
                { ...request, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), first: ms, total },
              ];
            }),
          );
          const seconds = (performance.now() - started) / 1000;
          console.log(`  ${requests.length} requests × ${iterations} in ${fmt(seconds, 0)} s`);
          if (skipped.length) console.log(`  no value found for ${skipped.join(', ')}`);
          runs.push({ size, seedSeconds, timings });
        } finally {
          await app.close();
        }
      });

    const [smallest, largest] = [runs[0]!, runs.at(-1)!];
    const rows: string[][] = [];
    let met = 0;
    let judged = 0;
    for (const [label, timing] of largest.timings) {
      const base = smallest.timings.get(label);
      const ratio = base ? timing.p50 / base.p50 : Number.NaN;
      const flat = !(ratio > TARGETS.ratio) || timing.p50 - base!.p50 < TARGETS.noiseMs || runs.length === 1;
      const ok = timing.p50 < TARGETS.p50Ms && flat;
      judged += timing.judged ? 1 : 0;
      met += timing.judged && ok ? 1 : 0;
      const p50s = runs.map((run) => fmt(run.timings.get(label)?.p50 ?? Number.NaN));
      const verdict = !timing.judged ? 'offset' : ok ? 'ok' : '**miss**';
      rows.push([label, ...p50s, fmt(timing.p99), fmt(timing.first), fmt(ratio, 2), String(timing.total), verdict]);
    }
    const sizeNames = sizes.map((size) => size.toLocaleString('en'));
    return {
      notes: [
        `seed ${runs.map((run) => `${run.size.toLocaleString('en')}: ${fmt(run.seedSeconds)} s`).join(', ')}`,
        `targets met by ${met} of ${judged} requests (p50 < ${TARGETS.p50Ms} ms at the largest size, ` +
          `ratio ≤ ${TARGETS.ratio} or under ${TARGETS.noiseMs} ms more)`,
      ],
      tables: [
        {
          title: `Lists, p50 ms at each size (${iterations} rounds); p99 and first request at the largest`,
          columns: ['request', ...sizeNames.map((s) => `p50 ${s}`), 'p99', 'first', 'ratio', 'total', 'target'],
          rows,
        },
      ],
    };
  },
};
