/**
 * The task of a render worker (render-pool.ts): one diagram's SVG picture from its computed
 * answer. It runs in a worker thread, so ELK's layout and the SVG text never hold the event loop.
 */
import type { MessagePort } from 'node:worker_threads';
import { CONSOLE_VIEWS } from './console-views.js';
import { DIAGRAMS } from './diagram-list.js';

export interface RenderTask {
  name: string;
  body: unknown;
  /** Told 'started' as the worker begins: the picture's time budget counts from then. */
  started?: MessagePort;
}

export default async function renderDiagram({ name, body, started }: RenderTask): Promise<string> {
  started?.postMessage('started');
  started?.close();
  const diagram = DIAGRAMS.find((candidate) => candidate.name === name);
  if (!diagram) {
    const view = CONSOLE_VIEWS[name];
    if (!view) throw new Error(`no diagram named ${name}`);
    return view(body as never);
  }
  return diagram.render(body as Parameters<typeof diagram.render>[0]);
}
