import { sql, type Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../db/database.js';
import { constraintViolationOf } from '../db/errors.js';
import type { Tables } from '../db/schema.js';
import { writeTransaction } from '../db/write.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { FAMILIES, serviceOf } from '../families.js';
import { Uuid } from '../http/schemas.js';
import type { App, AppDeps } from '../http/types.js';
import type { Family } from '../resources/family.js';
import { changeLink, editableLinkSide } from '../resources/links.js';
import { memberCallerOf } from './console-auth.js';

/** Rows one bulk action may name: a list page of the console shows at most 200. */
export const BULK_LIMIT = 200;

const Ids = Type.Array(Uuid('A row of the list.'), {
  minItems: 1,
  maxItems: BULK_LIMIT,
  uniqueItems: true,
  description: `The rows to act on, at most ${BULK_LIMIT}, each once.`,
});

export const BulkDelete = Type.Object({ ids: Ids }, { additionalProperties: false });
export const BulkTag = Type.Object(
  { ids: Ids, tagId: Uuid('The tag given to every row.') },
  { additionalProperties: false },
);
export const BulkLink = Type.Object(
  {
    ids: Ids,
    segment: Type.String({
      pattern: '^[a-z][a-z-]*$',
      maxLength: 40,
      description: 'The link, as the family names it in its path (servers: applications, owners, tags).',
    }),
    targetId: Uuid('The item every row is linked to.'),
  },
  { additionalProperties: false },
);
export type BulkDelete = Static<typeof BulkDelete>;
export type BulkTag = Static<typeof BulkTag>;
export type BulkLink = Static<typeof BulkLink>;

const Refusal = Type.Object({
  id: Type.String(),
  code: Type.String({
    description: 'The code the single request would have answered (not_found, unprocessable_entity…).',
  }),
  message: Type.String(),
});

export const BulkResult = Type.Object({
  applied: Type.Array(Type.String(), { description: 'Rows changed (each audited as its single request would be).' }),
  unchanged: Type.Array(Type.String(), { description: 'Rows that were so already (a link that existed).' }),
  refused: Type.Array(Refusal, { description: 'Rows left exactly as they were, with the reason.' }),
});
export type BulkResult = Static<typeof BulkResult>;
export type BulkRefusal = Static<typeof Refusal>;

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
