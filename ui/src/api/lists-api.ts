import type { Answer, Body } from './contract.js';
import { call, queryOf } from './client.js';

type AuditActorList = Answer<'/audit-actors', 'get'>;
type AuditActor = Answer<'/audit-actors/{id}', 'get'>;
type BulkResult = Answer<'/bulk/{family}/delete', 'post'>;
type BulkEditResult = Answer<'/bulk/{family}/edit', 'post'>;
type BulkEdit = Body<'/bulk/{family}/edit', 'post'>;
type BulkEditPreview = Answer<'/bulk/{family}/edit/preview', 'post'>;
type BulkEditList = Answer<'/bulk/edits', 'get'>;
type ViewList = Answer<'/views', 'get'>;
type SavedView = Answer<'/views', 'post'>;
type CreateView = Body<'/views', 'post'>;

/**
 * The console API of the lists' daily work: who acted in the audit log, found by name
 * (src/console/audit-actors.routes.ts); actions on many rows (bulk.routes.ts); saved views
 * (views.routes.ts).
 */

export type {
  AuditActor,
  AuditActorList,
  BulkEdit,
  BulkEditList,
  BulkEditPreview,
  BulkEditResult,
  BulkResult,
  CreateView,
  SavedView,
  ViewList,
};

export const listsApi = {
  auditActors: (q: string, limit = 20) => call<AuditActorList>('GET', `/audit-actors${queryOf({ q, limit })}`),
  auditActor: (id: string) => call<AuditActor>('GET', `/audit-actors/${encodeURIComponent(id)}`),

  bulkDelete: (family: string, ids: string[]) => call<BulkResult>('POST', `/bulk/${family}/delete`, { ids }),
  bulkTag: (family: string, ids: string[], tagId: string) =>
    call<BulkResult>('POST', `/bulk/${family}/tag`, { ids, tagId }),
  bulkLink: (family: string, ids: string[], segment: string, targetId: string) =>
    call<BulkResult>('POST', `/bulk/${family}/link`, { ids, segment, targetId }),
  bulkSetField: (family: string, ids: string[], field: string, value: unknown) =>
    call<BulkResult>('POST', `/bulk/${family}/set-field`, { ids, field, value }),
  bulkEditPreview: (family: string, edit: BulkEdit) =>
    call<BulkEditPreview>('POST', `/bulk/${family}/edit/preview`, edit),
  bulkEdit: (family: string, edit: BulkEdit) => call<BulkEditResult>('POST', `/bulk/${family}/edit`, edit),
  bulkEdits: (family: string) => call<BulkEditList>('GET', `/bulk/edits${queryOf({ family })}`),
  bulkUndo: (id: string) => call<BulkEditResult>('POST', `/bulk/edits/${encodeURIComponent(id)}/undo`),

  views: (family: string) => call<ViewList>('GET', `/views${queryOf({ family })}`),
  saveView: (view: CreateView) => call<SavedView>('POST', '/views', view, { fields: ['name'] }),
  deleteView: (id: string) => call<void>('DELETE', `/views/${encodeURIComponent(id)}`),
};
