/**
 * A new team's move: NetBox's device export and Snipe-IT's asset export, grown from the
 * samples in docs/examples to `size` rows (NetBox: unnamed devices and `cf_` columns; Snipe-IT:
 * employees who are not members, custom-field columns), each imported into an empty workspace
 * through the real CLI with --preset, --create-fields (and for Snipe-IT --create-people): the
 * seconds, and whether every source column was kept and every row imported.
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { installed } from '../src/paths.js';
import { estateCli } from './cli.js';
import { type Scenario, fmt, withWorkspace } from './harness.js';

const PRESETS = [
  { preset: 'netbox-devices', sample: 'netbox-devices.csv', people: false },
  { preset: 'snipeit-assets', sample: 'snipeit-assets.csv', people: true },
] as const;

/** The sample's rows again and again, each made unique (names, tags, serials, e-mails) by its number. */
async function grow(sample: string, file: string, size: number): Promise<void> {
  const [header, ...rows] = readFileSync(installed('docs', 'examples', sample), 'utf8')
    .trim()
    .split('\n');
  const out = createWriteStream(file);
  out.write(`${header}\n`);
  for (let i = 0; i < size; i += 1) {
    // Names and tags (letters, a hyphen, digits: web-01, A-10021, LT-0001) get the row's number, and
    // the people's e-mails one of 5,000; addresses (2001:db8:…) and the rest stay as they are.
    const line = rows[i % rows.length]!.replace(/\b([A-Za-z]+-\d+)\b/g, `$1-${i}`).replace(
      /([a-z]+)@/g,
      `$1.${i % 5000}@`,
    );
    if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await finished(out);
}

export const scenario: Scenario = {
  title: 'import-presets',
  defaults: (quick) => ({ size: quick ? 2_000 : 100_000 }),
  async run(bench) {
    const dir = mkdtempSync(join(tmpdir(), 'estate-bench-presets-'));
    const rows: string[][] = [];
    const notes: string[] = [];
    let failed = false;
    try {
      for (const { preset, sample, people } of PRESETS) {
        const file = join(dir, sample);
        await grow(sample, file, bench.settings.size);
        await withWorkspace(bench, async (workspace) => {
          const args = ['import', '--workspace', workspace.workspaceId, '--preset', preset, file, '--json'];
          const run = await estateCli(workspace.url, [
            ...args,
            '--create-fields',
            ...(people ? ['--create-people'] : []),
          ]);
          const report = JSON.parse(run.stdout || '{}') as {
            created?: number;
            ignoredColumns?: string[];
            fieldsLeftOut?: string[];
            fieldsCreated?: unknown[];
            peopleCreated?: string[];
            notes?: unknown[];
          };
          // NetBox's ID column is its own id: the one column no preset keeps.
          const lost = (report.ignoredColumns ?? []).filter((column) => column !== 'ID');
          const correct = run.code === 0 && report.created === bench.settings.size && lost.length === 0;
          if (!correct) {
            failed = true;
            notes.push(`WRONG ${preset}: ${run.stderr.slice(0, 400)} ${JSON.stringify(report).slice(0, 400)}`);
          }
          rows.push([
            preset,
            bench.settings.size.toLocaleString('en'),
            fmt(run.seconds),
            fmt(run.peakRssMb, 0),
            String(report.fieldsCreated?.length ?? 0),
            people ? String(report.peopleCreated?.length ?? 0) : '—',
            lost.length === 0 ? 'all' : `lost ${lost.join(', ')}`,
          ]);
          return undefined;
        });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return {
      tables: [
        {
          title: "Another inventory's export, grown from the samples, imported with --create-fields (the whole CLI)",
          columns: ['preset', 'rows', 'seconds', 'peak RSS MB', 'fields defined', 'people recorded', 'columns kept'],
          rows,
        },
      ],
      notes,
      failed,
    };
  },
};
