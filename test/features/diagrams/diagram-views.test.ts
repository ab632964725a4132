/**
 * The console's views of the large diagrams (src/features/diagrams/console.routes.ts): the flow map
 * by category, the networks with their host counts and one network's hosts, the largest capacity.
 * Their figures equal the rows they count, they see one workspace only, they need the scope of
 * their public diagram, and the public diagrams' document is unchanged by them.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import type {
  CapacityLargest,
  FlowCategories,
  NetworkHosts,
  NetworkOverview,
} from '../../../src/features/diagrams/console-views.schemas.js';
import { addressesOf, NetworkPlacement } from '../../../src/families/networks/addresses.js';
import { setRolePermissions } from '../../../src/features/accounts/roles/custom-roles.service.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { personIn, signIn, type ConsoleClient } from '../../support/console.js';
import { describeEachDatabase, type Workspace } from '../../support/harness.js';
import { inlined } from '../../support/api-document.js';

describeEachDatabase('console diagram views: flow map by category, networks, capacity', (h) => {
  let a: Workspace;
  let b: Workspace;
  let client: ConsoleClient;
  let other: ConsoleClient;
  before(async () => {
    a = await h.workspace('A');
    b = await h.workspace('B');
    await seedWorkspace(h.database, { workspaceId: a.id, size: 600, seed: 4 });
    await seedWorkspace(h.database, { workspaceId: b.id, size: 300, seed: 9 });
    client = await signIn(h, (await personIn(h, a, 'read')).email);
    other = await signIn(h, (await personIn(h, b, 'read')).email);
  });
  const json = async <T>(who: ConsoleClient, url: string): Promise<T> => {
    const response = await who.call('GET', url);
    assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
    return response.json() as T;
  };

  it('flow map by category: applications per category and flows per pair equal the rows', async () => {
    const body = await json<FlowCategories>(client, '/ui/api/diagrams/flow-mapping/categories');
    const { db } = h.database;
    const applications = await db
      .selectFrom('applications')
      .select(['id', 'category_id'])
      .where('workspace_id', '=', a.id)
      .execute();
    const flows = await db
      .selectFrom('flows')
      .select(['source_application_id', 'target_application_id'])
      .where('workspace_id', '=', a.id)
      .execute();
    const categoryOf = new Map(applications.map((row) => [row.id, row.category_id ?? 'none']));
    const perCategory = new Map<string, number>();
    for (const row of applications)
      perCategory.set(row.category_id ?? 'none', (perCategory.get(row.category_id ?? 'none') ?? 0) + 1);
    assert.deepEqual(new Map(body.categories.map((category) => [category.id, category.applications])), perCategory);
    const pairs = new Map<string, number>();
    const within = new Map<string, number>();
    for (const flow of flows) {
      const [source, target] = [
        categoryOf.get(flow.source_application_id)!,
        categoryOf.get(flow.target_application_id)!,
      ];
      if (source === target) within.set(source, (within.get(source) ?? 0) + 1);
      else pairs.set(`${source}>${target}`, (pairs.get(`${source}>${target}`) ?? 0) + 1);
    }
    assert.deepEqual(new Map(body.edges.map((edge) => [`${edge.source}>${edge.target}`, edge.flows])), pairs);
    for (const category of body.categories) assert.equal(category.flowsWithin, within.get(category.id) ?? 0);
    assert.deepEqual(body.totals, {
      applications: applications.length,
      flows: flows.length,
      categories: perCategory.size,
    });
    // Most applications first; the picture links each category to its applications.
    const counts = body.categories.map((category) => category.applications);
    assert.deepEqual(
      counts,
      [...counts].sort((x, y) => y - x),
    );
    const picture = await client.call('GET', '/ui/api/diagrams/flow-mapping/categories?format=svg');
    assert.equal(picture.statusCode, 200);
    assert.match(String(picture.headers['content-type']), /^image\/svg\+xml/);
    const named = body.categories.find((category) => category.categoryId);
    assert.ok(picture.body.includes(`/ui/diagrams/flow-mapping?categoryId=${named!.categoryId}`));
  });

  it('networks: each host count equals GET /networks/{id}/hosts, the rest are counted as in no network', async () => {
    const body = await json<NetworkOverview>(client, '/ui/api/diagrams/network-mapping/networks');
    const key = (await h.key(a)).secret;
    assert.ok(body.networks.length > 0);
    for (const network of body.networks) {
      const hosts = (await h.call('GET', `/public/v1/networks/${network.id}/hosts`, { key })).json() as unknown[];
      assert.equal(network.hosts, hosts.length, network.name);
    }
    const { db } = h.database;
    const networks = await db.selectFrom('networks').select(['id', 'cidr']).where('workspace_id', '=', a.id).execute();
    const servers = await db.selectFrom('servers').select('ip_addresses').where('workspace_id', '=', a.id).execute();
    const placement = new NetworkPlacement(networks);
    const placed = servers.filter((server) =>
      addressesOf(server.ip_addresses).some((address) => placement.networkOf(address) !== undefined),
    );
    const workstations = await db
      .selectFrom('workstations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', a.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(body.totals, {
      networks: networks.length,
      allNetworks: networks.length,
      servers: servers.length,
      placedServers: placed.length,
      workstations: Number(workstations.n),
    });
    // A limit is stated with the totals; q narrows by name or address.
    const first = await json<NetworkOverview>(client, '/ui/api/diagrams/network-mapping/networks?limit=2');
    assert.equal(first.networks.length, 2);
    assert.equal(first.totals.networks, networks.length);
    const one = body.networks[1]!;
    const found = await json<NetworkOverview>(
      client,
      `/ui/api/diagrams/network-mapping/networks?q=${encodeURIComponent(one.cidr)}`,
    );
    assert.ok(found.networks.some((network) => network.id === one.id));
    assert.equal(found.totals.networks, found.networks.length);
    const picture = await client.call('GET', '/ui/api/diagrams/network-mapping/networks?format=svg');
    assert.ok(picture.body.includes(`/ui/diagrams/network-mapping?networkId=${one.id}`));
  });

  it('one network: its hosts as GET /networks/{id}/hosts lists them, narrowed by q, cut by limit with the totals', {
    timeout: 60_000,
  }, async () => {
    const overview = await json<NetworkOverview>(client, '/ui/api/diagrams/network-mapping/networks');
    const network = overview.networks.find((candidate) => candidate.hosts > 3)!;
    const key = (await h.key(a)).secret;
    const hosts = (await h.call('GET', `/public/v1/networks/${network.id}/hosts`, { key })).json() as {
      id: string;
      name: string;
    }[];
    const body = await json<NetworkHosts>(client, `/ui/api/diagrams/network-mapping/networks/${network.id}`);
    assert.deepEqual(
      body.hosts.map((host) => host.id),
      hosts.map((host) => host.id),
    );
    assert.deepEqual(body.totals, { hosts: hosts.length, matching: hosts.length });
    const cut = await json<NetworkHosts>(client, `/ui/api/diagrams/network-mapping/networks/${network.id}?limit=2`);
    assert.equal(cut.hosts.length, 2);
    assert.deepEqual(cut.totals, { hosts: hosts.length, matching: hosts.length });
    const named = await json<NetworkHosts>(
      client,
      `/ui/api/diagrams/network-mapping/networks/${network.id}?q=${encodeURIComponent(hosts[0]!.name)}`,
    );
    assert.ok(named.hosts.some((host) => host.id === hosts[0]!.id));
    assert.ok(named.totals.matching < hosts.length || hosts.every((host) => host.name.includes(hosts[0]!.name)));
  });

  it('largest capacity: the top groups and servers, the rest summed, totals equal the rows', async () => {
    const body = await json<CapacityLargest>(client, '/ui/api/diagrams/capacity-map/largest');
    const servers = await h.database.db
      .selectFrom('servers')
      .select(['id', 'memory_mb', 'cpu_cores', 'storage_gb'])
      .where('workspace_id', '=', a.id)
      .execute();
    const sum = (pick: (row: (typeof servers)[number]) => number | null) =>
      servers.reduce((total, row) => total + Number(pick(row) ?? 0), 0);
    assert.equal(body.totals.servers, servers.length);
    assert.equal(
      body.totals.cpuCores,
      sum((row) => row.cpu_cores),
    );
    assert.equal(
      body.totals.memoryMb,
      sum((row) => row.memory_mb),
    );
    assert.equal(
      body.totals.storageGb,
      sum((row) => row.storage_gb),
    );
    assert.equal(
      body.groups.reduce((total, group) => total + group.servers, 0) + body.otherGroups.servers,
      servers.length,
    );
    const most = Math.max(...servers.map((row) => Number(row.memory_mb ?? 0)));
    assert.equal(body.servers[0]!.memoryMb, most);
    assert.equal(body.servers.length + body.otherServers.servers, servers.length);
    const picture = await client.call('GET', '/ui/api/diagrams/capacity-map/largest?format=svg');
    assert.ok(!/…</.test(picture.body), 'no label is cut');
  });

  it('workspace A never sees B: not its categories, networks or servers; a network of B is not found', async () => {
    const mine = await json<FlowCategories>(client, '/ui/api/diagrams/flow-mapping/categories');
    const theirs = await json<FlowCategories>(other, '/ui/api/diagrams/flow-mapping/categories');
    const theirIds = new Set(theirs.categories.map((category) => category.categoryId).filter(Boolean));
    assert.ok(mine.categories.every((category) => !theirIds.has(category.categoryId)));
    const networksOfB = await json<NetworkOverview>(other, '/ui/api/diagrams/network-mapping/networks');
    const networksOfA = await json<NetworkOverview>(client, '/ui/api/diagrams/network-mapping/networks');
    const bIds = new Set(networksOfB.networks.map((network) => network.id));
    assert.ok(networksOfA.networks.every((network) => !bIds.has(network.id)));
    assert.equal(networksOfA.totals.servers, 600);
    const probe = await client.call('GET', `/ui/api/diagrams/network-mapping/networks/${networksOfB.networks[0]!.id}`);
    assert.equal(probe.statusCode, 404);
    const capacity = await json<CapacityLargest>(client, '/ui/api/diagrams/capacity-map/largest');
    const bServers = new Set(
      (await h.database.db.selectFrom('servers').select('id').where('workspace_id', '=', b.id).execute()).map(
        (row) => row.id,
      ),
    );
    assert.ok(capacity.servers.every((server) => !bServers.has(server.id)));
  });

  it('each view needs its public diagram scope, a session, and valid parameters', async () => {
    const c = await h.workspace('C');
    await setRolePermissions(
      h.database,
      h.registry,
      {
        workspaceId: c.id,
        role: 'read',
        scopes: h.registry.scopes
          .defaults('read')
          .filter(
            (scope) =>
              !['flow_mapping_diagram:read', 'network_mapping_diagram:read', 'capacity_map_diagram:read'].includes(
                scope,
              ),
          ),
      },
      CLI_ACTOR,
    );
    const refused = await signIn(h, (await personIn(h, c, 'read')).email);
    for (const url of [
      '/ui/api/diagrams/flow-mapping/categories',
      '/ui/api/diagrams/network-mapping/networks',
      '/ui/api/diagrams/capacity-map/largest',
    ]) {
      assert.equal((await refused.call('GET', url)).statusCode, 403, url);
      assert.equal((await h.app.inject({ method: 'GET', url })).statusCode, 401, url);
    }
    assert.equal((await client.call('GET', '/ui/api/diagrams/network-mapping/networks/not-an-id')).statusCode, 400);
    assert.equal((await client.call('GET', '/ui/api/diagrams/network-mapping/networks?limit=0')).statusCode, 400);
    assert.equal((await client.call('GET', '/ui/api/diagrams/flow-mapping/categories?extra=1')).statusCode, 400);
    // Console routes only: the public document does not list them.
    const document = inlined((await h.call('GET', '/openapi.json')).json()) as { paths: Record<string, unknown> };
    assert.ok(Object.keys(document.paths).every((path) => !path.includes('categories') || !path.includes('diagrams')));
  });
});
