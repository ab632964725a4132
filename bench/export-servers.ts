/**
 * Export: `estate seed --size 1000000` (about a million servers with their tags, owners and
 * applications), then `estate export --family servers` to a CSV file through the real CLI: its seconds, the
 * rows and bytes written, and the process's peak resident memory. Target: under 300 MB.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { estateCli } from './cli.js';
import { type Scenario, fmt, seed, withWorkspace } from './harness.js';

const TARGET_MB = 300;

export const scenario: Scenario = {
  title: 'export-servers',
  defaults: (quick) => ({ size: quick ? 2_000 : 1_000_000 }),
  async run(bench) {
    const dir = mkdtempSync(join(tmpdir(), 'estate-bench-export-'));
    try {
      return await withWorkspace(bench, async (workspace) => {
        // seed() analyzes after the bulk write (autovacuum may be off) and settles the database.
        const seeded = await seed(workspace, bench.settings.size);
        const file = join(dir, 'servers.csv');
        const args = ['export', '--workspace', workspace.workspaceId, '--family', 'servers', '--output', file];
        const run = await estateCli(workspace.url, args);
        const rows = Number(/exported (\d+) rows/.exec(run.stderr)?.[1] ?? Number.NaN);
        const bytes = run.code === 0 ? statSync(file).size : 0;
        const correct = run.code === 0 && rows > 0;
        const notes = [
          `load average ${loadavg()
            .map((load) => load.toFixed(1))
            .join(' / ')} at the end`,
          `export of ${rows.toLocaleString('en')} servers: peak RSS ${fmt(run.peakRssMb, 0)} MB ` +
            `(target < ${TARGET_MB} MB): ${run.peakRssMb < TARGET_MB ? 'met' : 'MISSED'}`,
        ];
        if (!correct) notes.push(`WRONG: exit ${run.code}: ${run.stderr.slice(0, 500)}`);
        return {
          tables: [
            {
              title: 'Export of servers to CSV (estate export --output, the whole process)',
              columns: ['servers', 'seed s', 'export s', 'estate CPU s', 'rows/s', 'file MB', 'peak RSS MB'],
              rows: [
                [
                  rows.toLocaleString('en'),
                  fmt(seeded),
                  fmt(run.seconds),
                  fmt(run.cpuSeconds),
                  fmt(rows / run.seconds, 0),
                  fmt(bytes / 1024 / 1024, 0),
                  fmt(run.peakRssMb, 0),
                ],
              ],
            },
          ],
          notes,
          failed: !correct,
          details: {
            seeded,
            rows,
            bytes,
            seconds: run.seconds,
            peakRssMb: run.peakRssMb,
            stderr: run.stderr.slice(-2000),
          },
        };
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
