/**
 * Every answer of the public API a key can read, as status and body text by URL: each GET route
 * without parameters (lists page by page, the audit log cursor by cursor, tenant, me, dashboards),
 * each list again with `q`, each sort and each value of its enum filters (totals included), and the
 * first items of each list with their sub-resources. Two databases holding the same rows must give
 * the same map, byte for byte but for the moment a dashboard is computed (backup, restore, copy tests).
 */
import type { InjectOptions } from 'fastify';
import type { App } from '../../src/base/http/types.js';
import { listOperations, type Schema } from './list-operations.js';
import { routedPaths } from './routes.js';

const SEARCHES = ['a', 'db', 'prod', 'zürich', '10.0'];
const PAGE = 100;

export async function publicAnswers(app: App, key: string): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  const get = async (url: string) => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${key}` } satisfies InjectOptions['headers'],
    });
    // A dashboard's generatedAt is the moment of the request, the one value that may differ.
    answers.set(url, `${response.statusCode} ${response.body.replace(/"generatedAt":"[^"]*"/, '"generatedAt":…')}`);
    return response;
  };
  const routes = routedPaths(app, 'GET').filter((route) => route.startsWith('/public/v1/'));
  const lists = new Map<string, string[]>();
  for (const route of routes.filter((path) => !path.includes(':'))) {
    if (route === '/public/v1/audit-log') {
      let cursor: string | undefined;
      do {
        const response = await get(`${route}?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`);
        cursor = (response.json() as { nextCursor?: string }).nextCursor;
      } while (cursor);
      continue;
    }
    const first = await get(route);
    const body = first.statusCode === 200 ? (first.json() as { pagination?: unknown; data?: { id?: string }[] }) : {};
    if (!body.pagination) continue;
    const ids: string[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = (await get(`${route}?limit=${PAGE}&offset=${offset}`)).json() as { data: { id?: string }[] };
      for (const item of page.data) if (item.id && ids.length < 3) ids.push(item.id);
      if (page.data.length < PAGE) break;
    }
    lists.set(route, ids);
  }
  for (const [path, operation] of await listOperations(app)) {
    if (!lists.has(path) && path !== '/public/v1/audit-log') continue;
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in !== 'query') continue;
      if (parameter.name === 'q') for (const q of SEARCHES) await get(`${path}?q=${encodeURIComponent(q)}`);
      else if (!['limit', 'offset'].includes(parameter.name))
        for (const value of enumValues(parameter.schema)) await get(`${path}?${parameter.name}=${value}`);
    }
  }
  for (const [list, ids] of lists) {
    const below = routes.filter((route) => new RegExp(`^${list}/:[A-Za-z]+(/[^:]+)?$`).test(route));
    for (const id of ids) for (const route of below) await get(route.replace(/:[A-Za-z]+/, id));
  }
  return answers;
}

function enumValues(schema: Schema): string[] {
  if (schema.type === 'boolean') return ['true', 'false'];
  const values = schema.enum ?? schema.items?.enum ?? schema.anyOf?.flatMap((option) => option.enum ?? []) ?? [];
  return values.map(String);
}

/** The URLs whose answers differ (or exist on one side only), for an assertion's message. */
export function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  const urls = new Set([...a.keys(), ...b.keys()]);
  return [...urls].filter((url) => a.get(url) !== b.get(url));
}
