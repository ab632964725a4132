import { Type, type Static } from 'typebox';
import type { CategoriesTable } from '../db/schema.js';
import { ApiError } from '../errors/api-error.js';
import type { AppDeps, App } from '../http/types.js';
import { DateTime, Name, Uuid } from '../http/schemas.js';
import { listQuerySchema, offsetListSchema } from '../pagination/offset.js';
import { columnsFrom, refuseCycle, registerResourceRoutes, requireReference, type ResourceDefinition } from '../resources/crud.js';

export const Category = Type.Object(
  {
    id: Uuid('Category id.'),
    name: Type.String({ description: 'Category name.', examples: ['Finance'] }),
    description: Type.Union([Type.String(), Type.Null()], { description: 'What belongs here.', examples: ['Accounting, billing and treasury'] }),
    parentId: Type.Union([Uuid('Parent category.'), Type.Null()], { description: 'Parent category; null for a root.' }),
    createdAt: DateTime('Creation instant.'),
    updatedAt: DateTime('Last change.'),
  },
  { description: 'A node of the workspace\'s application category tree.' },
);
export type Category = Static<typeof Category>;

const fields = {
  description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], { description: 'What belongs here.' })),
  parentId: Type.Optional(Type.Union([Uuid('Parent category id.'), Type.Null()], { description: 'Parent category; null or absent for a root.' })),
};
const CreateCategory = Type.Object({ name: Name('Category name.', 'Finance'), ...fields }, { additionalProperties: false });
const UpdateCategory = Type.Object({ name: Type.Optional(Name('Category name.', 'Finance')), ...fields }, { additionalProperties: false });

const CategoryListQuery = listQuerySchema(
  {
    parentId: Type.Optional(Uuid('Only the direct children of this category.')),
    root: Type.Optional(Type.Boolean({ description: 'true: only root categories; false: only child categories.' })),
  },
  ['name', 'createdAt', 'updatedAt'],
  'Case-insensitive text in the name or description.',
);

export function categoryRowToDto(row: CategoriesTable): Category {
  return { id: row.id, name: row.name, description: row.description, parentId: row.parent_id, createdAt: row.created_at, updatedAt: row.updated_at };
}

export const categoryResource: ResourceDefinition<CategoriesTable, Category> = {
  table: 'categories',
  resourceType: 'category',
  auditCategory: 'inventory',
  scopeFamily: 'categories',
  path: '/categories',
  openApiTag: 'categories',
  names: ['category', 'categories'],
  description: 'The application category tree, flat: rebuild it with parentId.',
  schemas: { item: Category, create: CreateCategory, update: UpdateCategory, listQuery: CategoryListQuery, list: offsetListSchema(Category, 'Offset list of categories.') },
  toDto: categoryRowToDto,
  toColumns: (input) => columnsFrom(input, { name: 'name', description: 'description', parentId: 'parent_id' }),
  defaults: { description: null, parent_id: null },
  searchColumns: ['name', 'description'],
  sortColumns: { name: 'name', createdAt: 'created_at', updatedAt: 'updated_at' },
  defaultSort: 'name',
  filters: (query, eb) => [
    ...(query.parentId ? [eb('parent_id', '=', query.parentId)] : []),
    ...(query.root === undefined ? [] : [eb('parent_id', query.root ? 'is' : 'is not', null)]),
  ],
  trackingColumn: 'updated_at',
  untrackedFields: ['updatedAt', 'createdAt'],
  async check({ trx, workspaceId, next }) {
    await requireReference(trx, 'categories', workspaceId, next.parent_id, 'parentId');
    await refuseCycle(trx, 'categories', workspaceId, next.id, next.parent_id);
  },
  async beforeDelete(trx, workspaceId, row) {
    const child = await trx.selectFrom('categories').select('id').where('workspace_id', '=', workspaceId).where('parent_id', '=', row.id).executeTakeFirst();
    if (child) throw new ApiError('unprocessable_entity', 'the category still has child categories; move or delete them first');
    const application = await trx.selectFrom('applications').select('id').where('workspace_id', '=', workspaceId).where('category_id', '=', row.id).executeTakeFirst();
    if (application) throw new ApiError('unprocessable_entity', 'the category still has applications; recategorise them first');
  },
};

export function registerCategoryRoutes(app: App, { database }: AppDeps): void {
  registerResourceRoutes(app, database, categoryResource, undefined, {
    deleteDescription: 'A category that still has child categories or applications answers 422.',
    updateDescription: 'A parentId that would make the category its own ancestor answers 422.',
  });
}
