import type { FastifyInstance } from 'fastify';

/**
 * Remembers every registered path pattern with its methods, so that an unknown method on a known
 * path answers 405 with an Allow header instead of a misleading 404.
 */
export class MethodIndex {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];

  attach(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const source = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+');
      const pattern = new RegExp(`^${source}/?$`);
      const existing = this.routes.find((r) => r.pattern.source === pattern.source);
      const target = existing ?? { pattern, methods: new Set<string>() };
      for (const method of methods) target.methods.add(method);
      if (!existing) this.routes.push(target);
    });
  }

  methodsFor(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes) if (route.pattern.test(path)) for (const m of route.methods) methods.add(m);
    return [...methods].sort();
  }
}
