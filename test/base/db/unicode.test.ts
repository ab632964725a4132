/**
 * Case-insensitive search and uniqueness fold all of Unicode, identically on both databases: each
 * database's answers are compared with the one rule of text-search.ts, applied in JavaScript.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Application } from '../../../src/families/applications/applications.schemas.js';
import { applications } from '../../../src/families/applications/applications.module.js';
import { sql } from 'kysely';
import { AuditList } from '../../../src/base/audit/audit.schemas.js';
import { fold, foldingCharacters, foldKey } from '../../../src/base/db/text-search.js';
import { servers } from '../../../src/families/servers/servers.module.js';
import { userListing } from '../../../src/families/people/users.module.js';
import { describeEachDatabase } from '../../support/harness.js';
import { bodyOf } from '../../support/typed.js';

const UserList = userListing.listSchema;

const NAMES = [
  'Ünïcødé',
  'ÄRGER Büro',
  'Straße',
  'STRASSE',
  'GROẞ',
  'İstanbul',
  'istanbul',
  'ıspanak',
  'ΟΔΟΣ',
  'οδος',
  'Σίσυφος',
  'Москва',
  'МОСКВА',
  'Ærøskøbing',
  'ÉCOLE',
  'école',
  'Ǆungla',
  'ﬁnance',
  '東京',
  '🚀 Launch',
  'ASCII only',
];
const QUERIES = [
  'Ü',
  'ünï',
  'ärger',
  'straße',
  'STRASSE',
  'ß',
  'ẞ',
  'i̇stanbul',
  'İ',
  'istanbul',
  'ı',
  'σ',
  'ς',
  'ΟΔΟΣ',
  'москва',
  'Æ',
  'é',
  'ǆ',
  'Ǆ',
  'fi',
  '東',
  '🚀',
  'only',
  '%',
  '_',
];

describeEachDatabase('Unicode case folding', (h) => {
  it('the rule: simple one-to-one lower-case mapping per code point', () => {
    assert.equal(fold('Ünïcødé'), 'ünïcødé');
    assert.equal(fold('İ'), 'i');
    assert.equal(fold('ΟΔΟΣ'), 'οδοσ');
    assert.equal(fold('GROẞ'), 'groß');
    assert.equal(foldKey('  Ärger '), 'ärger');
  });

  it('estate_fold() in SQL folds every code point exactly as fold() does', async () => {
    const character = h.dialect === 'postgres' ? sql`chr(cp)` : sql`char(cp)`;
    const { rows } = await sql<{ cp: number; folded: string }>`
      WITH RECURSIVE points(cp) AS (SELECT 1 UNION ALL SELECT cp + 1 FROM points WHERE cp < 1114111)
      SELECT cp, estate_fold(${character}) AS folded FROM points
      WHERE (cp < 55296 OR cp > 57343) AND estate_fold(${character}) <> ${character}`.execute(h.database.db);
    const inSql = new Map(rows.map((row) => [Number(row.cp), row.folded]));
    const expected = new Map(foldingCharacters().map((character) => [character.codePointAt(0)!, fold(character)]));
    assert.deepEqual(inSql, expected);
  });

  it('estate_fold() folds NULL to NULL and, on PostgreSQL, is inlined where rows are written', async () => {
    const { rows } = await sql<{ folded: string | null }>`SELECT estate_fold(NULL) AS folded`.execute(h.database.db);
    assert.equal(rows[0]!.folded, null);
    if (h.dialect !== 'postgres') return;
    // A generated column (search_text) is planned like this expression: a call left in the plan
    // would be paid for each searched column of every row written (docs/decisions.md).
    const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (VERBOSE) SELECT estate_fold(name) FROM tags`.execute(
      h.database.db,
    );
    const output = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    assert.match(output, /lower\(/, output);
    assert.doesNotMatch(output, /estate_fold/, output);
  });

  it('q finds "Ünïcødé" by "Ü" and "ünï" on applications, servers and users', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    await h.call('POST', '/public/v1/applications', { key, body: { name: 'Ünïcødé' } });
    await h.call('POST', '/public/v1/servers', { key, body: { name: 'Ünïcødé' } });
    for (const q of ['Ü', 'ünï', 'ÜNÏ']) {
      assert.equal(
        bodyOf(applications.list, await h.call('GET', '/public/v1/applications', { key, query: { q } })).pagination
          .total,
        1,
        `applications q=${q}`,
      );
      assert.equal(
        bodyOf(servers.list, await h.call('GET', '/public/v1/servers', { key, query: { q } })).pagination.total,
        1,
        `servers q=${q}`,
      );
    }
    assert.equal(
      bodyOf(UserList, await h.call('GET', '/public/v1/users', { key, query: { q: ws.admin.name.toUpperCase() } }))
        .pagination.total,
      1,
    );
  });

  it('tag names are unique in any letter case of any script', async () => {
    const key = (await h.key(await h.workspace())).secret;
    for (const [first, second] of [
      ['Ärger', 'ärger'],
      ['ΟΔΟΣ', 'οδοσ'],
      ['Москва', 'МОСКВА'],
      ['İzmir', 'izmir'],
    ]) {
      assert.equal((await h.call('POST', '/public/v1/tags', { key, body: { name: first } })).statusCode, 201, first);
      assert.equal(
        (await h.call('POST', '/public/v1/tags', { key, body: { name: second } })).statusCode,
        422,
        `${second} after ${first}`,
      );
    }
  });

  it('every query over tricky names answers what the rule says, on this database', async () => {
    const key = (await h.key(await h.workspace())).secret;
    for (const name of NAMES)
      assert.equal((await h.call('POST', '/public/v1/applications', { key, body: { name } })).statusCode, 201, name);
    for (const q of QUERIES) {
      const found = bodyOf(
        applications.list,
        await h.call('GET', '/public/v1/applications', { key, query: { q, limit: '200' } }),
      );
      const names = found.data.map((app: Application) => app.name).sort();
      const expected = NAMES.filter((name) => fold(name).includes(fold(q))).sort();
      assert.deepEqual(names, expected, `q=${q}`);
    }
    const audit = bodyOf(
      AuditList,
      await h.call('GET', '/public/v1/audit-log', { key, query: { query: 'москва', limit: '200' } }),
    );
    assert.equal(audit.data.length, 2, 'the audit log search folds the same way');
  });

  it('an exact case-insensitive filter folds the same way (servers by os)', async () => {
    const key = (await h.key(await h.workspace())).secret;
    await h.call('POST', '/public/v1/servers', { key, body: { name: 'a', os: 'ÉCOLE OS' } });
    await h.call('POST', '/public/v1/servers', { key, body: { name: 'b', os: 'école os' } });
    assert.equal(
      bodyOf(servers.list, await h.call('GET', '/public/v1/servers', { key, query: { os: 'École Os' } })).pagination
        .total,
      2,
    );
  });
});
