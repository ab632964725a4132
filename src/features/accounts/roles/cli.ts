/**
 * `estate role`: a workspace's roles. `set` edits a system role's scopes; `create`, `update`,
 * `delete` and `list` its custom roles, whose `--restrict FAMILY:FILTER=VALUE` narrow what their
 * holders reach to the items that list filter keeps (access/restrictions.ts). The operator acts as
 * the system; every change is audited in the workspace.
 */
import { type Command, Option } from 'commander';
import { restrictionsFromFlags, type Restrictions } from '../../../base/access/restrictions.js';
import { parseScopeList } from '../../../base/access/scopes.js';
import { CLI_ACTOR } from '../../../base/audit/audit.types.js';
import { type JsonOption, run } from '../../../base/cli/run.js';
import type { RoleDto } from './custom-roles.service.js';

const registry = async () => (await import('../../../families/registry.js')).createRegistry();
const service = () => import('./custom-roles.service.js');

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** A role as `--json` prints it. */
const shown = (role: RoleDto) => ({
  id: role.id,
  name: role.name,
  description: role.description,
  system: role.system,
  permissions: role.permissions,
  restrictions: role.restrictions,
  members: role.members,
});

/** One line per role: name, scopes, restrictions. */
function describe(role: RoleDto): string {
  const terms = Object.entries(role.restrictions).flatMap(([family, filters]) =>
    Object.entries(filters).flatMap(([filter, values]) => values.map((value) => `${family}:${filter}=${value}`)),
  );
  const reach = terms.length > 0 ? `only ${terms.join(' and ')}` : 'every item';
  const members = `${role.members} member${role.members === 1 ? '' : 's'}`;
  return `${role.name}${role.system ? ' (system)' : ''}: ${role.permissions.length} scopes, ${reach}, ${members}`;
}

type RoleOptions = JsonOption & {
  workspace: string;
  name: string;
  description?: string;
  scopes?: string[];
  restrict?: string[];
  unrestricted?: boolean;
};

const restrictOption = () =>
  new Option(
    '--restrict <FAMILY:FILTER=VALUE>',
    'only items matching this list filter, e.g. servers:environment=staging (repeat: every one holds)',
  ).argParser(collect);

/** The restrictions the options give: `--restrict` flags, none with `--unrestricted`, or undefined to keep them. */
function restrictionsOf(opts: RoleOptions): Restrictions | undefined {
  if (opts.unrestricted && opts.restrict) throw new Error('give --restrict or --unrestricted, not both');
  if (opts.unrestricted) return {};
  return opts.restrict && restrictionsFromFlags(opts.restrict);
}

export function registerRoles(program: Command): void {
  const role = program.command('role').description("a workspace's roles: the system roles' scopes, custom roles");

  role
    .command('set')
    .description("replace a system role's permission set; existing keys keep theirs")
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--role <role>', 'read, write or admin')
    .requiredOption('--scopes <list>', 'comma-separated scopes, e.g. applications:read,servers:read', parseScopeList)
    .option('--json', 'print one JSON object')
    .action((opts: JsonOption & { workspace: string; role: string; scopes: string[] }) =>
      run(
        opts,
        async (database) =>
          (await service()).setRolePermissions(
            database,
            await registry(),
            { workspaceId: opts.workspace, role: opts.role, scopes: opts.scopes },
            CLI_ACTOR,
          ),
        (r) => `role ${r.role}: ${r.permissions.join(', ')}`,
      ),
    );

  role
    .command('create')
    .description('create a custom role: its scopes, and restrictions that narrow what its holders reach')
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--name <name>', 'the role name (not read, write or admin)')
    .option('--description <text>', 'what the role is for')
    .option('--scopes <list>', 'comma-separated scopes, e.g. infrastructure:read,infrastructure:edit', parseScopeList)
    .addOption(restrictOption())
    .option('--json', 'print one JSON object: {"id","name","permissions","restrictions",…}')
    .action((opts: RoleOptions) =>
      run(
        opts,
        async (database) =>
          shown(
            await (await service()).createRole(
              database,
              await registry(),
              {
                workspaceId: opts.workspace,
                name: opts.name,
                description: opts.description,
                scopes: opts.scopes ?? [],
                restrictions: restrictionsOf(opts) ?? {},
              },
              CLI_ACTOR,
            ),
          ),
        (r) => `role ${r.id} created: ${describe({ ...r, members: 0 })}`,
      ),
    );

  role
    .command('update')
    .description("change a role's description, scopes or restrictions (what is given); its members act so at once")
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--name <name>', 'the role name')
    .option('--description <text>', 'what the role is for')
    .option('--scopes <list>', 'comma-separated scopes: replaces them', parseScopeList)
    .addOption(restrictOption())
    .option('--unrestricted', 'remove every restriction')
    .option('--json', 'print one JSON object')
    .addHelpText('after', '\n--restrict replaces all restrictions of the role. Keys made from it keep their copy.')
    .action((opts: RoleOptions) =>
      run(
        opts,
        async (database) => {
          const restrictions = restrictionsOf(opts);
          return shown(
            await (await service()).updateRole(
              database,
              await registry(),
              {
                workspaceId: opts.workspace,
                name: opts.name,
                ...(opts.description !== undefined && { description: opts.description }),
                ...(opts.scopes && { scopes: opts.scopes }),
                ...(restrictions && { restrictions }),
              },
              CLI_ACTOR,
            ),
          );
        },
        (r) => `role updated: ${describe(r)}`,
      ),
    );

  role
    .command('delete')
    .description('delete a custom role no member holds; keys made from it keep their copy')
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--name <name>', 'the role name')
    .option('--json', 'print one JSON object: {"id","deleted":true}')
    .action((opts: JsonOption & { workspace: string; name: string }) =>
      run(
        opts,
        async (database) =>
          (await service()).deleteRole(database, { workspaceId: opts.workspace, name: opts.name }, CLI_ACTOR),
        (r) => `role ${r.id} deleted`,
      ),
    );

  role
    .command('list')
    .description("list a workspace's roles: the system roles, then the custom ones")
    .requiredOption('--workspace <id>', 'workspace id')
    .option('--json', 'print one JSON object: {"data":[roles]}')
    .action((opts: JsonOption & { workspace: string }) =>
      run(
        opts,
        async (database) => {
          await (await import('../workspaces/workspaces.service.js')).requireWorkspace(database, opts.workspace);
          return { data: (await (await service()).listRoles(database.db, opts.workspace)).map(shown) };
        },
        (r) => r.data.map(describe).join('\n'),
      ),
    );
}
