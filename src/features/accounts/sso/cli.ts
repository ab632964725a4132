/**
 * `estate sso`: a workspace's single sign-on rules and its Require single sign-on setting, beside
 * the console's Settings → Single sign-on (docs/sso.md). The operator acts as the system; each
 * change is audited in the workspace.
 */
import type { Command } from 'commander';
import { CLI_ACTOR } from '../../../base/audit/audit.types.js';
import { type JsonOption, run, warn } from '../../../base/cli/run.js';

export function registerSso(program: Command): void {
  const sso = program
    .command('sso')
    .description("a workspace's single sign-on rules and setting (providers: OIDC_PROVIDERS, docs/sso.md)");
  const rule = sso.command('rule').description('which group of a provider gives which role in a workspace');

  rule
    .command('add')
    .description("give a role in the workspace to people whose provider's groups claim holds the group")
    .requiredOption('--workspace <id>', 'workspace id')
    .requiredOption('--provider <name>', 'a provider of OIDC_PROVIDERS')
    .requiredOption('--group <group>', 'a value of the groups claim')
    .requiredOption('--role <role>', 'read, write or admin')
    .option('--json', 'print one JSON object')
    .action((opts: JsonOption & { workspace: string; provider: string; group: string; role: string }) =>
      run(
        opts,
        async (database) => {
          const { addRule } = await import('./rules.service.js');
          const { loadProviders, ProviderRegistry } = await import('./providers.js');
          const registry = new ProviderRegistry(loadProviders(process.env, { secrets: false }));
          return addRule(database, registry, opts.workspace, opts, CLI_ACTOR);
        },
        (r) => `rule ${r.id} added: group "${r.group}" of ${r.provider} gives ${r.role}`,
      ),
    );

  rule
    .command('list')
    .description("list a workspace's single sign-on rules and setting")
    .requiredOption('--workspace <id>', 'workspace id')
    .option('--json', 'print one JSON object')
    .action((opts: JsonOption & { workspace: string }) =>
      run(
        opts,
        async (database) => {
          const { listRules, settingOf } = await import('./rules.service.js');
          await (await import('../workspaces/workspaces.service.js')).requireWorkspace(database, opts.workspace);
          return {
            data: await listRules(database.db, opts.workspace),
            setting: await settingOf(database.db, opts.workspace),
          };
        },
        (r) =>
          [
            ...r.data.map((x) => `${x.id}  ${x.provider}  ${x.group}  ${x.role}`),
            r.data.length === 0 ? 'no rules' : '',
            `single sign-on required: ${r.setting.requireSso ? 'yes' : 'no'}` +
              (r.setting.breakGlassMemberId ? ` (break-glass admin ${r.setting.breakGlassMemberId})` : ''),
          ]
            .filter(Boolean)
            .join('\n'),
      ),
    );

  rule
    .command('remove')
    .description("remove one of a workspace's single sign-on rules")
    .requiredOption('--workspace <id>', 'workspace id')
    .argument('<ruleId>', 'the rule (estate sso rule list)')
    .option('--json', 'print one JSON object')
    .action((ruleId: string, opts: JsonOption & { workspace: string }) =>
      run(
        opts,
        async (database) => {
          const { removeRule } = await import('./rules.service.js');
          await (await import('../workspaces/workspaces.service.js')).requireWorkspace(database, opts.workspace);
          return { ...(await removeRule(database, opts.workspace, ruleId, CLI_ACTOR)), removed: true };
        },
        (r) => `rule ${r.id} removed`,
      ),
    );

  sso
    .command('require')
    .description('require single sign-on in a workspace (on) or allow passwords again (off)')
    .requiredOption('--workspace <id>', 'workspace id')
    .argument('<state>', 'on or off')
    .option('--break-glass <memberId>', 'an admin of the workspace who keeps a password sign-in (with on)')
    .option('--json', 'print one JSON object')
    .addHelpText(
      'after',
      '\nWith on, members cannot open a console session in the workspace with a password, and the ' +
        'password sessions open there end. Without --break-glass nobody keeps a password: if the ' +
        'provider fails, only the operator can let people in again (estate sso require ... off).',
    )
    .action((state: string, opts: JsonOption & { workspace: string; breakGlass?: string }) =>
      run(
        opts,
        async (database) => {
          if (state !== 'on' && state !== 'off') throw new Error('give on or off');
          if (state === 'off' && opts.breakGlass) throw new Error('--break-glass goes with on');
          const { changeSetting } = await import('./rules.service.js');
          const setting = await changeSetting(
            database,
            opts.workspace,
            { requireSso: state === 'on', breakGlassMemberId: opts.breakGlass ?? null },
            CLI_ACTOR,
          );
          if (setting.requireSso && setting.breakGlassMemberId)
            warn(
              `member ${setting.breakGlassMemberId} keeps a password sign-in (break-glass): ` +
                'keep that password long, unique and locked away, and check its use in the audit log',
            );
          if (setting.requireSso && !setting.breakGlassMemberId)
            warn('nobody keeps a password sign-in: if the provider fails, turn this off with estate sso require');
          return setting;
        },
        (r) =>
          r.requireSso
            ? `single sign-on required${r.breakGlassMemberId ? `; break-glass admin ${r.breakGlassMemberId}` : ''}`
            : 'single sign-on not required: passwords work again',
      ),
    );
}
