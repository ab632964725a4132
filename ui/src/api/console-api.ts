import type { AuditList, AuditLogQuery } from '../../../src/audit/audit.schemas.js';
import type {
  AddedMember,
  AddMember,
  ChangePassword,
  ConsoleKey,
  CreatedKey,
  CreateKey,
  EnrolledAgent,
  KeyList,
  RolesView,
  RotatedKey,
  SessionView,
  SignIn,
} from '../../../src/console/console.schemas.js';
import type { Member } from '../../../src/members/members.service.js';
import type { Tenant, UpdateTenant } from '../../../src/tenant/tenant.schemas.js';
import { call, queryOf, type CallOptions } from './client.js';

/**
 * The console API, typed from the server's own schemas (src/console/console.schemas.ts and the
 * public schemas it reuses): a renamed field fails this file's type check, not a user's click.
 */

export type { AuditList, ConsoleKey, CreatedKey, Member, RolesView, SessionView, Tenant };
export type AuditEvent = AuditList['data'][number];

export interface OffsetList<T> {
  data: T[];
  pagination: { limit: number; offset: number; total: number };
}

export interface AgentItem {
  id: string;
  name: string;
  hostname: string | null;
  version: string | null;
  status: 'active' | 'silent' | 'never_seen' | 'revoked';
  createdAt: string;
  lastSeenAt: string | null;
  revokedAt: string | null;
}

type Fields = Pick<CallOptions, 'fields'>;

export const consoleApi = {
  session: () => call<SessionView>('GET', '/session'),
  signIn: (body: SignIn) => call<SessionView>('POST', '/session', body, { expectUnauthorized: true }),
  signOut: () => call<void>('DELETE', '/session'),
  signOutEverywhere: () => call<void>('DELETE', '/sessions'),
  selectWorkspace: (workspaceId: string) => call<SessionView>('PUT', '/session/workspace', { workspaceId }),
  changePassword: (body: ChangePassword, options?: Fields) => call<void>('PUT', '/password', body, options),
  acceptInvitation: (token: string, password: string, options?: Fields) => call<SessionView>('POST', '/invitations/accept', { token, password }, options),

  keys: () => call<KeyList>('GET', '/keys'),
  createKey: (body: CreateKey, options?: Fields) => call<CreatedKey>('POST', '/keys', body, options),
  rotateKey: (id: string) => call<RotatedKey>('POST', `/keys/${id}/rotate`),
  revokeKey: (id: string) => call<{ id: string; revoked: true }>('POST', `/keys/${id}/revoke`),

  members: (query: { q?: string; limit?: number; offset?: number } = {}) => call<OffsetList<Member>>('GET', `/v1/members${queryOf({ sort: 'name', ...query })}`),
  addMember: (body: AddMember, options?: Fields) => call<AddedMember>('POST', '/members', body, options),
  changeRole: (id: string, role: Member['role']) => call<Member>('PATCH', `/v1/members/${id}`, { role }),
  removeMember: (id: string) => call<void>('DELETE', `/v1/members/${id}`),

  roles: () => call<RolesView>('GET', '/roles'),
  setRole: (name: string, permissions: string[]) => call<{ name: string; permissions: string[] }>('PUT', `/roles/${name}`, { permissions }),

  agents: (query: { limit?: number; offset?: number } = {}) => call<OffsetList<AgentItem>>('GET', `/v1/agents${queryOf({ sort: 'name', ...query })}`),
  enrollAgent: (name: string, options?: Fields) => call<EnrolledAgent>('POST', '/agents', { name }, options),
  revokeAgent: (id: string) => call<{ id: string; revoked: true }>('POST', `/agents/${id}/revoke`),

  auditLog: (query: AuditLogQuery) => call<AuditList>('GET', `/v1/audit-log${queryOf({ ...query })}`),

  tenant: () => call<Tenant>('GET', '/v1/tenant'),
  updateTenant: (body: UpdateTenant, options?: Fields) => call<Tenant>('PATCH', '/v1/tenant', body, options),
};
