import type { ELK, ElkNode } from 'elkjs/lib/elk-api.js';
import { element, round, text } from '../dashboards/svg.js';

/**
 * One ELK instance (its bundled build runs in this thread, no worker), loaded on the first
 * layout: its 3 MB would otherwise be read by every process that imports the diagrams, each
 * `estate` command among them. The package is CommonJS and sets its constructor as `default`
 * too, which is what its types describe.
 */
let elk: Promise<ELK> | undefined;
function layoutEngine(): Promise<ELK> {
  elk ??= import('elkjs/lib/elk.bundled.js').then((bundle) => new bundle.default.default());
  return elk;
}

export interface GraphNode {
  id: string;
  width: number;
  height: number;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  label?: string;
}

export interface PlacedGraph {
  width: number;
  height: number;
  nodes: Map<string, { x: number; y: number; width: number; height: number }>;
  edges: { id: string; points: { x: number; y: number }[]; label?: { x: number; y: number; text: string } }[];
}

/**
 * Lays a directed graph out with ELK's layered algorithm (left to right, orthogonal edges). Nodes
 * without edges are packed beside the rest.
 */
export async function layoutGraph(
  nodes: GraphNode[],
  edges: GraphEdge[],
  direction: 'RIGHT' | 'DOWN' = 'RIGHT',
): Promise<PlacedGraph> {
  const input: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': direction,
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.spacing.nodeNode': '24',
      'elk.layered.spacing.nodeNodeBetweenLayers': '60',
      'elk.separateConnectedComponents': 'true',
      'elk.padding': '[top=20,left=20,bottom=20,right=20]',
    },
    children: nodes.map((node) => ({ ...node })),
    edges: edges.map((edge) => ({
      id: edge.id,
      sources: [edge.source],
      targets: [edge.target],
      ...(edge.label
        ? {
            labels: [
              { id: `${edge.id}-label`, text: edge.label, width: Math.min(edge.label.length, 30) * 6, height: 12 },
            ],
          }
        : {}),
    })),
  };
  const graph = await (await layoutEngine()).layout(input);
  const placed = new Map(
    (graph.children ?? []).map((node) => [
      node.id,
      { x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 },
    ]),
  );
  return {
    width: graph.width ?? 0,
    height: graph.height ?? 0,
    nodes: placed,
    edges: (graph.edges ?? []).map((edge) => {
      const section = edge.sections?.[0];
      const points = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint] : [];
      const label = edge.labels?.[0];
      return {
        id: edge.id,
        points,
        ...(label?.text ? { label: { x: label.x ?? 0, y: label.y ?? 0, text: label.text } } : {}),
      };
    }),
  };
}

/** Lays out an ELK graph as given (compound nodes, per-node algorithms). */
export const layoutElk = async (graph: ElkNode): Promise<ElkNode> => (await layoutEngine()).layout(graph);

/** The placed edges as arrowed paths with their labels, shifted by (dx, dy). */
export function drawEdges(graph: PlacedGraph, dx = 0, dy = 0): string {
  return graph.edges
    .map((edge) => {
      if (edge.points.length < 2) return '';
      const d = edge.points
        .map((point, index) => `${index === 0 ? 'M' : 'L'} ${round(point.x + dx)} ${round(point.y + dy)}`)
        .join(' ');
      return (
        element('path', { d, class: 'edge', 'marker-end': 'url(#arrow)' }) +
        (edge.label ? text(edge.label.x + dx, edge.label.y + dy + 9, edge.label.text, { class: 'edge-label' }) : '')
      );
    })
    .join('');
}
