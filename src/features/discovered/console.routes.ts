import { Type, type Static } from 'typebox';
import { Application } from '../../families/applications/applications.schemas.js';
import { DISCOVERY_STATUSES } from './discovered-applications.module.js';
import {
  createApplicationForProduct,
  listProductHosts,
  listProducts,
  PRODUCT_SORTS,
  triageProduct,
} from './discovered-products.js';
import { ApiError } from '../../base/errors/api-error.js';
import { DateTime, OrNull, Uuid } from '../../base/http/schemas.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { memberCallerOf, scopedRoute } from '../../base/http/console.js';

/**
 * The console's discovered software by product: GET /ui/api/discovered/products lists
 * one row per (name, vendor) with its counts in one request; …/products/hosts pages one product's
 * installs; …/products/triage and …/products/application decide for every install of a product at
 * once. The workspace is the session's; the scopes are those of the public discovered-application
 * routes (applications:read, :edit, :add). Single installs keep the public PATCH under /ui/api/v1.
 */

const Status = Type.Enum(DISCOVERY_STATUSES, { description: 'new, linked or ignored.' });
const Key = (description: string) => Type.String({ maxLength: 200, description });

/** A product, named by its folded name and vendor (as the list answers them). */
const ProductKey = {
  nameKey: Key('The folded name, as the product list gives it.'),
  vendorKey: Key('The folded vendor, as the product list gives it (may be empty).'),
};

export const ProductListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name or vendor.' })),
    status: Type.Optional(Status),
    vendor: Type.Optional(Key('Only this vendor (exact, case-insensitive).')),
    sort: Type.Optional(Type.Enum(PRODUCT_SORTS, { default: '-installs' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  },
  { additionalProperties: false },
);

const Counts = Type.Object({ new: Type.Integer(), linked: Type.Integer(), ignored: Type.Integer() });

export const ProductList = Type.Object({
  data: Type.Array(
    Type.Object({
      nameKey: Type.String(),
      vendorKey: Type.String(),
      name: Type.String(),
      vendor: Type.String(),
      installs: Type.Integer({ description: 'Hosts reporting it, missing ones included.' }),
      missing: Type.Integer({ description: 'Hosts whose last report no longer lists it.' }),
      statusCounts: Counts,
      catalogEntryId: OrNull(Type.String(), 'Matching catalog entry.'),
      applicationId: OrNull(Uuid('Application'), 'The one application its linked installs share.'),
      applicationName: OrNull(Type.String(), "That application's name."),
      severalApplications: Type.Boolean({ description: 'Its installs are linked to more than one application.' }),
      lastSeenAt: DateTime('Last report listing it.'),
    }),
  ),
  pagination: Type.Object({ limit: Type.Integer(), offset: Type.Integer(), total: Type.Integer() }),
});
export type ProductList = Static<typeof ProductList>;

export const ProductHostsQuery = Type.Object(
  {
    ...ProductKey,
    status: Type.Optional(Status),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  },
  { additionalProperties: false },
);

export const ProductHostList = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Uuid('The discovered application (one install).'),
      name: Type.String(),
      vendor: Type.String(),
      version: OrNull(Type.String(), 'Installed version.'),
      status: Status,
      applicationId: OrNull(Uuid('Application'), 'Linked application.'),
      applicationName: OrNull(Type.String(), 'Its name.'),
      serverId: OrNull(Uuid('Server'), 'Host server.'),
      workstationId: OrNull(Uuid('Workstation'), 'Host workstation.'),
      hostName: OrNull(Type.String(), "The host's name (empty without infrastructure:read)."),
      hostname: OrNull(Type.String(), "The server's hostname."),
      lastSeenAt: DateTime('Last report listing it.'),
      missingSince: OrNull(DateTime('No longer reported since.'), 'Set when a report stops listing it.'),
      lastUpdate: DateTime('Change-tracking field.'),
    }),
  ),
  pagination: Type.Object({ limit: Type.Integer(), offset: Type.Integer(), total: Type.Integer() }),
});
export type ProductHostList = Static<typeof ProductHostList>;

export const TriageProduct = Type.Object(
  {
    ...ProductKey,
    action: Type.Enum(['link', 'ignore', 'new'], {
      description: 'link (to applicationId), ignore, or new (back to triage, unlinked).',
    }),
    applicationId: Type.Optional(Uuid('The application to link to (action link).')),
    onlyStatus: Type.Optional(Type.Enum(DISCOVERY_STATUSES, { description: 'Only the installs in this status.' })),
  },
  { additionalProperties: false },
);

export const ProductTriaged = Type.Object({
  matched: Type.Integer({ description: 'Installs the decision applied to.' }),
  changed: Type.Integer({ description: 'Of those, the installs it changed (each audited).' }),
});
export type ProductTriaged = Static<typeof ProductTriaged>;

const CreateForProduct = Type.Object(ProductKey, { additionalProperties: false });

export const ProductApplicationCreated = Type.Object({
  application: Application,
  matched: Type.Integer(),
  changed: Type.Integer(),
});

export function registerDiscoveredRoutes(app: App, { database, registry }: AppDeps): void {
  app.get(
    '/discovered/products',
    scopedRoute('applications:read', { querystring: ProductListQuery, response: { 200: ProductList } }),
    async (request) => {
      const { workspaceId } = memberCallerOf(request);
      const { limit = 50, offset = 0, ...filters } = request.query;
      const { data, total } = await listProducts(database.reader, workspaceId, { ...filters, limit, offset });
      return { data, pagination: { limit, offset, total } };
    },
  );

  app.get(
    '/discovered/products/hosts',
    {
      config: { scope: 'applications:read' },
      schema: { querystring: ProductHostsQuery, response: { 200: ProductHostList } },
    },
    async (request) => {
      const caller = memberCallerOf(request);
      const { limit = 50, offset = 0, nameKey, vendorKey, status } = request.query;
      const { data, total } = await listProductHosts(
        database.reader,
        caller.workspaceId,
        { nameKey, vendorKey },
        { status, limit, offset, withHosts: caller.scopes.includes('infrastructure:read') },
      );
      return { data, pagination: { limit, offset, total } };
    },
  );

  app.post(
    '/discovered/products/triage',
    { config: { scope: 'applications:edit' }, schema: { body: TriageProduct, response: { 200: ProductTriaged } } },
    async (request) => {
      const { nameKey, vendorKey, action, applicationId, onlyStatus } = request.body;
      if (action === 'link' && !applicationId)
        throw new ApiError('bad_request', 'applicationId is required to link a product');
      if (action !== 'link' && applicationId)
        throw new ApiError('bad_request', 'applicationId is only given to link a product');
      const decision = action === 'link' ? { action, applicationId: applicationId! } : { action };
      return triageProduct(database, memberCallerOf(request), { nameKey, vendorKey }, decision, onlyStatus);
    },
  );

  app.post(
    '/discovered/products/application',
    {
      config: { scope: 'applications:add', alsoRequires: ['applications:edit'] },
      schema: { body: CreateForProduct, response: { 201: ProductApplicationCreated } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createApplicationForProduct(database, registry, memberCallerOf(request), request.body)),
  );
}
