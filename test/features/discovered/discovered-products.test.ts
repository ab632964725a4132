/**
 * The console's discovered software by product (src/features/discovered/console.routes.ts): grouped counts,
 * a product's hosts, triage of a whole product in one transaction, workspace isolation, one
 * set-based statement per page at ~100,000 installs; and a server's networks
 * (src/families/networks/console.routes.ts).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import type { CompiledQuery } from 'kysely';
import { openDatabase, refreshStatistics } from '../../../src/base/db/database.js';
import { foldKey } from '../../../src/base/db/text-search.js';
import { listProducts } from '../../../src/features/discovered/discovered-products.js';
import type { ProductHostList, ProductList, ProductTriaged } from '../../../src/features/discovered/console.routes.js';
import type { ServerNetworks } from '../../../src/families/networks/console.routes.js';
import { bulkLoader } from '../../../src/base/db/bulk.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { personIn, signIn, type ConsoleClient } from '../../support/console.js';
import { describeEachDatabase, type Harness, type Workspace } from '../../support/harness.js';

interface Row {
  id: string;
  name: string;
  vendor: string;
  status: string;
  missingSince: string | null;
  catalogEntryId: string | null;
  serverId: string | null;
}

/** Every discovered row of a workspace, through the public list (pages of 200). */
async function allRows(h: Harness, key: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = (
      await h.call('GET', '/public/v1/discovered-applications', {
        key,
        query: { limit: '200', offset: String(offset), sort: 'name' },
      })
    ).json() as { data: Row[]; pagination: { total: number } };
    rows.push(...page.data);
    if (rows.length >= page.pagination.total || page.data.length === 0) return rows;
  }
}

async function allProducts(client: ConsoleClient, query = ''): Promise<ProductList['data']> {
  const products: ProductList['data'] = [];
  for (let offset = 0; ; offset += 200) {
    const response = await client.call('GET', `/ui/api/discovered/products?limit=200&offset=${offset}${query}`);
    assert.equal(response.statusCode, 200, response.body);
    const page = response.json() as ProductList;
    products.push(...page.data);
    if (products.length >= page.pagination.total || page.data.length === 0) return products;
  }
}

const productKey = (name: string, vendor: string) => `${foldKey(name)}\u0000${foldKey(vendor)}`;

async function seeded(h: Harness, size: number, seed: number) {
  const ws = await h.workspace();
  await seedWorkspace(h.database, { workspaceId: ws.id, size, seed });
  const key = (await h.key(ws)).secret;
  const admin = await signIn(h, (await personIn(h, ws, 'admin')).email);
  return { ws, key, admin };
}

async function anApplication(h: Harness, key: string, name = `App ${randomUUID().slice(0, 8)}`): Promise<string> {
  const created = await h.call('POST', '/public/v1/applications', { key, body: { name } });
  assert.equal(created.statusCode, 201, created.body);
  return (created.json() as { id: string }).id;
}

/** The workspace's installs of one product. */
function installsOf(h: Harness, ws: Workspace, product: { nameKey: string; vendorKey: string }) {
  return h.database.db
    .selectFrom('discovered_applications')
    .where('workspace_id', '=', ws.id)
    .where('name_key', '=', product.nameKey)
    .where('vendor_key', '=', product.vendorKey);
}

async function auditedUpdates(h: Harness, ws: Workspace, ids: Set<string>) {
  const rows = await h.database.db
    .selectFrom('audit_events')
    .select(['resource_id', 'changes'])
    .where('workspace_id', '=', ws.id)
    .where('resource_type', '=', 'discovered_application')
    .where('action', '=', 'update')
    .execute();
  return rows.filter((row) => row.resource_id && ids.has(row.resource_id));
}

describeEachDatabase('console: discovered software by product', (h) => {
  it('grouped counts equal the ungrouped rows: installs, missing, status counts, catalog match', async () => {
    const { key, admin } = await seeded(h, 400, 7);
    const rows = await allRows(h, key);
    // Some installs linked, so that every status is counted.
    const applicationId = await anApplication(h, key);
    for (const row of rows.filter((r) => r.status === 'new').slice(0, 5)) {
      const linked = await h.call('PATCH', `/public/v1/discovered-applications/${row.id}`, {
        key,
        body: { applicationId },
      });
      assert.equal(linked.statusCode, 200, linked.body);
    }
    const after = await allRows(h, key);
    const expected = new Map<
      string,
      { installs: number; missing: number; new: number; linked: number; ignored: number; catalog: string | null }
    >();
    for (const row of after) {
      const k = productKey(row.name, row.vendor);
      const e = expected.get(k) ?? { installs: 0, missing: 0, new: 0, linked: 0, ignored: 0, catalog: null };
      e.installs += 1;
      if (row.missingSince) e.missing += 1;
      e[row.status as 'new' | 'linked' | 'ignored'] += 1;
      e.catalog = e.catalog ?? row.catalogEntryId;
      expected.set(k, e);
    }
    const products = await allProducts(admin);
    assert.equal(products.length, expected.size);
    for (const product of products) {
      const e = expected.get(`${product.nameKey}\u0000${product.vendorKey}`)!;
      assert.ok(e, `${product.name} is a product of the rows`);
      assert.deepEqual(
        [product.installs, product.missing, product.statusCounts, product.catalogEntryId],
        [e.installs, e.missing, { new: e.new, linked: e.linked, ignored: e.ignored }, e.catalog],
        product.name,
      );
    }
    // Most installed first, then by name; a status filter keeps products with an install in it.
    const installs = products.map((p) => p.installs);
    assert.deepEqual(
      installs,
      [...installs].sort((a, b) => b - a),
    );
    const withLinked = await allProducts(admin, '&status=linked');
    assert.deepEqual(
      withLinked.map((p) => p.nameKey).sort(),
      products
        .filter((p) => p.statusCounts.linked > 0)
        .map((p) => p.nameKey)
        .sort(),
    );
    assert.ok(withLinked.every((p) => p.applicationId === applicationId && !p.severalApplications));
    assert.ok(withLinked.every((p) => p.applicationName?.startsWith('App ')));
    // Search by part of the name, and paging past the end still counts.
    const first = products[0]!;
    const searched = await allProducts(admin, `&q=${encodeURIComponent(first.name.slice(0, 4).toUpperCase())}`);
    assert.ok(searched.some((p) => p.nameKey === first.nameKey));
    assert.ok(
      searched.every(
        (p) =>
          p.nameKey.includes(foldKey(first.name.slice(0, 4))) || p.vendorKey.includes(foldKey(first.name.slice(0, 4))),
      ),
    );
    const past = (await admin.call('GET', '/ui/api/discovered/products?offset=5000')).json() as ProductList;
    assert.deepEqual([past.data.length, past.pagination.total], [0, products.length]);
    // A wildcard in q is a character, not a pattern.
    assert.equal(
      ((await admin.call('GET', '/ui/api/discovered/products?q=%25')).json() as ProductList).pagination.total,
      0,
    );

    // The hosts of a product: its rows, by host name, paged.
    const hosts = (
      await admin.call(
        'GET',
        `/ui/api/discovered/products/hosts?nameKey=${encodeURIComponent(first.nameKey)}` +
          `&vendorKey=${encodeURIComponent(first.vendorKey)}&limit=3`,
      )
    ).json() as ProductHostList;
    assert.equal(hosts.pagination.total, first.installs);
    assert.equal(hosts.data.length, Math.min(3, first.installs));
    assert.ok(hosts.data.every((host) => host.hostName && host.serverId));
    const names = hosts.data.map((host) => host.hostName!);
    assert.deepEqual(names, [...names].sort());
  });

  it('triaging a product links every install in one transaction, each audited; back to new, ignore', async () => {
    const { ws, key, admin } = await seeded(h, 400, 8);
    const [product] = await allProducts(admin);
    const applicationId = await anApplication(h, key);
    const triage = (body: Record<string, unknown>) =>
      admin.call('POST', '/ui/api/discovered/products/triage', {
        nameKey: product!.nameKey,
        vendorKey: product!.vendorKey,
        ...body,
      });
    const linked = await triage({ action: 'link', applicationId });
    assert.equal(linked.statusCode, 200, linked.body);
    assert.deepEqual(linked.json(), { matched: product!.installs, changed: product!.installs });
    const rows = await installsOf(h, ws, product!).select(['id', 'status', 'application_id']).execute();
    assert.ok(rows.every((row) => row.status === 'linked' && row.application_id === applicationId));
    const ids = new Set(rows.map((row) => row.id));
    assert.equal((await auditedUpdates(h, ws, ids)).length, rows.length, 'one update event per install');
    // Again: nothing changes, nothing is audited.
    assert.deepEqual((await triage({ action: 'link', applicationId })).json(), {
      matched: rows.length,
      changed: 0,
    });
    assert.equal((await auditedUpdates(h, ws, ids)).length, rows.length);
    // Only the linked ones back to new; then ignore all.
    assert.deepEqual((await triage({ action: 'new', onlyStatus: 'linked' })).json(), {
      matched: rows.length,
      changed: rows.length,
    });
    assert.equal((await triage({ action: 'ignore' })).statusCode, 200);
    const ignored = await allProducts(admin, '&status=ignored');
    assert.equal(ignored.find((p) => p.nameKey === product!.nameKey)?.statusCounts.ignored, rows.length);

    // Refusals: an application of no workspace (422), link without an application (400), an unknown product (404).
    assert.equal((await triage({ action: 'link', applicationId: randomUUID() })).statusCode, 422);
    assert.equal((await triage({ action: 'link' })).statusCode, 400);
    assert.equal((await triage({ action: 'ignore', applicationId })).statusCode, 400);
    assert.equal((await triage({ action: 'teleport' })).statusCode, 400);
    const unknown = await admin.call('POST', '/ui/api/discovered/products/triage', {
      nameKey: 'no-such-product',
      vendorKey: '',
      action: 'ignore',
    });
    assert.equal(unknown.statusCode, 404, unknown.body);

    // Create an application for a product: one application, every install linked to it.
    const [, second] = await allProducts(admin);
    const created = await admin.call('POST', '/ui/api/discovered/products/application', {
      nameKey: second!.nameKey,
      vendorKey: second!.vendorKey,
    });
    assert.equal(created.statusCode, 201, created.body);
    const made = created.json() as { application: { id: string }; changed: number };
    assert.equal(made.changed, second!.installs);
    const now = (await allProducts(admin)).find((p) => p.nameKey === second!.nameKey)!;
    assert.deepEqual([now.applicationId, now.statusCounts.linked], [made.application.id, second!.installs]);

    // A reader may list, not triage (403), and a writer may link.
    const reader = await signIn(h, (await personIn(h, ws, 'read')).email);
    assert.equal((await reader.call('GET', '/ui/api/discovered/products')).statusCode, 200);
    const refused = await reader.call('POST', '/ui/api/discovered/products/triage', {
      nameKey: product!.nameKey,
      vendorKey: product!.vendorKey,
      action: 'ignore',
    });
    assert.equal(refused.statusCode, 403);
    // Without the CSRF token a triage is refused.
    const forged = await admin.call(
      'POST',
      '/ui/api/discovered/products/triage',
      { nameKey: product!.nameKey, vendorKey: product!.vendorKey, action: 'new' },
      { 'x-csrf-token': 'wrong' },
    );
    assert.equal(forged.statusCode, 403);
  });

  it('a product triage and a concurrent single triage of one install count and audit it once', async () => {
    const { ws, key, admin } = await seeded(h, 400, 9);
    const [product] = await allProducts(admin, '&status=new');
    const applicationId = await anApplication(h, key);
    const one = await installsOf(h, ws, product!).select('id').where('status', '=', 'new').executeTakeFirstOrThrow();
    const [whole, single] = await Promise.all([
      admin.call('POST', '/ui/api/discovered/products/triage', {
        nameKey: product!.nameKey,
        vendorKey: product!.vendorKey,
        action: 'link',
        applicationId,
        onlyStatus: 'new',
      }),
      admin.call('PATCH', `/ui/api/v1/discovered-applications/${one.id}`, { applicationId }),
    ]);
    assert.equal(whole.statusCode, 200, whole.body);
    assert.equal(single.statusCode, 200, single.body);
    const { changed } = whole.json() as ProductTriaged;
    const linked = await installsOf(h, ws, product!).select('id').where('status', '=', 'linked').execute();
    assert.equal(linked.length, product!.statusCounts.new);
    const events = await auditedUpdates(h, ws, new Set(linked.map((row) => row.id)));
    // Whichever ran first, the install linked by the single triage is counted and audited once.
    assert.equal(events.length, product!.statusCounts.new);
    assert.ok(changed === product!.statusCounts.new || changed === product!.statusCounts.new - 1, `${changed}`);
    assert.equal(new Set(events.map((event) => event.resource_id)).size, events.length);
  });

  it('cross-workspace: a product route never reveals or changes workspace B’s installs', async () => {
    const a = await seeded(h, 300, 10);
    const b = await seeded(h, 300, 11);
    // A product only B has.
    await h.database.db
      .insertInto('discovered_applications')
      .values(await onlyInB(h, b.ws.id))
      .execute();
    const bBefore = await h.database.db
      .selectFrom('discovered_applications')
      .select(['id', 'status', 'application_id', 'last_update'])
      .where('workspace_id', '=', b.ws.id)
      .orderBy('id')
      .execute();
    const aRows = await allRows(h, a.key);
    const aProducts = await allProducts(a.admin);
    assert.equal(
      aProducts.reduce((sum, p) => sum + p.installs, 0),
      aRows.length,
      'A counts only its own installs',
    );
    assert.ok(!aProducts.some((p) => p.nameKey === 'secret-b-tool'));
    const hosts = (
      await a.admin.call('GET', '/ui/api/discovered/products/hosts?nameKey=secret-b-tool&vendorKey=b%20corp')
    ).json() as ProductHostList;
    assert.deepEqual([hosts.data, hosts.pagination.total], [[], 0]);
    // Triage of B's product from A: 404; of a product both have: only A's installs change.
    const aApplication = await anApplication(h, a.key);
    const bOnly = await a.admin.call('POST', '/ui/api/discovered/products/triage', {
      nameKey: 'secret-b-tool',
      vendorKey: 'b corp',
      action: 'ignore',
    });
    assert.equal(bOnly.statusCode, 404);
    const shared = aProducts[0]!;
    const linked = await a.admin.call('POST', '/ui/api/discovered/products/triage', {
      nameKey: shared.nameKey,
      vendorKey: shared.vendorKey,
      action: 'link',
      applicationId: aApplication,
    });
    assert.equal(linked.statusCode, 200, linked.body);
    assert.equal((linked.json() as ProductTriaged).matched, shared.installs);
    // B's application named from A: 422, nothing changed.
    const bApplication = await anApplication(h, b.key);
    const foreign = await a.admin.call('POST', '/ui/api/discovered/products/triage', {
      nameKey: shared.nameKey,
      vendorKey: shared.vendorKey,
      action: 'link',
      applicationId: bApplication,
    });
    assert.equal(foreign.statusCode, 422);
    const created = await a.admin.call('POST', '/ui/api/discovered/products/application', {
      nameKey: 'secret-b-tool',
      vendorKey: 'b corp',
    });
    assert.equal(created.statusCode, 404);
    const bAfter = await h.database.db
      .selectFrom('discovered_applications')
      .select(['id', 'status', 'application_id', 'last_update'])
      .where('workspace_id', '=', b.ws.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(bAfter, bBefore);
    // B's server's networks from A: as missing as any unknown server.
    const bServer = await h.database.db
      .selectFrom('servers')
      .select('id')
      .where('workspace_id', '=', b.ws.id)
      .executeTakeFirstOrThrow();
    assert.equal((await a.admin.call('GET', `/ui/api/servers/${bServer.id}/networks`)).statusCode, 404);
    assert.equal((await a.admin.call('GET', '/ui/api/servers/not-an-id/networks')).statusCode, 400);
    // Extra query parameters are refused, never ignored (a workspace cannot be named).
    const named = await a.admin.call('GET', `/ui/api/discovered/products?workspaceId=${b.ws.id}`);
    assert.equal(named.statusCode, 400);
  });

  it('a server’s networks: each address in its most specific network, as the network’s hosts place it', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const admin = await signIn(h, (await personIn(h, ws, 'admin')).email);
    const network = async (name: string, cidr: string) =>
      ((await h.call('POST', '/public/v1/networks', { key, body: { name, cidr } })).json() as { id: string }).id;
    const wide = await network('Campus', '10.0.0.0/16');
    const narrow = await network('Servers', '10.0.1.0/24');
    const v6 = await network('IPv6', '2001:db8::/64');
    const server = (
      await h.call('POST', '/public/v1/servers', {
        key,
        body: { name: 'db-01', ipAddresses: ['10.0.1.5', '10.0.2.7', '192.168.9.9', '2001:db8::5'] },
      })
    ).json() as { id: string };
    const response = await admin.call('GET', `/ui/api/servers/${server.id}/networks`);
    assert.equal(response.statusCode, 200, response.body);
    const found = response.json() as ServerNetworks;
    const byId = Object.fromEntries(found.networks.map((n) => [n.id, n.addresses]));
    assert.deepEqual(byId, { [narrow]: ['10.0.1.5'], [wide]: ['10.0.2.7'], [v6]: ['2001:db8::5'] });
    assert.deepEqual(found.unplaced, ['192.168.9.9']);
    for (const id of [wide, narrow, v6]) {
      const hosts = (await h.call('GET', `/public/v1/networks/${id}/hosts`, { key })).json() as { id: string }[];
      assert.deepEqual(
        hosts.map((host) => host.id),
        [server.id],
        'the same placement as the network’s hosts',
      );
    }
    // Without infrastructure:read: 403.
    const reader = await personIn(h, ws, 'read');
    const limited = await signIn(h, reader.email);
    await h.database.db
      .updateTable('roles')
      .set({ permissions: JSON.stringify(['applications:read']) })
      .where('workspace_id', '=', ws.id)
      .where('name', '=', 'read')
      .execute();
    const denied = await limited.call('GET', `/ui/api/servers/${server.id}/networks`);
    assert.equal(denied.statusCode, 403, denied.body);
  });
});

// The workspace seeded with 10,000 servers that the console tests at scale share (made once per run).
describeEachDatabase(
  'console: discovered software by product at scale',
  (h) => {
    it('at 10,000 servers and ~100,000 installs a page of products is one statement, reading the installs once', {
      timeout: 600_000,
    }, async () => {
      const ws = h.seeded;
      const servers = await h.database.db
        .selectFrom('servers')
        .select('id')
        .where('workspace_id', '=', ws.id)
        .execute();
      const now = new Date().toISOString();
      const rows: Record<string, unknown>[] = [];
      for (const [i, server] of servers.entries()) {
        for (let j = 0; j < 10; j++) {
          const product = (i * 7 + j * 53) % 500;
          const name = `package-${product}`;
          const vendor = `Vendor ${product % 40}`;
          rows.push({
            workspace_id: ws.id,
            id: randomUUID(),
            name,
            vendor,
            name_key: foldKey(name),
            vendor_key: foldKey(vendor),
            version: '1.0',
            server_id: server.id,
            workstation_id: null,
            agent_id: null,
            status: (i + j) % 4 === 0 ? 'ignored' : 'new',
            application_id: null,
            catalog_entry_id: null,
            first_seen_at: now,
            last_seen_at: now,
            missing_since: null,
            last_update: now,
          });
        }
      }
      // Through the bulk loader, as `estate seed` loads: row by row, each batch's commit would write
      // every index page its random keys touched (2.7 GB of SQLite's WAL for these rows).
      await h.database.db.transaction().execute(async (trx) => {
        const bulk = bulkLoader(trx, h.database);
        await bulk.insert('discovered_applications', rows);
        await bulk.finish();
      });
      await refreshStatistics(h.database, ['discovered_applications', 'software_installs', 'servers']);
      const total = rows.length + (await seededCount(h, ws.id, rows.length));
      assert.ok(total >= 100_000, `${total} installs`);

      const captured: CompiledQuery[] = [];
      const watched = openDatabase(h.url, { onQuery: (query) => void captured.push(query) });
      try {
        for (const query of [{}, { status: 'new' as const }, { q: 'package-4' }, { sort: 'name' as const }]) {
          captured.length = 0;
          const started = performance.now();
          const page = await listProducts(watched.db, ws.id, { ...query, limit: 50, offset: 0 });
          const ms = performance.now() - started;
          // One statement reads the page and its total (a second would only name linked applications).
          assert.equal(captured.length, 1, `${JSON.stringify(query)}: one statement per page`);
          assert.ok(page.data.length > 0 && page.total > 0);
          console.log(`[${h.dialect}] products ${JSON.stringify(query)}: ${Math.round(ms)} ms, ${page.total} products`);
          assert.ok(ms < 2000, `${JSON.stringify(query)}: ${Math.round(ms)} ms`);
          const plan = await explain(h, captured[0]!);
          // Set-based: the installs are read by one scan, never once per product or per row.
          const reads = plan.filter((line) =>
            /^(SCAN|SEARCH) (d|discovered_applications)\b|Scan\b.* on discovered_applications\b/.test(line.trim()),
          );
          assert.equal(reads.length, 1, `one read of the installs:\n${plan.join('\n')}`);
          if (h.dialect === 'sqlite') assert.match(reads[0]!, /USING (COVERING )?INDEX/, plan.join('\n'));
        }
      } finally {
        await watched.close();
      }
    });
  },
  {},
  { seeded: { size: 10_000, seed: 3 } },
);

async function seededCount(h: Harness, workspaceId: string, added: number): Promise<number> {
  const row = await h.database.db
    .selectFrom('discovered_applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n) - added;
}

/** The plan's lines: SQLite's EXPLAIN QUERY PLAN details, PostgreSQL's EXPLAIN text. */
async function explain(h: Harness, query: CompiledQuery): Promise<string[]> {
  if (h.dialect === 'sqlite') {
    const { rows } = await h.database.db.executeQuery<{ detail: string }>({
      ...query,
      sql: `EXPLAIN QUERY PLAN ${query.sql}`,
    });
    return rows.map((row) => row.detail);
  }
  const { rows } = await h.database.db.executeQuery<{ 'QUERY PLAN': string }>({
    ...query,
    sql: `EXPLAIN ${query.sql}`,
  });
  return rows.map((row) => Object.values(row).join(' '));
}

/** Rows of a product only workspace B has, on one of B's servers. */
async function onlyInB(h: Harness, workspaceId: string) {
  const server = await h.database.db
    .selectFrom('servers')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  return [
    {
      workspace_id: workspaceId,
      id: randomUUID(),
      name: 'secret-b-tool',
      vendor: 'B Corp',
      name_key: 'secret-b-tool',
      vendor_key: 'b corp',
      version: '1',
      server_id: server.id,
      workstation_id: null,
      agent_id: null,
      status: 'new',
      application_id: null,
      catalog_entry_id: null,
      first_seen_at: now,
      last_seen_at: now,
      missing_since: null,
      last_update: now,
    },
  ];
}
