/**
 * A family defined only in the test folder, the way a newcomer adds one (docs/adding-a-family.md):
 * software licences, each covering applications. This file is its definition
 * (row type, storage facts, family) and its migration; the test registers it in one line.
 */
import { sql, type Kysely } from 'kysely';
import { Type } from 'typebox';
import { applications } from '../../src/families/applications/applications.module.js';
import type { Dialect } from '../../src/base/db/dialect.js';
import { storageObjects } from '../../src/base/db/storage-sql.js';
import { Clearable, IdList, Name, OrNull, Uuid } from '../../src/base/http/schemas.js';
import { equalsFilter, linkedFilter } from '../../src/base/lists/filters.js';
import { defineFamily, itemSchema, writeSchemas } from '../../src/base/resources/family.js';

/** The row type, added to the database's tables. */
declare module '../../src/base/db/schema.js' {
  interface Tables {
    licences: {
      workspace_id: string;
      id: string;
      name: string;
      vendor: string;
      kind: string | null;
      seats: number | null;
      custom_fields: string;
      created_at: string;
      updated_at: string;
    };
  }
}

export const KINDS = ['perpetual', 'subscription', 'trial'] as const;

const Licence = itemSchema(
  'Licence',
  {
    name: Type.String({ description: 'Licence name.' }),
    vendor: Type.String({ description: 'Who sells it.' }),
    kind: OrNull(Type.Enum(KINDS), 'perpetual, subscription or trial; null when not recorded.'),
    seats: OrNull(Type.Integer({ minimum: 0 }), 'Seats bought.'),
    applicationIds: Type.Array(Uuid('Application.'), { description: 'Applications it covers.' }),
  },
  'A software licence.',
);

export const licences = defineFamily({
  table: 'licences',
  noun: 'licence',
  description: 'Software licences and the applications they cover.',
  scopeFamily: 'licences',
  schemas: {
    item: Licence,
    ...writeSchemas(
      { name: Name('Name.', 'Office 365 E3'), vendor: Name('Vendor.', 'Microsoft') },
      {
        kind: Clearable(Type.Enum(KINDS), 'Kind; null (the default) when not recorded.'),
        seats: Clearable(Type.Integer({ minimum: 0, maximum: 1_000_000 }), 'Seats bought.'),
        applicationIds: IdList('Application', 500, 'the covered applications'),
      },
    ),
  },
  sorts: ['name', 'vendor', 'kind', 'seats', 'createdAt', 'updatedAt'],
  storage: { licences: { counted: true, searched: ['name', 'vendor'], valueCounts: { kind: '{row}.kind' } } },
  filters: {
    kind: equalsFilter('kind', Type.Enum(KINDS, { description: 'Only this kind.' })),
    applicationId: linkedFilter(
      'licence_applications',
      'licence_id',
      'application_id',
      Uuid('Only licences covering this application.'),
    ),
  },
  relations: [
    {
      field: 'applicationIds',
      table: 'licence_applications',
      ownColumn: 'licence_id',
      otherColumn: 'application_id',
      target: applications.definition,
    },
  ],
});

/** The family's migration: its tables, their indexes, then what its storage facts call for. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const uuid = dialect === 'postgres' ? 'uuid' : 'text';
  const time = dialect === 'postgres' ? 'timestamptz' : 'text';
  await db.schema
    .createTable('licences')
    .addColumn('workspace_id', uuid, (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('id', uuid, (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('seats', 'integer')
    .addColumn('custom_fields', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('licences_pk', ['workspace_id', 'id'])
    .execute();
  await db.schema
    .createTable('licence_applications')
    .addColumn('workspace_id', uuid, (c) => c.notNull())
    .addColumn('licence_id', uuid, (c) => c.notNull())
    .addColumn('application_id', uuid, (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('licence_applications_pk', ['workspace_id', 'licence_id', 'application_id'])
    .addForeignKeyConstraint(
      'licence_applications_licence_fk',
      ['workspace_id', 'licence_id'],
      'licences',
      ['workspace_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'licence_applications_application_fk',
      ['workspace_id', 'application_id'],
      'applications',
      ['workspace_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await sql`CREATE INDEX licences_name_sort_idx ON licences (workspace_id, name, id)`.execute(db);
  await sql`CREATE INDEX licence_applications_application_idx ON licence_applications (workspace_id, application_id,
    licence_id)`.execute(db);
  for (const object of storageObjects(dialect, 'licences', licences.definition.facts))
    await sql.raw(object.sql).execute(db);
}
