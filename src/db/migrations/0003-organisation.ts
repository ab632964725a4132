import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Tags, categories (a tree) and teams (a tree, with members). References inside a workspace are
 * composite foreign keys (workspace_id, id), so a row can never point into another workspace.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const uuid = dialect === 'postgres' ? 'uuid' : 'text';
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';

  await db.schema
    .createTable('tags')
    .addColumn('workspace_id', uuid, (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('id', uuid, (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('tags_pk', ['workspace_id', 'id'])
    .execute();
  await sql`CREATE UNIQUE INDEX tags_name_uq ON tags (workspace_id, lower(name))`.execute(db);

  await db.schema
    .createTable('categories')
    .addColumn('workspace_id', uuid, (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('id', uuid, (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('parent_id', uuid)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('categories_pk', ['workspace_id', 'id'])
    .addForeignKeyConstraint('categories_parent_fk', ['workspace_id', 'parent_id'], 'categories', [
      'workspace_id',
      'id',
    ])
    .execute();
  await db.schema
    .createIndex('categories_parent_idx')
    .on('categories')
    .columns(['workspace_id', 'parent_id'])
    .execute();

  await db.schema
    .createTable('teams')
    .addColumn('workspace_id', uuid, (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('id', uuid, (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('email', 'text')
    .addColumn('parent_id', uuid)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('teams_pk', ['workspace_id', 'id'])
    .addForeignKeyConstraint('teams_parent_fk', ['workspace_id', 'parent_id'], 'teams', ['workspace_id', 'id'])
    .execute();
  await db.schema.createIndex('teams_parent_idx').on('teams').columns(['workspace_id', 'parent_id']).execute();

  await db.schema
    .createTable('team_members')
    .addColumn('workspace_id', uuid, (c) => c.notNull())
    .addColumn('team_id', uuid, (c) => c.notNull())
    .addColumn('user_id', uuid, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['workspace_id', 'team_id', 'user_id'])
    .addForeignKeyConstraint(
      'team_members_team_fk',
      ['workspace_id', 'team_id'],
      'teams',
      ['workspace_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('team_members_user_idx')
    .on('team_members')
    .columns(['workspace_id', 'user_id'])
    .execute();
}
