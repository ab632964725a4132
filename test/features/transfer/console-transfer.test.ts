/**
 * The console's Import and Export (POST /ui/api/import/{family}, GET /ui/api/export/{family}): the
 * CLI's import and export behind the session, its CSRF token and the member's scopes, always in the
 * session's workspace; a refused or checked import writes nothing; a malformed or oversized file
 * is a clear 400 or 413.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { IMPORT_BODY_LIMIT } from '../../../src/features/transfer/console.routes.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { personIn, signIn, type ConsoleClient } from '../../support/console.js';
import { describeEachDatabase, type Harness, type Workspace } from '../../support/harness.js';
import { copyMembers, IMPORT_ORDER } from '../../support/transfer.js';

interface Report {
  family: string;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: { row: number; field: string | null; code: string; message: string }[];
  dryRun: boolean;
}

function importRequest(
  client: ConsoleClient,
  family: string,
  file: string,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const search = new URLSearchParams({ file: `${family}.csv`, ...query }).toString();
  return client.call('POST', `/ui/api/import/${family}?${search}`, file, {
    'content-type': 'text/csv',
    ...headers,
  });
}

async function imported(client: ConsoleClient, family: string, file: string, query: Record<string, string> = {}) {
  const answer = await importRequest(client, family, file, query);
  assert.equal(answer.statusCode, 200, answer.body);
  return answer.json() as Report;
}

async function exported(client: ConsoleClient, family: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  const answer = await client.call('GET', `/ui/api/export/${family}${search ? `?${search}` : ''}`);
  assert.equal(answer.statusCode, 200, answer.body);
  return answer;
}

const rowsOf = (csv: string) => parse(csv, { columns: true, bom: true }) as Record<string, string>[];

async function total(h: Harness, workspace: Workspace, family: string, query: Record<string, string> = {}) {
  const secret = (await h.key(workspace)).secret;
  const answer = await h.call('GET', `/public/v1/${family}`, { key: secret, query: { limit: '1', ...query } });
  return (answer.json() as { pagination: { total: number } }).pagination.total;
}

async function importEvents(h: Harness, workspace: Workspace) {
  const secret = (await h.key(workspace)).secret;
  const answer = await h.call('GET', '/public/v1/audit-log', {
    key: secret,
    query: { actions: 'import', limit: '50' },
  });
  assert.equal(answer.statusCode, 200, answer.body);
  return (
    answer.json() as {
      data: { action: string; actor: { type: string; id: string }; resourceName: string; changes: unknown }[];
    }
  ).data;
}

async function admin(h: Harness, workspace: Workspace) {
  return signIn(h, (await personIn(h, workspace, 'admin', 'Ada Admin')).email);
}

describeEachDatabase('console API: import and export', (h) => {
  it('every family exported through the console imports back unchanged into an empty workspace', async () => {
    const source = await h.workspace('Source');
    await seedWorkspace(h.database, { workspaceId: source.id, size: 20, seed: 3 });
    const target = await h.workspace('Target');
    await copyMembers(h, source, target);
    const from = await admin(h, source);
    const to = await admin(h, target);
    for (const family of IMPORT_ORDER) {
      const csv = (await exported(from, family)).body;
      const report = await imported(to, family, csv);
      assert.deepEqual(report.errors, [], `${family}: ${JSON.stringify(report.errors.slice(0, 3))}`);
      assert.equal(report.created, await total(h, source, family), family);
    }
    for (const family of IMPORT_ORDER) {
      // What an import cannot carry (ids, times, what agents set) is left out of the comparison.
      const info = (await to.call('GET', `/ui/api/import/${family}`)).json() as {
        columns: { header: string; kind: string; writable: boolean }[];
      };
      const readOnly = info.columns.filter((column) => column.kind === 'id' || !column.writable);
      const strip = (csv: string) =>
        rowsOf(csv)
          .map((row) => {
            for (const column of readOnly) delete row[column.header];
            return JSON.stringify(row);
          })
          .sort();
      assert.deepEqual(
        strip((await exported(to, family)).body),
        strip((await exported(from, family)).body),
        `${family}: the target's export equals the source's`,
      );
    }
  });

  it('a file with one bad row writes nothing and names the row and field; Check writes nothing either', async () => {
    const ws = await h.workspace();
    const client = await admin(h, ws);
    const bad = 'name,environment\nweb-1,production\nweb-2,nowhere\nweb-3,staging\n';
    const refused = await imported(client, 'servers', bad);
    assert.equal(refused.errors.length, 1);
    assert.deepEqual(
      { row: refused.errors[0]!.row, field: refused.errors[0]!.field, code: refused.errors[0]!.code },
      { row: 2, field: 'environment', code: 'validation_failed' },
    );
    assert.equal(await total(h, ws, 'servers'), 0);

    const good = 'name,environment\nweb-1,production\nweb-2,staging\n';
    const checked = await imported(client, 'servers', good, { dryRun: 'true' });
    assert.deepEqual([checked.dryRun, checked.created, checked.errors.length], [true, 2, 0]);
    assert.equal(await total(h, ws, 'servers'), 0, 'Check writes nothing');
    assert.deepEqual(await importEvents(h, ws), [], 'neither a refused import nor a Check is audited');
  });

  it('an import is audited as the CLI import is: one import event naming the file, the member as actor', async () => {
    const ws = await h.workspace();
    const person = await personIn(h, ws, 'write', 'Wes Writer');
    const client = await signIn(h, person.email);
    const report = await imported(client, 'servers', 'name\nweb-1\nweb-2\n', { file: 'rack 4.csv' });
    assert.deepEqual([report.created, report.errors.length], [2, 0]);
    const events = await importEvents(h, ws);
    assert.equal(events.length, 1);
    assert.equal(events[0]!.resourceName, 'rack 4.csv');
    assert.deepEqual(events[0]!.actor.type, 'member');
    assert.deepEqual(events[0]!.actor.id, person.id);
    assert.deepEqual(events[0]!.changes, {
      created: { before: null, after: 2 },
      updated: { before: null, after: 0 },
      unchanged: { before: null, after: 0 },
    });
    const secret = (await h.key(ws)).secret;
    const creates = await h.call('GET', '/public/v1/audit-log', {
      key: secret,
      query: { actions: 'create', resourceType: 'server' },
    });
    assert.equal((creates.json() as { data: unknown[] }).data.length, 2, "each item's own create event");
  });

  it('the column mapping renames a header to a field and ignores a column; a mapping to no column is 400', async () => {
    const ws = await h.workspace();
    const client = await admin(h, ws);
    const file = 'Device,Host Name,Rack notes\nweb-1,web-1.lan,top shelf\n';
    const columns = JSON.stringify({ Device: 'name', 'Host Name': 'hostname', 'Rack notes': null });
    const report = await imported(client, 'servers', file, { columns });
    assert.deepEqual([report.created, report.errors], [1, []]);
    const rows = rowsOf((await exported(client, 'servers')).body);
    assert.deepEqual([rows[0]!.name, rows[0]!.hostname], ['web-1', 'web-1.lan']);

    const unmapped = await imported(client, 'servers', file, { dryRun: 'true' });
    assert.equal(unmapped.errors[0]!.message, 'unknown column: Device', 'without the mapping the header is unknown');
    const wrong = await importRequest(client, 'servers', file, { columns: JSON.stringify({ Device: 'nonsense' }) });
    assert.equal(wrong.statusCode, 400);
    assert.match(wrong.json().message, /no column nonsense/);
  });

  it('a NetBox devices export through its preset: known columns converted, others listed as ignored', async () => {
    const ws = await h.workspace();
    const client = await admin(h, ws);
    const info = (await client.call('GET', '/ui/api/import/servers')).json() as {
      presets: { name: string; match: string; headers: Record<string, string[]> }[];
    };
    assert.deepEqual(
      info.presets.map((preset) => [preset.name, preset.match]),
      [['netbox-devices', 'name']],
    );
    const file =
      'Name,Site,Rack,Manufacturer,Type,Platform,Serie,IP Address,ID\n' +
      'edge-01,PAR1,R12,Cisco,ISR4331,IOS-XE,FDO123,10.0.0.1/24,42\n';
    // "Serie" is no NetBox header: mapped by hand to the preset's "Serial number".
    const columns = JSON.stringify({ Serie: 'Serial number' });
    const report = await imported(client, 'servers', file, { preset: 'netbox-devices', match: 'name', columns });
    assert.deepEqual([report.created, report.errors], [1, []]);
    assert.deepEqual((report as Report & { ignoredColumns?: string[] }).ignoredColumns, ['ID']);
    const [row] = rowsOf((await exported(client, 'servers')).body);
    assert.deepEqual(
      [row!.name, row!.serialNumber, row!.ipAddresses, row!.manufacturer, row!.model],
      ['edge-01', 'FDO123', '10.0.0.1', 'Cisco', 'ISR4331'],
    );

    const wrongFamily = await importRequest(client, 'contracts', file, { preset: 'netbox-devices' });
    assert.equal(wrongFamily.statusCode, 400);
    assert.match(wrongFamily.json().message, /^preset: contracts have no presets/);
    const wrongColumn = await importRequest(client, 'servers', file, {
      preset: 'netbox-devices',
      columns: JSON.stringify({ Serie: 'serialNumber' }),
    });
    assert.equal(wrongColumn.statusCode, 400);
    assert.match(wrongColumn.json().message, /the preset netbox-devices reads no column serialNumber/);
  });

  it('matches existing items by the chosen field, as --match does', async () => {
    const ws = await h.workspace();
    const client = await admin(h, ws);
    await imported(client, 'servers', 'name,hostname\nweb-1,web-1.lan\n');
    const report = await imported(client, 'servers', 'hostname,location\nweb-1.lan,Paris\n', { match: 'hostname' });
    assert.deepEqual([report.updated, report.created], [1, 0]);
    const refused = await importRequest(client, 'contracts', 'name\nx\n', { match: 'hostname' });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json().message, /^match: contracts match by id, name/);
  });

  it('a read member may export but not import (403, before the file is read)', async () => {
    const ws = await h.workspace();
    const reader = await signIn(h, (await personIn(h, ws, 'read', 'Rita Reader')).email);
    const answer = await importRequest(reader, 'servers', 'name\nweb-1\n');
    assert.equal(answer.statusCode, 403);
    assert.equal(answer.json().code, 'insufficient_permission');
    assert.equal((await reader.call('GET', '/ui/api/import/servers')).statusCode, 403);
    assert.equal(await total(h, ws, 'servers'), 0);
    assert.equal((await reader.call('GET', '/ui/api/export/servers')).statusCode, 200);
  });

  it('an admin of workspace A can neither import into nor export from workspace B, whatever ids given', async () => {
    const a = await h.workspace('A');
    const b = await h.workspace('B');
    const keyB = (await h.key(b)).secret;
    const theirs = await h.call('POST', '/public/v1/servers', { key: keyB, body: { name: 'b-secret', location: 'B' } });
    const theirId = (theirs.json() as { id: string }).id;
    const client = await admin(h, a);

    // B's id in A's file: the row is a new item of A (ids of another workspace are not found); B is untouched.
    const report = await imported(client, 'servers', `id,name,location\n${theirId},taken,A\n`);
    assert.deepEqual([report.created, report.updated], [1, 0]);
    const after = await h.call('GET', `/public/v1/servers/${theirId}`, { key: keyB });
    assert.equal((after.json() as { location: string }).location, 'B');
    assert.equal(await total(h, b, 'servers'), 1);

    // Choosing B as the session's workspace is refused; a workspace parameter is an unknown filter.
    const select = await client.call('PUT', '/ui/api/session/workspace', { workspaceId: b.id });
    assert.equal(select.statusCode, 404);
    const sneaky = await client.call('GET', `/ui/api/export/servers?workspaceId=${b.id}`);
    assert.equal(sneaky.statusCode, 400);
    const posted = await importRequest(client, 'servers', 'name\nx\n', { workspaceId: b.id });
    assert.equal(posted.statusCode, 400);
    const csv = (await exported(client, 'servers')).body;
    assert.doesNotMatch(csv, /b-secret/);
    assert.deepEqual(
      rowsOf(csv).map((row) => row.name),
      ['taken'],
    );
  });

  it('a write without the CSRF token is refused and writes nothing', async () => {
    const ws = await h.workspace();
    const client = await admin(h, ws);
    const answer = await importRequest(client, 'servers', 'name\nweb-1\n', {}, { 'x-csrf-token': '' });
    assert.equal(answer.statusCode, 403);
    assert.match(answer.json().message, /CSRF/);
    assert.equal(await total(h, ws, 'servers'), 0);
  });

  it('a file over the limit is answered 413 with a clear message', async () => {
    const ws = await h.workspace();
    const client = await admin(h, ws);
    const big = `name\n${'x'.repeat(IMPORT_BODY_LIMIT)}\n`;
    const answer = await importRequest(client, 'servers', big);
    assert.equal(answer.statusCode, 413);
    assert.equal(answer.json().code, 'payload_too_large');
    assert.match(answer.json().message, /at most 50 MB/);
  });

  it('a malformed file is a 400 naming what is wrong, never a 500', async () => {
    const ws = await h.workspace();
    const client = await admin(h, ws);
    const cases: [string, string, RegExp][] = [
      ['csv', 'name,location\n"web-1,Paris\n', /not valid CSV/],
      ['csv', 'name,location\nweb-1,Paris,extra\n', /row 1: not valid CSV/],
      ['json', '[{"name": "web-1"', /not valid JSON/],
      ['json', '{"name": "web-1"}', /array of objects/],
      ['jsonl', '{"name": "web-1"}\nnot json\n', /row 2: not valid JSON/],
      ['csv', '', /the file is empty/],
    ];
    for (const [format, file, message] of cases) {
      const answer = await importRequest(client, 'servers', file, { format });
      assert.equal(answer.statusCode, 400, `${format} ${file}: ${answer.body}`);
      assert.match(answer.json().message, message);
    }
    assert.equal(await total(h, ws, 'servers'), 0);
  });

  it('asked for NDJSON, an import streams its progress, then the report', async () => {
    const ws = await h.workspace();
    const client = await admin(h, ws);
    const file = `name\n${Array.from({ length: 450 }, (_, i) => `web-${i}`).join('\n')}\n`;
    const answer = await importRequest(client, 'servers', file, {}, { accept: 'application/x-ndjson' });
    assert.equal(answer.statusCode, 200);
    assert.match(String(answer.headers['content-type']), /application\/x-ndjson/);
    const lines = answer.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { progress?: { rows: number; bytes: number; totalBytes: number } });
    const progress = lines.filter((line) => line.progress).map((line) => line.progress!);
    assert.ok(progress.length >= 4, answer.body);
    assert.ok(progress.every((line) => line.totalBytes === Buffer.byteLength(file)));
    assert.equal(progress.at(-1)!.rows, 450);
    const last = lines.at(-1) as { report?: Report };
    assert.deepEqual([last.report?.created, last.report?.errors.length], [450, 0]);
    assert.equal(await total(h, ws, 'servers'), 450);
  });

  it("exports the list's filters, search, sort and shown columns as a CSV attachment", async () => {
    const ws = await h.workspace();
    const client = await admin(h, ws);
    await imported(
      client,
      'servers',
      'name,environment,location\nweb-a,production,Paris\nweb-b,staging,Paris\n' +
        'web-c,production,Lyon\ndb-d,production,Rome\n',
    );
    const answer = await exported(client, 'servers', {
      environment: 'production',
      q: 'web',
      sort: '-name',
      columns: 'name,location',
    });
    assert.match(String(answer.headers['content-type']), /^text\/csv/);
    assert.match(
      String(answer.headers['content-disposition']),
      /^attachment; filename="servers-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const [header] = answer.body.split('\n');
    assert.equal(header, 'id,name,location');
    assert.deepEqual(
      rowsOf(answer.body).map((row) => [row.name, row.location]),
      [
        ['web-c', 'Lyon'],
        ['web-a', 'Paris'],
      ],
    );
    // Any of the list's sorts (a ranked enum, a nullable field) orders the export as it orders the list.
    const key = (await h.key(ws)).secret;
    for (const sort of ['environment', '-environment', 'hostname', '-createdAt']) {
      const list = await h.call('GET', '/public/v1/servers', { key, query: { sort } });
      assert.equal(list.statusCode, 200, list.body);
      assert.deepEqual(
        rowsOf((await exported(client, 'servers', { sort })).body).map((row) => row.name),
        (list.json() as { data: { name: string }[] }).data.map((server) => server.name),
        sort,
      );
    }
    const unknown = await client.call('GET', '/ui/api/export/servers?colour=red');
    assert.equal(unknown.statusCode, 400);
    assert.match(unknown.json().message, /unknown parameter: colour/);
    const noSuch = await client.call('GET', '/ui/api/export/servers?columns=name,shoeSize');
    assert.equal(noSuch.statusCode, 400);
  });

  it('exports link lists as names separated by ;', async () => {
    const ws = await h.workspace();
    const client = await admin(h, ws);
    await imported(client, 'servers', 'name,tags\nweb-1,blue;green\n');
    const rows = rowsOf((await exported(client, 'servers', { columns: 'name,tags' })).body);
    assert.deepEqual(rows, [{ id: rows[0]!.id!, name: 'web-1', tags: 'blue;green' }]);
  });
});
