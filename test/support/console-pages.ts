/**
 * The console's pages opened as a person would, with the time each took to show its content: every
 * list page cold (a new browser context, empty cache) and from another page by its link, the
 * detail, software, dashboard, diagram and search pages cold, and a combobox's options from the
 * last key typed. test/surfaces/console/console-scale.test.ts checks what each page shows at 100,000 servers;
 * `npm run bench -- console` judges the times against their targets (speed belongs in bench/).
 */
import type { Browser, BrowserContextOptions, Page, Request } from 'playwright-core';

export interface ConsoleTimes {
  /** Per list page: ms until its first page of rows was shown, loaded (cold, by default) and from another page. */
  lists: { family: string; coldMs: number; withinMs: number }[];
  /** Per other page: ms from navigation until its content was shown, cold; `kind` sets its target. */
  pages: { path: string; ms: number; kind: PageKind }[];
  /** ms from the last key typed in a combobox to the option it names. */
  comboboxMs: number;
}

/** When the list page last showed a page of rows, by the page's own clock (performance.mark in list-page.tsx). */
async function shownAt(page: Page, family: string, since = 0): Promise<number> {
  // Polled with evaluate (the DevTools protocol): waitForFunction would need eval, which the pages' CSP forbids.
  const read = `(performance.getEntriesByName('estate:list-shown')
    .filter((entry) => entry.detail === ${JSON.stringify(family)} && entry.startTime >= ${since})
    .at(-1) ?? { startTime: -1 }).startTime`;
  for (let attempt = 0; attempt < 1500; attempt++) {
    const at = (await page.evaluate(read)) as number;
    if (at >= 0) return at;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the ${family} list was not shown within 30 s`);
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A list's `sort` parameter in its query schema: an enum of sorts, beside a custom field's pattern. */
type SortSchema = { enum?: unknown[]; anyOf?: { enum?: unknown[] }[] };

/** What an opened page is: a page (home, detail, search, a dashboard), a list page by its URL, or a diagram. */
export type PageKind = 'page' | 'list' | 'diagram';
/** A page to open: its path, what it is, and how to know it is shown (a list page: by its own clock). */
type Opened = [path: string, kind: PageKind, shown: (page: Page) => Promise<unknown>];

/**
 * Every other page a person opens (`every`, the benchmark's): home, the servers list deep in its
 * pages and in each of its sorts both ways, each dashboard and each diagram.
 */
async function everyPage(json: <T>(path: string) => Promise<T>): Promise<Opened[]> {
  const families = await json<{ key: string; listQuery: { properties?: { sort?: SortSchema } } }[]>('/ui/api/families');
  const sort = families.find((family) => family.key === 'servers')?.listQuery.properties?.sort;
  // Each named sort both ways, as the list page offers them (its enum; not a custom field's pattern).
  const named = (sort?.enum ?? sort?.anyOf?.find((option) => option.enum)?.enum ?? []).map(String);
  const { pagination } = await json<{ pagination: { total: number } }>('/ui/api/v1/servers?limit=1');
  const last = Math.max(0, Math.floor((pagination.total - 1) / 50) * 50);
  const list = (query: string): Opened => [`/ui/servers?${query}`, 'list', (page) => shownAt(page, 'servers')];
  const dashboards = await json<{ name: string }[]>('/ui/api/v1/dashboards');
  const diagrams = await json<{ name: string }[]>('/ui/api/v1/diagrams');
  return [
    ['/ui/', 'page', (page) => page.locator('dl.counts').waitFor()],
    list(`offset=${Math.min(last, 49_950)}`),
    list(`offset=${last}`),
    ...named.map((sort) => list(`sort=${encodeURIComponent(sort)}`)),
    ...dashboards.map(
      ({ name }): Opened => [`/ui/dashboards/${name}`, 'page', (page) => page.locator('.widget').first().waitFor()],
    ),
    ...diagrams.map(
      ({ name }): Opened => [
        `/ui/diagrams/${name}`,
        'diagram',
        (page) => page.locator('.diagram svg').first().waitFor(),
      ],
    ),
  ];
}

/**
 * Opens every page `tries` times (the best time counts) as the signed-in person of `state`. Throws
 * when a page does not show its content, or a list page reads more than one page of 50. `cold`
 * (the benchmark's) opens each page in a new browser context, with an empty cache, as a new
 * visitor would; otherwise (a test, which times nothing) each is loaded in one page: the app
 * starts anew at each load all the same, and the browser starts no process per page.
 */
export async function openConsolePages(
  browser: Browser,
  origin: string,
  state: NonNullable<BrowserContextOptions['storageState']>,
  { tries = 1, cold = true, every = false }: { tries?: number; cold?: boolean; every?: boolean } = {},
): Promise<ConsoleTimes> {
  const context = async () => {
    const made = await browser.newContext({
      viewport: { width: 1280, height: 720 },
      baseURL: origin,
      storageState: state,
    });
    made.setDefaultTimeout(60_000); // a page at 100,000 servers while other jobs hold the cores
    return made;
  };
  const api = await context();
  let reused: Page | undefined;
  /** A page to load: in a context of its own when cold, else always the same one. */
  const fresh = async (): Promise<{ page: Page; done(): Promise<void> }> => {
    if (!cold) {
      reused ??= await api.newPage();
      return { page: reused, done: async () => undefined };
    }
    const own = await context();
    return { page: await own.newPage(), done: () => own.close() };
  };
  const json = async <T>(path: string) => (await (await api.request.get(path)).json()) as T;
  const families = await json<{ key: string; many: string }[]>('/ui/api/families');
  // The service warms up once (connections, prepared statements, query plans): "cold" is the
  // browser's state, not a server that has never answered a list.
  for (const family of families) await api.request.get(`/ui/api/v1/${family.key}?limit=50`);

  const lists: ConsoleTimes['lists'] = [];
  for (const family of families) {
    let coldMs = Number.POSITIVE_INFINITY;
    let withinMs = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < tries; attempt++) {
      const { page, done } = await fresh();
      const reads: string[] = [];
      const listRead = (request: Request) => {
        const url = new URL(request.url());
        if (url.pathname === `/ui/api/v1/${family.key}`) reads.push(url.search);
      };
      page.on('request', listRead);
      await page.goto(`/ui/${family.key}`);
      coldMs = Math.min(coldMs, await shownAt(page, family.key));
      if (reads.length === 0 || !reads.every((search) => /limit=50\b/.test(search)))
        throw new Error(`${family.key}: the list read ${reads.join(' ') || 'nothing'}, not one page of 50`);
      // Within the console: from another page, by its link.
      const navigation = page.getByRole('navigation');
      await navigation.getByRole('link', { name: 'Roles', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Roles' }).waitFor();
      const clickedAt = (await page.evaluate('performance.now()')) as number;
      await navigation.getByRole('link', { name: capitalised(family.many), exact: true }).click();
      withinMs = Math.min(withinMs, (await shownAt(page, family.key, clickedAt)) - clickedAt);
      page.off('request', listRead);
      await done();
    }
    lists.push({ family: family.key, coldMs, withinMs });
  }

  const [server] = (await json<{ data: { id: string; name: string }[] }>('/ui/api/v1/servers?limit=1&sort=name')).data;
  if (!server) throw new Error('no server to open');
  const others: Opened[] = [
    [
      `/ui/servers/${server.id}`,
      'page',
      (page) => page.getByRole('heading', { level: 1, name: server.name }).waitFor(),
    ],
    ['/ui/discovered', 'page', (page) => page.locator('button.expander').first().waitFor()],
    ['/ui/dashboards/operations', 'page', (page) => page.locator('.widget').first().waitFor()],
    ['/ui/diagrams/network-mapping', 'diagram', (page) => page.locator('.diagram svg').first().waitFor()],
    ['/ui/search?q=10.1.9.2', 'page', (page) => page.getByText('(exact match)').first().waitFor()],
    ...(every ? await everyPage(json) : []),
  ];
  const pages: ConsoleTimes['pages'] = [];
  for (const [path, kind, shown] of others) {
    let best = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < tries; attempt++) {
      const { page, done } = await fresh();
      const started = Date.now();
      await page.goto(path);
      // A list page's own clock counts from the navigation's start; other pages, from the call.
      const at = await shown(page);
      best = Math.min(best, typeof at === 'number' ? at : Date.now() - started);
      await done();
    }
    pages.push({ path, ms: Math.round(best), kind });
  }

  // A combobox's options, from the last key typed (its debounce included) to the match shown.
  const page = await api.newPage();
  await page.goto('/ui/servers');
  await shownAt(page, 'servers');
  const box = page.getByRole('combobox', { name: 'Application' });
  const named = await json<{ data: { name: string }[] }>('/ui/api/v1/applications?limit=3&sort=-name');
  let comboboxMs = Number.POSITIVE_INFINITY;
  for (const { name } of named.data.slice(0, Math.max(tries, 1))) {
    await box.fill('');
    await box.pressSequentially(name.slice(0, 8));
    const started = Date.now();
    // The option of that very application: options shown before the search answered do not count.
    await page.getByRole('listbox', { name: 'Matches' }).getByRole('option', { name }).first().waitFor();
    comboboxMs = Math.min(comboboxMs, Date.now() - started);
  }
  await api.close();
  return { lists, pages, comboboxMs };
}
