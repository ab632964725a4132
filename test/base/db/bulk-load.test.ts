/**
 * A bulk load (`estate seed`, src/base/db/bulk.ts) that at least doubles a table loads it bare: its
 * secondary indexes (and on PostgreSQL its foreign keys and a link's copy trigger) are dropped in
 * the load's transaction and made again when it ends, leaving what it found, every row counted,
 * searchable and ordered. A load whose rows break a key writes nothing.
 */
import { createRegistry } from '../../../src/families/registry.js';
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { CLI_ACTOR } from '../../../src/base/audit/audit.types.js';
import { bulkLoader, SUSPEND_FROM_ROWS } from '../../../src/base/db/bulk.js';
import { openDatabase } from '../../../src/base/db/database.js';
import { STORAGE, valueCountsOn, valueOfRow } from '../../../src/base/db/storage.js';
import { newId } from '../../../src/base/ids.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { createWorkspace } from '../../../src/features/accounts/workspaces/workspaces.service.js';
import { createMigratedTestDatabase, describeEachDatabase, type Harness } from '../../support/harness.js';
import { bulkTagRows } from '../../support/rows.js';
import { everyItem } from '../../support/walk.js';

interface SchemaObject {
  kind: string;
  name: string;
  definition: string;
  /** Changes when the object is dropped and made again (PostgreSQL's oid, sqlite_master's rowid). */
  identity: string;
}

/** The table's indexes, constraints and triggers, with their definitions and whether they are enabled and validated. */
async function schemaOf(h: Harness, table: string): Promise<SchemaObject[]> {
  const { rows } =
    h.dialect === 'postgres'
      ? await sql<SchemaObject>`
          SELECT 'index' AS kind, c.relname AS name, pg_get_indexdef(c.oid) AS definition, c.oid::text AS identity
            FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = ${table}::regclass
          UNION ALL SELECT 'constraint', conname,
                 pg_get_constraintdef(oid) || CASE WHEN convalidated THEN '' ELSE ' NOT VALID' END, oid::text
            FROM pg_constraint WHERE conrelid = ${table}::regclass
          UNION ALL SELECT 'trigger', tgname, pg_get_triggerdef(oid) || ' enabled=' || tgenabled::text, oid::text
            FROM pg_trigger WHERE tgrelid = ${table}::regclass AND NOT tgisinternal
          ORDER BY 1, 2`.execute(h.database.db)
      : await sql<SchemaObject>`SELECT type AS kind, name, sql AS definition, CAST(rowid AS TEXT) AS identity
          FROM sqlite_master WHERE tbl_name = ${table} AND sql IS NOT NULL ORDER BY 1, 2`.execute(h.database.db);
  return rows;
}

const definitions = (objects: SchemaObject[]) =>
  objects.map(({ kind, name, definition }) => ({ kind, name, definition }));
const indexIdentities = (objects: SchemaObject[]) =>
  objects.filter((object) => object.kind === 'index').map((object) => `${object.name} ${object.identity}`);

/** PostgreSQL's own foreign key check refused a row (a load's check at the end throws without a code). */
function foreignKeyViolation(error: Error & { code?: string }): boolean {
  assert.equal(error.code, '23503', error.message);
  return true;
}

async function rowsIn(h: Harness, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(
    h.database.db,
  );
  return Number(rows[0]!.n);
}

/** SQLite: the serving connection's page cache (`cache_size`, negative: KiB). */
const SERVING_PAGE_CACHE = -64 * 1024;

async function pageCache(h: Harness): Promise<number> {
  const {
    rows: [cache],
  } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(h.database.db);
  return cache!.cache_size;
}

describeEachDatabase('bulk loads', (h) => {
  const now = new Date().toISOString();
  const server = (workspaceId: string, i: number) => ({
    workspace_id: workspaceId,
    id: newId(),
    name: `bulk-${String(i).padStart(6, '0')}`,
    hostname: `bulk-${i}.example.test`,
    ip_addresses: '[]',
    environment: i % 4 === 0 ? 'production' : 'test',
    description: null as string | null,
    automatic: 0,
    created_at: now,
    last_check_time: now,
  });
  const workstation = (workspaceId: string, i: number, changes: Record<string, unknown> = {}) => ({
    workspace_id: workspaceId,
    id: newId(),
    name: `WS-${i}`,
    status: 'in_stock',
    automatic: 0,
    assigned_user_id: null,
    agent_id: null,
    created_at: now,
    last_check_time: now,
    ...changes,
  });

  let loaded: { workspaceId: string; key: string; servers: number };

  it(
    'a load that at least doubles a table makes its indexes, ' +
      'keys and triggers again as they were, with every row counted, searchable and ordered',
    async () => {
      const ws = await h.workspace();
      const key = (await h.key(ws)).secret;
      const before = { servers: await schemaOf(h, 'servers'), links: await schemaOf(h, 'server_tags') };
      const count = Math.max(SUSPEND_FROM_ROWS, await rowsIn(h, 'servers')) + 1_000;
      const servers = Array.from({ length: count }, (_, i) => server(ws.id, (i * 7919) % count));
      // Text that COPY's text format must escape, and text that looks like its escapes.
      const hostile = [
        'tab\there',
        'line\nbreak\r\nend',
        'back\\slash',
        '\\N',
        '\\.',
        'quote " \' comma,',
        'émile 🚀 ẞ',
        '',
      ];
      for (const [i, text] of hostile.entries())
        Object.assign(servers[i]!, { name: `hostile ${i} ${text}`, description: text });
      const tags = bulkTagRows(ws.id, 4, now);
      // Every server tagged once; every third link without its copy of the server's name.
      const links = servers.map((s, i) => ({
        workspace_id: ws.id,
        server_id: s.id,
        tag_id: tags[i % tags.length]!.id,
        server_name: i % 3 ? s.name : '',
        created_at: now,
      }));
      await h.database.db.transaction().execute(async (trx) => {
        const bulk = bulkLoader(trx, h.database);
        // In two calls, as the seed writes servers a chunk at a time.
        await bulk.insert('servers', servers.slice(0, 5_000), { expected: count });
        await bulk.insert('servers', servers.slice(5_000), { expected: count });
        await bulk.insert('tags', tags);
        await bulk.insert('server_tags', links);
        await bulk.finish();
      });
      const after = { servers: await schemaOf(h, 'servers'), links: await schemaOf(h, 'server_tags') };
      // The indexes are built with a small page cache (short sorts); the connection then serves with its own again.
      if (h.dialect === 'sqlite')
        assert.equal(await pageCache(h), SERVING_PAGE_CACHE, 'the serving page cache is back');
      assert.deepEqual(definitions(after.servers), definitions(before.servers));
      assert.deepEqual(definitions(after.links), definitions(before.links));
      // Made again: without this the test would pass for a load that kept its indexes.
      for (const [table, objects] of Object.entries(after)) {
        const kept = indexIdentities(objects).filter((identity) =>
          indexIdentities(before[table as keyof typeof before]).includes(identity),
        );
        assert.deepEqual(
          kept.filter((identity) => !/_pk |sqlite_autoindex/.test(identity)),
          [],
          `${table}: indexes made again`,
        );
      }

      // Counts kept by the triggers, the text index, the link filter in name order and its copies.
      assert.equal((await h.call('GET', '/public/v1/servers?limit=1', { key })).json().pagination.total, count);
      assert.equal(
        (await h.call('GET', '/public/v1/servers?limit=1&environment=production', { key })).json().pagination.total,
        Math.ceil(count / 4),
      );
      const found = (await h.call('GET', '/public/v1/servers?q=BULK-000123', { key })).json();
      assert.deepEqual(
        found.data.map((item: { name: string }) => item.name),
        ['bulk-000123'],
      );
      const tagged = await everyItem<{ id: string; name: string }>(h, key, '/servers', {
        tagId: tags[1]!.id,
        sort: '-name',
      });
      const expected = links
        .filter((link) => link.tag_id === tags[1]!.id)
        .map((link) => servers.find((s) => s.id === link.server_id)!.name)
        .sort()
        .reverse();
      assert.equal(tagged.total, expected.length);
      assert.deepEqual(
        tagged.items.map((item) => item.name),
        expected,
      );
      const { rows } = await sql<{
        n: number | string;
      }>`SELECT count(*) AS n FROM server_tags linked
      JOIN servers ON servers.workspace_id = linked.workspace_id AND servers.id = linked.server_id
      WHERE linked.server_name <> servers.name`.execute(h.database.db);
      assert.equal(Number(rows[0]!.n), 0, "every copy is its server's name");
      for (const [i, text] of hostile.entries()) {
        const read = (await h.call('GET', `/public/v1/servers/${servers[i]!.id}`, { key })).json();
        assert.deepEqual([read.name, read.description], [`hostile ${i} ${text}`, text], `hostile text ${i}`);
      }
      // Every per-value count, row count and search version as the insert triggers keep them.
      for (const table of ['servers', 'server_tags']) {
        for (const [filter, expression] of Object.entries(valueCountsOn(h.dialect, STORAGE[table]!))) {
          const { rows: recounted } = await sql<{
            value: string;
            n: number | string;
          }>`SELECT value, count(*) AS n
          FROM (SELECT CAST(${sql.raw(valueOfRow(expression, 'counted'))} AS TEXT) AS value
          FROM ${sql.table(table)} AS counted WHERE workspace_id = ${ws.id}) v
          WHERE value IS NOT NULL GROUP BY value ORDER BY value`.execute(h.database.db);
          const { rows: kept } = await sql<{
            value: string;
            n: number | string;
          }>`SELECT value, total AS n FROM value_counts
          WHERE workspace_id = ${ws.id} AND table_name = ${table} AND filter_name = ${filter} AND total <> 0
          ORDER BY value`.execute(h.database.db);
          assert.deepEqual(
            kept.map(({ value, n }) => [value, Number(n)]),
            recounted.map(({ value, n }) => [value, Number(n)]),
            `${table} ${filter}`,
          );
        }
      }
      const { rows: total } = await sql<{
        n: number | string;
      }>`SELECT total AS n FROM row_counts WHERE workspace_id = ${ws.id} AND table_name = 'servers'`.execute(
        h.database.db,
      );
      assert.equal(Number(total[0]?.n), count, 'the row count of the servers');
      const { rows: versions } = await sql<{
        n: number | string;
      }>`SELECT count(*) AS n FROM search_versions WHERE workspace_id = ${ws.id} AND table_name = 'servers'`.execute(
        h.database.db,
      );
      assert.equal(Number(versions[0]!.n), 1, 'the search version of the servers');
      loaded = { workspaceId: ws.id, key, servers: count };
    },
  );

  it('a bare load holds only the tables it loads: the tables they refer to stay open to other requests', async (t) => {
    if (h.dialect !== 'postgres') return t.skip('SQLite has one writer, and readers see the last commit');
    const ws = await h.workspace();
    const other = await h.workspace();
    const tags = [
      {
        workspace_id: ws.id,
        id: newId(),
        name: 'locks',
        name_key: 'locks',
        colour: '#336699',
        description: null,
        created_at: now,
      },
    ];
    const count = Math.max(SUSPEND_FROM_ROWS, await rowsIn(h, 'servers'), await rowsIn(h, 'server_tags'));
    const servers = Array.from({ length: count }, (_, i) => server(ws.id, i));
    const held = await h.database.db.transaction().execute(async (trx) => {
      const bulk = bulkLoader(trx, h.database);
      await bulk.insert('tags', tags);
      await bulk.insert('servers', servers);
      await bulk.insert(
        'server_tags',
        servers.map((s) => ({
          workspace_id: ws.id,
          server_id: s.id,
          tag_id: tags[0]!.id,
          server_name: s.name,
          created_at: now,
        })),
      );
      await bulk.settle();
      // Meanwhile another connection reads and writes the tables the loaded ones refer to
      // (a lock the load held on them would make it wait: it gives up after 2 s).
      await h.database.db.transaction().execute(async (elsewhere) => {
        await sql`SET LOCAL lock_timeout = '2s'`.execute(elsewhere);
        await sql`SELECT count(*) FROM workspaces`.execute(elsewhere);
        await sql`SELECT count(*) FROM users`.execute(elsewhere);
        await sql`INSERT INTO tags (workspace_id, id, name, name_key, colour, created_at)
            VALUES (${other.id}, ${newId()}, 'elsewhere', 'elsewhere', '#336699', ${now})`.execute(elsewhere);
      });
      await bulk.finish();
      const { rows } = await sql<{
        name: string;
      }>`SELECT DISTINCT c.relname AS name FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
        WHERE l.pid = pg_backend_pid() AND l.mode = 'AccessExclusiveLock' AND c.relkind = 'r' ORDER BY 1`.execute(trx);
      return rows.map((row) => row.name);
    });
    assert.deepEqual(held, ['server_tags', 'servers']);
  });

  it('two instances seeding a fresh database at once both finish in turn, with their own counts', async (t) => {
    if (h.dialect !== 'postgres') return t.skip('several instances share a PostgreSQL database only');
    const fresh = await createMigratedTestDatabase(h.dialect);
    const instances = [openDatabase(fresh.url), openDatabase(fresh.url)];
    try {
      const workspaces = await Promise.all(
        instances.map((database, i) =>
          createWorkspace(database, createRegistry().scopes, { name: `seeded ${i}` }, CLI_ACTOR),
        ),
      );
      // Each seed at least doubles the empty tables it finds: both load them bare, the second
      // after the first has committed (it waits at the first table the first one holds).
      const created = await Promise.all(
        instances.map((database, i) =>
          seedWorkspace(database, { workspaceId: workspaces[i]!.id, size: SUSPEND_FROM_ROWS, seed: i + 1 }),
        ),
      );
      for (const [i, workspace] of workspaces.entries()) {
        const { rows } = await sql<{ table_name: string; total: number | string; n: number | string }>`
          SELECT table_name, total, (SELECT count(*) FROM servers WHERE workspace_id = ${workspace.id}) AS n
            FROM row_counts
          WHERE workspace_id = ${workspace.id} AND table_name = 'servers'`.execute(instances[0]!.db);
        assert.deepEqual([Number(rows[0]!.total), Number(rows[0]!.n)], [created[i]!.servers, created[i]!.servers]);
        const { rows: events } = await sql<{ total: number | string; n: number | string }>`
          SELECT total, (SELECT count(*) FROM audit_events WHERE workspace_id = ${workspace.id}) AS n FROM row_counts
          WHERE workspace_id = ${workspace.id} AND table_name = 'audit_events'`.execute(instances[0]!.db);
        assert.equal(Number(events[0]!.total), Number(events[0]!.n), 'audit events counted');
      }
    } finally {
      await Promise.all(instances.map((database) => database.close()));
      await fresh.drop();
    }
  });

  it('a bare load refuses to count its rows when its transaction wrote others to the table', async (t) => {
    if (h.dialect !== 'postgres') return t.skip('SQLite counts the rows above the rowid the load started from');
    const ws = await h.workspace();
    const dataObject = (i: number) => ({
      workspace_id: ws.id,
      id: newId(),
      name: `data ${i}`,
      description: null,
      classification: 'internal',
      personal_data: 0,
      retention_days: null,
      created_at: now,
      updated_at: now,
    });
    assert.equal(await rowsIn(h, 'data_objects'), 0);
    await assert.rejects(
      h.database.db.transaction().execute(async (trx) => {
        const bulk = bulkLoader(trx, h.database);
        await bulk.insert(
          'data_objects',
          Array.from({ length: SUSPEND_FROM_ROWS }, (_, i) => dataObject(i)),
        );
        await bulk.settle();
        // Counted as the load's by its transaction id, it would be counted twice.
        const extra = dataObject(-1);
        await sql`INSERT INTO data_objects
            (workspace_id, id, name, classification, personal_data, created_at, updated_at)
          VALUES
            (${extra.workspace_id}, ${extra.id}, ${extra.name}, ${extra.classification}, 0, ${now}, ${now})`.execute(
          trx,
        );
        await bulk.finish();
      }),
      /the transaction wrote 20001 rows, the load 20000/,
    );
    assert.equal(await rowsIn(h, 'data_objects'), 0);
  });

  it(
    "a superuser's bare load checks the keys it keeps once, " +
      'at the end, and the rows they name stay until it commits',
    async (t) => {
      if (h.dialect !== 'postgres') return t.skip('SQLite checks each row; its readers see the last commit');
      const { rows: role } = await sql<{
        superuser: string;
      }>`SELECT current_setting('is_superuser') AS superuser`.execute(h.database.db);
      if (role[0]!.superuser !== 'on')
        return t.skip("TEST_DATABASE_URL's user is not a superuser: its loads check each row");
      const ws = await h.workspace();
      const person = newId();
      await sql`INSERT INTO users (id, email, name, created_at)
        VALUES (${person}, ${`${person}@bulk.example.test`}, 'Bulk Person', ${now})`.execute(h.database.db);
      const count = Math.max(SUSPEND_FROM_ROWS, await rowsIn(h, 'workstations')) + 1;
      const rows = (assigned: string) =>
        Array.from({ length: count }, (_, i) => workstation(ws.id, i, i % 2 ? { assigned_user_id: assigned } : {}));
      const load = (assigned: string) =>
        h.database.db.transaction().execute(async (trx) => {
          const bulk = bulkLoader(trx, h.database);
          await bulk.insert('workstations', rows(assigned));
          await bulk.finish();
          // The person the rows name cannot go before they are committed (the row-by-row check
          // would have locked it; the loaded table's lock does): another connection's delete waits.
          await assert.rejects(
            h.database.db.transaction().execute(async (elsewhere) => {
              await sql`SET LOCAL lock_timeout = '500ms'`.execute(elsewhere);
              await sql`DELETE FROM users WHERE id = ${person}`.execute(elsewhere);
            }),
            /lock timeout/,
          );
        });
      // A missing person is found by the check at the end (its message names the value: PostgreSQL's
      // own row-by-row check puts it in the error's detail).
      await assert.rejects(load(newId()), (error: Error & { code?: string }) => {
        assert.match(
          error.message,
          new RegExp(
            /violates foreign key constraint "workstations_assigned_user_id_fkey": /.source +
              /\(assigned_user_id\)=\([0-9a-f-]{36}\) is not present in table "users"/.source,
          ),
        );
        assert.equal(error.code, undefined);
        return true;
      });
      assert.equal(await rowsIn(h, 'workstations'), 0);
      await load(person);
      // Committed, the key acts again: deleting the person clears the workstations' assignment.
      await sql`DELETE FROM users WHERE id = ${person}`.execute(h.database.db);
      const { rows: assigned } = await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM workstations WHERE workspace_id = ${ws.id} AND assigned_user_id IS NOT NULL`.execute(
        h.database.db,
      );
      assert.equal(Number(assigned[0]!.n), 0);
      assert.equal(await rowsIn(h, 'workstations'), count);
      // Only the load's COPYs go unchecked: a statement the transaction sends while one is still
      // running (here without waiting for it) is checked row by row as ever.
      await assert.rejects(
        h.database.db.transaction().execute(async (trx) => {
          const bulk = bulkLoader(trx, h.database);
          await bulk.insert('workstations', rows(person));
          await sql`INSERT INTO workstations
            (workspace_id, id, name, status, automatic, assigned_user_id, created_at, last_check_time)
          VALUES (${ws.id}, ${newId()}, 'WS-unchecked', 'in_stock', 0, ${newId()}, ${now}, ${now})`.execute(trx);
          await bulk.finish();
        }),
        foreignKeyViolation,
      );
      assert.equal(await rowsIn(h, 'workstations'), count);
      await sql`DELETE FROM workstations WHERE workspace_id = ${ws.id}`.execute(h.database.db);
    },
  );

  it('a bare load by a role that is not a superuser checks each row as it is written', async (t) => {
    if (h.dialect !== 'postgres') return t.skip('PostgreSQL roles only');
    const { rows: may } = await sql<{
      create: boolean;
    }>`SELECT rolsuper OR rolcreaterole AS create FROM pg_roles WHERE rolname = current_user`.execute(h.database.db);
    if (!may[0]?.create) return t.skip("TEST_DATABASE_URL's user may not create a role");
    const role = `bulk_owner_${newId().replace(/-/g, '').slice(-12)}`;
    const db = h.database.db;
    await sql`CREATE ROLE ${sql.id(role)} NOLOGIN NOSUPERUSER`.execute(db);
    await sql`GRANT USAGE, CREATE ON SCHEMA public TO ${sql.id(role)}`.execute(db);
    await sql`GRANT ALL ON ALL TABLES IN SCHEMA public TO ${sql.id(role)}`.execute(db);
    const { rows: owner } = await sql<{
      name: string;
    }>`SELECT tableowner AS name FROM pg_tables WHERE tablename = 'servers'`.execute(db);
    await sql`ALTER TABLE servers OWNER TO ${sql.id(role)}`.execute(db);
    try {
      const before = await schemaOf(h, 'servers');
      const ws = await h.workspace();
      const count = Math.max(SUSPEND_FROM_ROWS, await rowsIn(h, 'servers')) + 1;
      const agentless = Array.from({ length: count }, (_, i) => ({
        ...server(ws.id, i),
        agent_id: null as string | null,
      }));
      // A server reported by an agent that does not exist: PostgreSQL's own check refuses the row.
      Object.assign(agentless[11]!, { agent_id: newId(), automatic: 1 });
      await assert.rejects(
        db.transaction().execute(async (trx) => {
          await sql`SET LOCAL ROLE ${sql.id(role)}`.execute(trx);
          const bulk = bulkLoader(trx, h.database);
          await bulk.insert('servers', agentless);
          await bulk.finish();
        }),
        foreignKeyViolation,
      );
      assert.deepEqual(await schemaOf(h, 'servers'), before);
    } finally {
      await sql`ALTER TABLE servers OWNER TO ${sql.id(owner[0]!.name)}`.execute(db);
      await sql`DROP OWNED BY ${sql.id(role)}`.execute(db);
      await sql`DROP ROLE ${sql.id(role)}`.execute(db);
    }
  });

  it('a load smaller than the table keeps its indexes', async () => {
    const before = await schemaOf(h, 'servers');
    const servers = Array.from({ length: SUSPEND_FROM_ROWS }, (_, i) => server(loaded.workspaceId, loaded.servers + i));
    await h.database.db.transaction().execute(async (trx) => {
      const bulk = bulkLoader(trx, h.database);
      await bulk.insert('servers', servers);
      await bulk.finish();
    });
    assert.deepEqual(await schemaOf(h, 'servers'), before);
    assert.equal(
      (await h.call('GET', '/public/v1/servers?limit=1', { key: loaded.key })).json().pagination.total,
      loaded.servers + SUSPEND_FROM_ROWS,
    );
  });

  it('a bare load whose rows break a foreign key, a unique index or a NOT NULL, ' +
    "or name an unknown column, writes nothing and leaves the table's indexes and keys as they were", {
    timeout: 120_000,
  }, async () => {
    const ws = await h.workspace();
    const before = await schemaOf(h, 'workstations');
    assert.equal(await rowsIn(h, 'workstations'), 0);
    const agent = { id: newId(), hash: newId() };
    const elsewhere = { id: newId(), workspace: (await h.workspace()).id };
    await sql`INSERT INTO agents (workspace_id, id, name, token_hash, token_prefix, created_at)
      VALUES (${elsewhere.workspace}, ${elsewhere.id}, 'agent elsewhere', ${newId()}, 'agt_live_test', ${now})`.execute(
      h.database.db,
    );
    const many = (changes: (i: number) => Record<string, unknown>) =>
      Array.from({ length: SUSPEND_FROM_ROWS + 10_000 }, (_, i) => workstation(ws.id, i, changes(i)));
    // Each fails with its own cause, not with a later statement's "transaction is aborted".
    const cases: [string, ReturnType<typeof many>, RegExp][] = [
      // The key to users stays (dropping it would lock users): checked row by row, or by a
      // superuser's load once at the end.
      ['a person who does not exist', many((i) => (i === 17 ? { assigned_user_id: newId() } : {})), /foreign key/i],
      ['an agent of another workspace', many((i) => (i === 9 ? { agent_id: elsewhere.id } : {})), /foreign key/i],
      // Checked when the unique index is built again (PostgreSQL and SQLite).
      [
        'two workstations of one agent',
        many((i) => (i === 3 || i === 20_001 ? { agent_id: agent.id } : {})),
        /unique|duplicate/i,
      ],
      // In the first statement, while the load goes on to the next (PostgreSQL runs one ahead).
      ['a workstation without a name', many((i) => (i === 5 ? { name: null } : {})), /null/i],
      // Refused as the statement starts, before PostgreSQL asks for the rows: the load ends, it
      // does not wait for the rows to be taken.
      ['a column the table does not have', many(() => ({ bogus_column: 1 })), /bogus_column/],
    ];
    for (const [label, rows, cause] of cases) {
      await assert.rejects(
        h.database.db.transaction().execute(async (trx) => {
          await sql`INSERT INTO agents (workspace_id, id, name, token_hash, token_prefix, created_at)
            VALUES (${ws.id}, ${agent.id}, 'bulk agent', ${agent.hash}, 'agt_live_test', ${now})`.execute(trx);
          const bulk = bulkLoader(trx, h.database);
          await bulk.insert('workstations', rows.slice(0, 12_000), { expected: rows.length });
          await bulk.insert('workstations', rows.slice(12_000), { expected: rows.length });
          await bulk.finish();
        }),
        cause,
        label,
      );
      assert.equal(await rowsIn(h, 'workstations'), 0, label);
      assert.deepEqual(await schemaOf(h, 'workstations'), before, label);
      if (h.dialect === 'sqlite')
        assert.equal(await pageCache(h), SERVING_PAGE_CACHE, `${label}: the serving page cache is back`);
    }
    // The table still takes a load, and refuses a bad row afterwards.
    await h.database.db.transaction().execute(async (trx) => {
      const bulk = bulkLoader(trx, h.database);
      await bulk.insert(
        'workstations',
        many(() => ({})),
      );
      await bulk.finish();
    });
    assert.equal(await rowsIn(h, 'workstations'), SUSPEND_FROM_ROWS + 10_000);
    await assert.rejects(
      sql`INSERT INTO workstations
        (workspace_id, id, name, status, automatic, assigned_user_id, created_at, last_check_time)
      VALUES (${ws.id}, ${newId()}, 'WS-x', 'in_stock', 0, ${newId()}, ${now}, ${now})`.execute(h.database.db),
    );
  });
});
