import { AuditList } from '../../src/base/audit/audit.schemas.js';
import type { Harness, Workspace } from './harness.js';
import { bodyOf } from './typed.js';

/**
 * The workspace's audit events of one action, newest first, read through the public API with a new
 * admin key (named `keyName` where the key's own name matters).
 */
export async function auditOf(h: Harness, workspace: Workspace, action: string, keyName?: string) {
  const key = await h.key(workspace, keyName === undefined ? {} : { name: keyName });
  return bodyOf(
    AuditList,
    await h.call('GET', '/public/v1/audit-log', { key: key.secret, query: { actions: action, limit: '200' } }),
  ).data;
}
