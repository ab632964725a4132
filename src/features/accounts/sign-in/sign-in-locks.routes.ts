import { Type, type Static } from 'typebox';
import { DateTime, IdParams, OrNull, Uuid } from '../../../base/http/schemas.js';
import type { App, AppDeps } from '../../../base/http/types.js';
import { membersOf, requireMember } from '../members/memberships.js';
import { memberCallerOf } from '../../../base/http/console.js';
import { unlockPerson } from './sign-in.js';
import { lockStateOf } from './sign-in-throttle.js';

export const SignInLocks = Type.Object({
  data: Type.Array(
    Type.Object({
      memberId: Uuid('A member of this workspace whose sign-in is locked or slowed.'),
      lockedUntil: OrNull(
        DateTime('The latest end of a lock of this person from some address.'),
        'Null when no address is locked.',
      ),
      slowed: Type.Boolean({ description: "Failures from any address slow this person's password checks down." }),
    }),
  ),
});
export type SignInLocks = Static<typeof SignInLocks>;

const Unlocked = Type.Object({ memberId: Uuid('The member.'), unlocked: Type.Literal(true) });

/**
 * The sign-in locks of the workspace's members, for its admins, and ending the locks of addresses.
 * The account's spacing of checks is the operator's to end (`estate member unlock`), since it
 * protects a person other workspaces may have too (docs/console.md, "Unlocking").
 */
export function registerSignInLockRoutes(app: App, { database }: AppDeps): void {
  app.get(
    '/members/sign-in-locks',
    { config: { adminOnly: true }, schema: { response: { 200: SignInLocks } } },
    async (request) => {
      const { workspaceId } = memberCallerOf(request);
      const members = await membersOf(database.db, workspaceId).execute();
      const locks = await lockStateOf(
        database.db,
        members.map((member) => member.email),
      );
      const data: SignInLocks['data'] = [];
      for (const member of members) {
        const lock = locks.get(member.email);
        if (lock) data.push({ memberId: member.id, lockedUntil: lock.lockedUntil, slowed: lock.slowed });
      }
      return { data };
    },
  );

  app.post(
    '/members/:id/unlock',
    { config: { adminOnly: true }, schema: { params: IdParams, response: { 200: Unlocked } } },
    async (request) => {
      const { workspaceId, actor } = memberCallerOf(request);
      const member = await requireMember(database.db, workspaceId, request.params.id);
      await unlockPerson(database, member.email, actor, { workspaceId });
      return { memberId: member.id, unlocked: true as const };
    },
  );
}
