import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { Tables, TagsTable } from '../db/schema.js';
import { containsText, foldKey } from '../db/text-search.js';
import { isUuid } from '../ids.js';
import { listPage, type OffsetList } from '../pagination/offset.js';
import type { Linkable } from '../resources/family.js';
import { listThroughLink } from '../resources/links.js';
import { Tag, type TagListQuery } from './tags.schemas.js';

export function tagRowToDto(row: TagsTable): Tag {
  return { id: row.id, name: row.name, colour: row.colour, description: row.description, createdAt: row.created_at };
}

export async function listTags(database: Database, workspaceId: string, query: TagListQuery): Promise<OffsetList<Tag>> {
  let rows = database.db.selectFrom('tags').selectAll().where('workspace_id', '=', workspaceId);
  if (query.q) rows = rows.where(containsText('name', query.q));
  return listPage(rows, query, {
    sorts: { name: 'name', createdAt: 'created_at' },
    defaultSort: 'name',
    idColumn: 'id',
    counted: { db: database.db, workspaceId, table: 'tags' },
    toDtos: (found) => found.map(tagRowToDto),
  });
}

export async function findTag(db: Kysely<Tables>, workspaceId: string, id: string): Promise<TagsTable | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('tags').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

export async function findTagByName(db: Kysely<Tables>, workspaceId: string, name: string): Promise<TagsTable | undefined> {
  return db.selectFrom('tags').selectAll().where('workspace_id', '=', workspaceId).where('name_key', '=', foldKey(name)).executeTakeFirst();
}

/** Tags as the child of a link (`/applications/{id}/tags`). */
export const tagLinkable: Linkable<TagsTable, Tag> = {
  table: 'tags',
  nouns: { one: 'tag', many: 'tags' },
  readScope: 'tags:read',
  item: Tag,
  toDto: tagRowToDto,
  find: findTag,
  listLinked: (db, workspaceId, link, parentId) => listThroughLink<TagsTable>(db, 'tags', 'name', workspaceId, link, parentId),
};
