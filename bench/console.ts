// The console in Chromium: each page until shown (test/support/console-pages.ts), the response cache off, then
// on. Needs `npm run build` and Debian's chromium. `npm run bench -- console [--size N] [--iterations N]`.
import { createRegistry } from '../src/families/registry.js';
import { CLI_ACTOR } from '../src/base/audit/audit.types.js';
import { addMember } from '../src/features/accounts/members/members.service.js';
import { launchBrowser } from '../test/support/browser.js';
import { openConsolePages } from '../test/support/console-pages.js';
import { type Scenario, inWorkspace, seed, startApp, thousands, verdict } from './harness.js';

const TARGETS = { coldMs: 1000, withinMs: 300, pageMs: 1000, comboboxMs: 300 };
const PASSWORD = 'correct horse battery staple';

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
    for (const cache of [false, true]) {
      const { base, close } = await startApp(workspace, { responseCacheBytes: cache ? 32 << 20 : 0 });
      const signIn = await browser.newContext({ baseURL: base });
      const data = { email, password: PASSWORD };
      const login = await signIn.request.post('/ui/api/session', { data, headers: { origin: base } });
      if (!login.ok()) throw new Error(`sign-in: ${login.status()} ${await login.text()}`);
      const state = await signIn.storageState();
      await signIn.close();
      const times = await openConsolePages(browser, base, state, { tries: iterations });
      const label = cache ? 'cache on' : 'cache off';
      const rows = [
        ...times.lists.map((list) => {
          const [cold, within] = [Math.round(list.coldMs), Math.round(list.withinMs)];
          const target = `${judge(list.coldMs, TARGETS.coldMs)} / ${judge(list.withinMs, TARGETS.withinMs)}`;
          return [label, `/ui/${list.family}`, String(cold), String(within), target];
        }),
        ...times.pages.map((page) => [label, page.path, String(page.ms), '–', judge(page.ms, TARGETS.pageMs)]),
        [label, 'combobox options', '–', String(times.comboboxMs), judge(times.comboboxMs, TARGETS.comboboxMs)],
      ];
      const title = `${thousands(size)} servers, ${label}: ms until shown (best of ${iterations})`;
      report.table(title, ['cache', 'page', 'cold', 'from another page', 'target'], rows);
      await close();
    }
    report.note(
      `targets: a list cold ≤ ${TARGETS.coldMs} ms and from another page ≤ ${TARGETS.withinMs} ms, other ` +
        `pages ≤ ${TARGETS.pageMs} ms, combobox options ≤ ${TARGETS.comboboxMs} ms; ${missed} missed`,
    );
  }),
};
