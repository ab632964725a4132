import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import fastJson from 'fast-json-stringify';
import { describeEachDatabase } from '../../support/harness.js';
import { inlined } from '../../support/api-document.js';

type Schema = Record<string, any>;

/** Instants of four-digit years, as the service stores them. */
const days = fc.date({ noInvalidDate: true, min: new Date('1000-01-01'), max: new Date('9999-12-31') });

/** Values a response schema allows: formats honoured, strings over all of Unicode and control characters. */
function valuesOf(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...(schema.anyOf as Schema[]).map(valuesOf));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.type))
    return fc.oneof(...(schema.type as string[]).map((type) => valuesOf({ ...schema, type })));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const [min, max] = [schema.minimum ?? -(2 ** 53) + 1, schema.maximum ?? 2 ** 53 - 1];
      return fc.oneof(
        fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
        fc.constantFrom(min, max),
      );
    }
    case 'number': {
      const [min, max] = [schema.minimum ?? -1e300, schema.maximum ?? 1e300];
      return fc.oneof(
        fc.double({ noNaN: true, min, max }),
        fc.constantFrom(0, 1e21, 1e-7, 123.45, 0.1 + 0.2).filter((value) => value >= min && value <= max),
        fc.constant(min),
      );
    }
    case 'string':
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      if (schema.format === 'date-time') return days.map((date) => date.toISOString());
      if (schema.format === 'date') return days.map((date) => date.toISOString().slice(0, 10));
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uri') return fc.webUrl();
      return fc
        .oneof(
          fc.string({ unit: 'grapheme', minLength: schema.minLength ?? 0, maxLength: schema.maxLength ?? 40 }),
          fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)) }),
          fc.constantFrom('"', '\\', '\u2028\u2029', '</script>', 'é', '😀'),
        )
        .map((text) =>
          (text.length < (schema.minLength ?? 0) ? text.padEnd(schema.minLength, 'x') : text).slice(
            0,
            schema.maxLength ?? undefined,
          ),
        );
    case 'array':
      return fc.array(valuesOf(schema.items ?? {}), { maxLength: 3 });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set<string>(schema.required ?? []);
      return fc.record(Object.fromEntries(Object.entries(properties).map(([name, inner]) => [name, valuesOf(inner)])), {
        requiredKeys: Object.keys(properties).filter((name) => required.has(name)),
      });
    }
    default:
      return fc.constant(null);
  }
}

/** Every schema inside `schema` (properties, items, branches), itself first. */
function* schemasIn(schema: unknown): Generator<Schema> {
  if (Array.isArray(schema)) {
    for (const inner of schema) yield* schemasIn(inner);
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  yield schema as Schema;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' || key === 'patternProperties')
      for (const inner of Object.values(value)) yield* schemasIn(inner);
    else if (['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not'].includes(key)) yield* schemasIn(value);
  }
}

/**
 * The schema as it was published before nullable fields became type lists: each `type: [T, 'null']`
 * an `anyOf: [T, {type: 'null'}]`, null out of its enum. Its serializer validates each branch.
 */
function withNullUnions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullUnions);
  if (typeof schema !== 'object' || schema === null) return schema;
  const rewritten: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' || key === 'patternProperties')
      rewritten[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, withNullUnions(inner)]));
    else if (['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf'].includes(key))
      rewritten[key] = withNullUnions(value);
    else rewritten[key] = value;
  }
  const { type, enum: values, description, ...rest } = rewritten;
  if (!Array.isArray(type) || !type.includes('null')) return rewritten;
  const inner: Schema = { ...rest, type: type.find((each: string) => each !== 'null') };
  if (values) inner.enum = (values as unknown[]).filter((value) => value !== null);
  return { anyOf: [inner, { type: 'null' }], ...(description === undefined ? {} : { description }) };
}

describeEachDatabase('response serializer', (h) => {
  it('writes every response schema of /openapi.json as before, as JSON that reads back the same', async () => {
    const document = inlined((await h.call('GET', '/openapi.json')).json());
    let schemas = 0;
    let nullable = 0;
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation?.responses?.['200']?.content?.['application/json']?.schema as Schema | undefined;
        if (!schema) continue;
        schemas += 1;
        for (const inner of schemasIn(schema)) {
          // A nullable field is a type list: fast-json-stringify would check an anyOf's value with Ajv.
          const nullUnion = (inner.anyOf as Schema[] | undefined)?.some((option) => option.type === 'null');
          assert.ok(!nullUnion, `${method.toUpperCase()} ${path}: a nullable field written as anyOf`);
          if (Array.isArray(inner.type) && inner.type.includes('null')) nullable += 1;
        }
        const serialize = fastJson(schema as never);
        const published = fastJson(withNullUnions(schema) as never);
        fc.assert(
          fc.property(valuesOf(schema), (value) => {
            // The bytes the service wrote before its nullable fields were type lists.
            assert.equal(serialize(value), published(value), `${method.toUpperCase()} ${path}`);
            assert.deepStrictEqual(
              JSON.parse(serialize(value)),
              JSON.parse(JSON.stringify(value)),
              `${method.toUpperCase()} ${path}`,
            );
          }),
          { numRuns: 60 },
        );
      }
    }
    assert.ok(schemas > 40, `${schemas} response schemas`);
    assert.ok(nullable > 100, `${nullable} nullable fields`);
  });
});
