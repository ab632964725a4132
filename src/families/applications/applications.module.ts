import { Type } from 'typebox';
import { recordAudit } from '../../base/audit/audit.writer.js';
import { findCatalogEntry, HOSTING_TYPES } from './catalog.service.js';
import { categories } from '../categories/categories.module.js';
import type { Database } from '../../base/db/database.js';
import type { ApplicationCommentsTable, ApplicationsTable } from '../../base/db/schema.js';
import { writeTransaction } from '../../base/db/write.js';
import { ApiError } from '../../base/errors/api-error.js';
import { callerOf, type Caller } from '../../base/http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS } from '../../base/http/errors.js';
import { IdParams, Uuid } from '../../base/http/schemas.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { newId, nowIso } from '../../base/ids.js';
import { requireReference, requireRow, touch } from '../../base/resources/crud.js';
import { defineFamily } from '../../base/resources/family.js';
import { equalsFilter, linkedFilter } from '../../base/lists/filters.js';
import { linkableFamily } from '../../base/resources/links.js';
import { requireReached } from '../../base/resources/reach.js';
import { tagLinkable } from '../tags/tags.repository.js';
import { teams } from '../teams/teams.module.js';
import { userLinkable } from '../people/users.module.js';
import {
  Application,
  Comment,
  CreateApplication,
  CreateComment,
  CRITICALITIES,
  LIFECYCLE_STATUSES,
  UpdateApplication,
} from './applications.schemas.js';

const LIFECYCLE_DATES = ['plan_date', 'phase_in_date', 'active_date', 'phase_out_date', 'end_of_life_date'] as const;
const LIFECYCLE_FIELDS: Record<(typeof LIFECYCLE_DATES)[number], string> = {
  plan_date: 'planDate',
  phase_in_date: 'phaseInDate',
  active_date: 'activeDate',
  phase_out_date: 'phaseOutDate',
  end_of_life_date: 'endOfLifeDate',
};

/** Lifecycle phases follow each other: a later phase never starts before an earlier one. */
function refuseBackwardsLifecycle(row: ApplicationsTable): void {
  let previous: { column: (typeof LIFECYCLE_DATES)[number]; value: string } | undefined;
  for (const column of LIFECYCLE_DATES) {
    const value = row[column];
    if (!value) continue;
    if (previous && value < previous.value) {
      throw new ApiError(
        'unprocessable_entity',
        `${LIFECYCLE_FIELDS[column]} (${value}) is before ${LIFECYCLE_FIELDS[previous.column]} (${previous.value})`,
      );
    }
    previous = { column, value };
  }
}

export const applications = defineFamily({
  table: 'applications',
  noun: 'application',
  description: 'The application portfolio of the workspace.',
  // Comments on applications: the one part of the family beyond CRUD and links, with its own scope.
  scopeActions: ['comment'],
  schemas: { item: Application, create: CreateApplication, update: UpdateApplication },
  sorts: [
    'name',
    'createdAt',
    'updatedAt',
    'criticality',
    'lifecycleStatus',
    'businessValue',
    'technicalFit',
    'userCount',
  ],
  filters: {
    lifecycleStatus: equalsFilter(
      'lifecycle_status',
      Type.Enum(LIFECYCLE_STATUSES, { description: 'Only this lifecycle phase.' }),
    ),
    criticality: equalsFilter('criticality', Type.Enum(CRITICALITIES, { description: 'Only this criticality.' })),
    hostingType: equalsFilter('hosting_type', Type.Enum(HOSTING_TYPES, { description: 'Only this hosting type.' })),
    categoryId: equalsFilter('category_id', Uuid('Only this category.')),
    tagId: linkedFilter('application_tags', 'application_id', 'tag_id', Uuid('Only applications with this tag.')),
    teamId: linkedFilter('application_teams', 'application_id', 'team_id', Uuid('Only applications of this team.')),
    ownerId: linkedFilter('application_owners', 'application_id', 'user_id', Uuid('Only applications this user owns.')),
    serverId: linkedFilter(
      'application_servers',
      'application_id',
      'server_id',
      Uuid('Only applications running on this server.'),
    ),
  },
  references: [{ field: 'categoryId', target: categories.definition, onDelete: 'refuse' }],
  links: [
    {
      segment: 'owners',
      param: 'userId',
      child: userLinkable,
      table: 'application_owners',
      parentColumn: 'application_id',
      childColumn: 'user_id',
    },
    {
      segment: 'tags',
      param: 'tagId',
      child: tagLinkable,
      table: 'application_tags',
      parentColumn: 'application_id',
      childColumn: 'tag_id',
    },
    {
      segment: 'teams',
      param: 'teamId',
      child: linkableFamily(teams),
      table: 'application_teams',
      parentColumn: 'application_id',
      childColumn: 'team_id',
    },
  ],
  async check({ trx, workspaceId, next }) {
    await requireReference(trx, categories.definition, workspaceId, next.category_id, 'categoryId');
    if (next.catalog_entry_id && !findCatalogEntry(next.catalog_entry_id)) {
      throw new ApiError(
        'unprocessable_entity',
        `catalogEntryId "${next.catalog_entry_id}" is not in the application catalog`,
      );
    }
    refuseBackwardsLifecycle(next);
  },
  texts: {
    delete:
      'Its owner, tag, team and server links, its flows and its comments go with it; ' +
      'discovered software linked to it returns to triage; contracts and data objects no longer list it.',
    update:
      'A categoryId outside the workspace, an unknown catalogEntryId or lifecycle dates that go backwards answer 422.',
  },
});

function commentRowToDto(row: ApplicationCommentsTable) {
  return {
    id: row.id,
    applicationId: row.application_id,
    body: row.body,
    author: { type: row.author_type, id: row.author_id, name: row.author_name },
    createdAt: row.created_at,
  };
}

async function addComment(database: Database, principal: Caller, applicationId: string, body: string) {
  return writeTransaction(database, principal.workspaceId, async (trx) => {
    const application = await requireRow(trx, applications.definition, principal.workspaceId, applicationId);
    await requireReached(trx, principal, applications, applicationId);
    const row: ApplicationCommentsTable = {
      workspace_id: principal.workspaceId,
      id: newId(),
      application_id: applicationId,
      body: body.trim(),
      author_type: principal.actor.type,
      author_id: principal.actor.id,
      author_name: principal.actor.name,
      created_at: nowIso(),
    };
    await trx.insertInto('application_comments').values(row).execute();
    await touch(trx, 'applications', 'updated_at', principal.workspaceId, applicationId);
    await recordAudit(trx, {
      workspaceId: principal.workspaceId,
      category: 'inventory',
      action: 'comment',
      actor: principal.actor,
      resourceType: 'application',
      resourceId: applicationId,
      resourceName: application.name,
      changes: { comment: { before: null, after: row.body } },
    });
    return commentRowToDto(row);
  });
}

export function registerApplicationCommentRoutes(app: App, { database }: AppDeps): void {
  app.get(
    '/applications/:id/comments',
    {
      config: { scope: 'applications:read', reach: 'applied' },
      schema: {
        operationId: 'listApplicationComments',
        tags: ['applications'],
        summary: 'List the comments on an application',
        description: 'Comments, oldest first, as a bare JSON array. Scope: applications:read.',
        params: IdParams,
        response: { 200: Type.Array(Comment), ...errorResponses(...PUBLIC_ERRORS, 404) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { workspaceId } = caller;
      await requireRow(database.db, applications.definition, workspaceId, request.params.id);
      await requireReached(database.db, caller, applications, request.params.id);
      const rows = await database.db
        .selectFrom('application_comments')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('application_id', '=', request.params.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(commentRowToDto);
    },
  );
  app.post(
    '/applications/:id/comments',
    {
      config: { scope: 'applications:comment', reach: 'applied' },
      schema: {
        operationId: 'createApplicationComment',
        tags: ['applications'],
        summary: 'Comment on an application',
        description:
          "Adds a comment signed by the calling key; moves the application's updatedAt; audited as comment. " +
          'Scope: applications:comment.',
        params: IdParams,
        body: CreateComment,
        response: { 201: Comment, ...errorResponses(...PUBLIC_ERRORS, 404, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addComment(database, callerOf(request), request.params.id, request.body.body)),
  );
}
