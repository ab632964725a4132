import { Type } from 'typebox';
import { agentListing } from '../../features/agents/agents.module.js';
import { diagramScope } from '../../features/diagrams/diagram.js';
import { DIAGRAMS } from '../../features/diagrams/diagrams.routes.js';
import type { App, AppDeps } from '../../base/http/types.js';
import type { Family } from '../../base/resources/family.js';
import type { Listing } from '../../base/resources/listing.js';
import { tagListing } from '../../families/tags/tags.repository.js';
import { CreateTag } from '../../families/tags/tags.schemas.js';
import { userListing } from '../../families/people/users.module.js';
import {
  type ConsoleDiagram,
  ConsoleDiagramEntry,
  type ConsoleFamily,
  ConsoleFamilyEntry,
  type ConsoleRelation,
} from './console.types.js';

/**
 * What the console needs to draw every inventory family's pages, derived from the same
 * definitions that make the API: paths, nouns, scopes, the item, create and update schemas (the
 * forms validate with them in the browser), the list query (search, filters, sorts), the fields
 * that refer to other families and the related lists of a detail page.
 */

const keyOf = (path: string) => path.slice(1);

/** Related lists beyond links: a network's hosts (placed by address, GET /networks/{id}/hosts). */
const MORE_RELATIONS: Record<string, ConsoleRelation[]> = {
  networks: [{ segment: 'hosts', family: 'servers', editable: false }],
};

function familyEntry(family: Family, families: readonly Family[], keyByTable: Map<string, string>): ConsoleFamily {
  const { definition } = family;
  const scope = definition.scopeFamily;
  const references: Record<string, string> = {};
  for (const reference of definition.references ?? [])
    references[reference.field] = keyByTable.get(reference.target.table) ?? reference.target.table;
  for (const relation of definition.relations ?? [])
    references[relation.field] = keyByTable.get(relation.target.table) ?? relation.target.table;
  const relations: ConsoleRelation[] = (definition.links ?? []).map((link) => ({
    segment: link.segment,
    family: keyByTable.get(link.child.table) ?? link.child.table,
    editable: true,
  }));
  // Links declared by another family, seen from this one (a server's applications).
  for (const other of families) {
    for (const link of other.definition.links ?? []) {
      if (link.child.table === definition.table && link.reverse) {
        relations.push({
          segment: link.reverse.segment,
          family: keyOf(other.definition.path),
          editable: !link.reverse.readOnly,
        });
      }
    }
  }
  relations.push(...(MORE_RELATIONS[keyOf(definition.path)] ?? []));
  return {
    key: keyOf(definition.path),
    one: definition.nouns.one,
    many: definition.nouns.many,
    scopes: { read: `${scope}:read`, add: `${scope}:add`, edit: `${scope}:edit`, delete: `${scope}:delete` },
    item: definition.schemas.item,
    create: definition.schemas.create,
    update: definition.schemas.update,
    listQuery: family.listQuery,
    references,
    relations,
    defaultSort: family.defaultSort,
  };
}

function listingEntry(listing: Listing, extra: Partial<ConsoleFamily> = {}): ConsoleFamily {
  return {
    key: keyOf(listing.path),
    one: listing.nouns.one,
    many: listing.nouns.many,
    scopes: { read: listing.scope },
    item: listing.item,
    listQuery: listing.listQuery,
    references: {},
    relations: [],
    defaultSort: 'name',
    ...extra,
  };
}

/** The lists of the console: the registry's families, then tags, people and agents. */
export function consoleCatalog(families: readonly Family[]): ConsoleFamily[] {
  const keyByTable = new Map<string, string>([
    ...families.map((family) => [family.definition.table, keyOf(family.definition.path)] as const),
    ['tags', 'tags'],
    ['users', 'users'],
    ['agents', 'agents'],
  ]);
  return [
    ...families.map((family) => familyEntry(family, families, keyByTable)),
    listingEntry(tagListing, {
      scopes: { read: 'tags:read', add: 'tags:add', delete: 'tags:delete' },
      create: CreateTag,
    }),
    listingEntry(userListing),
    listingEntry(agentListing),
  ];
}

/** The diagrams and the parameters of each (its query schema), for the console's controls. */
function diagramCatalog(): ConsoleDiagram[] {
  return DIAGRAMS.map((diagram) => ({
    name: diagram.name,
    title: diagram.title,
    description: diagram.description,
    requiredScope: diagramScope(diagram.name),
    query: diagram.query,
  }));
}

export function registerCatalogRoutes(app: App, { registry }: AppDeps): void {
  // Built once per app: its families do not change while it runs.
  const catalog = consoleCatalog(registry.families);
  app.get('/diagrams', { schema: { response: { 200: Type.Array(ConsoleDiagramEntry) } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'private, max-age=300');
    return diagramCatalog();
  });

  app.get(
    '/families',
    { config: { anyWorkspace: true }, schema: { response: { 200: Type.Array(ConsoleFamilyEntry) } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'private, max-age=300');
      return catalog;
    },
  );
}
