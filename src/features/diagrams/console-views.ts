import { renderCapacityLargest } from './capacity-largest.js';
import type { CapacityLargest, FlowCategories, NetworkHosts, NetworkOverview } from './console-views.schemas.js';
import { renderFlowCategories } from './flow-categories.js';
import { renderNetworkHosts, renderNetworkOverview } from './network-overview.js';

/**
 * The console's own views of the large diagrams, by the name their answer carries: the
 * render workers draw them as they draw the public diagrams (render-worker.ts), and only the
 * console's routes serve them (console/diagram-views.routes.ts).
 */
export const CONSOLE_VIEWS: Record<string, (body: never) => Promise<string> | string> = {
  'flow-mapping-categories': (body: FlowCategories) => renderFlowCategories(body),
  'network-mapping-networks': (body: NetworkOverview) => renderNetworkOverview(body),
  'network-mapping-network': (body: NetworkHosts) => renderNetworkHosts(body),
  'capacity-map-largest': (body: CapacityLargest) => renderCapacityLargest(body),
};
