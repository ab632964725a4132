import { Type, type Static, type TObject, type TProperties } from 'typebox';
import { sql, type Kysely, type SelectQueryBuilder, type SelectType } from 'kysely';
import { pushTo, type DashboardContext } from '../dashboards/dashboard.js';
import type { Tables } from '../../base/db/schema.js';
import { DateTime } from '../../base/http/schemas.js';

/** What a diagram computes from: the dashboards' context, its query handle and the node limit in force. */
export interface DiagramContext extends DashboardContext {
  db: Kysely<Tables>;
  /** The query's `limit`, else DEFAULT_NODES. */
  limit: number;
}

/** Nodes a diagram holds unless `limit` says otherwise, and the most it may hold. */
export const DEFAULT_NODES = 500;
export const MAX_NODES = 2000;

export const Limit = Type.Optional(
  Type.Integer({
    minimum: 1,
    maximum: MAX_NODES,
    description:
      `Most nodes (or items) in the answer, default ${DEFAULT_NODES}, at most ${MAX_NODES}; ` +
      'beyond it the answer says truncated: true.',
  }),
);

/** The query of a diagram whose only parameter is `limit`. */
export const LimitQuery = Type.Object({ limit: Limit }, { additionalProperties: false });

/** One diagram of the public API: its name (path and scope), query, JSON schema, computation and picture. */
export interface DiagramDefinition<Query extends TObject = TObject, Body extends TObject = TObject> {
  name: string;
  title: string;
  description: string;
  /** Its own query parameters (format is added by the route). */
  query: Query;
  body: Body;
  compute(context: DiagramContext, query: Static<Query>): Promise<Static<Body>>;
  /** The picture of a computed answer: a standalone SVG document. */
  render(body: Static<Body>): Promise<string> | string;
}

export const diagramScope = (name: string) => `${name.replaceAll('-', '_')}_diagram:read`;

/** The properties every diagram answer starts with. */
export const diagramHead = <Name extends string>(name: Name) => ({
  name: Type.Literal(name, { description: "The diagram's name." }),
  generatedAt: DateTime('When it was computed: diagrams are live, never cached.'),
});

/** `truncated` and the totals, for diagrams that may hold more than `limit`. */
export const Truncation = <Totals extends TProperties>(totals: Totals) => ({
  truncated: Type.Boolean({ description: 'true when the answer holds fewer than all: see totals.' }),
  totals: Type.Object(totals, { description: 'How many there are in all.' }),
});

/** Defines a diagram, keeping its query and body types tied to its functions. */
export const defineDiagram = <Query extends TObject, Body extends TObject>(
  definition: DiagramDefinition<Query, Body>,
) => definition;

/**
 * Ids in slices small enough for one statement's bound parameters (SQLite allows 32,766), for
 * `IN` lists that grow with the workspace (the applications around one, a category's).
 */
export async function inSlices<Row>(
  ids: readonly string[],
  read: (slice: string[]) => Promise<Row[]>,
  size = 5000,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0; start < ids.length; start += size) rows.push(...(await read(ids.slice(start, start + size))));
  return rows;
}

/**
 * The rows of `query` (a link table, or any table, kept to the workspace) whose `from` column is one
 * of `ids`, grouped: each `from` id with its `to` values in order. The applications a server hosts,
 * the data objects a flow carries, each application's category.
 */
export async function linkedFrom<DB, TB extends keyof DB, To extends Extract<keyof DB[TB], string>>(
  query: SelectQueryBuilder<DB, TB, object>,
  from: Extract<keyof DB[TB], string>,
  to: To,
  ids: readonly string[],
): Promise<Map<string, SelectType<DB[TB][To]>[]>> {
  // Kysely cannot resolve the selection's type through the generic builder: it is named here.
  const links = await inSlices(ids, (slice) =>
    query
      .select([sql.ref(from).as('from'), sql.ref(to).as('to')])
      .$castTo<{ from: string; to: SelectType<DB[TB][To]> }>()
      .where(sql.ref(from), 'in', slice)
      .orderBy(sql.ref(from))
      .orderBy(sql.ref(to))
      .execute(),
  );
  const linked = new Map<string, SelectType<DB[TB][To]>[]>();
  for (const link of links) pushTo(linked, link.from, link.to);
  return linked;
}
