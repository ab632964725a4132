import { Type } from 'typebox';
import type { FlowsTable } from '../../base/db/schema.js';
import { ApiError } from '../../base/errors/api-error.js';
import { OrNull, Uuid } from '../../base/http/schemas.js';
import { isUuid } from '../../base/ids.js';
import { defineDiagram, diagramHead, inSlices, Limit, linkedFrom, Truncation, type DiagramContext } from './diagram.js';
import { drawEdges, layoutGraph } from './layout.js';
import { clip, consoleHref, headingText, legend, nodeBox, svgDocument } from '../dashboards/svg.js';

const FlowNode = Type.Object({
  id: Type.String({ description: 'Node id: the application id.' }),
  kind: Type.Literal('application', { description: 'Always application.' }),
  label: Type.String({ description: 'Application name.' }),
  resourceId: Uuid('The application.'),
});

const FlowEdge = Type.Object({
  id: Type.String({ description: 'Edge id: the flow id.' }),
  source: Type.String({ description: 'Node id of the application the data comes from.' }),
  target: Type.String({ description: 'Node id of the application the data goes to.' }),
  label: Type.String({ description: 'Flow name.' }),
  protocol: OrNull(Type.String(), "The flow's protocol; null when not recorded."),
  frequency: OrNull(Type.String(), "The flow's frequency; null when not recorded."),
  dataObjectIds: Type.Array(Uuid('Data object.'), { description: 'Data objects the flow carries.' }),
  resourceId: Uuid('The flow.'),
});

const FlowMappingQuery = Type.Object(
  {
    applicationId: Type.Optional(
      Uuid('Centre the map on this application: it and the applications within depth flows of it.'),
    ),
    depth: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 3,
        description: 'With applicationId: how many flows away, 1 to 3 (default 1).',
      }),
    ),
    categoryId: Type.Optional(Uuid('Only the applications of this category and those they exchange data with.')),
    limit: Limit,
  },
  { additionalProperties: false },
);

const FlowMapping = Type.Object(
  {
    ...diagramHead('flow-mapping'),
    nodes: Type.Array(FlowNode, { description: 'Applications on the map, by name.' }),
    edges: Type.Array(FlowEdge, { description: 'One edge per flow between two applications on the map.' }),
    ...Truncation({
      nodes: Type.Integer({ description: 'Applications the map would hold without the limit.' }),
      edges: Type.Integer({ description: 'Flows between them.' }),
    }),
  },
  { description: 'Applications as nodes and their data flows as edges.' },
);

type FlowRow = Pick<
  FlowsTable,
  'id' | 'name' | 'source_application_id' | 'target_application_id' | 'protocol' | 'frequency'
>;

async function requireRowIn(
  context: DiagramContext,
  table: 'applications' | 'categories',
  id: string,
  field: string,
  noun: string,
) {
  const row = isUuid(id)
    ? await context.database.db
        .selectFrom(table)
        .select('id')
        .where('workspace_id', '=', context.workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new ApiError('unprocessable_entity', `${field} does not name ${noun} of this workspace`);
}

/** Flows with one end in `ids`, by name (a flow with both ends in `ids` once). */
async function flowsTouching(context: DiagramContext, ids: string[]): Promise<FlowRow[]> {
  const found = await inSlices(ids, (slice) =>
    context.database.db
      .selectFrom('flows')
      .select(['id', 'name', 'source_application_id', 'target_application_id', 'protocol', 'frequency'])
      .where('workspace_id', '=', context.workspaceId)
      .where((eb) => eb.or([eb('source_application_id', 'in', slice), eb('target_application_id', 'in', slice)]))
      .execute(),
  );
  const unique = [...new Map(found.map((flow) => [flow.id, flow])).values()];
  return unique.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id.localeCompare(b.id)));
}

/** The application ids on the map around one application or of a category; undefined: all of them. */
async function applicationIds(
  context: DiagramContext,
  query: { applicationId?: string; depth?: number; categoryId?: string },
): Promise<string[] | undefined> {
  const { db } = context.database;
  if (query.applicationId) {
    await requireRowIn(context, 'applications', query.applicationId, 'applicationId', 'an application');
    const reached = new Set([query.applicationId]);
    let frontier = [query.applicationId];
    for (let step = 0; step < (query.depth ?? 1) && frontier.length > 0; step++) {
      const next: string[] = [];
      for (const flow of await flowsTouching(context, frontier)) {
        for (const end of [flow.source_application_id, flow.target_application_id])
          if (!reached.has(end)) {
            reached.add(end);
            next.push(end);
          }
      }
      frontier = next;
    }
    return [...reached];
  }
  if (query.categoryId) {
    await requireRowIn(context, 'categories', query.categoryId, 'categoryId', 'a category');
    const members = (
      await db
        .selectFrom('applications')
        .select('id')
        .where('workspace_id', '=', context.workspaceId)
        .where('category_id', '=', query.categoryId)
        .execute()
    ).map((row) => row.id);
    if (members.length === 0) return [];
    const reached = new Set(members);
    for (const flow of await flowsTouching(context, members)) {
      reached.add(flow.source_application_id);
      reached.add(flow.target_application_id);
    }
    return [...reached];
  }
  return undefined;
}

export const flowMappingDiagram = defineDiagram({
  name: 'flow-mapping',
  title: 'Flow mapping',
  description:
    'Applications as nodes and data flows as edges (protocol, frequency, data objects), for the whole ' +
    'workspace, around one application (applicationId, depth) or for a category (categoryId).',
  query: FlowMappingQuery,
  body: FlowMapping,
  async compute(context, query) {
    const { db, workspaceId, limit } = context;
    const ids = await applicationIds(context, query);
    const applications = db.selectFrom('applications').where('workspace_id', '=', workspaceId);
    let shown: { id: string; name: string }[];
    let flows: FlowRow[];
    let totalNodes: number;
    let totalFlows: number | undefined;
    if (ids) {
      // Around one application or a category: a few hundred applications at most, read at once.
      const found = (
        await inSlices(ids, (slice) => applications.select(['id', 'name']).where('id', 'in', slice).execute())
      ).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id.localeCompare(b.id)));
      const onMap = new Set(ids);
      shown = found.slice(0, limit);
      totalNodes = found.length;
      flows =
        ids.length === 0
          ? []
          : (await flowsTouching(context, ids)).filter(
              (flow) => onMap.has(flow.source_application_id) && onMap.has(flow.target_application_id),
            );
    } else {
      const [first, count, all] = await Promise.all([
        applications.select(['id', 'name']).orderBy('name').orderBy('id').limit(limit).execute(),
        applications.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        db
          .selectFrom('flows')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirstOrThrow(),
      ]);
      shown = first;
      totalNodes = Number(count.total);
      flows = [];
      if (shown.length > 0) {
        const keptIds = shown.map((application) => application.id);
        flows = await db
          .selectFrom('flows')
          .select(['id', 'name', 'source_application_id', 'target_application_id', 'protocol', 'frequency'])
          .where('workspace_id', '=', workspaceId)
          .where('source_application_id', 'in', keptIds)
          .where('target_application_id', 'in', keptIds)
          .orderBy('name')
          .orderBy('id')
          .execute();
      }
      totalFlows = Number(all.total);
    }
    const kept = new Set(shown.map((application) => application.id));
    const edges = flows.filter((flow) => kept.has(flow.source_application_id) && kept.has(flow.target_application_id));
    const dataObjects = await linkedFrom(
      db.selectFrom('flow_data_objects').where('workspace_id', '=', workspaceId),
      'flow_id',
      'data_object_id',
      edges.map((flow) => flow.id),
    );
    return {
      name: 'flow-mapping' as const,
      generatedAt: context.now,
      nodes: shown.map((application) => ({
        id: application.id,
        kind: 'application' as const,
        label: application.name,
        resourceId: application.id,
      })),
      edges: edges.map((flow) => ({
        id: flow.id,
        source: flow.source_application_id,
        target: flow.target_application_id,
        label: flow.name,
        protocol: flow.protocol,
        frequency: flow.frequency,
        dataObjectIds: dataObjects.get(flow.id) ?? [],
        resourceId: flow.id,
      })),
      truncated: shown.length < totalNodes,
      totals: { nodes: totalNodes, edges: totalFlows ?? flows.length },
    };
  },
  async render(body) {
    const graph = await layoutGraph(
      body.nodes.map((node) => ({ id: node.id, width: 170, height: 40 })),
      body.edges.map((edge) => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        label: clip(edge.protocol ? `${edge.label} (${edge.protocol})` : edge.label, 30),
      })),
    );
    const top = 40;
    const nodes = body.nodes
      .map((node) =>
        nodeBox(
          shift(graph.nodes.get(node.id)!, 0, top),
          node.label,
          'application',
          consoleHref('application', node.resourceId),
        ),
      )
      .join('');
    const key = legend(20, top + graph.height + 10, [
      { label: 'Application (arrows: data flows)', className: 'application' },
    ]);
    const heading = headingText(
      `Flow mapping: ${body.nodes.length} applications, ${body.edges.length} ` +
        `flows${body.truncated ? ` (of ${body.totals.nodes} and ${body.totals.edges})` : ''}`,
    );
    const width = Math.max(graph.width, key.width + 40, 420);
    return svgDocument(
      width,
      top + graph.height + key.height + 30,
      'Flow mapping',
      heading + drawEdges(graph, 0, top) + nodes + key.markup,
    );
  },
});

const shift = (box: { x: number; y: number; width: number; height: number }, dx: number, dy: number) => ({
  ...box,
  x: box.x + dx,
  y: box.y + dy,
});
