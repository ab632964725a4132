import { Type } from 'typebox';
import type { AppDeps, App } from '../../base/http/types.js';
import { errorResponses, PUBLIC_ERRORS } from '../../base/http/errors.js';
import { CATALOG_CATEGORIES, CATALOG_PAGE_SIZE, HOSTING_TYPES, searchCatalog } from './catalog.service.js';

const CatalogQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'Case-insensitive text in the name, vendor or description.',
        examples: ['postgres'],
      }),
    ),
    category: Type.Optional(
      Type.Enum(CATALOG_CATEGORIES, { description: `One of: ${CATALOG_CATEGORIES.join(', ')}.` }),
    ),
    hostingType: Type.Optional(Type.Enum(HOSTING_TYPES, { description: 'saas, on_premise or hybrid.' })),
    page: Type.Optional(
      Type.Integer({ minimum: 1, default: 1, description: '1-based page number; past the end, data is empty.' }),
    ),
  },
  { additionalProperties: false },
);

export const CatalogEntrySchema = Type.Object(
  {
    id: Type.String({
      description: 'Stable slug of the entry; applications reference it as catalogEntryId.',
      examples: ['postgresql'],
    }),
    name: Type.String({ description: 'Product name.', examples: ['PostgreSQL'] }),
    vendor: Type.String({ description: 'Vendor or maintainer.', examples: ['PostgreSQL Global Development Group'] }),
    category: Type.Enum(CATALOG_CATEGORIES, { description: 'Catalog category.' }),
    website: Type.String({ description: 'Official website.', examples: ['https://www.postgresql.org'] }),
    description: Type.String({ description: 'One-sentence description.' }),
    hostingType: Type.Enum(HOSTING_TYPES, {
      description: 'saas (vendor-run), on_premise (self-run) or hybrid (both offered).',
    }),
  },
  { description: 'A reference catalog entry.' },
);

const CatalogList = Type.Object(
  {
    data: Type.Array(CatalogEntrySchema),
    total: Type.Integer({ description: 'Count of all entries matching the search.' }),
    page: Type.Integer({ description: 'The 1-based page returned.' }),
  },
  { description: 'Catalog list envelope.' },
);

export function registerCatalogRoutes(app: App, _deps: AppDeps): void {
  app.get(
    '/application-catalog',
    {
      config: { scope: 'applications:read' },
      schema: {
        operationId: 'searchApplicationCatalog',
        tags: ['catalog'],
        summary: 'Search the application catalog',
        description:
          'A global reference catalog of business applications and infrastructure software, the ' +
          `same for every workspace, sorted by name. Pages hold ${CATALOG_PAGE_SIZE} entries; page through ` +
          'until data is empty. Scope: applications:read.',
        querystring: CatalogQuery,
        response: { 200: CatalogList, ...errorResponses(...PUBLIC_ERRORS) },
      },
    },
    async (request) => searchCatalog(request.query),
  );
}
