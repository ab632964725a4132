import type { AppDeps, App } from '../../base/http/types.js';
import { callerOf } from '../../base/http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS } from '../../base/http/errors.js';
import { IdParams } from '../../base/http/schemas.js';
import { Type } from 'typebox';
import { CreateTag, Tag } from './tags.schemas.js';
import { registerListing } from '../../base/resources/listing.js';
import { tagListing } from './tags.repository.js';
import { createTag, deleteTag } from './tags.service.js';
import { ifMatchOf } from '../../base/http/etag.js';

/** The tag routes; `release` is the families' release on delete, which a deleted tag runs. */
export function registerTagRoutes(app: App, deps: AppDeps): void {
  const { database, registry } = deps;
  const { release } = registry;
  registerListing(app, deps, tagListing, 'none');

  app.post(
    '/tags',
    {
      config: { scope: 'tags:add' },
      schema: {
        operationId: 'createTag',
        tags: ['tags'],
        summary: 'Create a tag',
        description:
          'Creates a tag. A name already used in the workspace (in any letter case) answers 422. Tags cannot be ' +
          'edited (there is no tags:edit scope): delete and re-create. Scope: tags:add.',
        body: CreateTag,
        response: { 201: Tag, ...errorResponses(...PUBLIC_ERRORS, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const principal = callerOf(request);
      return reply.code(201).send(await createTag(database, principal.workspaceId, request.body, principal.actor));
    },
  );

  app.delete(
    '/tags/:id',
    {
      config: { scope: 'tags:delete' },
      schema: {
        operationId: 'deleteTag',
        tags: ['tags'],
        summary: 'Delete a tag',
        description:
          'Deletes the tag and unlinks it from everything it was attached to. With If-Match, answers 412 if the tag ' +
          'changed since that ETag. Scope: tags:delete.',
        params: IdParams,
        response: { 204: Type.Null({ description: 'Deleted.' }), ...errorResponses(...PUBLIC_ERRORS, 404, 412) },
      },
    },
    async (request, reply) => {
      const principal = callerOf(request);
      await deleteTag(database, release, {
        workspaceId: principal.workspaceId,
        id: request.params.id,
        actor: principal.actor,
        ifMatch: ifMatchOf(request),
      });
      return reply.code(204).send(null);
    },
  );
}
