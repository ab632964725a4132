import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import fastJson from 'fast-json-stringify';
import { serializerCompiler, withoutNullableUnions } from '../src/http/serializer.js';
import { describeEachDatabase } from './support/harness.js';

type Schema = Record<string, any>;

/** Instants of four-digit years, as the service stores them. */
const days = fc.date({ noInvalidDate: true, min: new Date('1000-01-01'), max: new Date('9999-12-31') });

/** Values a response schema allows: formats honoured, strings over all of Unicode and control characters. */
function valuesOf(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...(schema.anyOf as Schema[]).map(valuesOf));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
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

describeEachDatabase('response serializer', (h) => {
  it('serializes every response schema of /openapi.json to the bytes of the validating serializer', async () => {
    const document = (await h.call('GET', '/openapi.json')).json();
    let schemas = 0;
    let rewritten = 0;
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation?.responses?.['200']?.content?.['application/json']?.schema as Schema | undefined;
        if (!schema) continue;
        schemas += 1;
        const before = fastJson(schema as never);
        const after = serializerCompiler({ schema });
        if (JSON.stringify(withoutNullableUnions(schema)) !== JSON.stringify(schema)) rewritten += 1;
        fc.assert(
          fc.property(valuesOf(schema), (value) => {
            assert.equal(after(value), before(value), `${method.toUpperCase()} ${path}`);
          }),
          { numRuns: 60 },
        );
      }
    }
    assert.ok(schemas > 40, `${schemas} response schemas`);
    assert.ok(rewritten > 20, `${rewritten} schemas had nullable unions to rewrite`);
  });

  it('writes a nullable pair as a type list, leaving other unions and the original schema alone', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }], description: 'A.' },
        b: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        c: { type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
      },
    };
    const copy = structuredClone(schema);
    assert.deepEqual(withoutNullableUnions(schema), {
      type: 'object',
      properties: {
        a: { type: ['string', 'null'], format: 'date-time', description: 'A.' },
        b: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        c: { type: 'array', items: { type: ['integer', 'null'] } },
      },
    });
    assert.deepEqual(schema, copy);
  });
});
