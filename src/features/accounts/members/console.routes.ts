import { ifMatchOf } from '../../../base/http/etag.js';
import { IdParams } from '../../../base/http/schemas.js';
import type { App, AppDeps } from '../../../base/http/types.js';
import { activeKeysMadeBy } from '../keys/keys.service.js';
import { addMember } from './members.service.js';
import { changeRoleAndKeys, type KeysChoice, removeMemberAndKeys, requireMember } from './memberships.js';
import { memberCallerOf } from '../../../base/http/console.js';
import {
  AddedMember,
  AddMember,
  ChangedMember,
  ChangeMemberRole,
  MemberKeyList,
  RemovedMember,
  RemoveMemberQuery,
} from '../console.schemas.js';

/**
 * What the console says when the person already has an account (the same whether or not they have
 * a password).
 */
export const EXISTING_PERSON_NOTICE =
  'They already have an Estate account: they will see this workspace at their next sign-in. ' +
  'Someone who never chose a password gets a link from the operator (estate member invite).';

const keysChoice = (revokeKeys: boolean | undefined): KeysChoice => (revokeKeys ? 'revoke' : 'report');

/**
 * Adding a member from the console (an invitation link only for a person this addition creates),
 * and the admins' removal and demotion that show, and may revoke, the keys the member made. The
 * list and the key-less changes are the workspace routes under /ui/api/v1/members.
 */
export function registerConsoleMemberRoutes(app: App, { database, registry }: AppDeps): void {
  const families = async () => registry;
  app.post(
    '/members',
    { config: { scope: 'members:edit' }, schema: { body: AddMember, response: { 201: AddedMember } } },
    async (request, reply) => {
      const caller = memberCallerOf(request);
      const added = await addMember(
        database,
        families,
        { ...request.body, workspaceId: caller.workspaceId, invite: true, discreet: true },
        caller.actor,
        caller,
      );
      return reply.code(201).send({
        member: { id: added.id, email: added.email, role: added.role },
        invitation: added.invitation ?? null,
        notice: added.invitation ? null : EXISTING_PERSON_NOTICE,
      });
    },
  );

  // Removing or demoting a member together with the keys they made: the console's own routes,
  // admin-only because they show and revoke keys; the public member routes leave keys alone. Each
  // is one transaction with its audit events, so a refused change (the last admin) revokes nothing.
  app.get(
    '/members/:id/keys',
    { config: { adminOnly: true }, schema: { params: IdParams, response: { 200: MemberKeyList } } },
    async (request) => {
      const { workspaceId } = memberCallerOf(request);
      await requireMember(database.db, workspaceId, request.params.id);
      return { data: await activeKeysMadeBy(database.db, workspaceId, request.params.id) };
    },
  );

  app.patch(
    '/members/:id',
    {
      config: { adminOnly: true, scope: 'members:edit' },
      schema: { params: IdParams, body: ChangeMemberRole, response: { 200: ChangedMember } },
    },
    async (request) =>
      changeRoleAndKeys(database, memberCallerOf(request), request.params.id, request.body.role, {
        ifMatch: ifMatchOf(request),
        keys: keysChoice(request.body.revokeKeys),
      }),
  );

  app.delete(
    '/members/:id',
    {
      config: { adminOnly: true, scope: 'members:delete' },
      schema: { params: IdParams, querystring: RemoveMemberQuery, response: { 200: RemovedMember } },
    },
    async (request) => {
      const { workspaceId, actor } = memberCallerOf(request);
      const outcome = await removeMemberAndKeys(database, families, workspaceId, request.params.id, actor, {
        ifMatch: ifMatchOf(request),
        keys: keysChoice(request.query.revokeKeys),
      });
      return { id: request.params.id, removed: true as const, ...outcome };
    },
  );
}
