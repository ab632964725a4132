/**
 * The total of a list filtered by one broad filter alone (`environment`, `status`, …) is read from
 * per-value counts kept by triggers (the valueCounts of src/base/db/storage.ts), that of one link filter
 * alone (`tagId`) from the link rows, and always equals the matching rows: after a bulk seed,
 * creates, parallel changes and deletes, on both databases.
 */
import assert from 'node:assert/strict';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { createKey } from '../../../src/features/accounts/keys/keys.service.js';
import { createRole } from '../../../src/features/accounts/roles/custom-roles.service.js';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import { sql } from 'kysely';
import type { TSchema } from 'typebox';
import { agentListing } from '../../../src/features/agents/agents.module.js';
import { AUDIT_TALLIED } from '../../../src/base/audit/audit.repository.js';
import { AUDIT_ACTIONS, AUDIT_CATEGORIES } from '../../../src/base/audit/audit.types.js';
import { LINK_COUNTS, VALUE_COUNTS } from '../../../src/base/db/storage.js';
import { discoveredListing } from '../../../src/features/discovered/discovered-applications.module.js';
import { FAMILIES } from '../../../src/families/registry.js';
import { memberListing } from '../../../src/features/accounts/members/memberships.js';
import type { Filter } from '../../../src/base/lists/filters.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { tagListing } from '../../../src/families/tags/tags.repository.js';
import { userListing } from '../../../src/families/people/users.module.js';
import { deleteWorkspace } from '../../../src/features/accounts/workspaces/workspaces.service.js';
import { describeEachDatabase } from '../../support/harness.js';
import { everyEvent as walkLog, everyItem as walkList } from '../../support/walk.js';

/** Every list: its path, the table its totals are counted in, and its filters. */
const LISTS = [
  ...FAMILIES.map((family) => ({
    path: family.definition.path,
    table: family.definition.table as string | undefined,
    filters: family.definition.filters ?? {},
  })),
  ...[tagListing, userListing, memberListing, agentListing, discoveredListing].map((listing) => ({
    path: listing.path,
    table: listing.counted,
    filters: listing.filters,
  })),
];

/** The lists whose filters are tallied (the storage facts count them, and they compare a key), by table. */
const TALLIED = LISTS.flatMap(({ path, table, filters }) => {
  const tallied = Object.entries(filters).filter(([name, filter]) => filter.key && VALUE_COUNTS[table!]?.[name]);
  return tallied.length > 0 ? [{ path, table: table!, tallied }] : [];
});

/** The lists whose link filters read their total from the link rows. */
const LINKED = LISTS.flatMap(({ path, filters }) => {
  const linked = Object.entries(filters).filter(([, filter]) => filter.link);
  return linked.length > 0 ? [{ path, tallied: linked }] : [];
});

type Item = Record<string, unknown>;

describeEachDatabase(
  'per-value counts of broad filters',
  (h) => {
    /**
     * Sets a kept count behind the service's back (one row of value_counts must match), so that a
     * total read from it shows.
     */
    const setCount = async (
      workspaceId: string,
      { table, filter, value }: { table?: string; filter: string; value: string },
      total: number,
    ) => {
      let update = h.database.db.updateTable('value_counts').set({ total }).where('workspace_id', '=', workspaceId);
      if (table) update = update.where('table_name', '=', table);
      const result = await update.where('filter_name', '=', filter).where('value', '=', value).executeTakeFirst();
      assert.equal(result.numUpdatedRows, 1n);
    };

    it('counts exactly the filters the lists count per value, with triggers on each of their tables', async () => {
      const declared = {
        ...Object.fromEntries(TALLIED.map(({ table, tallied }) => [table, tallied.map(([name]) => name).sort()])),
        audit_events: [...AUDIT_TALLIED].sort(),
      };
      assert.deepEqual(
        declared,
        Object.fromEntries(
          Object.entries(VALUE_COUNTS).map(([table, filters]) => [table, Object.keys(filters).sort()]),
        ),
      );
      const { rows } =
        h.dialect === 'sqlite'
          ? await sql<{
              name: string;
            }>`SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%tally%'`.execute(h.database.db)
          : await sql<{ name: string }>`SELECT tgname AS name FROM pg_trigger WHERE tgname LIKE '%tally%'`.execute(
              h.database.db,
            );
      const expected = [...Object.keys(VALUE_COUNTS), ...Object.keys(LINK_COUNTS)].flatMap((table) =>
        ['insert', 'update', 'delete'].map((operation) => `${table}_tally_${operation}`),
      );
      assert.deepEqual(rows.map((row) => row.name).sort(), expected.sort());
    });

    /** All items of a list query, page by page: the rows themselves, counted without the valueCounts. */
    const everyItem = (key: string, path: string, query: Record<string, string> = {}) =>
      walkList<Item>(h, key, path, query);

    /** The values a filter takes: its enum, both booleans, or the values the items hold. */
    function valuesOf(name: string, filter: Filter, items: Item[]): string[] {
      const schema = filter.schema as TSchema & { enum?: string[]; type?: string };
      if (schema.enum) return schema.enum;
      if (schema.type === 'boolean') return ['true', 'false'];
      if ((schema as { format?: string }).format === 'date') {
        // Dates the items hold (a filter's own date is its edge) and dates around them.
        const held = items
          .flatMap((item) => Object.values(item))
          .filter((value): value is string => typeof value === 'string' && /^\d{4}-\d\d-\d\d$/.test(value));
        return [...new Set(held)].slice(0, 4).concat('1970-01-01', new Date().toISOString().slice(0, 10), '2999-12-31');
      }
      if (filter.link) {
        // An id the items link to (`tagId`: their `tagIds`), and one nothing links to.
        const linked = items
          .flatMap((item) => [item[name], ...(Array.isArray(item[`${name}s`]) ? (item[`${name}s`] as unknown[]) : [])])
          .filter((value): value is string => typeof value === 'string');
        return [...new Set(linked)].slice(0, 3).concat(randomUUID());
      }
      const held = items.map((item) => item[name]).filter((value): value is string => typeof value === 'string');
      return [...new Set(held.flatMap((value) => [value, value.toUpperCase()])), 'nothing-has-this'];
    }

    /** All events of an audit log query, cursor by cursor, and the total its first page reports. */
    const everyEvent = (key: string, query: Record<string, string | string[]>) => walkLog<Item>(h, key, query);

    async function assertAuditTotalsMatch(key: string): Promise<void> {
      const { events } = await everyEvent(key, {});
      const types = [...new Set(events.map((event) => String(event.resourceType)))];
      const queries: Record<string, string | string[]>[] = [
        ...AUDIT_CATEGORIES.map((category) => ({ category })),
        ...AUDIT_ACTIONS.map((action) => ({ actions: action })),
        { actions: ['create', 'delete', 'create'] },
        ...types.map((resourceType) => ({ resourceType })),
        // Windows, read from per-day counts and the part-days at their ends: an event's own instant
        // is inside (both bounds are inclusive); a window within one day; an empty one.
        ...[events[3]!, events[Math.floor(events.length / 2)]!, events.at(-2)!].flatMap(
          ({ timestamp }): Record<string, string>[] => [{ from: String(timestamp) }, { to: String(timestamp) }],
        ),
        { from: String(events.at(-5)!.timestamp), to: String(events[5]!.timestamp) },
        { from: `${String(events[7]!.timestamp).slice(0, 10)}T00:00:00.000Z`, to: String(events[7]!.timestamp) },
        { from: String(events[5]!.timestamp), to: String(events.at(-5)!.timestamp) },
        { from: '1970-01-01T00:00:00Z', to: '2999-12-31T23:59:59.999Z' },
      ];
      for (const query of queries) {
        const { events: matching, total } = await everyEvent(key, query);
        assert.equal(
          total,
          matching.length,
          `audit-log ${JSON.stringify(query)}: the total is the number of matching events`,
        );
      }
    }

    async function assertTotalsMatch(key: string): Promise<number> {
      let checked = 0;
      for (const { path, tallied } of [...TALLIED, ...LINKED]) {
        const { items } = await everyItem(key, path);
        for (const [name, filter] of tallied) {
          for (const value of valuesOf(name, filter, items)) {
            const { items: matching, total } = await everyItem(key, path, { [name]: value });
            assert.equal(total, matching.length, `${path}?${name}=${value}: the total is the number of matching items`);
            checked += 1;
          }
        }
      }
      return checked;
    }

    it(
      'equal the matching rows after a bulk seed, creates, ' +
        'parallel changes and deletes, and go with their workspace',
      async () => {
        const ws = await h.workspace();
        const key = (await h.key(ws)).secret;
        await seedWorkspace(h.database, { workspaceId: ws.id, size: 300, seed: 7 });
        assert.ok((await assertTotalsMatch(key)) > 40);

        // An agent owns the os of the others.
        const servers = (await everyItem(key, '/servers', { automatic: 'false' })).items;
        assert.ok(servers.length >= 30);
        const changes = servers.slice(0, 24).map((server, i) =>
          h.call('PATCH', `/public/v1/servers/${server.id}`, {
            key,
            body: { environment: i % 2 ? 'staging' : 'disaster_recovery', os: i % 3 ? 'Plan 9' : null },
          }),
        );
        for (const response of await Promise.all(changes)) assert.equal(response.statusCode, 200, response.body);
        for (const server of servers.slice(24, 30))
          assert.equal((await h.call('DELETE', `/public/v1/servers/${server.id}`, { key })).statusCode, 204);
        for (const name of ['new-a', 'new-b'])
          assert.equal(
            (await h.call('POST', '/public/v1/servers', { key, body: { name, environment: 'test', os: 'plan 9' } }))
              .statusCode,
            201,
          );
        const workstations = (await everyItem(key, '/workstations', { assigned: 'true' })).items;
        for (const workstation of workstations.slice(0, 5)) {
          assert.equal(
            (
              await h.call('PATCH', `/public/v1/workstations/${workstation.id}`, {
                key,
                body: { assignedUserId: null, status: 'in_repair' },
              })
            ).statusCode,
            200,
          );
        }
        const root = (await everyItem(key, '/categories', { root: 'true' })).items[0]!;
        assert.equal(
          (await h.call('POST', '/public/v1/categories', { key, body: { name: 'A child', parentId: root.id } }))
            .statusCode,
          201,
        );
        await assertTotalsMatch(key);
        await assertAuditTotalsMatch(key);

        await deleteWorkspace(h.database, ws.id);
        const left = await h.database.db
          .selectFrom('value_counts')
          .select('total')
          .where('workspace_id', '=', ws.id)
          .execute();
        assert.deepEqual(left, []);
      },
    );

    it('reads the total of one value-counted filter from its count, and counts any other query', async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      for (const name of ['p-1', 'p-2', 'p-3'])
        await h.call('POST', '/public/v1/servers', { key, body: { name, environment: 'production' } });
      await setCount(ws.id, { table: 'servers', filter: 'environment', value: 'production' }, 1234);
      const total = async (query: Record<string, string>) =>
        (await h.call('GET', '/public/v1/servers', { key, query })).json().pagination.total;
      assert.equal(await total({ environment: 'production' }), 1234, 'read from value_counts');
      assert.equal(await total({ environment: 'production', q: 'p-' }), 3, 'with q: counted');
      assert.equal(await total({ environment: 'production', automatic: 'false' }), 3, 'two filters: counted');
      assert.equal(await total({ environment: 'staging' }), 0, 'a value no row has');
      // A role restricted to that value alone reads the same count (docs/roles.md).
      await createRole(
        h.database,
        h.registry,
        {
          workspaceId: ws.id,
          name: 'prod',
          scopes: ['infrastructure:read'],
          restrictions: { servers: { environment: ['production'] } },
        },
        CLI_ACTOR,
      );
      const restricted = await createKey(h.database, {
        workspaceId: ws.id,
        name: 'prod',
        role: 'prod',
        asMemberId: ws.admin.id,
      });
      const within = async (query: Record<string, string>) =>
        (await h.call('GET', '/public/v1/servers', { key: restricted.secret, query })).json().pagination.total;
      assert.equal(await within({}), 1234, 'a restriction of one term alone: read from value_counts');
      assert.equal(await within({ automatic: 'false' }), 3, 'with a filter: counted');
      await setCount(ws.id, { table: 'audit_events', filter: 'category', value: 'inventory' }, 777);
      const events = async (query: Record<string, string>) =>
        (await h.call('GET', '/public/v1/audit-log', { key, query })).json().total;
      assert.equal(await events({ category: 'inventory' }), 777, 'the audit log reads it too');
      assert.equal(await events({ category: 'inventory', actions: 'create' }), 3, 'two filters: counted');
      // A link filter whose links are counted per id (linkCounts in src/base/db/storage.ts).
      const tag = (await h.call('POST', '/public/v1/tags', { key, body: { name: 'counted' } })).json() as {
        id: string;
      };
      const servers = (await h.call('GET', '/public/v1/servers', { key })).json() as { data: { id: string }[] };
      for (const server of servers.data)
        assert.equal((await h.call('PUT', `/public/v1/servers/${server.id}/tags/${tag.id}`, { key })).statusCode, 204);
      assert.equal(await total({ tagId: tag.id }), 3);
      await setCount(ws.id, { table: 'server_tags', filter: 'link:tag_id', value: tag.id }, 4321);
      assert.equal(await total({ tagId: tag.id }), 4321, 'read from the link counts');
      assert.equal(await total({ tagId: tag.id, environment: 'production' }), 3, 'with another filter: counted');
      const upper = (
        await h.call('GET', '/public/v1/servers', { key, query: { tagId: tag.id.toUpperCase() } })
      ).json() as { data: unknown[]; pagination: { total: number } };
      assert.equal(upper.data.length, 3, 'an id in upper case names the same tag');
      assert.equal(upper.pagination.total, 4321, 'and reads the same count');
    });

    it('reads the total of a date filter and of an audit window from per-day counts', async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      for (const warrantyEnd of ['2026-03-01', '2026-03-02', '2026-03-02', '2026-03-05']) {
        assert.equal(
          (await h.call('POST', '/public/v1/workstations', { key, body: { name: `w-${warrantyEnd}`, warrantyEnd } }))
            .statusCode,
          201,
        );
      }
      const total = async (query: Record<string, string>) =>
        (await h.call('GET', '/public/v1/workstations', { key, query })).json().pagination.total;
      assert.equal(await total({ warrantyEndsBefore: '2026-03-02' }), 1, 'the date itself is not before it');
      assert.equal(await total({ warrantyEndsBefore: '2026-03-03' }), 3);
      await setCount(ws.id, { filter: 'day:warranty_end', value: '2026-03-02' }, 500);
      assert.equal(await total({ warrantyEndsBefore: '2026-03-03' }), 501, 'read from the per-day counts');
      assert.equal(await total({ warrantyEndsBefore: '2026-03-03', q: 'w-' }), 3, 'with q: counted');

      const events = async (query: Record<string, string>) =>
        (await h.call('GET', '/public/v1/audit-log', { key, query })).json().total;
      const today = new Date().toISOString().slice(0, 10);
      await setCount(ws.id, { filter: 'day:timestamp', value: today }, 900);
      assert.equal(await events({ to: '2999-01-01T00:00:00Z' }), 900, 'whole days: read from the per-day counts');
      const happened = (await everyEvent(key, {})).events.length;
      // A minute from now, but within today: a window ending tomorrow would hold today whole (near midnight).
      const endOfToday = Date.parse(`${new Date().toISOString().slice(0, 10)}T23:59:59.999Z`);
      const to = new Date(Math.min(Date.now() + 60_000, endOfToday)).toISOString();
      assert.equal(
        await events({ from: '2000-01-01T00:00:00Z', to }),
        happened,
        "today is the window's last part-day: counted",
      );
    });
    // The tests set counters in the database behind the service's back to see which count a total is
    // read from: no answer is kept under the data version (lists/response-cache.ts), so each is read again.
  },
  { responseCacheBytes: 0 },
);
