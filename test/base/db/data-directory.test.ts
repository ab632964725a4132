/**
 * The data directory is private: the default `./data` is not part of the checkout, and every
 * command that opens a SQLite file makes Estate's own directory private or refuses to run, while a
 * directory the operator named is never chmod'ed.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { estate, startServer, stopServer, type CliResult } from '../../support/cli.js';
import { describeEachDatabase } from '../../support/harness.js';
import { INSTALL_ROOT } from '../../../src/base/paths.js';

const modeOf = (path: string) => statSync(path).mode & 0o7777;

/** A scratch working directory holding `name`, made with `mode` whatever the umask. */
function directoryWith(name: string, mode: number): { root: string; path: string } {
  const root = mkdtempSync(join(tmpdir(), 'estate-datadir-'));
  const path = join(root, name);
  mkdirSync(path);
  chmodSync(path, mode);
  return { root, path };
}

/** One `estate:` line on stderr, no stack trace. */
function oneLine(result: CliResult): string {
  const lines = result.stderr.trim().split('\n');
  assert.equal(lines.length, 1, result.stderr);
  assert.match(lines[0]!, /^estate: /);
  assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
  return lines[0]!;
}

const isRoot = process.getuid?.() === 0;

describeEachDatabase('the data directory', (h) => {
  const sqliteOnly = h.dialect === 'sqlite' ? {} : { skip: 'the directory of a SQLite file' };

  it('data/ is not tracked and the shipped catalog lives in assets/, which the compiled server finds', async () => {
    const checkout = INSTALL_ROOT;
    const ignored = (path: string) => spawnSync('git', ['check-ignore', '-q', path], { cwd: checkout }).status === 0;
    assert.ok(ignored('data/estate.db'), '.gitignore ignores the whole data/ directory');
    assert.ok(
      !ignored('src/families/data-objects/data-objects.module.ts'),
      'and only that one: src/families/data-objects/ is source',
    );
    const { root } = directoryWith('elsewhere', 0o700);
    try {
      // serve runs from dist/ (bin/estate.js); it finds the catalog from there.
      const server = await startServer(h.url, { ESTATE_DATA_DIR: root }, root);
      try {
        const secret = /svc_live_[A-Za-z0-9_-]+/.exec(readFileSync(join(root, 'first-start.txt'), 'utf8'))?.[0];
        assert.ok(secret);
        const catalog = await fetch(`${server.base}/public/v1/application-catalog`, {
          headers: { authorization: `Bearer ${secret}` },
        });
        assert.equal(catalog.status, 200);
        assert.ok(((await catalog.json()) as { total: number }).total > 100);
      } finally {
        await stopServer(server.child);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it(
    'a command opening the default database makes a 0755 data/ it owns 0700, saying so; estate serve too',
    sqliteOnly,
    async () => {
      const { root, path } = directoryWith('data', 0o755);
      try {
        const migrated = await estate('', ['migrate', '--json'], { cwd: root });
        assert.equal(migrated.code, 0, migrated.stderr);
        assert.ok(migrated.json().applied.length > 0);
        assert.match(
          oneLine(migrated),
          /data directory .*data was open to group or others \(mode 0755\); Estate made it private \(0700\)/,
        );
        assert.equal(modeOf(path), 0o700);
        assert.equal(modeOf(join(path, 'estate.db')), 0o600);
        const again = await estate('', ['migrate', '--json'], { cwd: root });
        assert.deepEqual([again.code, again.stderr], [0, ''], 'a private directory is left alone, silently');

        chmodSync(path, 0o755);
        const server = await startServer('', { LOG_LEVEL: 'silent' }, root);
        try {
          assert.equal(modeOf(path), 0o700);
          assert.match(server.output(), /Estate made it private \(0700\)/);
        } finally {
          await stopServer(server.child);
        }
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  );

  it(
    'where no database is and none was named, a command refuses naming the path it looked at, and makes nothing',
    sqliteOnly,
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'estate-datadir-'));
      try {
        for (const args of [
          ['workspace', 'create', '--name', 'X', '--json'],
          ['seed', '--workspace', '00000000-0000-4000-8000-000000000000', '--size', '1'],
          ['backup', join(root, 'backup.gz')],
        ]) {
          const refused = await estate('', args, { cwd: root });
          assert.equal(refused.code, 1, args.join(' '));
          assert.equal(refused.stdout, '');
          const line = oneLine(refused);
          assert.ok(line.includes(`no database at ${join(root, 'data', 'estate.db')}`), line);
          assert.match(line, /ESTATE_DATA/);
          assert.equal(existsSync(join(root, 'data')), false, `${args[0]} made no data directory`);
        }
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  );

  it('ESTATE_DATA names the data directory, from any working directory', sqliteOnly, async () => {
    const data = mkdtempSync(join(tmpdir(), 'estate-data-'));
    const elsewhere = mkdtempSync(join(tmpdir(), 'estate-elsewhere-'));
    try {
      const env = { ESTATE_DATA: data };
      const migrated = await estate('', ['migrate', '--json'], { cwd: elsewhere, env });
      assert.equal(migrated.code, 0, migrated.stderr);
      assert.ok(existsSync(join(data, 'estate.db')));
      const created = await estate('', ['workspace', 'create', '--name', 'Y', '--json'], { cwd: tmpdir(), env });
      assert.equal(created.code, 0, created.stderr);
      // Found from another directory: the workspace is there.
      const listed = await estate('', ['key', 'list', '--workspace', created.json().id, '--json'], {
        cwd: elsewhere,
        env,
      });
      assert.equal(listed.code, 0, listed.stderr);
      assert.equal(existsSync(join(elsewhere, 'data')), false, 'nothing in the working directory');
    } finally {
      rmSync(data, { recursive: true, force: true });
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('a missing data/ is created 0700', sqliteOnly, async () => {
    const root = mkdtempSync(join(tmpdir(), 'estate-datadir-'));
    try {
      const migrated = await estate('', ['migrate', '--json'], { cwd: root });
      assert.deepEqual([migrated.code, migrated.stderr], [0, '']);
      assert.equal(modeOf(join(root, 'data')), 0o700);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("a 0755 data/ that is not this user's is refused in one line, exit 1, and left as it is", {
    ...sqliteOnly,
    ...(isRoot ? {} : { skip: 'needs root to give the directory away' }),
  }, async () => {
    const { root, path } = directoryWith('data', 0o755);
    try {
      // A database is there (an empty file is one): the directory is what is refused.
      writeFileSync(join(path, 'estate.db'), '');
      chownSync(path, 65534, 65534);
      for (const args of [
        ['migrate', '--json'],
        ['workspace', 'create', '--name', 'X', '--json'],
      ]) {
        const refused = await estate('', args, { cwd: root });
        assert.equal(refused.code, 1, args.join(' '));
        assert.equal(refused.stdout, '');
        assert.match(
          oneLine(refused),
          new RegExp(
            /data directory .*data is open to group or others \(mode 0755\) and Estate cannot make it private /.source +
              /\(it belongs to user 65534\): run "chmod 700 /.source,
          ),
        );
      }
      const server = await startServer('', {}, root).then(
        () => assert.fail('serve started'),
        (error: Error) => error.message,
      );
      assert.match(server, /serve exited with 1: estate: the data directory .* cannot make it private/);
      assert.equal(modeOf(path), 0o755);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it(
    "a directory named in DATABASE_URL is never chmod'ed: " +
      'readable by others or shared with the sticky bit is a warning, writable by others is refused',
    sqliteOnly,
    async () => {
      const cases = [
        {
          mode: 0o755,
          code: 0,
          message: /warning: the database directory .* is readable by group or others \(mode 0755\)/,
        },
        {
          mode: 0o1777,
          code: 0,
          message: /warning: the database directory .* is readable by group or others \(mode 01777\)/,
        },
        {
          mode: 0o777,
          code: 1,
          message: new RegExp(
            /the database directory .* is writable by group or others \(mode 0777\), /.source +
              /who could replace the database; .*chmod go-w/.source,
          ),
        },
        { mode: 0o770, code: 1, message: /is writable by group or others \(mode 0770\)/ },
      ];
      for (const { mode, code, message } of cases) {
        // Named `data` too: only the default ./data of the working directory is Estate's own.
        const { root, path } = directoryWith('data', mode);
        try {
          const result = await estate(`sqlite:${join(path, 'estate.db')}`, ['migrate', '--json'], { cwd: tmpdir() });
          assert.equal(result.code, code, `${mode.toString(8)}: ${result.stderr}`);
          assert.match(oneLine(result), message);
          assert.equal(modeOf(path), mode, 'the mode is unchanged');
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }
    },
  );

  it(
    'a data/ that is a symbolic link is a directory the operator chose: a warning, not a chmod',
    sqliteOnly,
    async () => {
      const { root, path } = directoryWith('shared', 0o755);
      try {
        symlinkSync(path, join(root, 'data'));
        const result = await estate('', ['migrate', '--json'], { cwd: root });
        assert.equal(result.code, 0, result.stderr);
        assert.match(
          oneLine(result),
          /warning: the database directory .* is readable by group or others \(mode 0755\)/,
        );
        assert.equal(modeOf(path), 0o755);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  );

  it('with PostgreSQL, a command leaves ./data as it is', {
    skip: h.dialect === 'postgres' ? false : 'PostgreSQL only',
  }, async () => {
    const { root, path } = directoryWith('data', 0o755);
    try {
      const migrated = await estate(h.url, ['migrate', '--json'], { cwd: root });
      assert.deepEqual([migrated.code, migrated.stderr], [0, '']);
      assert.equal(modeOf(path), 0o755);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
