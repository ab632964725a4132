import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import { ErrorBody } from '../../src/base/http/errors.js';
import type { Family, FamilyTable } from '../../src/base/resources/family.js';
import type { Listing } from '../../src/base/resources/listing.js';
import type { Harness } from './harness.js';
import { Value } from 'typebox/value';

/**
 * A response body typed by the schema the API declares for it, and checked against that schema,
 * so a test reads fields the compiler knows and fails when the wire format drifts.
 */
export function bodyOf<S extends TSchema>(schema: S, response: LightMyRequestResponse): Static<S> {
  const body: unknown = response.json();
  if (!Value.Check(schema, body)) {
    const errors = [...Value.Errors(schema, body)].slice(0, 3);
    assert.fail(
      `${response.statusCode} body does not match its schema: ${JSON.stringify(errors)} ` +
        `in ${response.body.slice(0, 300)}`,
    );
  }
  return body as Static<S>;
}

/** An error body (docs/api.md), checked against its schema. */
export const errorOf = (response: LightMyRequestResponse) => bodyOf(ErrorBody, response);

/**
 * A family's routes as a key calls them, each answer checked against the schema the route
 * declares and typed from it: create (201), get and update (200), list (the offset envelope).
 */
export function familyClient<T extends FamilyTable, Item extends TObject>(
  h: Harness,
  key: string,
  family: Family<T, Item>,
) {
  const path = `/public/v1${family.definition.path}`;
  const item = family.definition.schemas.item;
  const expect = async (status: number, response: Promise<LightMyRequestResponse>) => {
    const answered = await response;
    assert.equal(answered.statusCode, status, answered.body);
    return answered;
  };
  return {
    create: async (body: Record<string, unknown>) =>
      bodyOf(item, await expect(201, h.call('POST', path, { key, body }))),
    get: async (id: string) => bodyOf(item, await expect(200, h.call('GET', `${path}/${id}`, { key }))),
    update: async (id: string, body: Record<string, unknown>) =>
      bodyOf(item, await expect(200, h.call('PATCH', `${path}/${id}`, { key, body }))),
    list: async (query: Record<string, string> = {}) =>
      bodyOf(family.list, await expect(200, h.call('GET', path, { key, query }))),
  };
}

/** A non-family list (tags, users, members, agents, discovered applications) read through its schemas. */
export function listingClient<Row, Item extends TObject>(h: Harness, key: string, listing: Listing<Row, Item>) {
  const path = `/public/v1${listing.path}`;
  return {
    get: async (id: string) => bodyOf(listing.item, await h.call('GET', `${path}/${id}`, { key })),
    list: async (query: Record<string, string> = {}) =>
      bodyOf(listing.listSchema, await h.call('GET', path, { key, query })),
  };
}

/** POST and PUT through the public API as a key, asserting success; a POST answers the created id. */
export function writer(h: Harness, key: string) {
  return {
    async post(path: string, body: unknown) {
      const response = await h.call('POST', `/public/v1/${path}`, { key, body });
      assert.equal(response.statusCode, 201, `${path}: ${response.body}`);
      return bodyOf(Type.Object({ id: Type.String({ format: 'uuid' }) }), response);
    },
    async put(path: string) {
      const response = await h.call('PUT', `/public/v1/${path}`, { key });
      assert.equal(response.statusCode, 204, `${path}: ${response.body}`);
    },
  };
}
