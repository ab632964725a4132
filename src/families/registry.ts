/**
 * The inventory families of the service, in one list: their CRUD and link routes, their services
 * and the release of everything that refers to a deleted row (or a person who leaves) are all
 * derived from it. A new family is one definition file, one line here and one migration
 * (docs/adding-a-family.md). The list is data: `createRegistry` makes a composition of it.
 */
import { SERVICE_SCOPES, scopeCatalog } from '../base/access/scopes.js';
import { announcements } from './announcements/announcements.module.js';
import { applications } from './applications/applications.module.js';
import { auditResourceTypesOf } from '../base/audit/audit.types.js';
import { categories } from './categories/categories.module.js';
import { contracts } from './contracts/contracts.module.js';
import { dataObjects } from './data-objects/data-objects.module.js';
import { discoveredReturnsToTriage } from './applications/discovered.dependents.js';
import { flows } from './flows/flows.module.js';
import type { AppDeps, App } from '../base/http/types.js';
import { networks, routers } from './networks/networks.module.js';
import { servers } from './servers/servers.module.js';
import { workstations } from './workstations/workstations.module.js';
import { createFamilyService, registerFamilyRoutes, type FamilyService, type Release } from '../base/resources/crud.js';
import { createMove, createRelease } from '../base/resources/dependents.js';
import type { Family, FamilyTable } from '../base/resources/family.js';
import { registerLinkRoutes } from '../base/resources/links.js';
import type { Registry } from '../base/resources/registry.js';
import { teams } from './teams/teams.module.js';
import type { TObject } from 'typebox';

const families: readonly Family[] = [
  categories,
  teams,
  applications,
  servers,
  networks,
  routers,
  workstations,
  dataObjects,
  contracts,
  flows,
  announcements,
];

/** The service's own families, in order. */
export const FAMILIES: readonly Family[] = families;

/**
 * The registry of the service's families and `extra` ones (a test's, a plug-in's), built where the
 * service is put together: the app (surfaces/server/app.ts), a CLI command, a test.
 */
export function createRegistry(extra: readonly Family[] = []): Registry {
  const all = [...families, ...extra];
  const byTable = new Map<string, Family>();
  const byKey = new Map<string, Family>();
  for (const family of all) {
    const { table, path } = family.definition;
    if (byTable.has(table)) throw new Error(`${table} is registered already`);
    byTable.set(table, family);
    byKey.set(path.slice(1), family);
  }
  const dependents = createRelease(all, [discoveredReturnsToTriage]);
  // Each service releases through the registry's release, which knows every family.
  const release: Release = (trx, workspaceId, target, actor) => dependents(trx, workspaceId, target, actor);
  const services = new Map(all.map((family) => [family.definition.table, createFamilyService(family, release)]));
  return {
    families: all,
    byTable: (table) => byTable.get(table),
    byKey: (key) => byKey.get(key),
    serviceOf: <T extends FamilyTable, Item extends TObject>(family: Family<T, Item>) => {
      const service = services.get(family.definition.table);
      if (!service) throw new Error(`${family.definition.table} is not a family of this registry`);
      return service as unknown as FamilyService<T, Item>;
    },
    release,
    move: createMove(all),
    scopes: scopeCatalog([
      ...SERVICE_SCOPES,
      ...all.map(({ definition }) => ({
        family: definition.scopeFamily,
        actions: ['read', 'add', 'edit', 'delete', ...(definition.scopeActions ?? [])],
        writers: true,
      })),
    ]),
    auditResourceTypes: auditResourceTypesOf(all.map((family) => family.definition.resourceType)),
  };
}

/** Registers every family's CRUD and link routes. */
export function registerFamilies(app: App, deps: AppDeps): void {
  const { database, registry } = deps;
  const byTable = new Map(registry.families.map((family) => [family.definition.table, family]));
  for (const family of registry.families) {
    registerFamilyRoutes(app, deps, registry.serviceOf(family));
    registerLinkRoutes(app, database, family, byTable);
  }
}
