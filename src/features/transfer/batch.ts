/**
 * An import's creates, written a batch at a time: what the family service's `createIn` and the
 * link routes' `changeLink` do for one item, done for a few hundred items with one multi-row
 * INSERT per table (the items, their relation and link rows, their audit events) instead of a few
 * round trips per item. Each item still has its own `create` event and one `link` event per link,
 * in file order, as if it had been created alone; PostgreSQL's statement triggers (counts, search)
 * run once per statement. The rows' rules (`check`) have run before they are queued here.
 */
import type { Kysely } from 'kysely';
import type { BulkLoader } from '../../base/db/bulk.js';
import type { Actor } from '../../base/audit/audit.types.js';
import { diffFields, newestEvent, positionAfter } from '../../base/audit/audit.writer.js';
import { splitFieldChanges } from '../../base/custom-fields/values.js';
import { dynamic } from '../../base/db/dynamic.js';
import type { Tables } from '../../base/db/schema.js';
import { isUuid, nowIso } from '../../base/ids.js';
import type { FamilyService } from '../../base/resources/crud.js';
import { article } from '../../base/resources/read-routes.js';
import type { Link, Relation } from '../../base/resources/family.js';
import { noteAuditEvent } from '../../base/metrics/metrics.js';

type Row = Record<string, unknown>;

/** An item to create: its row as `createIn` makes it, the body it came from, and its links' child ids. */
export interface Queued {
  /** The row's number in the file, to name it if it is refused here. */
  row: number;
  next: Row;
  body: Record<string, unknown>;
  links: { link: Link; childIds: string[] }[];
}

/** A row refused while its batch was written (a relation id the workspace does not have). */
export interface BatchRefusal {
  row: number;
  field: string;
  message: string;
}

/**
 * Inserts `rows` into `table` through the bulk loader (COPY on PostgreSQL, a prepared multi-row
 * INSERT on SQLite), rows with the same columns together. A batch is far below the size at which
 * the loader would drop a table's indexes, so the table stays indexed and readable by all.
 */
async function insertMany(loader: BulkLoader, table: string, rows: Row[], expected?: number): Promise<void> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = Object.keys(row).join(',');
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  for (const group of groups.values())
    await loader.insert(table, group, expected === undefined ? {} : { expected: Math.max(expected, group.length) });
}

/**
 * The workspace's newest event as the import's batches wrote it: read once, then kept, as the
 * import holds the workspace's writes. `stale` when the import wrote an event another way (an
 * update through the service, a tag made), to read it again.
 */
export interface EventsWritten {
  last?: { timestamp: string; id: string };
  stale: boolean;
}

/**
 * Positions (timestamp, id) for `count` new events of a workspace, each after the one before and
 * the first after the workspace's newest event, as audit.writer.ts gives one event at a time.
 */
async function eventPositions(trx: Kysely<Tables>, workspaceId: string, count: number, events: EventsWritten) {
  if (events.stale || !events.last) {
    events.last = await newestEvent(trx, workspaceId);
    events.stale = false;
  }
  const positions: { timestamp: string; id: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    events.last = positionAfter(events.last);
    positions.push(events.last);
  }
  return positions;
}

/** What a batch's statements share: where they write, as whom, and the import's expected size. */
interface BatchWrite {
  trx: Kysely<Tables>;
  loader: BulkLoader;
  workspaceId: string;
  service: FamilyService;
  actor: Actor;
  events: EventsWritten;
  turn: () => Promise<void>;
  /** The rows of a table the whole import is expected to write, from this batch's share per item. */
  expected: (rows: number) => number | undefined;
}

/**
 * Creates the queued items: checks their relation ids (refusals are returned, those items are not
 * written), then writes the items, their relation and link rows and their audit events.
 */
export async function createQueued(
  trx: Kysely<Tables>,
  loader: BulkLoader,
  workspaceId: string,
  service: FamilyService,
  queued: Queued[],
  actor: Actor,
  {
    events,
    expectedRows,
    turn = async () => undefined,
  }: {
    events: EventsWritten;
    expectedRows?: number;
    /** Awaited after each table's rows (SQLite: gives the event loop a turn between statements). */
    turn?: () => Promise<void>;
  },
): Promise<BatchRefusal[]> {
  // The loader's rows still being written before the statements of this batch.
  await loader.settle();
  const { refusals, refused } = await relationRefusals(
    trx,
    workspaceId,
    service.family.definition.relations ?? [],
    queued,
  );
  const items = queued.filter((item) => !refused.has(item));
  if (items.length === 0) return refusals;
  const write: BatchWrite = {
    trx,
    loader,
    workspaceId,
    service,
    actor,
    events,
    turn,
    expected: (rows) => (expectedRows === undefined ? undefined : Math.round((rows / items.length) * expectedRows)),
  };
  await insertItems(write, items);
  await insertEvents(write, items);
  return refusals;
}

/** Items whose relation ids name no row of the workspace (createIn's requireReference, for the batch at once). */
async function relationRefusals(trx: Kysely<Tables>, workspaceId: string, relations: Relation[], queued: Queued[]) {
  const refusals: BatchRefusal[] = [];
  const refused = new Set<Queued>();
  for (const relation of relations) {
    const wanted = [...new Set(queued.flatMap((item) => (item.body[relation.field] as string[] | null) ?? []))];
    const known = new Set<string>();
    for (let start = 0; start < wanted.length; start += 500) {
      const ids = wanted.slice(start, start + 500).filter(isUuid);
      if (ids.length === 0) continue;
      const rows = await dynamic(trx)
        .selectFrom(relation.target.table)
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', ids)
        .execute();
      for (const row of rows) known.add(String(row.id));
    }
    for (const item of queued) {
      if (refused.has(item)) continue;
      if (((item.body[relation.field] as string[] | null) ?? []).every((id) => known.has(id))) continue;
      refused.add(item);
      refusals.push({
        row: item.row,
        field: relation.field,
        message: `${relation.field} does not name ${article(relation.target.nouns.one)} of this workspace`,
      });
    }
  }
  return { refusals, refused };
}

/** Inserts the items' rows, then their relation rows, then their link rows, a table at a time. */
async function insertItems(write: BatchWrite, items: Queued[]) {
  const { loader, workspaceId, turn, expected } = write;
  const { definition } = write.service.family;
  await insertMany(
    loader,
    definition.table,
    items.map((item) => item.next),
    expected(items.length),
  );
  await turn();
  const now = nowIso();
  for (const relation of definition.relations ?? []) {
    const rows = items.flatMap((item) =>
      relation.field in item.body
        ? [...new Set((item.body[relation.field] as string[] | null) ?? [])].map((other) => ({
            workspace_id: workspaceId,
            [relation.ownColumn]: item.next.id,
            [relation.otherColumn]: other,
            created_at: now,
          }))
        : [],
    );
    await insertMany(loader, relation.table, rows, expected(rows.length));
    await turn();
  }
  const byTable = new Map<string, Row[]>();
  for (const item of items)
    for (const { link, childIds } of item.links) {
      const rows = byTable.get(link.table) ?? [];
      byTable.set(link.table, rows);
      for (const childId of new Set(childIds))
        rows.push({
          workspace_id: workspaceId,
          [link.parentColumn]: item.next.id,
          [link.childColumn]: childId,
          created_at: now,
        });
    }
  for (const [table, rows] of byTable) {
    await insertMany(loader, table, rows, expected(rows.length));
    await turn();
  }
}

/** Each item's create event, then one link event per child, as createIn and changeLink write them. */
async function insertEvents(write: BatchWrite, items: Queued[]) {
  const { trx, loader, workspaceId, service, turn } = write;
  const { family } = service;
  if ((family.definition.relations ?? []).length > 0) await loader.settle();
  const dtos = (await service.dtos(trx, workspaceId, items.map((item) => item.next) as never[])) as Row[];
  await turn();
  const rows: Row[] = [];
  items.forEach((item, index) => {
    const created = splitFieldChanges(diffFields(undefined, dtos[index]!, family.untracked));
    rows.push(eventRow(write, item, 'create', created));
    for (const { link, childIds } of item.links)
      for (const childId of new Set(childIds))
        rows.push(eventRow(write, item, 'link', { [link.segment]: { before: null, after: childId } }));
  });
  await loader.settle();
  const positions = await eventPositions(trx, workspaceId, rows.length, write.events);
  await insertMany(
    loader,
    'audit_events',
    rows.map((values, index) => ({ ...values, ...positions[index] })),
    write.expected(rows.length),
  );
  for (const row of rows) noteAuditEvent(trx, row.resource_type as string, row.action as string);
}

/** An item's audit event as a row of audit_events, but for its position (eventPositions). */
function eventRow(write: BatchWrite, item: Queued, action: 'create' | 'link', changes: Record<string, unknown>): Row {
  const { actor } = write;
  const { family } = write.service;
  return {
    workspace_id: write.workspaceId,
    category: family.definition.auditCategory,
    action,
    actor_type: actor.type,
    actor_id: actor.id,
    actor_name: actor.name,
    resource_type: family.definition.resourceType,
    resource_id: String(item.next.id),
    resource_name: family.nameOf(item.next as never),
    changes: Object.keys(changes).length > 0 ? JSON.stringify(changes) : null,
  };
}
