/**
 * The task of a render worker (render-pool.ts): one diagram's SVG picture from its computed
 * answer. It runs in a worker thread, so ELK's layout and the SVG text never hold the event loop.
 */
import { DIAGRAMS } from './diagram-list.js';

export interface RenderTask {
  name: string;
  body: unknown;
}

export default async function renderDiagram({ name, body }: RenderTask): Promise<string> {
  const diagram = DIAGRAMS.find((candidate) => candidate.name === name);
  if (!diagram) throw new Error(`no diagram named ${name}`);
  return diagram.render(body as Parameters<typeof diagram.render>[0]);
}
