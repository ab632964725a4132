import type { Static, TSchema } from 'typebox';
import type { agentListing } from '../../features/agents/agents.module.js';
import type { Dashboard, DashboardSummary } from '../../features/dashboards/widgets.js';

/**
 * The shapes of the console API, defined once for the server (src/surfaces/console/catalog.routes.ts) and
 * the console (ui/src/api/console-api.ts imports them with `import type`). Besides the catalog's
 * own, the shapes of routes declared elsewhere are named here from those routes' schemas.
 */

export interface ConsoleRelation {
  /** The sub-resource path segment: GET {path}/{id}/{segment} answers a bare array. */
  segment: string;
  /** The console key of the related family. */
  family: string;
  /** PUT/DELETE {path}/{id}/{segment}/{childId} change it (with the edit scope). */
  editable: boolean;
}

/**
 * One family as GET /ui/api/families answers it. `Schema` is TypeBox's on the server and the
 * console's reading of the JSON it becomes (ui/src/inventory/schema.ts).
 */
export interface ConsoleFamily<Schema = TSchema> {
  /** The last segment of its public path: `/ui/<key>` in the console, `/ui/api/v1/<key>` its API. */
  key: string;
  one: string;
  many: string;
  scopes: { read: string; add?: string; edit?: string; delete?: string };
  item: Schema;
  create?: Schema;
  update?: Schema;
  listQuery: Schema;
  /** Body or item fields holding the id (or ids) of a row of another family, and that family's key. */
  references: Record<string, string>;
  relations: ConsoleRelation[];
  defaultSort: string;
}

/** A diagram as GET /ui/api/diagrams answers it: its parameters (its query schema) draw the page's controls. */
export interface ConsoleDiagram<Schema = TSchema> {
  name: string;
  title: string;
  description: string;
  requiredScope: string;
  query: Schema;
}

/** An entry of GET /dashboards or GET /diagrams: a name, its title and the scope it needs. */
export type InsightSummary = Static<typeof DashboardSummary>;

/** GET /dashboards/{name} as JSON: the widgets with their live figures. */
export type DashboardView = Static<ReturnType<typeof Dashboard<string>>>;

/** An item of GET /agents. */
export type ConsoleAgent = Static<(typeof agentListing)['item']>;
