/**
 * The inventory families of the service, in one list: their CRUD and link routes, their services
 * and the release of everything that refers to a deleted row (or a person who leaves) are all
 * derived from it. A new family is one definition file, one line here and one migration
 * (docs/adding-a-family.md).
 */
import { declareScopes } from '../base/access/scopes.js';
import { announcements } from './announcements/announcements.module.js';
import { applications } from './applications/applications.module.js';
import { declareAuditResourceType } from '../base/audit/audit.types.js';
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
import { teams } from './teams/teams.module.js';
import type { TObject } from 'typebox';

const families: Family[] = [
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

/** The families, in registration order. */
export const FAMILIES: readonly Family[] = families;

const byTable = new Map<string, Family>();
const services = new Map<string, FamilyService>();
let release = createRelease(families, [discoveredReturnsToTriage]);

/** Releases what refers to a row being deleted: run inside the delete's transaction. */
export const releaseDependents: Release = (trx, workspaceId, target, actor) => release(trx, workspaceId, target, actor);

/** Moves what refers to one row to another, in every family (a person who becomes a member). */
export const moveDependents = createMove(families);

/** A family's table, service, scopes and audit resource type become known. */
function index(family: Family): void {
  const { definition } = family;
  byTable.set(definition.table, family);
  declareScopes(definition.scopeFamily, ['read', 'add', 'edit', 'delete'], { writers: true, inventory: true });
  declareAuditResourceType(definition.resourceType);
  services.set(definition.table, createFamilyService(family, releaseDependents));
}
for (const family of families) index(family);

/**
 * Adds a family defined outside this list (a test's, a plug-in's), before the app is built: its
 * routes, service, links and release on delete follow as for the families above.
 */
export function registerFamily(family: Family): void {
  if (byTable.has(family.definition.table)) throw new Error(`${family.definition.table} is registered already`);
  families.push(family);
  index(family);
  release = createRelease(families, [discoveredReturnsToTriage]);
}

/** The service of a family, for writes that span several families (triage creates an application). */
export function serviceOf<T extends FamilyTable, Item extends TObject>(
  family: Family<T, Item>,
): FamilyService<T, Item> {
  return services.get(family.definition.table) as unknown as FamilyService<T, Item>;
}

/** Registers every family's CRUD and link routes. */
export function registerFamilies(app: App, deps: AppDeps): void {
  const { database } = deps;
  for (const family of FAMILIES) {
    registerFamilyRoutes(app, deps, services.get(family.definition.table)!);
    registerLinkRoutes(app, database, family, byTable);
  }
}
