/**
 * Items without a value for the sort field come first ascending and last descending, on both
 * databases (orderOf in pagination/offset.ts): every sort whose column may be empty is declared so,
 * and the pages agree with that rule.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { agentListing } from '../../../src/features/agents/agents.module.js';
import { discoveredListing } from '../../../src/features/discovered/discovered-applications.module.js';
import { FAMILIES } from '../../../src/families/registry.js';
import { memberListing } from '../../../src/features/accounts/members/memberships.js';
import type { Sort } from '../../../src/base/lists/offset.js';
import { tagListing } from '../../../src/families/tags/tags.repository.js';
import { userListing } from '../../../src/families/people/users.module.js';
import { describeEachDatabase } from '../../support/harness.js';
import { everyItem } from '../../support/walk.js';

type Item = Record<string, unknown> & { id: string };

describeEachDatabase('items without a value for the sort field', (h) => {
  /** Whether the database lets the column be empty. */
  async function nullable(table: string, column: string): Promise<boolean> {
    const { rows } =
      h.dialect === 'sqlite'
        ? await sql<{
            empty: number;
          }>`SELECT "notnull" = 0 AS empty FROM pragma_table_info(${table}) WHERE name = ${column}`.execute(
            h.database.db,
          )
        : await sql<{
            empty: boolean;
          }>`SELECT is_nullable = 'YES' AS empty FROM information_schema.columns
              WHERE table_schema = current_schema() AND table_name = ${table} AND column_name = ${column}`.execute(
            h.database.db,
          );
    assert.equal(rows.length, 1, `${table}.${column} exists`);
    return Boolean(rows[0]!.empty);
  }

  it('are declared for every sort whose column may be empty, and for no other', async () => {
    const lists: [string, string, Record<string, Sort>][] = [
      ...FAMILIES.map((family): [string, string, Record<string, Sort>] => [
        family.definition.table,
        family.definition.table,
        family.sorts,
      ]),
      ['agents', 'agents', agentListing.sorts],
      ['tags', 'tags', tagListing.sorts],
      ['users', 'people', userListing.sorts],
      ['members', 'members', memberListing.sorts],
      ['discovered applications', 'discovered_applications', discoveredListing.sorts],
    ];
    let declared = 0;
    for (const [list, table, sorts] of lists) {
      for (const [name, sort] of Object.entries(sorts)) {
        // A count shared by a group (installCount) is kept for every group: never empty.
        if (typeof sort !== 'string' && ('columns' in sort || 'expression' in sort)) continue;
        const column = (typeof sort === 'string' ? sort : sort.column).replace(/^\w+\./, '');
        const empty = typeof sort !== 'string' && sort.nullable === true;
        if (empty) declared += 1;
        // A ranked sort has no rank for a value outside its ranks: a member's custom role.
        const unranked = list === 'members' && name === 'role';
        assert.equal(
          empty,
          unranked || (await nullable(table, column)),
          `${list} sort=${name}: declared nullable exactly when ${table}.${column} may be NULL`,
        );
      }
    }
    assert.ok(declared >= 20, `${declared} nullable sorts`);
  });

  it('come first ascending and last descending, ties by id, in every family tried', async () => {
    const ws = await h.workspace();
    const key = (await h.key(ws)).secret;
    const created = async (path: string, body: Record<string, unknown>) => {
      const response = await h.call('POST', `/public/v1${path}`, { key, body });
      assert.equal(response.statusCode, 201, response.body);
      return (response.json() as Item).id;
    };
    const values = [null, 8, null, 2, 8, null, 64];
    await Promise.all(
      values.map((cores, i) =>
        created('/servers', {
          name: `s${i}`,
          cpuCores: cores,
          memoryMb: cores === null ? 1024 : null,
          environment: i % 2 ? 'production' : null,
        }),
      ),
    );
    await Promise.all(
      values.map((count, i) =>
        created('/applications', { name: `a${i}`, userCount: count, criticality: [null, 'high', 'low'][i % 3] }),
      ),
    );

    const cases: [string, string, string][] = [
      ['/servers', 'cpuCores', 'cpuCores'],
      ['/servers', 'memoryMb', 'memoryMb'],
      ['/servers', 'environment', 'environment'],
      ['/applications', 'userCount', 'userCount'],
      ['/applications', 'criticality', 'criticality'],
    ];
    const ranks: Record<string, string[]> = {
      environment: ['production'],
      criticality: ['low', 'medium', 'high', 'critical'],
    };
    const rank = (field: string, value: unknown) =>
      ranks[field] ? ranks[field]!.indexOf(String(value)) : Number(value);
    for (const [path, sort, field] of cases) {
      const all = (await everyItem<Item>(h, key, path, {}, 3)).items;
      const byId = (a: Item, b: Item) => (a.id < b.id ? -1 : 1);
      const empty = all.filter((item) => item[field] === null).sort(byId);
      const held = all
        .filter((item) => item[field] !== null)
        .sort((a, b) => rank(field, a[field]) - rank(field, b[field]) || byId(a, b));
      assert.ok(empty.length > 0 && held.length > 0, `${path} ${field}: both kinds`);
      const ascending = [...empty, ...held].map((item) => item.id);
      // Pages of 3: page boundaries fall among the empty and the held values.
      assert.deepEqual(
        (await everyItem<Item>(h, key, path, { sort }, 3)).items.map((item) => item.id),
        ascending,
        `${path} sort=${sort}`,
      );
      assert.deepEqual(
        (await everyItem<Item>(h, key, path, { sort: `-${sort}` }, 3)).items.map((item) => item.id),
        [...ascending].reverse(),
        `${path} sort=-${sort}`,
      );
    }
  });
});
