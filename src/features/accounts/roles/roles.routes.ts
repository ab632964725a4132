import { Type } from 'typebox';
import { callerOf } from '../../../base/http/authenticate.js';
import { errorResponses, PUBLIC_ERRORS } from '../../../base/http/errors.js';
import { IdParams } from '../../../base/http/schemas.js';
import type { App, AppDeps } from '../../../base/http/types.js';
import { notFound } from '../../../base/errors/api-error.js';
import { isUuid } from '../../../base/ids.js';
import { offsetListSchema, pageOf } from '../../../base/lists/offset.js';
import { findRole, listRoles } from './custom-roles.service.js';
import { Role } from './roles.schemas.js';

const RolesQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ description: 'Page size, default 50; clamped to 1..200.' })),
    offset: Type.Optional(
      Type.Integer({
        minimum: -Number.MAX_SAFE_INTEGER,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'Items to skip, default 0; a negative value becomes 0.',
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * The workspace's roles, read only (GET /roles, GET /roles/{id}): the three system roles, then the
 * custom ones by name, each with its scopes and restrictions. Roles are managed in Estate's own
 * application (`estate role …`, the console), never through the public API.
 */
export function registerRoleRoutes(app: App, { database }: AppDeps): void {
  app.get(
    '/roles',
    {
      config: { scope: 'members:read', reach: 'none' },
      schema: {
        operationId: 'listRoles',
        tags: ['people'],
        summary: 'List the roles',
        description:
          'The roles of the workspace: read, write and admin, then its custom roles by name, each with its ' +
          'scopes and restrictions (the list filters its holders are narrowed to). Offset list. Scope: members:read.',
        querystring: RolesQuery,
        response: {
          200: offsetListSchema(Role, 'Offset list of roles.', 'RoleList'),
          ...errorResponses(...PUBLIC_ERRORS),
        },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      const roles = await listRoles(database.reader, callerOf(request).workspaceId);
      return {
        data: roles.slice(page.offset, page.offset + page.limit),
        pagination: { ...page, total: roles.length },
      };
    },
  );

  app.get(
    '/roles/:id',
    {
      config: { scope: 'members:read', reach: 'none' },
      schema: {
        operationId: 'getRole',
        tags: ['people'],
        summary: 'Get a role',
        description: 'One role of the workspace, with its scopes and restrictions. Scope: members:read.',
        params: IdParams,
        response: { 200: Role, ...errorResponses(...PUBLIC_ERRORS, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const role = isUuid(id) ? await findRole(database.reader, callerOf(request).workspaceId, { id }) : undefined;
      if (!role) throw notFound('role');
      return role;
    },
  );
}
