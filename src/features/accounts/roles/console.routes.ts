/**
 * The console's Roles page (/ui/roles): every role with its scopes and restrictions; admins edit
 * the system roles' scopes, and create, change and delete custom roles, seeing what restrictions
 * reach before they save them.
 */
import { Type } from 'typebox';
import { memberCallerOf } from '../../../base/http/console.js';
import type { App, AppDeps } from '../../../base/http/types.js';
import { familyKey } from '../../../base/resources/reach.js';
import { createRole, deleteRole, listRoles, reachCounts, updateRole } from './custom-roles.service.js';
import {
  CreateRole,
  ReachCounts,
  ReachPreview,
  Role,
  RoleName,
  RoleNameParams,
  RolesView,
  SetRole,
  UpdateRole,
} from './roles.schemas.js';

export function registerRoleConsoleRoutes(app: App, { database, registry }: AppDeps): void {
  const families = registry.families.map((family) => ({
    key: familyKey(family),
    many: family.definition.nouns.many,
    filters: Object.keys(family.definition.filters ?? {}),
  }));

  app.get('/roles', { config: { reach: 'none' }, schema: { response: { 200: RolesView } } }, async (request) => {
    const { workspaceId } = memberCallerOf(request);
    return { roles: await listRoles(database.reader, workspaceId), scopes: [...registry.scopes.all], families };
  });

  app.post(
    '/roles',
    { config: { adminOnly: true }, schema: { body: CreateRole, response: { 201: Role } } },
    async (request, reply) => {
      const caller = memberCallerOf(request);
      const { name, description, permissions, restrictions } = request.body;
      const role = await createRole(
        database,
        registry,
        { workspaceId: caller.workspaceId, name, description, scopes: permissions, restrictions: restrictions ?? {} },
        caller.actor,
      );
      return reply.code(201).send(role);
    },
  );

  // A role's scopes alone (the system roles' editor).
  app.put(
    '/roles/:name',
    {
      config: { adminOnly: true },
      schema: {
        params: RoleNameParams,
        body: SetRole,
        response: { 200: Type.Object({ name: RoleName, permissions: Type.Array(Type.String()) }) },
      },
    },
    async (request) => {
      const caller = memberCallerOf(request);
      const { name, permissions } = await updateRole(
        database,
        registry,
        { workspaceId: caller.workspaceId, name: request.params.name, scopes: request.body.permissions },
        caller.actor,
      );
      return { name, permissions };
    },
  );

  app.patch(
    '/roles/:name',
    { config: { adminOnly: true }, schema: { params: RoleNameParams, body: UpdateRole, response: { 200: Role } } },
    async (request) => {
      const caller = memberCallerOf(request);
      const { description, permissions, restrictions } = request.body;
      return updateRole(
        database,
        registry,
        {
          workspaceId: caller.workspaceId,
          name: request.params.name,
          ...(description !== undefined && { description }),
          ...(permissions && { scopes: permissions }),
          ...(restrictions && { restrictions }),
        },
        caller.actor,
      );
    },
  );

  app.delete(
    '/roles/:name',
    {
      config: { adminOnly: true },
      schema: {
        params: RoleNameParams,
        response: { 200: Type.Object({ id: Type.String(), deleted: Type.Literal(true) }) },
      },
    },
    async (request) => {
      const caller = memberCallerOf(request);
      return deleteRole(database, { workspaceId: caller.workspaceId, name: request.params.name }, caller.actor);
    },
  );

  // What restrictions reach, before a role with them is saved ("1,204 servers").
  app.post(
    '/roles/reach',
    { config: { adminOnly: true }, schema: { body: ReachPreview, response: { 200: ReachCounts } } },
    async (request) => ({
      counts: await reachCounts(database, registry, memberCallerOf(request).workspaceId, request.body.restrictions),
    }),
  );
}
