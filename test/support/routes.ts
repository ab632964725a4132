import type { FastifyInstance } from 'fastify';

/**
 * Every path the app routes for a method, read from Fastify's own route tree (`printRoutes`), so a
 * test can run against each route that exists, registered by any module under any prefix.
 * Parameters keep their `:name` form and wildcards their `*`.
 */
export function routedPaths(app: FastifyInstance, method: string): string[] {
  const tree = app.printRoutes({ commonPrefix: false, method });
  const parents: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + node[2]!;
    parents.length = depth;
    parents.push(path);
    if (node[3]?.split(', ').includes(method)) paths.push(path);
  }
  return paths;
}
