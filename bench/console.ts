// The console in Chromium: each page until shown (test/support/console-pages.ts), the response cache off, then off
// with a write load beside it, then on. Needs `npm run build` and Debian's chromium.
// `npm run bench -- console [--size N] [--iterations N]`.
import { createRegistry } from '../src/families/registry.js';
import { CLI_ACTOR } from '../src/base/audit/audit.types.js';
import { addMember } from '../src/features/accounts/members/members.service.js';
import { launchBrowser } from '../test/support/browser.js';
import { type ConsoleTimes, openConsolePages, type PageKind } from '../test/support/console-pages.js';
import { type Scenario, child, inWorkspace, seed, startApp, thousands, verdict } from './harness.js';

/** ms: a page (and a list page, loaded) ≤ 500, a diagram ≤ 1,000; with writes beside, each ≤ twice its quiet time. */
const TARGETS = { listMs: 500, withinMs: 300, page: 500, list: 500, diagram: 1000, comboboxMs: 300, loaded: 2 };
const PASSWORD = 'correct horse battery staple';
/** The write load beside the pages: one PATCH of a server at a time, 50 ms apart (≤ 20 writes/s). */
const WRITE_EVERY_MS = 50;

type Pass = { label: string; cache: boolean; writes: boolean };
const PASSES: Pass[] = [
  { label: 'cache off', cache: false, writes: false },
  { label: 'cache off, writes beside', cache: false, writes: true },
  { label: 'cache on', cache: true, writes: false },
];

export const scenario: Scenario = {
  title: 'The console in Chromium',
  defaults: (quick) => ({ size: quick ? 2000 : 100_000, iterations: quick ? 1 : 3 }),
  run: inWorkspace(async (workspace, report, { settings: { size, iterations } }) => {
    await seed(workspace, size);
    const email = 'console-bench@example.test';
    const person = { workspaceId: workspace.workspaceId, email, name: 'Bench', role: 'admin' as const };
    await addMember(workspace.database, async () => createRegistry(), { ...person, password: PASSWORD }, CLI_ACTOR);
    const browser = await launchBrowser();
    workspace.defer(() => browser.close());
    let missed = 0;
    const judge = (ms: number, target: number) => {
      missed += ms <= target ? 0 : 1;
      return verdict(ms <= target);
    };
    let quiet: ConsoleTimes | undefined;
    for (const pass of PASSES) {
      const { base, close } = await startApp(workspace, { responseCacheBytes: pass.cache ? 32 << 20 : 0 });
      const signIn = await browser.newContext({ baseURL: base });
      const data = { email, password: PASSWORD };
      const login = await signIn.request.post('/ui/api/session', { data, headers: { origin: base } });
      if (!login.ok()) throw new Error(`sign-in: ${login.status()} ${await login.text()}`);
      const state = await signIn.storageState();
      const listed = await signIn.request.get('/ui/api/v1/servers?limit=200&sort=-name');
      const ids = ((await listed.json()) as { data: { id: string }[] }).data.map((server) => server.id);
      await signIn.close();
      const urls = ids.map((id) => `${base}/public/v1/servers/${id}`);
      const writer = pass.writes
        ? child({ kind: 'writes', urls, headers: workspace.auth, everyMs: WRITE_EVERY_MS })
        : undefined;
      const times = await openConsolePages(browser, base, state, { tries: iterations, every: true });
      writer?.stop();
      const written = await writer?.result;
      if (written && written.non2xx > 0) report.fail(`${written.non2xx} of the writes beside were refused`);
      /** Beside writes: the page's time against twice its quiet one; else against its own target. */
      const against = (ms: number, quietMs: number | undefined, target: number) =>
        pass.writes && quietMs !== undefined
          ? `${judge(ms, Math.max(TARGETS.loaded * quietMs, 1))} (quiet ${quietMs})`
          : judge(ms, target);
      const rows = [
        ...times.lists.map((list, i) => {
          const [cold, within] = [Math.round(list.coldMs), Math.round(list.withinMs)];
          const before = quiet?.lists[i];
          const target =
            `${against(list.coldMs, before && Math.round(before.coldMs), TARGETS.listMs)} / ` +
            against(list.withinMs, before && Math.round(before.withinMs), TARGETS.withinMs);
          return [pass.label, `/ui/${list.family}`, String(cold), String(within), target];
        }),
        ...times.pages.map((page, i) => [
          pass.label,
          page.path,
          String(page.ms),
          '–',
          against(page.ms, quiet?.pages[i]?.ms, TARGETS[page.kind satisfies PageKind]),
        ]),
        [
          pass.label,
          'combobox options',
          '–',
          String(times.comboboxMs),
          against(times.comboboxMs, quiet?.comboboxMs, TARGETS.comboboxMs),
        ],
      ];
      const load = written ? `; ${written.total} writes beside (${Math.round(written.reqPerSec)}/s)` : '';
      const title = `${thousands(size)} servers, ${pass.label}: ms until shown (best of ${iterations})${load}`;
      report.table(title, ['pass', 'page', 'cold', 'from another page', 'target'], rows);
      if (!pass.cache && !pass.writes) quiet = times;
      await close();
    }
    report.note(
      `targets: a page or a list page loaded ≤ ${TARGETS.page} ms, from another page ≤ ${TARGETS.withinMs} ms, a ` +
        `diagram ≤ ${TARGETS.diagram} ms, combobox options ≤ ${TARGETS.comboboxMs} ms; with writes beside, each ≤ ` +
        `${TARGETS.loaded} × its quiet time; ${missed} missed`,
    );
  }),
};
