/**
 * Estate's backup file: one portable format for both databases, restorable into either.
 *
 * gzip'd JSON lines:
 * - a header: `{"format":"estate-backup","version":1,"createdAt","dialect","migrations":[…],
 *   "storageFingerprint","tables":[{"name","columns":[…],"rows"}…]}`;
 * - per table, in load order: `{"table":NAME}`, its rows as JSON arrays (values in the order of
 *   its columns; timestamps as ISO-8601 UTC text with milliseconds, ids as text, booleans as 0/1,
 *   as the API reads them on both databases), then `{"end":NAME,"rows":N,"sha256":…}`, the digest
 *   of its row lines;
 * - a trailer: `{"trailer":{"tables":N,"rows":N,"sha256":…}}`, the digest of every line before it.
 * A flipped byte breaks gzip's own check or a digest; a cut file lacks the trailer.
 */
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Dialect } from '../../base/db/dialect.js';
import type { Snapshot, SnapshotTable } from './snapshot.js';
import { BATCH_ROWS } from './snapshot.js';

export const BACKUP_FORMAT = 'estate-backup';
export const BACKUP_VERSION = 1;

export interface BackupTable {
  name: string;
  columns: string[];
  rows: number;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  dialect: Dialect;
  migrations: string[];
  storageFingerprint: string | null;
  tables: BackupTable[];
}

export interface WrittenBackup {
  file: string;
  bytes: number;
  rows: number;
  tables: Record<string, number>;
  sha256: string;
}

/**
 * Writes the snapshot to `file` (readable by its owner only: it holds password and key hashes),
 * through a temporary file renamed at the end, so a failed backup leaves no file of that name.
 */
export async function writeBackup(
  snapshot: Snapshot,
  file: string,
  options: { storageFingerprint?: string; progress?(done: number, planned: number): void } = {},
): Promise<WrittenBackup> {
  if (existsSync(file)) throw new Error(`${file} exists already; name a new file`);
  const partial = `${file}.partial-${process.pid}`;
  const gzip = createGzip();
  const output = createWriteStream(partial, { mode: 0o600, flags: 'wx' });
  gzip.pipe(output);
  const written = finished(output);
  // A failure of the file (disk full) ends the pipe; it is thrown by the next write or the end.
  written.catch(() => undefined);
  const whole = createHash('sha256');
  const write = async (text: string): Promise<void> => {
    whole.update(text);
    if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), written]);
  };
  const planned = snapshot.tables.reduce((sum, table) => sum + table.rows, 0);
  let done = 0;
  try {
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      dialect: snapshot.dialect,
      migrations: snapshot.migrations,
      storageFingerprint: options.storageFingerprint ?? null,
      tables: snapshot.tables.map(({ name, columns, rows }) => ({ name, columns, rows })),
    };
    await write(`${JSON.stringify(header)}\n`);
    for (const table of snapshot.tables) {
      await write(`${JSON.stringify({ table: table.name })}\n`);
      const digest = createHash('sha256');
      let rows = 0;
      for await (const batch of snapshot.rows(table)) {
        let text = '';
        for (const row of batch) text += `${rowLine(table, row)}\n`;
        digest.update(text);
        await write(text);
        rows += batch.length;
        done += batch.length;
        options.progress?.(done, planned);
      }
      if (rows !== table.rows)
        throw new Error(`table ${table.name}: ${rows} rows read, ${table.rows} counted in the same snapshot`);
      await write(`${JSON.stringify({ end: table.name, rows, sha256: digest.digest('hex') })}\n`);
    }
    const sha256 = whole.digest('hex');
    gzip.end(`${JSON.stringify({ trailer: { tables: snapshot.tables.length, rows: done, sha256 } })}\n`);
    await written;
    renameSync(partial, file);
    return {
      file,
      bytes: statSync(file).size,
      rows: done,
      tables: Object.fromEntries(snapshot.tables.map((table) => [table.name, table.rows])),
      sha256,
    };
  } catch (error) {
    gzip.destroy();
    output.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}

/** One row as a JSON array; a value JSON cannot carry as it is (bytes) is refused. */
function rowLine(table: SnapshotTable, row: unknown[]): string {
  for (const value of row) {
    if (value !== null && typeof value === 'object')
      throw new Error(`table ${table.name}: a value of type ${value.constructor?.name} cannot be backed up`);
  }
  return JSON.stringify(row);
}

/** The file is not what `estate backup` wrote: cut, flipped or changed since. */
export class DamagedBackupError extends Error {}

/** A backup being read: its header, then each table's rows in turn, then the trailer's checks. */
export interface BackupReader {
  header: BackupHeader;
  /** The table's rows in batches; its count and digest are checked when its end is read. */
  rows(table: BackupTable): AsyncIterable<unknown[][]>;
  /** Reads the trailer and checks it: the last step, before anything read is trusted. */
  finish(): Promise<void>;
  close(): void;
}

/** Opens a backup and reads its header. Every damage is reported as one error naming the file. */
export async function openBackup(file: string): Promise<BackupReader> {
  if (!existsSync(file)) throw new Error(`there is no file ${file}`);
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  gunzip.setEncoding('utf8');
  const lines = linesOf(gunzip)[Symbol.asyncIterator]();
  const whole = createHash('sha256');
  const damaged = (reason: string) => new DamagedBackupError(`${file} is not an intact Estate backup: ${reason}`);
  const next = async (): Promise<string> => {
    let result: IteratorResult<string>;
    try {
      result = await lines.next();
    } catch (error) {
      throw damaged(error instanceof Error ? error.message : String(error));
    }
    if (result.done) throw damaged('the file ends too early (truncated?)');
    return result.value;
  };
  const parse = (line: string): unknown => {
    try {
      return JSON.parse(line);
    } catch {
      throw damaged('a line is not JSON');
    }
  };
  const headerLine = await next();
  const header = parse(headerLine) as BackupHeader;
  if (header?.format !== BACKUP_FORMAT) throw damaged('it does not start with an Estate backup header');
  if (header.version !== BACKUP_VERSION)
    throw new Error(`${file} is a backup of format version ${header.version}; this Estate reads ${BACKUP_VERSION}`);
  whole.update(`${headerLine}\n`);
  let position = 0;
  let total = 0;
  return {
    header,
    async *rows(table) {
      if (header.tables[position]?.name !== table.name) throw new Error(`tables are read in the header's order`);
      position += 1;
      const start = await next();
      whole.update(`${start}\n`);
      if ((parse(start) as { table?: string }).table !== table.name) throw damaged(`table ${table.name} is missing`);
      const digest: Hash = createHash('sha256');
      let rows = 0;
      let batch: unknown[][] = [];
      for (;;) {
        const line = await next();
        whole.update(`${line}\n`);
        if (!line.startsWith('[')) {
          const end = parse(line) as { end?: string; rows?: number; sha256?: string };
          if (end.end !== table.name) throw damaged(`table ${table.name} does not end where it should`);
          if (end.rows !== rows || rows !== table.rows)
            throw damaged(`table ${table.name} holds ${rows} rows, its header says ${table.rows}`);
          if (end.sha256 !== digest.digest('hex')) throw damaged(`the rows of table ${table.name} were changed`);
          break;
        }
        digest.update(`${line}\n`);
        const row = parse(line);
        if (!Array.isArray(row) || row.length !== table.columns.length)
          throw damaged(`a row of table ${table.name} does not have its ${table.columns.length} columns`);
        batch.push(row);
        rows += 1;
        if (batch.length === BATCH_ROWS) {
          yield batch;
          batch = [];
        }
      }
      total += rows;
      if (batch.length > 0) yield batch;
    },
    async finish() {
      if (position !== header.tables.length) throw new Error('every table is read before the trailer');
      const sha256 = whole.digest('hex');
      const { trailer } = parse(await next()) as { trailer?: { tables?: number; rows?: number; sha256?: string } };
      if (!trailer) throw damaged('its trailer is missing');
      if (trailer.tables !== header.tables.length || trailer.rows !== total)
        throw damaged('its trailer counts other tables or rows');
      if (trailer.sha256 !== sha256) throw damaged('its content does not match the digest of its trailer');
      let after: IteratorResult<string>;
      try {
        after = await lines.next();
      } catch (error) {
        throw damaged(error instanceof Error ? error.message : String(error));
      }
      if (!after.done) throw damaged('lines follow its trailer');
    },
    close() {
      input.destroy();
      gunzip.destroy();
    },
  };
}

/** A readable stream of text as lines; the stream's errors (gzip's checks) are thrown by the iteration. */
async function* linesOf(stream: AsyncIterable<string>): AsyncIterable<string> {
  let rest = '';
  for await (const chunk of stream) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest !== '') yield rest;
}

export interface VerifiedBackup {
  file: string;
  valid: true;
  createdAt: string;
  dialect: Dialect;
  migrations: string[];
  rows: number;
  tables: Record<string, number>;
}

/** Reads a whole backup and checks every table's count and digest and the trailer's. */
export async function verifyBackup(file: string): Promise<VerifiedBackup> {
  const backup = await openBackup(file);
  try {
    let rows = 0;
    for (const table of backup.header.tables) for await (const batch of backup.rows(table)) rows += batch.length;
    await backup.finish();
    const { createdAt, dialect, migrations, tables } = backup.header;
    return {
      file,
      valid: true,
      createdAt,
      dialect,
      migrations,
      rows,
      tables: Object.fromEntries(tables.map((table) => [table.name, table.rows])),
    };
  } finally {
    backup.close();
  }
}
