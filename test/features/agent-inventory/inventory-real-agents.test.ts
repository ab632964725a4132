/**
 * The real inventory agents: Debian's fusioninventory-agent and ocsinventory-agent,
 * installed by .ci/run, inventory this machine into a live `estate serve` through POST /inventory,
 * with a fleet agent's token; the host appears through /public/v1 with its OS, CPUs, memory,
 * addresses and dpkg software, and a second run changes nothing but lastReportAt.
 * Skipped where the agents are not installed.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { it } from 'node:test';
import { enrollAgent } from '../../../src/features/agents/agents.service.js';
import { startServer, stopServer } from '../../support/cli.js';
import { describeEachDatabase, type Harness } from '../../support/harness.js';

const FUSION = '/usr/bin/fusioninventory-agent';
const OCS = '/usr/bin/ocsinventory-agent';
const OCS_CONFIG = '/etc/ocsinventory/ocsinventory-agent.cfg';

/** Runs a command to its end (at most two minutes), with its output. */
function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** This machine's packages as dpkg lists them. */
async function dpkgPackages(): Promise<Set<string>> {
  const { output } = await run('dpkg-query', ['-W', '-f', '${Package}\\n']);
  return new Set(output.split('\n').filter(Boolean));
}

async function checkHost(h: Harness, base: string, key: string, agentId: string) {
  const get = async (path: string) => {
    const response = await fetch(`${base}/public/v1/${path}`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(response.status, 200, path);
    return (await response.json()) as { data: Record<string, unknown>[]; pagination: { total: number } };
  };
  const servers = await get(`servers?agentId=${agentId}`);
  assert.equal(servers.data.length, 1, JSON.stringify(servers.data));
  const host = servers.data[0]!;
  const osRelease = readFileSync('/etc/os-release', 'utf8');
  const distribution = /^NAME="?([^"\n]+)"?/m.exec(osRelease)![1]!;
  assert.equal(host.os, distribution);
  assert.ok(Number(host.cpuCores) >= 1, `cpuCores ${host.cpuCores}`);
  assert.ok(Number(host.memoryMb) > 256, `memoryMb ${host.memoryMb}`);
  assert.ok((host.ipAddresses as string[]).length >= 1, 'an address of this machine');
  assert.equal(host.automatic, true);
  const software = await get(`discovered-applications?serverId=${host.id}&limit=500`);
  const installed = await dpkgPackages();
  assert.ok(software.pagination.total >= Math.min(50, installed.size / 2), `${software.pagination.total} packages`);
  for (const entry of software.data) assert.ok(installed.has(String(entry.name)), `${entry.name} is a dpkg package`);
  return host;
}

describeEachDatabase('the real inventory agents against estate serve', (h) => {
  it('FusionInventory Agent 2.6: PROLOG, 401 then credentials, zlib inventory; ' +
    'a second run changes only lastReportAt', {
    skip: existsSync(FUSION) ? false : 'fusioninventory-agent is not installed',
    timeout: 300_000,
  }, async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const fleet = await enrollAgent(h.database, { workspaceId: ws.id, name: 'Fusion fleet', fleet: true });
    const server = await startServer(h.url);
    try {
      const agent = () =>
        run(FUSION, [
          `--server=${server.base}/inventory`,
          '--user=fleet',
          `--password=${fleet.token}`,
          '--force',
          '--tasks=inventory',
          '--no-httpd',
          '--logger=stderr',
        ]);
      const first = await agent();
      if (process.env.DEBUG_AGENTS) console.log(first.output, server.output());
      assert.doesNotMatch(first.output, /\[error\]/, first.output.slice(-2000));
      const host = await checkHost(h, server.base, key, fleet.id);
      const second = await agent();
      assert.doesNotMatch(second.output, /\[error\]/, second.output.slice(-2000));
      const again = await checkHost(h, server.base, key, fleet.id);
      const { lastReportAt: a, lastCheckTime: b, ...before } = host;
      const { lastReportAt: c, lastCheckTime: d, ...after } = again;
      assert.deepEqual(after, before);
      assert.ok(String(c) > String(a) && String(d) > String(b));
    } finally {
      await stopServer(server.child);
    }
  });

  it('OCS Inventory agent 2.10: base64 credentials after a 401 in its realm, application/x-compress both ways', {
    skip:
      existsSync(OCS) && existsSync(OCS_CONFIG) && !/^\s*local\s*=/m.test(readFileSync(OCS_CONFIG, 'utf8'))
        ? false
        : 'ocsinventory-agent is not installed, or its configuration keeps it in local mode (.ci/run sets a server)',
    timeout: 300_000,
  }, async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const fleet = await enrollAgent(h.database, { workspaceId: ws.id, name: 'OCS fleet', fleet: true });
    const server = await startServer(h.url);
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    try {
      const agent = () =>
        run(OCS, [
          `--server=${server.base}/inventory`,
          `--user=${base64('fleet')}`,
          `--password=${base64(fleet.token)}`,
          '--realm=Estate inventory',
          '--force',
        ]);
      const first = await agent();
      if (process.env.DEBUG_AGENTS) console.log(first.output.slice(-3000), server.output());
      // Its SNMP module's complaints (Net::SNMP missing) are the agent's own; a failed send names the server.
      assert.doesNotMatch(
        first.output,
        /Cannot establish communication|ERROR: (?!\[snmpscan\])/i,
        first.output.slice(-2000),
      );
      assert.doesNotMatch(first.output, /Inventory saved in/, 'sent to the server, not kept locally');
      const host = await checkHost(h, server.base, key, fleet.id);
      await agent();
      const again = await checkHost(h, server.base, key, fleet.id);
      const { lastReportAt: _a, lastCheckTime: _b, ...before } = host;
      const { lastReportAt: _c, lastCheckTime: _d, ...after } = again;
      assert.deepEqual(after, before);
    } finally {
      await stopServer(server.child);
    }
  });
});
