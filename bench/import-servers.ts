/**
 * Import: `estate import --family servers` of a generated CSV of 100,000 servers (name, hostname,
 * addresses, hardware, environment, location, description, two tags and an owner each) into an empty
 * workspace, through the real CLI: its seconds and peak memory. Targets: under 60 s on SQLite, 90 s on
 * PostgreSQL. Then the same file again with --match hostname: every row found, nothing changed.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { sql } from 'kysely';
import { estateCli } from './cli.js';
import { type Scenario, fmt, withWorkspace } from './harness.js';

const TARGET_SECONDS = { sqlite: 60, postgres: 90 };
const ENVIRONMENTS = ['production', 'staging', 'test', 'development', 'disaster_recovery'];
const OSES = [
  ['Debian GNU/Linux', '12'],
  ['Ubuntu', '22.04'],
  ['Red Hat Enterprise Linux', '9.3'],
  ['Windows Server', '2022'],
];
const HARDWARE = [
  ['Dell Inc.', 'PowerEdge R650'],
  ['HPE', 'ProLiant DL380 Gen10'],
  ['Lenovo', 'ThinkSystem SR650'],
  ['VMware, Inc.', 'VMware Virtual Platform'],
];

/** A CSV of `size` servers, as a spreadsheet or another inventory's export would have them. */
export async function writeCsv(file: string, size: number): Promise<void> {
  const out = createWriteStream(file);
  out.write('name,hostname,ipAddresses,os,osVersion,manufacturer,model,serialNumber,cpuCores,memoryMb,storageGb,');
  out.write('environment,location,description,tags,owners\n');
  for (let i = 0; i < size; i += 1) {
    const name = `srv-${String(i).padStart(6, '0')}`;
    const [os, version] = OSES[i % OSES.length]!;
    const [maker, model] = HARDWARE[i % HARDWARE.length]!;
    const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const line = [
      name,
      `${name}.dc${i % 3}.acme.internal`,
      `${ip};fd00::${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}`,
      os,
      version,
      `"${maker}"`,
      model,
      `SN${(i * 7919).toString(36).toUpperCase()}`,
      4 << (i % 4),
      8192 << (i % 4),
      100 * (1 + (i % 20)),
      ENVIRONMENTS[i % ENVIRONMENTS.length],
      `"Frankfurt DC${1 + (i % 3)}, rack ${1 + (i % 40)}"`,
      i % 10 === 0 ? 'Imported from the old CMDB' : '',
      `dc${i % 3};tier-${i % 4}`,
      'bench@example.test',
    ];
    if (!out.write(`${line.join(',')}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await finished(out);
}

export const scenario: Scenario = {
  title: 'import-servers',
  defaults: (quick) => ({ size: quick ? 2_000 : 100_000 }),
  async run(bench) {
    const dir = mkdtempSync(join(tmpdir(), 'estate-bench-import-'));
    try {
      const file = join(dir, 'servers.csv');
      await writeCsv(file, bench.settings.size);
      return await withWorkspace(bench, async (workspace) => {
        const args = ['import', '--workspace', workspace.workspaceId, '--family', 'servers', file, '--json'];
        const first = await estateCli(workspace.url, args);
        const report = JSON.parse(first.stdout || '{}');
        const db = workspace.database.db;
        // Autovacuum may be off: the planner learns of the new rows before the second import reads them.
        await sql`ANALYZE`.execute(db);
        const again = await estateCli(workspace.url, [...args, '--match', 'hostname']);
        const second = JSON.parse(again.stdout || '{}');
        const events = await db
          .selectFrom('audit_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', workspace.workspaceId)
          .where('resource_type', '=', 'server')
          .executeTakeFirstOrThrow();
        const target = TARGET_SECONDS[bench.dialect];
        const correct =
          first.code === 0 && report.created === bench.settings.size && second.unchanged === bench.settings.size;
        const notes = [
          `load average ${loadavg()
            .map((load) => load.toFixed(1))
            .join(' / ')} at the end (the machine's other work shares its cores)`,
          `import of ${bench.settings.size.toLocaleString('en')} servers: ${fmt(first.seconds)} s ` +
            `(target < ${target} s at 100,000): ${first.seconds < target ? 'met' : 'MISSED'}`,
          `${Number(events.n).toLocaleString('en')} server audit events (a create and three links per server, ` +
            'and the import)',
        ];
        if (!correct) notes.push(`WRONG: ${first.stderr.slice(0, 500)} ${JSON.stringify(report).slice(0, 300)}`);
        return {
          tables: [
            {
              title: 'Import of servers from CSV (estate import, the whole process)',
              columns: [
                'servers',
                'created in s',
                'estate CPU s',
                'peak RSS MB',
                'again with --match hostname, s',
                'rows/s',
              ],
              rows: [
                [
                  bench.settings.size.toLocaleString('en'),
                  fmt(first.seconds),
                  fmt(first.cpuSeconds),
                  fmt(first.peakRssMb, 0),
                  fmt(again.seconds),
                  fmt(bench.settings.size / first.seconds, 0),
                ],
              ],
            },
          ],
          notes,
          failed: !correct,
          details: { first: { ...first, stdout: report, stderr: first.stderr.slice(-2000) }, second },
        };
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
