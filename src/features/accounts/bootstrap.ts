import { randomBytes } from 'node:crypto';
import type { Registry } from '../../base/resources/registry.js';
import { CLI_ACTOR } from '../../base/audit/audit.types.js';
import type { Database } from '../../base/db/database.js';
import { createKey } from './keys/keys.service.js';
import { addMember } from './members/members.service.js';
import { countWorkspaces, createWorkspace } from './workspaces/workspaces.service.js';

export interface FirstStart {
  workspace: { id: string; name: string };
  admin: { email: string; password: string };
  key: { id: string; secret: string };
}

export const DEMO_ADMIN_EMAIL = 'admin@estate.local';
export const DEMO_WORKSPACE_NAME = 'Demo';

/**
 * On an empty database, creates a demo workspace, an admin member and an admin key so that a new
 * user can call the API at once. Returns the secrets to print once; on later starts, nothing.
 */
export async function bootstrapIfEmpty(database: Database, registry: Registry): Promise<FirstStart | undefined> {
  if ((await countWorkspaces(database)) > 0) return undefined;
  const workspace = await createWorkspace(database, registry.scopes, { name: DEMO_WORKSPACE_NAME }, CLI_ACTOR);
  const password = randomBytes(12).toString('base64url');
  await addMember(
    database,
    async () => registry,
    { workspaceId: workspace.id, email: DEMO_ADMIN_EMAIL, name: 'Demo Admin', role: 'admin', password },
    CLI_ACTOR,
  );
  const key = await createKey(database, { workspaceId: workspace.id, name: 'demo admin key', alias: 'admin' });
  return { workspace, admin: { email: DEMO_ADMIN_EMAIL, password }, key: { id: key.id, secret: key.secret } };
}
