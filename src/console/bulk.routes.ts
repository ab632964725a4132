import { sql, type Kysely } from 'kysely';
import { Type } from 'typebox';
import { BulkDelete, BulkLink, type BulkRefusal, BulkResult, BulkTag } from './lists.schemas.js';
import type { Database } from '../db/database.js';
import { constraintViolationOf } from '../db/errors.js';
import type { Tables } from '../db/schema.js';
import { writeTransaction } from '../db/write.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { FAMILIES, serviceOf } from '../families.js';
import type { App, AppDeps } from '../http/types.js';
import type { Family } from '../resources/family.js';
import { changeLink, editableLinkSide } from '../resources/links.js';
import { memberCallerOf } from './console-auth.js';

const FamilyParams = Type.Object(
  { family: Type.String({ pattern: '^[a-z][a-z-]*$', maxLength: 40 }) },
  { additionalProperties: false },
);

function familyOf(key: string): Family {
  const family = FAMILIES.find((candidate) => candidate.definition.path === `/${key}`);
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
      try {
        (await act(trx, id)) ? result.applied.push(id) : result.unchanged.push(id);
        await sql`release savepoint bulk_row`.execute(trx);
      } catch (error) {
        await sql`rollback to savepoint bulk_row`.execute(trx);
        await sql`release savepoint bulk_row`.execute(trx);
        result.refused.push(refusalOf(id, error));
      }
    }
    return result;
  });
}

/** One link of many rows of `family` to `targetId`, as PUT {path}/{id}/{segment}/{targetId} for each. */
async function linkAll(
  database: Database,
  caller: ReturnType<typeof memberCallerOf>,
  family: Family,
  segment: string,
  ids: readonly string[],
  targetId: string,
): Promise<BulkResult> {
  requireScope(caller.scopes, `${family.definition.scopeFamily}:edit`);
  const side = editableLinkSide(family, segment, FAMILIES);
  if (!side) throw new ApiError('bad_request', `${family.definition.nouns.many} have no ${segment} link to change`);
  const { workspaceId, actor } = caller;
  return eachRow(
    database,
    workspaceId,
    ids,
    (trx, id) => changeLink(trx, side, workspaceId, id, targetId, 'link', actor),
    // The target is the same for every row: a missing or foreign one refuses the request (404).
    async (trx) => {
      if (!(await side.child.find(trx, workspaceId, targetId))) throw notFound(side.child.nouns.one);
    },
  );
}

/**
 * The console's actions on many rows of a list, each one request (docs/console.md, "Bulk actions"):
 * POST /ui/api/bulk/{family}/delete | tag | link. Each needs the scope its single request needs
 * (delete, edit), acts only in the session's workspace (an id of another is refused as not
 * found, never touched), and writes every row through the family's service in one transaction,
 * audited per row as the single request is. Rows refused are reported, the others applied.
 */
export function registerBulkRoutes(app: App, { database }: AppDeps): void {
  app.post(
    '/bulk/:family/delete',
    { schema: { params: FamilyParams, body: BulkDelete, response: { 200: BulkResult } } },
    async (request) => {
      const caller = memberCallerOf(request);
      const family = familyOf(request.params.family);
      requireScope(caller.scopes, `${family.definition.scopeFamily}:delete`);
      const service = serviceOf(family);
      return eachRow(database, caller.workspaceId, request.body.ids, async (trx, id) => {
        await service.removeIn(trx, caller.workspaceId, id, caller.actor);
        return true;
      });
    },
  );

  app.post(
    '/bulk/:family/tag',
    { schema: { params: FamilyParams, body: BulkTag, response: { 200: BulkResult } } },
    async (request) => {
      const caller = memberCallerOf(request);
      const family = familyOf(request.params.family);
      return linkAll(database, caller, family, 'tags', request.body.ids, request.body.tagId);
    },
  );

  app.post(
    '/bulk/:family/link',
    { schema: { params: FamilyParams, body: BulkLink, response: { 200: BulkResult } } },
    async (request) => {
      const caller = memberCallerOf(request);
      const family = familyOf(request.params.family);
      const { ids, segment, targetId } = request.body;
      return linkAll(database, caller, family, segment, ids, targetId);
    },
  );
}
