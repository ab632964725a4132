/**
 * The console's Import and Export calls (src/console/transfer.routes.ts). An import sends the file
 * as it is with XMLHttpRequest, for the upload's progress, and reads the server's progress lines
 * (NDJSON) as they come; its report is the answer.
 */
import { ApiFailure, call, queryOf } from '../api/client.js';
import type { Answer } from '../api/contract.js';

type ImportColumns = Answer<'/import/{family}', 'get'>;
type ImportColumn = ImportColumns['columns'][number];
type ImportPreset = ImportColumns['presets'][number];
type ImportReport = Answer<'/import/{family}', 'post'>;
type ArchiveReport = Answer<'/archive', 'post'>;

export type ImportFormat = 'csv' | 'json' | 'jsonl';

export type { ArchiveReport, ImportColumn, ImportColumns, ImportPreset, ImportReport };
export type ImportError = ImportReport['errors'][number];

/** Header → column header, or null to leave the column out. */
export type ColumnMapping = Record<string, string | null>;

export interface ImportOptions {
  family: string;
  format: ImportFormat;
  dryRun: boolean;
  match: string | undefined;
  columns: ColumnMapping;
  fileName: string;
  /** A preset's name: the file is another inventory's export. */
  preset: string | undefined;
}

/** Where an import is: its file going up, then its rows read by the server. */
export type ImportProgress =
  | { phase: 'upload'; loaded: number; total: number }
  | { phase: 'rows'; rows: number; bytes: number; totalBytes: number };

export const importColumns = (family: string) => call<ImportColumns>('GET', `/import/${family}`);

function importPath({ family, format, dryRun, match, columns, fileName, preset }: ImportOptions): string {
  return `/import/${family}${queryOf({
    format,
    dryRun: dryRun ? 'true' : undefined,
    match: match && match !== 'id' ? match : undefined,
    file: fileName,
    preset,
    columns: Object.keys(columns).length > 0 ? JSON.stringify(columns) : undefined,
  })}`;
}

/** A dry run of a few rows already read (the preview): their outcome and errors. */
export function checkRows(options: Omit<ImportOptions, 'format' | 'dryRun'>, rows: Record<string, unknown>[]) {
  return call<ImportReport>('POST', importPath({ ...options, format: 'json', dryRun: true }), rows);
}

const CONTENT_TYPES: Record<ImportFormat, string> = {
  csv: 'text/csv',
  json: 'application/json',
  jsonl: 'application/x-ndjson',
};

/** Sends the whole file: the report, or an ApiFailure (413 for a file too large, 400 for a malformed one). */
export function runImport(
  file: Blob,
  options: ImportOptions,
  csrfToken: string,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/ui/api${importPath(options)}`);
    xhr.setRequestHeader('accept', 'application/x-ndjson, application/json');
    xhr.setRequestHeader('content-type', CONTENT_TYPES[options.format]);
    xhr.setRequestHeader('x-csrf-token', csrfToken);
    let read = 0;
    let report: ImportReport | undefined;
    let failure: ApiFailure | undefined;
    const streamed = () => (xhr.getResponseHeader('content-type') ?? '').includes('application/x-ndjson');
    /** The complete lines that came since the last call. */
    const readLines = () => {
      if (xhr.status !== 200 || !streamed()) return;
      const text = xhr.responseText;
      const end = text.lastIndexOf('\n');
      if (end < read) return;
      for (const line of text.slice(read, end).split('\n')) {
        if (!line.trim()) continue;
        const message = JSON.parse(line) as {
          progress?: { rows: number; bytes: number; totalBytes: number };
          report?: ImportReport;
          error?: { code: string; message: string };
        };
        if (message.progress) onProgress({ phase: 'rows', ...message.progress });
        if (message.report) report = message.report;
        if (message.error) failure = new ApiFailure(500, message.error.code, message.error.message);
      }
      read = end + 1;
    };
    xhr.upload.onprogress = (event) => onProgress({ phase: 'upload', loaded: event.loaded, total: event.total });
    xhr.onprogress = readLines;
    xhr.onerror = () =>
      reject(
        new ApiFailure(0, 'network_error', 'the server could not be reached; check your connection and try again'),
      );
    xhr.onload = () => {
      let answer: { code?: string; message?: string } & Partial<ImportReport> = {};
      if (xhr.status === 200 && streamed()) readLines();
      else {
        try {
          answer = JSON.parse(xhr.responseText) as typeof answer;
        } catch {
          // an answer that is not JSON is reported by its status below
        }
      }
      if (xhr.status !== 200)
        reject(new ApiFailure(xhr.status, answer.code ?? 'error', answer.message ?? `import failed (${xhr.status})`));
      else if (!streamed()) resolve(answer as ImportReport);
      else if (report) resolve(report);
      else reject(failure ?? new ApiFailure(500, 'error', 'the import ended without a report; nothing was written'));
    };
    xhr.send(file);
  });
}

/** The URL of a list's CSV export: its filters, search and sort, and the columns it shows. */
export function exportUrl(family: string, params: Record<string, string>, columns: readonly string[]): string {
  const { limit: _limit, offset: _offset, ...query } = params;
  return `/ui/api/export/${family}${queryOf({ ...query, columns: columns.join(',') })}`;
}

/** Sends a workspace archive (estate export --all): the report, or an ApiFailure (422: the workspace is not empty). */
export async function sendArchive(
  file: Blob,
  { dryRun, fileName }: { dryRun: boolean; fileName: string },
  csrfToken: string,
): Promise<ArchiveReport> {
  let response: Response;
  try {
    response = await fetch(`/ui/api/archive${queryOf({ dryRun: dryRun ? 'true' : undefined, file: fileName })}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-ndjson', 'x-csrf-token': csrfToken },
      credentials: 'same-origin',
      body: file,
    });
  } catch {
    throw new ApiFailure(0, 'network_error', 'the server could not be reached; check your connection and try again');
  }
  const answer = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  if (!response.ok)
    throw new ApiFailure(
      response.status,
      answer.code ?? 'error',
      answer.message ?? `import failed (${response.status})`,
    );
  return answer as ArchiveReport;
}
