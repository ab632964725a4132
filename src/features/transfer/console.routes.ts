import { basename } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../base/db/database.js';
import { ApiError, notFound } from '../../base/errors/api-error.js';
import type { FamilyService } from '../../base/resources/crud.js';
import type { Registry } from '../../base/resources/registry.js';
import { sharedValidators } from '../../base/http/validators.js';
import type { App, AppDeps } from '../../base/http/types.js';
import type { ListQuery } from '../../base/lists/offset.js';
import type { Family } from '../../base/resources/family.js';
import { type Column, columnForHeader, columnsOf } from './columns.js';
import { itemFieldsOf } from '../../base/custom-fields/values.js';
import { exportWorkspace, importWorkspace } from './archive.js';
import { exportFamily } from './export.js';
import { PRESETS, type Preset, presetOf } from './presets.js';
import { type ImportReport, importFamily } from './import.js';
import { reachByTable } from '../../base/resources/reach.js';
import { isRestricted } from '../../base/access/restrictions.js';
import { memberCallerOf } from '../../base/http/console.js';
import { FamilyKey } from '../../base/http/console.js';
import {
  ArchiveQuery,
  ArchiveReportSchema,
  ImportColumns,
  ImportQuery,
  ImportReportSchema,
} from './console.schemas.js';

/** The largest file the console's Import takes (docs/import-export.md, "In the console"). */
export const IMPORT_BODY_LIMIT = 50 * 1024 * 1024;
/** Chunks the buffered file is read in: progress counts the bytes handed to the parser. */
const CHUNK = 64 * 1024;
/** Rows read before an import asked for NDJSON starts streaming its progress. */
const STREAM_AFTER_ROWS = 100;
/** The fields an import may match existing items by, where the family has them. */
const MATCH_FIELDS = ['name', 'hostname', 'serialNumber'] as const;

const FamilyParams = Type.Object({ family: FamilyKey }, { additionalProperties: false });

/** The family of a path's key in `registry`, or 404. */
function familyIn(registry: Registry, key: string): Family {
  const family = registry.byKey(key);
  if (!family) throw notFound(`list ${key}`);
  return family;
}

/** Every scope in `scopes` must be the member's (403 before the body is read). */
function requireScopes(request: FastifyRequest, scopes: string[]): void {
  const held = memberCallerOf(request).scopes;
  for (const scope of scopes)
    if (!held.includes(scope)) throw new ApiError('insufficient_permission', `missing permission: ${scope}`);
}

const familyKeyOf = (request: FastifyRequest) => (request.params as { family: string }).family;

/** The preset an import names, which must read into the family imported into (400 otherwise). */
function presetFor(family: Family, name: string | undefined): Preset | undefined {
  if (name === undefined || name === '') return undefined;
  const preset = presetOf(name);
  const key = family.definition.path.slice(1);
  if (!preset || preset.family !== key) {
    const offered = PRESETS.filter((candidate) => candidate.family === key).map((candidate) => candidate.name);
    throw new ApiError('bad_request', `preset: ${key} have ${offered.length ? offered.join(', ') : 'no presets'}`);
  }
  return preset;
}

/**
 * The column mapping of an import: a JSON object of header → a column the family has (with a
 * preset, a header the preset reads), or null.
 */
function mappingOf(
  family: Family,
  columns: Column[],
  preset: Preset | undefined,
  text: string | undefined,
): Record<string, string | null> | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', 'columns must be a JSON object of header → column');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ApiError('bad_request', 'columns must be a JSON object of header → column');
  const known = (to: string) =>
    preset ? Object.hasOwn(preset.headers, to) || Object.hasOwn(preset.fields, to) : columnForHeader(columns, to);
  const mapping: Record<string, string | null> = {};
  for (const [header, to] of Object.entries(parsed)) {
    if (to !== null && typeof to !== 'string') throw new ApiError('bad_request', `columns: ${header} maps to a text`);
    if (to !== null && !known(to))
      throw new ApiError(
        'bad_request',
        preset
          ? `columns: the preset ${preset.name} reads no column ${to}`
          : `columns: ${family.definition.nouns.many} have no column ${to}`,
      );
    mapping[header] = to;
  }
  return mapping;
}

/** The match fields a family allows: id, and those of MATCH_FIELDS its items have. */
function matchFieldsOf(family: Family): string[] {
  const properties = family.definition.schemas.item.properties as Record<string, unknown>;
  return ['id', ...MATCH_FIELDS.filter((field) => field in properties)];
}

/** An error of the file itself (not JSON, not CSV, not rows of objects), rather than of a row's values. */
const fileErrorOf = (report: ImportReport) =>
  report.errors.find((error) => error.field === null && error.code === 'bad_request');

/** The buffered file as a stream of chunks, counting the bytes the parser has taken. */
function chunksOf(body: Buffer, read: { bytes: number }): Readable {
  return Readable.from(
    (function* () {
      for (let start = 0; start < body.length; start += CHUNK) {
        const chunk = body.subarray(start, start + CHUNK);
        read.bytes += chunk.length;
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

/** The list's filters, search and sort of an export, checked as the list checks them (400 naming the parameter). */
function exportQueryOf(family: Family, query: Record<string, unknown>): ListQuery {
  const { columns: _columns, limit: _limit, offset: _offset, ...list } = query;
  const validate = sharedValidators().coercing.compile(family.listQuery as object);
  if (!validate(list)) {
    const first = validate.errors?.[0];
    const name = first?.params && 'additionalProperty' in first.params ? first.params.additionalProperty : undefined;
    throw new ApiError(
      'bad_request',
      name ? `unknown parameter: ${String(name)}` : `${first?.instancePath.slice(1)} ${first?.message}`,
    );
  }
  // Without a sort, the export keeps the order items were made in: a tree's parents come before their children.
  return list as ListQuery;
}

/** The CSV columns of an export: id, then the list's shown fields under their file headers. */
function exportHeadersOf(family: Family, columns: Column[], shown: unknown): string[] | undefined {
  if (shown === undefined || shown === '') return undefined;
  if (typeof shown !== 'string') throw new ApiError('bad_request', 'columns: a comma-separated list of fields');
  const headers = ['id'];
  for (const field of shown.split(',')) {
    const column = columns.find(
      (candidate) =>
        (candidate.kind === 'field' && candidate.field === field) ||
        (candidate.kind === 'value' && candidate.header === field) ||
        ((candidate.kind === 'reference' || candidate.kind === 'relation') && candidate.field === field) ||
        (candidate.kind === 'link' && candidate.header === field),
    );
    if (!column) throw new ApiError('bad_request', `columns: ${family.definition.nouns.many} have no field ${field}`);
    if (!headers.includes(column.header)) headers.push(column.header);
  }
  return headers;
}

/** A family's file columns in the workspace: its custom fields' among them. */
async function workspaceColumnsOf(database: Database, family: Family, workspaceId: string): Promise<Column[]> {
  return columnsOf(family, await itemFieldsOf(database.db, workspaceId, family.definition.path.slice(1)));
}

/**
 * The console's Import and Export (docs/import-export.md, "In the console"), always in the session's
 * workspace:
 * - GET /ui/api/import/{family}: the columns a file may have and the fields rows may match by.
 * - POST /ui/api/import/{family}?format=&dryRun=&match=&file=&columns=: the file as the body (at
 *   most IMPORT_BODY_LIMIT), imported as `estate import` does (one transaction, the member as
 *   actor, one `import` event); needs the family's add and edit scopes. Answers the report, or,
 *   asked with Accept: application/x-ndjson, from the 100th row on streams progress lines, then the
 *   report. A file that cannot be read is a 400 while nothing has been streamed yet.
 * - GET /ui/api/export/{family}?<the list's query>&columns=: the list as a CSV attachment, streamed.
 */
export function registerTransferRoutes(app: App, deps: AppDeps): void {
  // Encapsulated: the import's body parser (any type, read whole up to the limit) is this route's own.
  void app.register(async (scoped: App) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    registerImportColumnsRoute(scoped, deps);
    registerArchiveImportRoute(scoped, deps);
    registerFamilyImportRoute(scoped, deps);
  });

  registerArchiveExportRoute(app, deps);
  registerFamilyExportRoute(app, deps);
}

/** GET /import/:family: the columns, presets and match fields an import into the family takes. */
function registerImportColumnsRoute(scoped: App, { database, registry }: AppDeps): void {
  const familyOf = (key: string) => familyIn(registry, key);
  scoped.get(
    '/import/:family',
    { schema: { params: FamilyParams, response: { 200: ImportColumns } } },
    async (request) => {
      const family = familyOf(request.params.family);
      const scope = family.definition.scopeFamily;
      requireScopes(request, [`${scope}:add`, `${scope}:edit`]);
      const columns = await workspaceColumnsOf(database, family, memberCallerOf(request).workspaceId);
      return {
        family: request.params.family,
        // A CSV names each custom field's column (cf_<name>); the values object is a JSON file's.
        columns: columns
          .filter((column) => column.kind !== 'values')
          .map((column) => ({
            header: column.header,
            kind: column.kind,
            writable: column.kind === 'field' ? column.writable : true,
            ...((column.kind === 'reference' || column.kind === 'relation') && { byId: column.field }),
          })),
        presets: PRESETS.filter((preset) => preset.family === request.params.family).map((preset) => ({
          name: preset.name,
          description: preset.description,
          match: preset.match,
          headers: Object.fromEntries([
            ...Object.entries(preset.headers).map(([header, also]) => [header, [...also]]),
            ...Object.entries(preset.fields).map(([header, { aliases }]) => [header, [...aliases]]),
          ]),
        })),
        match: matchFieldsOf(family),
        bodyLimit: IMPORT_BODY_LIMIT,
      };
    },
  );
}

/** POST /archive: imports a whole workspace's archive into the session's workspace. */
function registerArchiveImportRoute(scoped: App, { database, registry }: AppDeps): void {
  // A whole workspace's archive (docs/import-export.md, "A whole workspace"): admins only, as it
  // holds everything; it fills the session's workspace only when that is empty.
  scoped.post(
    '/archive',
    {
      config: { adminOnly: true },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { querystring: ArchiveQuery, response: { 200: ArchiveReportSchema } },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError('bad_request', 'the file is empty');
      const caller = memberCallerOf(request);
      return importWorkspace(database, registry, caller.workspaceId, Readable.from([body]), {
        actor: caller.actor,
        source: request.query.file ? basename(request.query.file) : 'console upload',
        dryRun: request.query.dryRun === true,
      });
    },
  );
}

/** POST /import/:family: imports a file into a family, answering its report or streaming progress. */
function registerFamilyImportRoute(scoped: App, { database, registry }: AppDeps): void {
  const familyOf = (key: string) => familyIn(registry, key);
  scoped.post(
    '/import/:family',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      // After the session's hook: the member's scopes, then the announced size, before the body is read.
      onRequest: async (request) => {
        const family = familyOf(familyKeyOf(request));
        const scope = family.definition.scopeFamily;
        requireScopes(request, [`${scope}:add`, `${scope}:edit`]);
        if (Number(request.headers['content-length'] ?? 0) > IMPORT_BODY_LIMIT)
          throw new ApiError(
            'payload_too_large',
            `an import file is at most ${IMPORT_BODY_LIMIT / 1024 / 1024} MB: split it, or use estate import`,
          );
      },
      schema: { params: FamilyParams, querystring: ImportQuery, response: { 200: ImportReportSchema } },
    },
    async (request, reply) => {
      const family = familyOf(request.params.family);
      const { format = 'csv', dryRun = false, match, file } = request.query;
      const preset = presetFor(family, request.query.preset);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError('bad_request', 'the file is empty');
      if (match !== undefined && !matchFieldsOf(family).includes(match))
        throw new ApiError(
          'bad_request',
          `match: ${family.definition.nouns.many} match by ${matchFieldsOf(family).join(', ')}`,
        );
      const caller = memberCallerOf(request);
      const known = await workspaceColumnsOf(database, family, caller.workspaceId);
      const columns = mappingOf(family, known, preset, request.query.columns);
      const streaming = String(request.headers.accept ?? '').includes('application/x-ndjson');
      const read = { bytes: 0 };
      let lines: PassThrough | undefined;
      const line = (value: unknown) => lines?.write(`${JSON.stringify(value)}\n`);
      const progress = (rows: number) => {
        // A short file is answered whole (a malformed one as a 400); a longer one streams its progress.
        if (!lines && rows < STREAM_AFTER_ROWS) return;
        if (!lines) {
          lines = new PassThrough();
          // The lines are the answer instead of the report the schema describes for a plain JSON answer.
          void (reply as FastifyReply).type('application/x-ndjson').header('cache-control', 'no-store').send(lines);
        }
        line({ progress: { rows, bytes: read.bytes, totalBytes: body.length } });
      };

      let report: ImportReport;
      try {
        report = await importFamily(database, caller.workspaceId, registry.serviceOf(family), chunksOf(body, read), {
          format,
          dryRun,
          match,
          columns,
          ...(preset && { preset: preset.name }),
          actor: caller.actor,
          source: file ? basename(file) : 'console upload',
          // The service's requests share this event loop.
          shortCommit: true,
          progress: streaming ? progress : undefined,
        });
      } catch (error) {
        if (!lines) throw error;
        // The progress lines have gone: the failure is the stream's last line (nothing was written).
        request.log.error({ err: error }, 'console import failed');
        lines.end(`${JSON.stringify({ error: { code: 'internal_error', message: 'the import failed' } })}\n`);
        return reply;
      }
      const fileError = fileErrorOf(report);
      if (!lines) {
        if (fileError)
          throw new ApiError(
            'bad_request',
            fileError.row > 0 ? `row ${fileError.row}: ${fileError.message}` : fileError.message,
          );
        return report;
      }
      lines.end(`${JSON.stringify({ report })}\n`);
      return reply;
    },
  );
}

/** GET /archive: the session's whole workspace as a streamed JSON-lines attachment (admins only). */
function registerArchiveExportRoute(app: App, { database, registry }: AppDeps): void {
  const description =
    "The session's whole workspace as a JSON-lines attachment (application/x-ndjson), streamed; admins only.";
  app.get('/archive', { config: { adminOnly: true }, schema: { description } }, async (request, reply) => {
    const { workspaceId, member } = memberCallerOf(request);
    const output = new PassThrough();
    exportWorkspace(database, registry, workspaceId, output).catch((error: unknown) => {
      request.log.error({ err: error }, 'console archive failed');
      output.destroy(error as Error);
    });
    const name = member.name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60) || 'workspace';
    return reply
      .type('application/x-ndjson')
      .header('content-disposition', `attachment; filename="estate-${name}.jsonl"`)
      .header('cache-control', 'no-store')
      .send(output);
  });
}

/** GET /export/:family: the family's list as a streamed CSV attachment. */
function registerFamilyExportRoute(app: App, { database, registry }: AppDeps): void {
  const familyOf = (key: string) => familyIn(registry, key);
  app.get(
    '/export/:family',
    {
      // A restricted member exports only what its role reaches (docs/roles.md).
      config: { reach: 'applied' },
      onRequest: async (request) => {
        requireScopes(request, [`${familyOf(familyKeyOf(request)).definition.scopeFamily}:read`]);
      },
      // The list's own filters, search, sort and columns (each text): an object of its properties, not
      // a record, so that the API document reads it as such.
      schema: { params: FamilyParams, querystring: Type.Object({}, { additionalProperties: Type.String() }) },
    },
    async (request, reply) =>
      sendExport(database, registry, request, reply, registry.serviceOf(familyOf(request.params.family))),
  );
}

/** Streams an export of the family's list, with the request's filters, search, sort and columns. */
async function sendExport(
  database: Database,
  registry: Registry,
  request: FastifyRequest,
  reply: FastifyReply,
  service: FamilyService,
) {
  const { family } = service;
  const query = request.query as Record<string, string>;
  const listQuery = exportQueryOf(family, query);
  const caller = memberCallerOf(request);
  const { workspaceId } = caller;
  const headers = exportHeadersOf(family, await workspaceColumnsOf(database, family, workspaceId), query.columns);
  const targets = reachByTable(database.db, caller, registry.families);
  const reach = isRestricted(caller.restrictions)
    ? { family: await targets(family.definition.table), targets }
    : undefined;
  const output = new PassThrough();
  exportFamily(database, workspaceId, service, output, { format: 'csv', query: listQuery, headers, reach }).catch(
    (error: unknown) => {
      // The headers have gone: the download ends short, and the log says why.
      request.log.error({ err: error }, 'console export failed');
      output.destroy(error as Error);
    },
  );
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${family.definition.path.slice(1)}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(output);
}
