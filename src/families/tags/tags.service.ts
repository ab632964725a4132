import { foldKey } from '../../base/db/text-search.js';
import type { Actor } from '../../base/audit/audit.types.js';
import { deleteRecorded, recordAudit } from '../../base/audit/audit.writer.js';
import type { Database } from '../../base/db/database.js';
import type { Kysely } from 'kysely';
import type { Tables, TagsTable } from '../../base/db/schema.js';
import { ApiError, notFound } from '../../base/errors/api-error.js';
import { newId, nowIso } from '../../base/ids.js';
import type { CreateTag, Tag } from './tags.schemas.js';
import { findTag, findTagByName, tagRowToDto } from './tags.repository.js';
import { writeTransaction } from '../../base/db/write.js';
import { requireMatch } from '../../base/http/etag.js';
import type { ItemDeletion, Release } from '../../base/resources/crud.js';

const DEFAULT_COLOUR = '#6b7280';

/** Tag names are unique per workspace regardless of case; a duplicate is a 422. */
export async function createTag(database: Database, workspaceId: string, input: CreateTag, actor: Actor): Promise<Tag> {
  return writeTransaction(database, workspaceId, (trx) => createTagIn(trx, workspaceId, input, actor));
}

/** Creates a tag inside the caller's transaction (an import names tags that do not exist yet). */
export async function createTagIn(
  trx: Kysely<Tables>,
  workspaceId: string,
  input: CreateTag,
  actor: Actor,
): Promise<Tag> {
  const row: TagsTable = {
    workspace_id: workspaceId,
    id: newId(),
    name: input.name.trim(),
    name_key: foldKey(input.name),
    colour: (input.colour ?? DEFAULT_COLOUR).toLowerCase(),
    description: input.description ?? null,
    created_at: nowIso(),
  };
  if (await findTagByName(trx, workspaceId, row.name))
    throw new ApiError('unprocessable_entity', `a tag named "${row.name}" already exists`);
  await trx.insertInto('tags').values(row).execute();
  await recordAudit(trx, {
    workspaceId,
    category: 'inventory',
    action: 'create',
    actor,
    resourceType: 'tag',
    resourceId: row.id,
    resourceName: row.name,
    changes: { name: { before: null, after: row.name }, colour: { before: null, after: row.colour } },
  });
  return tagRowToDto(row);
}

/**
 * Deleting a tag unlinks it everywhere (`release`, the families' release on delete), audited as an
 * unlink on each resource it was attached to.
 */
export async function deleteTag(database: Database, release: Release, deletion: ItemDeletion): Promise<void> {
  const { workspaceId, id, actor, ifMatch } = deletion;
  await writeTransaction(database, workspaceId, async (trx) => {
    const row = await findTag(trx, workspaceId, id);
    if (!row) throw notFound('tag');
    requireMatch(ifMatch, tagRowToDto(row));
    await release(trx, workspaceId, { table: 'tags', id }, actor);
    await deleteRecorded(trx, 'tags', {
      workspaceId,
      category: 'inventory',
      actor,
      resourceType: 'tag',
      resourceId: id,
      resourceName: row.name,
    });
  });
}
