/**
 * Memberships by rules: at each sign-in through a provider, the person's role in each workspace
 * with rules for that provider is the highest role any of their groups grants there. A workspace
 * whose rules name another provider (or none) is never touched. No role: a membership the rules
 * made is removed (a leaver), with their sessions there; one an admin made stays, but the
 * provider's sessions no longer reach it. Each change is audited in its workspace with the member
 * as actor and the provider named.
 */
import type { Kysely } from 'kysely';
import { ROLE_NAMES, type RoleName } from '../../../base/access/scopes.js';
import type { Actor } from '../../../base/audit/audit.types.js';
import { recordAudit } from '../../../base/audit/audit.writer.js';
import type { Database } from '../../../base/db/database.js';
import type { Tables } from '../../../base/db/schema.js';
import { writeTransaction } from '../../../base/db/write.js';
import { ApiError } from '../../../base/errors/api-error.js';
import { newId, nowIso } from '../../../base/ids.js';
import { isLastAdmin, removeMemberAndKeys } from '../members/memberships.js';
import { joinPeople } from '../../../families/people/membership-people.js';
import type { DependentsLoader } from '../../../base/resources/registry.js';
import type { SsoProvider } from './providers.js';
import { settingOf, ssoDb } from './rules.service.js';

export interface Granted {
  user: { id: string; name: string } | undefined;
  /** The workspaces the rules grant, oldest membership first: the first is where the session lands. */
  workspaces: { id: string; memberId: string; role: RoleName }[];
}

const rank = (role: RoleName | undefined) => (role ? ROLE_NAMES.indexOf(role) : -1);

/** The highest role the rules give these groups, per workspace with rules for the provider. */
async function rolesByWorkspace(
  db: Kysely<Tables>,
  provider: string,
  groups: string[],
): Promise<Map<string, RoleName | undefined>> {
  const rules = await ssoDb(db)
    .selectFrom('sso_rules')
    .select(['workspace_id', 'group_value', 'role'])
    .where('provider', '=', provider)
    .orderBy('workspace_id')
    .execute();
  const roles = new Map<string, RoleName | undefined>();
  for (const rule of rules) {
    const role = groups.includes(rule.group_value) ? (rule.role as RoleName) : undefined;
    const current = roles.get(rule.workspace_id);
    roles.set(rule.workspace_id, rank(role) > rank(current) ? role : current);
  }
  return roles;
}

const via = (provider: SsoProvider) => ({ provider: { before: null, after: provider.name } });

export async function applyRules(
  database: Database,
  families: DependentsLoader,
  provider: SsoProvider,
  person: { email: string; name: string },
  groups: string[],
): Promise<Granted> {
  const roles = await rolesByWorkspace(database.db, provider.name, groups);
  let user = await database.db
    .selectFrom('users')
    .select(['id', 'name', 'created_at'])
    .where('email', '=', person.email)
    .executeTakeFirst();
  const granted: Granted['workspaces'] = [];
  for (const [workspaceId, role] of roles) {
    const setting = await settingOf(database.db, workspaceId);
    const leaver = await writeTransaction(database, workspaceId, async (trx) => {
      const member = user
        ? await trx
            .selectFrom('members')
            .select(['id', 'role'])
            .where('workspace_id', '=', workspaceId)
            .where('user_id', '=', user.id)
            .executeTakeFirst()
        : undefined;
      const managed = member
        ? await ssoDb(trx)
            .selectFrom('sso_memberships')
            .select('created')
            .where('workspace_id', '=', workspaceId)
            .where('member_id', '=', member.id)
            .where('provider', '=', provider.name)
            .executeTakeFirst()
        : undefined;
      if (!role) {
        if (!member) return undefined;
        await endProviderSessions(trx, workspaceId, user!.id, provider.name);
        if (managed?.created === 1) return member;
        await forget(trx, workspaceId, member.id, provider.name);
        return undefined;
      }
      if (!member && !setting.addNewPeople) return undefined;
      user ??= await personOf(trx, person);
      const actorOf = (memberId: string): Actor => ({ type: 'member', id: memberId, name: user!.name });
      if (!member) {
        const id = newId();
        await trx
          .insertInto('members')
          .values({ workspace_id: workspaceId, id, user_id: user.id, role, created_at: nowIso() })
          .execute();
        await joinPeople(trx, workspaceId, { ...user, email: person.email }, actorOf(id), families);
        await remember(trx, workspaceId, id, provider.name, 1);
        await recordAudit(trx, {
          workspaceId,
          category: 'organisation',
          action: 'create',
          actor: actorOf(id),
          resourceType: 'member',
          resourceId: id,
          resourceName: user.name,
          changes: {
            email: { before: null, after: person.email },
            role: { before: null, after: role },
            ...via(provider),
          },
        });
        granted.push({ id: workspaceId, memberId: id, role });
        return undefined;
      }
      let kept = member.role as RoleName;
      if (member.role !== role && !(member.role === 'admin' && (await isLastAdmin(trx, workspaceId)))) {
        await trx
          .updateTable('members')
          .set({ role })
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', member.id)
          .execute();
        await recordAudit(trx, {
          workspaceId,
          category: 'organisation',
          action: 'update',
          actor: actorOf(member.id),
          resourceType: 'member',
          resourceId: member.id,
          resourceName: user.name,
          changes: { role: { before: member.role, after: role }, ...via(provider) },
        });
        kept = role;
      }
      await remember(trx, workspaceId, member.id, provider.name, managed?.created ?? 0);
      granted.push({ id: workspaceId, memberId: member.id, role: kept });
      return undefined;
    });
    if (leaver && user) await removeLeaver(database, families, provider, workspaceId, leaver.id, user);
  }
  const order = user ? await membershipOrder(database.db, user.id) : [];
  granted.sort((a, b) => order.indexOf(a.memberId) - order.indexOf(b.memberId));
  return { user, workspaces: granted };
}

/**
 * A membership the rules made, no longer granted: removed like `estate member remove` (teams,
 * ownerships, assignments released; keys reported, not revoked), with the member as actor. The
 * last admin is kept (a workspace never loses its last admin), but gets no session from the rules.
 */
async function removeLeaver(
  database: Database,
  families: DependentsLoader,
  provider: SsoProvider,
  workspaceId: string,
  memberId: string,
  user: { id: string; name: string },
): Promise<void> {
  const actor: Actor = { type: 'member', id: memberId, name: `${user.name} (single sign-on: ${provider.name})` };
  try {
    await removeMemberAndKeys(database, families, workspaceId, memberId, actor, { keys: 'report' });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await writeTransaction(database, workspaceId, (trx) => forget(trx, workspaceId, memberId, provider.name));
    return;
  }
  await writeTransaction(database, workspaceId, (trx) =>
    trx.deleteFrom('console_sessions').where('user_id', '=', user.id).where('workspace_id', '=', workspaceId).execute(),
  );
}

async function personOf(trx: Kysely<Tables>, person: { email: string; name: string }) {
  await trx
    .insertInto('users')
    .values({ id: newId(), email: person.email, name: person.name, password_hash: null, created_at: nowIso() })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
  return trx
    .selectFrom('users')
    .select(['id', 'name', 'created_at'])
    .where('email', '=', person.email)
    .executeTakeFirstOrThrow();
}

async function remember(trx: Kysely<Tables>, workspaceId: string, memberId: string, provider: string, created: number) {
  await ssoDb(trx)
    .insertInto('sso_memberships')
    .values({ workspace_id: workspaceId, member_id: memberId, provider, created, synced_at: nowIso() })
    .onConflict((conflict) =>
      conflict.columns(['workspace_id', 'member_id', 'provider']).doUpdateSet({ synced_at: nowIso() }),
    )
    .execute();
}

async function forget(trx: Kysely<Tables>, workspaceId: string, memberId: string, provider: string) {
  await ssoDb(trx)
    .deleteFrom('sso_memberships')
    .where('workspace_id', '=', workspaceId)
    .where('member_id', '=', memberId)
    .where('provider', '=', provider)
    .execute();
}

/** Ends the person's sessions opened through the provider in the workspace. */
async function endProviderSessions(trx: Kysely<Tables>, workspaceId: string, userId: string, provider: string) {
  await ssoDb(trx)
    .deleteFrom('console_sessions')
    .where('user_id', '=', userId)
    .where('workspace_id', '=', workspaceId)
    .where('sso_provider', '=', provider)
    .execute();
}

async function membershipOrder(db: Kysely<Tables>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('members')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('workspace_id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * A refused sign-in of a known person (by the e-mail the provider sent), audited as a sign-in
 * failure with the reason and the provider in the workspaces they belong to whose rules name it.
 */
export async function auditRefusal(
  database: Database,
  provider: SsoProvider,
  email: string,
  reason: string,
): Promise<void> {
  const rows = await ssoDb(database.db)
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select(['members.workspace_id', 'members.id', 'users.name'])
    .where('users.email', '=', email)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sso_rules')
          .select('sso_rules.id')
          .whereRef('sso_rules.workspace_id', '=', 'members.workspace_id')
          .where('sso_rules.provider', '=', provider.name),
      ),
    )
    .execute();
  for (const row of rows) {
    await writeTransaction(database, row.workspace_id, (trx) =>
      recordAudit(trx, {
        workspaceId: row.workspace_id,
        category: 'access',
        action: 'sign_in_failure',
        actor: { type: 'member', id: row.id, name: row.name },
        resourceType: 'member',
        resourceId: row.id,
        resourceName: row.name,
        changes: { provider: { before: null, after: provider.name }, reason: { before: null, after: reason } },
      }),
    );
  }
}
