/**
 * Edits of many items at once (docs/console.md, "Bulk edit"): one change, as a PATCH of one item
 * takes it, made to chosen items or to every item matching a list's parameters, previewed with
 * the count first. Each item is written through the family's service, audited as its PATCH would
 * be, within the caller's reach. An edit keeps where its audit events are in the log, so that an
 * undo reads them back and sets each item's fields to what they were, unless they changed since.
 */
import { sql, type Kysely } from 'kysely';
import type { ValidateFunction } from 'ajv';
import type { TObject } from 'typebox';
import { isRestricted } from '../../base/access/restrictions.js';
import { newestEvent } from '../../base/audit/audit.writer.js';
import type { Actor } from '../../base/audit/audit.types.js';
import { itemFieldsOf } from '../../base/custom-fields/values.js';
import type { Database } from '../../base/db/database.js';
import { dynamic } from '../../base/db/dynamic.js';
import { writeTransaction } from '../../base/db/write.js';
import type { Tables } from '../../base/db/schema.js';
import { ApiError, notFound } from '../../base/errors/api-error.js';
import type { Caller } from '../../base/http/authenticate.js';
import { type AjvError, schemaError } from '../../base/http/errors.js';
import { sharedValidators } from '../../base/http/validators.js';
import { isUuid, newId, nowIso } from '../../base/ids.js';
import { whereMatching } from '../../base/lists/matching.js';
import type { ListQuery } from '../../base/lists/offset.js';
import { familyConditions } from '../../base/resources/conditions.js';
import { requireRow } from '../../base/resources/crud.js';
import type { Family } from '../../base/resources/family.js';
import { reachByTable, reachOf } from '../../base/resources/reach.js';
import type { Registry } from '../../base/resources/registry.js';
import {
  BULK_EDIT_ITEMS,
  type BulkEdit,
  type BulkEditPreview,
  type BulkEditResult,
  type BulkEditSummary,
  type BulkResult,
} from './bulk-edits.schemas.js';
import { eachRow } from './rows.js';

/** Items written per transaction: the workspace's write lock is given up between them. */
const ITEMS_PER_TRANSACTION = 200;
/** Items a preview names. */
const SAMPLE = 5;
/** Parameters of a list that page it rather than choose its items. */
const PAGING = ['limit', 'offset', 'sort', 'columns'];

/** A position in the audit log: events sort by (timestamp, id). */
type Position = [timestamp: string, id: string];
/** The events one transaction of an edit wrote: after `from` (none: the log's start), up to `to`. */
type EventRange = [from: Position | null, to: Position];

/** The edit's check of `changes`, compiled once per family (Ajv keeps it by schema). */
function requireValidChanges(family: Family, changes: Record<string, unknown>): void {
  const check: ValidateFunction = sharedValidators().strict.compile(family.definition.schemas.update as TObject);
  if (check(structuredClone(changes))) return;
  const first = check.errors?.[0] as AjvError;
  throw schemaError({ ...first, instancePath: `/changes${first.instancePath}` }, 'body');
}

/** The list parameters of an edit's filter, checked as the list checks its query (unknown ones refused). */
function listQueryOf(family: Family, filter: Record<string, string>): ListQuery {
  const query = Object.fromEntries(Object.entries(filter).filter(([name]) => !PAGING.includes(name)));
  const check = sharedValidators().coercing.compile(family.listQuery as object);
  if (check(query)) return query as ListQuery;
  const first = check.errors?.[0] as AjvError;
  const name = first.params && 'additionalProperty' in first.params ? first.params.additionalProperty : undefined;
  throw new ApiError(
    'bad_request',
    name ? `filter: unknown parameter ${String(name)}` : `filter.${first.instancePath.slice(1)} ${first.message}`,
  );
}

/** The edit's list query: its filter's parameters, checked; none for ids. */
function editQuery(family: Family, edit: BulkEdit): ListQuery {
  if ((edit.ids === undefined) === (edit.filter === undefined))
    throw new ApiError('bad_request', 'name the items: ids, or a filter (not both)');
  return edit.filter ? listQueryOf(family, edit.filter) : {};
}

/** The ids of the items an edit names, in the workspace and the caller's reach, the first `limit` by id. */
async function targetIds(database: Database, caller: Caller, family: Family, edit: BulkEdit, limit: number) {
  const query = editQuery(family, edit);
  const { workspaceId } = caller;
  const { table } = family.definition;
  const fields = await itemFieldsOf(database.db, workspaceId, family.definition.path.slice(1));
  const reach = await reachOf(database.db, caller, family);
  const { conditions } = familyConditions(database, workspaceId, family, fields, query, reach);
  const all = dynamic(database.db).selectFrom(table).where(`${table}.workspace_id`, '=', workspaceId);
  const rows = await whereMatching(edit.ids ? all.where(`${table}.id`, 'in', edit.ids) : all, conditions)
    .select(`${table}.id as id`)
    .orderBy(`${table}.id`)
    .limit(limit)
    .execute();
  return rows.map((row) => String((row as { id: unknown }).id));
}

/**
 * What an edit would reach: how many items, and the first few. Nothing is written. A filter's
 * count is the list's own total (its kept counts and plans: no count of a million rows that
 * holds the event loop), and the first items those of its page.
 */
export async function previewEdit(
  database: Database,
  registry: Registry,
  caller: Caller,
  family: Family,
  edit: BulkEdit,
): Promise<BulkEditPreview> {
  requireValidChanges(family, edit.changes);
  const query = editQuery(family, edit);
  const nameField = family.definition.nameField ?? 'name';
  const named = (items: unknown[]) =>
    items.map((item) => {
      const dto = item as Record<string, unknown>;
      return { id: String(dto.id), name: String(dto[nameField] ?? dto.id) };
    });
  if (edit.filter) {
    const reach = await reachOf(database.db, caller, family);
    const page = await registry
      .serviceOf(family)
      .list(database, caller.workspaceId, { ...query, limit: SAMPLE }, reach);
    return { matched: page.pagination.total, limit: BULK_EDIT_ITEMS, sample: named(page.data) };
  }
  const ids = await targetIds(database, caller, family, edit, BULK_EDIT_ITEMS);
  const rows =
    ids.length === 0
      ? []
      : await registry
          .serviceOf(family)
          .dtos(
            database.db,
            caller.workspaceId,
            await rowsOf(database, caller.workspaceId, family, ids.slice(0, SAMPLE)),
          );
  return { matched: ids.length, limit: BULK_EDIT_ITEMS, sample: named(rows) };
}

/** The rows of some ids of the family, in the workspace. */
function rowsOf(database: Database, workspaceId: string, family: Family, ids: string[]) {
  const { table } = family.definition;
  return dynamic(database.db)
    .selectFrom(table)
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute() as Promise<never[]>;
}

/** The fields of `dto` that `changes` names (customFields by theirs), as JSON: what an edit compares. */
function changedPart(dto: unknown, changes: Record<string, unknown>): string {
  const item = dto as Record<string, unknown>;
  const part: Record<string, unknown> = {};
  for (const name of Object.keys(changes)) {
    if (name !== 'customFields') part[name] = item[name] ?? null;
    else {
      const values = (item.customFields ?? {}) as Record<string, unknown>;
      part.customFields = Object.keys(changes.customFields as object).map((field) => values[field] ?? null);
    }
  }
  return JSON.stringify(part);
}

/**
 * Writes `change(id)` to each item through the family's service, ITEMS_PER_TRANSACTION items a
 * transaction, and records the edit (its id, and where its events are) in each of them, so that
 * the edit always names exactly the events committed. `claim`: run first in the first transaction.
 */
async function editItems(
  database: Database,
  registry: Registry,
  caller: Caller,
  family: Family,
  ids: readonly string[],
  change: (trx: Kysely<Tables>, id: string, before: unknown) => Record<string, unknown>,
  record: { id: string; undoes?: string; claim?: (trx: Kysely<Tables>) => Promise<void> },
): Promise<BulkEditResult> {
  const service = registry.serviceOf(family);
  const { workspaceId, actor } = caller;
  // A restricted caller's reach over the family and over what its items refer to (as PATCH's).
  const targets = isRestricted(caller.restrictions) ? reachByTable(database.db, caller, registry.families) : undefined;
  const reach = await targets?.(family.definition.table);
  const result: BulkResult = { applied: [], unchanged: [], refused: [] };
  const ranges: EventRange[] = [];
  for (let start = 0; start < ids.length; start += ITEMS_PER_TRANSACTION) {
    const last = start + ITEMS_PER_TRANSACTION >= ids.length;
    let from: Position | null = null;
    // This transaction's events, kept once it commits (a transaction retried runs its hooks again).
    let range: EventRange | undefined;
    const chunk = await eachRow(
      database,
      workspaceId,
      ids.slice(start, start + ITEMS_PER_TRANSACTION),
      async (trx, id) => {
        const [before] = await service.dtos(trx, workspaceId, [
          await requireRow(trx, family.definition, workspaceId, id),
        ]);
        const changes = change(trx, id, before);
        const after = await service.updateIn(trx, workspaceId, id, changes, actor, { reach, targets });
        return changedPart(after, changes) !== changedPart(before, changes);
      },
      async (trx) => {
        if (start === 0) await record.claim?.(trx);
        const newest = await newestEvent(trx, workspaceId);
        from = newest ? [newest.timestamp, newest.id] : null;
      },
      async (trx, done) => {
        range = undefined;
        if (done.applied.length > 0) {
          const newest = (await newestEvent(trx, workspaceId))!;
          range = [from, [newest.timestamp, newest.id]];
        }
        const items = result.applied.length + done.applied.length;
        // The edit is recorded once it changed an item, and complete with its last transaction.
        if (items > 0)
          await keepEdit(trx, workspaceId, family, actor, record, range ? [...ranges, range] : ranges, items, last);
      },
    );
    if (range) ranges.push(range);
    result.applied.push(...chunk.applied);
    result.unchanged.push(...chunk.unchanged);
    result.refused.push(...chunk.refused);
  }
  return { ...result, editId: result.applied.length > 0 ? record.id : null };
}

/** Writes the edit's row as it stands after one more transaction of its items. */
async function keepEdit(
  trx: Kysely<Tables>,
  workspaceId: string,
  family: Family,
  actor: Actor,
  record: { id: string; undoes?: string },
  ranges: EventRange[],
  items: number,
  complete: boolean,
): Promise<void> {
  await trx
    .insertInto('bulk_edits')
    .values({
      workspace_id: workspaceId,
      id: record.id,
      family: family.definition.path.slice(1),
      actor_type: actor.type,
      actor_id: actor.id,
      actor_name: actor.name,
      created_at: nowIso(),
      items,
      events: JSON.stringify(ranges),
      undoes: record.undoes ?? null,
      undone_by: null,
      complete: complete ? 1 : 0,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['workspace_id', 'id'])
        .doUpdateSet({ items, events: JSON.stringify(ranges), complete: complete ? 1 : 0 }),
    )
    .execute();
}

/**
 * Makes one change to many items of `family`: those `edit.ids` names, or every one matching
 * `edit.filter` (at most BULK_EDIT_ITEMS: more is refused before anything is written). Items
 * refused (outside the reach, a rule) are reported and left as they were; the others are changed.
 */
export async function applyEdit(
  database: Database,
  registry: Registry,
  caller: Caller,
  family: Family,
  edit: BulkEdit,
): Promise<BulkEditResult> {
  requireValidChanges(family, edit.changes);
  // One more than an edit changes: a filter that matches more is refused before anything is written.
  const ids = await targetIds(database, caller, family, edit, BULK_EDIT_ITEMS + 1);
  if (ids.length > BULK_EDIT_ITEMS)
    throw new ApiError(
      'unprocessable_entity',
      `the filter matches more than ${BULK_EDIT_ITEMS} ${family.definition.nouns.many}: one edit changes at most ` +
        `${BULK_EDIT_ITEMS}; narrow the filter`,
    );
  // Ids the caller named that are not found (another workspace's, outside its reach) are refused as not found.
  const found = new Set(ids);
  const missing = (edit.ids ?? []).filter((id) => !found.has(id));
  const result = await editItems(database, registry, caller, family, [...found], () => edit.changes, { id: newId() });
  for (const id of missing)
    result.refused.push({ id, code: 'not_found', message: `${family.definition.nouns.one} not found` });
  return result;
}

/** The change that sets back what an update event changed, and what the item must hold for it. */
function reverseOf(changes: Record<string, { before: unknown; after: unknown }>, editable: ReadonlySet<string>) {
  const back: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  for (const [name, change] of Object.entries(changes)) {
    if (name.startsWith('customFields.')) {
      const field = name.slice('customFields.'.length);
      back.customFields = { ...(back.customFields as object), [field]: change.before };
      expected.customFields = { ...(expected.customFields as object), [field]: change.after };
    } else if (editable.has(name)) {
      back[name] = change.before;
      expected[name] = change.after;
    }
  }
  return { back, expected };
}

/**
 * Undoes an edit: each item it changed gets back the values its audit event names as before,
 * unless one of them changed since (refused, `conflict`). The undo is an edit itself (it can be
 * undone); an edit is undone once (409 after).
 */
export async function undoEdit(
  database: Database,
  registry: Registry,
  caller: Caller,
  editId: string,
  requireScope: (family: Family) => void,
): Promise<BulkEditResult> {
  const { workspaceId } = caller;
  const edit = isUuid(editId)
    ? await database.db
        .selectFrom('bulk_edits')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', editId.toLowerCase())
        .executeTakeFirst()
    : undefined;
  const family = edit && registry.byKey(edit.family);
  if (!edit || !family || !mayUndo(caller, edit)) throw notFound('bulk edit');
  requireScope(family);
  if (edit.undone_by) throw new ApiError('conflict', 'the edit was undone already');
  // An edit still being made (or ended before its last items: the process stopped) names only some of its events.
  if (!edit.complete) throw new ApiError('conflict', 'the edit is not complete: it is still being made');
  const reversal = new Map<string, ReturnType<typeof reverseOf>>();
  const editable = new Set(Object.keys(family.definition.schemas.update.properties));
  for (const [from, to] of JSON.parse(edit.events) as EventRange[]) {
    let events = database.db
      .selectFrom('audit_events')
      .select(['resource_id', 'changes'])
      .where('workspace_id', '=', workspaceId)
      .where('resource_type', '=', family.definition.resourceType)
      .where('action', '=', 'update')
      .where(sql<boolean>`(timestamp, id) <= (${to[0]}, ${to[1]})`);
    if (from) events = events.where(sql<boolean>`(timestamp, id) > (${from[0]}, ${from[1]})`);
    for (const event of await events.execute())
      if (event.resource_id && event.changes)
        reversal.set(event.resource_id, reverseOf(JSON.parse(event.changes), editable));
  }
  const undoId = newId();
  const result = await editItems(
    database,
    registry,
    caller,
    family,
    [...reversal.keys()],
    (_trx, id, before) => {
      const { back, expected } = reversal.get(id)!;
      if (changedPart(before, expected) !== JSON.stringify(expectedPart(expected)))
        throw new ApiError('conflict', `changed since the edit: ${changedFields(before, expected).join(', ')}`);
      return back;
    },
    {
      id: undoId,
      undoes: edit.id,
      // One undo of an edit: the first to mark it undone goes on, in its first transaction; another is refused.
      claim: async (trx) => {
        const claimed = await trx
          .updateTable('bulk_edits')
          .set({ undone_by: undoId })
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', edit.id)
          .where('undone_by', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) throw new ApiError('conflict', 'the edit was undone already');
      },
    },
  );
  // Every item refused (each changed since): the edit is not undone, and may be undone later.
  if (result.applied.length === 0)
    await writeTransaction(database, workspaceId, (trx) =>
      trx
        .updateTable('bulk_edits')
        .set({ undone_by: null })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', edit.id)
        .where('undone_by', '=', undoId)
        .execute(),
    );
  return result;
}

/** `expected` as changedPart writes an item's values. */
function expectedPart(expected: Record<string, unknown>): Record<string, unknown> {
  const part: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(expected))
    part[name] = name === 'customFields' ? Object.values(value as object).map((one) => one ?? null) : (value ?? null);
  return part;
}

/** The fields whose values differ from what the edit left. */
function changedFields(before: unknown, expected: Record<string, unknown>): string[] {
  return Object.keys(expected).filter(
    (name) =>
      changedPart(before, { [name]: expected[name] }) !== JSON.stringify(expectedPart({ [name]: expected[name] })),
  );
}

/**
 * A restricted caller sees and undoes only its own edits: another's would name items outside its
 * reach (their count, the ids an undo refuses).
 */
function mayUndo(caller: Caller, edit: { actor_type: string; actor_id: string | null }): boolean {
  return (
    !isRestricted(caller.restrictions) || (edit.actor_type === caller.actor.type && edit.actor_id === caller.actor.id)
  );
}

/** The workspace's latest edits the caller may undo, newest first (of one family, when named). */
export async function listEdits(
  database: Database,
  caller: Caller,
  family: string | undefined,
): Promise<BulkEditSummary[]> {
  let query = database.db
    .selectFrom('bulk_edits')
    .selectAll()
    .where('workspace_id', '=', caller.workspaceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(20);
  if (family) query = query.where('family', '=', family);
  if (isRestricted(caller.restrictions))
    query = query.where('actor_type', '=', caller.actor.type).where('actor_id', '=', caller.actor.id);
  return (await query.execute()).map((row) => ({
    id: row.id,
    family: row.family,
    createdAt: new Date(row.created_at).toISOString(),
    actorName: row.actor_name,
    items: row.items,
    undoes: row.undoes,
    undoneBy: row.undone_by,
    complete: Boolean(row.complete),
  }));
}
