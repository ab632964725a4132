import type { AuditActor, AuditActorList } from '../../../src/console/audit-actors.routes.js';
import { call, queryOf } from './client.js';

/**
 * The console API of the lists' daily work: who acted in the audit log, found by name
 * (src/console/audit-actors.routes.ts).
 */

export type { AuditActor, AuditActorList };

export const listsApi = {
  auditActors: (q: string, limit = 20) => call<AuditActorList>('GET', `/audit-actors${queryOf({ q, limit })}`),
  auditActor: (id: string) => call<AuditActor>('GET', `/audit-actors/${encodeURIComponent(id)}`),
};
