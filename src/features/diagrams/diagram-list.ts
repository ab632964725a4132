import type { DiagramDefinition } from './diagram.js';
import { applicationLifecycleDiagram } from './application-lifecycle.js';
import { applicationMatrixDiagram } from './application-matrix.js';
import { applicationQuadrantDiagram } from './application-quadrant.js';
import { capacityMapDiagram } from './capacity-map.js';
import { flowMappingDiagram } from './flow-mapping.js';
import { networkMappingDiagram } from './network-mapping.js';

/**
 * The diagrams of the public API, in the order GET /diagrams lists them. Apart from the routes so
 * that the render workers (render-worker.ts) load the diagrams without the HTTP layer.
 */
export const DIAGRAMS: readonly DiagramDefinition[] = [
  flowMappingDiagram,
  applicationMatrixDiagram,
  applicationQuadrantDiagram,
  applicationLifecycleDiagram,
  capacityMapDiagram,
  networkMappingDiagram,
];
