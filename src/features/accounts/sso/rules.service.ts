/**
 * A workspace's single sign-on rules and setting, changed by its admins (console, Settings →
 * Single sign-on) or the operator (`estate sso …`). Every read and write is scoped by the
 * workspace; each change is audited in it as an update of the workspace (category settings).
 */
import type { Kysely } from 'kysely';
import type { RoleName } from '../../../base/access/scopes.js';
import type { Actor } from '../../../base/audit/audit.types.js';
import { recordSettingsUpdate } from '../../../base/audit/audit.writer.js';
import type { Database } from '../../../base/db/database.js';
import type { Tables } from '../../../base/db/schema.js';
import { writeTransaction } from '../../../base/db/write.js';
import { ApiError } from '../../../base/errors/api-error.js';
import { isUuid, newId, nowIso } from '../../../base/ids.js';
import { requireRoleName } from '../members/roles.service.js';
import { requireWorkspace } from '../workspaces/workspaces.service.js';
import type { ProviderRegistry } from './providers.js';
import type { SsoTables } from './sso.table.js';

export interface SsoRule {
  id: string;
  provider: string;
  group: string;
  role: RoleName;
  createdAt: string;
}

export interface SsoSetting {
  requireSso: boolean;
  /** The admin who keeps a password sign-in while single sign-on is required. */
  breakGlassMemberId: string | null;
  /** People whose groups match are added on their first sign-in. */
  addNewPeople: boolean;
}

export const ssoDb = (db: Kysely<Tables>) => db.withTables<SsoTables>();

const DEFAULT_SETTING: SsoSetting = { requireSso: false, breakGlassMemberId: null, addNewPeople: true };

export async function listRules(db: Kysely<Tables>, workspaceId: string): Promise<SsoRule[]> {
  const rows = await ssoDb(db)
    .selectFrom('sso_rules')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('provider')
    .orderBy('group_value')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    group: row.group_value,
    role: row.role as RoleName,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

export async function settingOf(db: Kysely<Tables>, workspaceId: string): Promise<SsoSetting> {
  const row = await ssoDb(db)
    .selectFrom('sso_settings')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!row) return DEFAULT_SETTING;
  return {
    requireSso: row.require_sso === 1,
    breakGlassMemberId: row.break_glass_member_id,
    addNewPeople: row.add_new_people === 1,
  };
}

function requireGroup(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 200)
    throw new ApiError('unprocessable_entity', 'group must be a non-empty text of at most 200 characters');
  return value.trim();
}

/** Adds a rule: people signing in through `provider` whose groups include `group` get `role` here. */
export async function addRule(
  database: Database,
  registry: ProviderRegistry,
  workspaceId: string,
  input: { provider: string; group: string; role: string },
  actor: Actor,
): Promise<SsoRule> {
  await requireWorkspace(database, workspaceId);
  if (!registry.find(input.provider)) {
    const known = registry.providers.map((provider) => provider.name).join(', ') || 'none (OIDC_PROVIDERS is unset)';
    throw new ApiError('unprocessable_entity', `no provider named "${input.provider}"; configured: ${known}`);
  }
  const group = requireGroup(input.group);
  const role = requireRoleName(input.role);
  const rule: SsoRule = { id: newId(), provider: input.provider, group, role, createdAt: nowIso() };
  return writeTransaction(database, workspaceId, async (trx) => {
    const same = await ssoDb(trx)
      .selectFrom('sso_rules')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('provider', '=', rule.provider)
      .where('group_value', '=', group)
      .where('role', '=', role)
      .executeTakeFirst();
    if (same) throw new ApiError('unprocessable_entity', `the same rule exists already (${same.id})`);
    await ssoDb(trx)
      .insertInto('sso_rules')
      .values({
        workspace_id: workspaceId,
        id: rule.id,
        provider: rule.provider,
        group_value: group,
        role,
        created_at: rule.createdAt,
      })
      .execute();
    await recordSettingsUpdate(trx, workspaceId, actor, 'single sign-on rules', {
      ssoRule: { before: null, after: { id: rule.id, provider: rule.provider, group, role } },
    });
    return rule;
  });
}

/** Removes a rule of this workspace (404 for another workspace's: they are indistinguishable). */
export async function removeRule(
  database: Database,
  workspaceId: string,
  ruleId: string,
  actor: Actor,
): Promise<SsoRule> {
  if (!isUuid(ruleId)) throw new ApiError('not_found', 'single sign-on rule not found');
  return writeTransaction(database, workspaceId, async (trx) => {
    const rule = (await listRules(trx, workspaceId)).find((candidate) => candidate.id === ruleId);
    if (!rule) throw new ApiError('not_found', 'single sign-on rule not found');
    await ssoDb(trx).deleteFrom('sso_rules').where('workspace_id', '=', workspaceId).where('id', '=', ruleId).execute();
    await recordSettingsUpdate(trx, workspaceId, actor, 'single sign-on rules', {
      ssoRule: { before: { id: rule.id, provider: rule.provider, group: rule.group, role: rule.role }, after: null },
    });
    return rule;
  });
}

/**
 * Changes the workspace's setting. Requiring single sign-on needs a rule (or nobody could sign
 * in); the break-glass member must be an admin of this workspace. Turning it on ends the password
 * sessions open in the workspace, but the break-glass admin's.
 */
export async function changeSetting(
  database: Database,
  workspaceId: string,
  change: Partial<SsoSetting>,
  actor: Actor,
): Promise<SsoSetting> {
  await requireWorkspace(database, workspaceId);
  return writeTransaction(database, workspaceId, async (trx) => {
    const before = await settingOf(trx, workspaceId);
    const after: SsoSetting = { ...before, ...change };
    if (!after.requireSso && change.breakGlassMemberId === undefined) after.breakGlassMemberId = null;
    if (after.breakGlassMemberId !== null) {
      const admin = isUuid(after.breakGlassMemberId)
        ? await trx
            .selectFrom('members')
            .select('role')
            .where('workspace_id', '=', workspaceId)
            .where('id', '=', after.breakGlassMemberId)
            .executeTakeFirst()
        : undefined;
      if (!admin)
        throw new ApiError('unprocessable_entity', 'the break-glass member is not a member of this workspace');
      if (admin.role !== 'admin') throw new ApiError('unprocessable_entity', 'the break-glass member must be an admin');
    }
    if (after.requireSso && !before.requireSso && (await listRules(trx, workspaceId)).length === 0)
      throw new ApiError(
        'unprocessable_entity',
        'add a single sign-on rule first: with single sign-on required and no rule, nobody could sign in',
      );
    await ssoDb(trx)
      .insertInto('sso_settings')
      .values({
        workspace_id: workspaceId,
        require_sso: after.requireSso ? 1 : 0,
        break_glass_member_id: after.breakGlassMemberId,
        add_new_people: after.addNewPeople ? 1 : 0,
      })
      .onConflict((conflict) =>
        conflict.column('workspace_id').doUpdateSet({
          require_sso: after.requireSso ? 1 : 0,
          break_glass_member_id: after.breakGlassMemberId,
          add_new_people: after.addNewPeople ? 1 : 0,
        }),
      )
      .execute();
    if (after.requireSso) await endPasswordSessions(trx, workspaceId, after.breakGlassMemberId);
    const changes = Object.fromEntries(
      (Object.keys(after) as (keyof SsoSetting)[])
        .filter((key) => before[key] !== after[key])
        .map((key) => [key, { before: before[key], after: after[key] }]),
    );
    await recordSettingsUpdate(trx, workspaceId, actor, 'single sign-on', changes);
    return after;
  });
}

/** Ends the sessions opened with a password in the workspace, but the break-glass admin's. */
async function endPasswordSessions(trx: Kysely<Tables>, workspaceId: string, breakGlass: string | null) {
  let keep: string | undefined;
  if (breakGlass) {
    const member = await trx
      .selectFrom('members')
      .select('user_id')
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', breakGlass)
      .executeTakeFirst();
    keep = member?.user_id;
  }
  let query = ssoDb(trx)
    .deleteFrom('console_sessions')
    .where('workspace_id', '=', workspaceId)
    .where('sso_provider', 'is', null);
  if (keep) query = query.where('user_id', '!=', keep);
  await query.execute();
}
