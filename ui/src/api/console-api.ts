import type { Answer, Body, Named, Query } from './contract.js';
import type { ConsoleFamily, JsonSchema } from '../inventory/schema.js';
import { ApiFailure, call, callTagged, callText, queryOf, type CallOptions, type Tagged } from './client.js';

type AuditList = Answer<'/v1/audit-log', 'get'>;
type AuditLogQuery = Query<'/v1/audit-log', 'get'>;
type SessionView = Answer<'/session', 'get'>;
type SignIn = Body<'/session', 'post'>;
type ChangePassword = Body<'/password', 'put'>;
type KeyList = Answer<'/keys', 'get'>;
type ConsoleKey = KeyList['data'][number];
type CreateKey = Body<'/keys', 'post'>;
type CreatedKey = Answer<'/keys', 'post'>;
type RotatedKey = Answer<'/keys/{id}/rotate', 'post'>;
type Member = Named<'Member'>;
type AddMember = Body<'/members', 'post'>;
type AddedMember = Answer<'/members', 'post'>;
type ChangedMember = Answer<'/members/{id}', 'patch'>;
type RemovedMember = Answer<'/members/{id}', 'delete'>;
type MemberKeyList = Answer<'/members/{id}/keys', 'get'>;
type MemberKey = MemberKeyList['data'][number];
type SignInLocks = Answer<'/members/sign-in-locks', 'get'>;
type SsoProviders = Answer<'/sso/providers', 'get'>;
type SsoSettings = Answer<'/sso/settings', 'get'>;
type SsoRuleView = Answer<'/sso/rules', 'post'>;
type SsoSettingView = Answer<'/sso/settings', 'put'>;
type RolesView = Answer<'/roles', 'get'>;
type Role = RolesView['roles'][number];
type EnrolledAgent = Answer<'/agents', 'post'>;
type Tenant = Named<'Tenant'>;
type UpdateTenant = Body<'/v1/tenant', 'patch'>;
type InsightSummary = Named<'DashboardSummary'>;
type DashboardView = Answer<'/v1/dashboards/finance', 'get'>;
type GlobalSearchResults = Answer<'/search', 'get'>;
type Person = Named<'User'>;
type CreatePerson = Body<'/v1/users', 'post'>;
type UpdatePerson = Body<'/v1/users/{id}', 'patch'>;
type CustomField = Named<'CustomField'>;
type CustomFieldList = Named<'CustomFieldList'>;
type CreateCustomField = Named<'CustomFieldCreate'>;
type UpdateCustomField = Named<'CustomFieldPatch'>;

/**
 * The console API, typed from its own OpenAPI document (contract.ts, schema.d.ts): a renamed field
 * fails this file's type check, not a user's click.
 * An item that is edited or deleted is loaded with its ETag (`Tagged`), and the change sends it
 * back as If-Match, so a change someone else saved meanwhile answers 412 instead of being lost.
 */

export type {
  AuditList,
  AuditLogQuery,
  GlobalSearchResults,
  ConsoleKey,
  CreatedKey,
  DashboardView,
  EnrolledAgent,
  InsightSummary,
  Member,
  MemberKey,
  Role,
  RolesView,
  SessionView,
  SignInLocks,
  Tagged,
  Tenant,
};
export type AuditEvent = AuditList['data'][number];
export type AgentItem = Named<'Agent'>;
/** A diagram and its parameters, as the console reads them: its query a JSON Schema. */
export type DiagramInfo = Omit<Answer<'/diagrams', 'get'>[number], 'query'> & { query: JsonSchema };

/** A page of any family's list: its items, and the document's `Pagination`. */
export type OffsetList<T> = { data: T[]; pagination: Named<'Pagination'> };

type Fields = Pick<CallOptions, 'fields'>;
/** The fields a form shows, and the ETag of the item as it was loaded. */
type Change = Pick<CallOptions, 'fields' | 'ifMatch'>;

export const consoleApi = {
  session: () => call<SessionView>('GET', '/session'),
  signIn: (body: SignIn) => call<SessionView>('POST', '/session', body, { expectUnauthorized: true }),
  signOut: () => call<void>('DELETE', '/session'),
  signOutEverywhere: () => call<void>('DELETE', '/sessions'),
  selectWorkspace: (workspaceId: string) => call<SessionView>('PUT', '/session/workspace', { workspaceId }),
  changePassword: (body: ChangePassword, options?: Fields) => call<void>('PUT', '/password', body, options),
  acceptInvitation: (token: string, password: string, options?: Fields) =>
    call<SessionView>('POST', '/invitations/accept', { token, password }, options),

  keys: () => call<KeyList>('GET', '/keys'),
  createKey: (body: CreateKey, options?: Fields) => call<CreatedKey>('POST', '/keys', body, options),
  rotateKey: (id: string) => call<RotatedKey>('POST', `/keys/${id}/rotate`),
  revokeKey: (id: string) => call<Answer<'/keys/{id}/revoke', 'post'>>('POST', `/keys/${id}/revoke`),

  members: (query: { q?: string; limit?: number; offset?: number } = {}) =>
    call<Answer<'/v1/members', 'get'>>('GET', `/v1/members${queryOf({ sort: 'name', ...query })}`),
  addMember: (body: AddMember, options?: Fields) => call<AddedMember>('POST', '/members', body, options),
  member: (id: string) => callTagged<Member>('GET', `/v1/members/${id}`),
  changeRole: (id: string, role: Member['role'], ifMatch?: string) =>
    call<Member>('PATCH', `/v1/members/${id}`, { role }, { ifMatch }),
  removeMember: (id: string, ifMatch?: string) => call<void>('DELETE', `/v1/members/${id}`, undefined, { ifMatch }),
  // Admins: the same changes with the keys the member made shown, and revoked when asked.
  memberKeys: (id: string) => call<MemberKeyList>('GET', `/members/${id}/keys`),
  changeRoleWithKeys: (id: string, role: Member['role'], revokeKeys: boolean, ifMatch?: string) =>
    call<ChangedMember>('PATCH', `/members/${id}`, { role, revokeKeys }, { ifMatch }),
  removeMemberWithKeys: (id: string, revokeKeys: boolean, ifMatch?: string) =>
    call<RemovedMember>('DELETE', `/members/${id}${queryOf({ revokeKeys: String(revokeKeys) })}`, undefined, {
      ifMatch,
    }),
  // Admins: members whose sign-in is locked or slowed by failed passwords, and ending a lock.
  signInLocks: () => call<SignInLocks>('GET', '/members/sign-in-locks'),
  unlockMember: (id: string) => call<Answer<'/members/{id}/unlock', 'post'>>('POST', `/members/${id}/unlock`),

  // Single sign-on: the providers on the sign-in page; a workspace's rules and setting, for its admins.
  ssoProviders: () => call<SsoProviders>('GET', '/sso/providers'),
  ssoSettings: () => call<SsoSettings>('GET', '/sso/settings'),
  addSsoRule: (body: Pick<SsoRuleView, 'provider' | 'group' | 'role'>, options?: Fields) =>
    call<SsoRuleView>('POST', '/sso/rules', body, options),
  removeSsoRule: (id: string) => call<SsoRuleView>('DELETE', `/sso/rules/${id}`),
  changeSsoSetting: (body: Partial<SsoSettingView>) => call<SsoSettingView>('PUT', '/sso/settings', body),

  roles: () => call<RolesView>('GET', '/roles'),
  setRole: (name: string, permissions: string[]) =>
    call<Answer<'/roles/{name}', 'put'>>('PUT', `/roles/${encodeURIComponent(name)}`, { permissions }),
  createRole: (body: Body<'/roles', 'post'>, options?: Fields) => call<Role>('POST', '/roles', body, options),
  updateRole: (name: string, body: Body<'/roles/{name}', 'patch'>) =>
    call<Role>('PATCH', `/roles/${encodeURIComponent(name)}`, body),
  deleteRole: (name: string) => call<Answer<'/roles/{name}', 'delete'>>('DELETE', `/roles/${encodeURIComponent(name)}`),
  roleReach: (restrictions: Role['restrictions']) =>
    call<Answer<'/roles/reach', 'post'>>('POST', '/roles/reach', { restrictions }),

  agents: (query: { limit?: number; offset?: number } = {}) =>
    call<Answer<'/v1/agents', 'get'>>('GET', `/v1/agents${queryOf({ sort: 'name', ...query })}`),
  enrollAgent: (name: string, options?: Fields & { fleet?: boolean }) =>
    call<EnrolledAgent>('POST', '/agents', { name, ...(options?.fleet ? { fleet: true } : {}) }, options),
  revokeAgent: (id: string) => call<Answer<'/agents/{id}/revoke', 'post'>>('POST', `/agents/${id}/revoke`),

  auditLog: (query: AuditLogQuery) => call<AuditList>('GET', `/v1/audit-log${queryOf({ ...query })}`),

  tenant: () => callTagged<Tenant>('GET', '/v1/tenant'),
  updateTenant: (body: UpdateTenant, options?: Change) => callTagged<Tenant>('PATCH', '/v1/tenant', body, options),
};

/** Dashboards and diagrams, through the workspace routes under /ui/api/v1 (and the diagrams' parameters). */
export const insightsApi = {
  dashboards: () => call<InsightSummary[]>('GET', '/v1/dashboards'),
  dashboard: (name: string) => call<DashboardView>('GET', `/v1/dashboards/${encodeURIComponent(name)}`),
  diagrams: () => call<InsightSummary[]>('GET', '/v1/diagrams'),
  /** Every diagram with its query schema, for the controls of its page. */
  diagramCatalog: () => call<DiagramInfo[]>('GET', '/diagrams'),
  /** The diagram's answer: its lists (nodes, edges…), whose counts the page states. */
  diagram: (name: string, params: Record<string, string>) =>
    call<Record<string, unknown>>('GET', `/v1/diagrams/${encodeURIComponent(name)}${queryOf(params)}`),
  /** The same diagram drawn by the server as SVG. */
  diagramSvg: (name: string, params: Record<string, string>) =>
    callText(`/v1/diagrams/${encodeURIComponent(name)}${queryOf({ ...params, format: 'svg' })}`, 'image/svg+xml'),
};

/** A resource of any inventory family, as the API answers it. */
export type Resource = Record<string, unknown> & { id: string };

/** The inventory, through the workspace routes served to members under /ui/api/v1. */
export const inventoryApi = {
  families: () => call<ConsoleFamily[]>('GET', '/families'),
  /** The global search: per family its total and first items, exact matches first (GET /ui/api/search). */
  search: (q: string, limit?: number) => call<GlobalSearchResults>('GET', `/search${queryOf({ q, limit })}`),
  list: (family: string, query: Record<string, string | undefined>) =>
    call<OffsetList<Resource>>('GET', `/v1/${family}${queryOf(query)}`),
  get: (family: string, id: string) => call<Resource>('GET', `/v1/${family}/${id}`),
  /** The item with its ETag, for a page that edits or deletes it. */
  load: (family: string, id: string) => callTagged<Resource>('GET', `/v1/${family}/${id}`),
  create: (family: string, body: Record<string, unknown>, options?: Fields) =>
    call<Resource>('POST', `/v1/${family}`, body, options),
  update: (family: string, id: string, body: Record<string, unknown>, options?: Change) =>
    callTagged<Resource>('PATCH', `/v1/${family}/${id}`, body, options),
  remove: (family: string, id: string, ifMatch?: string) =>
    call<void>('DELETE', `/v1/${family}/${id}`, undefined, { ifMatch }),
  related: (family: string, id: string, segment: string) => call<Resource[]>('GET', `/v1/${family}/${id}/${segment}`),
  link: (family: string, id: string, segment: string, childId: string) =>
    call<void>('PUT', `/v1/${family}/${id}/${segment}/${childId}`),
  unlink: (family: string, id: string, segment: string, childId: string) =>
    call<void>('DELETE', `/v1/${family}/${id}/${segment}/${childId}`),
  history: (resourceId: string) => call<AuditList>('GET', `/v1/audit-log${queryOf({ resourceId, limit: 20 })}`),
  comments: (applicationId: string) =>
    call<Answer<'/v1/applications/{id}/comments', 'get'>>('GET', `/v1/applications/${applicationId}/comments`),
  addComment: (applicationId: string, body: string) =>
    call<Answer<'/v1/applications/{id}/comments', 'post'>>('POST', `/v1/applications/${applicationId}/comments`, {
      body,
    }),
};

/**
 * The ETag of an item as a list showed it (list rows carry none), for a change made from the
 * list: the item is read again with its ETag, and when it no longer matches the row shown, the
 * change is refused as a stale If-Match would be (412), before anything is sent.
 */
export async function etagAsShown(
  family: string,
  shown: Record<string, unknown> & { id: string },
): Promise<string | undefined> {
  const { value, etag } = await callTagged<Resource>('GET', `/v1/${family}/${shown.id}`);
  if (Object.keys(shown).some((field) => JSON.stringify(shown[field]) !== JSON.stringify(value[field]))) {
    throw new ApiFailure(
      412,
      'precondition_failed',
      `${String(shown.name ?? shown.email ?? shown.id)} changed since the list was loaded`,
    );
  }
  return etag;
}

export type { CreateCustomField, CustomField, UpdateCustomField };

/** The fields a person's form names, so an error about one shows beside it. */
const PERSON_FIELDS = ['name', 'email', 'department', 'employeeNumber'];

/** The settings a definition form names, so an error about one shows beside it. */
const FIELD_SETTINGS = [
  'family',
  'name',
  'label',
  'type',
  'choices',
  'default',
  'minimum',
  'maximum',
  'group',
  'order',
];

/** A workspace's custom fields (the public API's /custom-fields, served to the member under /v1). */
export const customFieldsApi = {
  list: (family: string) => call<CustomFieldList>('GET', `/v1/custom-fields${queryOf({ family })}`),
  create: (body: CreateCustomField) => call<CustomField>('POST', '/v1/custom-fields', body, { fields: FIELD_SETTINGS }),
  update: (id: string, body: UpdateCustomField) =>
    call<CustomField>('PATCH', `/v1/custom-fields/${encodeURIComponent(id)}`, body, { fields: FIELD_SETTINGS }),
  remove: (id: string) => call<void>('DELETE', `/v1/custom-fields/${encodeURIComponent(id)}`),
  /** How many items of the family hold a value of the field (a delete removes them). */
  held: async (family: string, name: string) =>
    (
      await call<{ pagination: { total: number } }>(
        'GET',
        `/v1/${family}${queryOf({ [`cf_${name}__empty`]: 'false', limit: 1 })}`,
      )
    ).pagination.total,
};

export type { CreatePerson, Person, UpdatePerson };

/** The workspace's people: members and people without an account (the public API's /users, under /v1). */
export const peopleApi = {
  list: (query: { q?: string; member?: string; offset?: number }) =>
    call<Answer<'/v1/users', 'get'>>('GET', `/v1/users${queryOf({ sort: 'name', limit: 100, ...query })}`),
  /** `fields`: the custom fields' paths (`customFields.<name>`) an error may name. */
  create: (body: CreatePerson, fields: string[] = []) =>
    call<Person>('POST', '/v1/users', body, { fields: [...PERSON_FIELDS, ...fields] }),
  update: (id: string, body: UpdatePerson, fields: string[] = []) =>
    call<Person>('PATCH', `/v1/users/${encodeURIComponent(id)}`, body, { fields: [...PERSON_FIELDS, ...fields] }),
  remove: (id: string) => call<void>('DELETE', `/v1/users/${encodeURIComponent(id)}`),
};
