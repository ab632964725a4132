import type { Kysely } from 'kysely';
import { Type, type Static } from 'typebox';
import { ROLE_NAMES, type RoleName } from '../access/scopes.js';
import type { Actor } from '../audit/audit.types.js';
import { recordAudit } from '../audit/audit.writer.js';
import type { Database } from '../db/database.js';
import type { Tables } from '../db/schema.js';
import { containsText } from '../db/text-search.js';
import { inTransaction, writeTransaction } from '../db/write.js';
import { ApiError, notFound } from '../errors/api-error.js';
import type { AppDeps, App } from '../http/types.js';
import { principalOf, type Principal } from '../http/authenticate.js';
import { getRolePermissions } from '../roles/roles.service.js';
import { errorResponses, PUBLIC_ERRORS } from '../http/errors.js';
import { ifMatchOf, requireMatch, withEtag } from '../http/etag.js';
import { DateTime, IdParams, Uuid } from '../http/schemas.js';
import { isUuid } from '../ids.js';
import { listQuerySchema, offsetListSchema, pageOf, paginate, sortOf, type OffsetList } from '../pagination/offset.js';

const Member = Type.Object(
  {
    id: Uuid('Member id: the membership of one person in this workspace.'),
    userId: Uuid('The person (see /users).'),
    email: Type.String({ description: 'Login e-mail.', examples: ['ada@acme.test'] }),
    name: Type.String({ description: 'Display name.', examples: ['Ada Lovelace'] }),
    role: Type.Enum(ROLE_NAMES, { description: 'System role: read, write or admin.' }),
    createdAt: DateTime('When the person joined the workspace.'),
  },
  { description: 'A person\'s membership of the workspace, with their role.' },
);
type Member = Static<typeof Member>;

const MemberListQuery = listQuerySchema(
  { role: Type.Optional(Type.Enum(ROLE_NAMES, { description: 'Only members with this role.' })) },
  ['name', 'email', 'role', 'createdAt'],
  'Case-insensitive text in the name or e-mail.',
);
const UpdateMember = Type.Object(
  { role: Type.Enum(ROLE_NAMES, { description: 'The new role. The last admin cannot be demoted (422).' }) },
  { additionalProperties: false },
);
const SORT = { name: 'users.name', email: 'users.email', role: 'members.role', createdAt: 'members.created_at' };

function memberQuery(db: Kysely<Tables>, workspaceId: string) {
  return db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select(['members.id', 'members.user_id', 'members.role', 'members.created_at', 'users.email', 'users.name'])
    .where('members.workspace_id', '=', workspaceId);
}

type MemberRow = { id: string; user_id: string; role: string; created_at: string; email: string; name: string };

function memberRowToDto(row: MemberRow): Member {
  return { id: row.id, userId: row.user_id, email: row.email, name: row.name, role: row.role as Member['role'], createdAt: row.created_at };
}

async function requireMember(db: Kysely<Tables>, workspaceId: string, id: string): Promise<MemberRow> {
  const row = isUuid(id) ? await memberQuery(db, workspaceId).where('members.id', '=', id).executeTakeFirst() : undefined;
  if (!row) throw notFound('member');
  return row;
}

/** 422 when the change would leave the workspace with no admin. */
async function refuseLastAdmin(trx: Kysely<Tables>, workspaceId: string, member: MemberRow, what: string): Promise<void> {
  if (member.role !== 'admin') return;
  const admins = await trx
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  if (Number(admins.count) <= 1) throw new ApiError('unprocessable_entity', `the last admin of the workspace cannot be ${what}`);
}

async function listMembers(database: Database, workspaceId: string, query: Static<typeof MemberListQuery>): Promise<OffsetList<Member>> {
  const page = pageOf(query);
  let base = memberQuery(database.db, workspaceId);
  if (query.q) base = base.where((eb) => eb.or([containsText('users.name', query.q!), containsText('users.email', query.q!)]));
  if (query.role) base = base.where('members.role', '=', query.role);
  const { rows, total } = await paginate(base, page, sortOf(query.sort, SORT, 'name'), 'members.id');
  return { data: rows.map(memberRowToDto), pagination: { ...page, total } };
}

/**
 * Changes a member's role. The caller must hold every scope of the role it gives (the
 * creator-subset rule of spec §5 rule 6, applied to promotion): a key with members:edit alone
 * cannot make anyone an admin, who could then mint an admin key.
 */
async function changeRole(database: Database, principal: Principal, id: string, role: RoleName, ifMatch?: string): Promise<Member> {
  const { workspaceId, actor } = principal;
  return writeTransaction(database, workspaceId, async (trx) => {
    const member = await requireMember(trx, workspaceId, id);
    requireMatch(ifMatch, memberRowToDto(member));
    if (member.role === role) return memberRowToDto(member);
    const missing = (await getRolePermissions(inTransaction(database, trx), workspaceId, role)).find((scope) => !principal.scopes.includes(scope));
    if (missing) throw new ApiError('insufficient_permission', `missing permission: ${missing} (giving the role ${role} needs every scope of that role)`);
    await refuseLastAdmin(trx, workspaceId, member, 'demoted');
    await trx.updateTable('members').set({ role }).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
    await recordAudit(trx, {
      workspaceId,
      category: 'organisation',
      action: 'update',
      actor,
      resourceType: 'member',
      resourceId: id,
      resourceName: member.name,
      changes: { role: { before: member.role, after: role } },
    });
    return memberRowToDto({ ...member, role });
  });
}

/** Removes a membership and everything that tied the person to this workspace: teams, ownerships, assigned machines. */
async function removeMember(database: Database, workspaceId: string, id: string, actor: Actor, ifMatch?: string): Promise<void> {
  await writeTransaction(database, workspaceId, async (trx) => {
    const member = await requireMember(trx, workspaceId, id);
    requireMatch(ifMatch, memberRowToDto(member));
    await refuseLastAdmin(trx, workspaceId, member, 'removed');
    for (const table of ['team_members', 'application_owners', 'server_owners'] as const) {
      await trx.deleteFrom(table).where('workspace_id', '=', workspaceId).where('user_id', '=', member.user_id).execute();
    }
    await trx.updateTable('workstations').set({ assigned_user_id: null }).where('workspace_id', '=', workspaceId).where('assigned_user_id', '=', member.user_id).execute();
    await trx.deleteFrom('members').where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
    await recordAudit(trx, { workspaceId, category: 'organisation', action: 'delete', actor, resourceType: 'member', resourceId: id, resourceName: member.name });
  });
}

export function registerMemberRoutes(app: App, { database }: AppDeps): void {
  app.get(
    '/members',
    {
      config: { scope: 'members:read' },
      schema: {
        operationId: 'listMembers',
        tags: ['people'],
        summary: 'List members',
        description: 'Memberships of the workspace with each person\'s role. Scope: members:read.',
        querystring: MemberListQuery,
        response: { 200: offsetListSchema(Member, 'Offset list of members.'), ...errorResponses(...PUBLIC_ERRORS) },
      },
    },
    async (request) => listMembers(database, principalOf(request).workspaceId, request.query),
  );

  app.get(
    '/members/:id',
    {
      config: { scope: 'members:read' },
      schema: {
        operationId: 'getMember',
        tags: ['people'],
        summary: 'Get a member',
        description: 'One membership of the workspace. Scope: members:read.',
        params: IdParams,
        response: { 200: Member, ...errorResponses(...PUBLIC_ERRORS, 404) },
      },
    },
    async (request, reply) => withEtag(reply, memberRowToDto(await requireMember(database.db, principalOf(request).workspaceId, request.params.id))),
  );

  app.patch(
    '/members/:id',
    {
      config: { scope: 'members:edit' },
      schema: {
        operationId: 'updateMember',
        tags: ['people'],
        summary: 'Change a member\'s role',
        description: 'Sets the member\'s role. The key must hold every scope of the role it gives (else 403 insufficient_permission). Demoting the last admin answers 422. Existing API keys keep their permissions. Audited. Scope: members:edit.',
        params: IdParams,
        body: UpdateMember,
        response: { 200: Member, ...errorResponses(...PUBLIC_ERRORS, 404, 412, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      return withEtag(reply, await changeRole(database, principal, request.params.id, request.body.role, ifMatchOf(request)));
    },
  );

  app.delete(
    '/members/:id',
    {
      config: { scope: 'members:delete' },
      schema: {
        operationId: 'deleteMember',
        tags: ['people'],
        summary: 'Remove a member',
        description: 'Removes the person from the workspace, its teams and the applications and servers they owned, and unassigns their workstations. Removing the last admin answers 422. Audited. Scope: members:delete.',
        params: IdParams,
        response: { 204: Type.Null({ description: 'Removed.' }), ...errorResponses(...PUBLIC_ERRORS, 404, 412, 422) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      await removeMember(database, principal.workspaceId, request.params.id, principal.actor, ifMatchOf(request));
      return reply.code(204).send(null);
    },
  );
}
