import type { Kysely } from 'kysely';
import type { Tables } from '../db/schema.js';
import { newId, nowIso } from '../ids.js';
import { noteAuditEvent } from '../metrics/metrics.js';
import type { Actor, AuditAction, AuditCategory, AuditResourceType, Changes } from './audit.types.js';

export interface AuditEntry {
  workspaceId: string;
  category: AuditCategory;
  action: AuditAction;
  actor: Actor;
  resourceType: AuditResourceType;
  resourceId: string | null;
  resourceName: string | null;
  changes?: Changes | null;
}

/** The UUID after `id` in sort order (its last 48 bits plus one), or undefined at the very end. */
function uuidAfter(id: string): string | undefined {
  const tail = BigInt(`0x${id.slice(24)}`) + 1n;
  if (tail > 0xffffffffffffn) return undefined;
  return `${id.slice(0, 24)}${tail.toString(16).padStart(12, '0')}`;
}

/** The workspace's newest event's position, if it has any event. */
export function newestEvent(
  trx: Kysely<Tables>,
  workspaceId: string,
): Promise<{ timestamp: string; id: string } | undefined> {
  return trx
    .selectFrom('audit_events')
    .select(['timestamp', 'id'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The (timestamp, id) of a new event: now and a fresh UUIDv7, unless that would not sort after
 * the workspace's newest event (a clock behind another instance's, or the same millisecond on
 * another instance). Writes of a workspace are serial (db/write.ts), so each event sorts after
 * every event committed before it: a poller that walks down to the newest (timestamp, id) it saw
 * never skips one (docs/api.md, polling).
 */
export function positionAfter(newest: { timestamp: string; id: string } | undefined): {
  timestamp: string;
  id: string;
} {
  const position = { timestamp: nowIso(), id: newId() };
  if (
    !newest ||
    position.timestamp > newest.timestamp ||
    (position.timestamp === newest.timestamp && position.id > newest.id)
  )
    return position;
  const id = uuidAfter(newest.id);
  if (id) return { timestamp: newest.timestamp, id };
  return { timestamp: new Date(Date.parse(newest.timestamp) + 1).toISOString(), id: position.id };
}

/**
 * Writes one audit event. Always called with the write transaction of the change it records
 * (db/write.ts), so an event exists exactly when its change was committed, and events become
 * visible in cursor order. Callers never pass secrets in `changes`.
 */
export async function recordAudit(trx: Kysely<Tables>, entry: AuditEntry): Promise<void> {
  const { timestamp, id } = positionAfter(await newestEvent(trx, entry.workspaceId));
  await trx
    .insertInto('audit_events')
    .values({
      workspace_id: entry.workspaceId,
      id,
      timestamp,
      category: entry.category,
      action: entry.action,
      actor_type: entry.actor.type,
      actor_id: entry.actor.id,
      actor_name: entry.actor.name,
      resource_type: entry.resourceType,
      resource_id: entry.resourceId,
      resource_name: entry.resourceName,
      changes: entry.changes && Object.keys(entry.changes).length > 0 ? JSON.stringify(entry.changes) : null,
    })
    .execute();
  noteAuditEvent(trx, entry.resourceType, entry.action);
}

/** An access event a member causes on their own membership: sign-in, password change and the like. */
export function recordAccountEvent(
  trx: Kysely<Tables>,
  workspaceId: string,
  member: { id: string; name: string },
  action: AuditAction,
): Promise<void> {
  return recordAudit(trx, {
    workspaceId,
    category: 'access',
    action,
    actor: { type: 'member', id: member.id, name: member.name },
    resourceType: 'member',
    resourceId: member.id,
    resourceName: member.name,
  });
}

/** A change of the workspace's settings (`what`: its name, single sign-on…), audited as an update of the workspace. */
export function recordSettingsUpdate(
  trx: Kysely<Tables>,
  workspaceId: string,
  actor: Actor,
  what: string,
  changes: Changes,
): Promise<void> {
  return recordAudit(trx, {
    workspaceId,
    category: 'settings',
    action: 'update',
    actor,
    resourceType: 'workspace',
    resourceId: workspaceId,
    resourceName: what,
    changes,
  });
}

/** Field-by-field before/after of the keys of `after` whose values differ (absent counts as null), less `skip`. */
export function diffFields(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
  skip: readonly string[] = [],
): Changes {
  const changes: Changes = {};
  for (const [key, value] of Object.entries(after)) {
    if (skip.includes(key)) continue;
    const old = before?.[key] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value ?? null)) changes[key] = { before: old, after: value ?? null };
  }
  return changes;
}

/** Deletes one row of a workspace by id and records its `delete` event, in the write's transaction. */
export async function deleteRecorded(
  trx: Kysely<Tables>,
  table: 'members' | 'tags' | 'people',
  event: Omit<AuditEntry, 'action' | 'resourceId' | 'changes'> & { resourceId: string },
): Promise<void> {
  await trx
    .deleteFrom(table)
    .where('workspace_id', '=', event.workspaceId)
    .where('id', '=', event.resourceId)
    .execute();
  await recordAudit(trx, { ...event, action: 'delete' });
}
