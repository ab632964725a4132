import { Command, InvalidArgumentError } from 'commander';
import { parseScopeList } from '../../base/access/scopes.js';
import { CLI_ACTOR } from '../../base/audit/audit.types.js';
import { loadConfig } from '../../base/config.js';
import { requireEmail } from '../../base/validation.js';
import type { Database } from '../../base/db/database.js';
import type { Registry } from '../../base/resources/registry.js';
import { migrateToLatest } from '../../base/db/migrate.js';
import { AGENT_VERSION, parseInterval, runAgent } from '../../features/agents/program/run.js';
import { fail, failureMessage, type JsonOption, progressBar, run, warn } from '../../base/cli/run.js';

/**
 * Commands whose modules load only when one of them runs, or when the whole list is printed: they
 * bring the families, Ajv, CSV and the OpenID client, which the others do not need, and a command
 * starts in about 30% less CPU time without them (the test suite runs some 430).
 */
const GROUPS: { commands: string[]; register: () => Promise<(program: Command) => void> }[] = [
  {
    commands: ['backup', 'restore', 'copy'],
    register: async () => (await import('../../features/operations/cli.js')).registerOperations,
  },
  {
    commands: ['import', 'export'],
    register: async () => (await import('../../features/transfer/cli.js')).registerTransfer,
  },
  { commands: ['watch'], register: async () => (await import('./watch.js')).registerWatch },
  { commands: ['sso'], register: async () => (await import('../../features/accounts/sso/cli.js')).registerSso },
  { commands: ['role'], register: async () => (await import('../../features/accounts/roles/cli.js')).registerRoles },
  { commands: ['field'], register: async () => (await import('../../features/custom-fields/cli.js')).registerFields },
];

/** A secret piped on standard input: its first line, without the line break. */
async function readSecretFromStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/, 1)[0] ?? '';
}

/**
 * The service's own families, composed for a command that needs them (scopes, memberships): loaded
 * then, so the commands that do not go without them.
 */
async function serviceRegistry(): Promise<Registry> {
  return (await import('../../families/registry.js')).createRegistry();
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127\./.test(hostname);
}

function portOption(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('must be an integer 0..65535');
  return port;
}

function scopesOption(value: string): string[] {
  return parseScopeList(value);
}

/** Adds a command that acts on one object named by its id: `estate key revoke KEY_ID [--json]`. */
function idCommand<T extends object>(
  parent: Command,
  command: {
    name: string;
    description: string;
    id: [name: string, description: string];
    act: (database: Database, id: string) => Promise<T>;
    human: (result: T) => string;
  },
): void {
  parent
    .command(command.name)
    .description(command.description)
    .argument(...command.id)
    .option('--json', 'print one JSON object')
    .action((id: string, opts: JsonOption) => run(opts, (database) => command.act(database, id), command.human));
}

/** `estate serve` and `estate migrate`: the service itself, and its schema alone. */
function registerServerCommands(program: Command): void {
  program
    .command('serve')
    .description(
      'apply migrations and serve the API, console and docs; the first start creates a demo workspace and key',
    )
    .option('--port <n>', 'port to listen on (default PORT or 8080)', portOption)
    .option('--host <h>', 'address to bind (default HOST or 127.0.0.1)')
    .action(async (opts: { port?: number; host?: string }) => {
      try {
        const config = loadConfig();
        const { serve } = await import('../server/server.js');
        await serve({ ...config, port: opts.port ?? config.port, host: opts.host ?? config.host });
      } catch (error) {
        fail(failureMessage(error));
      }
    });

  program
    .command('migrate')
    .description('apply pending database migrations')
    .option('--json', 'print one JSON object')
    .action((opts: JsonOption) =>
      run(
        opts,
        async (database) => ({ applied: await migrateToLatest(database) }),
        (r) => (r.applied.length ? `applied: ${r.applied.join(', ')}` : 'database is up to date'),
        { migrate: false, creates: true },
      ),
    );
}

/** `estate workspace`: create (with its roles and first admin) and delete. */
function registerWorkspaceCommands(program: Command): void {
  const workspace = program.command('workspace').description('create and delete workspaces');
  workspace
    .command('create')
    .description('create a workspace with the default read, write and admin roles (and its first admin)')
    .requiredOption('--name <name>', 'display name')
    .option('--admin-email <email>', 'its first admin: added, with a one-time link to set a password (7 days)')
    .option('--admin-name <name>', "the admin's display name (default: the e-mail's local part)")
    .option('--base-url <url>', "the console's address, to print the whole link", 'http://127.0.0.1:8080')
    .option(
      '--json',
      'print one JSON object (with --admin-email, its "admin": {"memberId","email","path","expiresAt"})',
    )
    .action((opts: JsonOption & { name: string; adminEmail?: string; adminName?: string; baseUrl: string }) =>
      run(
        opts,
        async (database) => {
          const { createWorkspace, deleteWorkspace } = await import(
            '../../features/accounts/workspaces/workspaces.service.js'
          );
          // Checked before anything is written: a bad address leaves no workspace without its admin.
          const email = opts.adminEmail === undefined ? undefined : requireEmail(opts.adminEmail);
          const registry = await serviceRegistry();
          const created = await createWorkspace(database, registry.scopes, { name: opts.name }, CLI_ACTOR);
          if (email === undefined) return created;
          try {
            const { addMember, inviteByOperator } = await import('../../features/accounts/members/members.service.js');
            const name = opts.adminName ?? email.split('@')[0]!;
            await addMember(
              database,
              async () => registry,
              { workspaceId: created.id, email, name, role: 'admin' },
              CLI_ACTOR,
            );
            const admin = await inviteByOperator(database, { workspaceId: created.id, email }, CLI_ACTOR);
            return { ...created, admin };
          } catch (error) {
            await deleteWorkspace(database, created.id);
            throw error;
          }
        },
        (r) =>
          `workspace ${r.id} "${r.name}" created` +
          ('admin' in r
            ? `\nadmin ${r.admin.email}: set a password with this link (once, until ${r.admin.expiresAt}): ` +
              `${opts.baseUrl.replace(/\/+$/, '')}${r.admin.path}`
            : ''),
      ),
    );
  idCommand(workspace, {
    name: 'delete',
    description: 'delete a workspace and everything in it; its API keys then answer 403 forbidden',
    id: ['<id>', 'workspace id'],
    act: async (database, id) =>
      (await import('../../features/accounts/workspaces/workspaces.service.js')).deleteWorkspace(database, id),
    human: (r) => `workspace ${r.id} deleted`,
  });
}

interface MemberAddOptions extends JsonOption {
  workspace: string;
  email: string;
  name?: string;
  role: string;
  password?: string;
  passwordStdin?: boolean;
}

/** `estate member add`: the password is read, and its flags checked, before the database opens. */
async function addMemberAction(opts: MemberAddOptions): Promise<void> {
  if (opts.password !== undefined && opts.passwordStdin) return fail('give --password-stdin or --password, not both');
  if (opts.password !== undefined)
    warn('--password exposes the password in ps and shell history; use --password-stdin');
  const password = opts.passwordStdin ? await readSecretFromStdin() : opts.password;
  return run(
    opts,
    async (database) => {
      const { created: _created, ...added } = await (
        await import('../../features/accounts/members/members.service.js')
      ).addMember(
        database,
        serviceRegistry,
        { workspaceId: opts.workspace, email: opts.email, name: opts.name, role: opts.role, password },
        CLI_ACTOR,
      );
      return added;
    },
    (r) => `member ${r.id} ${r.email} (${r.role}) added`,
  );
}

/** `estate member`: add, invite, unlock and remove the people of a workspace. */
function registerMemberCommands(program: Command): void {
  const member = program.command('member').description('manage the people of a workspace');
  member
    .command('add')
    .description('add a person to a workspace with a role')
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--email <email>', 'e-mail address (the login)')
    .option('--name <name>', 'display name (required for a new person; an existing person keeps theirs)')
    .requiredOption('--role <role>', 'read, write, admin or a custom role (estate role list)')
    .option(
      '--password-stdin',
      'read the console password of a new person from standard input (at least 8 characters, not easy to guess)',
    )
    .option(
      '--password <password>',
      'the same on the command line (visible in ps and shell history; prefer --password-stdin)',
    )
    .option('--json', 'print one JSON object')
    .addHelpText(
      'after',
      '\nAn existing person (a member of another workspace) keeps their name and password: ' +
        'only the membership is added, and a --name that differs from theirs is refused.',
    )
    .action(addMemberAction);
  member
    .command('invite')
    .description('make a one-time link with which a member who has no password yet sets one')
    .argument('<email>', "the member's e-mail")
    .requiredOption('--workspace <id>', 'a workspace the person is a member of')
    .option('--base-url <url>', "the console's address, to print the whole link", 'http://127.0.0.1:8080')
    .option('--json', 'print one JSON object: {"memberId","email","path","expiresAt"}')
    .addHelpText(
      'after',
      "\nA workspace's own invitation links stop working once a second workspace adds the person " +
        '(an admin of one workspace must not set the password of someone another has). ' +
        'This link, made by the operator, still works; it is valid 7 days, works once, ' +
        'and replaces earlier unused links of that membership.',
    )
    .action((email: string, opts: JsonOption & { workspace: string; baseUrl: string }) =>
      run(
        opts,
        async (database) =>
          (await import('../../features/accounts/members/members.service.js')).inviteByOperator(
            database,
            { workspaceId: opts.workspace, email },
            CLI_ACTOR,
          ),
        (r) => `invitation for ${r.email}, valid until ${r.expiresAt}: ${opts.baseUrl.replace(/\/+$/, '')}${r.path}`,
      ),
    );
  member
    .command('unlock')
    .description('end the sign-in locks and delays of a person (not the locks of addresses)')
    .argument('<email>', "the person's e-mail")
    .option('--json', 'print one JSON object: {"email","unlocked":true,"ended":N}')
    .addHelpText(
      'after',
      '\nTen wrong passwords for one person from one address refuse that address for up to 15 minutes; ' +
        'failures from every address slow further checks down. ' +
        "This ends both at once, and is audited in each of the person's workspaces.",
    )
    .action((email: string, opts: JsonOption) =>
      run(
        opts,
        async (database) =>
          (await import('../../features/accounts/sign-in/sign-in.js')).unlockPerson(database, email, CLI_ACTOR),
        (r) => (r.ended > 0 ? `sign-in of ${r.email} unlocked` : `${r.email} had no sign-in lock`),
      ),
    );
  member
    .command('remove')
    .description(
      'remove a person from a workspace, with their teams, ownerships and machine assignments; ' +
        'the last admin cannot be removed',
    )
    .argument('<memberId>', 'member id (estate member add prints it; GET /public/v1/members lists them)')
    .requiredOption('--workspace <id>', 'workspace id')
    .option('--revoke-keys', 'also revoke every active key the member made, in the same transaction')
    .option('--json', 'print one JSON object: {"id","removed":true,"revokedKeys":[ids],"activeKeys":[keys]}')
    .addHelpText(
      'after',
      '\nKeys belong to the workspace: without --revoke-keys the active keys the member made keep working, ' +
        'and they are named on stderr (and in activeKeys with --json). Each revoked key is audited as a revocation.',
    )
    .action((memberId: string, opts: JsonOption & { workspace: string; revokeKeys?: boolean }) =>
      run(
        opts,
        async (database) => {
          await (await import('../../features/accounts/workspaces/workspaces.service.js')).requireWorkspace(
            database,
            opts.workspace,
          );
          const { removeMemberAndKeys } = await import('../../features/accounts/members/memberships.js');
          const outcome = await removeMemberAndKeys(database, serviceRegistry, opts.workspace, memberId, CLI_ACTOR, {
            keys: opts.revokeKeys ? 'revoke' : 'report',
          });
          if (outcome.activeKeys.length > 0) {
            const names = outcome.activeKeys.map((k) => `${k.id} ${k.prefix}… "${k.name}"`).join(', ');
            warn(`keys made by this member stay active: ${names}; revoke one with estate key revoke KEY_ID`);
          }
          return { id: memberId, removed: true as const, ...outcome };
        },
        (r) => `member ${r.id} removed${r.revokedKeys.length ? `; revoked keys: ${r.revokedKeys.join(', ')}` : ''}`,
      ),
    );
}

/** `estate key`: create, rotate, revoke and list API keys. */
function registerKeyCommands(program: Command): void {
  const key = program.command('key').description('manage API keys');
  key
    .command('create')
    .description('create an API key scoped by exactly one of --alias, --scopes or --role; the secret is printed once')
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--name <name>', 'key name')
    .option('--alias <alias>', "read, write or admin: copies that role's permissions as they are now")
    .option('--scopes <list>', 'comma-separated scopes', scopesOption)
    .option('--role <name>', 'a custom role: copies its permissions and restrictions as they are now')
    .option('--expires-at <iso>', 'expiry instant, ISO-8601 with time zone')
    .option('--as <memberId>', "the admin member creating the key (default: the workspace's first admin)")
    .option('--json', 'print one JSON object')
    .action(
      (
        opts: JsonOption & {
          workspace: string;
          name: string;
          alias?: string;
          scopes?: string[];
          role?: string;
          expiresAt?: string;
          as?: string;
        },
      ) =>
        run(
          opts,
          async (database) => {
            const { requireKnownScopes } = await import('../../features/accounts/members/roles.service.js');
            const known = (await serviceRegistry()).scopes;
            return (await import('../../features/accounts/keys/keys.service.js')).createKey(database, {
              workspaceId: opts.workspace,
              name: opts.name,
              alias: opts.alias,
              scopes: opts.scopes && requireKnownScopes(opts.scopes, known),
              role: opts.role,
              expiresAt: opts.expiresAt,
              asMemberId: opts.as,
            });
          },
          (r) => `key ${r.id} "${r.name}" created; secret (shown once): ${r.secret}`,
        ),
    );
  idCommand(key, {
    name: 'rotate',
    description: "replace a key's secret; the old secret stops working at once",
    id: ['<keyId>', 'key id'],
    act: async (database, id) => (await import('../../features/accounts/keys/keys.service.js')).rotateKey(database, id),
    human: (r) => `key ${r.id} rotated; new secret (shown once): ${r.secret}`,
  });
  idCommand(key, {
    name: 'revoke',
    description: 'revoke a key; it fails from the next request',
    id: ['<keyId>', 'key id'],
    act: async (database, id) => (await import('../../features/accounts/keys/keys.service.js')).revokeKey(database, id),
    human: (r) => `key ${r.id} revoked`,
  });
  key
    .command('list')
    .description("list a workspace's keys (never their secrets)")
    .requiredOption('--workspace <id>', 'workspace id')
    .option('--json', 'print one JSON object')
    .action((opts: JsonOption & { workspace: string }) =>
      run(
        opts,
        async (database) => ({
          data: await (await import('../../features/accounts/keys/keys.service.js')).listKeys(database, opts.workspace),
        }),
        (r) =>
          r.data
            .map(
              (k: { id: string; prefix: string; name: string; status: string }) =>
                `${k.id}  ${k.prefix}…  ${k.status}  ${k.name}`,
            )
            .join('\n') || 'no keys',
      ),
    );
}

/** `estate seed`: a demo inventory at scale. */
function registerSeedCommand(program: Command): void {
  program
    .command('seed')
    .description(
      'fill a workspace with a realistic demo inventory of about N servers ' +
        '(applications, networks, workstations, contracts, flows, agents, audit history)',
    )
    .requiredOption('--workspace <id>', 'workspace id')
    .option('--size <n>', 'number of servers (1..1000000)', '1000')
    .option('--seed <n>', 'random seed, for a reproducible inventory', '42')
    .option('--json', 'print one JSON object')
    .action((opts: JsonOption & { workspace: string; size: string; seed: string }) =>
      run(
        opts,
        async (database) => {
          const started = Date.now();
          const bar = process.stderr.isTTY ? progressBar() : undefined;
          const { seedWorkspace } = await import('../../features/seed/seed.js');
          const seed = () =>
            seedWorkspace(database, {
              workspaceId: opts.workspace,
              size: Number(opts.size),
              seed: Number(opts.seed),
              progress: bar,
            });
          // Alone on a SQLite file, the rows are written once (a rollback journal, not the WAL).
          const created = await (database.alone ? database.alone(seed) : seed());
          if (bar) process.stderr.write('\n');
          return { created, seconds: Math.round((Date.now() - started) / 100) / 10 };
        },
        (r) =>
          `seeded in ${r.seconds}s:\n${Object.entries(r.created)
            .map(([k, v]) => `  ${k.padEnd(24)} ${v}`)
            .join('\n')}`,
      ),
    );
}

interface AgentRunOptions extends JsonOption {
  server: string;
  token?: string;
  once?: boolean;
  interval?: string;
  kind: string;
  maxRetries: string;
}

/** `estate agent run`: no database here, so failures are reported without `run`. */
async function runAgentAction(opts: AgentRunOptions): Promise<void> {
  try {
    if (opts.token !== undefined)
      warn('--token exposes the agent token in ps and shell history; set ESTATE_AGENT_TOKEN instead');
    const token = opts.token ?? process.env.ESTATE_AGENT_TOKEN;
    if (!token) throw new Error('no agent token: set ESTATE_AGENT_TOKEN (or give --token)');
    const server = new URL(opts.server);
    if (server.protocol === 'http:' && !isLoopback(server.hostname))
      warn(
        `${opts.server} is plain http to another host: ` +
          'the agent token and the report cross the network unencrypted; use https',
      );
    if (opts.once && opts.interval) throw new Error('give --once or --interval, not both');
    if (opts.kind !== 'server' && opts.kind !== 'workstation') throw new Error('--kind must be server or workstation');
    const maxRetries = Number(opts.maxRetries);
    if (!Number.isInteger(maxRetries) || maxRetries < 0)
      throw new Error('--max-retries must be a non-negative integer');
    await runAgent({
      server: opts.server,
      token,
      kind: opts.kind,
      intervalMs: opts.interval ? parseInterval(opts.interval) : undefined,
      maxRetries,
      json: Boolean(opts.json),
      log: (line) => process.stderr.write(`estate agent: ${line}\n`),
      print: (line) => process.stdout.write(`${line}\n`),
    });
  } catch (error) {
    process.stderr.write(`estate: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}

/** `estate agent`: enroll and revoke agents, and run one on this host. */
function registerAgentCommands(program: Command): void {
  const agent = program
    .command('agent')
    .description('enroll, revoke and run agents that report hosts and installed software');
  agent
    .command('enroll')
    .description('enroll an agent; its token is printed once')
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--name <name>', 'agent name')
    .option(
      '--fleet',
      'a fleet agent: its token reports many hosts through POST /inventory ' +
        '(GLPI Agent, FusionInventory, OCS Inventory; docs/agents.md)',
    )
    .option('--json', 'print one JSON object')
    .action((opts: JsonOption & { workspace: string; name: string; fleet?: boolean }) =>
      run(
        opts,
        async (database) => {
          const { enrollAgent } = await import('../../features/agents/agents.service.js');
          const enrolled = await enrollAgent(database, {
            workspaceId: opts.workspace,
            name: opts.name,
            fleet: opts.fleet === true,
          });
          return opts.fleet ? { ...enrolled, fleet: true } : { ...enrolled, fleet: undefined };
        },
        (r) =>
          r.fleet
            ? `fleet agent ${r.id} enrolled; token (shown once): ${r.token}\n` +
              'point the inventory agents at https://ESTATE/inventory with any user name and this token as password'
            : `agent ${r.id} enrolled; token (shown once): ${r.token}`,
      ),
    );
  idCommand(agent, {
    name: 'revoke',
    description: 'revoke an agent; its token stops working at once',
    id: ['<agentId>', 'agent id'],
    act: async (database, id) => (await import('../../features/agents/agents.service.js')).revokeAgent(database, id),
    human: (r) => `agent ${r.id} revoked`,
  });
  agent
    .command('run')
    .description(`collect this host's facts and installed packages and report them (agent ${AGENT_VERSION})`)
    .requiredOption('--server <url>', 'Estate base URL, e.g. http://estate.example:8080')
    .option(
      '--token <token>',
      'the agent token (visible in ps and shell history; prefer the ESTATE_AGENT_TOKEN environment variable)',
    )
    .option('--once', 'report once and exit (the default)')
    .option('--interval <every>', 'report every 30s, 5m, 1h … until stopped')
    .option('--kind <kind>', 'server or workstation', 'server')
    .option('--max-retries <n>', 'retries of a failed report (network errors, 5xx) with exponential backoff', '5')
    .option('--json', 'print {"kind","id"} per report')
    .addHelpText(
      'after',
      '\nThe agent token is read from ESTATE_AGENT_TOKEN (or --token). ' +
        'A plain http:// server that is not this machine gets a warning: the token would cross the network in clear.',
    )
    .action(runAgentAction);
}

/** The commands every start registers; GROUPS adds the others when they are named. */
function buildCli(): Command {
  const program = new Command('estate')
    .description('Estate: the IT inventory service. Every command uses DATABASE_URL (default sqlite:./data/estate.db).')
    .showHelpAfterError();

  registerServerCommands(program);
  registerWorkspaceCommands(program);
  registerMemberCommands(program);
  registerKeyCommands(program);
  registerSeedCommand(program);
  registerAgentCommands(program);
  return program;
}

/**
 * The command line `argv` needs: the commands above, and of GROUPS the one whose command it names,
 * or all of them for the list (no command, `help`) and for a name no command has.
 */
async function commandLineFor(argv: string[]): Promise<Command> {
  const program = buildCli();
  // The program has no options of its own: an option first (`--help import`) names no command.
  const [first, second] = argv.slice(2);
  const named = first === 'help' ? second : first;
  if (program.commands.some((command) => command.name() === named)) return program;
  const wanted = GROUPS.filter((group) => named !== undefined && group.commands.includes(named));
  for (const group of wanted.length > 0 ? wanted : GROUPS) (await group.register())(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  try {
    await (await commandLineFor(argv)).parseAsync(argv);
  } catch (error) {
    // Whatever a command did not answer itself: one line, never a stack trace.
    fail(failureMessage(error));
  }
}
