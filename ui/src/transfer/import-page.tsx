import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { messageOf } from '../api/client.js';
import { Field, FormError } from '../base/field.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities, useSession } from '../base/session.js';
import { useCatalog, useFamily } from '../inventory/catalog.js';
import { labelOf, type ConsoleFamily } from '../inventory/schema.js';
import {
  automaticMapping,
  changedMapping,
  columnNames,
  type FilePreview,
  formatOfName,
  PREVIEW_ROWS,
  presetMapping,
  previewOf,
} from './file-preview.js';
import { ImportSummary } from './import-summary.js';
import {
  checkRows,
  type ColumnMapping,
  type ImportColumns,
  type ImportFormat,
  type ImportPreset,
  type ImportProgress,
  type ImportReport,
  importColumns,
  runImport,
} from './transfer-api.js';

const IGNORE = '';

/** How the presets (src/transfer/presets.ts) are offered. */
const PRESET_LABELS: Record<string, string> = {
  'netbox-devices': 'a NetBox devices export',
  'snipeit-assets': 'a Snipe-IT assets export',
};

/**
 * /ui/<family>/import: a file of the family's items (CSV, JSON, JSON lines) brought in as `estate
 * import` does. Its columns are mapped to the family's by name, each one can be changed or left
 * out; the first rows are previewed with their errors (a dry run of those rows); Check runs the
 * whole file without writing, Import writes it in one transaction, both with their progress.
 */
export function ImportPage({ familyKey }: { familyKey: string }) {
  const catalog = useCatalog();
  const family = useFamily(familyKey);
  const { can } = useAbilities();
  if (catalog.length === 0) return <p className="loading">Loading…</p>;
  if (!family) return <p>There is no such list.</p>;
  if (!family.update || !family.scopes.add || !family.scopes.edit)
    return <p>The {family.many} list cannot be imported.</p>;
  if (!can(family.scopes.add) || !can(family.scopes.edit))
    return <p>Your role may not add and edit {family.many}, so it may not import them.</p>;
  return <ImportForm key={family.key} family={family} />;
}

function ImportForm({ family }: { family: ConsoleFamily }) {
  const { session } = useSession();
  const client = useQueryClient();
  const columns = useQuery({
    queryKey: ['import-columns', family.key],
    queryFn: () => importColumns(family.key),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [file, setFile] = useState<File | undefined>();
  const [format, setFormat] = useState<ImportFormat>('csv');
  const [preview, setPreview] = useState<FilePreview | undefined>();
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [match, setMatch] = useState('id');
  const [presetName, setPresetName] = useState('');
  const [progress, setProgress] = useState<ImportProgress | undefined>();
  const [running, setRunning] = useState<'check' | 'import' | undefined>();
  const [report, setReport] = useState<ImportReport | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const title = `Import ${family.many}`;

  const preset = columns.data?.presets.find((candidate) => candidate.name === presetName);
  /** The mapping a file's headers get at first: by the preset chosen, else by the family's column names. */
  const mappingFor = (headers: string[], chosen: ImportPreset | undefined) =>
    chosen ? presetMapping(headers, chosen) : automaticMapping(headers, columns.data?.columns ?? []);
  const read = async (chosen: File | undefined, chosenFormat: ImportFormat) => {
    setReport(undefined);
    setFailure(undefined);
    setPreview(undefined);
    if (!chosen || !columns.data) return;
    const next = await previewOf(chosen, chosenFormat);
    setPreview(next);
    setMapping(mappingFor(next.headers, preset));
  };
  const choosePreset = (name: string) => {
    const chosen = columns.data?.presets.find((candidate) => candidate.name === name);
    setPresetName(name);
    setReport(undefined);
    if (chosen) setMatch(chosen.match);
    if (preview) setMapping(mappingFor(preview.headers, chosen));
  };
  const choose = (chosen: File | undefined) => {
    const chosenFormat = chosen ? formatOfName(chosen.name) : 'csv';
    setFile(chosen);
    setFormat(chosenFormat);
    void read(chosen, chosenFormat);
  };

  const sent = changedMapping(mapping);
  const targets = Object.values(mapping).filter((to): to is string => Boolean(to));
  const twice = targets.find((to, index) => targets.indexOf(to) !== index);
  const tooLarge = file && columns.data && file.size > columns.data.bodyLimit;
  const ready = Boolean(file && preview && !preview.error && !twice && !tooLarge && !running);

  // The first rows' outcome: a dry run of just those rows, again whenever the mapping or match changes.
  const rowsChecked = useQuery({
    queryKey: ['import-preview', family.key, preview?.rows, sent, match, presetName],
    queryFn: () =>
      checkRows(
        { family: family.key, match, columns: sent, fileName: 'preview', preset: preset?.name },
        preview?.rows ?? [],
      ),
    enabled: Boolean(preview && preview.rows.length > 0 && !preview.error && !twice),
    retry: false,
  });

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setRunning(dryRun ? 'check' : 'import');
    setReport(undefined);
    setFailure(undefined);
    setProgress({ phase: 'upload', loaded: 0, total: file.size });
    try {
      const options = {
        ...{ family: family.key, format, dryRun, match, columns: sent },
        ...{ fileName: file.name, preset: preset?.name },
      };
      const done = await runImport(file, options, session.csrfToken, setProgress);
      setReport(done);
      if (!dryRun && done.errors.length === 0) await client.invalidateQueries();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setRunning(undefined);
      setProgress(undefined);
    }
  };

  return (
    <>
      <PageHeader title={title}>
        <Link href={`/${family.key}`}>Back to {family.many}</Link>
      </PageHeader>
      <p className="lead">
        A CSV, JSON or JSON-lines file whose columns are {family.one} fields, as an export of this list writes them.
        Rows with an id, or matching an item by the field chosen below, update that item; other rows create{' '}
        {family.many}. If any row is refused, nothing is written.
      </p>
      <FormError error={messageOf(columns.error)} />
      <form className="import-form" onSubmit={(event) => event.preventDefault()}>
        <Field
          label="File"
          error={tooLarge ? `The file is larger than ${formatBytes(columns.data?.bodyLimit ?? 0)}.` : undefined}
        >
          <input
            type="file"
            accept=".csv,.json,.jsonl,.ndjson,text/csv,application/json"
            disabled={!columns.data || Boolean(running)}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </Field>
        <Field label="Format">
          <select
            value={format}
            onChange={(event) => {
              const next = event.target.value as ImportFormat;
              setFormat(next);
              void read(file, next);
            }}
          >
            <option value="csv">CSV</option>
            <option value="json">JSON (an array of objects)</option>
            <option value="jsonl">JSON lines</option>
          </select>
        </Field>
        {columns.data && columns.data.presets.length > 0 && (
          <Field label="Read the file as" hint={preset?.description}>
            <select value={presetName} onChange={(event) => choosePreset(event.target.value)}>
              <option value="">Estate's columns</option>
              {columns.data.presets.map((candidate) => (
                <option key={candidate.name} value={candidate.name}>
                  {PRESET_LABELS[candidate.name] ?? candidate.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        {columns.data && columns.data.match.length > 1 && (
          <Field label="Match existing items by" hint="Rows without a known id update the item with the same value.">
            <select value={match} onChange={(event) => setMatch(event.target.value)}>
              {columns.data.match.map((field) => (
                <option key={field} value={field}>
                  {field === 'id' ? 'id only' : labelOf(field)}
                </option>
              ))}
            </select>
          </Field>
        )}
      </form>
      <FormError error={preview?.error} />
      {preview && !preview.error && columns.data && (
        <MappingTable
          headers={preview.headers}
          columns={columns.data}
          preset={preset}
          noun={family.one}
          mapping={mapping}
          twice={twice}
          onChange={(header, to) => setMapping({ ...mapping, [header]: to })}
        />
      )}
      {preview && !preview.error && preview.rows.length > 0 && (
        <PreviewTable preview={preview} mapping={mapping} report={rowsChecked.data} error={rowsChecked.error} />
      )}
      <div className="actions">
        <button type="button" disabled={!ready} onClick={() => void run(true)}>
          Check
        </button>
        <button type="button" className="primary" disabled={!ready} onClick={() => void run(false)}>
          Import
        </button>
      </div>
      {running && progress && <ProgressBar running={running} progress={progress} />}
      <FormError error={failure} />
      {report && <ImportSummary report={report} noun={family.many} />}
    </>
  );
}

function MappingTable({
  headers,
  columns,
  preset,
  noun,
  mapping,
  twice,
  onChange,
}: {
  noun: string;
  headers: string[];
  columns: ImportColumns;
  preset: ImportPreset | undefined;
  mapping: ColumnMapping;
  twice: string | undefined;
  onChange(header: string, to: string | null): void;
}) {
  // With a preset, a column is read as one of the preset's headers, which it turns into Estate's fields.
  const names = preset ? Object.keys(preset.headers) : columnNames(columns.columns);
  const readOnly = new Set(columns.columns.filter((column) => !column.writable).map((column) => column.header));
  return (
    <section aria-labelledby="mapping-heading">
      <h2 id="mapping-heading">Columns</h2>
      <FormError error={twice ? `Two columns of the file go to ${twice}: choose one.` : undefined} />
      <div className="table-scroll">
        <table className="mapping">
          <thead>
            <tr>
              <th scope="col">Column in the file</th>
              <th scope="col">{preset ? 'Read by the preset as' : 'Imported as'}</th>
            </tr>
          </thead>
          <tbody>
            {headers.map((header) => (
              <tr key={header}>
                <th scope="row">{header}</th>
                <td>
                  <select
                    aria-label={`Import column ${header} as`}
                    value={mapping[header] ?? IGNORE}
                    onChange={(event) => onChange(header, event.target.value || null)}
                  >
                    <option value={IGNORE}>Ignore this column</option>
                    {names.map((name) => (
                      <option key={name} value={name}>
                        {name}
                        {readOnly.has(name) ? ' (read-only, not imported)' : ''}
                      </option>
                    ))}
                  </select>
                  {mapping[header] === null && !names.includes(header) && (
                    <span className="hint">
                      {preset ? ' the preset does not read this column' : ` no ${noun} field has this name`}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PreviewTable({
  preview,
  mapping,
  report,
  error,
}: {
  preview: FilePreview;
  mapping: ColumnMapping;
  report: ImportReport | undefined;
  error: unknown;
}) {
  const shown = preview.headers.filter((header) => mapping[header]);
  const problems = (row: number) => report?.errors.filter((problem) => problem.row === row) ?? [];
  return (
    <section aria-labelledby="preview-heading">
      <h2 id="preview-heading">First {Math.min(PREVIEW_ROWS, preview.rows.length)} rows</h2>
      <FormError error={messageOf(error)} />
      <div className="table-scroll">
        <table className="preview">
          <thead>
            <tr>
              <th scope="col">Row</th>
              {shown.map((header) => (
                <th key={header} scope="col">
                  {mapping[header]}
                </th>
              ))}
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, index) => {
              const found = problems(index + 1);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a file are known by their place
                <tr key={index} className={found.length > 0 ? 'refused' : undefined}>
                  <th scope="row">{index + 1}</th>
                  {shown.map((header) => (
                    <td key={header}>{cellText(row[header])}</td>
                  ))}
                  <td>
                    {!report
                      ? '…'
                      : found.length === 0
                        ? 'OK'
                        : found.map((problem) => (
                            <p key={`${problem.field}:${problem.message}`} className="field-error">
                              {problem.field && !problem.message.startsWith(problem.field) ? `${problem.field}: ` : ''}
                              {problem.message}
                            </p>
                          ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(bytes >= 10 * 1024 * 1024 ? 0 : 1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

function ProgressBar({ running, progress }: { running: 'check' | 'import'; progress: ImportProgress }) {
  const verb = running === 'check' ? 'Checking' : 'Importing';
  const [value, text] =
    progress.phase === 'upload'
      ? [
          progress.total > 0 ? progress.loaded / progress.total : 0,
          `Sending the file: ${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}`,
        ]
      : [
          progress.totalBytes > 0 ? progress.bytes / progress.totalBytes : 0,
          `${verb}: ${progress.rows.toLocaleString('en')} rows read`,
        ];
  return (
    <div className="import-progress">
      <progress max={1} value={value} aria-label={`${verb} progress`} />
      <p role="status">
        {text} ({Math.round(value * 100)}%)
      </p>
    </div>
  );
}
