/**
 * The list operations of Estate's `/openapi.json`, as the query-plan test and the scale benchmark
 * (bench/scale.ts) walk them: offset lists (a `pagination` envelope) and cursor lists (the audit
 * log: `data` and a `cursor` parameter).
 */
import type { App } from '../../src/base/http/types.js';
import { inlined } from './api-document.js';

export interface Schema {
  type?: string;
  enum?: unknown[];
  format?: string;
  anyOf?: Schema[];
  items?: Schema;
  minimum?: number;
}

export interface Parameter {
  name: string;
  in: string;
  schema: Schema;
}

export interface Operation {
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
}

export async function listOperations(app: App): Promise<[path: string, operation: Operation][]> {
  const spec = inlined((await app.inject({ method: 'GET', url: '/openapi.json' })).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(spec.paths).flatMap(([path, methods]) => {
    const list = methods.get;
    const properties = list?.responses['200']?.content?.['application/json']?.schema.properties;
    const cursor = list?.parameters?.some((parameter) => parameter.name === 'cursor');
    return list && properties && ('pagination' in properties || (cursor && 'data' in properties))
      ? [[path, list] as [string, Operation]]
      : [];
  });
}
