import { Type } from 'typebox';
import type { Database } from '../db/database.js';
import { IdParams } from '../http/schemas.js';
import type { App, AppDeps } from '../http/types.js';
import { createKey, listKeys, revokeKey, rotateKey } from '../keys/keys.service.js';
import { memberCallerOf } from './console-auth.js';
import { CreatedKey, CreateKey, KeyList, RotatedKey } from './console.schemas.js';

const Revoked = Type.Object({ id: Type.String(), revoked: Type.Literal(true) });

async function keysOf(database: Database, workspaceId: string): Promise<KeyList> {
  const keys = await listKeys(database, workspaceId);
  const members = await database.db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select(['members.id', 'users.name'])
    .where('members.workspace_id', '=', workspaceId)
    .execute();
  const names = new Map(members.map((member) => [member.id, member.name]));
  // Newest first: the key just made is at the top.
  return {
    data: keys.reverse().map((key) => ({ ...key, createdByName: (key.createdBy && names.get(key.createdBy)) ?? null })),
  };
}

/**
 * The Keys page: admins list, create, rotate and revoke the workspace's keys (spec §1.4: the public
 * API has no key management). Creation applies the creator-subset rule with the member's role.
 */
export function registerKeyRoutes(app: App, { database }: AppDeps): void {
  app.get('/keys', { config: { adminOnly: true }, schema: { response: { 200: KeyList } } }, async (request) =>
    keysOf(database, memberCallerOf(request).workspaceId),
  );

  app.post(
    '/keys',
    { config: { adminOnly: true }, schema: { body: CreateKey, response: { 201: CreatedKey } } },
    async (request, reply) => {
      const caller = memberCallerOf(request);
      const created = await createKey(database, {
        ...request.body,
        workspaceId: caller.workspaceId,
        asMemberId: caller.member.memberId,
      });
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/keys/:id/rotate',
    { config: { adminOnly: true }, schema: { params: IdParams, response: { 200: RotatedKey } } },
    async (request) => {
      const caller = memberCallerOf(request);
      return rotateKey(database, request.params.id, caller.actor, caller.workspaceId);
    },
  );

  app.post(
    '/keys/:id/revoke',
    { config: { adminOnly: true }, schema: { params: IdParams, response: { 200: Revoked } } },
    async (request) => {
      const caller = memberCallerOf(request);
      return revokeKey(database, request.params.id, caller.actor, caller.workspaceId);
    },
  );
}
