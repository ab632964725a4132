import { Type } from 'typebox';
import { callerOf } from '../../base/http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS } from '../../base/http/errors.js';
import { ifMatchOf, withEtag } from '../../base/http/etag.js';
import { IdParams } from '../../base/http/schemas.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { registerListing } from '../../base/resources/listing.js';
import { CreatePerson, createPerson, deletePerson, UpdatePerson, updatePerson } from './people.service.js';
import { User, userListing } from './users.module.js';

/** The people of the workspace: read as before, and people without an account added, changed and removed. */
/** The people routes; `release` is the families' release on delete, which a removed person runs. */
export function registerUserRoutes(app: App, deps: AppDeps): void {
  const { database, registry } = deps;
  const { release } = registry;
  registerListing(app, deps, userListing, 'none');

  app.post(
    '/users',
    {
      config: { scope: 'organisation:add' },
      schema: {
        operationId: 'createUser',
        tags: ['people'],
        summary: 'Add a person without an account',
        description:
          'Records someone the estate is assigned to who never signs in: they can own applications and servers, ' +
          'be assigned workstations and belong to teams. An e-mail or employee number another person of the ' +
          'workspace has answers 422. Adding them as a member later (their e-mail) keeps all of it. Audited. ' +
          'Scope: organisation:add.',
        body: CreatePerson,
        response: { 201: User, ...errorResponses(...PUBLIC_ERRORS, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const { workspaceId, actor } = callerOf(request);
      return withEtag(reply.code(201), await createPerson(database, workspaceId, request.body, actor));
    },
  );

  app.patch(
    '/users/:id',
    {
      config: { scope: 'organisation:edit' },
      schema: {
        operationId: 'updateUser',
        tags: ['people'],
        summary: 'Change what the workspace records of a person',
        description:
          "Changes a person's department and employee number, and the name and e-mail of a person without an " +
          "account. A member's name and e-mail are their account's: changing them answers 422. With If-Match, " +
          'answers 412 if the person changed since that ETag. Audited. Scope: organisation:edit.',
        params: IdParams,
        body: UpdatePerson,
        response: { 200: User, ...errorResponses(...PUBLIC_ERRORS, 404, 412, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const { workspaceId, actor } = callerOf(request);
      return withEtag(
        reply,
        await updatePerson(database, workspaceId, request.params.id, request.body, actor, ifMatchOf(request)),
      );
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { scope: 'organisation:delete' },
      schema: {
        operationId: 'deleteUser',
        tags: ['people'],
        summary: 'Remove a person without an account',
        description:
          'Removes the person, their ownerships and team memberships, and unassigns their workstations, each ' +
          'audited on the resource it changes. A member is removed through DELETE /members/{id} (here 422). With ' +
          'If-Match, answers 412 if the person changed since that ETag. Audited. Scope: organisation:delete.',
        params: IdParams,
        response: { 204: Type.Null({ description: 'Removed.' }), ...errorResponses(...PUBLIC_ERRORS, 404, 412, 422) },
      },
    },
    async (request, reply) => {
      const { workspaceId, actor } = callerOf(request);
      await deletePerson(database, release, { workspaceId, id: request.params.id, actor, ifMatch: ifMatchOf(request) });
      return reply.code(204).send(null);
    },
  );
}
