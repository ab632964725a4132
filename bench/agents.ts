/**
 * Agent reports: enrolled agents send their first reports, then steady-state reports under load
 * (autocannon, one report in flight per agent), then one more each, after which the stored software must
 * be exactly the lists last sent and the install counts must match the live rows. Then one large report
 * (first, identical, steady, a distribution upgrade), and the stall check: /public/v1/me probed every 20 ms
 * from another process while two agents send large reports back to back.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { enrollAgent } from '../src/agents/agents.service.js';
import {
  type Scenario,
  type Workspace,
  child,
  eventLoopDelay,
  fmt,
  percentile,
  startApp,
  waitForIdle,
  withWorkspace,
} from './harness.js';
import { agentReport, type ReportingAgent } from './load.js';

const TARGETS = { reportsPerSecond: 500, p99Ms: 50, meP99Ms: 50 };

async function post(base: string, token: string, body: string): Promise<number> {
  const started = performance.now();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const response = await fetch(`${base}/agent/v1/report`, { method: 'POST', headers, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`report answered ${response.status}: ${text.slice(0, 300)}`);
  return performance.now() - started;
}

/** Every agent reports once, one after the other: reports/s, p50 and p99. */
async function pass(base: string, agents: ReportingAgent[], software: number): Promise<string[]> {
  const started = performance.now();
  const times: number[] = [];
  for (const agent of agents) times.push(await post(base, agent.token, agentReport(agent.index, software, agent.step)));
  times.sort((a, b) => a - b);
  const perSecond = (1000 * agents.length) / (performance.now() - started);
  return [fmt(perSecond, 0), fmt(percentile(times, 0.5)), fmt(percentile(times, 0.99))];
}

async function enroll(workspace: Workspace, index: number) {
  const { id, token } = await enrollAgent(workspace.database, {
    workspaceId: workspace.workspaceId,
    name: `a${index}`,
  });
  return { id, index, token, step: 0 };
}

/** Problems of the stored software against the last reports: per host, then the install counts. */
async function verify(workspace: Workspace, agents: (ReportingAgent & { id: string })[], software: number) {
  const { db } = workspace.database;
  const live = await db
    .selectFrom('discovered_applications')
    .select(['agent_id', 'name', 'vendor', 'version', 'name_key', 'vendor_key'])
    .where('workspace_id', '=', workspace.workspaceId)
    .where('missing_since', 'is', null)
    .execute();
  const stored = new Map<string, string[]>();
  const direct = new Map<string, number>();
  for (const row of live) {
    stored.set(row.agent_id!, [...(stored.get(row.agent_id!) ?? []), `${row.name}|${row.vendor}|${row.version}`]);
    const key = `${row.name_key}|${row.vendor_key}`;
    direct.set(key, (direct.get(key) ?? 0) + 1);
  }
  const problems: string[] = [];
  for (const agent of agents) {
    const sent = JSON.parse(agentReport(agent.index, software, agent.step)).software.map(
      (entry: any) => `${entry.name}|${entry.vendor}|${entry.version}`,
    );
    if ((stored.get(agent.id) ?? []).sort().join() !== sent.sort().join())
      problems.push(`host ${agent.index}: ${stored.get(agent.id)?.length ?? 0} live rows, ${sent.length} sent`);
  }
  const installs = await db
    .selectFrom('software_installs')
    .select(['name_key', 'vendor_key', 'install_count'])
    .where('workspace_id', '=', workspace.workspaceId)
    .execute();
  const counted = new Map(installs.map((row) => [`${row.name_key}|${row.vendor_key}`, Number(row.install_count)]));
  const wrong = [...new Set([...counted.keys(), ...direct.keys()])].filter(
    (key) => (counted.get(key) ?? 0) !== (direct.get(key) ?? 0),
  );
  if (wrong.length) problems.push(`${wrong.length} install counts differ from the live rows, e.g. ${wrong[0]}`);
  return problems;
}

export const scenario: Scenario = {
  title: 'Agent reports',
  defaults: (quick) => ({
    size: quick ? 20 : 200,
    seconds: quick ? 2 : 10,
    connections: quick ? 4 : 16,
  }),
  run: (bench) =>
    withWorkspace(bench, async (workspace) => {
      const { size, seconds, connections, quick } = bench.settings;
      const [software, large] = quick ? [100, 1000] : [200, 5000];
      const agents: Awaited<ReturnType<typeof enroll>>[] = [];
      for (let i = 0; i < size; i++) agents.push(await enroll(workspace, i));
      const { app, base } = await startApp(workspace.database);
      try {
        const notes: string[] = [];
        const rows: string[][] = [];
        console.log(`  ${size} agents, ${software} packages each: first reports`);
        rows.push([`first reports, sequential (${software} new entries)`, ...(await pass(base, agents, software)), '']);
        await sql`ANALYZE`.execute(workspace.database.db);

        console.log(`  steady-state reports, ${connections} connections, ${seconds} s (+1 s warm-up)`);
        const url = `${base}/agent/v1/report`;
        const steadyState = async (duration: number) => {
          const run = await child({ kind: 'reports', url, connections, seconds: duration, agents, software }).result;
          for (const [i, step] of run.steps!.entries()) agents[i]!.step = step;
          await waitForIdle(workspace.url);
          return run;
        };
        await steadyState(1);
        const load = await steadyState(seconds);
        const cpu = `Estate CPU ${fmt(load.cpuMs / load.total, 2)} ms/report; ${JSON.stringify(load.statusCodes)}`;
        const loaded = [fmt(load.reqPerSec, 0), `${load.p50}`, `${load.p99}`];
        rows.push([`steady state, ${connections} connections`, ...loaded, cpu]);
        if (bench.dialect === 'sqlite') {
          const ok = load.reqPerSec >= TARGETS.reportsPerSecond && load.p99 < TARGETS.p99Ms;
          notes.push(
            `load ≥ ${TARGETS.reportsPerSecond} reports/s, p99 < ${TARGETS.p99Ms} ms: ${ok ? 'ok' : '**miss**'}`,
          );
        }
        for (const agent of agents) agent.step++;
        rows.push(['steady state, sequential', ...(await pass(base, agents, software)), '']);
        const problems = await verify(workspace, agents, software);
        if (load.non2xx + load.errors > 0) problems.push(`${load.non2xx + load.errors} failed reports under load`);
        notes.push(...problems.map((problem) => `FAIL: ${problem}`));

        console.log(`  one report of ${large} entries`);
        const big = await enroll(workspace, size);
        const times = [];
        for (const [step, upgrade] of [
          [0, false],
          [0, false],
          [1, false],
          [1, true],
        ] as const)
          times.push(fmt(await post(base, big.token, agentReport(big.index, large, step, upgrade)), 0));
        const [first, same, steady, upgraded] = times;
        const detail = `first ${first} ms, identical ${same} ms, steady ${steady} ms, 25 % upgraded ${upgraded} ms`;
        rows.push([`one report of ${large} entries`, '', '', '', detail]);

        console.log(`  stall: /me every 20 ms while 2 agents send ${large}-entry reports`);
        const senders = [await enroll(workspace, size + 1), await enroll(workspace, size + 2)];
        await pass(base, senders, large);
        const probe = { kind: 'probe' as const, url: `${base}/public/v1/me`, headers: workspace.auth, everyMs: 20 };
        const stall: string[][] = [];
        for (const busy of [false, true]) {
          const prober = child(probe);
          await sleep(500);
          const delay = eventLoopDelay();
          const reports = busy
            ? await child({ kind: 'reports', url, connections: 2, seconds, agents: senders, software: large }).result
            : await sleep(2000);
          const loopMax = delay.stop();
          prober.stop();
          const waits = (await prober.result).waits!.sort((a, b) => a - b);
          const me = [0.5, 0.99, 1].map((q) => fmt(percentile(waits, q)));
          const sent = reports ? [fmt(reports.reqPerSec), String(reports.p50)] : ['–', '–'];
          stall.push([busy ? '2 agents reporting' : 'idle', ...me, ...sent, fmt(loopMax, 0)]);
          if (busy) notes.push(`/me p99 ${me[1]} ms while reports arrive (target < ${TARGETS.meP99Ms})`);
        }
        return {
          failed: problems.length > 0,
          notes,
          tables: [
            { title: 'Reports', columns: ['step', 'reports/s', 'p50 ms', 'p99 ms', 'detail'], rows },
            {
              title: `Stall: /me probed every 20 ms from another process, ${large}-entry reports for ${seconds} s`,
              columns: [
                'phase',
                '/me p50 ms',
                '/me p99 ms',
                '/me max ms',
                'reports/s',
                'report p50 ms',
                'loop delay max ms',
              ],
              rows: stall,
            },
          ],
        };
      } finally {
        await app.close();
      }
    }),
};
