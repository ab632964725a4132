import { Type, type Static } from 'typebox';
import { Clearable, Name, OrNull, Text, Uuid } from '../../base/http/schemas.js';
import { treeRule } from '../../base/resources/crud.js';
import { defineFamily, itemSchema, writeSchemas } from '../../base/resources/family.js';
import { equalsFilter } from '../../base/lists/filters.js';

export const Category = itemSchema(
  'Category',
  {
    name: Type.String({ description: 'Category name.', examples: ['Finance'] }),
    description: OrNull(Type.String({ examples: ['Accounting, billing and treasury'] }), 'What belongs here.'),
    parentId: OrNull(Uuid('Parent category.'), 'Parent category; null for a root.'),
  },
  "A node of the workspace's application category tree.",
  'Last change.',
);
export type Category = Static<typeof Category>;

const fields = {
  description: Clearable(Text(), 'What belongs here.'),
  parentId: Clearable(Uuid('Parent category id.'), 'Parent category; null or absent for a root.'),
};

const tree = { table: 'categories', nouns: { one: 'category', many: 'categories' } } as const;

export const categories = defineFamily({
  table: 'categories',
  noun: tree.nouns.one,
  description: 'The application category tree, flat: rebuild it with parentId.',
  schemas: { item: Category, ...writeSchemas({ name: Name('Category name.', 'Finance') }, fields) },
  sorts: ['name', 'createdAt', 'updatedAt'],
  filters: {
    parentId: equalsFilter('parent_id', Uuid('Only the direct children of this category.')),
    root: {
      schema: Type.Boolean({ description: 'true: only root categories; false: only child categories.' }),
      where: (eb, root) => eb('parent_id', root ? 'is' : 'is not', null),
      key: String,
    },
  },
  // Applications refer to categories too; they declare it (onDelete refuse) in their own family.
  references: [{ field: 'parentId', target: tree, onDelete: 'refuse' }],
  check: treeRule(tree),
  texts: {
    delete: 'A category that still has child categories or applications answers 422.',
    update: 'A parentId that would make the category its own ancestor answers 422.',
  },
});
