/**
 * When a link, date or text filter matches densely, SQLite reads a page by walking the sort's index
 * and testing each row (`+column`, pagination/offset.ts) instead of sorting every match. Which read
 * serves a page depends on the offset and the density; every page must be the one the other read
 * would give, on both databases.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../../support/harness.js';

type Named = { id: string; name: string };

describeEachDatabase('pages of densely matching filters', (h) => {
  it('are the same slices of the same order at every offset, whichever way they are read', async () => {
    const key = (await h.key(await h.workspace())).secret;
    const tag = (await h.call('POST', '/public/v1/tags', { key, body: { name: 'dense' } })).json() as Named;
    const names = Array.from(
      { length: 14 },
      (_, i) => `srv-${String((i * 5) % 14).padStart(2, '0')}${i % 3 ? '-web' : '-db'}`,
    );
    const tagged = new Set<string>();
    for (const [i, name] of names.entries()) {
      const server = (await h.call('POST', '/public/v1/servers', { key, body: { name } })).json() as Named;
      if (i % 7 !== 3) {
        assert.equal((await h.call('PUT', `/public/v1/servers/${server.id}/tags/${tag.id}`, { key })).statusCode, 204);
        tagged.add(name);
      }
    }
    const cases: [query: Record<string, string>, expected: string[]][] = [
      [{ tagId: tag.id }, [...tagged].sort()],
      [{ tagId: tag.id, sort: '-name' }, [...tagged].sort().reverse()],
      [{ q: '-web' }, names.filter((name) => name.endsWith('-web')).sort()],
      [
        { q: '-web', tagId: tag.id, sort: '-name' },
        [...tagged]
          .filter((name) => name.endsWith('-web'))
          .sort()
          .reverse(),
      ],
    ];
    for (const [query, expected] of cases) {
      for (const limit of [1, 2, 3, 5]) {
        const read: string[] = [];
        for (let offset = 0; offset < expected.length + limit; offset += limit) {
          const response = await h.call('GET', '/public/v1/servers', {
            key,
            query: { ...query, limit: String(limit), offset: String(offset) },
          });
          assert.equal(response.statusCode, 200, response.body);
          const page = response.json() as { data: Named[]; pagination: { total: number } };
          assert.equal(page.pagination.total, expected.length, `${JSON.stringify(query)} total`);
          read.push(...page.data.map((server) => server.name));
        }
        assert.deepEqual(read, expected, `${JSON.stringify(query)} limit ${limit}`);
      }
    }
  });
});
