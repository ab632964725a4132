// The agent scenarios: Estate's agent reports and GLPI inventories sent one after the other, then under load
// (bench/load.ts) while /me is probed from another process; then the stored software must be what was last sent.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { enrollAgent } from '../src/features/agents/agents.service.js';
import { mapInventory } from '../src/features/agent-inventory/mapping.js';
import { type Scenario, type Workspace, child, fmt, inWorkspace, probed, sequentially } from './harness.js';
import { startApp, verdict, waitForIdle } from './harness.js';
import { agentReport, deviceName, glpiBody, glpiInventory, type ReportingAgent } from './load.js';

const TARGETS = { reportsPerSecond: 500, p99Ms: 50, meP99Ms: 50, inventoriesPerSecond: 100 };
const STALL = ['phase', '/me p50 ms', '/me p99 ms', '/me max ms', 'reports/s', 'report p50 ms', 'loop delay max ms'];
const INVENTORIES = ['step', 'inventories/s', 'p50 ms', 'p99 ms', 'detail'];
const PROBED = ['/me p50 ms', '/me p99 ms', '/me max ms', 'probes', 'loop delay max ms'];

/** The live software rows (name|vendor|version) by host, and the count of live rows of each (name, vendor) key. */
async function stored({ database, workspaceId }: Workspace, host: 'agent_id' | 'coalesce(server_id, workstation_id)') {
  const { rows } = await sql<{ host: string; entry: string; key: string }>`SELECT ${sql.raw(host)} AS host,
    name || '|' || vendor || '|' || version AS entry, name_key || '|' || vendor_key AS key
    FROM discovered_applications WHERE workspace_id = ${workspaceId} AND missing_since IS NULL`.execute(database.db);
  const [byHost, byKey] = [new Map<string, string[]>(), new Map<string, number>()];
  for (const row of rows) {
    byHost.set(row.host, [...(byHost.get(row.host) ?? []), row.entry]);
    byKey.set(row.key, (byKey.get(row.key) ?? 0) + 1);
  }
  return { byHost, byKey };
}

function compare(host: string, have: string[] = [], sent: string[], at = ''): string[] {
  const same = have.sort().join('\n') === sent.sort().join('\n');
  return same ? [] : [`${host}: ${have.length} live rows, ${sent.length} sent${at}`];
}

async function post(base: string, token: string, body: string): Promise<number> {
  const started = performance.now();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const response = await fetch(`${base}/agent/v1/report`, { method: 'POST', headers, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`report answered ${response.status}: ${text.slice(0, 300)}`);
  return performance.now() - started;
}

function pass(base: string, agents: ReportingAgent[], software: number): Promise<string[]> {
  const bodies = agents.map((agent) => agentReport(agent.index, software, agent.step));
  return sequentially(agents.length, (i) => post(base, agents[i]!.token, bodies[i]!));
}

async function enroll({ database, workspaceId }: Workspace, index: number) {
  const { id, token } = await enrollAgent(database, { workspaceId, name: `a${index}` });
  return { id, index, token, step: 0 };
}

/** Problems of the stored software against the last reports: per host, then the install counts. */
async function verifyReports(workspace: Workspace, agents: (ReportingAgent & { id: string })[], software: number) {
  const { byHost, byKey } = await stored(workspace, 'agent_id');
  const problems = agents.flatMap(({ id, index, step }) => {
    const sent: { software: Record<string, string>[] } = JSON.parse(agentReport(index, software, step));
    const entries = sent.software.map((entry) => `${entry.name}|${entry.vendor}|${entry.version}`);
    return compare(`host ${index}`, byHost.get(id), entries);
  });
  const { rows } = await sql<{ key: string; count: number }>`SELECT name_key || '|' || vendor_key AS key, install_count
    AS count FROM software_installs WHERE workspace_id = ${workspace.workspaceId}`.execute(workspace.database.db);
  const counted = new Map(rows.map((row) => [row.key, Number(row.count)]));
  const keys = [...new Set([...counted.keys(), ...byKey.keys()])];
  const wrong = keys.filter((key) => (counted.get(key) ?? 0) !== (byKey.get(key) ?? 0));
  if (wrong.length) problems.push(`${wrong.length} install counts differ from the live rows, e.g. ${wrong[0]}`);
  return problems;
}

/** `npm run bench -- agents [--size AGENTS]`: first reports, steady state under load, one large report, stall. */
export const scenario: Scenario = {
  title: 'Agent reports',
  defaults: (quick) => ({ size: quick ? 20 : 200, seconds: quick ? 2 : 10, connections: quick ? 4 : 16 }),
  run: inWorkspace(async (workspace, report, { dialect, settings: { size, seconds, connections, quick } }) => {
    const [software, large] = quick ? [100, 1000] : [200, 5000];
    const agents: Awaited<ReturnType<typeof enroll>>[] = [];
    for (let i = 0; i < size; i++) agents.push(await enroll(workspace, i));
    const { base } = await startApp(workspace);
    const firsts = await pass(base, agents, software);
    const rows = [[`first reports, sequential (${software} new entries)`, ...firsts, '']];
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
    const loaded = [`steady state, ${connections} connections`, fmt(load.reqPerSec, 0), `${load.p50}`, `${load.p99}`];
    rows.push([...loaded, cpu]);
    if (dialect === 'sqlite') {
      const ok = load.reqPerSec >= TARGETS.reportsPerSecond && load.p99 < TARGETS.p99Ms;
      report.note(`load ≥ ${TARGETS.reportsPerSecond} reports/s, p99 < ${TARGETS.p99Ms} ms: ${verdict(ok)}`);
    }
    for (const agent of agents) agent.step++;
    rows.push(['steady state, sequential', ...(await pass(base, agents, software)), '']);
    report.fail(...(await verifyReports(workspace, agents, software)));
    if (load.non2xx + load.errors > 0) report.fail(`${load.non2xx + load.errors} failed reports under load`);
    const big = await enroll(workspace, size);
    const times: string[] = [];
    for (const [step, upgrade] of [0, 0, 1, 1].map((step, i) => [step, i === 3] as const))
      times.push(fmt(await post(base, big.token, agentReport(big.index, large, step, upgrade)), 0));
    const [first, same, steady, upgraded] = times;
    const detail = `first ${first} ms, identical ${same} ms, steady ${steady} ms, 25 % upgraded ${upgraded} ms`;
    rows.push([`one report of ${large} entries`, '', '', '', detail]);
    const senders = [await enroll(workspace, size + 1), await enroll(workspace, size + 2)];
    await pass(base, senders, large);
    const stall: string[][] = [];
    const stalled = `Stall: /me probed every 20 ms from another process, ${large}-entry reports for ${seconds} s`;
    const reports = { kind: 'reports', url, connections: 2, seconds, agents: senders, software: large } as const;
    for (const busy of [false, true]) {
      const me = { url: `${base}/public/v1/me`, headers: workspace.auth, everyMs: 20 };
      const probe = await probed(me, 500, async () => (busy ? child(reports).result : sleep(2000)));
      const sent = probe.result ? [fmt(probe.result.reqPerSec), String(probe.result.p50)] : ['–', '–'];
      stall.push([busy ? '2 agents reporting' : 'idle', ...probe.figures, ...sent, fmt(probe.loopMax, 0)]);
      if (busy) report.note(`/me p99 ${probe.figures[1]} ms while reports arrive (target < ${TARGETS.meP99Ms})`);
    }
    report.table('Reports', ['step', 'reports/s', 'p50 ms', 'p99 ms', 'detail'], rows).table(stalled, STALL, stall);
  }),
};

/** Each host's live software against its last inventory, as the mapping reads it: the hosts that differ. */
async function verifyInventories(workspace: Workspace, agentId: string, steps: number[]): Promise<string[]> {
  const { database, workspaceId } = workspace;
  const { rows: devices } = await sql<{ device_id: string; host_id: string }>`SELECT device_id, host_id FROM
    inventory_devices WHERE workspace_id = ${workspaceId} AND agent_id = ${agentId}`.execute(database.db);
  const { byHost } = await stored(workspace, 'coalesce(server_id, workstation_id)');
  const problems = devices.length === steps.length ? [] : [`${devices.length} devices for ${steps.length} hosts`];
  for (const [h, step] of steps.entries()) {
    const { deviceid: deviceId, content } = glpiInventory(h, step);
    const device = devices.find((d) => d.device_id === deviceId);
    const mapped = mapInventory(content, { deviceId, itemtype: 'Computer', agentVersion: null });
    if (mapped.kind !== 'computer') throw new Error('not a computer');
    // One row per (name, vendor), case-insensitively, the last version sent winning (agents/report.service.ts).
    const byKey = new Map<string, string>();
    for (const { name, vendor, version } of mapped.report.software)
      byKey.set(`${name.toLowerCase()}\u0000${vendor.toLowerCase()}`, `${name}|${vendor}|${version}`);
    if (!device) problems.push(`${deviceName(h)}: no device`);
    else problems.push(...compare(deviceName(h), byHost.get(device.host_id), [...byKey.values()], ` at step ${step}`));
  }
  return problems;
}

// `npm run bench -- inventory [--connections HOSTS]`: one fleet agent's hosts send GLPI inventories (300 entries,
// zlib, Basic authentication) to POST /inventory, one after the other, then all at once while /me is probed.
export const inventory: Scenario = {
  title: 'Inventory agents',
  defaults: (quick) => ({ seconds: quick ? 3 : 10, connections: quick ? 10 : 50 }),
  run: inWorkspace(async (workspace, report, { dialect, settings: { seconds, connections: hosts } }) => {
    const fleet = { workspaceId: workspace.workspaceId, name: 'Windows laptops', fleet: true };
    const agent = await enrollAgent(workspace.database, fleet);
    const authorization = `Basic ${Buffer.from(`fleet:${agent.token}`).toString('base64')}`;
    const { base } = await startApp(workspace);
    const url = `${base}/inventory`;
    console.log(`  ${hosts} hosts of one fleet agent, 300 software entries (${glpiBody(1, 1).length} bytes zlib)`);
    // First inventories, one host after the other: each creates its host and its software.
    const headers = { authorization, 'content-type': 'application/x-compress-zlib' };
    const first = await sequentially(hosts, async (h) => {
      const response = await fetch(url, { method: 'POST', body: glpiBody(h, 0), headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`first inventory of host ${h}: ${response.status}`);
    });
    await sql`ANALYZE`.execute(workspace.database.db);
    await waitForIdle(workspace.url);
    const send = (steps: number[], seconds: number) =>
      child({ kind: 'inventories', url, authorization, seconds, steps }).result;
    const { steps } = await send(new Array(hosts).fill(0), 1);
    await waitForIdle(workspace.url);
    const me = { url: `${base}/public/v1/me`, headers: workspace.auth, everyMs: 20 };
    const { result: load, waits, figures, loopMax } = await probed(me, 300, () => send(steps!, seconds));
    await waitForIdle(workspace.url);
    if (dialect === 'sqlite') {
      const ok = load.reqPerSec >= TARGETS.inventoriesPerSecond && Number(figures[1]) < TARGETS.meP99Ms;
      const target = `≥ ${TARGETS.inventoriesPerSecond} inventories/s with /me p99 < ${TARGETS.meP99Ms} ms`;
      report.note(`${target}: ${fmt(load.reqPerSec, 0)}/s, /me p99 ${figures[1]} ms: ${verdict(ok)}`);
    }
    report.fail(...(await verifyInventories(workspace, agent.id, load.steps!)));
    if (load.non2xx > 0) report.fail(`${load.non2xx} inventories not answered 200: ${load.failures!.join('; ')}`);
    report.details = { load, waits: waits.length };
    const cpu = `Estate CPU ${fmt(load.cpuMs / Math.max(1, load.total), 1)} ms/inventory`;
    const detail = `${cpu}; ${JSON.stringify(load.statusCodes)}`;
    const loaded = [`${hosts} hosts at once`, fmt(load.reqPerSec, 0), `${load.p50}`, `${load.p99}`, detail];
    const rows = [['first inventories, sequential', ...first, ''], loaded];
    const probe = [...figures, waits.length, fmt(loopMax, 0)];
    report
      .table('Inventories: GLPI JSON, 300 software entries, zlib, one fleet agent', INVENTORIES, rows)
      .table(`/me probed every 20 ms from another process while ${hosts} hosts report`, PROBED, [probe]);
  }),
};
