import { Type } from 'typebox';
import { callerOf } from '../../../base/http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS } from '../../../base/http/errors.js';
import { ifMatchOf, withEtag } from '../../../base/http/etag.js';
import { IdParams } from '../../../base/http/schemas.js';
import type { App, AppDeps } from '../../../base/http/types.js';
import { registerListing } from '../../../base/resources/listing.js';
import { Member } from './members.service.js';
import { changeRole, memberListing, removeMember, UpdateMember } from './memberships.js';

export function registerMemberRoutes(app: App, deps: AppDeps): void {
  const { database } = deps;
  const families = async () => deps.registry;
  app.patch(
    '/members/:id',
    {
      // A role is given only within the giver's own reach (requireGrantableRole).
      config: { scope: 'members:edit', reach: 'applied' },
      schema: {
        operationId: 'updateMember',
        tags: ['people'],
        summary: "Change a member's role",
        description:
          "Sets the member's role. The key must hold every scope of the role it gives (else 403 " +
          'insufficient_permission). Demoting the last admin answers 422. Existing API keys keep their permissions. ' +
          'Audited. Scope: members:edit.',
        params: IdParams,
        body: UpdateMember,
        response: { 200: Member, ...errorResponses(...PUBLIC_ERRORS, 404, 412, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const principal = callerOf(request);
      return withEtag(
        reply,
        await changeRole(database, principal, request.params.id, request.body.role, ifMatchOf(request)),
      );
    },
  );

  app.delete(
    '/members/:id',
    {
      config: { scope: 'members:delete' },
      schema: {
        operationId: 'deleteMember',
        tags: ['people'],
        summary: 'Remove a member',
        description:
          'Removes the person from the workspace, its teams and the applications and servers they owned, and ' +
          'unassigns their workstations. Removing the last admin answers 422. Audited. Scope: members:delete.',
        params: IdParams,
        response: { 204: Type.Null({ description: 'Removed.' }), ...errorResponses(...PUBLIC_ERRORS, 404, 412, 422) },
      },
    },
    async (request, reply) => {
      await removeMember(database, families, callerOf(request), request.params.id, ifMatchOf(request));
      return reply.code(204).send(null);
    },
  );

  registerListing(app, deps, memberListing, 'none');
}
