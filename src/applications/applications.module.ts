import { Type } from 'typebox';
import { recordAudit } from '../audit/audit.writer.js';
import { findCatalogEntry } from '../catalog/catalog.service.js';
import type { Database } from '../db/database.js';
import type { ApplicationCommentsTable, ApplicationsTable } from '../db/schema.js';
import { ApiError } from '../errors/api-error.js';
import type { AppDeps, App } from '../http/types.js';
import { principalOf, type Principal } from '../http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS } from '../http/errors.js';
import { IdParams } from '../http/schemas.js';
import { newId, nowIso } from '../ids.js';
import { columnsFrom, linkedTo, registerResourceRoutes, requireReference, requireRow, touch, type ResourceDefinition } from '../resources/crud.js';
import { registerLinkRoutes, workspaceChild } from '../resources/links.js';
import { Tag } from '../tags/tags.schemas.js';
import { tagRowToDto } from '../tags/tags.service.js';
import { Team, teamRowToDto } from '../teams/teams.module.js';
import { userLinkChild } from '../users/users.module.js';
import { writeTransaction } from '../db/write.js';
import {
  Application,
  ApplicationList,
  ApplicationListQuery,
  Comment,
  CreateApplication,
  CreateComment,
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

export function applicationRowToDto(row: ApplicationsTable): Application {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    vendor: row.vendor,
    version: row.version,
    url: row.url,
    lifecycleStatus: row.lifecycle_status as Application['lifecycleStatus'],
    criticality: row.criticality as Application['criticality'],
    hostingType: row.hosting_type as Application['hostingType'],
    categoryId: row.category_id,
    catalogEntryId: row.catalog_entry_id,
    businessValue: row.business_value,
    technicalFit: row.technical_fit,
    userCount: row.user_count,
    planDate: row.plan_date,
    phaseInDate: row.phase_in_date,
    activeDate: row.active_date,
    phaseOutDate: row.phase_out_date,
    endOfLifeDate: row.end_of_life_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Lifecycle phases follow each other: a later phase never starts before an earlier one. */
function refuseBackwardsLifecycle(row: ApplicationsTable): void {
  let previous: { column: (typeof LIFECYCLE_DATES)[number]; value: string } | undefined;
  for (const column of LIFECYCLE_DATES) {
    const value = row[column];
    if (!value) continue;
    if (previous && value < previous.value) {
      throw new ApiError('unprocessable_entity', `${LIFECYCLE_FIELDS[column]} (${value}) is before ${LIFECYCLE_FIELDS[previous.column]} (${previous.value})`);
    }
    previous = { column, value };
  }
}


export const applicationResource: ResourceDefinition<ApplicationsTable, Application> = {
  table: 'applications',
  resourceType: 'application',
  auditCategory: 'inventory',
  scopeFamily: 'applications',
  path: '/applications',
  openApiTag: 'applications',
  names: ['application', 'applications'],
  description: 'The application portfolio of the workspace.',
  schemas: { item: Application, create: CreateApplication, update: UpdateApplication, listQuery: ApplicationListQuery, list: ApplicationList },
  toDto: applicationRowToDto,
  toColumns: (input) =>
    columnsFrom(input, {
      name: 'name',
      description: 'description',
      vendor: 'vendor',
      version: 'version',
      url: 'url',
      lifecycleStatus: 'lifecycle_status',
      criticality: 'criticality',
      hostingType: 'hosting_type',
      categoryId: 'category_id',
      catalogEntryId: 'catalog_entry_id',
      businessValue: 'business_value',
      technicalFit: 'technical_fit',
      userCount: 'user_count',
      planDate: 'plan_date',
      phaseInDate: 'phase_in_date',
      activeDate: 'active_date',
      phaseOutDate: 'phase_out_date',
      endOfLifeDate: 'end_of_life_date',
    }),
  defaults: {
    description: null, vendor: null, version: null, url: null, lifecycle_status: 'active', criticality: 'medium', hosting_type: null,
    category_id: null, catalog_entry_id: null, business_value: null, technical_fit: null, user_count: null,
    plan_date: null, phase_in_date: null, active_date: null, phase_out_date: null, end_of_life_date: null,
  },
  searchColumns: ['name', 'vendor', 'description'],
  sortColumns: {
    name: 'name', createdAt: 'created_at', updatedAt: 'updated_at', criticality: 'criticality', lifecycleStatus: 'lifecycle_status',
    businessValue: 'business_value', technicalFit: 'technical_fit', userCount: 'user_count',
  },
  defaultSort: 'name',
  filters: (query, eb, workspaceId) => [
    ...(query.lifecycleStatus ? [eb('lifecycle_status', '=', query.lifecycleStatus)] : []),
    ...(query.criticality ? [eb('criticality', '=', query.criticality)] : []),
    ...(query.hostingType ? [eb('hosting_type', '=', query.hostingType)] : []),
    ...(query.categoryId ? [eb('category_id', '=', query.categoryId)] : []),
    ...(query.tagId ? [linkedTo(eb, workspaceId, 'application_tags', 'application_id', 'tag_id', query.tagId)] : []),
    ...(query.teamId ? [linkedTo(eb, workspaceId, 'application_teams', 'application_id', 'team_id', query.teamId)] : []),
    ...(query.ownerId ? [linkedTo(eb, workspaceId, 'application_owners', 'application_id', 'user_id', query.ownerId)] : []),
    ...(query.serverId ? [linkedTo(eb, workspaceId, 'application_servers', 'application_id', 'server_id', query.serverId)] : []),
  ],
  trackingColumn: 'updated_at',
  untrackedFields: ['updatedAt', 'createdAt'],
  async check({ trx, workspaceId, next }) {
    await requireReference(trx, 'categories', workspaceId, next.category_id, 'categoryId');
    if (next.catalog_entry_id && !findCatalogEntry(next.catalog_entry_id)) {
      throw new ApiError('unprocessable_entity', `catalogEntryId "${next.catalog_entry_id}" is not in the application catalog`);
    }
    refuseBackwardsLifecycle(next);
  },
  async beforeDelete(trx, workspaceId, row) {
    // Discovered software linked to it goes back to triage instead of blocking the delete.
    await trx
      .updateTable('discovered_applications')
      .set({ application_id: null, status: 'new', last_update: nowIso() })
      .where('workspace_id', '=', workspaceId)
      .where('application_id', '=', row.id)
      .execute();
  },
};

function commentRowToDto(row: ApplicationCommentsTable) {
  return {
    id: row.id,
    applicationId: row.application_id,
    body: row.body,
    author: { type: row.author_type, id: row.author_id, name: row.author_name },
    createdAt: row.created_at,
  };
}

async function addComment(database: Database, principal: Principal, applicationId: string, body: string) {
  return writeTransaction(database, principal.workspaceId, async (trx) => {
    const application = await requireRow<ApplicationsTable>(trx, 'applications', principal.workspaceId, applicationId, 'application');
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

/** The application side of its links (owners, tags, teams here; servers in the servers module). */
export const applicationLinkParent = {
  table: 'applications', path: '/applications', noun: 'application', resourceType: 'application' as const, auditCategory: 'inventory' as const,
  scopeFamily: 'applications', trackingColumn: 'updated_at', openApiTag: 'applications',
};

export function registerApplicationRoutes(app: App, { database }: AppDeps): void {
  registerResourceRoutes(app, database, applicationResource, undefined, {
    deleteDescription: 'Its owner, tag, team and server links, its flows and its comments go with it; discovered software linked to it returns to triage.',
    updateDescription: 'A categoryId outside the workspace, an unknown catalogEntryId or lifecycle dates that go backwards answer 422.',
  });

  const parent = applicationLinkParent;
  registerLinkRoutes(app, database, {
    parent,
    child: userLinkChild('application_owners', 'application_id', 'owners'),
    linkTable: 'application_owners', parentColumn: 'application_id', childColumn: 'user_id', names: ['ApplicationOwner', 'ApplicationOwners'],
  });
  registerLinkRoutes(app, database, {
    parent,
    child: workspaceChild({
      table: 'tags', readScope: 'tags:read', segment: 'tags', param: 'tagId', noun: 'tag', item: Tag, toDto: tagRowToDto,
      linkTable: 'application_tags', parentColumn: 'application_id', childColumn: 'tag_id',
    }),
    linkTable: 'application_tags', parentColumn: 'application_id', childColumn: 'tag_id', names: ['ApplicationTag', 'ApplicationTags'],
  });
  registerLinkRoutes(app, database, {
    parent,
    child: workspaceChild({
      table: 'teams', readScope: 'organisation:read', segment: 'teams', param: 'teamId', noun: 'team', item: Team, toDto: teamRowToDto,
      linkTable: 'application_teams', parentColumn: 'application_id', childColumn: 'team_id',
    }),
    linkTable: 'application_teams', parentColumn: 'application_id', childColumn: 'team_id', names: ['ApplicationTeam', 'ApplicationTeams'],
  });

  const a = app as any;
  a.get(
    '/applications/:id/comments',
    {
      config: { scope: 'applications:read' },
      schema: {
        tags: ['applications'], operationId: 'listApplicationComments', summary: 'List the comments on an application',
        description: 'Comments, oldest first, as a bare JSON array. Scope: applications:read.',
        params: IdParams, response: { 200: Type.Array(Comment), ...errorResponses(...PUBLIC_ERRORS, 404) },
      },
    },
    async (request: any) => {
      const workspaceId = principalOf(request).workspaceId;
      await requireRow(database.db, 'applications', workspaceId, request.params.id, 'application');
      const rows = await database.db.selectFrom('application_comments').selectAll().where('workspace_id', '=', workspaceId)
        .where('application_id', '=', request.params.id).orderBy('created_at').orderBy('id').execute();
      return rows.map(commentRowToDto);
    },
  );
  a.post(
    '/applications/:id/comments',
    {
      config: { scope: 'applications:comment' },
      schema: {
        tags: ['applications'], operationId: 'createApplicationComment', summary: 'Comment on an application',
        description: 'Adds a comment signed by the calling key; moves the application\'s updatedAt; audited as comment. Scope: applications:comment.',
        params: IdParams, body: CreateComment, response: { 201: Comment, ...errorResponses(...PUBLIC_ERRORS, 404, 413, 415) },
      },
    },
    async (request: any, reply: any) => reply.code(201).send(await addComment(database, principalOf(request), request.params.id, request.body.body)),
  );
}
