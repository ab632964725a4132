import type { Kysely } from 'kysely';
import type { Tables } from '../../base/db/schema.js';
import { type FlowCategories, NO_CATEGORY, OTHER_CATEGORIES } from './console-views.schemas.js';
import { inSlices } from './diagram.js';
import { layoutElk } from './layout.js';
import { element, headingText, legend, link, rect, round, svgDocument, text, tooltip } from '../dashboards/svg.js';

/**
 * The console's flow map of a large workspace: one node per category, its applications
 * counted, and one line per pair of categories weighted by the flows between their applications.
 * The public flow-mapping diagram is unchanged; a category's node opens its applications there.
 */

/** Workspaces with more applications than this open the flow map by category. */
export const AGGREGATE_FROM_APPLICATIONS = 100;
/** Category nodes drawn at most: the rest are summed into one node. */
export const CATEGORY_NODES = 150;

const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1;

/** Applications per category and flows per pair of categories: two grouped queries, whatever the size. */
export async function flowCategories(db: Kysely<Tables>, workspaceId: string, now: string): Promise<FlowCategories> {
  const [perCategory, pairs] = await Promise.all([
    db
      .selectFrom('applications')
      .select((eb) => ['category_id', eb.fn.countAll<number>().as('applications')])
      .where('workspace_id', '=', workspaceId)
      .groupBy('category_id')
      .execute(),
    db
      .selectFrom('flows as f')
      .innerJoin('applications as s', (join) =>
        join.onRef('s.workspace_id', '=', 'f.workspace_id').onRef('s.id', '=', 'f.source_application_id'),
      )
      .innerJoin('applications as t', (join) =>
        join.onRef('t.workspace_id', '=', 'f.workspace_id').onRef('t.id', '=', 'f.target_application_id'),
      )
      .select((eb) => ['s.category_id as source', 't.category_id as target', eb.fn.countAll<number>().as('flows')])
      .where('f.workspace_id', '=', workspaceId)
      .groupBy(['s.category_id', 't.category_id'])
      .execute(),
  ]);
  const ids = perCategory.map((row) => row.category_id).filter((id): id is string => id !== null);
  const names = new Map(
    (
      await inSlices(ids, (slice) =>
        db
          .selectFrom('categories')
          .select(['id', 'name'])
          .where('workspace_id', '=', workspaceId)
          .where('id', 'in', slice)
          .execute(),
      )
    ).map((row) => [row.id, row.name]),
  );
  const all = perCategory
    .map((row) => ({
      id: row.category_id ?? NO_CATEGORY,
      categoryId: row.category_id,
      name: row.category_id === null ? 'No category' : (names.get(row.category_id) ?? 'Unknown category'),
      applications: Number(row.applications),
    }))
    .sort((a, b) => b.applications - a.applications || byName(a, b));
  // The largest categories are drawn; the others become one node, their flows summed into its lines.
  const drawn = all.slice(0, CATEGORY_NODES);
  const rest = all.slice(CATEGORY_NODES);
  const nodeOf = new Map(drawn.map((category) => [category.id, category.id]));
  for (const category of rest) nodeOf.set(category.id, OTHER_CATEGORIES);
  if (rest.length > 0)
    drawn.push({
      id: OTHER_CATEGORIES,
      categoryId: null,
      name: `${rest.length} other categories`,
      applications: rest.reduce((sum, category) => sum + category.applications, 0),
    });
  const within = new Map<string, number>();
  const between = new Map<string, { source: string; target: string; flows: number }>();
  let flows = 0;
  for (const pair of pairs) {
    const count = Number(pair.flows);
    flows += count;
    const source = nodeOf.get(pair.source ?? NO_CATEGORY) ?? NO_CATEGORY;
    const target = nodeOf.get(pair.target ?? NO_CATEGORY) ?? NO_CATEGORY;
    if (source === target) within.set(source, (within.get(source) ?? 0) + count);
    else {
      const key = `${source}>${target}`;
      const edge = between.get(key) ?? { source, target, flows: 0 };
      edge.flows += count;
      between.set(key, edge);
    }
  }
  return {
    name: 'flow-mapping-categories',
    generatedAt: now,
    categories: drawn.map((category) => ({ ...category, flowsWithin: within.get(category.id) ?? 0 })),
    edges: [...between.values()].sort((a, b) => b.flows - a.flows || a.source.localeCompare(b.source)),
    totals: {
      applications: all.reduce((sum, category) => sum + category.applications, 0),
      flows,
      categories: all.length,
    },
  };
}

/** The console page that shows a category's applications on the flow map. */
const categoryHref = (id: string) => `/ui/diagrams/flow-mapping?categoryId=${encodeURIComponent(id)}`;

/**
 * Categories placed by ELK's stress layout (related categories near each other), each a box with
 * its counts linking to its applications; between two categories one line whose width grows with
 * the flows both ways, the counts in its tooltip.
 */
export async function renderFlowCategories(body: FlowCategories): Promise<string> {
  const width = 230;
  const height = 50;
  const lines = new Map<string, { a: string; b: string; there: number; back: number }>();
  for (const edge of body.edges) {
    const [a, b] = edge.source < edge.target ? [edge.source, edge.target] : [edge.target, edge.source];
    const line = lines.get(`${a}|${b}`) ?? { a, b, there: 0, back: 0 };
    if (edge.source === a) line.there += edge.flows;
    else line.back += edge.flows;
    lines.set(`${a}|${b}`, line);
  }
  const links = [...lines.values()].map((line) => ({
    id: `${line.a}|${line.b}`,
    sources: [line.a],
    targets: [line.b],
  }));
  // Stress places related categories near each other but may overlap boxes (categories without
  // flows among them): SPOrE then moves boxes apart, keeping their arrangement.
  const stressed = await layoutElk({
    id: 'root',
    layoutOptions: { 'elk.algorithm': 'stress', 'elk.stress.desiredEdgeLength': '260' },
    children: body.categories.map((category) => ({ id: category.id, width, height })),
    edges: links,
  });
  const graph = await layoutElk({
    id: 'root',
    layoutOptions: { 'elk.algorithm': 'sporeOverlap', 'elk.spacing.nodeNode': '16' },
    children: (stressed.children ?? []).map((node) => ({ id: node.id, x: node.x, y: node.y, width, height })),
    edges: links,
  });
  const place = new Map((graph.children ?? []).map((node) => [node.id, { x: node.x ?? 0, y: node.y ?? 0 }]));
  // ELK may place nodes left of or above the padding: the picture is moved to start at (20, 50).
  const xs = [...place.values()].map((point) => point.x);
  const ys = [...place.values()].map((point) => point.y);
  const dx = 20 - Math.min(20, ...xs);
  const dy = 50 - Math.min(50, ...ys);
  const right = Math.max(0, ...xs) + dx + width + 20;
  const bottom = Math.max(0, ...ys) + dy + height + 20;
  const heaviest = Math.max(1, ...[...lines.values()].map((line) => line.there + line.back));
  const nameOf = new Map(body.categories.map((category) => [category.id, category.name]));
  const centre = (id: string) => {
    const point = place.get(id) ?? { x: 0, y: 0 };
    return { x: point.x + dx + width / 2, y: point.y + dy + height / 2 };
  };
  const edges = [...lines.values()]
    .map((line) => {
      const [from, to] = [centre(line.a), centre(line.b)];
      const total = line.there + line.back;
      const [a, b] = [nameOf.get(line.a) ?? line.a, nameOf.get(line.b) ?? line.b];
      return element(
        'path',
        {
          d: `M ${round(from.x)} ${round(from.y)} L ${round(to.x)} ${round(to.y)}`,
          class: 'edge',
          style: `stroke-width: ${round(1 + (7 * total) / heaviest)}px; stroke-opacity: 0.55`,
        },
        tooltip(`${a} → ${b}: ${line.there} flows; ${b} → ${a}: ${line.back} flows`),
      );
    })
    .join('');
  const nodes = body.categories
    .map((category) => {
      const point = place.get(category.id) ?? { x: 0, y: 0 };
      const [x, y] = [point.x + dx, point.y + dy];
      const detail =
        `${category.applications} applications` +
        (category.flowsWithin > 0 ? ` · ${category.flowsWithin} flows within` : '');
      const shape =
        rect(x, y, width, height, { rx: 6, class: 'node application' }) +
        text(x + 10, y + 20, category.name, { class: 'label' }) +
        text(x + 10, y + 38, detail, { class: 'detail' });
      return category.categoryId
        ? link(categoryHref(category.categoryId), shape, `${category.name}: show its applications`)
        : `${tooltip(category.name)}${shape}`;
    })
    .join('');
  const key = legend(20, bottom, [
    { label: 'Category: choose one to see its applications', className: 'application' },
    { label: 'Line: flows between two categories (wider: more)', className: 'frame' },
  ]);
  const heading = headingText(
    `Flow mapping by category: ${body.totals.categories} categories, ${body.totals.applications} ` +
      `applications, ${body.totals.flows} flows`,
  );
  return svgDocument(
    Math.max(right, key.width + 40, 480),
    bottom + key.height + 20,
    'Flow mapping by category',
    heading + edges + nodes + key.markup,
  );
}
