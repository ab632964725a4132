/** What the import and export tests of the CLI and of the console share. */
import { serviceFamilies } from './harness.js';
import { CLI_ACTOR } from '../../src/base/audit/audit.types.js';
import { FAMILIES } from '../../src/families/registry.js';
import { addMember } from '../../src/features/accounts/members/members.service.js';
import type { Harness, Workspace } from './harness.js';

/** The families by key (`/data` → `data`), in registration order: what a row names by name is imported before it. */
export const IMPORT_ORDER = FAMILIES.map((family) => family.definition.path.slice(1));

/** People are members, never created by an import: the target gets the source's members. */
export async function copyMembers(h: Harness, source: Workspace, target: Workspace) {
  const people = await h.database.db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select(['users.email', 'users.name', 'members.role'])
    .where('members.workspace_id', '=', source.id)
    .execute();
  for (const person of people) {
    if (person.email === target.admin.email) continue;
    await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: target.id, ...person, role: person.role as 'read' },
      CLI_ACTOR,
    );
  }
}
