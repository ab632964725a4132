import { Type, type Static } from 'typebox';
import { foldKey } from '../../base/db/text-search.js';
import type { Database } from '../../base/db/database.js';
import type { JoinBuilder, Kysely } from 'kysely';
import type { DiscoveredApplicationsTable, SoftwareInstallsTable, Tables } from '../../base/db/schema.js';
import type { AppDeps, App } from '../../base/http/types.js';
import { callerOf } from '../../base/http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS, refuseBody } from '../../base/http/errors.js';
import { ifMatchOf, requireMatch, withEtag } from '../../base/http/etag.js';
import { DateTime, IdParams, OrNull, Uuid } from '../../base/http/schemas.js';
import { equalsFilter } from '../../base/lists/filters.js';
import { defineListing, registerListing } from '../../base/resources/listing.js';
import { isUuid } from '../../base/ids.js';
import { ApiError, notFound } from '../../base/errors/api-error.js';
import { applications } from '../../families/applications/applications.module.js';
import { Application } from '../../families/applications/applications.schemas.js';
import { diffFields, recordAudit } from '../../base/audit/audit.writer.js';
import { findCatalogEntry } from '../../families/applications/catalog.service.js';
import type { Caller } from '../../base/http/authenticate.js';
import { nowIso } from '../../base/ids.js';
import { requireReference } from '../../base/resources/crud.js';
import type { Registry } from '../../base/resources/registry.js';
import { writeTransaction } from '../../base/db/write.js';
import { itemReader } from '../../base/resources/item-reader.js';

async function requireDiscovered(db: Kysely<Tables>, workspaceId: string, id: string): Promise<DiscoveredRow> {
  const row = await findDiscovered(db, workspaceId, id);
  if (!row) throw notFound('discovered application');
  return row;
}

export const DISCOVERY_STATUSES = ['new', 'linked', 'ignored'] as const;

const DiscoveredApplication = Type.Object(
  {
    id: Uuid('Discovered application id.'),
    name: Type.String({ description: 'Package or product name as reported.', examples: ['postgresql-15'] }),
    vendor: Type.String({ description: 'Vendor as reported.', examples: ['PostgreSQL Global Development Group'] }),
    version: OrNull(Type.String({ examples: ['15.4'] }), 'Installed version.'),
    serverId: OrNull(Uuid('Host server.'), 'The server it is installed on.'),
    workstationId: OrNull(Uuid('Host workstation.'), 'The workstation it is installed on.'),
    agentId: OrNull(Uuid('Reporting agent.'), 'The agent that reported it.'),
    status: Type.Enum(DISCOVERY_STATUSES, {
      description: 'new (awaiting triage), linked (to an inventory application) or ignored.',
    }),
    applicationId: OrNull(Uuid('Linked application.'), 'The inventory application it was linked to.'),
    catalogEntryId: OrNull(Type.String({ examples: ['postgresql'] }), 'Matching catalog entry, by name and vendor.'),
    installCount: Type.Integer({
      minimum: 0,
      description: 'Hosts in the workspace reporting the same name and vendor.',
    }),
    firstSeenAt: DateTime('First report.'),
    lastSeenAt: DateTime('Last report that listed it.'),
    missingSince: OrNull(DateTime('No longer reported since.'), 'Set when a report stops listing it.'),
    lastUpdate: DateTime('Change-tracking field: moves on every change, including reports.'),
  },
  { description: 'Software an agent found installed on a host.' },
);
type DiscoveredApplication = Static<typeof DiscoveredApplication>;

type DiscoveredRow = DiscoveredApplicationsTable & { install_count: number | null };
type ProductTables = Tables & { d: DiscoveredApplicationsTable; si: SoftwareInstallsTable };

/**
 * Discovered rows with their (name, vendor) install count from the running totals. Sorted by
 * `installCount`, the read starts from the totals, in count order (software_installs_count_idx),
 * and takes each product's rows from its index, instead of sorting every row of the workspace:
 * an inner join, which every discovered row's total allows (a trigger writes it with the row),
 * totals first. Any other order starts from the rows (SQLite keeps a LEFT JOIN's order).
 */
function discoveredQuery(db: Kysely<Tables>, workspaceId: string, sort?: string) {
  // Read as the LEFT JOIN's type: the inner join's rows are a subset of the same shape.
  const rows = sort === 'installCount' ? (fromTotals(db) as unknown as ReturnType<typeof fromRows>) : fromRows(db);
  return rows.selectAll('d').select('si.install_count').where('d.workspace_id', '=', workspaceId);
}

const fromRows = (db: Kysely<Tables>) =>
  db.selectFrom('discovered_applications as d').leftJoin('software_installs as si', sameProduct);

const fromTotals = (db: Kysely<Tables>) =>
  db.selectFrom('software_installs as si').innerJoin('discovered_applications as d', sameProduct);

/** Joins a discovered row `d` to the running total `si` of its (name, vendor). */
function sameProduct(join: JoinBuilder<ProductTables, 'd' | 'si'>) {
  return join
    .onRef('si.workspace_id', '=', 'd.workspace_id')
    .onRef('si.name_key', '=', 'd.name_key')
    .onRef('si.vendor_key', '=', 'd.vendor_key');
}

export async function findDiscovered(
  db: Kysely<Tables>,
  workspaceId: string,
  id: string,
): Promise<DiscoveredRow | undefined> {
  if (!isUuid(id)) return undefined;
  return discoveredQuery(db, workspaceId).where('d.id', '=', id).executeTakeFirst();
}

const rowToDto = itemReader<DiscoveredRow, typeof DiscoveredApplication>(DiscoveredApplication, {
  status: (row) => row.status as DiscoveredApplication['status'],
  installCount: (row) => Number(row.install_count ?? 0),
});

export const discoveredListing = defineListing({
  noun: 'discovered application',
  scope: 'applications:read',
  item: DiscoveredApplication,
  description: 'Software reported by agents, per host, awaiting triage or already linked or ignored.',
  rows: discoveredQuery,
  textIndex: { table: 'discovered_applications', alias: 'd' },
  // installCount: products with the same count in (folded) name and vendor order, each product's rows by id.
  sorts: {
    name: 'd.name',
    vendor: 'd.vendor',
    installCount: { columns: ['si.install_count', 'si.name_key', 'si.vendor_key'] },
    firstSeenAt: 'd.first_seen_at',
    lastUpdate: 'd.last_update',
  },
  idColumn: 'd.id',
  filters: {
    status: equalsFilter('d.status', Type.Enum(DISCOVERY_STATUSES, { description: 'Only this triage status.' })),
    serverId: equalsFilter('d.server_id', Uuid('Only software on this server.')),
    workstationId: equalsFilter('d.workstation_id', Uuid('Only software on this workstation.')),
    agentId: equalsFilter('d.agent_id', Uuid('Only software reported by this agent.')),
    missing: {
      schema: Type.Boolean({ description: 'true: only software no longer reported.' }),
      where: (eb, missing) => eb('d.missing_since', missing ? 'is not' : 'is', null),
      key: String,
    },
    vendor: {
      schema: Type.String({ maxLength: 200, description: 'Only this vendor (exact, case-insensitive).' }),
      where: (eb, vendor) => eb('d.vendor_key', '=', foldKey(String(vendor))),
      key: (vendor) => foldKey(String(vendor)),
    },
  },
  counted: 'discovered_applications',
  /**
   * PostgreSQL, sorted by `installCount`: it does not carry a nested loop's inner order into the
   * join's, so it would sort all of a product's rows (one per host reporting it) to page them.
   * Each product's rows are read here by id only up to the page's end, the list's conditions
   * inside that read (a LATERAL subquery), so a page sorts at most `reach` rows of each product it
   * reaches. SQLite continues each product's index order (software_installs_count_idx is unique)
   * and has no LATERAL.
   */
  pagedRows(db, workspaceId, sort, direction, matching, reach) {
    if (sort !== 'installCount') return undefined;
    const rows = db.selectFrom('software_installs as si').innerJoinLateral(
      (eb) =>
        matching(
          eb
            .selectFrom('discovered_applications as d')
            .selectAll('d')
            .where('d.workspace_id', '=', workspaceId)
            .whereRef('d.name_key', '=', 'si.name_key')
            .whereRef('d.vendor_key', '=', 'si.vendor_key'),
        )
          .orderBy('d.id', direction)
          .limit(reach)
          .as('d'),
      (join) => join.onTrue(),
    );
    return rows
      .selectAll('d')
      .select('si.install_count')
      .where('si.workspace_id', '=', workspaceId) as unknown as ReturnType<typeof discoveredQuery>;
  },
  toDto: rowToDto,
  find: findDiscovered,
});

export function registerDiscoveredApplicationRoutes(app: App, deps: AppDeps): void {
  registerListing(app, deps, discoveredListing);
}

const UpdateDiscovered = Type.Object(
  {
    status: Type.Optional(
      Type.Enum(['new', 'ignored'], {
        description: 'ignored hides it from triage; new puts it back. Linking sets linked.',
      }),
    ),
    applicationId: Type.Optional(
      OrNull(
        Uuid('Application id.'),
        'Links it to an inventory application (status becomes linked); null unlinks (status becomes new).',
      ),
    ),
  },
  { additionalProperties: false, description: 'Triage: link to an application or ignore.' },
);

/** Applies a triage decision; audited as an update of the discovered application. */
async function triage(
  database: Database,
  principal: Caller,
  id: string,
  input: Static<typeof UpdateDiscovered>,
  ifMatch?: string,
): Promise<DiscoveredApplication> {
  return writeTransaction(database, principal.workspaceId, (trx) => triageIn(trx, principal, id, input, ifMatch));
}

async function triageIn(
  trx: Kysely<Tables>,
  principal: Caller,
  id: string,
  input: Static<typeof UpdateDiscovered>,
  ifMatch?: string,
): Promise<DiscoveredApplication> {
  if (input.status === 'ignored' && input.applicationId)
    throw new ApiError('unprocessable_entity', 'a linked discovered application cannot be ignored; unlink it first');
  const before = await requireDiscovered(trx, principal.workspaceId, id);
  requireMatch(ifMatch, rowToDto(before));
  await requireReference(trx, applications.definition, principal.workspaceId, input.applicationId, 'applicationId');
  let next = { status: before.status, application_id: before.application_id };
  if (input.applicationId !== undefined)
    next = input.applicationId
      ? { status: 'linked', application_id: input.applicationId }
      : { status: 'new', application_id: null };
  if (input.status)
    next = { status: input.status, application_id: input.status === 'ignored' ? null : next.application_id };
  if (next.status === 'new' && next.application_id) next.status = 'linked';
  const changes = diffFields(
    { status: before.status, applicationId: before.application_id },
    { status: next.status, applicationId: next.application_id },
  );
  if (Object.keys(changes).length === 0) return rowToDto(before);
  const lastUpdate = nowIso();
  await trx
    .updateTable('discovered_applications')
    .set({ ...next, last_update: lastUpdate })
    .where('workspace_id', '=', principal.workspaceId)
    .where('id', '=', id)
    .execute();
  await recordAudit(trx, {
    workspaceId: principal.workspaceId,
    category: 'inventory',
    action: 'update',
    actor: principal.actor,
    resourceType: 'discovered_application',
    resourceId: id,
    resourceName: before.name,
    changes,
  });
  return rowToDto({ ...before, ...next, last_update: lastUpdate });
}

/**
 * The application a discovered row becomes: named after its catalog entry when it matches one,
 * else after the reported name and vendor (also used for a whole product, discovered-products.ts).
 */
export function applicationFromDiscovered(
  discovered: Pick<DiscoveredApplicationsTable, 'name' | 'vendor' | 'version' | 'catalog_entry_id'>,
) {
  const entry = discovered.catalog_entry_id ? findCatalogEntry(discovered.catalog_entry_id) : undefined;
  return {
    name: entry?.name ?? discovered.name,
    vendor: entry?.vendor ?? (discovered.vendor || null),
    version: discovered.version,
    hostingType: entry?.hostingType ?? ('on_premise' as const),
    catalogEntryId: entry?.id ?? null,
    description: entry?.description ?? null,
  };
}

/** Creates an inventory application from a discovered one (name, vendor, version, catalog entry) and links them. */
async function createApplicationFrom(database: Database, registry: Registry, principal: Caller, id: string) {
  return writeTransaction(database, principal.workspaceId, async (trx) => {
    const discovered = await requireDiscovered(trx, principal.workspaceId, id);
    if (discovered.application_id) {
      throw new ApiError(
        'unprocessable_entity',
        'the discovered application is already linked to an application; unlink it first (PATCH applicationId null)',
      );
    }
    const application = await registry
      .serviceOf(applications)
      .createIn(trx, principal.workspaceId, applicationFromDiscovered(discovered), principal.actor);
    await triageIn(trx, principal, id, { applicationId: application.id });
    return application;
  });
}

export function registerDiscoveredTriageRoutes(app: App, { database, registry }: AppDeps): void {
  app.patch(
    '/discovered-applications/:id',
    {
      config: { scope: 'applications:edit' },
      schema: {
        operationId: 'updateDiscoveredApplication',
        tags: ['discovered applications'],
        summary: 'Triage a discovered application',
        description:
          'Link it to an inventory application (applicationId; status becomes linked), ' +
          'unlink it (applicationId null; status new) or ignore it (status ignored). ' +
          'An applicationId outside the workspace, or ignoring while linking, answers 422. ' +
          'Moves lastUpdate; audited. With If-Match, answers 412 if it changed since that ETag. ' +
          'Scope: applications:edit.',
        params: IdParams,
        body: UpdateDiscovered,
        response: { 200: DiscoveredApplication, ...errorResponses(...PUBLIC_ERRORS, 404, 412, 413, 415, 422) },
      },
    },
    async (request, reply) =>
      withEtag(reply, await triage(database, callerOf(request), request.params.id, request.body, ifMatchOf(request))),
  );
  app.post(
    '/discovered-applications/:id/application',
    {
      config: { scope: 'applications:add' },
      preValidation: refuseBody,
      schema: {
        operationId: 'createApplicationFromDiscovered',
        tags: ['discovered applications'],
        summary: 'Create an application from a discovered one',
        description:
          'Creates an inventory application named after the matching catalog entry ' +
          '(or the discovered name and vendor) and links the discovered application to it; ' +
          '201 with the application. Takes no body (any field is a 400); ' +
          'an already linked discovered application answers 422. ' +
          "Audited as the application's create and the discovered application's update. " +
          'Scope: applications:add.',
        params: IdParams,
        response: { 201: Application, ...errorResponses(...PUBLIC_ERRORS, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createApplicationFrom(database, registry, callerOf(request), request.params.id)),
  );
}
