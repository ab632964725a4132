import { createRegistry } from '../../../src/families/registry.js';
import assert from 'node:assert/strict';
import { migrationNames } from '../../../src/base/db/migrate.js';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { verify } from '@node-rs/argon2';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { createWorkspace } from '../../../src/features/accounts/workspaces/workspaces.service.js';
import { estate, startServer, stopServer } from '../../support/cli.js';
import { createTestDatabase, describeEachDatabase, ONCE, serviceFamilies } from '../../support/harness.js';
import { temporaryDirectory } from '../../support/temporary.js';

/** The arguments of `estate key create --json` for a key named `k` in the workspace, with the options given. */
const keyCreate = (workspace: string, ...options: string[]) => [
  'key',
  'create',
  '--workspace',
  workspace,
  '--name',
  'k',
  ...options,
  '--json',
];

describeEachDatabase('command line', (h) => {
  /**
   * A workspace with an admin who has a password, made through the services the commands call (the
   * commands that make them are tested on their own below).
   */
  const setUp = async () => {
    const ws = await createWorkspace(h.database, createRegistry().scopes, { name: 'CLI Co' }, CLI_ACTOR);
    const { created: _created, ...admin } = await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: ws.id, email: 'Boss@Example.com', name: 'Boss', role: 'admin', password: 'correct horse' },
      CLI_ACTOR,
    );
    return { ws, admin };
  };

  it('migrate --json prints {"applied":[…]}: every migration on an empty database, none after', async () => {
    const empty = await createTestDatabase(h.dialect);
    try {
      const first = await estate(empty.url, ['migrate', '--json']);
      assert.equal(first.code, 0, first.stderr);
      assert.deepEqual(first.json().applied, migrationNames());
      assert.deepEqual((await estate(empty.url, ['migrate', '--json'])).json(), { applied: [] });
    } finally {
      await empty.drop();
    }
  });

  it("help lists every command however it is asked, and a command's own help its options", ONCE, async () => {
    // The commands of src/surfaces/cli/main.ts's GROUPS load on demand: every way to the list loads them all.
    const commands = ['serve', 'migrate', 'workspace', 'member', 'key', 'seed', 'agent', 'backup'].concat([
      'restore',
      'copy',
      'import',
      'export',
      'watch',
      'sso',
      'role',
      'field',
      'help',
    ]);
    for (const args of [[], ['--help'], ['help'], ['--help', 'import'], ['-h', 'field'], ['no-such-command']]) {
      const answer = await estate(h.url, args);
      const listed = [...`${answer.stdout}${answer.stderr}`.matchAll(/^ {2}([a-z]+)\b/gm)].map((match) => match[1]);
      assert.deepEqual(listed, commands, `estate ${args.join(' ')}`);
    }
    for (const [args, option] of [
      [['import', '--help'], '--family <family>'],
      [['help', 'export'], '--all'],
      [['field', 'create', '--help'], '--type <type>'],
      [['sso', '--help'], 'rule'],
    ] as const) {
      const answer = await estate(h.url, [...args]);
      assert.ok(answer.stdout.includes(option), `estate ${args.join(' ')} names ${option}: ${answer.stdout}`);
    }
  });

  it('workspace create and member add print exactly the documented fields', async () => {
    const ws = await estate(h.url, ['workspace', 'create', '--name', 'Fields Inc', '--json']);
    assert.equal(ws.code, 0);
    assert.deepEqual(Object.keys(ws.json()).sort(), ['id', 'name']);
    const member = (
      await estate(h.url, [
        'member',
        'add',
        '--workspace',
        ws.json().id,
        '--email',
        'a@b.co',
        '--name',
        'A',
        '--role',
        'read',
        '--json',
      ])
    ).json();
    assert.deepEqual(Object.keys(member).sort(), ['email', 'id', 'name', 'role', 'userId']);
    assert.equal(member.role, 'read');
  });

  it('the stored password is an argon2id hash, never the password', async () => {
    await setUp();
    const user = await h.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'boss@example.com')
      .executeTakeFirstOrThrow();
    assert.match(user.password_hash ?? '', /^\$argon2id\$/);
  });

  it('key create --alias prints the documented fields; the secret calls the API; key list never shows it', async () => {
    const { ws, admin } = await setUp();
    const created = await estate(h.url, [
      'key',
      'create',
      '--workspace',
      ws.id,
      '--name',
      'ci',
      '--alias',
      'read',
      '--json',
    ]);
    assert.equal(created.code, 0, created.stderr);
    const key = created.json();
    assert.deepEqual(Object.keys(key).sort(), [
      'alias',
      'createdBy',
      'expiresAt',
      'id',
      'name',
      'permissions',
      'prefix',
      'secret',
    ]);
    assert.match(key.secret, /^svc_live_[A-Za-z0-9_-]{43,}$/);
    assert.ok(key.secret.startsWith(key.prefix));
    assert.equal(key.createdBy, admin.id);
    assert.equal(key.expiresAt, null);
    const me = await h.call('GET', '/public/v1/me', { key: key.secret });
    assert.equal(me.statusCode, 200);
    assert.deepEqual(me.json().permissions, key.permissions);
    const listed = await estate(h.url, ['key', 'list', '--workspace', ws.id, '--json']);
    assert.equal(listed.json().data.length, 1);
    assert.ok(!listed.stdout.includes(key.secret));
    assert.equal(listed.json().data[0].status, 'active');
    const stored = await h.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    assert.ok(!JSON.stringify(stored).includes(key.secret), 'only the hash is stored');
    assert.match(stored.key_hash, /^[0-9a-f]{64}$/);
  });

  it('key create --scopes with --expires-at and --as; rotate and revoke print the documented fields', async () => {
    const { ws, admin } = await setUp();
    const expiresAt = '2099-01-01T00:00:00+02:00';
    const key = (
      await estate(h.url, [
        'key',
        'create',
        '--workspace',
        ws.id,
        '--name',
        's',
        '--scopes',
        'tenant:read, audit_log:read',
        '--expires-at',
        expiresAt,
        '--as',
        admin.id,
        '--json',
      ])
    ).json();
    assert.equal(key.alias, null);
    assert.deepEqual(key.permissions, ['audit_log:read', 'tenant:read']);
    assert.equal(key.expiresAt, '2098-12-31T22:00:00.000Z');
    const rotated = await estate(h.url, ['key', 'rotate', key.id, '--json']);
    assert.deepEqual(Object.keys(rotated.json()).sort(), ['id', 'prefix', 'secret']);
    assert.equal((await h.call('GET', '/public/v1/me', { key: key.secret })).statusCode, 401);
    assert.equal((await h.call('GET', '/public/v1/me', { key: rotated.json().secret })).statusCode, 200);
    assert.deepEqual((await estate(h.url, ['key', 'revoke', key.id, '--json'])).json(), { id: key.id, revoked: true });
    assert.equal((await h.call('GET', '/public/v1/me', { key: rotated.json().secret })).statusCode, 401);
  });

  it('role set replaces the permission set; existing alias keys keep their copy', async () => {
    const { ws } = await setUp();
    const before = (
      await estate(h.url, ['key', 'create', '--workspace', ws.id, '--name', 'old', '--alias', 'write', '--json'])
    ).json();
    const set = await estate(h.url, [
      'role',
      'set',
      '--workspace',
      ws.id,
      '--role',
      'write',
      '--scopes',
      'tenant:read,applications:read',
      '--json',
    ]);
    assert.deepEqual(set.json(), { role: 'write', permissions: ['applications:read', 'tenant:read'] });
    const after = (
      await estate(h.url, ['key', 'create', '--workspace', ws.id, '--name', 'new', '--alias', 'write', '--json'])
    ).json();
    assert.deepEqual(after.permissions, ['applications:read', 'tenant:read']);
    assert.ok(before.permissions.length > 2);
  });

  it('workspace delete prints {"id","deleted":true}; its keys then answer 403 forbidden', async () => {
    const { ws } = await setUp();
    const key = (await estate(h.url, keyCreate(ws.id, '--alias', 'admin'))).json();
    assert.deepEqual((await estate(h.url, ['workspace', 'delete', ws.id, '--json'])).json(), {
      id: ws.id,
      deleted: true,
    });
    const res = await h.call('GET', '/public/v1/me', { key: key.secret });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'forbidden');
  });

  it('every bad input gives a clear message on stderr, nothing on stdout, and a non-zero exit', async () => {
    const { ws, admin } = await setUp();
    const reader = (
      await estate(h.url, [
        'member',
        'add',
        '--workspace',
        ws.id,
        '--email',
        'r@x.io',
        '--name',
        'R',
        '--role',
        'read',
        '--json',
      ])
    ).json();
    const missingId = '00000000-0000-7000-8000-000000000000';
    const cases: [string[], RegExp][] = [
      [keyCreate(ws.id, '--scopes', 'tenant:read,warp:drive'), /unknown scope: warp:drive/],
      [keyCreate(ws.id, '--alias', 'read', '--scopes', 'tenant:read'), /exactly one of alias, scopes or role/],
      [keyCreate(ws.id), /exactly one of alias, scopes or role/],
      [keyCreate(ws.id, '--alias', 'root'), /alias must be one of/],
      [keyCreate(missingId, '--alias', 'read'), /workspace not found/],
      [keyCreate('not-a-uuid', '--alias', 'read'), /workspace not found/],
      [keyCreate(ws.id, '--alias', 'read', '--as', missingId), /member not found/],
      [keyCreate(ws.id, '--alias', 'read', '--as', reader.id), /only admin members/],
      [keyCreate(ws.id, '--alias', 'read', '--expires-at', 'next week'), /expiresAt must be an ISO-8601/],
      [keyCreate(ws.id, '--alias', 'read', '--expires-at', '2001-01-01T00:00:00Z'), /in the future/],
      [['key', 'create', '--workspace', ws.id, '--name', '  ', '--alias', 'read', '--json'], /name must not be blank/],
      [['key', 'rotate', missingId, '--json'], /key not found/],
      [['key', 'revoke', 'nope', '--json'], /key not found/],
      [
        ['member', 'add', '--workspace', ws.id, '--email', 'not-an-email', '--name', 'N', '--role', 'read', '--json'],
        /email/,
      ],
      [
        ['member', 'add', '--workspace', ws.id, '--email', 'x@y.io', '--name', 'N', '--role', 'owner', '--json'],
        /role must be one of/,
      ],
      [
        [
          'member',
          'add',
          '--workspace',
          ws.id,
          '--email',
          'x@y.io',
          '--name',
          'N',
          '--role',
          'read',
          '--password',
          'short',
          '--json',
        ],
        /at least 8/,
      ],
      [
        [
          'member',
          'add',
          '--workspace',
          ws.id,
          '--email',
          'boss@example.com',
          '--name',
          'N',
          '--role',
          'read',
          '--json',
        ],
        /already a member/,
      ],
      [['role', 'set', '--workspace', ws.id, '--role', 'read', '--scopes', 'bogus', '--json'], /unknown scope: bogus/],
      [['workspace', 'delete', missingId, '--json'], /workspace not found/],
      [['workspace', 'create', '--json'], /--name/],
      [['key', 'list', '--workspace', missingId, '--json'], /workspace not found/],
    ];
    for (const [args, message] of cases) {
      const result = await estate(h.url, args);
      assert.notEqual(result.code, 0, `${args.join(' ')} must fail`);
      assert.equal(result.stdout, '', `${args.join(' ')} prints nothing on stdout`);
      assert.match(result.stderr, message, args.join(' '));
    }
    void admin;
  });

  it('a key can never get a scope its creator lacks', async () => {
    const { ws } = await setUp();
    const allButAudit = h.registry.scopes.all.filter((s) => s !== 'audit_log:read').join(',');
    await estate(h.url, ['role', 'set', '--workspace', ws.id, '--role', 'admin', '--scopes', allButAudit, '--json']);
    const explicit = await estate(h.url, keyCreate(ws.id, '--scopes', 'audit_log:read'));
    assert.equal(explicit.code, 1);
    assert.match(explicit.stderr, /lacks the scope: audit_log:read/);
    await estate(h.url, [
      'role',
      'set',
      '--workspace',
      ws.id,
      '--role',
      'read',
      '--scopes',
      'audit_log:read,tenant:read',
      '--json',
    ]);
    const viaAlias = await estate(h.url, keyCreate(ws.id, '--alias', 'read'));
    assert.equal(viaAlias.code, 1);
    assert.match(viaAlias.stderr, /lacks the scope: audit_log:read/);
  });

  it(
    'serve without a terminal: the first start writes the demo key and password ' +
      'to a 0600 file and logs only its path; later starts print no secret',
    async () => {
      const empty = await createTestDatabase(h.dialect);
      const dataDir = mkdtempSync(join(tmpdir(), 'estate-data-'));
      try {
        const first = await startServer(empty.url, { ESTATE_DATA_DIR: dataDir, LOG_LEVEL: 'info' });
        let secret: string;
        try {
          const file = join(dataDir, 'first-start.txt');
          assert.equal(statSync(file).mode & 0o777, 0o600, 'readable only by its owner');
          const banner = readFileSync(file, 'utf8');
          secret = /svc_live_[A-Za-z0-9_-]+/.exec(banner)?.[0] ?? '';
          assert.ok(secret, 'the file holds a key');
          assert.match(banner, /curl -H "Authorization: Bearer svc_live_/);
          assert.match(first.output(), /\/docs/);
          assert.doesNotMatch(first.output(), /svc_live_|admin@estate\.local \//, 'no secret printed');
          assert.ok(first.output().includes(file), 'the path is printed');
          for (const line of first.stdout().trim().split('\n')) JSON.parse(line);
          const me = await fetch(`${first.base}/public/v1/me`, { headers: { authorization: `Bearer ${secret}` } });
          assert.equal(me.status, 200);
          assert.equal(((await me.json()) as any).workspace.name, 'Demo');
        } finally {
          await stopServer(first.child);
        }
        const second = await startServer(empty.url);
        try {
          assert.doesNotMatch(second.output(), /svc_live_|password|login/i);
        } finally {
          await stopServer(second.child);
        }
      } finally {
        await empty.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it(
    'secrets on the command line: --password-stdin and ESTATE_AGENT_TOKEN work; ' +
      '--password and --token still work with a warning; plain http to another host warns',
    async () => {
      const ws = (await estate(h.url, ['workspace', 'create', '--name', 'Secrets', '--json'])).json();
      const piped = await estate(
        h.url,
        [
          'member',
          'add',
          '--workspace',
          ws.id,
          '--email',
          'piped@example.test',
          '--name',
          'Piped',
          '--role',
          'read',
          '--password-stdin',
          '--json',
        ],
        { stdin: 'from standard input\n' },
      );
      assert.equal(piped.code, 0, piped.stderr);
      assert.equal(piped.stderr, '', 'no warning');
      const user = await h.database.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', 'piped@example.test')
        .executeTakeFirstOrThrow();
      assert.ok(
        await verify(user.password_hash!, 'from standard input'),
        'the password is the line read, without its line break',
      );
      const flagged = await estate(h.url, [
        'member',
        'add',
        '--workspace',
        ws.id,
        '--email',
        'flag@example.test',
        '--name',
        'Flag',
        '--role',
        'read',
        '--password',
        'on the command line',
        '--json',
      ]);
      assert.equal(flagged.code, 0, flagged.stderr);
      assert.match(flagged.stderr, /warning: --password exposes the password/);
      const noToken = await estate(h.url, [
        'agent',
        'run',
        '--server',
        'http://127.0.0.1:1',
        '--once',
        '--max-retries',
        '0',
      ]);
      assert.equal(noToken.code, 1);
      assert.match(noToken.stderr, /no agent token: set ESTATE_AGENT_TOKEN/);
      const fromEnv = await estate(
        h.url,
        ['agent', 'run', '--server', 'http://127.0.0.1:1', '--once', '--max-retries', '0'],
        { env: { ESTATE_AGENT_TOKEN: 'agt_live_x' } },
      );
      assert.doesNotMatch(
        fromEnv.stderr,
        /no agent token|warning/,
        'the token from the environment is used, without a warning',
      );
      const remote = await estate(h.url, [
        'agent',
        'run',
        '--server',
        'http://estate.invalid:8080',
        '--token',
        'agt_live_x',
        '--once',
        '--max-retries',
        '0',
      ]);
      assert.match(remote.stderr, /warning: --token exposes the agent token/);
      assert.match(remote.stderr, /warning: http:\/\/estate\.invalid:8080 is plain http to another host/);
    },
  );

  it(
    'SIGTERM ends serve within 10 s even when the reader of its log output is gone; ' +
      'stdout carries only JSON lines',
    async () => {
      const server = await startServer(h.url, { LOG_LEVEL: 'info' });
      for (const line of server.stdout().trim().split('\n').filter(Boolean)) JSON.parse(line);
      assert.doesNotMatch(server.stdout(), /listening on/, 'the human line goes to stderr');
      server.child.stdout!.destroy();
      await Promise.all(
        Array.from({ length: 200 }, () =>
          fetch(`${server.base}/healthz`).then(
            (r) => r.text(),
            () => undefined,
          ),
        ),
      );
      const started = Date.now();
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
      server.child.kill('SIGTERM');
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000));
      const outcome = await Promise.race([exited, timeout]);
      if (outcome === 'timeout') server.child.kill('SIGKILL');
      assert.notEqual(outcome, 'timeout', 'exited within 10 s');
      assert.ok(Date.now() - started < 10_000);
    },
  );

  it('serve on a port already in use: one clear line, no stack trace, a non-zero exit', async () => {
    const blocker = createNetServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const result = await estate(h.url, ['serve', '--port', String(port)], {
        env: { ESTATE_DATA_DIR: temporaryDirectory('estate-busy-') },
      });
      assert.equal(result.code, 1);
      assert.match(result.stderr, new RegExp(`estate: port ${port} on 127\\.0\\.0\\.1 is already in use`));
      assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
    } finally {
      blocker.close();
    }
  });

  it('seed twice on one workspace adds to it without conflict; the totals stay exact', async () => {
    const ws = (await estate(h.url, ['workspace', 'create', '--name', 'Twice', '--json'])).json();
    const first = await estate(h.url, ['seed', '--workspace', ws.id, '--size', '20', '--json']);
    assert.equal(first.code, 0, first.stderr);
    const second = await estate(h.url, ['seed', '--workspace', ws.id, '--size', '20', '--json']);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(second.json().created.tags, 0, 'the tags of the first seed are reused');
    const servers = await h.database.db
      .selectFrom('servers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', ws.id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(servers.n), 40);
    const installs = await h.database.db
      .selectFrom('software_installs')
      .select((eb) => eb.fn.sum<number>('install_count').as('n'))
      .where('workspace_id', '=', ws.id)
      .executeTakeFirstOrThrow();
    const live = await h.database.db
      .selectFrom('discovered_applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', ws.id)
      .where('missing_since', 'is', null)
      .executeTakeFirstOrThrow();
    assert.equal(Number(installs.n), Number(live.n), 'install counts are the sum of both seeds');
  });

  it(
    'member add: a different --name for an existing person is refused, ' +
      'not ignored; --name may be left out for them',
    async () => {
      const one = (await estate(h.url, ['workspace', 'create', '--name', 'One', '--json'])).json();
      const two = (await estate(h.url, ['workspace', 'create', '--name', 'Two', '--json'])).json();
      const addReader = (workspaceId: string, email: string, ...options: string[]) =>
        estate(h.url, [
          'member',
          'add',
          '--workspace',
          workspaceId,
          '--email',
          email,
          ...options,
          '--role',
          'read',
          '--json',
        ]);
      assert.equal((await addReader(one.id, 'ada@names.test', '--name', 'Ada Lovelace')).code, 0);
      const renamed = await addReader(two.id, 'ada@names.test', '--name', 'Ada Byron');
      assert.equal(renamed.code, 1);
      assert.equal(renamed.stdout, '');
      assert.match(
        renamed.stderr,
        /^estate: ada@names\.test is already known as "Ada Lovelace"; leave out the name or give that one\n$/,
      );
      const same = await addReader(two.id, 'ada@names.test');
      assert.equal(same.code, 0, same.stderr);
      assert.equal(same.json().name, 'Ada Lovelace');
      const nameless = await addReader(two.id, 'new@names.test');
      assert.equal(nameless.code, 1);
      assert.match(nameless.stderr, /^estate: name is required: new@names\.test is a new person\n$/);
    },
  );
});
