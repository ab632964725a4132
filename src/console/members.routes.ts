import type { App, AppDeps } from '../http/types.js';
import { addMember } from '../members/members.service.js';
import { memberListing } from '../members/memberships.js';
import { memberCallerOf } from './console-auth.js';
import { AddedMember, AddMember } from './console.schemas.js';

/**
 * Adding a member from the console (listing, role changes and removal are the workspace routes
 * under /ui/api/v1/members). Needs members:edit and every scope of the role given; a person
 * without a password gets a one-time invitation link.
 */
export function registerConsoleMemberRoutes(app: App, { database }: AppDeps): void {
  app.post('/members', { config: { scope: 'members:edit' }, schema: { body: AddMember, response: { 201: AddedMember } } }, async (request, reply) => {
    const caller = memberCallerOf(request);
    const { invitation, ...added } = await addMember(database, { ...request.body, workspaceId: caller.workspaceId, invite: true }, caller.actor, caller.scopes);
    const member = await memberListing.get(database, caller.workspaceId, added.id);
    return reply.code(201).send({ member, invitation: invitation ?? null });
  });
}
