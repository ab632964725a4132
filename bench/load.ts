// The load (forked by harness.ts `child()`, off the server's event loop), and the synthetic reports and inventories.
import { deflateSync } from 'node:zlib';
import autocannon from 'autocannon';

type Cannon = { url: string; headers: Record<string, string>; connections: number; seconds: number };
export type LoadRequest =
  | ({ kind: 'get' } & Cannon)
  /** PATCHes `paths` with a new userCount; half of the requests go to the first `hot` paths. */
  | ({ kind: 'patch'; paths: string[]; hot: number } & Cannon)
  /** Steady-state reports: connection c owns the agents i ≡ c (mod connections), one report in flight each. */
  | { kind: 'reports'; url: string; connections: number; seconds: number; agents: ReportingAgent[]; software: number }
  /** Host h sends inventory steps[h] + 1 as soon as its last is answered, until `seconds` have passed. */
  | { kind: 'inventories'; url: string; authorization: string; seconds: number; steps: number[] }
  | Probe
  | Writes;
export type Probe = { kind: 'probe'; url: string; headers: Record<string, string>; everyMs: number };
/** PATCHes each of `urls` in turn with a new description, one at a time, `everyMs` apart, until told to stop. */
export type Writes = { kind: 'writes'; urls: string[]; headers: Record<string, string>; everyMs: number };
/** `step` is its last report's; the next one sent is step + 1. */
export type ReportingAgent = { index: number; token: string; step: number };
type Figures = Record<'reqPerSec' | 'total' | 'p50' | 'p99' | 'non2xx' | 'errors', number>;
/** Reports and inventories: each one's last step sent; probe: every wait (ms); failures: answers but 200. */
type Lists = { steps: number[]; waits: number[]; failures: string[] };
export type LoadSummary = Figures & Partial<Lists> & { statusCodes: Record<string, number> };
/** Nearest-rank percentile of an ascending array (NaN when empty). */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** A small integer hash, so any step's payload can be made without the steps before it. */
function mix(...values: number[]): number {
  let h = 2166136261;
  for (const value of values) h = Math.imul(h ^ value, 16777619) ^ (h >>> 13);
  return (h >>> 0) % 1_000_003;
}

// Host `index`'s `software` packages at `step`, each [j, minor]: half a base every host has, half from a `pool` the
// hosts share. From one step to the next ~2 % of the minor versions move on, ~1 % of the packages leave or come back.
function packages(index: number, step: number, software: number, pool: number): [number, number][] {
  const base = Math.floor(software / 2);
  const present: [number, number][] = [];
  for (let k = 0; k < software; k++) {
    const j = k < base ? k : base + ((index * 7919 + k * 31) % (pool - base)); // 31 and pool - base: coprime
    if ((step + mix(index, j, 1)) % 100 !== 0) present.push([j, Math.floor((step + mix(index, j, 2)) / 50)]);
  }
  return present;
}

const STEMS = ['libssl', 'python3', 'openssh', 'systemd', 'nginx', 'postgresql', 'libxml2', 'curl', 'perl', 'zlib'];
const SUFFIXES = ['', '-dev', '-common', '-utils', '-doc', '-data', '-tools', '-client', '-server', '-dbg'];
// Agent `index`'s report at `step`. Ubuntu hosts name another maintainer, so a package can be two (name, vendor)
// keys. `upgrade` changes the versions of a quarter of the packages at once.
export function agentReport(index: number, software: number, step: number, upgrade = false): string {
  const ubuntu = index % 3 === 0;
  const entries = packages(index, step, software, Math.max(4000, software * 2)).map(([j, minor]) => {
    const stem = STEMS[j % STEMS.length];
    const name = `${stem}${SUFFIXES[Math.floor(j / STEMS.length) % SUFFIXES.length]}-${j}`;
    const vendor = ubuntu && j % 2 === 0 ? 'Ubuntu Developers' : `Debian ${stem} Maintainers`;
    const upgraded = upgrade && mix(index, j, 3) % 4 === 0 ? 1000 : 0;
    return { name, vendor, version: `${1 + (j % 5)}.${j % 20}.${minor + upgraded}` };
  });
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  const hostname = `srv-${String(index).padStart(5, '0')}.bench.internal`;
  const [os, osVersion] = ubuntu ? ['Ubuntu', '24.04'] : ['Debian GNU/Linux', '12'];
  const [cpuCores, memoryMb] = [4 << (index % 4), 8192 << (index % 4)];
  const ipAddresses = [`10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`];
  const host = { hostname, kind: 'server', os, osVersion, cpuCores, memoryMb, ipAddresses };
  return JSON.stringify({ agentVersion: '0.1.0', host, software: entries });
}

/** Software a Windows fleet has, as its uninstall entries name it: name/publisher/major version. */
const PRODUCTS = `Mozilla Firefox (x64 en-US)/Mozilla/125; Google Chrome/Google LLC/124;
  Microsoft Edge/Microsoft Corporation/124; Microsoft 365 Apps for enterprise - en-us/Microsoft Corporation/16;
  Microsoft Teams/Microsoft Corporation/24; Microsoft OneDrive/Microsoft Corporation/24;
  Zoom Workplace/Zoom Video Communications, Inc./6; Slack/Slack Technologies Inc./4; Adobe Acrobat (64-bit)/Adobe/24;
  7-Zip 23.01 (x64)/Igor Pavlov/23; Notepad++ (64-bit x64)/Notepad++ Team/8; VLC media player/VideoLAN/3;
  Git/The Git Development Community/2; Microsoft Visual Studio Code/Microsoft Corporation/1;
  Python 3.12.3 (64-bit)/Python Software Foundation/3; Node.js/Node.js Foundation/20; Docker Desktop/Docker Inc./4;
  PuTTY release 0.81 (64-bit)/Simon Tatham/0; WinSCP 6.3.3/Martin Prikryl/6;
  KeePass Password Safe 2.57/Dominik Reichl/2; Cisco Secure Client - AnyConnect VPN/Cisco Systems, Inc./5;
  CrowdStrike Windows Sensor/CrowdStrike, Inc./7; Microsoft Defender for Endpoint/Microsoft Corporation/10;
  Dell Command | Update for Windows Universal/Dell Inc./5; Intel(R) Wireless Bluetooth(R)/Intel Corporation/23;
  Realtek High Definition Audio Driver/Realtek Semiconductor Corp./6; Java 8 Update 411 (64-bit)/Oracle Corporation/8;
  Microsoft Visual C++ 2015-2022 Redistributable (x64) - 14.38.33130/Microsoft Corporation/14;
  Microsoft Visual C++ 2015-2022 Redistributable (x86) - 14.38.33130/Microsoft Corporation/14;
  Microsoft .NET Runtime - 8.0.4 (x64)/Microsoft Corporation/8;
  Microsoft Windows Desktop Runtime - 8.0.4 (x64)/Microsoft Corporation/8;
  Microsoft Update Health Tools/Microsoft Corporation/5; GLPI Agent 1.11/Teclib/1; Greenshot 1.2.10.6/Greenshot/1;
  FileZilla 3.67.0/Tim Kosse/3; LibreOffice 24.2.3.2/The Document Foundation/24; Paint.NET/dotPDN LLC/5;
  Snagit 2024/TechSmith Corporation/24; Webex/Cisco Systems, Inc/44; Citrix Workspace 2403/Citrix Systems, Inc./24`
  .split(/;\s*/)
  .map((entry) => entry.split('/'));
const VENDORS = ['Contoso', 'Fabrikam', 'Northwind', 'Tailspin', 'Litware', 'Adventure Works', 'Wingtip', 'Proseware'];
const WORDS = ['Invoice', 'Payroll', 'Scanner', 'Viewer', 'Connector', 'Toolkit', 'Client', 'Agent', 'Studio', 'Sync'];
/** Package j of the fleet's 2,000: the products above, office updates, then line-of-business tools. */
function product(j: number): string[] {
  const k = j - PRODUCTS.length;
  if (k < 0) return PRODUCTS[j]!;
  const office = `Security Update for Microsoft Office 2016 (KB5002${String(k).padStart(3, '0')}) 64-Bit Edition`;
  if (k < 300) return [office, 'Microsoft Corporation', '16'];
  const [vendor, word] = [VENDORS[k % VENDORS.length]!, WORDS[Math.floor(k / VENDORS.length) % WORDS.length]!];
  const line = Math.floor(k / (VENDORS.length * WORDS.length));
  return [`${vendor} ${word} ${line} (x64)`, `${vendor} Ltd.`, `${1 + (k % 9)}`];
}

export const deviceName = (index: number) => `WS-${String(index).padStart(5, '0')}`;
/** Host `index`'s GLPI native inventory at `step`: one host in ten is a rack server, the others laptops. */
export function glpiInventory(index: number, step: number, software = 300) {
  const softwares = packages(index, step, software, 2000).map(([j, minor]) => {
    const [name = '', publisher = '', major] = product(j);
    // A name that carries its version ("7-Zip 23.01 (x64)") keeps it; the others move on once in 50 steps.
    return { name, publisher, version: /\d+\.\d+(?:\.\d+)*/.exec(name)?.[0] ?? `${major}.${minor}.${j}` };
  });
  const [server, name] = [index % 10 === 0, deviceName(index)];
  const [chassis_type, smodel] = server ? ['Rack Mount Chassis', 'PowerEdge R660'] : ['Notebook', 'Latitude 7440'];
  const uuid = `4C4C4544-0000-4000-8000-${String(index).padStart(12, '0')}`;
  const windows = server ? ['Microsoft Windows Server 2022 Standard', '21H2'] : ['Microsoft Windows 11 Pro', '23H2'];
  const content = {
    versionclient: 'GLPI-Agent_v1.11',
    hardware: { name, chassis_type, memory: 16384 << (index % 3), uuid, vmsystem: 'Physical' },
    bios: { smanufacturer: 'Dell Inc.', smodel, ssn: `SN${index}X7` },
    operatingsystem: { name: 'Windows', full_name: windows[0], version: windows[1] },
    cpus: [{ name: 'Intel(R) Core(TM) i7-1365U', core: 10, thread: 12 }],
    networks: [{ description: 'Wi-Fi', ipaddress: `10.${(index >> 8) & 255}.${index & 255}.10`, status: 'up' }],
    storages: [{ name: 'PHYSICALDRIVE0', disksize: 512110 }],
    softwares,
    users: [{ login: `user${index}`, domain: 'CORP' }],
  };
  return { action: 'inventory', deviceid: `${name}-2026-11-20-08-00-00`, itemtype: 'Computer', content };
}

export const glpiBody = (index: number, step: number) => deflateSync(JSON.stringify(glpiInventory(index, step)));

function cannon(request: LoadRequest & { kind: 'get' | 'patch' | 'reports' }): Promise<LoadSummary> {
  const options: autocannon.Options = { url: request.url, connections: request.connections, duration: request.seconds };
  options.headers = 'headers' in request ? request.headers : {};
  const steps = request.kind === 'reports' ? request.agents.map((agent) => agent.step) : undefined;
  if (request.kind === 'patch') {
    const { paths, hot } = request;
    let n = 0;
    const setupRequest = (req: autocannon.Request) => {
      const cold = Math.random() >= 0.5;
      const i = cold ? hot + Math.floor(Math.random() * (paths.length - hot)) : Math.floor(Math.random() * hot);
      const headers = { ...req.headers, 'content-type': 'application/json' };
      return { ...req, path: paths[i]!, headers, body: JSON.stringify({ userCount: ++n }) };
    };
    options.requests = [{ method: 'PATCH', setupRequest }];
  } else if (request.kind === 'reports') {
    const { agents, connections } = request;
    let slot = 0;
    options.setupClient = (client) => {
      const own = agents.map((_, i) => i).filter((i) => i % connections === slot % connections);
      slot++;
      let cursor = 0;
      const setupRequest = (req: autocannon.Request) => {
        const i = own[cursor++ % own.length]!;
        const headers = { authorization: `Bearer ${agents[i]!.token}`, 'content-type': 'application/json' };
        return { ...req, headers, body: agentReport(agents[i]!.index, request.software, ++steps![i]!) };
      };
      client.setRequests([{ method: 'POST', setupRequest }]);
    };
  }
  return new Promise((resolve, reject) =>
    autocannon(options, (error, { requests, latency, non2xx, errors, statusCodeStats }) => {
      if (error) return reject(error);
      const statusCodes = Object.fromEntries(
        Object.entries(statusCodeStats ?? {}).map(([code, { count }]) => [code, count ?? 0]),
      );
      const [{ mean: reqPerSec, total }, { p50, p99 }] = [requests, latency];
      resolve({ reqPerSec, total, p50, p99, non2xx, errors, statusCodes, steps });
    }),
  );
}

/** `loops` loops at once, each fetching `next(i)` again when answered (and `pauseMs` later) until `done()`. */
async function fetchLoop(loops: number, next: (i: number) => [string, RequestInit], done: () => boolean, pauseMs = 0) {
  const [waits, statusCodes, failures] = [[] as number[], {} as Record<string, number>, [] as string[]];
  const loop = async (i: number) => {
    while (!done()) {
      const [url, init] = next(i);
      const sent = performance.now();
      const response = await fetch(url, init);
      const answer = Buffer.from(await response.arrayBuffer());
      waits.push(performance.now() - sent);
      statusCodes[response.status] = (statusCodes[response.status] ?? 0) + 1;
      if (response.status !== 200 && failures.length < 5) failures.push(`${response.status} ${answer}`);
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  await Promise.all(Array.from({ length: loops }, (_, i) => loop(i)));
  const non2xx = waits.length - (statusCodes[200] ?? 0);
  return { waits, statusCodes, failures, total: waits.length, errors: 0, non2xx };
}

async function inventories({ url, authorization, seconds, ...request }: LoadRequest & { kind: 'inventories' }) {
  const steps = [...request.steps];
  const headers = { authorization, 'content-type': 'application/x-compress-zlib' };
  const post = (h: number): [string, RequestInit] => [url, { method: 'POST', body: glpiBody(h, ++steps[h]!), headers }];
  const started = performance.now();
  const loop = await fetchLoop(steps.length, post, () => performance.now() >= started + seconds * 1000);
  const reqPerSec = loop.total / ((performance.now() - started) / 1000);
  loop.waits.sort((a, b) => a - b);
  const [p50, p99] = [0.5, 0.99].map((q) => Math.round(percentile(loop.waits, q)));
  return { ...loop, reqPerSec, p50: p50!, p99: p99!, steps, waits: undefined };
}

async function probe({ url, headers, everyMs }: Probe): Promise<LoadSummary> {
  let running = true;
  process.once('message', () => {
    running = false; // the parent says stop
  });
  const ask = (): [string, RequestInit] => [url, { headers }];
  return { ...(await fetchLoop(1, ask, () => !running, everyMs)), reqPerSec: 0, p50: 0, p99: 0 };
}

async function writes({ urls, headers, everyMs }: Writes): Promise<LoadSummary> {
  let running = true;
  process.once('message', () => {
    running = false; // the parent says stop
  });
  let n = 0;
  const init = { 'content-type': 'application/json', ...headers };
  const patch = (): [string, RequestInit] => {
    n++;
    return [urls[n % urls.length]!, { method: 'PATCH', headers: init, body: JSON.stringify({ description: `w${n}` }) }];
  };
  const started = performance.now();
  const loop = await fetchLoop(1, patch, () => !running, everyMs);
  loop.waits.sort((a, b) => a - b);
  const reqPerSec = loop.total / ((performance.now() - started) / 1000);
  return { ...loop, reqPerSec, p50: percentile(loop.waits, 0.5), p99: percentile(loop.waits, 0.99) };
}

if (process.send) {
  process.once('disconnect', () => process.exit(1)); // the parent is gone: stop probing
  process.once('message', (request: LoadRequest) => {
    process.send!({ type: 'start' });
    const { kind } = request;
    const work =
      kind === 'probe'
        ? probe(request)
        : kind === 'writes'
          ? writes(request)
          : kind === 'inventories'
            ? inventories(request)
            : cannon(request);
    work.then(
      (answer) => process.send!({ type: 'result', answer }, () => process.exit(0)),
      (error: Error) => process.send!({ type: 'result', error: error.stack ?? String(error) }, () => process.exit(1)),
    );
  });
}
