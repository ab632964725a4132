/**
 * A whole workspace in one file (docs/import-export.md, "A whole workspace"): its custom field
 * definitions, people, tags, agents, every family's items with their links, application comments,
 * and which hosts its agents reported, as JSON lines. `importWorkspace` fills an empty workspace
 * from it in one transaction, in dependency order, every row checked as an import checks it: every
 * list and item answers as the first workspace's did, but for people's ids (a person is the
 * workspace's own), secrets and agents, which come back revoked, to be enrolled again.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Actor } from '../../base/audit/audit.types.js';
import { recordAudit } from '../../base/audit/audit.writer.js';
import { exportFields, readFieldSet } from '../custom-fields/fields.portable.js';
import { createFieldIn } from '../custom-fields/fields.service.js';
import { reconcileFieldIndexes } from '../../base/custom-fields/indexes.js';
import { type ItemField, itemFieldsOf, storedValues, valuesToStore } from '../../base/custom-fields/values.js';
import type { Database } from '../../base/db/database.js';
import { dynamic } from '../../base/db/dynamic.js';
import type { Tables } from '../../base/db/schema.js';
import { writeTransaction } from '../../base/db/write.js';
import { ApiError } from '../../base/errors/api-error.js';
import { FAMILIES } from '../../families/registry.js';
import type { Registry } from '../../base/resources/registry.js';
import { schemaError, type AjvError } from '../../base/http/errors.js';
import { sharedValidators } from '../../base/http/validators.js';
import { constraintViolationOf } from '../../base/db/errors.js';
import { isUuid, nowIso } from '../../base/ids.js';
import type { Family } from '../../base/resources/family.js';
import { createTagIn } from '../../families/tags/tags.service.js';
import { createPersonIn } from '../../families/people/people.service.js';
import { isValidDateTime } from '../../base/validation.js';
import { type Column, columnsOf } from './columns.js';
import { recordsOf as exportRecordsOf } from './export.js';
import { importFamily, recordsOf, type ImportError } from './import.js';
import { OrNull } from '../../base/http/schemas.js';

export const ARCHIVE_FORMAT = 'estate-workspace-archive';
const ARCHIVE_VERSION = 1;

const familyKey = (family: Family) => family.definition.path.slice(1);

/** The sections of an archive, in the order they are written and read back. */
const SECTIONS = ['fields', 'people', 'tags', 'agents', ...FAMILIES.map(familyKey), 'comments', 'hosts'] as const;

const Text = (max: number) => Type.String({ maxLength: max });
const Nullable = (max: number) => OrNull(Text(max));
const Time = Type.String({ maxLength: 40 });

/** What each section's items must be (the families' rows are checked by their import). */
const ITEMS = {
  people: Type.Object(
    {
      id: Type.String({ maxLength: 36 }),
      name: Type.String({ minLength: 1, maxLength: 200 }),
      email: Nullable(254),
      department: Nullable(200),
      employeeNumber: Nullable(100),
      member: Type.Boolean(),
      customFields: Type.Optional(Type.Record(Type.String({ maxLength: 50 }), Type.Unknown())),
      createdAt: Time,
    },
    { additionalProperties: false },
  ),
  tags: Type.Object(
    {
      id: Type.String({ maxLength: 36 }),
      name: Type.String({ minLength: 1, maxLength: 100 }),
      colour: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
      description: Nullable(2000),
      createdAt: Time,
    },
    { additionalProperties: false },
  ),
  agents: Type.Object(
    {
      id: Type.String({ maxLength: 36 }),
      name: Type.String({ minLength: 1, maxLength: 200 }),
      hostname: Nullable(255),
      version: Nullable(100),
      fleet: Type.Boolean(),
      createdAt: Time,
    },
    { additionalProperties: false },
  ),
  comments: Type.Object(
    {
      id: Type.String({ maxLength: 36 }),
      applicationId: Type.String({ maxLength: 36 }),
      body: Type.String({ minLength: 1, maxLength: 10_000 }),
      authorName: Text(200),
      createdAt: Time,
    },
    { additionalProperties: false },
  ),
  hosts: Type.Object(
    {
      family: Type.Union([Type.Literal('servers'), Type.Literal('workstations')]),
      id: Type.String({ maxLength: 36 }),
      agentId: Type.String({ maxLength: 36 }),
      device: Text(200),
      lastReportAt: OrNull(Time),
    },
    { additionalProperties: false },
  ),
};
type Item<S extends keyof typeof ITEMS> = Static<(typeof ITEMS)[S]>;

/** A workspace's own rows of `table`, in id order. */
const rowsOf = <T extends 'people' | 'tags' | 'agents' | 'application_comments'>(
  db: Kysely<Tables>,
  table: T,
  workspaceId: string,
) =>
  dynamic(db)
    .selectFrom(table as string)
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('id')
    .execute() as unknown as Promise<Tables[T][]>;

/** A tree's rows (categories, teams: small) with every parent before its children. */
function parentsFirst(records: Record<string, unknown>[]): Record<string, unknown>[] {
  const byId = new Map(records.map((record) => [String(record.id), record]));
  const depthOf = (record: Record<string, unknown>, seen = 0): number => {
    const parent = record.parentId === null ? undefined : byId.get(String(record.parentId));
    return parent && seen < 100 ? depthOf(parent, seen + 1) + 1 : 0;
  };
  return records
    .map((record) => ({ record, depth: depthOf(record) }))
    .sort((a, b) => a.depth - b.depth)
    .map(({ record }) => record);
}

async function* archiveLines(database: Database, registry: Registry, workspaceId: string): AsyncGenerator<string> {
  const { db } = database;
  const workspace = await db
    .selectFrom('workspaces')
    .select(['name', 'default_currency', 'time_zone'])
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  yield `${JSON.stringify({
    archive: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: nowIso(),
    workspace: { name: workspace.name, defaultCurrency: workspace.default_currency, timeZone: workspace.time_zone },
  })}\n`;
  const line = (section: string, item: unknown) => `${JSON.stringify({ section, item })}\n`;
  for (const field of (await exportFields(database, workspaceId)).fields) yield line('fields', field);
  for (const person of await rowsOf(db, 'people', workspaceId))
    yield line('people', {
      id: person.id,
      name: person.name,
      email: person.email,
      department: person.department,
      employeeNumber: person.employee_number,
      member: person.member === 1,
      customFields: storedValues(person.custom_fields),
      createdAt: person.created_at,
    } satisfies Item<'people'>);
  for (const tag of await rowsOf(db, 'tags', workspaceId))
    yield line('tags', {
      id: tag.id,
      name: tag.name,
      colour: tag.colour,
      description: tag.description,
      createdAt: tag.created_at,
    } satisfies Item<'tags'>);
  for (const agent of await rowsOf(db, 'agents', workspaceId))
    yield line('agents', {
      id: agent.id,
      name: agent.name,
      hostname: agent.hostname,
      version: agent.version,
      fleet: agent.fleet === 1,
      createdAt: agent.created_at,
    } satisfies Item<'agents'>);
  for (const family of FAMILIES) {
    const key = familyKey(family);
    const fields = await itemFieldsOf(db, workspaceId, key);
    const records = exportRecordsOf(database, workspaceId, registry.serviceOf(family), fields, {}, { ids: true });
    const tree = columnsOf(family).some((column) => column.kind === 'reference' && column.field === 'parentId');
    if (tree) {
      const all: Record<string, unknown>[] = [];
      for await (const record of records) all.push(record);
      for (const record of parentsFirst(all)) yield line(key, record);
    } else for await (const record of records) yield line(key, record);
  }
  for (const comment of await rowsOf(db, 'application_comments', workspaceId))
    yield line('comments', {
      id: comment.id,
      applicationId: comment.application_id,
      body: comment.body,
      authorName: comment.author_name,
      createdAt: comment.created_at,
    } satisfies Item<'comments'>);
  for (const table of ['servers', 'workstations'] as const) {
    const hosts = await db
      .selectFrom(table)
      .select(['id', 'agent_id', 'agent_device', 'last_report_at'])
      .where('workspace_id', '=', workspaceId)
      .where('automatic', '=', 1)
      .where('agent_id', 'is not', null)
      .orderBy('id')
      .execute();
    for (const host of hosts)
      yield line('hosts', {
        family: table,
        id: host.id,
        agentId: host.agent_id!,
        device: host.agent_device,
        lastReportAt: host.last_report_at,
      } satisfies Item<'hosts'>);
  }
}

/** Writes the workspace's archive to `output`. */
export async function exportWorkspace(
  database: Database,
  registry: Registry,
  workspaceId: string,
  output: Writable,
): Promise<void> {
  await pipeline(Readable.from(archiveLines(database, registry, workspaceId)), output, {
    end: output !== process.stdout,
  });
}

export interface ArchiveReport {
  dryRun: boolean;
  /** Items read and written per section (a dry run writes nothing). */
  sections: Record<string, number>;
  /** The first refusals, by section and row (the row's number within its section, from 1). */
  errors: (ImportError & { section: string })[];
}

class RollBack extends Error {}

/** Items between two turns of the event loop given to requests (SQLite's statements hold it). */
const ROWS_PER_YIELD = 100;

/**
 * Runs a write a hostile archive could make clash with a row it wrote (an id or a key given twice):
 * the clash refuses the archive (`refused`), whose transaction then rolls back, as PostgreSQL requires.
 */
async function refusedOnClash<T>(write: () => Promise<T>, refused: () => void): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!constraintViolationOf(error)) throw error;
    refused();
    throw new RollBack();
  }
}

/** The refusal of a section's item that its schema refuses (compiled at its first use). */
function itemProblem(section: keyof typeof ITEMS, item: unknown): string | undefined {
  const check = sharedValidators().strict.compile(ITEMS[section]);
  if (check(item)) return undefined;
  return schemaError((check.errors ?? [])[0] as AjvError, 'item').message;
}

/** Anything of the workspace an archive would collide with: it fills empty workspaces only. */
async function holdings(db: Kysely<Tables>, workspaceId: string): Promise<string[]> {
  const tables = [
    ...FAMILIES.map((family) => [family.definition.table as string, familyKey(family)]),
    ['tags', 'tags'],
    ['agents', 'agents'],
    ['field_definitions', 'custom fields'],
  ];
  const held: string[] = [];
  for (const [table, label] of tables) {
    const found = await db
      .selectFrom(table as 'tags')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .limit(1)
      .executeTakeFirst();
    if (found) held.push(label!);
  }
  const person = await db
    .selectFrom('people')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('member', '=', 0)
    .limit(1)
    .executeTakeFirst();
  if (person) held.push('people without an account');
  return held;
}

/**
 * Splits the archive into one file of JSON lines per section (`dir`), checking its first line:
 * the sections are then read in dependency order whatever order the file has them in.
 */
async function splitArchive(input: Readable, dir: string): Promise<Map<string, { file: string; count: number }>> {
  const files = new Map<string, { file: string; count: number; out: Writable }>();
  let first = true;
  let row = 0;
  for await (const record of recordsOf(input, 'jsonl')) {
    row += 1;
    if (record instanceof ApiError) throw new ApiError('bad_request', `line ${row} of the archive: ${record.message}`);
    const line = record as { archive?: unknown; version?: unknown; section?: unknown; item?: unknown };
    if (first) {
      first = false;
      if (line?.archive !== ARCHIVE_FORMAT)
        throw new ApiError('bad_request', 'not an Estate workspace archive (estate export --all writes one)');
      if (line.version !== ARCHIVE_VERSION)
        throw new ApiError('bad_request', `archive version ${String(line.version)}: this Estate reads version 1`);
      continue;
    }
    const section = typeof line?.section === 'string' ? line.section : undefined;
    if (!section || !(SECTIONS as readonly string[]).includes(section) || typeof line.item !== 'object')
      throw new ApiError(
        'bad_request',
        `line ${row} of the archive: a line is {"section": one of ${SECTIONS.join(', ')}, "item": {…}}`,
      );
    let target = files.get(section);
    if (!target) {
      const file = join(dir, `${section}.jsonl`);
      target = { file, count: 0, out: createWriteStream(file) };
      files.set(section, target);
    }
    target.count += 1;
    if (!target.out.write(`${JSON.stringify(line.item)}\n`))
      await new Promise((resolve) => target!.out.once('drain', resolve));
  }
  if (first) throw new ApiError('bad_request', 'the archive is empty');
  await Promise.all([...files.values()].map((target) => new Promise((resolve) => target.out.end(resolve))));
  return new Map([...files].map(([section, { file, count }]) => [section, { file, count }]));
}

/** An archive's import as its sections share it: the workspace, who imports, the split sections, the report. */
interface ArchiveRun {
  database: Database;
  registry: Registry;
  workspaceId: string;
  actor: Actor;
  source: string;
  dryRun: boolean;
  report: ArchiveReport;
  /** The archive's sections, each in a file of its own (splitArchive). */
  sections: Map<string, { file: string; count: number }>;
}

/** A reference field's values taken out of an item's record, set once every family is in. */
interface Deferred {
  family: Family;
  key: string;
  row: number;
  id: string;
  values: Record<string, unknown>;
}

/** How a family's records are rewritten for its import: people's ids mapped, reference values deferred. */
interface FamilyMapping {
  family: Family;
  key: string;
  /** The family's columns that name people: a reference or a link to users. */
  toPeople: Column[];
  /** The family's custom reference fields that are not required, which can wait. */
  references: ItemField[];
  /** The archive's person ids, each to the id of the person it became here. */
  people: Map<string, string>;
  deferred: Deferred[];
}

/**
 * Fills the empty workspace from an archive (`input`), in one transaction: every section or none.
 * Members of the archived workspace come as people without an account (a person of this workspace
 * with the same e-mail is kept): an archive never makes anyone a member.
 */
export async function importWorkspace(
  database: Database,
  registry: Registry,
  workspaceId: string,
  input: Readable,
  { actor, source, dryRun = false }: { actor: Actor; source: string; dryRun?: boolean },
): Promise<ArchiveReport> {
  const report: ArchiveReport = { dryRun, sections: {}, errors: [] };
  const held = await holdings(database.db, workspaceId);
  if (held.length > 0)
    throw new ApiError(
      'unprocessable_entity',
      `an archive fills an empty workspace; this one has ${held.join(', ')} already`,
    );
  const dir = await mkdtemp(join(tmpdir(), 'estate-archive-'));
  try {
    const sections = await splitArchive(input, dir);
    const run: ArchiveRun = { database, registry, workspaceId, actor, source, dryRun, report, sections };
    await writeTransaction(database, workspaceId, (trx) => fillWorkspace(run, trx));
    void reconcileFieldIndexes(database);
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return report;
}

/** Every section in dependency order, then the import's audit event; a RollBack on any refusal or a dry run. */
async function fillWorkspace(run: ArchiveRun, trx: Kysely<Tables>) {
  const { report } = run;
  await importFieldDefinitions(run, trx);
  const people = await importPeople(run, trx);
  await importTags(run, trx);
  const agents = await importAgents(run, trx);
  await importFamilies(run, trx, people);
  await importComments(run, trx);
  await importHosts(run, trx, agents);
  if (report.errors.length > 0 || run.dryRun) throw new RollBack();
  await recordAudit(trx, {
    workspaceId: run.workspaceId,
    category: 'organisation',
    action: 'import',
    actor: run.actor,
    resourceType: 'workspace',
    resourceId: run.workspaceId,
    resourceName: run.source,
    changes: Object.fromEntries(
      Object.entries(report.sections).map(([section, count]) => [section, { before: null, after: count }]),
    ),
  });
}

/** A section's items as the archive gives them (none when it has no such section). */
function readSection(run: ArchiveRun, section: string) {
  const found = run.sections.get(section);
  return found ? recordsOf(createReadStream(found.file), 'jsonl') : (async function* () {})();
}

/** A section's items, each numbered, counted in the report and checked against its schema. */
async function* checkedItems(run: ArchiveRun, section: keyof typeof ITEMS) {
  let row = 0;
  for await (const item of readSection(run, section)) {
    row += 1;
    run.report.sections[section] = row;
    if (row % ROWS_PER_YIELD === 0) await yieldToEvents();
    yield { row, item, problem: itemProblem(section, item) };
  }
  run.report.sections[section] = row;
}

/** Lists a refused item in the report (the first 1,000). */
function refuse(run: ArchiveRun, section: string, row: number, message: string, field: string | null = null) {
  if (run.report.errors.length < 1000)
    run.report.errors.push({ section, row, field, code: 'unprocessable_entity', message });
}

/** Custom field definitions come first: the families' values are checked against them. */
async function importFieldDefinitions(run: ArchiveRun, trx: Kysely<Tables>) {
  const definitions: unknown[] = [];
  for await (const item of readSection(run, 'fields')) definitions.push(item);
  for (const definition of readFieldSet({ fields: definitions }))
    await createFieldIn(trx, run.workspaceId, definition, run.actor);
  run.report.sections.fields = definitions.length;
}

/** Records the archive's people (or finds them by e-mail): their ids are another workspace's, so mapped here. */
async function importPeople(run: ArchiveRun, trx: Kysely<Tables>): Promise<Map<string, string>> {
  const people = new Map<string, string>();
  for await (const { row, item, problem } of checkedItems(run, 'people')) {
    if (problem) {
      refuse(run, 'people', row, problem);
      continue;
    }
    const person = item as Item<'people'>;
    const known =
      person.email === null
        ? undefined
        : await trx
            .selectFrom('people')
            .select('id')
            .where('workspace_id', '=', run.workspaceId)
            .where('email', '=', person.email.toLowerCase())
            .executeTakeFirst();
    try {
      const id = known?.id ?? (await createArchivedPerson(run, trx, person));
      // A member the workspace has already (the one importing) keeps the archive's values too.
      if (known && person.customFields && Object.keys(person.customFields).length > 0)
        await storeArchivedValues(run, trx, known.id, person.customFields);
      people.set(person.id, id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refuse(run, 'people', row, error.message);
    }
  }
  return people;
}

/** Records an archived person as a person without an account: the new id. */
async function createArchivedPerson(run: ArchiveRun, trx: Kysely<Tables>, person: Item<'people'>): Promise<string> {
  const created = await createPersonIn(
    trx,
    run.workspaceId,
    {
      name: person.name,
      ...(person.email === null ? {} : { email: person.email }),
      ...(person.department === null ? {} : { department: person.department }),
      ...(person.employeeNumber === null ? {} : { employeeNumber: person.employeeNumber }),
      ...(person.customFields ? { customFields: person.customFields } : {}),
    },
    run.actor,
  );
  return created.id;
}

/** Stores an archived person's custom field values on the person of this workspace they were found as. */
async function storeArchivedValues(
  run: ArchiveRun,
  trx: Kysely<Tables>,
  id: string,
  customFields: Record<string, unknown>,
) {
  const { workspaceId } = run;
  const stored = await trx
    .selectFrom('people')
    .select('custom_fields')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const values = await valuesToStore({
    trx,
    dialect: run.database.dialect,
    workspaceId,
    family: 'users',
    id,
    before: storedValues(stored.custom_fields),
    input: customFields,
  });
  await trx
    .updateTable('people')
    .set({ custom_fields: JSON.stringify(values) })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

/** Creates the archive's tags as the API does, refusing those it refuses. */
async function importTags(run: ArchiveRun, trx: Kysely<Tables>) {
  for await (const { row, item, problem } of checkedItems(run, 'tags')) {
    if (problem) {
      refuse(run, 'tags', row, problem);
      continue;
    }
    const tag = item as Item<'tags'>;
    try {
      await createTagIn(
        trx,
        run.workspaceId,
        {
          name: tag.name,
          colour: tag.colour,
          ...(tag.description === null ? {} : { description: tag.description }),
        },
        run.actor,
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refuse(run, 'tags', row, error.message);
    }
  }
}

/** Writes the archive's agents revoked (their tokens stay with the workspace they were made for): their ids. */
async function importAgents(run: ArchiveRun, trx: Kysely<Tables>): Promise<Set<string>> {
  const agents = new Set<string>();
  for await (const { row, item, problem: invalid } of checkedItems(run, 'agents')) {
    const problem = invalid ?? (isUuid((item as Item<'agents'>).id) ? undefined : 'id must be a UUID');
    if (problem) {
      refuse(run, 'agents', row, problem);
      continue;
    }
    const agent = item as Item<'agents'>;
    if (agents.has(agent.id)) {
      refuse(run, 'agents', row, 'the archive names this agent twice');
      continue;
    }
    agents.add(agent.id);
    await createRevokedAgent(run, trx, agent);
  }
  return agents;
}

/** Writes an archived agent, revoked, with its audit event. */
async function createRevokedAgent(run: ArchiveRun, trx: Kysely<Tables>, agent: Item<'agents'>) {
  const { workspaceId } = run;
  const now = nowIso();
  await trx
    .insertInto('agents')
    .values({
      workspace_id: workspaceId,
      id: agent.id,
      name: agent.name,
      token_hash: `revoked:${randomBytes(24).toString('hex')}`,
      token_prefix: 'revoked',
      hostname: agent.hostname,
      version: agent.version,
      created_at: isValidDateTime(agent.createdAt) ? new Date(agent.createdAt).toISOString() : now,
      last_seen_at: null,
      revoked_at: now,
      report_window_start: null,
      report_window_count: 0,
      fleet: agent.fleet ? 1 : 0,
    })
    .execute();
  await recordAudit(trx, {
    workspaceId,
    category: 'inventory',
    action: 'create',
    actor: run.actor,
    resourceType: 'agent',
    resourceId: agent.id,
    resourceName: agent.name,
    changes: { revokedAt: { before: null, after: now } },
  });
}

/** Imports every family's items as an import does, keeping their ids; reference fields are set last. */
async function importFamilies(run: ArchiveRun, trx: Kysely<Tables>, people: Map<string, string>) {
  const { database, workspaceId, report } = run;
  const deferred: Deferred[] = [];
  for (const family of FAMILIES) {
    const key = familyKey(family);
    const toPeople = columnsOf(family).filter(
      (column) => (column.kind === 'reference' || column.kind === 'link') && column.target === 'users',
    );
    const references = (await itemFieldsOf(trx, workspaceId, key)).filter(
      (field) => (field.type === 'reference' || field.type === 'multireference') && !field.required,
    );
    const mapping: FamilyMapping = { family, key, toPeople, references, people, deferred };
    const service = run.registry.serviceOf(family);
    const imported = await importFamily(database, workspaceId, service, Readable.from(mappedLines(run, mapping)), {
      format: 'jsonl',
      actor: run.actor,
      source: run.source,
      keepIds: true,
      transaction: trx,
    });
    report.sections[key] = imported.rows;
    for (const error of imported.errors) refuse(run, key, error.row, error.message, error.field);
    if (report.errors.length > 0) throw new RollBack();
  }
  await setDeferredReferences(run, trx, deferred);
  if (report.errors.length > 0) throw new RollBack();
}

/** A family's section as JSON lines for its import: each item's people mapped, its references taken out. */
async function* mappedLines(run: ArchiveRun, mapping: FamilyMapping) {
  let row = 0;
  for await (const record of readSection(run, mapping.key)) {
    row++;
    if (typeof record !== 'object' || record === null) {
      yield `${JSON.stringify(record)}\n`;
      continue;
    }
    const item = { ...(record as Record<string, unknown>) };
    deferReferences(mapping, row, item);
    for (const column of mapping.toPeople) {
      const header = column.kind === 'reference' ? column.field : column.header;
      const value = item[header];
      const map = (id: unknown) => personIdOf(mapping.people, id);
      item[header] = Array.isArray(value) ? value.map(map) : map(value);
    }
    yield `${JSON.stringify(item)}\n`;
  }
}

/**
 * Takes an item's reference field values out of its record (a required one stays), to be set once
 * every family is in: a server may name a contract, or another server, that comes after it.
 */
function deferReferences(mapping: FamilyMapping, row: number, item: Record<string, unknown>) {
  const values = item.customFields;
  if (mapping.references.length === 0 || typeof item.id !== 'string' || typeof values !== 'object' || !values) return;
  const kept: Record<string, unknown> = { ...values };
  const later: Record<string, unknown> = {};
  for (const field of mapping.references) {
    const value = kept[field.name];
    if (value === undefined || value === null) continue;
    const map = (id: unknown) => personIdOf(mapping.people, id);
    later[field.name] = field.referenceFamily !== 'users' ? value : Array.isArray(value) ? value.map(map) : map(value);
    delete kept[field.name];
  }
  if (Object.keys(later).length > 0) {
    mapping.deferred.push({ family: mapping.family, key: mapping.key, row, id: item.id, values: later });
    item.customFields = kept;
  }
}

/** A person id of the archive as the id of the person it became here; anything else as it is. */
function personIdOf(people: Map<string, string>, id: unknown): unknown {
  return typeof id === 'string' ? (people.get(id) ?? id) : id;
}

/** Sets the reference field values taken out of the families' records, through each family's service. */
async function setDeferredReferences(run: ArchiveRun, trx: Kysely<Tables>, deferred: Deferred[]) {
  for (const { family, key, row, id, values } of deferred) {
    try {
      await run.registry.serviceOf(family).updateIn(trx, run.workspaceId, id, { customFields: values }, run.actor);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refuse(run, key, row, error.message);
    }
  }
}

/** Writes the archive's application comments, each on an application the archive brought. */
async function importComments(run: ArchiveRun, trx: Kysely<Tables>) {
  const { workspaceId } = run;
  for await (const { row, item, problem } of checkedItems(run, 'comments')) {
    const comment = item as Item<'comments'>;
    const application =
      problem === undefined && isUuid(comment.applicationId) && isUuid(comment.id)
        ? await trx
            .selectFrom('applications')
            .select('id')
            .where('workspace_id', '=', workspaceId)
            .where('id', '=', comment.applicationId)
            .executeTakeFirst()
        : undefined;
    if (!application) {
      refuse(run, 'comments', row, problem ?? 'applicationId names no application of the archive');
      continue;
    }
    await refusedOnClash(
      () =>
        trx
          .insertInto('application_comments')
          .values({
            workspace_id: workspaceId,
            id: comment.id,
            application_id: comment.applicationId,
            body: comment.body,
            author_type: 'system',
            author_id: null,
            author_name: comment.authorName,
            created_at: isValidDateTime(comment.createdAt) ? new Date(comment.createdAt).toISOString() : nowIso(),
          })
          .execute(),
      () => refuse(run, 'comments', row, 'the archive names this comment twice'),
    );
  }
}

/** The hosts the agents reported stay theirs (automatic), to be reported again once enrolled. */
async function importHosts(run: ArchiveRun, trx: Kysely<Tables>, agents: Set<string>) {
  for await (const { row, item, problem } of checkedItems(run, 'hosts')) {
    const host = item as Item<'hosts'>;
    if (problem || !agents.has(host.agentId) || !isUuid(host.id)) {
      refuse(run, 'hosts', row, problem ?? 'agentId names no agent of the archive');
      continue;
    }
    const lastReportAt =
      host.lastReportAt !== null && isValidDateTime(host.lastReportAt)
        ? new Date(host.lastReportAt).toISOString()
        : null;
    const changed = await refusedOnClash(
      () =>
        trx
          .updateTable(host.family)
          .set({ automatic: 1, agent_id: host.agentId, agent_device: host.device, last_report_at: lastReportAt })
          .where('workspace_id', '=', run.workspaceId)
          .where('id', '=', host.id)
          .executeTakeFirst(),
      () => refuse(run, 'hosts', row, 'another host of the archive has this agent and device'),
    );
    if (Number(changed.numUpdatedRows) !== 1) refuse(run, 'hosts', row, `id names no ${host.family} of the archive`);
  }
}
