import { Type, type Static } from 'typebox';
import type { Kysely } from 'kysely';
import type { Tables } from '../../base/db/schema.js';
import { ApiError } from '../../base/errors/api-error.js';
import { FAMILIES } from '../../families/registry.js';
import type { App, AppDeps } from '../../base/http/types.js';
import type { FamilyTable } from '../../base/resources/family.js';
import { seedWorkspace } from './seed.js';
import { memberCallerOf } from '../../base/http/console.js';

/** About this many servers, and everything around them: a first look at a filled console in a second or two. */
export const SAMPLE_SIZE = 200;

/** Nothing to choose: the workspace is the session's, and a body naming another is refused (400). */
const LoadSampleData = Type.Object({}, { additionalProperties: false });

export const SampleDataLoaded = Type.Object(
  {
    created: Type.Record(Type.String(), Type.Integer(), {
      description: 'How many of each kind the sample holds (servers, applications, audit events…).',
    }),
  },
  { additionalProperties: false },
);

export type SampleDataLoaded = Static<typeof SampleDataLoaded>;

/** The tables whose rows make a workspace's inventory: every family's, tags, agents and discovered software. */
const INVENTORY_TABLES: readonly FamilyTable[] = [
  ...FAMILIES.map((family) => family.definition.table),
  'tags',
  'agents',
  'discovered_applications',
];

async function holdsInventory(db: Kysely<Tables>, workspaceId: string): Promise<boolean> {
  for (const table of INVENTORY_TABLES) {
    const row = await db
      .selectFrom(table)
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/**
 * The seed's check: 409 when the workspace holds an inventory. It runs inside the seed's
 * transaction, under the workspace's write lock, so two instances asked at once fill it once.
 */
export const onlyIfEmpty = (workspaceId: string) => async (trx: Kysely<Tables>) => {
  if (await holdsInventory(trx, workspaceId))
    throw new ApiError(
      'conflict',
      'This workspace already holds an inventory: sample data is only loaded into an empty workspace.',
    );
};

/** Workspaces being filled by this process: a second click while the first runs is answered at once. */
const loading = new Set<string>();

/**
 * **Load sample data** (the demo workspace's first visit): the seed generator of `estate seed`
 * (src/features/seed/) run with a small size in the member's selected workspace, for its admins, while
 * the workspace holds no inventory. The workspace is the session's: no other can be named, so an
 * admin of one workspace cannot fill another. The sample's rows are audited as `estate seed`
 * made them, as with the command.
 */
export function registerSampleDataRoutes(app: App, { database }: AppDeps): void {
  app.post(
    '/sample-data',
    { config: { adminOnly: true }, schema: { body: LoadSampleData, response: { 201: SampleDataLoaded } } },
    async (request, reply) => {
      const { workspaceId } = memberCallerOf(request);
      if (loading.has(workspaceId)) throw new ApiError('conflict', 'Sample data is being loaded already.');
      loading.add(workspaceId);
      try {
        const counts = await seedWorkspace(database, {
          workspaceId,
          size: SAMPLE_SIZE,
          check: onlyIfEmpty(workspaceId),
        });
        return reply.code(201).send({ created: { ...counts } });
      } finally {
        loading.delete(workspaceId);
      }
    },
  );
}
