import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AUDIT_ACTIONS, AUDIT_CATEGORIES, AUDIT_RESOURCE_TYPES } from '../../../src/base/audit/audit.types.js';
import { describeEachDatabase } from '../../support/harness.js';
import { inlined } from '../../support/api-document.js';
import { componentName } from '../../../src/base/resources/family.js';

describeEachDatabase('OpenAPI document and reference page', (h) => {
  it('/openapi.json is an OpenAPI 3.1 document generated from the routes, served without a key', async () => {
    const res = await h.call('GET', '/openapi.json');
    assert.equal(res.statusCode, 200);
    const doc = res.json();
    assert.equal(doc.openapi, '3.1.0');
    for (const path of [
      '/public/v1/me',
      '/public/v1/audit-log',
      '/public/v1/application-catalog',
      '/public/v1/tenant',
    ]) {
      assert.ok(doc.paths[path], `${path} is documented`);
    }
  });

  it('names the bodies of each family, the shared pieces and the error responses once, in components', async () => {
    const res = await h.call('GET', '/openapi.json');
    assert.ok(res.rawPayload.length <= 300_000, `the document is at most 300 KB: ${res.rawPayload.length} bytes`);
    const doc = res.json();
    const { schemas, responses } = doc.components;
    const ref = (schema: any) => schema?.$ref;
    const bodyOf = (part: any) => part?.content?.['application/json']?.schema;
    for (const family of h.registry.families) {
      const name = componentName(family.definition.noun);
      const path = `/public/v1${family.definition.path}`;
      for (const suffix of ['', 'Create', 'Patch', 'List'])
        assert.ok(schemas[`${name}${suffix}`], `components.schemas.${name}${suffix}`);
      assert.equal(ref(bodyOf(doc.paths[path].get.responses['200'])), `#/components/schemas/${name}List`);
      assert.equal(ref(bodyOf(doc.paths[path].post.requestBody)), `#/components/schemas/${name}Create`);
      assert.equal(ref(bodyOf(doc.paths[path].post.responses['201'])), `#/components/schemas/${name}`);
      assert.equal(ref(bodyOf(doc.paths[`${path}/{id}`].get.responses['200'])), `#/components/schemas/${name}`);
      assert.equal(ref(bodyOf(doc.paths[`${path}/{id}`].patch.requestBody)), `#/components/schemas/${name}Patch`);
      assert.equal(schemas[`${name}List`].properties.pagination.$ref, '#/components/schemas/Pagination');
    }
    const inline: string[] = [];
    const titled = (value: any, where: string): void => {
      if (!value || typeof value !== 'object') return;
      if (typeof value.title === 'string') inline.push(`${where}: ${value.title}`);
      for (const [key, entry] of Object.entries(value))
        if (!['examples', 'default'].includes(key)) titled(entry, where);
    };
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      titled(item, path);
      for (const [method, operation] of Object.entries<any>(item)) {
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          if (Number(status) < 400) continue;
          assert.match(ref(response) ?? '', /^#\/components\/responses\/[A-Za-z]+$/, `${method} ${path} ${status}`);
        }
      }
    }
    assert.deepEqual(inline, [], 'every titled schema is named in components, none left inline');
    for (const [name, response] of Object.entries<any>(responses)) {
      if (name === 'Unauthorized') assert.equal(response.content, undefined, 'a 401 has no body');
      else assert.equal(ref(bodyOf(response)), '#/components/schemas/Error', name);
    }
    inlined(doc); // every reference names something the document holds
  });

  it('every operation has an operationId, a description, tags and a 200 schema plus the error responses', async () => {
    const doc = inlined((await h.call('GET', '/openapi.json')).json());
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        assert.match(operation.operationId ?? '', /^[a-z]+[A-Za-z]*$/, `${where} operationId`);
        assert.ok(!operationIds.has(operation.operationId), `${where} operationId is unique`);
        operationIds.add(operation.operationId);
        assert.ok(operation.description?.length > 20, `${where} description`);
        assert.ok(operation.tags?.length > 0, `${where} tags`);
        const success = Object.keys(operation.responses).filter((status) => status.startsWith('2'));
        assert.equal(success.length, 1, `${where} has one success response`);
        if (success[0] !== '204')
          assert.ok(operation.responses[success[0]!].content?.['application/json']?.schema, `${where} success schema`);
        const expected = path.startsWith('/public/') ? ['401', '403', '500'] : ['400', '401', '500'];
        for (const status of expected) assert.ok(operation.responses[status], `${where} documents ${status}`);
        const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        const declared = (operation.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name);
        assert.deepEqual(declared.sort(), pathParams.sort(), `${where} declares its path parameters`);
        // POST …/application is an action on the discovered application and takes no body.
        if (['post', 'patch'].includes(method) && !path.endsWith('/application'))
          assert.ok(operation.requestBody?.content?.['application/json']?.schema, `${where} declares its body`);
        if (method === 'get' && path.startsWith('/public/')) {
          for (const p of operation.parameters ?? [])
            assert.ok(p.description || p.schema?.description, `${where} parameter ${p.name} is described`);
        }
      }
    }
  });

  it('every field of every response schema has a description', async () => {
    const doc = inlined((await h.call('GET', '/openapi.json')).json());
    const missing: string[] = [];
    const walk = (schema: any, where: string) => {
      if (!schema || typeof schema !== 'object') return;
      for (const [name, property] of Object.entries<any>(schema.properties ?? {})) {
        if (!property.description && !['data', 'pagination'].includes(name)) missing.push(`${where}.${name}`);
        walk(property, `${where}.${name}`);
      }
      walk(schema.items, `${where}[]`);
      for (const variant of schema.anyOf ?? []) walk(variant, where);
    };
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        for (const [status, response] of Object.entries<any>(operation.responses)) {
          if (status.startsWith('2'))
            walk(response.content?.['application/json']?.schema, `${method.toUpperCase()} ${path}`);
        }
      }
    }
    assert.deepEqual(missing, []);
  });

  it('audit-log description and filters list exactly the categories, actions and resource types in use', async () => {
    const doc = inlined((await h.call('GET', '/openapi.json')).json());
    const operation = doc.paths['/public/v1/audit-log'].get;
    const param = (name: string) => operation.parameters.find((p: any) => p.name === name);
    assert.deepEqual(param('category').schema.enum, [...AUDIT_CATEGORIES]);
    assert.deepEqual(param('actions').schema.items.enum, [...AUDIT_ACTIONS]);
    assert.deepEqual(param('resourceType').schema.enum, [...AUDIT_RESOURCE_TYPES]);
    for (const value of [...AUDIT_CATEGORIES, ...AUDIT_ACTIONS, ...AUDIT_RESOURCE_TYPES])
      assert.match(operation.description, new RegExp(`\\b${value}\\b`));
  });

  it('/docs serves a readable API reference page without a key', async () => {
    const res = await h.call('GET', '/docs');
    const page = res.statusCode === 302 ? await h.call('GET', String(res.headers.location)) : res;
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<html/i);
  });
});
