/**
 * The estate as a restricted caller reaches it, for reads that span many tables (dashboards,
 * diagrams): a read-only handle whose queries read each restricted family's table as the rows the
 * caller reaches, each link table as the links whose ends it reaches, the audit log as the events
 * about what it reaches, and the tables no restriction describes as empty. A query keeps its own
 * shape: `FROM servers AS s` reads `FROM (SELECT * FROM servers WHERE …) AS s`, so every count,
 * join and sum of it is computed over the reach alone, in the database.
 */
import {
  AliasNode,
  FromNode,
  IdentifierNode,
  sql,
  OperationNodeTransformer,
  RawNode,
  SelectQueryNode,
  TableNode,
  type JoinNode,
  type Kysely,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type SqlBool,
  type UnknownRow,
} from 'kysely';
import { isRestricted } from '../access/restrictions.js';
import type { Database } from '../db/database.js';
import { dynamic } from '../db/dynamic.js';
import { countedTotal } from '../db/row-counts.js';
import type { Tables } from '../db/schema.js';
import type { Caller } from '../http/authenticate.js';
import type { Family } from './family.js';
import { reachedEvents, reachedRows, reachOf } from './reach.js';

/** A table whose rows each belong to one row of a family (a server's addresses): reached with it. */
export interface OwnedTable {
  table: string;
  column: string;
  /** The family's table. */
  owner: string;
}

/** How the tables a computation reads stand under a reach, besides the families, their links and the audit log. */
export interface ReachRules {
  /** Tables of rows that belong to a family's row. */
  owned: readonly OwnedTable[];
  /** Tables no restriction describes (agents, discovered software): read as empty under any restriction. */
  closed: readonly string[];
  /** Tables that hold nothing of the items a reach narrows (the workspace, tags, users): read as they are. */
  open: readonly string[];
}

/** What a table is read as: the rows of a query in its place, or the table itself (null). */
type Swaps = ReadonlyMap<string, OperationNode | null>;

/**
 * Puts each table a query reads from (FROM and JOIN, in subqueries too) in the place of its reached
 * rows. A table no rule names is refused: a table added later is closed until a rule says how a
 * reach narrows it, rather than read whole.
 */
class ReachedTables extends OperationNodeTransformer {
  /** Names of the query's common table expressions: its own, not tables. */
  readonly #own = new Set<string>();

  constructor(readonly swaps: Swaps) {
    super();
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    for (const expression of node.with?.expressions ?? []) {
      const name = expression.name.table.table.identifier.name;
      // One named as a table would read the whole table in its own body and stand for it after.
      if (this.swaps.has(name))
        throw new Error(`a common table expression is named ${name}, as a table, within a reach`);
      this.#own.add(name);
    }
    return super.transformSelectQuery(node, queryId);
  }

  /** Raw SQL inside a query (sql`…` fragments): checked and narrowed as a raw query is (rawWithin). */
  protected override transformRaw(node: RawNode, queryId?: QueryId): RawNode {
    return rawWithin(this.swaps, node, (parameter) => this.transformNode(parameter, queryId));
  }

  protected override transformFrom(node: FromNode, queryId?: QueryId): FromNode {
    return FromNode.create(node.froms.map((from) => this.#swapped(from) ?? this.transformNode(from, queryId)));
  }

  protected override transformJoin(node: JoinNode, queryId?: QueryId): JoinNode {
    const joined = super.transformJoin(node, queryId);
    const table = this.#swapped(node.table);
    return table ? { ...joined, table } : joined;
  }

  #swapped(node: OperationNode): OperationNode | undefined {
    const named = TableNode.is(node)
      ? { table: node, alias: node.table.identifier.name }
      : AliasNode.is(node) && TableNode.is(node.node) && IdentifierNode.is(node.alias)
        ? { table: node.node, alias: node.alias.name }
        : undefined;
    if (!named) return undefined;
    const name = named.table.table.identifier.name;
    if (this.#own.has(name) && !named.table.table.schema) return undefined;
    const rows = this.swaps.get(name);
    if (rows === undefined)
      throw new Error(`the table ${name} was read within a reach, and no rule says how it narrows`);
    return rows === null ? undefined : AliasNode.create(rows, IdentifierNode.create(named.alias));
  }
}

/** Tables of kept counts and versions: they count every row, reached or not. */
const COUNTERS = ['row_counts', 'value_counts', 'search_versions', 'data_versions'];

/**
 * Raw SQL reads within the reach the tables it names with sql.table() (each given an alias:
 * `${sql.table('server_addresses')} AS a`), put in the place of their reached rows; its other
 * parameters (nested fragments, queries) are narrowed by `transform`. A table a reach narrows, or
 * a counter, named in its text instead is refused.
 */
function rawWithin(swaps: Swaps, node: RawNode, transform: (parameter: OperationNode) => OperationNode): RawNode {
  const text = node.sqlFragments.join(' ');
  for (const table of [...COUNTERS, ...[...swaps].filter(([, rows]) => rows !== null).map(([table]) => table)])
    if (new RegExp(`\\b${table}\\b`, 'i').test(text))
      throw new Error(`raw SQL names the table ${table} within a reach: name it with sql.table()`);
  const parameters = node.parameters.map((parameter) => {
    if (!TableNode.is(parameter)) return transform(parameter);
    const name = parameter.table.identifier.name;
    const rows = swaps.get(name);
    if (rows === undefined)
      throw new Error(`the table ${name} was read within a reach, and no rule says how it narrows`);
    return rows ?? parameter;
  });
  return RawNode.create(node.sqlFragments, parameters);
}

/** Words of raw SQL that write. */
const WRITES = /\b(insert|update|delete|merge|create|drop|alter|truncate|copy)\b/i;

class ReachedTablesPlugin implements KyselyPlugin {
  constructor(readonly swaps: Swaps) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (RawNode.is(node)) {
      if (WRITES.test(node.sqlFragments.join(' ')))
        throw new Error('the estate within a reach is read only (SELECT queries)');
      return new ReachedTables(this.swaps).transformNode(node, queryId);
    }
    if (!SelectQueryNode.is(node)) throw new Error('the estate within a reach is read only (SELECT queries)');
    return new ReachedTables(this.swaps).transformNode(node, queryId);
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/** Handles that read within a reach: kept counts (row_counts) do not describe what they read. */
const narrowed = new WeakSet<Kysely<Tables>>();

/**
 * The database as `caller` reaches it among `families`: `database` itself for a caller without
 * restrictions, else a read-only handle on it whose every table reads as the caller reaches it.
 * Kept counts (`row_counts`, `value_counts`) and queries compiled once are not narrowed: a
 * computation on this handle counts rows (rowTotal).
 */
export async function reachedDatabase(
  database: Database,
  caller: Caller,
  families: readonly Family[],
  rules: ReachRules,
): Promise<Database> {
  if (!isRestricted(caller.restrictions)) return database;
  const { db } = database;
  const { workspaceId } = caller;
  const swaps = new Map<string, OperationNode | null>();
  for (const table of rules.open) swaps.set(table, null);
  for (const table of rules.closed)
    swaps.set(table, dynamic(db).selectFrom(table).selectAll().where(sql<SqlBool>`1 = 0`).toOperationNode());

  const reachedIds = new Map<string, ReturnType<typeof reachedRows>>();
  for (const family of families) {
    const { table } = family.definition;
    const reach = await reachOf(db, caller, family);
    swaps.set(table, reach ? reachedRows(db, workspaceId, reach).selectAll(table).toOperationNode() : null);
    if (reach) reachedIds.set(table, reachedRows(db, workspaceId, reach));
  }

  // The link tables, each with its ends: a link is reached when every restricted end is.
  const ends = new Map<string, { column: string; table: string }[]>();
  const endsOf = (table: string) => ends.get(table) ?? (ends.set(table, []).get(table) as never);
  for (const family of families) {
    const { table, links = [], relations = [] } = family.definition;
    for (const link of links)
      endsOf(link.table).push(
        { column: link.parentColumn, table },
        { column: link.childColumn, table: link.child.table },
      );
    for (const relation of relations)
      endsOf(relation.table).push(
        { column: relation.ownColumn, table },
        { column: relation.otherColumn, table: relation.target.table },
      );
  }
  for (const owned of rules.owned) endsOf(owned.table).push({ column: owned.column, table: owned.owner });
  for (const [table, columns] of ends) {
    let links = dynamic(db).selectFrom(table).selectAll(table);
    let narrowing = false;
    for (const end of columns) {
      const reached = reachedIds.get(end.table);
      if (!reached) continue;
      links = links.where(`${table}.${end.column}`, 'in', reached.select(`${end.table}.id`));
      narrowing = true;
    }
    swaps.set(table, narrowing ? links.toOperationNode() : null);
  }

  const within = await reachedEvents(db, caller, families);
  swaps.set('audit_events', within ? db.selectFrom('audit_events').selectAll().where(within).toOperationNode() : null);

  const reader = db.withPlugin(new ReachedTablesPlugin(swaps));
  narrowed.add(reader);
  return Object.assign(Object.create(database) as Database, { db: reader, reader });
}

/** The workspace's rows of a table: its kept count, or counted on a handle that reads within a reach. */
export async function rowTotal(db: Kysely<Tables>, workspaceId: string, table: 'servers' | 'workstations') {
  if (!narrowed.has(db)) return countedTotal(db, workspaceId, table);
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
