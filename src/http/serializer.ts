/**
 * Response serializers that do not validate. A nullable field is published as
 * `anyOf: [T, {type: 'null'}]` (http/schemas.ts OrNull, and the OpenAPI document keeps it so);
 * fast-json-stringify serializes an `anyOf` by validating the value against each branch with
 * Ajv, 13 checks per server row. The serializer gets the same schema with each such pair
 * written `type: [T's type, 'null']`, which it serializes by a `typeof` test, to the same bytes
 * (test/serializer.test.ts compares both for generated values of every response schema).
 */
import fastJson from 'fast-json-stringify';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The non-null branch of `anyOf: [T, null]` when T has one plain type the serializer can test for. */
function nullableOf(schema: Schema): Schema | undefined {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length !== 2) return undefined;
  const nulls = options.filter(
    (option) => isSchema(option) && option.type === 'null' && Object.keys(option).length === 1,
  );
  if (nulls.length !== 1) return undefined;
  const other = options.find((option) => !nulls.includes(option));
  if (!isSchema(other) || typeof other.type !== 'string' || other.type === 'null') return undefined;
  if ('anyOf' in other || 'oneOf' in other || 'allOf' in other || 'const' in other) return undefined;
  return other;
}

/** The schema with every nullable pair rewritten, at any depth; the original is left unchanged. */
export function withoutNullableUnions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutNullableUnions);
  if (!isSchema(schema)) return schema;
  const nullable = nullableOf(schema);
  if (nullable) {
    const { anyOf: _anyOf, ...rest } = schema;
    const inner = withoutNullableUnions(nullable) as Schema;
    return { ...rest, ...inner, type: [inner.type, 'null'] };
  }
  const rewritten: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    // Keywords whose value maps names to schemas, or holds schemas.
    if (key === 'properties' || key === 'patternProperties' || key === 'definitions' || key === '$defs') {
      rewritten[key] = isSchema(value)
        ? Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, withoutNullableUnions(inner)]))
        : value;
    } else if (
      ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else'].includes(key)
    ) {
      rewritten[key] = withoutNullableUnions(value);
    } else rewritten[key] = value;
  }
  return rewritten;
}

/** Fastify's serializer compiler: fast-json-stringify over the rewritten schema. */
export function serializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  return fastJson(withoutNullableUnions(schema) as Parameters<typeof fastJson>[0]);
}
