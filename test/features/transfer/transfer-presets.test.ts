import assert from 'node:assert/strict';
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { it } from 'node:test';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { addMember } from '../../../src/features/accounts/members/members.service.js';
import { importFamily } from '../../../src/features/transfer/import.js';
import { addressOf, dayOf } from '../../../src/features/transfer/presets.js';
import { estate } from '../../support/cli.js';
import { describeEachDatabase, type Harness, ONCE, type Workspace, serviceFamilies } from '../../support/harness.js';
import { installed } from '../../../src/base/paths.js';
import { temporaryDirectory } from '../../support/temporary.js';

/** The service of the family at `/key` in the suite's registry. */
const serviceOf = (h: Harness, key: string) => h.registry.serviceOf(h.registry.byKey(key)!);
const example = (name: string) => installed('docs', 'examples', name);

/** The people the Snipe-IT sample checks laptops out to, as members of the workspace. */
const SNIPE_PEOPLE = ['anna', 'boris', 'chloe', 'david'];

/** A new workspace whose members include the Snipe-IT sample's people. */
async function snipeWorkspace(h: Harness): Promise<Workspace> {
  const ws = await h.workspace();
  for (const person of SNIPE_PEOPLE)
    await addMember(
      h.database,
      serviceFamilies,
      { workspaceId: ws.id, email: `${person}@acme.example`, name: person, role: 'read' },
      CLI_ACTOR,
    );
  return ws;
}

type Item = Record<string, unknown>;

async function listed(h: Harness, workspace: Workspace, key: string): Promise<Item[]> {
  const secret = (await h.key(workspace)).secret;
  const answer = await h.call('GET', `/public/v1/${key}`, { key: secret, query: { limit: '100', sort: 'name' } });
  return (answer.json() as { data: Item[] }).data;
}

function fromFile(h: Harness, workspace: Workspace, key: string, file: string, preset: string, match?: string) {
  return importFamily(h.database, workspace.id, serviceOf(h, key), createReadStream(file), {
    format: 'csv',
    actor: CLI_ACTOR,
    source: file,
    preset,
    ...(match ? { match } : {}),
  });
}

describeEachDatabase('import presets', (h) => {
  it("NetBox's device export imports as servers; columns the preset does not read are listed and ignored", async () => {
    const ws = await h.workspace();
    const report = await fromFile(h, ws, 'servers', example('netbox-devices.csv'), 'netbox-devices');
    assert.deepEqual(report.errors, []);
    assert.deepEqual([report.rows, report.created], [10, 10]);
    assert.equal(report.preset, 'netbox-devices');
    assert.deepEqual(report.ignoredColumns, ['ID']);
    assert.deepEqual(
      report.fieldsLeftOut?.sort(),
      ['cf_airflow', 'cf_asset_tag', 'cf_status', 'cf_tenant'],
      'what Estate has no field for is named, to be kept with --create-fields',
    );
    const servers = await listed(h, ws, 'servers');
    assert.equal(servers.length, 10);
    const web = servers.find((server) => server.name === 'fra2-web-01')!;
    assert.deepEqual(
      {
        hostname: web.hostname,
        ipAddresses: web.ipAddresses,
        manufacturer: web.manufacturer,
        model: web.model,
        os: web.os,
        serialNumber: web.serialNumber,
        location: web.location,
        description: web.description,
        environment: web.environment,
      },
      {
        hostname: 'fra2-web-01',
        ipAddresses: ['10.20.14.11', '2001:db8:14::11'],
        manufacturer: 'Dell',
        model: 'PowerEdge R650',
        os: 'Ubuntu 22.04',
        serialNumber: '7XK2L93',
        location: 'FRA2, Hall A, rack R14, U38',
        description: 'Storefront frontend',
        environment: null,
      },
    );
    const secret = (await h.key(ws)).secret;
    const tags = (await h.call('GET', `/public/v1/servers/${web.id}/tags`, { key: secret })).json() as {
      name: string;
    }[];
    assert.deepEqual(tags.map((tag) => tag.name).sort(), ['Web server', 'dmz', 'pci']);
    // A rack without a site's location, and no IPv6 address.
    const backup = servers.find((server) => server.name === 'ams1-backup-01')!;
    assert.deepEqual([backup.location, backup.ipAddresses], ['AMS1, rack B07, U4', ['10.30.7.41']]);

    // Imported again, matched by name: every device is found and nothing changes.
    const again = await fromFile(h, ws, 'servers', example('netbox-devices.csv'), 'netbox-devices', 'name');
    assert.deepEqual([again.created, again.updated, again.unchanged, again.errors.length], [0, 0, 10, 0]);
  });

  it('a NetBox device without a name is named after its asset tag, else its serial; the report says so', async () => {
    const ws = await h.workspace();
    const csv = [
      'Name,Asset tag,Serial number,Platform',
      'fra-1,,S-1,Debian',
      ',AT-0042,S-2,Debian',
      ',,S-3,Debian',
    ].join('\n');
    const file = join(temporaryDirectory('estate-netbox-'), 'unnamed.csv');
    writeFileSync(file, `${csv}\n`);
    const report = await fromFile(h, ws, 'servers', file, 'netbox-devices');
    assert.deepEqual(report.errors, []);
    assert.deepEqual(report.notes, [
      { row: 2, message: 'no name: named "AT-0042" after its asset tag' },
      { row: 3, message: 'no name: named "S-3" after its serial number' },
    ]);
    assert.deepEqual((await listed(h, ws, 'servers')).map((server) => String(server.name)).sort(), [
      'AT-0042',
      'S-3',
      'fra-1',
    ]);
    // With nothing to name it by, the row is refused for its missing name, as any unnamed server.
    writeFileSync(file, 'Name,Asset tag,Platform\n,,Debian\n');
    const refused = await fromFile(h, ws, 'servers', file, 'netbox-devices');
    assert.equal(refused.errors.length, 1);
    assert.equal(refused.errors[0]!.field, 'name');
  });

  it("Snipe-IT's asset export imports as workstations: tags as names, statuses and warranties converted", async () => {
    const ws = await snipeWorkspace(h);
    const report = await fromFile(h, ws, 'workstations', example('snipeit-assets.csv'), 'snipeit-assets');
    assert.deepEqual(report.errors, []);
    assert.deepEqual([report.rows, report.created], [10, 10]);
    assert.deepEqual(report.ignoredColumns, ['ID']);
    assert.deepEqual(report.fieldsLeftOut?.sort(), [
      'cf_category',
      'cf_company',
      'cf_notes',
      'cf_order_number',
      'cf_purchase_cost',
      'cf_supplier',
    ]);
    const machines = new Map((await listed(h, ws, 'workstations')).map((item) => [item.name, item]));
    assert.equal(machines.size, 10);
    const anna = machines.get('LT-0001')!;
    const secret = (await h.key(ws)).secret;
    const users = (await h.call('GET', '/public/v1/users', { key: secret, query: { limit: '100' } })).json() as {
      data: { id: string; email: string }[];
    };
    assert.deepEqual(
      {
        hostname: anna.hostname,
        serialNumber: anna.serialNumber,
        manufacturer: anna.manufacturer,
        model: anna.model,
        status: anna.status,
        assignedUserId: anna.assignedUserId,
        location: anna.location,
        purchaseDate: anna.purchaseDate,
        warrantyEnd: anna.warrantyEnd,
      },
      {
        hostname: 'LT-ANNA',
        serialNumber: 'PF3ABC12',
        manufacturer: 'Lenovo',
        model: 'ThinkPad T14 Gen 4',
        status: 'in_use',
        assignedUserId: users.data.find((user) => user.email === 'anna@acme.example')!.id,
        location: 'Berlin office',
        purchaseDate: '2023-02-14',
        warrantyEnd: '2026-02-14',
      },
    );
    const statusOf = (name: string) => machines.get(name)!.status;
    assert.deepEqual(['LT-0003', 'MB-0005', 'DT-0006', 'LT-0007', 'LT-0009', 'LT-0010'].map(statusOf), [
      'in_stock',
      'in_repair',
      'in_use',
      'retired',
      'in_stock',
      'retired',
    ]);
    // A warranty given in months ends that long after the purchase; an asset name with spaces is no host name.
    assert.equal(machines.get('DT-0006')!.warrantyEnd, '2026-06-30');
    assert.equal(machines.get('LT-0007')!.hostname, null);
    assert.equal(machines.get('MB-0004')!.model, 'MacBook Pro 14" M3');
  });

  it('--create-fields keeps every column: types guessed from the values, a dry run defines nothing', async () => {
    const ws = await snipeWorkspace(h);
    const secret = (await h.key(ws)).secret;
    const defined = async () =>
      (await h.call('GET', '/public/v1/custom-fields', { key: secret }))
        .json()
        .data.map(
          (field: { family: string; name: string; type: string }) => `${field.family}.${field.name}:${field.type}`,
        );
    const file = example('netbox-devices.csv');
    const withFields = (dryRun: boolean) =>
      importFamily(h.database, ws.id, serviceOf(h, 'servers'), createReadStream(file), {
        format: 'csv',
        actor: CLI_ACTOR,
        source: file,
        preset: 'netbox-devices',
        dryRun,
        createFields: () => createReadStream(file),
      });
    const dry = await withFields(true);
    assert.deepEqual(dry.errors, []);
    assert.deepEqual(dry.fieldsCreated?.map((field) => field.name).sort(), [
      'airflow',
      'asset_tag',
      'status',
      'tenant',
    ]);
    assert.deepEqual(await defined(), [], 'a dry run defines nothing');
    const report = await withFields(false);
    assert.deepEqual([report.created, report.errors, report.fieldsLeftOut], [10, [], undefined]);
    const status = report.fieldsCreated?.find((field) => field.name === 'status');
    assert.equal(status?.type, 'select');
    assert.ok(status?.choices?.includes('Active'));
    assert.deepEqual((await defined()).sort(), [
      'servers.airflow:select',
      'servers.asset_tag:text',
      'servers.status:select',
      'servers.tenant:select',
    ]);
    const web = (await listed(h, ws, 'servers')).find((server) => server.name === 'fra2-web-01')!;
    assert.deepEqual(web.customFields, {
      airflow: 'Front to rear',
      asset_tag: 'A-10021',
      status: 'Active',
      tenant: 'Shop',
    });
    const active = await h.call('GET', '/public/v1/servers', { key: secret, query: { cf_status: 'Active' } });
    assert.ok(active.json().pagination.total > 0, 'imported values filter as any');

    const snipe = example('snipeit-assets.csv');
    const assets = await importFamily(h.database, ws.id, serviceOf(h, 'workstations'), createReadStream(snipe), {
      format: 'csv',
      actor: CLI_ACTOR,
      source: snipe,
      preset: 'snipeit-assets',
      createFields: () => createReadStream(snipe),
    });
    assert.deepEqual(assets.errors, []);
    assert.deepEqual(Object.fromEntries((assets.fieldsCreated ?? []).map((field) => [field.name, field.type])), {
      company: 'select',
      category: 'select',
      supplier: 'select',
      purchase_cost: 'decimal',
      order_number: 'select',
      notes: 'text',
    });
    const anna = (await listed(h, ws, 'workstations')).find((item) => item.name === 'LT-0001')!;
    assert.deepEqual(
      (({ company, purchase_cost, order_number }) => ({ company, purchase_cost, order_number }))(
        anna.customFields as Record<string, unknown>,
      ),
      { company: 'Acme', purchase_cost: 1349, order_number: 'PO-2023-011' },
    );
  });

  it('a preset checks rows as any import: one refused row writes nothing', async () => {
    const ws = await h.workspace();
    const csv = 'Name,IP Address,Site\nok-1,10.0.0.1/24,FRA\nbad-1,not-an-ip/24,FRA\n';
    const report = await importFamily(h.database, ws.id, serviceOf(h, 'servers'), Readable.from([csv]), {
      format: 'csv',
      actor: CLI_ACTOR,
      source: 'netbox.csv',
      preset: 'netbox-devices',
    });
    assert.equal(report.errors.length, 1);
    assert.deepEqual([report.errors[0]!.row, report.errors[0]!.field], [2, 'ipAddresses']);
    assert.equal((await listed(h, ws, 'servers')).length, 0);
    // A preset of another family, or none of that name, is refused before a row is read.
    const wrong = await importFamily(h.database, ws.id, serviceOf(h, 'servers'), Readable.from([csv]), {
      format: 'csv',
      actor: CLI_ACTOR,
      source: 'x.csv',
      preset: 'snipeit-assets',
    });
    assert.deepEqual(
      wrong.errors.map((error) => [error.row, error.code]),
      [[0, 'bad_request']],
    );
  });

  it('people who are not members: refused naming --create-people, listed by a dry run, recorded with it', async () => {
    const ws = await h.workspace();
    const snipe = example('snipeit-assets.csv');
    const without = await fromFile(h, ws, 'workstations', snipe, 'snipeit-assets');
    assert.deepEqual(
      without.errors.map((error) => [error.row, error.field]),
      [
        [1, 'assignedUser'],
        [2, 'assignedUser'],
        [4, 'assignedUser'],
        [8, 'assignedUser'],
      ],
    );
    assert.match(without.errors[0]!.message, /no person "Anna Berg <anna@acme\.example>".*--create-people/);

    const run = (dryRun: boolean) =>
      importFamily(h.database, ws.id, serviceOf(h, 'workstations'), createReadStream(snipe), {
        format: 'csv',
        actor: CLI_ACTOR,
        source: snipe,
        preset: 'snipeit-assets',
        createPeople: true,
        dryRun,
      });
    const dry = await run(true);
    assert.deepEqual(dry.errors, []);
    assert.deepEqual(dry.peopleCreated, [
      'Anna Berg <anna@acme.example>',
      'Boris Cole <boris@acme.example>',
      'Chloe Diaz <chloe@acme.example>',
      'David Ek <david@acme.example>',
    ]);
    const secret = (await h.key(ws)).secret;
    const people = async () =>
      (
        (await h.call('GET', '/public/v1/users', { key: secret, query: { member: 'false', sort: 'name' } })).json() as {
          data: { id: string; name: string; email: string; member: boolean }[];
        }
      ).data;
    assert.deepEqual(await people(), [], 'a dry run records nobody');

    const done = await run(false);
    assert.deepEqual([done.errors, done.created], [[], 10]);
    const recorded = await people();
    assert.deepEqual(
      recorded.map((person) => [person.name, person.email]),
      [
        ['Anna Berg', 'anna@acme.example'],
        ['Boris Cole', 'boris@acme.example'],
        ['Chloe Diaz', 'chloe@acme.example'],
        ['David Ek', 'david@acme.example'],
      ],
    );
    const anna = (await listed(h, ws, 'workstations')).find((item) => item.name === 'LT-0001')!;
    assert.equal(anna.assignedUserId, recorded[0]!.id);
    // Imported again, the file names the people it recorded: nobody twice.
    const again = await importFamily(h.database, ws.id, serviceOf(h, 'workstations'), createReadStream(snipe), {
      format: 'csv',
      actor: CLI_ACTOR,
      source: snipe,
      preset: 'snipeit-assets',
      createPeople: true,
      match: 'name',
    });
    assert.deepEqual([again.errors, again.peopleCreated], [[], undefined]);
    assert.equal((await people()).length, 4);
  });

  it('estate import --skip-invalid: valid rows go in, refused ones to a file that imports once fixed', async () => {
    const ws = await h.workspace();
    const dir = temporaryDirectory('estate-skip-');
    const file = join(dir, 'servers.csv');
    const refused = join(dir, 'refused.csv');
    writeFileSync(
      file,
      'name,environment,cpuCores\n' +
        'web-1,production,4\n' +
        'web-2,prod,4\n' +
        'db-1,staging,many\n' +
        '"=HYPERLINK(""x"")",development,2\n' +
        'db-2,,8\n',
    );
    const run = await estate(h.url, [
      'import',
      '--workspace',
      ws.id,
      '--family',
      'servers',
      file,
      '--skip-invalid',
      refused,
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /imported 5 rows of servers: 3 created/);
    assert.match(run.stdout, /2 rows refused and left out, written with their reasons to .*refused\.csv/);
    const names = (await listed(h, ws, 'servers')).map((server) => server.name);
    assert.deepEqual(names, ['=HYPERLINK("x")', 'db-2', 'web-1']);
    const text = readFileSync(refused, 'utf8');
    const [header, ...rows] = text.trim().split('\n');
    assert.equal(header, 'name,environment,cpuCores,estate_error');
    assert.equal(rows.length, 2);
    assert.match(rows[0]!, /^web-2,prod,4,.*environment/);
    assert.match(rows[1]!, /^db-1,staging,many,.*cpuCores/);
    // Fixed where they are, the refused rows import; the reason column is ignored.
    writeFileSync(refused, text.replace('web-2,prod', 'web-2,production').replace('staging,many', 'staging,2'));
    const again = await estate(h.url, ['import', '--workspace', ws.id, '--family', 'servers', refused]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /imported 2 rows of servers: 2 created/);
    assert.equal((await listed(h, ws, 'servers')).length, 5);
    const none = await estate(h.url, [
      'import',
      '--workspace',
      ws.id,
      '--family',
      'servers',
      '-',
      '--skip-invalid',
      refused,
    ]);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /--skip-invalid reads the file again: give a file, not -/);
  });

  it('estate import --preset: the family is the preset’s; --json and the summary list ignored columns', async () => {
    const ws = await h.workspace();
    const json = await estate(h.url, [
      'import',
      '--workspace',
      ws.id,
      '--preset',
      'netbox-devices',
      example('netbox-devices.csv'),
      '--json',
      '--dry-run',
    ]);
    assert.equal(json.code, 0, json.stderr);
    assert.deepEqual(json.json(), {
      family: 'servers',
      rows: 10,
      created: 10,
      updated: 0,
      unchanged: 0,
      errors: [],
      dryRun: true,
      preset: 'netbox-devices',
      ignoredColumns: ['ID'],
      fieldsLeftOut: ['cf_asset_tag', 'cf_status', 'cf_tenant', 'cf_airflow'],
    });
    const dir = temporaryDirectory('estate-presets-');
    writeFileSync(join(dir, 'netbox.csv'), 'Name,Custom field\nfra-1,x\n');
    const human = await estate(h.url, [
      'import',
      '--workspace',
      ws.id,
      '--preset',
      'netbox-devices',
      join(dir, 'netbox.csv'),
    ]);
    assert.equal(human.code, 0, human.stderr);
    assert.match(human.stdout, /imported 1 rows of servers: 1 created/);
    assert.match(human.stdout, /preset netbox-devices; columns ignored: Custom field/);
    const unknown = await estate(h.url, ['import', '--workspace', ws.id, '--preset', 'nope', join(dir, 'netbox.csv')]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no preset nope; one of: netbox-devices, snipeit-assets/);
  });
});

it('preset values: addresses without their prefix length, dates as days', ONCE, () => {
  assert.equal(addressOf('10.0.0.1/24'), '10.0.0.1');
  assert.equal(addressOf(' 2001:db8::1/64 '), '2001:db8::1');
  assert.equal(addressOf('not-an-ip/24'), 'not-an-ip/24');
  assert.equal(dayOf('2023-02-14 09:30:00'), '2023-02-14');
  assert.equal(dayOf('Feb 14, 2023'), '2023-02-14');
  assert.equal(dayOf('someday'), 'someday');
});
