import type { AppDeps, App } from '../../../base/http/types.js';
import { callerOf } from '../../../base/http/authenticate.js';
import { NoQuery, errorResponses, PUBLIC_ERRORS } from '../../../base/http/errors.js';
import { Tenant, UpdateTenant } from './tenant.schemas.js';
import { getTenant, updateTenant } from './tenant.service.js';
import { ifMatchOf, withEtag } from '../../../base/http/etag.js';

export function registerTenantRoutes(app: App, { database }: AppDeps): void {
  app.get(
    '/tenant',
    {
      config: { scope: 'tenant:read', reach: 'none' },
      schema: {
        operationId: 'getTenant',
        tags: ['tenant'],
        summary: 'Get the workspace settings',
        description: "Name, default currency and time zone of the key's workspace. Scope: tenant:read.",
        querystring: NoQuery,
        response: { 200: Tenant, ...errorResponses(...PUBLIC_ERRORS) },
      },
    },
    async (request, reply) => withEtag(reply, await getTenant(database, callerOf(request).workspaceId)),
  );

  app.patch(
    '/tenant',
    {
      config: { scope: 'tenant:edit' },
      schema: {
        operationId: 'updateTenant',
        tags: ['tenant'],
        summary: 'Change the workspace settings',
        description:
          'Partial update; omitted fields keep their value. Audited as a settings update of the workspace. ' +
          'With If-Match, answers 412 if the settings changed since that ETag. Scope: tenant:edit.',
        querystring: NoQuery,
        body: UpdateTenant,
        response: { 200: Tenant, ...errorResponses(...PUBLIC_ERRORS, 412, 413, 415) },
      },
    },
    async (request, reply) => {
      const principal = callerOf(request);
      return withEtag(
        reply,
        await updateTenant(database, principal.workspaceId, request.body, principal.actor, ifMatchOf(request)),
      );
    },
  );
}
