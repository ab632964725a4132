import { useQuery } from '@tanstack/react-query';
import type { Answer } from '../api/contract.js';
import { call, callText, queryOf } from '../api/client.js';
import { insightsApi } from '../api/console-api.js';

type FlowCategories = Answer<'/diagrams/flow-mapping/categories', 'get'>;

/**
 * Which picture a diagram page shows: the public diagram with the page's parameters,
 * or a console view of a large workspace (src/console/diagram-views.routes.ts): the flow map by
 * category, the networks with their host counts or one network's servers, the largest capacity.
 */

/** Over this many applications, the workspace's flow map opens by category (as the server's constant). */
export const AGGREGATE_FROM_APPLICATIONS = 100;

/** URL parameters the console's views read, never sent to the public diagram. */
const VIEW_PARAMETERS: Record<string, string[]> = {
  'flow-mapping': ['view'],
  'network-mapping': ['networkId', 'q'],
};

type Params = Record<string, string>;

export interface DiagramView {
  /** The console view's route under /ui/api, or undefined for the public diagram. */
  path?: string;
  /** The parameters sent to it. */
  params: Params;
  /** False while the page still finds out which one to show. */
  ready: boolean;
}

const without = (params: Params, names: string[]) =>
  Object.fromEntries(Object.entries(params).filter(([name]) => !names.includes(name)));

/** The view a diagram page shows for its URL parameters. */
export function useDiagramView(name: string, params: Params): DiagramView {
  const whole = name === 'flow-mapping' && !params.applicationId && !params.categoryId && params.view !== 'all';
  const categories = useQuery({
    queryKey: ['diagram-views', '/diagrams/flow-mapping/categories', 'answer', {}],
    queryFn: () => call<FlowCategories>('GET', '/diagrams/flow-mapping/categories'),
    enabled: whole,
  }).data;
  const own = without(params, VIEW_PARAMETERS[name] ?? []);
  if (whole) {
    if (!categories) return { params: own, ready: false };
    return categories.totals.applications > AGGREGATE_FROM_APPLICATIONS
      ? { path: '/diagrams/flow-mapping/categories', params: {}, ready: true }
      : { params: own, ready: true };
  }
  if (name === 'network-mapping' && params.networkId)
    return {
      path: `/diagrams/network-mapping/networks/${encodeURIComponent(params.networkId)}`,
      params: without(params, ['networkId']),
      ready: true,
    };
  if (name === 'network-mapping' && !params.limit)
    return { path: '/diagrams/network-mapping/networks', params: params.q ? { q: params.q } : {}, ready: true };
  if (name === 'capacity-map' && !params.limit)
    return { path: '/diagrams/capacity-map/largest', params: {}, ready: true };
  return { params: own, ready: true };
}

/** The picture and the answer of a view: its SVG and its JSON, public or the console's. */
export function useDiagramDrawing(name: string, { path, params, ready }: DiagramView) {
  // The public diagram's keys are those of api/queries.ts, so both share one cache entry.
  const drawing = useQuery({
    queryKey: path ? ['diagram-views', path, 'svg', params] : ['diagrams', name, 'svg', params],
    queryFn: () =>
      path
        ? callText(`${path}${queryOf({ ...params, format: 'svg' })}`, 'image/svg+xml')
        : insightsApi.diagramSvg(name, params),
    enabled: ready,
  });
  const answer = useQuery({
    queryKey: path ? ['diagram-views', path, 'answer', params] : ['diagrams', name, 'answer', params],
    queryFn: () =>
      path ? call<Record<string, unknown>>('GET', `${path}${queryOf(params)}`) : insightsApi.diagram(name, params),
    enabled: ready,
  });
  return { drawing, answer: answer.data, error: answer.error };
}

const number = (value: number) => value.toLocaleString();

/** Where the page may narrow a view: the search box of the networks and of one network's servers. */
export function narrowingOf(name: string, view: DiagramView): { label: string } | undefined {
  if (name === 'network-mapping' && view.path) return { label: 'Narrow by name or address' };
  return undefined;
}

/**
 * What the picture leaves out, in a sentence ("Showing 500 of 15,000 servers — narrow by …"), so
 * that no limit applies silently; undefined when it shows everything.
 */
export function showingOf(name: string, answer: Record<string, unknown>): string | undefined {
  const totals = (answer.totals ?? {}) as Record<string, number>;
  const length = (key: string) => (Array.isArray(answer[key]) ? (answer[key] as unknown[]).length : 0);
  switch (answer.name) {
    case 'flow-mapping-categories': {
      const summed = (answer as FlowCategories).categories.find((category) => category.id === 'other');
      return summed
        ? `Showing the ${number(length('categories') - 1)} largest of ${number(totals.categories ?? 0)} ` +
            `categories, the others summed in one box — narrow by choosing a category`
        : undefined;
    }
    case 'network-mapping-networks':
      return length('networks') < (totals.networks ?? 0)
        ? `Showing ${number(length('networks'))} of ${number(totals.networks ?? 0)} networks — ` +
            'narrow by name or address'
        : undefined;
    case 'network-mapping-network':
      return length('hosts') < (totals.matching ?? 0)
        ? `Showing ${number(length('hosts'))} of ${number(totals.matching ?? 0)} servers — ` +
            'narrow by name or address'
        : undefined;
    case 'capacity-map-largest':
      return undefined;
  }
  if (answer.truncated !== true) return undefined;
  if (name === 'flow-mapping')
    return (
      `Showing ${number(length('nodes'))} of ${number(totals.nodes ?? 0)} applications — narrow by choosing a ` +
      'category or a centre application'
    );
  if (name === 'network-mapping') {
    const all = Object.values(totals).reduce((sum, value) => sum + value, 0);
    return (
      `Showing ${number(length('nodes'))} of ${number(all)} networks, routers and hosts — ` +
      'narrow by opening one network'
    );
  }
  if (name === 'capacity-map') {
    const shown = ((answer.groups ?? []) as { hosts: unknown[] }[]).reduce((sum, group) => sum + group.hosts.length, 0);
    return `Showing ${number(shown)} of ${number(totals.hosts ?? 0)} servers — raise the limit to see more`;
  }
  return 'Showing part of the diagram — narrow by the choices above';
}
