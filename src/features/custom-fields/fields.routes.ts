import { Type } from 'typebox';
import { callerOf } from '../../base/http/authenticate.js';
import { ifMatchOf, withEtag } from '../../base/http/etag.js';
import { errorResponses, NoQuery, PUBLIC_ERRORS } from '../../base/http/errors.js';
import { IdParams } from '../../base/http/schemas.js';
import type { App, AppDeps } from '../../base/http/types.js';
import {
  CreateCustomField,
  CustomField,
  CustomFieldList,
  CustomFieldQuery,
  FieldSchema,
  FieldSchemaQuery,
  UpdateCustomField,
} from '../../base/custom-fields/fields.schemas.js';
import { createField, deleteField, fieldSchema, getField, listFields, updateField } from './fields.service.js';

const TAG = 'custom fields';

/** `/custom-fields`: the workspace's own fields, read with tenant:read and changed with tenant:edit. */
export function registerCustomFieldRoutes(app: App, deps: AppDeps): void {
  registerCustomFieldReadRoutes(app, deps);
  registerCustomFieldWriteRoutes(app, deps);
}

/** The list, the JSON Schema and one definition (tenant:read). */
function registerCustomFieldReadRoutes(app: App, { database }: AppDeps): void {
  app.get(
    '/custom-fields',
    {
      config: { scope: 'tenant:read', reach: 'none' },
      schema: {
        operationId: 'listCustomFields',
        tags: [TAG],
        summary: 'List the custom field definitions',
        description:
          'Every field the workspace defined, by family, then order, then name (at most 64 per family, so the ' +
          'list is not paged); `family` narrows it to one family. Scope: tenant:read.',
        querystring: CustomFieldQuery,
        response: { 200: CustomFieldList, ...errorResponses(...PUBLIC_ERRORS) },
      },
    },
    async (request) => {
      const { workspaceId } = callerOf(request);
      return { data: await listFields(database.db, workspaceId, request.query.family) };
    },
  );

  app.get(
    '/custom-fields/schema',
    {
      config: { scope: 'tenant:read', reach: 'none' },
      schema: {
        operationId: 'getCustomFieldSchema',
        tags: [TAG],
        summary: "The JSON Schema of a family's custom fields",
        description:
          'A JSON Schema (draft 2020-12) of the `customFields` object of the family’s items, built from the ' +
          'workspace’s definitions: types, choices, bounds, patterns, lengths and required fields, so that a ' +
          'client can check a value before sending it. Scope: tenant:read.',
        querystring: FieldSchemaQuery,
        response: { 200: FieldSchema, ...errorResponses(...PUBLIC_ERRORS) },
      },
    },
    async (request) => fieldSchema(database, callerOf(request).workspaceId, request.query.family),
  );

  app.get(
    '/custom-fields/:id',
    {
      config: { scope: 'tenant:read', reach: 'none' },
      schema: {
        operationId: 'getCustomField',
        tags: [TAG],
        summary: 'Get a custom field definition',
        description: 'One definition, with its ETag. Scope: tenant:read.',
        params: IdParams,
        querystring: NoQuery,
        response: { 200: CustomField, ...errorResponses(...PUBLIC_ERRORS, 404) },
      },
    },
    async (request, reply) =>
      withEtag(reply, await getField(database, callerOf(request).workspaceId, request.params.id)),
  );
}

/** Defining, changing and deleting a definition (tenant:edit). */
function registerCustomFieldWriteRoutes(app: App, { database }: AppDeps): void {
  app.post(
    '/custom-fields',
    {
      config: { scope: 'tenant:edit' },
      schema: {
        operationId: 'createCustomField',
        tags: [TAG],
        summary: 'Define a custom field',
        description:
          'Defines a field on one family. Settings that do not fit the type (choices on an integer, a pattern on ' +
          'a date, a default that is not a value of the field) answer 400; a name already used on the family, ' +
          "the name of one of the family's own fields, or a 65th field answer 422. Audited as a settings " +
          'change. Scope: tenant:edit.',
        body: CreateCustomField,
        response: { 201: CustomField, ...errorResponses(...PUBLIC_ERRORS, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const principal = callerOf(request);
      const field = await createField(database, principal.workspaceId, request.body, principal.actor);
      return withEtag(reply.code(201), field);
    },
  );

  app.patch(
    '/custom-fields/:id',
    {
      config: { scope: 'tenant:edit' },
      schema: {
        operationId: 'updateCustomField',
        tags: [TAG],
        summary: 'Change a custom field definition',
        description:
          'Partial update; omitted fields keep their value and the family never changes. The definition is ' +
          'checked whole after the change (400 as for a new one; 422 for a name taken). With If-Match, answers ' +
          '412 if the definition changed since that ETag. Scope: tenant:edit.',
        params: IdParams,
        body: UpdateCustomField,
        response: { 200: CustomField, ...errorResponses(...PUBLIC_ERRORS, 404, 412, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const principal = callerOf(request);
      const field = await updateField(
        database,
        principal.workspaceId,
        request.params.id,
        request.body,
        principal.actor,
        ifMatchOf(request),
      );
      return withEtag(reply, field);
    },
  );

  app.delete(
    '/custom-fields/:id',
    {
      config: { scope: 'tenant:edit' },
      schema: {
        operationId: 'deleteCustomField',
        tags: [TAG],
        summary: 'Delete a custom field definition',
        description:
          'Deletes the definition. With If-Match, answers 412 if it changed since that ETag. Scope: tenant:edit.',
        params: IdParams,
        response: { 204: Type.Null({ description: 'Deleted.' }), ...errorResponses(...PUBLIC_ERRORS, 404, 412) },
      },
    },
    async (request, reply) => {
      const principal = callerOf(request);
      await deleteField(database, principal.workspaceId, request.params.id, principal.actor, ifMatchOf(request));
      return reply.code(204).send(null);
    },
  );
}
