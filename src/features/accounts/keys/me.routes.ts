import { Type } from 'typebox';
import type { AppDeps, App } from '../../../base/http/types.js';
import { principalOf } from '../../../base/http/authenticate.js';
import { NoQuery, errorResponses } from '../../../base/http/errors.js';
import { OrNull } from '../../../base/http/schemas.js';
import { isRestricted } from '../../../base/access/restrictions.js';

export const Introspection = Type.Object(
  {
    workspace: Type.Object(
      {
        id: Type.String({ format: 'uuid', description: 'The workspace the key is bound to.' }),
        name: Type.String({ description: 'Display name.', examples: ['Acme Corp'] }),
      },
      { description: 'The bound workspace.' },
    ),
    key: Type.Object(
      {
        id: Type.String({ format: 'uuid', description: 'Id of the calling key.' }),
        name: Type.String({ description: 'Name given at creation.', examples: ['billing sync'] }),
        alias: OrNull(
          Type.Enum(['read', 'write', 'admin']),
          'read, write or admin; null when the key was created from an explicit list of scopes.',
        ),
      },
      { description: 'Metadata of the calling key.' },
    ),
    permissions: Type.Array(Type.String({ examples: ['applications:read'] }), {
      description: 'Exact, sorted list of scopes granted to the key; authoritative over the alias.',
    }),
    restrictions: Type.Optional(
      Type.Record(Type.String(), Type.Record(Type.String(), Type.Array(Type.String())), {
        description:
          'Only for a key with restrictions (made from a custom role): per family, the list filters its items ' +
          'must match; the key reaches no other item of that family.',
      }),
    ),
  },
  { description: 'Introspection result.' },
);

export function registerMeRoutes(app: App, _deps: AppDeps): void {
  app.get(
    '/me',
    {
      config: { reach: 'none' },
      schema: {
        operationId: 'getMe',
        tags: ['introspection'],
        summary: 'Describe the calling key',
        description:
          'The workspace the key is bound to, the key itself and its exact permissions. Needs no scope: any ' +
          'valid key may call it.',
        querystring: NoQuery,
        response: { 200: Introspection, ...errorResponses(400, 401, 403, 500) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return {
        workspace: { id: principal.workspaceId, name: principal.workspaceName },
        key: { id: principal.keyId, name: principal.keyName, alias: principal.alias as 'read' | null },
        permissions: [...principal.scopes],
        ...(isRestricted(principal.restrictions) && { restrictions: principal.restrictions }),
      };
    },
  );
}
