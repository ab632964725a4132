import { requireKnownScopes } from '../members/roles.service.js';
import type { Database } from '../../../base/db/database.js';
import type { App, AppDeps } from '../../../base/http/types.js';
import { createKey, listKeys, revokeKey, rotateKey } from './keys.service.js';
import { membersOf } from '../members/memberships.js';
import { memberCallerOf, postAdminAction } from '../../../base/http/console.js';
import { CreatedKey, CreateKey, KeyList, Revoked, RotatedKey } from '../console.schemas.js';

async function keysOf(database: Database, workspaceId: string): Promise<KeyList> {
  const keys = await listKeys(database, workspaceId);
  const members = await membersOf(database.db, workspaceId).execute();
  const names = new Map(members.map((member) => [member.id, member.name]));
  // Newest first: the key just made is at the top.
  return {
    data: keys.reverse().map((key) => ({ ...key, createdByName: (key.createdBy && names.get(key.createdBy)) ?? null })),
  };
}

/**
 * The Keys page: admins list, create, rotate and revoke the workspace's keys, which only the console
 * and the command line manage (the public API has none of this). Creation applies the rule that a
 * key never gets a scope its creator lacks, with the member's role.
 */
export function registerKeyRoutes(app: App, { database, registry }: AppDeps): void {
  app.get('/keys', { config: { adminOnly: true }, schema: { response: { 200: KeyList } } }, async (request) =>
    keysOf(database, memberCallerOf(request).workspaceId),
  );

  app.post(
    '/keys',
    { config: { adminOnly: true }, schema: { body: CreateKey, response: { 201: CreatedKey } } },
    async (request, reply) => {
      const caller = memberCallerOf(request);
      const { scopes } = request.body;
      const created = await createKey(database, {
        ...request.body,
        ...(scopes === undefined ? {} : { scopes: requireKnownScopes(scopes, registry.scopes) }),
        workspaceId: caller.workspaceId,
        asMemberId: caller.member.memberId,
      });
      return reply.code(201).send(created);
    },
  );

  postAdminAction(app, database, '/keys/:id/rotate', RotatedKey, rotateKey);
  postAdminAction(app, database, '/keys/:id/revoke', Revoked, revokeKey);
}
