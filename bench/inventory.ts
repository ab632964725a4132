/**
 * Inventory agents: one fleet agent's hosts send GLPI native JSON inventories of 300 software
 * entries each to POST /inventory, zlib-compressed with Basic authentication as GLPI Agent sends them. First
 * every host once (hosts and software created), then `--connections` hosts (default 50) at once for
 * `--seconds`, each sending its next inventory as soon as the last is answered (~2 % of the versions changed
 * and ~1 % of the packages gone or back between two runs), while another process asks `GET /public/v1/me`
 * every 20 ms. Afterwards each host's stored software must be exactly its last inventory's.
 *
 * The simulated agents run in a child process (this file, forked with --inventory-load), so their JSON and
 * zlib work never shares the server's event loop.
 */
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { sql } from 'kysely';
import { enrollAgent } from '../src/agents/agents.service.js';
import { mapInventory } from '../src/inventory/mapping.js';
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

const TARGETS = { perSecond: 100, meP99Ms: 50 };
const SOFTWARE = 300;

// Synthetic GLPI inventories -------------------------------------------------------------------------------

/** Software a Windows fleet has, as its uninstall entries name it: [name, publisher, major version]. */
const PRODUCTS: [string, string, number][] = [
  ['Mozilla Firefox (x64 en-US)', 'Mozilla', 125],
  ['Google Chrome', 'Google LLC', 124],
  ['Microsoft Edge', 'Microsoft Corporation', 124],
  ['Microsoft 365 Apps for enterprise - en-us', 'Microsoft Corporation', 16],
  ['Microsoft Teams', 'Microsoft Corporation', 24],
  ['Microsoft OneDrive', 'Microsoft Corporation', 24],
  ['Zoom Workplace', 'Zoom Video Communications, Inc.', 6],
  ['Slack', 'Slack Technologies Inc.', 4],
  ['Adobe Acrobat (64-bit)', 'Adobe', 24],
  ['7-Zip 23.01 (x64)', 'Igor Pavlov', 23],
  ['Notepad++ (64-bit x64)', 'Notepad++ Team', 8],
  ['VLC media player', 'VideoLAN', 3],
  ['Git', 'The Git Development Community', 2],
  ['Microsoft Visual Studio Code', 'Microsoft Corporation', 1],
  ['Python 3.12.3 (64-bit)', 'Python Software Foundation', 3],
  ['Node.js', 'Node.js Foundation', 20],
  ['Docker Desktop', 'Docker Inc.', 4],
  ['PuTTY release 0.81 (64-bit)', 'Simon Tatham', 0],
  ['WinSCP 6.3.3', 'Martin Prikryl', 6],
  ['KeePass Password Safe 2.57', 'Dominik Reichl', 2],
  ['Cisco Secure Client - AnyConnect VPN', 'Cisco Systems, Inc.', 5],
  ['CrowdStrike Windows Sensor', 'CrowdStrike, Inc.', 7],
  ['Microsoft Defender for Endpoint', 'Microsoft Corporation', 10],
  ['Dell Command | Update for Windows Universal', 'Dell Inc.', 5],
  ['Intel(R) Wireless Bluetooth(R)', 'Intel Corporation', 23],
  ['Realtek High Definition Audio Driver', 'Realtek Semiconductor Corp.', 6],
  ['Java 8 Update 411 (64-bit)', 'Oracle Corporation', 8],
  ['Microsoft Visual C++ 2015-2022 Redistributable (x64) - 14.38.33130', 'Microsoft Corporation', 14],
  ['Microsoft Visual C++ 2015-2022 Redistributable (x86) - 14.38.33130', 'Microsoft Corporation', 14],
  ['Microsoft .NET Runtime - 8.0.4 (x64)', 'Microsoft Corporation', 8],
  ['Microsoft Windows Desktop Runtime - 8.0.4 (x64)', 'Microsoft Corporation', 8],
  ['Microsoft Update Health Tools', 'Microsoft Corporation', 5],
  ['GLPI Agent 1.11', 'Teclib', 1],
  ['Greenshot 1.2.10.6', 'Greenshot', 1],
  ['FileZilla 3.67.0', 'Tim Kosse', 3],
  ['LibreOffice 24.2.3.2', 'The Document Foundation', 24],
  ['Paint.NET', 'dotPDN LLC', 5],
  ['Snagit 2024', 'TechSmith Corporation', 24],
  ['Webex', 'Cisco Systems, Inc', 44],
  ['Citrix Workspace 2403', 'Citrix Systems, Inc.', 24],
];

const VENDORS = ['Contoso', 'Fabrikam', 'Northwind', 'Tailspin', 'Litware', 'Adventure Works', 'Wingtip', 'Proseware'];
const WORDS = ['Invoice', 'Payroll', 'Scanner', 'Viewer', 'Connector', 'Toolkit', 'Client', 'Agent', 'Studio', 'Sync'];

/** Distinct packages the fleet draws from: the products above, office updates, then line-of-business tools. */
const POOL = 2000;

/** A small integer hash, so any step's inventory can be made without the steps before it. */
function mix(...values: number[]): number {
  let h = 2166136261;
  for (const value of values) h = Math.imul(h ^ value, 16777619) ^ (h >>> 13);
  return (h >>> 0) % 1_000_003;
}

/** Package j of the pool: its uninstall name, publisher and major version. */
function pkg(j: number): [string, string, number] {
  if (j < PRODUCTS.length) return PRODUCTS[j]!;
  const k = j - PRODUCTS.length;
  if (k < 300)
    return [
      `Security Update for Microsoft Office 2016 (KB5002${String(k).padStart(3, '0')}) 64-Bit Edition`,
      'Microsoft Corporation',
      16,
    ];
  const vendor = VENDORS[k % VENDORS.length]!;
  const word = WORDS[Math.floor(k / VENDORS.length) % WORDS.length]!;
  return [`${vendor} ${word} ${Math.floor(k / (VENDORS.length * WORDS.length))} (x64)`, `${vendor} Ltd.`, 1 + (k % 9)];
}

const deviceName = (index: number) => `WS-${String(index).padStart(5, '0')}`;

/**
 * Host `index`'s GLPI inventory at `step`: `software` entries, half a base every host has and half drawn from
 * the pool. From one step to the next ~2 % of the versions change and ~1 % of the packages leave or come back.
 * One host in ten is a rack server, the others laptops.
 */
export function glpiInventory(index: number, step: number, software = SOFTWARE) {
  const base = Math.floor(software / 2);
  const softwares: { name: string; publisher: string; version: string }[] = [];
  for (let k = 0; k < software; k++) {
    // Distinct for distinct k: 31 and POOL - base have no common factor.
    const j = k < base ? k : base + ((index * 7919 + k * 31) % (POOL - base));
    if ((step + mix(index, j, 1)) % 100 === 0) continue; // absent for one step in a hundred
    const [name, publisher, major] = pkg(j);
    // A name that carries its version ("7-Zip 23.01 (x64)") keeps it; the others move on once in 50 steps.
    const version =
      /\d+\.\d+(?:\.\d+)*/.exec(name)?.[0] ?? `${major}.${Math.floor((step + mix(index, j, 2)) / 50)}.${j}`;
    softwares.push({ name, publisher, version });
  }
  const server = index % 10 === 0;
  const name = deviceName(index);
  return {
    action: 'inventory',
    deviceid: `${name}-2026-11-20-08-00-00`,
    itemtype: 'Computer',
    content: {
      versionclient: 'GLPI-Agent_v1.11',
      hardware: {
        name,
        chassis_type: server ? 'Rack Mount Chassis' : 'Notebook',
        memory: 16384 << (index % 3),
        uuid: `4C4C4544-0000-4000-8000-${String(index).padStart(12, '0')}`,
        vmsystem: 'Physical',
      },
      bios: { smanufacturer: 'Dell Inc.', smodel: server ? 'PowerEdge R660' : 'Latitude 7440', ssn: `SN${index}X7` },
      operatingsystem: server
        ? { name: 'Windows', full_name: 'Microsoft Windows Server 2022 Standard', version: '21H2' }
        : { name: 'Windows', full_name: 'Microsoft Windows 11 Pro', version: '23H2' },
      cpus: [{ name: 'Intel(R) Core(TM) i7-1365U', core: 10, thread: 12 }],
      networks: [{ description: 'Wi-Fi', ipaddress: `10.${(index >> 8) & 255}.${index & 255}.10`, status: 'up' }],
      storages: [{ name: 'PHYSICALDRIVE0', disksize: 512110 }],
      softwares,
      users: [{ login: `user${index}`, domain: 'CORP' }],
    },
  };
}

// The simulated agents (child process) ---------------------------------------------------------------------

interface LoadRequest {
  url: string;
  authorization: string;
  hosts: number;
  seconds: number;
  /** Each host's last step sent. */
  steps: number[];
}

interface LoadAnswer {
  perSecond: number;
  total: number;
  p50: number;
  p99: number;
  statusCodes: Record<string, number>;
  failures: string[];
  steps: number[];
}

/** Host h sends its next inventory as soon as its last is answered, until `seconds` have passed. */
async function simulate(request: LoadRequest): Promise<LoadAnswer> {
  const times: number[] = [];
  const statusCodes: Record<string, number> = {};
  const failures: string[] = [];
  const steps = [...request.steps];
  const started = performance.now();
  const deadline = started + request.seconds * 1000;
  const host = async (h: number) => {
    while (performance.now() < deadline) {
      const body = deflateSync(JSON.stringify(glpiInventory(h, ++steps[h]!)));
      const sent = performance.now();
      const response = await fetch(request.url, {
        method: 'POST',
        body,
        headers: { authorization: request.authorization, 'content-type': 'application/x-compress-zlib' },
      });
      const answer = Buffer.from(await response.arrayBuffer());
      times.push(performance.now() - sent);
      statusCodes[response.status] = (statusCodes[response.status] ?? 0) + 1;
      if (response.status !== 200 && failures.length < 5) failures.push(`${response.status} ${answer.toString()}`);
    }
  };
  await Promise.all(Array.from({ length: request.hosts }, (_, h) => host(h)));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const [p50, p99] = [0.5, 0.99].map((q) => Math.round(percentile(times, q)));
  return { perSecond: times.length / elapsed, total: times.length, p50: p50!, p99: p99!, statusCodes, failures, steps };
}

/** Runs the simulated agents in a child process; `cpuMs` is this process's (Estate's) CPU time meanwhile. */
function simulated(request: LoadRequest): Promise<LoadAnswer & { cpuMs: number }> {
  const process_ = fork(fileURLToPath(import.meta.url), ['--inventory-load'], { execArgv: process.execArgv });
  let cpu = process.cpuUsage();
  return new Promise((resolve, reject) => {
    process_.on('message', (message: { start?: true; answer?: LoadAnswer; error?: string }) => {
      if (message.start) {
        cpu = process.cpuUsage();
        return;
      }
      const used = process.cpuUsage(cpu);
      if (message.error) reject(new Error(message.error));
      else resolve({ ...message.answer!, cpuMs: (used.user + used.system) / 1000 });
    });
    process_.once('error', reject);
    process_.once('exit', (code) => reject(new Error(`the simulated agents exited with ${code} without a result`)));
    process_.send(request);
  });
}

if (process.send && process.argv.includes('--inventory-load')) {
  process.once('disconnect', () => process.exit(1)); // the parent is gone
  process.once('message', (request: LoadRequest) => {
    process.send!({ start: true });
    simulate(request).then(
      (answer) => process.send!({ answer }, () => process.exit(0)),
      (error: Error) => process.send!({ error: error.stack ?? String(error) }, () => process.exit(1)),
    );
  });
}

// The scenario ---------------------------------------------------------------------------------------------

/** Each host's live software against its last inventory, as the mapping reads it: the hosts that differ. */
async function verify(workspace: Workspace, agentId: string, steps: number[]): Promise<string[]> {
  const { db } = workspace.database;
  const devices = await db
    .selectFrom('inventory_devices')
    .select(['device_id', 'host_id'])
    .where('workspace_id', '=', workspace.workspaceId)
    .where('agent_id', '=', agentId)
    .execute();
  const problems: string[] = [];
  if (devices.length !== steps.length) problems.push(`${devices.length} devices for ${steps.length} hosts`);
  const live = await db
    .selectFrom('discovered_applications')
    .select(['server_id', 'workstation_id', 'name', 'vendor', 'version'])
    .where('workspace_id', '=', workspace.workspaceId)
    .where('missing_since', 'is', null)
    .execute();
  const stored = new Map<string, string[]>();
  for (const row of live) {
    const host = (row.server_id ?? row.workstation_id)!;
    stored.set(host, [...(stored.get(host) ?? []), `${row.name}|${row.vendor}|${row.version}`]);
  }
  for (const [h, step] of steps.entries()) {
    const inventory = glpiInventory(h, step);
    const device = devices.find((d) => d.device_id === inventory.deviceid);
    if (!device) {
      problems.push(`${deviceName(h)}: no device`);
      continue;
    }
    const mapped = mapInventory(inventory.content, {
      deviceId: inventory.deviceid,
      itemtype: 'Computer',
      agentVersion: null,
    });
    if (mapped.kind !== 'computer') throw new Error('not a computer');
    // One row per (name, vendor), case-insensitively, the last version sent winning (agents/report.service.ts).
    const byKey = new Map<string, string>();
    for (const { name, vendor, version } of mapped.report.software)
      byKey.set(`${name.toLowerCase()}\u0000${vendor.toLowerCase()}`, `${name}|${vendor}|${version}`);
    const sent = [...byKey.values()].sort();
    const have = (stored.get(device.host_id) ?? []).sort();
    if (have.join('\n') !== sent.join('\n'))
      problems.push(`${deviceName(h)}: ${have.length} live rows, ${sent.length} sent at step ${step}`);
  }
  return problems;
}

export const scenario: Scenario = {
  title: 'Inventory agents',
  defaults: (quick) => ({ seconds: quick ? 3 : 10, connections: quick ? 10 : 50 }),
  run: (bench) =>
    withWorkspace(bench, async (workspace) => {
      const { seconds, connections: hosts } = bench.settings;
      const agent = await enrollAgent(workspace.database, {
        workspaceId: workspace.workspaceId,
        name: 'Windows laptops',
        fleet: true,
      });
      const authorization = `Basic ${Buffer.from(`fleet:${agent.token}`).toString('base64')}`;
      const { app, base } = await startApp(workspace.database);
      const url = `${base}/inventory`;
      try {
        const notes: string[] = [];
        const rows: string[][] = [];
        const size = deflateSync(JSON.stringify(glpiInventory(1, 1))).length;
        console.log(`  ${hosts} hosts of one fleet agent, ${SOFTWARE} software entries (${size} bytes zlib)`);

        // First inventories, one host after the other: each creates its host and its software.
        let steps = Array.from({ length: hosts }, () => 0);
        const times: number[] = [];
        for (let h = 0; h < hosts; h++) {
          const started = performance.now();
          const response = await fetch(url, {
            method: 'POST',
            body: deflateSync(JSON.stringify(glpiInventory(h, 0))),
            headers: { authorization, 'content-type': 'application/x-compress-zlib' },
          });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`first inventory of host ${h}: ${response.status}`);
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        const firstRate = (1000 * hosts) / times.reduce((sum, t) => sum + t, 0);
        rows.push([
          'first inventories, sequential',
          fmt(firstRate, 0),
          fmt(percentile(times, 0.5)),
          fmt(percentile(times, 0.99)),
          '',
        ]);
        await sql`ANALYZE`.execute(workspace.database.db);
        await waitForIdle(workspace.url);

        console.log(`  ${hosts} hosts at once for ${seconds} s (+1 s warm-up), /me every 20 ms`);
        steps = (await simulated({ url, authorization, hosts, seconds: 1, steps })).steps;
        await waitForIdle(workspace.url);
        const prober = child({ kind: 'probe', url: `${base}/public/v1/me`, headers: workspace.auth, everyMs: 20 });
        await sleep(300);
        const delay = eventLoopDelay();
        const load = await simulated({ url, authorization, hosts, seconds, steps });
        const loopMax = delay.stop();
        prober.stop();
        const waits = (await prober.result).waits!.sort((a, b) => a - b);
        steps = load.steps;
        await waitForIdle(workspace.url);
        const me = [0.5, 0.99, 1].map((q) => fmt(percentile(waits, q)));
        const perInventory = fmt(load.cpuMs / Math.max(1, load.total), 1);
        const cpu = `Estate CPU ${perInventory} ms/inventory; ${JSON.stringify(load.statusCodes)}`;
        rows.push([`${hosts} hosts at once`, fmt(load.perSecond, 0), `${load.p50}`, `${load.p99}`, cpu]);

        const problems = await verify(workspace, agent.id, steps);
        const failed = load.total - (load.statusCodes['200'] ?? 0);
        if (failed > 0) problems.push(`${failed} inventories not answered 200: ${load.failures.join('; ')}`);
        if (bench.dialect === 'sqlite') {
          const ok = load.perSecond >= TARGETS.perSecond && Number(me[1]) < TARGETS.meP99Ms;
          notes.push(
            `≥ ${TARGETS.perSecond} inventories/s with /me p99 < ${TARGETS.meP99Ms} ms: ` +
              `${fmt(load.perSecond, 0)}/s, /me p99 ${me[1]} ms: ${ok ? 'ok' : '**miss**'}`,
          );
        }
        notes.push(...problems.map((problem) => `FAIL: ${problem}`));
        return {
          failed: problems.length > 0,
          notes,
          details: { load, waits: waits.length },
          tables: [
            {
              title: `Inventories: GLPI JSON, ${SOFTWARE} software entries, zlib, one fleet agent`,
              columns: ['step', 'inventories/s', 'p50 ms', 'p99 ms', 'detail'],
              rows,
            },
            {
              title: `/me probed every 20 ms from another process while ${hosts} hosts report`,
              columns: ['/me p50 ms', '/me p99 ms', '/me max ms', 'probes', 'loop delay max ms'],
              rows: [[...me, String(waits.length), fmt(loopMax, 0)]],
            },
          ],
        };
      } finally {
        await app.close();
      }
    }),
};
