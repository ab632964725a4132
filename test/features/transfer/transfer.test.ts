import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { it } from 'node:test';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { FAMILIES } from '../../../src/families/registry.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { columnsOf } from '../../../src/features/transfer/columns.js';
import { exportFamily } from '../../../src/features/transfer/export.js';
import { type Format, type ImportOptions, importFamily } from '../../../src/features/transfer/import.js';
import { estate } from '../../support/cli.js';
import { describeEachDatabase, type Harness, type Workspace } from '../../support/harness.js';
import { copyMembers, IMPORT_ORDER } from '../../support/transfer.js';
import { temporaryDirectory } from '../../support/temporary.js';

/** The service of the family at `/key` in the suite's registry. */
const serviceOf = (h: Harness, key: string) => h.registry.serviceOf(h.registry.byKey(key)!);

async function exported(h: Harness, workspace: Workspace, key: string, format: Format = 'csv', query = {}) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await exportFamily(h.database, workspace.id, serviceOf(h, key), output, { format, query });
  return Buffer.concat(chunks).toString('utf8');
}

function imported(h: Harness, workspace: Workspace, key: string, text: string, options: Partial<ImportOptions> = {}) {
  return importFamily(h.database, workspace.id, serviceOf(h, key), Readable.from([text]), {
    format: 'csv',
    actor: CLI_ACTOR,
    source: `${key}.csv`,
    ...options,
  });
}

/** The records of a JSON-lines export without what an import cannot carry (ids, times, agents). */
function comparable(key: string, jsonl: string): string[] {
  const readOnly = new Set(
    columnsOf(FAMILIES.find((family) => family.definition.path === `/${key}`)!).flatMap((column) =>
      column.kind === 'id' || (column.kind === 'field' && !column.writable) ? [column.header] : [],
    ),
  );
  return jsonl
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const record = JSON.parse(line) as Record<string, unknown>;
      for (const header of readOnly) delete record[header];
      return JSON.stringify(record);
    })
    .sort();
}

async function total(h: Harness, workspace: Workspace, key: string): Promise<number> {
  const secret = (await h.key(workspace)).secret;
  const answer = await h.call('GET', `/public/v1/${key}`, { key: secret, query: { limit: '1' } });
  return (answer.json() as { pagination: { total: number } }).pagination.total;
}

describeEachDatabase('import and export', (h) => {
  it('every family exported from a seeded workspace imports unchanged into an empty one', async () => {
    const source = await h.workspace('Source');
    await seedWorkspace(h.database, { workspaceId: source.id, size: 60, seed: 7 });
    const target = await h.workspace('Target');
    await copyMembers(h, source, target);
    for (const key of IMPORT_ORDER) {
      const csv = await exported(h, source, key);
      const report = await imported(h, target, key, csv);
      assert.deepEqual(report.errors, [], `${key}: ${JSON.stringify(report.errors.slice(0, 3))}`);
      assert.equal(report.created, await total(h, source, key), key);
    }
    for (const key of IMPORT_ORDER) {
      assert.deepEqual(
        comparable(key, await exported(h, target, key, 'jsonl')),
        comparable(key, await exported(h, source, key, 'jsonl')),
        `${key}: the target's export equals the source's`,
      );
    }
    // Imported again, every row is found by its id and nothing changes.
    const again = await imported(h, target, 'servers', await exported(h, target, 'servers'));
    assert.deepEqual([again.created, again.updated, again.errors.length], [0, 0, 0]);
    assert.equal(again.unchanged, again.rows);
  });

  it('rows with an id or a --match value update only the columns they have; others create', async () => {
    const ws = await h.workspace();
    const first = await imported(h, ws, 'servers', 'name,hostname,environment\nweb-1,web-1.lan,production\nweb-2,,\n');
    assert.deepEqual([first.created, first.errors.length], [2, 0]);
    const [web1] = JSON.parse(`[${(await exported(h, ws, 'servers', 'jsonl')).trim().split('\n').join(',')}]`) as {
      id: string;
      name: string;
    }[];
    assert.equal(web1!.name, 'web-1');
    const byId = await imported(h, ws, 'servers', `id,environment\n${web1!.id},staging\n`);
    assert.deepEqual([byId.updated, byId.created, byId.unchanged], [1, 0, 0]);
    const byName = await imported(h, ws, 'servers', 'name,location\nweb-2,Paris\nweb-3,Lyon\n', { match: 'name' });
    assert.deepEqual([byName.updated, byName.created], [1, 1]);
    const rows = (await exported(h, ws, 'servers', 'jsonl'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const web = Object.fromEntries(rows.map((row) => [row.name, row]));
    assert.equal(web['web-1']!.environment, 'staging');
    assert.equal(web['web-1']!.hostname, 'web-1.lan', 'a column the file does not have keeps its value');
    assert.equal(web['web-2']!.location, 'Paris');
    assert.equal(web['web-3']!.location, 'Lyon');

    await imported(h, ws, 'servers', 'name\nweb-3\n');
    const ambiguous = await imported(h, ws, 'servers', 'name,location\nweb-3,Rome\n', { match: 'name' });
    assert.deepEqual(ambiguous.errors, [
      { row: 1, field: 'name', code: 'unprocessable_entity', message: '2 servers have this name' },
    ]);
  });

  it('one bad row in 10,000 writes nothing and names its row and field; a dry run writes nothing', async () => {
    const ws = await h.workspace();
    const lines = ['name,cpuCores'];
    for (let i = 1; i <= 10_000; i++) lines.push(`bulk-${i},${i === 7_321 ? 'many' : 4}`);
    const report = await imported(h, ws, 'servers', `${lines.join('\n')}\n`);
    assert.equal(report.rows, 10_000);
    assert.deepEqual(report.errors, [
      { row: 7_321, field: 'cpuCores', code: 'validation_failed', message: 'cpuCores must be of type integer' },
    ]);
    assert.equal(await total(h, ws, 'servers'), 0, 'nothing written');

    const dry = await imported(h, ws, 'servers', 'name\ndry-1\ndry-2\n', { dryRun: true });
    assert.deepEqual([dry.created, dry.errors.length, dry.dryRun], [2, 0, true]);
    assert.equal(await total(h, ws, 'servers'), 0, 'a dry run writes nothing');
    const secret = (await h.key(ws)).secret;
    const log = await h.call('GET', '/public/v1/audit-log', { key: secret, query: { resourceType: 'server' } });
    assert.equal((log.json() as { total: number }).total, 0, 'nor audits anything');
  });

  it('a large import told its size (SQLite: written bare, indexed at the end) answers as any other', async () => {
    const ws = await h.workspace();
    const secret = (await h.key(ws)).secret;
    const size = 20_000;
    const environments = ['production', 'staging', 'test', 'development'];
    const csv = (bad?: number) => {
      const lines = ['name,hostname,ipAddresses,environment,cpuCores,tags'];
      for (let i = 0; i < size; i++)
        lines.push(
          `big-${i},big-${i}.dc.example,10.9.${i >> 8}.${i & 255},${environments[i % 4]},${i === bad ? 'x' : 2},` +
            `rack-${i % 3}`,
        );
      return `${lines.join('\n')}\n`;
    };
    // Refused: nothing is written, and the tables are whole again for the next import.
    const refused = await imported(h, ws, 'servers', csv(12_345), { expectedRows: size });
    assert.deepEqual(
      refused.errors.map((error) => [error.row, error.field]),
      [[12_346, 'cpuCores']],
    );
    assert.equal(await total(h, ws, 'servers'), 0);
    const report = await imported(h, ws, 'servers', csv(), { expectedRows: size });
    assert.deepEqual([report.created, report.errors.length], [size, 0]);
    const count = async (query: Record<string, string>) =>
      (await h.call('GET', '/public/v1/servers', { key: secret, query: { limit: '5', ...query } })).json() as {
        pagination: { total: number };
        data: { id: string; name: string }[];
      };
    assert.equal((await count({})).pagination.total, size);
    assert.equal((await count({ environment: 'staging' })).pagination.total, size / 4);
    const found = await count({ q: 'big-12345.dc' });
    assert.deepEqual(
      found.data.map((server) => server.name),
      ['big-12345'],
    );
    const tags = (await h.call('GET', `/public/v1/servers/${found.data[0]!.id}/tags`, { key: secret })).json() as {
      id: string;
      name: string;
    }[];
    assert.deepEqual(
      tags.map((tag) => tag.name),
      ['rack-0'],
    );
    assert.equal((await count({ tagId: tags[0]!.id })).pagination.total, Math.ceil(size / 3));
    const log = await h.call('GET', '/public/v1/audit-log', {
      key: secret,
      query: { resourceType: 'server', limit: '1' },
    });
    // A create and a link event per server, and the import's own.
    assert.equal((log.json() as { total: number }).total, 2 * size + 1);
  });

  it('a NUL or a lone surrogate in a row is refused with its row and field, and nothing is written', async () => {
    const ws = await h.workspace();
    const csv = await imported(h, ws, 'servers', 'name,hostname\nfine,fine.example\nnul-\u0000-host,nul.example\n');
    assert.deepEqual(csv.errors, [
      { row: 2, field: 'name', code: 'bad_request', message: 'name must not contain NUL characters' },
    ]);
    const json = await imported(
      h,
      ws,
      'servers',
      '[{"name":"ok"},{"name":"lone","description":"half \\ud800 of it"}]',
      {
        format: 'json',
      },
    );
    assert.deepEqual(json.errors, [
      {
        row: 2,
        field: 'description',
        code: 'bad_request',
        message: 'description must be valid Unicode text (it contains a lone surrogate)',
      },
    ]);
    const key = await imported(h, ws, 'servers', '{"name":"ok","bad\\u0000key":"x"}\n', { format: 'jsonl' });
    assert.deepEqual(key.errors, [
      { row: 1, field: null, code: 'bad_request', message: 'a field name must not contain NUL characters' },
    ]);
    assert.equal(await total(h, ws, 'servers'), 0, 'nothing written');
  });

  it('references and links by name; tags are made as named; unknown names and columns are refused', async () => {
    const ws = await h.workspace();
    const categories = await imported(h, ws, 'categories', 'name,parent\nFinance,\nPayroll,Finance\n');
    assert.deepEqual([categories.created, categories.errors.length], [2, 0]);
    const apps = await imported(
      h,
      ws,
      'applications',
      `name,category,tags,owners\nLedger,Payroll,core;money,${ws.admin.email}\n`,
    );
    assert.deepEqual(apps.errors, []);
    const [ledger] = (await exported(h, ws, 'applications', 'jsonl'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal(ledger!.category, 'Finance / Payroll', 'a tree row is named by its path');
    assert.deepEqual(ledger!.tags, ['core', 'money']);
    assert.deepEqual(ledger!.owners, [ws.admin.email]);

    const refused = await imported(h, ws, 'applications', 'name,category,colour\nA,Nowhere,\nB,,red\n');
    assert.deepEqual(refused.errors, [
      { row: 1, field: 'category', code: 'unprocessable_entity', message: 'no category "Nowhere" in this workspace' },
      { row: 2, field: 'colour', code: 'bad_request', message: 'unknown column: colour' },
    ]);
    const badCsv = await imported(h, ws, 'applications', 'name\n"unclosed\n');
    assert.equal(badCsv.errors[0]?.code, 'bad_request');
    assert.match(badCsv.errors[0]!.message, /not valid CSV/);
  });

  it("workspace A's import never reads or changes workspace B", async () => {
    const a = await h.workspace('A');
    const b = await h.workspace('B');
    await imported(h, b, 'categories', 'name\nSecret\n');
    await imported(h, b, 'servers', 'name,tags\nb-host,b-tag\n');
    const theirs = JSON.parse((await exported(h, b, 'servers', 'jsonl')).trim()) as { id: string };
    const [bCategory] = await h.database.db
      .selectFrom('categories')
      .select('id')
      .where('workspace_id', '=', b.id)
      .execute();

    // B's server id: a new server in A, B's untouched. B's category by id or by name: refused.
    const byId = await imported(h, a, 'servers', `id,name,tags\n${theirs.id},taken,b-tag\n`);
    assert.deepEqual([byId.created, byId.updated, byId.errors.length], [1, 0, 0]);
    const bServer = JSON.parse((await exported(h, b, 'servers', 'jsonl')).trim()) as { name: string; tags: string[] };
    assert.deepEqual([bServer.name, bServer.tags], ['b-host', ['b-tag']]);
    const tags = await h.database.db.selectFrom('tags').select('workspace_id').where('name', '=', 'b-tag').execute();
    assert.equal(tags.length, 2, "A got a tag of its own, never B's");
    const reference = await imported(h, a, 'applications', `name,categoryId\nX,${bCategory!.id}\nY,\n`);
    assert.equal(reference.errors[0]?.code, 'unprocessable_entity');
    const byName = await imported(h, a, 'applications', 'name,category\nZ,Secret\n');
    assert.match(byName.errors[0]!.message, /no category "Secret"/);
    assert.equal(await total(h, a, 'applications'), 0);
  });

  it('JSON and JSON lines import alike; the import is audited with its counts beside each item', async () => {
    const ws = await h.workspace();
    const json = await imported(h, ws, 'networks', JSON.stringify([{ name: 'lan', cidr: '10.0.0.0/24' }]), {
      format: 'json',
      source: 'nets.json',
    });
    const jsonl = await imported(h, ws, 'networks', '{"name":"dmz","cidr":"10.9.0.0/24","vlan":90}\n', {
      format: 'jsonl',
    });
    assert.deepEqual([json.created, jsonl.created, json.errors.length, jsonl.errors.length], [1, 1, 0, 0]);
    const secret = (await h.key(ws)).secret;
    const log = (
      await h.call('GET', '/public/v1/audit-log', { key: secret, query: { resourceType: 'network' } })
    ).json() as {
      data: { action: string; resourceName: string; changes: Record<string, { after: unknown }> | null }[];
    };
    const actions = log.data.map((event) => `${event.action} ${event.resourceName}`).reverse();
    assert.deepEqual(actions, ['create lan', 'import nets.json', 'create dmz', 'import networks.csv']);
    const event = log.data.find((entry) => entry.resourceName === 'nets.json')!;
    assert.deepEqual(event.changes?.created?.after, 1);
  });

  it('estate import and export: exit codes, --json and files', { timeout: 120_000 }, async () => {
    const ws = await h.workspace();
    const dir = temporaryDirectory('estate-transfer-');
    writeFileSync(join(dir, 'ok.csv'), 'name,environment\ncli-1,production\n');
    writeFileSync(join(dir, 'bad.csv'), 'name,environment\ncli-2,moon\n');
    const ok = await estate(h.url, [
      'import',
      '--workspace',
      ws.id,
      '--family',
      'servers',
      join(dir, 'ok.csv'),
      '--json',
    ]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.deepEqual(ok.json(), {
      family: 'servers',
      rows: 1,
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: [],
      dryRun: false,
    });
    const bad = await estate(h.url, ['import', '--workspace', ws.id, '--family', 'servers', join(dir, 'bad.csv')]);
    assert.equal(bad.code, 1);
    assert.match(bad.stdout, /row 1 environment: environment must be one of/);
    // Refused: nothing was written, so no row counts as created.
    assert.match(bad.stdout, /^nothing written: 1 of \d+ rows of servers refused$/m);
    assert.doesNotMatch(bad.stdout, /created/);
    const exportServers = (...options: string[]) =>
      estate(h.url, ['export', '--workspace', ws.id, '--family', 'servers', ...options]);
    const out = join(dir, 'out.csv');
    const exportRun = await exportServers('--filter', 'environment=production', '--output', out);
    assert.equal(exportRun.code, 0, exportRun.stderr);
    assert.match(readFileSync(out, 'utf8'), /^id,name,hostname,/);
    assert.match(readFileSync(out, 'utf8'), /cli-1/);
    const toStdout = await exportServers('--format', 'jsonl');
    assert.equal(toStdout.code, 0);
    assert.equal((JSON.parse(toStdout.stdout.trim()) as { name: string }).name, 'cli-1');
    const unknown = await exportServers('--filter', 'colour=red');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /unknown filter: colour/);
  });
});
