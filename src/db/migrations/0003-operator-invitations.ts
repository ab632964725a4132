import type { Kysely } from 'kysely';

/**
 * An invitation link is a credential in the hands of whoever made it, so a workspace's link stops
 * working once its person belongs to another workspace too (docs/notes/invitations.md). An
 * operator, who holds the database anyway, may still invite such a person (`estate member
 * invite`): `issued_by` tells the two apart ('workspace' or 'operator').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('invitations')
    .addColumn('issued_by', 'text', (c) => c.notNull().defaultTo('workspace'))
    .execute();
}
