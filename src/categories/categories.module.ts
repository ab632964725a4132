import { Type, type Static } from 'typebox';
import { Name, Uuid } from '../http/schemas.js';
import { refuseCycle, requireReference } from '../resources/crud.js';
import { defineFamily, equalsFilter, itemSchema, writeSchemas } from '../resources/family.js';

export const Category = itemSchema(
  'Category',
  {
    name: Type.String({ description: 'Category name.', examples: ['Finance'] }),
    description: Type.Union([Type.String(), Type.Null()], { description: 'What belongs here.', examples: ['Accounting, billing and treasury'] }),
    parentId: Type.Union([Uuid('Parent category.'), Type.Null()], { description: 'Parent category; null for a root.' }),
  },
  'A node of the workspace\'s application category tree.', 'Last change.',
);
export type Category = Static<typeof Category>;

const fields = {
  description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()], { description: 'What belongs here.' })),
  parentId: Type.Optional(Type.Union([Uuid('Parent category id.'), Type.Null()], { description: 'Parent category; null or absent for a root.' })),
};

const nouns = { one: 'category', many: 'categories' };

export const categories = defineFamily({
  table: 'categories',
  noun: nouns.one,
  description: 'The application category tree, flat: rebuild it with parentId.',
  schemas: { item: Category, ...writeSchemas({ name: Name('Category name.', 'Finance') }, fields) },
  search: ['name', 'description'],
  sorts: ['name', 'createdAt', 'updatedAt'],
  filters: {
    parentId: equalsFilter('parent_id', Uuid('Only the direct children of this category.')),
    root: {
      schema: Type.Boolean({ description: 'true: only root categories; false: only child categories.' }),
      where: (eb, root) => eb('parent_id', root ? 'is' : 'is not', null),
    },
  },
  // Applications refer to categories too; they declare it (onDelete refuse) in their own family.
  references: [{ field: 'parentId', target: { table: 'categories', nouns }, onDelete: 'refuse' }],
  async check({ trx, workspaceId, next }) {
    await requireReference(trx, { table: 'categories', nouns }, workspaceId, next.parent_id, 'parentId');
    await refuseCycle(trx, 'categories', workspaceId, next.id, next.parent_id);
  },
  texts: {
    delete: 'A category that still has child categories or applications answers 422.',
    update: 'A parentId that would make the category its own ancestor answers 422.',
  },
});
