/** `estate import` and `estate export`: a family's items in and out of a workspace as CSV, JSON or JSON lines. */
import { createReadStream, createWriteStream } from 'node:fs';
import { basename } from 'node:path';
import { type Command, InvalidArgumentError } from 'commander';
import { CLI_ACTOR } from '../../base/audit/audit.types.js';
import type { Database } from '../../base/db/database.js';
import { ApiError } from '../../base/errors/api-error.js';
import { createRegistry, FAMILIES } from '../../families/registry.js';
import { sharedValidators } from '../../base/http/validators.js';
import type { ListQuery } from '../../base/lists/offset.js';
import type { Family } from '../../base/resources/family.js';
import { requireWorkspace } from '../accounts/workspaces/workspaces.service.js';
import { type ArchiveReport, exportWorkspace, importWorkspace } from './archive.js';
import { exportFamily } from './export.js';
import { FORMATS, type Format, type ImportReport, importFamily } from './import.js';
import { PRESETS, presetOf } from './presets.js';
import { writeRefusedRows } from './refused.js';
import { type JsonOption, type ProgressBar, progressBar, run } from '../../base/cli/run.js';

const familyKeys = () => FAMILIES.map((family) => family.definition.path.slice(1));

function familyOf(key: string): Family {
  const family = FAMILIES.find((candidate) => candidate.definition.path.slice(1) === key);
  if (!family) throw new ApiError('bad_request', `no family ${key}; one of: ${familyKeys().join(', ')}`);
  return family;
}

function formatOption(value: string): Format {
  if (!(FORMATS as readonly string[]).includes(value)) throw new InvalidArgumentError(`one of ${FORMATS.join(', ')}`);
  return value as Format;
}

/** The format a file name suggests (.json, .jsonl, .ndjson), else CSV. */
function formatOf(file: string | undefined, given: Format | undefined): Format {
  if (given) return given;
  if (file?.endsWith('.jsonl') || file?.endsWith('.ndjson')) return 'jsonl';
  if (file?.endsWith('.json')) return 'json';
  return 'csv';
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** `--filter name=value` pairs as a list query, checked against the family's list schema. */
function listQueryOf(family: Family, filters: string[]): ListQuery {
  const query: Record<string, string> = {};
  for (const filter of filters) {
    const at = filter.indexOf('=');
    if (at < 1) throw new ApiError('bad_request', `--filter ${filter}: write name=value`);
    query[filter.slice(0, at)] = filter.slice(at + 1);
  }
  const validate = sharedValidators().coercing.compile(family.listQuery as object);
  if (!validate(query)) {
    const first = validate.errors?.[0];
    const name = first?.params && 'additionalProperty' in first.params ? first.params.additionalProperty : undefined;
    throw new ApiError(
      'bad_request',
      name ? `unknown filter: ${String(name)}` : `--filter ${first?.instancePath.slice(1)} ${first?.message}`,
    );
  }
  return query as ListQuery;
}

function archiveSummary(report: ArchiveReport): string {
  const counts = Object.entries(report.sections)
    .map(([section, count]) => `${count} ${section}`)
    .join(', ');
  const lines = [
    report.errors.length > 0
      ? `nothing written: the archive was refused (${counts} read)`
      : `${report.dryRun ? 'would import' : 'imported'} the archive: ${counts}`,
  ];
  for (const error of report.errors)
    lines.push(`  ${error.section} row ${error.row}${error.field ? ` ${error.field}` : ''}: ${error.message}`);
  return lines.join('\n');
}

function summary(report: ImportReport & { refusedFile?: string }): string {
  // A refused import wrote nothing: its counts of what would have been created are no outcome.
  const refused = new Set(report.errors.map((error) => error.row)).size;
  const counts = `${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged`;
  const lines = [
    refused > 0
      ? `nothing written: ${refused} of ${report.rows} rows of ${report.family} refused` +
        (report.dryRun ? ' (dry run)' : '')
      : `${report.dryRun ? 'would import' : 'imported'} ${report.rows} rows of ${report.family}: ${counts}`,
  ];
  if (report.preset)
    lines.push(
      `read through the preset ${report.preset}; columns ignored: ${report.ignoredColumns?.join(', ') || 'none'}`,
    );
  if (report.fieldsCreated?.length)
    lines.push(
      `${report.dryRun || refused > 0 ? 'would define' : 'defined'} ${report.fieldsCreated.length} custom fields: ` +
        report.fieldsCreated
          .map((field) => `${field.name} (${field.type}${field.choices ? `: ${field.choices.join(', ')}` : ''})`)
          .join(', '),
    );
  if (report.peopleCreated?.length)
    lines.push(
      `${report.dryRun || refused > 0 ? 'would record' : 'recorded'} ${report.peopleCreated.length} people ` +
        `without an account: ${report.peopleCreated.join(', ')}`,
    );
  if (report.fieldsLeftOut?.length)
    lines.push(
      `left out ${report.fieldsLeftOut.length} columns that name no custom field of ${report.family}: ` +
        `${report.fieldsLeftOut.join(', ')}; --create-fields defines them and keeps their values`,
    );
  if (report.refusedFile)
    lines.push(
      `${report.skipped} rows refused and left out, written with their reasons to ${report.refusedFile}: ` +
        'fix them there and import that file',
    );
  for (const note of report.notes ?? []) lines.push(`  row ${note.row}: ${note.message}`);
  if (refused > 0) lines.push('refused rows:');
  for (const error of report.errors)
    lines.push(`  row ${error.row}${error.field ? ` ${error.field}` : ''}: ${error.message} (${error.code})`);
  return lines.join('\n');
}

/** `estate import`, then `estate export`: the order of the list of commands. */
export function registerTransfer(program: Command): void {
  registerImportCommand(program);
  registerExportCommand(program);
}

type ImportOptions = JsonOption & { workspace: string; family?: string; format?: Format } & Flags;

/** `estate import`: one family's file, or with --all a whole workspace's archive. */
function registerImportCommand(program: Command): void {
  program
    .command('import')
    .description('import a file of one family into a workspace: rows with an id (or a --match) update, others create')
    .requiredOption('--workspace <id>', 'workspace id')
    .option('--family <family>', `the family: ${familyKeys().join(', ')} (with --preset: the preset's)`)
    .argument('<file>', 'the file to import (- for standard input)')
    .option('--format <format>', `${FORMATS.join(', ')} (default: from the file name, else csv)`, formatOption)
    .option('--dry-run', 'check every row and report, writing nothing')
    .option('--match <field>', 'update the item with the same value of this field (id, name, hostname, serialNumber)')
    .option(
      '--preset <preset>',
      `read another inventory's export: ${PRESETS.map((preset) => `${preset.name} (${preset.family})`).join(', ')}; ` +
        'columns it does not know are listed and ignored',
    )
    .option(
      '--create-fields',
      'define a custom field for each cf_<name> column (and each preset column Estate has no field for) that names ' +
        'none yet, its type guessed from the values; --dry-run shows them first',
    )
    .option(
      '--create-people',
      'record the people the file names (owners, assignees, members: an e-mail, "Name <e-mail>" or a name) who ' +
        'are not in the workspace, as people without an account; --dry-run lists them first',
    )
    .option(
      '--skip-invalid <file>',
      'import the valid rows and write the refused ones to this file, each with its reason in an estate_error ' +
        'column (which an import ignores): fix them there and import that file',
    )
    .option(
      '--all',
      'the file is a whole workspace archive (estate export --all): fill this empty workspace with it, every ' +
        'section or nothing',
    )
    .option('--json', 'print one JSON object')
    .addHelpText(
      'after',
      `\nPresets:\n${PRESETS.map((preset) => `  ${preset.name.padEnd(16)} ${preset.description}`).join('\n')}`,
    )
    .action((file: string, opts: ImportOptions) =>
      opts.all
        ? run(opts, (database: Database) => importArchive(database, file, opts), archiveSummary)
        : run(opts, (database: Database) => importFile(database, file, opts), summary),
    );
}

/** `estate import --all`: every section or nothing, so the flags of a family's import are refused. */
async function importArchive(database: Database, file: string, opts: ImportOptions) {
  await requireWorkspace(database, opts.workspace);
  if (opts.family || opts.preset || opts.match || opts.createFields || opts.skipInvalid)
    throw new ApiError('bad_request', '--all imports a whole archive: give no --family, --preset or --match');
  const input = file === '-' ? process.stdin : createReadStream(file);
  const report = await importWorkspace(database, createRegistry(), opts.workspace, input, {
    actor: CLI_ACTOR,
    source: file === '-' ? 'standard input' : basename(file),
    dryRun: Boolean(opts.dryRun),
  });
  if (report.errors.length > 0) process.exitCode = 1;
  return report;
}

/** `estate import` of one family's file; with --skip-invalid, tried again without the rows each try refused. */
async function importFile(database: Database, file: string, opts: ImportOptions) {
  await requireWorkspace(database, opts.workspace);
  const preset = opts.preset === undefined ? undefined : presetOf(opts.preset);
  if (opts.preset !== undefined && !preset)
    throw new ApiError(
      'bad_request',
      `no preset ${opts.preset}; one of: ${PRESETS.map((candidate) => candidate.name).join(', ')}`,
    );
  const key = opts.family ?? preset?.family;
  if (!key) throw new ApiError('bad_request', 'give --family (or a --preset)');
  const service = createRegistry().serviceOf(familyOf(key));
  if (opts.createFields && file === '-')
    throw new ApiError('bad_request', '--create-fields reads the file twice: give a file, not -');
  const input = file === '-' ? process.stdin : createReadStream(file);
  const format = formatOf(file, opts.format);
  const bar = process.stderr.isTTY && !opts.json ? progressBar() : undefined;
  const expectedRows = file === '-' || format === 'json' ? undefined : await recordsIn(file, format);
  if (opts.skipInvalid !== undefined && file === '-')
    throw new ApiError('bad_request', '--skip-invalid reads the file again: give a file, not -');
  const options = {
    format,
    dryRun: Boolean(opts.dryRun),
    match: opts.match,
    actor: CLI_ACTOR,
    source: file === '-' ? 'standard input' : basename(file),
    ...(opts.preset === undefined ? {} : { preset: opts.preset }),
    ...(expectedRows === undefined ? {} : { expectedRows }),
    ...(opts.createFields && { createFields: () => createReadStream(file) }),
    ...(opts.createPeople && { createPeople: true }),
    progress: bar && ((rows: number) => drawImport(bar, rows, expectedRows)),
    // --skip-invalid: every refused row of a try, with its errors (the report lists 1,000 at most).
    refused: (row: number, message: string) => {
      if (row > 0) found.set(row, found.has(row) ? `${found.get(row)}; ${message}` : message);
    },
  };
  let found = new Map<number, string>();
  let report: ImportReport & { refusedFile?: string } = await importFamily(
    database,
    opts.workspace,
    service,
    input,
    options,
  );
  if (opts.skipInvalid !== undefined) {
    // Each try refuses whole and says which rows; the next leaves them out, until one goes through.
    const reasons = new Map<number, string>();
    for (let tries = 0; report.errors.length > 0 && tries < SKIP_TRIES; tries += 1) {
      // A fault of the file itself (not CSV, a field that cannot be defined) refuses it whole.
      if (report.errors.some((error) => error.row === 0) || found.size === 0) break;
      for (const [row, reason] of found) reasons.set(row, reason);
      found = new Map();
      report = await importFamily(database, opts.workspace, service, createReadStream(file), {
        ...options,
        skipRows: new Set(reasons.keys()),
      });
    }
    if (reasons.size > 0 && report.errors.length === 0) {
      await writeRefusedRows(createReadStream(file), format, reasons, createWriteStream(opts.skipInvalid));
      report.refusedFile = opts.skipInvalid;
    }
  }
  bar?.end();
  if (report.errors.length > 0) process.exitCode = 1;
  return report;
}

interface ExportOptions {
  workspace: string;
  family?: string;
  all?: boolean;
  format?: Format;
  output?: string;
  filter: string[];
  raw?: boolean;
}

/** `estate export`: its output is the data, so `run` prints nothing after it. */
function registerExportCommand(program: Command): void {
  program
    .command('export')
    .description(
      "export a family's items of a workspace (link lists and references by name), or with --all the whole workspace",
    )
    .requiredOption('--workspace <id>', 'workspace id')
    .option('--family <family>', `the family: ${familyKeys().join(', ')}`)
    .option(
      '--all',
      'the whole workspace as one archive of JSON lines (custom fields, people, tags, agents, every family with ' +
        'its links, comments): estate import --all fills an empty workspace with it',
    )
    .option('--format <format>', `${FORMATS.join(', ')} (default: from --output, else csv)`, formatOption)
    .option('--output <file>', 'write to this file instead of standard output')
    .option(
      '--filter <name=value>',
      'a list filter, as on the API (repeatable): --filter environment=production',
      collect,
      [],
    )
    .option(
      '--raw',
      'CSV: write cells as stored. Without it, a cell starting with =, +, -, @, a tab or a carriage return gets a ' +
        "leading ' so a spreadsheet shows it as text (an import takes it off). WARNING: a raw export opened in a " +
        'spreadsheet may run formulas planted in the data',
    )
    .action((opts: ExportOptions) =>
      run(
        {},
        (database: Database) => exportItems(database, opts),
        () => '',
        { print: false },
      ),
    );
}

/** `estate export`'s work: a family's items (filtered), or with --all the workspace's archive. */
async function exportItems(database: Database, opts: ExportOptions) {
  await requireWorkspace(database, opts.workspace);
  const output = opts.output ? createWriteStream(opts.output) : process.stdout;
  if (opts.all) {
    if (opts.family || opts.filter.length > 0 || opts.format)
      throw new ApiError('bad_request', '--all exports the whole workspace: give no --family, --filter or --format');
    await exportWorkspace(database, createRegistry(), opts.workspace, output);
    if (opts.output) process.stderr.write(`exported the workspace to ${opts.output}\n`);
    return {};
  }
  if (!opts.family) throw new ApiError('bad_request', 'give --family (or --all)');
  const family = familyOf(opts.family);
  const query = listQueryOf(family, opts.filter);
  const result = await exportFamily(database, opts.workspace, createRegistry().serviceOf(family), output, {
    format: formatOf(opts.output, opts.format),
    query,
    raw: opts.raw === true,
  });
  if (opts.output) process.stderr.write(`exported ${result.rows} rows to ${opts.output}\n`);
  return result;
}

interface Flags {
  dryRun?: boolean;
  match?: string;
  preset?: string;
  createFields?: boolean;
  createPeople?: boolean;
  skipInvalid?: string;
  all?: boolean;
}

/** Imports `--skip-invalid` tries at most: each finds the rows refused once others are left out. */
const SKIP_TRIES = 4;

/**
 * About how many records a CSV or JSON-lines file holds, counted before it is imported: its lines
 * (less a CSV's header). A quoted value over several lines counts more; it is an estimate.
 */
async function recordsIn(file: string, format: Format): Promise<number> {
  let lines = 0;
  let last = 10;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    if (chunk.length > 0) last = chunk[chunk.length - 1]!;
  }
  if (last !== 10) lines += 1;
  return Math.max(0, format === 'csv' ? lines - 1 : lines);
}

/** The import's progress: the rows read of those counted first, or the rows read (standard input, JSON). */
function drawImport(bar: ProgressBar, rows: number, expected: number | undefined): void {
  const read = rows.toLocaleString('en');
  if (expected !== undefined && expected > 0) bar(rows, expected, `${read}/${expected.toLocaleString('en')} rows`);
  else process.stderr.write(`\r${read} rows read\x1b[K`);
}
