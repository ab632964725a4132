import type { Kysely } from 'kysely';
import type { Tables, TagsTable } from '../../base/db/schema.js';
import { foldKey } from '../../base/db/text-search.js';
import { isUuid } from '../../base/ids.js';
import { listThroughLink } from '../../base/resources/links.js';
import { Tag } from './tags.schemas.js';
import { defineListing, linkableListing } from '../../base/resources/listing.js';

export function tagRowToDto(row: TagsTable): Tag {
  return { id: row.id, name: row.name, colour: row.colour, description: row.description, createdAt: row.created_at };
}

/** The workspace's tags. */
function tagsOf(db: Kysely<Tables>, workspaceId: string) {
  return db.selectFrom('tags').selectAll().where('workspace_id', '=', workspaceId);
}

export async function findTag(db: Kysely<Tables>, workspaceId: string, id: string): Promise<TagsTable | undefined> {
  return isUuid(id) ? tagsOf(db, workspaceId).where('id', '=', id).executeTakeFirst() : undefined;
}

/** The tag whose name is `name` in any letter case. */
export async function findTagByName(
  db: Kysely<Tables>,
  workspaceId: string,
  name: string,
): Promise<TagsTable | undefined> {
  return tagsOf(db, workspaceId).where('name_key', '=', foldKey(name)).executeTakeFirst();
}

/** The tag list: by name, searched in the name. */
export const tagListing = defineListing({
  noun: 'tag',
  item: Tag,
  description: "The workspace's tags, by name unless sorted otherwise.",
  rows: tagsOf,
  textIndex: { table: 'tags' },
  sorts: { name: 'name', createdAt: 'created_at' },
  counted: 'tags',
  toDto: tagRowToDto,
  find: findTag,
});

/** Tags as the child of a link (`/applications/{id}/tags`). */
export const tagLinkable = linkableListing(tagListing, 'tags', (db, workspaceId, link, parentId) =>
  listThroughLink<TagsTable>(db, 'tags', 'name', workspaceId, link, parentId),
);
