/**
 * Exports a family's items of a workspace as CSV, JSON or JSON lines (docs/import-export.md), in
 * id order, a batch at a time, so memory stays flat however many there are. Headers are the API's
 * field names; references, relations and links are written as names (people by e-mail, trees by
 * path; lists in name order), so an export imports back unchanged, also into another workspace.
 */
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Database } from '../../base/db/database.js';
import { dynamic } from '../../base/db/dynamic.js';
import type { FamilyService } from '../../base/resources/crud.js';
import { whereMatching } from '../../base/lists/matching.js';
import { type ListQuery, orderOf } from '../../base/lists/offset.js';
import { linkedIds } from '../../base/resources/crud.js';
import { CLI_ACTOR } from '../../base/audit/audit.types.js';
import { type Column, columnsOf, csvHeaders } from './columns.js';
import { itemFieldsOf, type ItemField } from '../../base/custom-fields/values.js';
import { familyConditions } from '../../base/resources/conditions.js';
import { GUARDED_CELL, guardedCell } from './formula-cells.js';
import type { Format } from './import.js';
import { Names } from './names.js';
import { reachableIds, withoutUnreached, type FamilyReach, type ReachOfTable } from '../../base/resources/reach.js';

/** Rows read and written at a time. */
const BATCH = 1000;

type Item = Record<string, unknown>;

/** The family's items matching `query` (its list filters and `q`), as export records, batch by batch. */
export async function* recordsOf(
  database: Database,
  workspaceId: string,
  service: FamilyService,
  fields: readonly ItemField[],
  asked: ListQuery,
  { ids = false, reach }: { ids?: boolean; reach?: ExportReach } = {},
) {
  const { family } = service;
  const columns = columnsOf(family, fields);
  const { definition } = family;
  const names = new Names(database.db, workspaceId, CLI_ACTOR);
  // A restricted caller's export: its reach's terms join the query's filters, as its list's do.
  const { conditions, named } = familyConditions(database, workspaceId, family, fields, asked, reach?.family);
  const { query } = conditions;
  // A list's sort (`name`, `-hostname`) orders the export as the list shows it, batch by batch by
  // offset; without one, batches follow the id, each after the last one's id.
  const sortName = query.sort?.replace(/^-/, '');
  const sort = sortName ? (named?.sorts[sortName] ?? family.sorts[sortName]) : undefined;
  const order = sort && orderOf(sort, 'id', query.sort?.startsWith('-') ? 'desc' : 'asc');
  let after: string | undefined;
  let offset = 0;
  for (;;) {
    const matching = whereMatching(
      dynamic(database.db).selectFrom(definition.table).selectAll().where('workspace_id', '=', workspaceId),
      conditions,
    );
    let batch = order ? matching : (after === undefined ? matching : matching.where('id', '>', after)).orderBy('id');
    for (const expression of order ?? []) batch = batch.orderBy(expression);
    const rows = await (order ? batch.offset(offset) : batch).limit(BATCH).execute();
    if (rows.length === 0) return;
    after = String(rows.at(-1)!.id);
    offset += rows.length;
    const all = (await service.dtos(database.db, workspaceId, rows as never[])) as Item[];
    const items = reach ? await withoutUnreached(database.db, workspaceId, family, all, reach.targets) : all;
    const linked = await linksOf(
      database,
      workspaceId,
      columns,
      items.map((item) => String(item.id)),
      reach?.targets,
    );
    const within = reach && { db: database.db, workspaceId, targets: reach.targets };
    const named = await namesFor(names, ids ? columns.filter(byName) : columns, items, linked, within);
    for (const item of items)
      yield ids ? idRecordOf(columns, item, linked, named) : recordOf(columns, item, linked, named);
  }
}

/** Each link column's child ids per item (those the caller reaches, with `targets`). */
async function linksOf(
  database: Database,
  workspaceId: string,
  columns: Column[],
  ids: string[],
  targets?: ReachOfTable,
) {
  const linked = new Map<string, Map<string, string[]>>();
  for (const column of columns) {
    if (column.kind !== 'link') continue;
    const { link } = column;
    const byParent = await linkedIds(database.db, workspaceId, link.table, link.parentColumn, link.childColumn, ids);
    const reach = targets && (await targets(column.target));
    if (reach) {
      const reached = await reachableIds(database.db, workspaceId, reach, [...new Set([...byParent.values()].flat())]);
      for (const [parent, children] of byParent)
        byParent.set(
          parent,
          children.filter((id) => reached.has(id)),
        );
    }
    linked.set(column.header, byParent);
  }
  return linked;
}

/** A restricted caller's export (docs/roles.md): its reach over the family, and over the families items name. */
export interface ExportReach {
  family: FamilyReach | undefined;
  targets: ReachOfTable;
}

/** The names of every id the batch refers to, per target table (only of items the caller reaches, with `targets`). */
async function namesFor(
  names: Names,
  columns: Column[],
  items: Item[],
  linked: Map<string, Map<string, string[]>>,
  within?: { db: Database['db']; workspaceId: string; targets: ReachOfTable },
) {
  const wanted = new Map<string, Set<string>>();
  const want = (table: string, id: unknown) => {
    if (typeof id !== 'string') return;
    wanted.set(table, (wanted.get(table) ?? new Set()).add(id));
  };
  for (const column of columns) {
    if (column.kind === 'reference') for (const item of items) want(column.target, item[column.field]);
    if (column.kind === 'relation')
      for (const item of items) for (const id of (item[column.field] as string[]) ?? []) want(column.target, id);
    if (column.kind === 'link')
      for (const ids of linked.get(column.header)?.values() ?? []) for (const id of ids) want(column.target, id);
  }
  const named = new Map<string, Map<string, string>>();
  for (const [table, ids] of wanted) {
    const reach = within && (await within.targets(table));
    const shown = reach ? await reachableIds(within.db, within.workspaceId, reach, [...ids]) : ids;
    named.set(table, await names.namesOf(table, [...shown]));
  }
  return named;
}

function recordOf(
  columns: Column[],
  item: Item,
  linked: Map<string, Map<string, string[]>>,
  named: Map<string, Map<string, string>>,
): Item {
  const nameOf = (table: string, id: string) => named.get(table)?.get(id) ?? id;
  const record: Item = {};
  for (const column of columns) {
    if (column.kind === 'id') record.id = item.id;
    else if (column.kind === 'field') record[column.header] = item[column.field];
    else if (column.kind === 'reference') {
      const id = item[column.field];
      record[column.header] = typeof id === 'string' ? nameOf(column.target, id) : null;
    } else if (column.kind === 'relation')
      record[column.header] = sorted(((item[column.field] as string[]) ?? []).map((id) => nameOf(column.target, id)));
    else if (column.kind === 'values') record.customFields = item.customFields;
    else if (column.kind === 'link')
      record[column.header] = sorted(
        (linked.get(column.header)?.get(String(item.id)) ?? []).map((id) => nameOf(column.target, id)),
      );
  }
  return record;
}

/** In an archive's records (ids kept), only tags are named: by name, which is unique and reads fast. */
const byName = (column: Column) => column.kind === 'link' && column.target === 'tags';

/**
 * A workspace archive's record (archive.ts): references and relations by id under their API field
 * (`categoryId`, `applicationIds`), links by id but tags by name, in id order.
 */
function idRecordOf(
  columns: Column[],
  item: Item,
  linked: Map<string, Map<string, string[]>>,
  named: Map<string, Map<string, string>>,
): Item {
  const record: Item = {};
  for (const column of columns) {
    if (column.kind === 'id') record.id = item.id;
    else if (column.kind === 'field') record[column.header] = item[column.field];
    else if (column.kind === 'reference' || column.kind === 'relation') record[column.field] = item[column.field];
    else if (column.kind === 'values') record.customFields = item.customFields;
    else if (column.kind === 'link') {
      const linkedIds = [...(linked.get(column.header)?.get(String(item.id)) ?? [])].sort();
      record[column.header] = byName(column)
        ? sorted(linkedIds.map((id) => named.get(column.target)?.get(id) ?? id))
        : linkedIds;
    }
  }
  return record;
}

/** A list of names is a set: written in name order, the same however its links were made. */
const sorted = (names: string[]) => names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * A value as CSV text: lists joined by `;`, null as an empty cell. Text that a spreadsheet would
 * run as a formula gets a leading apostrophe unless `raw` (formula-cells.ts); numbers, booleans
 * and times are never formulas.
 */
function toText(value: unknown, raw: boolean): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return raw ? value.join(';') : guardedCell(value.join(';'));
  if (typeof value === 'string') return raw ? value : guardedCell(value);
  return String(value);
}

/** A custom field's value as CSV text: lists joined by `;`, a JSON field's value as JSON. */
function fieldText(field: ItemField, value: unknown, raw: boolean): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'json') return toText(JSON.stringify(value), raw);
  return toText(value, raw);
}

/** A CSV row of a record: its custom fields' cells read from its values object. */
function csvRow(record: Item, headers: string[], fields: Map<string, ItemField>, raw: boolean): string[] {
  const values = (record.customFields ?? {}) as Item;
  return headers.map((header) => {
    const field = header.startsWith('cf_') ? fields.get(header.slice(3)) : undefined;
    return field ? fieldText(field, values[field.name], raw) : toText(record[header], raw);
  });
}

/** Writes the export to `output`; returns how many items it holds. */
export async function exportFamily(
  database: Database,
  workspaceId: string,
  service: FamilyService,
  output: Writable,
  {
    format,
    query = {},
    headers: chosen,
    raw = false,
    reach,
  }: {
    format: Format;
    query?: ListQuery;
    /** The columns of a CSV export, in order (the console's shown columns); default every column. */
    headers?: string[];
    /** CSV: cells as stored, also those a spreadsheet would run as formulas (formula-cells.ts). */
    raw?: boolean;
    /** A restricted caller's reach: only the items it reaches, and names of reached items only. */
    reach?: ExportReach;
  },
): Promise<{ rows: number }> {
  let rows = 0;
  const { family } = service;
  const fields = await itemFieldsOf(database.db, workspaceId, family.definition.path.slice(1));
  const headers = chosen ?? csvHeaders(columnsOf(family, fields));
  const byName = new Map(fields.map((field) => [field.name, field]));
  const records = recordsOf(database, workspaceId, service, fields, query, reach ? { reach } : {});
  async function* lines(): AsyncGenerator<string | string[]> {
    if (format === 'json') yield '[';
    for await (const record of records) {
      rows += 1;
      if (format === 'csv') yield csvRow(record, headers, byName, raw);
      else if (format === 'jsonl') yield `${JSON.stringify(record)}\n`;
      else yield `${rows > 1 ? ',' : ''}\n${JSON.stringify(record)}`;
    }
    if (format === 'json') yield '\n]\n';
  }
  // Standard output stays open for whatever the process writes after.
  const end = output !== process.stdout;
  if (format === 'csv') {
    // A guarded cell is quoted too, as OWASP advises.
    const quoted = raw ? null : [GUARDED_CELL];
    await pipeline(
      Readable.from(lines()),
      stringify({ header: true, columns: headers, quoted_match: quoted }),
      output,
      {
        end,
      },
    );
  } else {
    await pipeline(Readable.from(lines()), output, { end });
  }
  return { rows };
}
