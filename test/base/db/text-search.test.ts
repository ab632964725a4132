/**
 * `q` reads a text index (FTS5 trigram tables on SQLite, pg_trgm GIN indexes on PostgreSQL) kept by
 * the same transaction as the write, and answers exactly what the substring rule of text-search.ts
 * says, on both databases.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import fc from 'fast-check';
import { agentListing } from '../../../src/features/agents/agents.module.js';
import { AUDIT_SEARCH_COLUMNS } from '../../../src/base/audit/audit.repository.js';
import { discoveredListing } from '../../../src/features/discovered/discovered-applications.module.js';
import { FAMILIES } from '../../../src/families/registry.js';
import { memberListing } from '../../../src/features/accounts/members/memberships.js';
import { tagListing } from '../../../src/families/tags/tags.repository.js';
import { userListing } from '../../../src/families/people/users.module.js';
import { fold, trigramPieces } from '../../../src/base/db/text-search.js';
import { servers } from '../../../src/families/servers/servers.module.js';
import { seedWorkspace } from '../../../src/features/seed/seed.js';
import { describeEachDatabase } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

/** Names whose text would be query syntax to FTS5 or wildcards to LIKE, were it not quoted and escaped. */
const NAMES = [
  'say "hello" now',
  'a*b OR c',
  'NEAR(x y)',
  '100% done',
  'snake_case_host',
  'back\\slash',
  'dash-ed-name',
  "it's ^caret",
  'col:umn',
];
const QUERIES = [
  '"hello"',
  '"hel',
  'a*b',
  'OR c',
  'NEAR(',
  '0% d',
  'e_c',
  '\\sl',
  '-ed-',
  "'s ^",
  'l:u',
  'ab',
  'x',
  'zzz',
  'DONE',
];

/** A column in the expression of PostgreSQL's generated search_text. */
const FOLDED_COLUMN = String.raw`estate_fold\(COALESCE\((\w+),`;

/** Every list's search: the table of its text index and the columns `q` promises to search. */
const SEARCHES = [
  ...FAMILIES.map((family) => ({ table: family.definition.table as string, columns: family.definition.search })),
  ...[tagListing, userListing, memberListing, agentListing, discoveredListing].map((listing) => ({
    table: listing.textSearch.index.table,
    columns: listing.textSearch.columns,
  })),
  { table: 'audit_events', columns: AUDIT_SEARCH_COLUMNS },
];

describeEachDatabase('text index for q', (h) => {
  it('indexes exactly the columns each list searches (a search column added to a list needs its index)', async () => {
    for (const { table, columns } of SEARCHES) {
      const searched = columns.map((column) => column.replace(/^\w+\./, '')).sort();
      const { rows } =
        h.dialect === 'sqlite'
          ? await sql<{ name: string }>`SELECT name FROM pragma_table_info(${`${table}_text`})`.execute(h.database.db)
          : await sql<{ name: string }>`
            SELECT (regexp_matches(pg_get_expr(d.adbin, d.adrelid), ${FOLDED_COLUMN}, 'g'))[1] AS name
              FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
             WHERE d.adrelid = ${table}::regclass AND a.attname = 'search_text'`.execute(h.database.db);
      assert.deepEqual(rows.map((row) => row.name).sort(), searched, table);
      if (h.dialect === 'postgres') {
        const { rows: indexes } = await sql<{
          name: string;
        }>`SELECT indexname AS name FROM pg_indexes
            WHERE tablename = ${table} AND indexdef LIKE '%gin%search_text gin_trgm_ops%'`.execute(h.database.db);
        assert.equal(indexes.length, 1, `${table}: one trigram index on search_text`);
        // The trigrams before the workspace: a GIN scan advances its keys in
        // column order, and the workspace's keys would move with every row of the rarest trigram.
        const { rows: first } = await sql<{
          definition: string;
        }>`SELECT indexdef AS definition FROM pg_indexes WHERE indexname = ${indexes[0]!.name}`.execute(h.database.db);
        assert.match(first[0]!.definition, /USING gin \(search_text gin_trgm_ops(, workspace_id)?\)$/, table);
      }
    }
  });

  async function names(key: string, q: string): Promise<string[]> {
    const page = bodyOf(servers.list, await h.call('GET', '/public/v1/servers', { key, query: { q, limit: '200' } }));
    assert.equal(page.pagination.total, page.data.length, `q=${q}: the total counts the same matches`);
    return page.data.map((server) => server.name).sort();
  }

  it(
    'finds exactly the names holding the text, ' +
      'whatever the characters (quotes, wildcards, FTS5 syntax), short or long',
    async () => {
      const key = (await h.key(await h.workspace())).secret;
      for (const name of NAMES)
        assert.equal((await h.call('POST', '/public/v1/servers', { key, body: { name } })).statusCode, 201, name);
      for (const q of QUERIES)
        assert.deepEqual(await names(key, q), NAMES.filter((name) => fold(name).includes(fold(q))).sort(), `q=${q}`);
    },
  );

  it('searches every search column (hostname, addresses), not only the name', async () => {
    const key = (await h.key(await h.workspace())).secret;
    await h.call('POST', '/public/v1/servers', {
      key,
      body: { name: 'plain', hostname: 'Orion-Gateway.example', ipAddresses: ['10.20.30.40'] },
    });
    assert.deepEqual(await names(key, 'orion-gate'), ['plain']);
    assert.deepEqual(await names(key, '20.30.4'), ['plain']);
  });

  it('follows every write at once: a rename in two columns and a delete', async () => {
    const key = (await h.key(await h.workspace())).secret;
    const created = (
      await h.call('POST', '/public/v1/servers', { key, body: { name: 'alpha-centauri', hostname: 'proxima.example' } })
    ).json();
    assert.deepEqual(await names(key, 'centauri'), ['alpha-centauri']);
    const patched = await h.call('PATCH', `/public/v1/servers/${created.id}`, {
      key,
      body: { name: 'beta-pictoris', hostname: 'sirius.example' },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.deepEqual(await names(key, 'centauri'), []);
    assert.deepEqual(await names(key, 'proxima'), []);
    assert.deepEqual(await names(key, 'pictoris'), ['beta-pictoris']);
    assert.equal((await h.call('DELETE', `/public/v1/servers/${created.id}`, { key })).statusCode, 204);
    assert.deepEqual(await names(key, 'pictoris'), []);
  });

  it(
    'never matches across two columns, ' +
      'even when the search holds the ' +
      'character that joins them on PostgreSQL',
    async () => {
      const key = (await h.key(await h.workspace())).secret;
      await h.call('POST', '/public/v1/servers', { key, body: { name: 'left-part', hostname: 'right-part.example' } });
      assert.deepEqual(await names(key, 'left-part'), ['left-part']);
      assert.deepEqual(await names(key, 'part\u001fright'), []);
      assert.deepEqual(await names(key, 'left-part\u001f'), []);
    },
  );

  it('matches a search of several words as one piece of text: the words together and in order', async () => {
    const key = (await h.key(await h.workspace())).secret;
    const written = [
      'app-deve-001819',
      'deve-app-001819',
      'app deve 001819',
      'x-app-deve-0018190-y',
      'app-deve-00181',
      'prod-05',
      'prod-5',
      'prod-050',
      'ws-497026',
      '497026-ws',
      'wsx-497026',
    ];
    for (const name of written)
      assert.equal((await h.call('POST', '/public/v1/servers', { key, body: { name } })).statusCode, 201, name);
    for (const q of [
      'app-deve-001819',
      'APP-Deve',
      'deve-app',
      'app deve',
      'prod-05',
      '-deve-0018',
      'ws-497026',
      'WS-4970',
    ]) {
      assert.deepEqual(await names(key, q), written.filter((name) => fold(name).includes(fold(q))).sort(), `q=${q}`);
    }
  });

  it(
    "asks PostgreSQL's trigram index word by word, longest first, " +
      'then a word under three characters with its neighbours',
    () => {
      assert.deepEqual(trigramPieces('app-deve-001819'), ['001819', 'deve', 'app']);
      assert.deepEqual(trigramPieces('ws-497026'), ['497026', 'ws-497026']);
      assert.deepEqual(trigramPieces('prod-05'), ['prod', 'prod-05']);
      assert.deepEqual(trigramPieces('ab-cde-fgh'), ['cde', 'fgh', 'ab-cde']);
      assert.deepEqual(trigramPieces('über straße'), ['straße', 'über']);
      for (const whole of ['web', 'app-', '-dev-', 'a b c', '%_\\']) assert.deepEqual(trigramPieces(whole), [whole]);
    },
  );

  it('one or two characters find exactly the items holding them, in any searched column, any script', async () => {
    const key = (await h.key(await h.workspace())).secret;
    const written = [
      { name: 'İstanbul-01', hostname: 'ist.example', location: 'Kadıköy' },
      { name: 'ΣΟΦΙΑ', hostname: 'sofia', model: 'Straße 5' },
      { name: '東京-db', hostname: 'tokyo', os: 'Debian' },
      { name: 'rocket 🚀x', hostname: 'r1', serialNumber: 'A%B_C' },
      { name: 'q"uote', hostname: "o'neil", manufacturer: 'Dell' },
      { name: 'plain', hostname: 'p', ipAddresses: ['10.9.8.7'] },
    ];
    for (const body of written)
      assert.equal((await h.call('POST', '/public/v1/servers', { key, body })).statusCode, 201, body.name);
    const texts = (server: Record<string, unknown>) =>
      ['name', 'hostname', 'location', 'model', 'os', 'serialNumber', 'manufacturer']
        .map((field) => server[field])
        .concat(JSON.stringify(server.ipAddresses ?? []))
        .filter((value): value is string => typeof value === 'string')
        .map(fold);
    // Every character and pair of every written value, and some held by nothing.
    const searches = new Set(['zq', '%%', '_x', '""', '\\', 'ß', 'σ', 'Σ', 'ı', 'i̇', '🚀', 'x🚀', '-', ' ']);
    for (const body of written)
      for (const value of texts(body)) {
        const characters = [...value];
        characters.forEach((character, i) => {
          searches.add(character);
          if (i + 1 < characters.length) searches.add(character + characters[i + 1]);
        });
      }
    for (const q of searches) {
      const expected = written
        .filter((body) => texts(body).some((text) => text.includes(fold(q))))
        .map((body) => body.name)
        .sort();
      assert.deepEqual(await names(key, q), expected, `q=${JSON.stringify(q)}`);
    }
  });

  it('a search of one or two characters: generated names and searches answer as a comparison would', async () => {
    const key = (await h.key(await h.workspace())).secret;
    const letters = ['a', 'B', 'ß', 'İ', 'σ', 'Σ', '東', '🚀', '-', '_', '%', '"', "'", ' ', '0', '\\'];
    const letter = fc.constantFrom(...letters);
    const written = fc.sample(
      fc.string({ unit: letter, minLength: 1, maxLength: 8 }).filter((name) => name.trim() !== ''),
      { numRuns: 40, seed: 42 },
    );
    const stored: string[] = [];
    for (const name of new Set(written)) {
      const created = await h.call('POST', '/public/v1/servers', { key, body: { name, hostname: 'h' } });
      assert.equal(created.statusCode, 201, created.body);
      stored.push((created.json() as { name: string }).name);
    }
    const searches = fc.sample(fc.string({ unit: letter, minLength: 1, maxLength: 2 }), { numRuns: 120, seed: 7 });
    for (const q of new Set(searches)) {
      const expected = stored.filter((name) => fold(name).includes(fold(q)) || fold('h').includes(fold(q))).sort();
      assert.deepEqual(await names(key, q), expected, `q=${JSON.stringify(q)}`);
    }
  });

  it('a search of one or two characters follows every write at once', async () => {
    const key = (await h.key(await h.workspace())).secret;
    const created = (await h.call('POST', '/public/v1/servers', { key, body: { name: 'kx-1' } })).json();
    assert.deepEqual(await names(key, 'kx'), ['kx-1']);
    await h.call('PATCH', `/public/v1/servers/${created.id}`, { key, body: { name: 'wy-1', hostname: 'wy' } });
    assert.deepEqual(await names(key, 'kx'), []);
    assert.deepEqual(await names(key, 'wy'), ['wy-1']);
    assert.equal((await h.call('DELETE', `/public/v1/servers/${created.id}`, { key })).statusCode, 204);
    assert.deepEqual(await names(key, 'wy'), []);
  });

  it('never crosses workspaces', async () => {
    const mine = (await h.key(await h.workspace())).secret;
    const theirs = (await h.key(await h.workspace())).secret;
    await h.call('POST', '/public/v1/servers', { key: theirs, body: { name: 'secret-vega-host' } });
    assert.deepEqual(await names(mine, 'vega-host'), []);
    assert.deepEqual(await names(theirs, 'vega-host'), ['secret-vega-host']);
  });

  it('indexes what a bulk seed loads', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    await seedWorkspace(h.database, { workspaceId: ws.id, size: 300, seed: 5 });
    const all = bodyOf(servers.list, await h.call('GET', '/public/v1/servers', { key, query: { limit: '200' } })).data;
    const name = all[17]!.name;
    const q = name.slice(1, -1);
    const found = bodyOf(servers.list, await h.call('GET', '/public/v1/servers', { key, query: { q } }));
    assert.ok(
      found.data.some((server) => server.name === name),
      `q=${q} finds ${name}`,
    );
    assert.ok(
      found.data.every((server) =>
        [server.name, server.hostname ?? '', ...(server.ipAddresses ?? [])].some((text) =>
          fold(text).includes(fold(q)),
        ),
      ),
    );
  });
});
