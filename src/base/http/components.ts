/**
 * The API document's shared pieces, named once in `components` and referenced where they stood:
 * every schema with a `title` (a family's item, create, patch and list bodies, pagination, the
 * error body) in `components.schemas`, and every error response errorResponses wrote in
 * `components.responses` (`NotFound`, `PreconditionFailed`, …). Only the document changes: the
 * routes keep their own schemas, so validation and serialization answer exactly as before.
 */
import { ErrorBody, errorResponseNames } from './errors.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Keywords whose values are data, not schemas: a `title` inside an example is no schema's. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'enum', 'const']);
/** Keywords whose values map names to schemas: a property called `title` or `default` is a schema. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs']);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The same value with every object's keys in order: two schemas compare by their text. */
function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (!isObject(value)) return JSON.stringify(value);
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key]!)}`).join(',')}}`;
}

const without = (object: JsonObject, key: string): JsonObject => {
  const { [key]: _, ...rest } = object;
  return rest;
};

/**
 * The document with its shared schemas and error responses named in `components` (a copy). Two
 * different schemas under one title stay where they are, unnamed (test/surfaces/public-api/openapi.test.ts
 * finds none left).
 */
export function nameComponents(source: object): JsonObject {
  const document = structuredClone(source) as JsonObject;
  const components = (isObject(document.components) ? document.components : {}) as JsonObject;
  const schemas: JsonObject = { ...(isObject(components.schemas) ? components.schemas : {}) };
  const responses: JsonObject = { ...(isObject(components.responses) ? components.responses : {}) };
  const paths = isObject(document.paths) ? document.paths : {};

  const errorNames = errorResponseNames();
  const errorBody = canonical(without(JSON.parse(JSON.stringify(ErrorBody)) as JsonObject, 'description'));
  const errorSchema = { $ref: '#/components/schemas/Error' };
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      const operation = isObject(item) ? item[method] : undefined;
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        const name = isObject(response) ? errorNames.get(String(response.description)) : undefined;
        if (!name || !isObject(response) || Number(status) < 400) continue;
        const content = isObject(response.content) ? response.content['application/json'] : undefined;
        const schema = isObject(content) && isObject(content.schema) ? content.schema : undefined;
        if (schema && canonical(without(schema, 'description')) !== errorBody) continue;
        responses[name] ??= schema
          ? { description: response.description!, content: { 'application/json': { schema: errorSchema } } }
          : { description: response.description! };
        operation.responses[status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }

  // A query parameter many operations share alike (`offset`, `limit`): its commonest form is named.
  const parameters = sharedParameters(paths, isObject(components.parameters) ? components.parameters : {});

  /**
   * A value with its titled schemas replaced by references, those inside first. `key` is the
   * keyword the value stands under; the entries of a map of names (`properties`) are schemas.
   */
  const named = (value: Json, key?: string): Json => {
    if (key !== undefined && DATA_KEYWORDS.has(key)) return value;
    if (Array.isArray(value)) return value.map((entry) => named(entry));
    if (!isObject(value)) return value;
    const names = key !== undefined && NAME_MAPS.has(key);
    const inner: JsonObject = Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, named(v, names ? undefined : k)]),
    );
    if (names) return inner;
    const title = inner.title;
    if (typeof title !== 'string' || '$ref' in inner) return inner;
    const known = schemas[title];
    if (known === undefined) schemas[title] = inner;
    else if (canonical(known) !== canonical(inner)) return inner;
    return { $ref: `#/components/schemas/${title}` };
  };
  document.paths = named(paths);
  // The body the error responses refer to.
  named(JSON.parse(JSON.stringify(ErrorBody)) as JsonObject);

  const sorted = (object: JsonObject) =>
    Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : 1)));
  document.components = {
    ...components,
    schemas: sorted(schemas),
    responses: sorted(responses),
    parameters: sorted(parameters),
  };
  return document;
}

/**
 * Names in `components.parameters` the commonest form of each parameter that two operations or
 * more take alike (by its name: `offset` → `Offset`), and refers to it there.
 */
function sharedParameters(paths: JsonObject, known: JsonObject): JsonObject {
  const parameters: JsonObject = { ...known };
  const uses = new Map<string, { name: string; count: number }>();
  const each = (visit: (list: Json[], index: number, parameter: JsonObject) => void) => {
    for (const item of Object.values(paths)) {
      for (const method of METHODS) {
        const operation = isObject(item) ? item[method] : undefined;
        const list = isObject(operation) ? operation.parameters : undefined;
        if (!Array.isArray(list)) continue;
        list.forEach((parameter, index) => {
          if (isObject(parameter) && typeof parameter.name === 'string') visit(list, index, parameter);
        });
      }
    }
  };
  each((_, __, parameter) => {
    const key = canonical(parameter);
    const use = uses.get(key) ?? { name: String(parameter.name), count: 0 };
    uses.set(key, { ...use, count: use.count + 1 });
  });
  const commonest = new Map<string, { key: string; count: number }>();
  for (const [key, { name, count }] of uses) {
    if (count >= 2 && count > (commonest.get(name)?.count ?? 0)) commonest.set(name, { key, count });
  }
  const names = new Map<string, string>();
  for (const [name, { key }] of commonest) names.set(key, name.charAt(0).toUpperCase() + name.slice(1));
  each((list, index, parameter) => {
    const key = canonical(parameter);
    const name = names.get(key);
    if (!name || (parameters[name] !== undefined && canonical(parameters[name]) !== key)) return;
    parameters[name] = parameter;
    list[index] = { $ref: `#/components/parameters/${name}` };
  });
  return parameters;
}
