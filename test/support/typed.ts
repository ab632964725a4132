import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';

/**
 * A response body typed by the schema the API declares for it, and checked against that schema,
 * so a test reads fields the compiler knows and fails when the wire format drifts.
 */
export function bodyOf<S extends TSchema>(schema: S, response: LightMyRequestResponse): Static<S> {
  const body: unknown = response.json();
  if (!Value.Check(schema, body)) {
    const errors = [...Value.Errors(schema, body)].slice(0, 3);
    assert.fail(`${response.statusCode} body does not match its schema: ${JSON.stringify(errors)} in ${response.body.slice(0, 300)}`);
  }
  return body as Static<S>;
}
