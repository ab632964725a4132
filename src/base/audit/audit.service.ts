import type { Database } from '../db/database.js';
import type { AuditEventsTable } from '../db/schema.js';
import { decodeCursor, encodeCursor } from '../lists/cursor.js';
import { clamp } from '../lists/offset.js';
import {
  AUDIT_PAGE_DEFAULT,
  AUDIT_PAGE_MAX,
  type AuditEvent,
  type AuditList,
  type AuditLogQuery,
} from './audit.schemas.js';
import type { ActorType, AuditAction, AuditCategory, AuditResourceType } from './audit.types.js';
import { countAuditEvents, listAuditEvents, type AuditFilters } from './audit.repository.js';

export function auditRowToDto(row: AuditEventsTable): AuditEvent {
  return {
    id: row.id,
    timestamp: row.timestamp,
    category: row.category as AuditCategory,
    action: row.action as AuditAction,
    actor: { type: row.actor_type as ActorType, id: row.actor_id, name: row.actor_name },
    resourceType: row.resource_type as AuditResourceType,
    resourceId: row.resource_id,
    resourceName: row.resource_name,
    changes: row.changes ? (JSON.parse(row.changes) as AuditEvent['changes']) : null,
  };
}

/** A page of the audit log: newest first, cursor-driven, with the total for the filters. */
export async function listAuditLog(
  database: Database,
  workspaceId: string,
  query: AuditLogQuery,
  within?: AuditFilters['within'],
): Promise<AuditList> {
  const limit = clamp(query.limit ?? AUDIT_PAGE_DEFAULT, 1, AUDIT_PAGE_MAX);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const filters: AuditFilters = {
    from: query.from && new Date(query.from).toISOString(),
    to: query.to && new Date(query.to).toISOString(),
    actorId: query.actorId,
    category: query.category,
    actions: query.actions,
    resourceType: query.resourceType,
    resourceId: query.resourceId,
    query: query.query,
    within,
  };
  // SQLite reads one statement at a time anyway: a search's total, first, tells how to read its page.
  const [rows, total] =
    database.dialect === 'sqlite' && filters.query
      ? await countAuditEvents(database, workspaceId, filters).then(
          async (matching) =>
            [await listAuditEvents(database, workspaceId, filters, after, limit + 1, matching), matching] as const,
        )
      : await Promise.all([
          listAuditEvents(database, workspaceId, filters, after, limit + 1),
          countAuditEvents(database, workspaceId, filters),
        ]);
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  const list: AuditList = { data: page.map(auditRowToDto), total, hasMore };
  if (hasMore && last) list.nextCursor = encodeCursor({ timestamp: last.timestamp, id: last.id });
  return list;
}
