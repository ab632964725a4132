import { type Static, type TSchema, Type } from 'typebox';
import { BulkDelete, BulkLink, BulkResult, BulkSetField, BulkTag } from './lists.schemas.js';
import type { Database } from '../../base/db/database.js';
import { ApiError, notFound } from '../../base/errors/api-error.js';
import type { Registry } from '../../base/resources/registry.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { IdParams } from '../../base/http/schemas.js';
import {
  BulkEdit,
  BulkEditList,
  BulkEditPreview,
  BulkEditResult,
} from '../../features/bulk-edits/bulk-edits.schemas.js';
import { applyEdit, listEdits, previewEdit, undoEdit } from '../../features/bulk-edits/bulk-edits.service.js';
import { eachRow } from '../../features/bulk-edits/rows.js';
import type { Family } from '../../base/resources/family.js';
import { requireRow } from '../../base/resources/crud.js';
import { changeLinkWithin, editableLinkSide, reachesOfSide } from '../../base/resources/links.js';
import { reachByTable, reachOf, reaches } from '../../base/resources/reach.js';
import { isRestricted } from '../../base/access/restrictions.js';
import { memberCallerOf } from '../../base/http/console.js';

const FamilyParams = Type.Object(
  { family: Type.String({ pattern: '^[a-z][a-z-]*$', maxLength: 40 }) },
  { additionalProperties: false },
);

/** The family of a path's key in `registry`, or 404. */
function familyIn(registry: Registry, key: string): Family {
  const family = registry.byKey(key);
  if (!family) throw notFound(`list ${key}`);
  return family;
}

/** The member's role must hold the scope the single request needs (403 otherwise, before anything is read). */
function requireScope(scopes: readonly string[], scope: string): void {
  if (!scopes.includes(scope)) throw new ApiError('insufficient_permission', `missing permission: ${scope}`);
}

/** One link of many rows of `family` to `targetId`, as PUT {path}/{id}/{segment}/{targetId} for each. */
async function linkAll(
  database: Database,
  families: readonly Family[],
  caller: ReturnType<typeof memberCallerOf>,
  family: Family,
  segment: string,
  ids: readonly string[],
  targetId: string,
): Promise<BulkResult> {
  requireScope(caller.scopes, `${family.definition.scopeFamily}:edit`);
  const side = editableLinkSide(family, segment, families);
  if (!side) throw new ApiError('bad_request', `${family.definition.nouns.many} have no ${segment} link to change`);
  const { workspaceId } = caller;
  const reach = await reachesOfSide(database.db, caller, side);
  return eachRow(
    database,
    workspaceId,
    ids,
    (trx, id) => changeLinkWithin(trx, side, caller, reach, { parentId: id, childId: targetId, action: 'link' }),
    // The target is the same for every row: a missing, foreign or unreached one refuses the request (404).
    async (trx) => {
      if (!(await side.child.find(trx, workspaceId, targetId))) throw notFound(side.child.nouns.one);
      if (!(await reaches(trx, workspaceId, reach.child, targetId))) throw notFound(side.child.nouns.one);
    },
  );
}

/**
 * The console's actions on many rows of a list, each one request (docs/console.md, "Bulk actions"):
 * POST /ui/api/bulk/{family}/delete | tag | link | set-field. Each needs the scope its single request needs
 * (delete, edit), acts only in the session's workspace (an id of another is refused as not
 * found, never touched), and writes every row through the family's service in one transaction,
 * audited per row as the single request is. Rows refused are reported, the others applied.
 */
export function registerBulkRoutes(app: App, { database, registry }: AppDeps): void {
  type Caller = ReturnType<typeof memberCallerOf>;
  /** One bulk route: its body schema, and what it does to the rows of a family for the caller. */
  const bulk = <Body extends TSchema>(
    action: string,
    body: Body,
    act: (caller: Caller, family: Family, body: Static<Body>) => Promise<BulkResult>,
  ) =>
    app.post(
      `/bulk/:family/${action}`,
      { config: { reach: 'applied' }, schema: { params: FamilyParams, body, response: { 200: BulkResult } } },
      async (request) =>
        act(memberCallerOf(request), familyIn(registry, request.params.family), request.body as Static<Body>),
    );

  bulk('delete', BulkDelete, async (caller, family, { ids }) => {
    requireScope(caller.scopes, `${family.definition.scopeFamily}:delete`);
    const service = registry.serviceOf(family);
    const reach = await reachOf(database.db, caller, family);
    return eachRow(database, caller.workspaceId, ids, async (trx, id) => {
      await service.removeIn(trx, caller.workspaceId, id, caller.actor, { reach });
      return true;
    });
  });
  bulk('set-field', BulkSetField, async (caller, family, { ids, field, value }) => {
    requireScope(caller.scopes, `${family.definition.scopeFamily}:edit`);
    const service = registry.serviceOf(family);
    // As PATCH: within the caller's reach, and a reference field may name only a reached item.
    const targets = isRestricted(caller.restrictions)
      ? reachByTable(database.db, caller, registry.families)
      : undefined;
    const reach = await targets?.(family.definition.table);
    const { workspaceId, actor } = caller;
    const fieldValue = (item: unknown) =>
      JSON.stringify((item as { customFields?: Record<string, unknown> }).customFields?.[field] ?? null);
    return eachRow(database, workspaceId, ids, async (trx, id) => {
      if (!(await reaches(trx, workspaceId, reach, id))) throw notFound(family.definition.nouns.one);
      const [before] = await service.dtos(trx, workspaceId, [
        await requireRow(trx, family.definition, workspaceId, id),
      ]);
      // As PATCH {path}/{id} with {"customFields": {field: value}}: checked, merged, audited.
      const after = await service.updateIn(trx, workspaceId, id, { customFields: { [field]: value ?? null } }, actor, {
        reach,
        targets,
      });
      return fieldValue(after) !== fieldValue(before);
    });
  });
  // An edit of any editable field (docs/console.md, "Bulk edit"): previewed, applied, undone.
  const editable = (caller: Caller, family: Family) =>
    requireScope(caller.scopes, `${family.definition.scopeFamily}:edit`);
  const editRoute = (
    path: string,
    response: TSchema,
    act: (caller: Caller, family: Family, edit: BulkEdit) => Promise<unknown>,
  ) =>
    app.post(
      path,
      { config: { reach: 'applied' }, schema: { params: FamilyParams, body: BulkEdit, response: { 200: response } } },
      async (request) => {
        const caller = memberCallerOf(request);
        const family = familyIn(registry, request.params.family);
        editable(caller, family);
        return act(caller, family, request.body);
      },
    );
  editRoute('/bulk/:family/edit/preview', BulkEditPreview, (caller, family, edit) =>
    previewEdit(database, registry, caller, family, edit),
  );
  editRoute('/bulk/:family/edit', BulkEditResult, (caller, family, edit) =>
    applyEdit(database, registry, caller, family, edit),
  );
  app.get(
    '/bulk/edits',
    {
      config: { reach: 'applied' },
      schema: {
        querystring: Type.Object(
          { family: Type.Optional(FamilyParams.properties.family) },
          { additionalProperties: false },
        ),
        response: { 200: BulkEditList },
      },
    },
    async (request) => listEdits(database, memberCallerOf(request), request.query.family),
  );
  app.post(
    '/bulk/edits/:id/undo',
    { config: { reach: 'applied' }, schema: { params: IdParams, response: { 200: BulkEditResult } } },
    async (request) => {
      const caller = memberCallerOf(request);
      return undoEdit(database, registry, caller, request.params.id, (family) => editable(caller, family));
    },
  );
  bulk('tag', BulkTag, (caller, family, { ids, tagId }) =>
    linkAll(database, registry.families, caller, family, 'tags', ids, tagId),
  );
  bulk('link', BulkLink, (caller, family, { ids, segment, targetId }) =>
    linkAll(database, registry.families, caller, family, segment, ids, targetId),
  );
}
