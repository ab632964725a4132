import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { cidrContains } from '../../../src/families/networks/cidr.js';
import type { TObject } from 'typebox';
import { agentListing } from '../../../src/features/agents/agents.module.js';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import { discoveredListing } from '../../../src/features/discovered/discovered-applications.module.js';
import { FAMILIES } from '../../../src/families/registry.js';
import { applications as applicationFamily } from '../../../src/families/applications/applications.module.js';
import { networks as networkFamily } from '../../../src/families/networks/networks.module.js';
import { servers as serverFamily } from '../../../src/families/servers/servers.module.js';
import { workstations as workstationFamily } from '../../../src/families/workstations/workstations.module.js';
import type { offsetListSchema } from '../../../src/base/lists/offset.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { tagListing } from '../../../src/families/tags/tags.repository.js';
import { userListing } from '../../../src/families/people/users.module.js';
import { estate } from '../../support/cli.js';
import { describeEachDatabase } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

/** The list envelope each `/public/v1/{path}` declares: every family's, and the listings'. */
const LISTS = new Map<string, ReturnType<typeof offsetListSchema<TObject>>>([
  ...FAMILIES.map((family) => [family.definition.path, family.list] as const),
  ...[tagListing, agentListing, discoveredListing, userListing].map(
    (listing) => [listing.path, listing.listSchema as ReturnType<typeof offsetListSchema<TObject>>] as const,
  ),
]);
const UserList = userListing.listSchema;
const DiscoveredList = discoveredListing.listSchema;

describeEachDatabase('estate seed', (h) => {
  it('fills a workspace with a coherent inventory that the API serves, and prints {"created":{…}}', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const result = await estate(h.url, ['seed', '--workspace', ws.id, '--size', '400', '--json']);
    assert.equal(result.code, 0, result.stderr);
    const { created } = result.json();
    assert.equal(created.servers, 400);
    for (const family of [
      'applications',
      'networks',
      'routers',
      'workstations',
      'dataObjects',
      'contracts',
      'flows',
      'agents',
      'discoveredApplications',
      'announcements',
      'auditEvents',
    ]) {
      assert.ok(created[family] > 0, family);
    }
    const total = async (path: string, query: Record<string, string> = {}) =>
      bodyOf(
        LISTS.get(`/${path}`)!,
        await h.call('GET', `/public/v1/${path}`, { key, query: { limit: '200', ...query } }),
      ).pagination.total;
    assert.equal(await total('servers'), 400);
    assert.equal(await total('applications'), created.applications);
    assert.equal(await total('servers', { automatic: 'true' }), created.agents);
    assert.ok(
      (await total('contracts', {
        endsBefore: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
        endsAfter: new Date().toISOString().slice(0, 10),
      })) > 0,
      'some contracts expire soon',
    );

    const networks = bodyOf(
      networkFamily.list,
      await h.call('GET', '/public/v1/networks', { key, query: { limit: '200' } }),
    ).data;
    const servers = bodyOf(
      serverFamily.list,
      await h.call('GET', '/public/v1/servers', { key, query: { limit: '200' } }),
    ).data;
    for (const server of servers)
      assert.ok(
        networks.some((n) => cidrContains(n.cidr, server.ipAddresses[0]!)),
        `${server.name} lies in a network`,
      );
    const users = new Set(
      bodyOf(UserList, await h.call('GET', '/public/v1/users', { key, query: { limit: '200' } })).data.map((u) => u.id),
    );
    const workstations = bodyOf(
      workstationFamily.list,
      await h.call('GET', '/public/v1/workstations', { key, query: { limit: '200', assigned: 'true' } }),
    ).data;
    assert.ok(workstations.every((w) => users.has(w.assignedUserId!)));
    const audit = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', { key, query: { resourceType: 'server', limit: '1' } }),
    );
    assert.equal(audit.total, 400, 'an audit history');
    const software = bodyOf(
      DiscoveredList,
      await h.call('GET', '/public/v1/discovered-applications', { key, query: { limit: '200', missing: 'false' } }),
    ).data;
    assert.ok(software.every((d) => d.installCount >= 1));

    // Unfiltered totals come from trigger-kept counts: they must equal a direct count, also after
    // deletes and cascades (a server takes its discovered software with it).
    const doomed = servers.find((s) => s.automatic)!;
    assert.equal((await h.call('DELETE', `/public/v1/servers/${doomed.id}`, { key })).statusCode, 204);
    const [application] = bodyOf(applicationFamily.list, await h.call('GET', '/public/v1/applications', { key })).data;
    assert.equal((await h.call('DELETE', `/public/v1/applications/${application!.id}`, { key })).statusCode, 204);
    const families: [string, string][] = [
      ['applications', 'applications'],
      ['servers', 'servers'],
      ['networks', 'networks'],
      ['routers', 'routers'],
      ['workstations', 'workstations'],
      ['data', 'data_objects'],
      ['contracts', 'contracts'],
      ['flows', 'flows'],
      ['announcements', 'announcements'],
      ['categories', 'categories'],
      ['tags', 'tags'],
      ['teams', 'teams'],
      ['agents', 'agents'],
      ['discovered-applications', 'discovered_applications'],
    ];
    for (const [path, table] of families) {
      const counted = await h.database.db
        .selectFrom(table as 'servers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', ws.id)
        .executeTakeFirstOrThrow();
      assert.equal(await total(path), Number(counted.n), `${path} total`);
    }

    // Statistics after bulk work: the planner knows the filled tables' sizes (else PostgreSQL
    // plans the servers list as a sort of the whole workspace instead of reading the name index).
    if (h.dialect === 'postgres') {
      const stats = await sql<{
        analyzed: number;
      }>`SELECT count(*)::int AS analyzed FROM pg_stat_user_tables
          WHERE relname IN ('servers', 'workstations', 'audit_events', 'discovered_applications')
            AND last_analyze IS NOT NULL`.execute(h.database.db);
      assert.equal(stats.rows[0]!.analyzed, 4, 'ANALYZE ran on the seeded tables');
    } else {
      const stats = await sql<{
        tbl: string;
      }>`SELECT DISTINCT tbl FROM sqlite_stat1
          WHERE tbl IN ('servers', 'workstations', 'audit_events', 'discovered_applications')`.execute(h.database.db);
      assert.equal(stats.rows.length, 4, 'ANALYZE ran on the seeded tables');
    }

    const bad = await estate(h.url, ['seed', '--workspace', ws.id, '--size', '0', '--json']);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /size must be an integer/);
  });

  it('gives every agent a server of its own, down to a single server', async () => {
    for (const size of [1, 2, 3]) {
      const ws = await h.workspace();
      const created = await seedWorkspace(h.database, { workspaceId: ws.id, size, seed: 9 });
      assert.ok(created.agents <= size, `size ${size}: ${created.agents} agents`);
      const hostless = await h.database.db
        .selectFrom('discovered_applications')
        .select('id')
        .where('workspace_id', '=', ws.id)
        .where('server_id', 'is', null)
        .where('workstation_id', 'is', null)
        .execute();
      assert.deepEqual(hostless, [], `size ${size}: discovered software on no host`);
      const unnamed = await h.database.db
        .selectFrom('agents')
        .select('id')
        .where('workspace_id', '=', ws.id)
        .where('hostname', 'is', null)
        .execute();
      assert.deepEqual(unnamed, [], `size ${size}: an agent reporting no host`);
    }
  });
});
