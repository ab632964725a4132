import { Type } from 'typebox';
import { IdParams } from '../http/schemas.js';
import type { App, AppDeps } from '../http/types.js';
import { addMember, changeRole, Member, memberListing, removeMember, UpdateMember } from '../members/members.service.js';
import { memberCallerOf } from './console-auth.js';
import { AddedMember, AddMember } from './console.schemas.js';

/**
 * The Members page. The member acts with their role's scopes: members:read to list, members:edit to
 * add or change a role (giving a role needs every scope of it), members:delete to remove.
 */
export function registerConsoleMemberRoutes(app: App, { database }: AppDeps): void {
  app.get(
    '/members',
    { config: { scope: 'members:read' }, schema: { querystring: memberListing.listQuery, response: { 200: memberListing.listSchema } } },
    async (request) => memberListing.list(database, memberCallerOf(request).workspaceId, request.query),
  );

  app.post('/members', { config: { scope: 'members:edit' }, schema: { body: AddMember, response: { 201: AddedMember } } }, async (request, reply) => {
    const caller = memberCallerOf(request);
    const { invitation, ...added } = await addMember(database, { ...request.body, workspaceId: caller.workspaceId, invite: true }, caller.actor, caller.scopes);
    const member = await memberListing.get(database, caller.workspaceId, added.id);
    return reply.code(201).send({ member, invitation: invitation ?? null });
  });

  app.patch('/members/:id', { config: { scope: 'members:edit' }, schema: { params: IdParams, body: UpdateMember, response: { 200: Member } } }, async (request) =>
    changeRole(database, memberCallerOf(request), request.params.id, request.body.role),
  );

  app.delete('/members/:id', { config: { scope: 'members:delete' }, schema: { params: IdParams, response: { 204: Type.Null() } } }, async (request, reply) => {
    const caller = memberCallerOf(request);
    await removeMember(database, caller.workspaceId, request.params.id, caller.actor);
    return reply.code(204).send(null);
  });
}
