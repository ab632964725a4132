import type { Kysely } from 'kysely';
import { containsText, foldKey } from '../db/text-search.js';
import type { Database } from '../db/database.js';
import type { Tables, TagsTable } from '../db/schema.js';
import { isUuid } from '../ids.js';
import { paginate, sortOf, type Page } from '../pagination/offset.js';

const SORT_COLUMNS = { name: 'name', createdAt: 'created_at' };

export async function listTags(database: Database, workspaceId: string, filters: { q?: string; sort?: string }, page: Page) {
  let query = database.db.selectFrom('tags').selectAll().where('workspace_id', '=', workspaceId);
  if (filters.q) query = query.where(containsText('name', filters.q));
  return paginate(query, page, sortOf(filters.sort, SORT_COLUMNS, 'name'), 'id');
}

export async function findTag(db: Kysely<Tables>, workspaceId: string, id: string): Promise<TagsTable | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('tags').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

export async function findTagByName(db: Kysely<Tables>, workspaceId: string, name: string): Promise<TagsTable | undefined> {
  return db.selectFrom('tags').selectAll().where('workspace_id', '=', workspaceId).where('name_key', '=', foldKey(name)).executeTakeFirst();
}
