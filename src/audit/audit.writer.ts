import type { Kysely } from 'kysely';
import type { Tables } from '../db/schema.js';
import { newId, nowIso } from '../ids.js';
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

/**
 * Writes one audit event. Always called with the transaction of the change it records, so an
 * event exists exactly when its change was committed. Callers never pass secrets in `changes`.
 */
export async function recordAudit(trx: Kysely<Tables>, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('audit_events')
    .values({
      workspace_id: entry.workspaceId,
      id: newId(),
      timestamp: nowIso(),
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
}

/** Field-by-field before/after of the keys of `after` whose values differ (absent counts as null), less `skip`. */
export function diffFields(before: Record<string, unknown> | undefined, after: Record<string, unknown>, skip: readonly string[] = []): Changes {
  const changes: Changes = {};
  for (const [key, value] of Object.entries(after)) {
    if (skip.includes(key)) continue;
    const old = before?.[key] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value ?? null)) changes[key] = { before: old, after: value ?? null };
  }
  return changes;
}
