import { sql, type Kysely } from 'kysely';
import { type Static, type TSchema, Type } from 'typebox';
import { BulkDelete, BulkLink, type BulkRefusal, BulkResult, BulkSetField, BulkTag } from './lists.schemas.js';
import type { Database } from '../../base/db/database.js';
import { constraintViolationOf } from '../../base/db/errors.js';
import type { Tables } from '../../base/db/schema.js';
import { writeTransaction } from '../../base/db/write.js';
import { ApiError, notFound } from '../../base/errors/api-error.js';
import type { Registry } from '../../base/resources/registry.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { forgetSince, recordedIn } from '../../base/metrics/metrics.js';
import type { Family } from '../../base/resources/family.js';
import { requireRow } from '../../base/resources/crud.js';
import { changeLinkWithin, editableLinkSide, reachesOfSide } from '../../base/resources/links.js';
import { reachOf, reaches } from '../../base/resources/reach.js';
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

/** A row's refusal as its single request would answer it; anything else fails the whole request. */
function refusalOf(id: string, error: unknown): BulkRefusal {
  if (error instanceof ApiError) return { id, code: error.code, message: error.message };
  const constraint = constraintViolationOf(error);
  if (constraint === 'unique' || constraint === 'foreign_key')
    return { id, code: 'unprocessable_entity', message: 'the change conflicts with another resource of the workspace' };
  throw error;
}

/**
 * Every row in one write transaction (the workspace's write lock held once), each inside its own
 * savepoint: a row whose change is refused is rolled back to the savepoint, whole, and reported;
 * the rows that pass are applied and committed together. `act` answers whether it changed the row.
 */
async function eachRow(
  database: Database,
  workspaceId: string,
  ids: readonly string[],
  act: (trx: Kysely<Tables>, id: string) => Promise<boolean>,
  before?: (trx: Kysely<Tables>) => Promise<void>,
): Promise<BulkResult> {
  return writeTransaction(database, workspaceId, async (trx) => {
    await before?.(trx);
    const result: BulkResult = { applied: [], unchanged: [], refused: [] };
    for (const id of ids) {
      await sql`savepoint bulk_row`.execute(trx);
      const mark = recordedIn(trx);
      try {
        (await act(trx, id)) ? result.applied.push(id) : result.unchanged.push(id);
        await sql`release savepoint bulk_row`.execute(trx);
      } catch (error) {
        await sql`rollback to savepoint bulk_row`.execute(trx);
        await sql`release savepoint bulk_row`.execute(trx);
        forgetSince(trx, mark);
        result.refused.push(refusalOf(id, error));
      }
    }
    return result;
  });
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
    const reach = await reachOf(database.db, caller, family);
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
      });
      return fieldValue(after) !== fieldValue(before);
    });
  });
  bulk('tag', BulkTag, (caller, family, { ids, tagId }) =>
    linkAll(database, registry.families, caller, family, 'tags', ids, tagId),
  );
  bulk('link', BulkLink, (caller, family, { ids, segment, targetId }) =>
    linkAll(database, registry.families, caller, family, segment, ids, targetId),
  );
}
