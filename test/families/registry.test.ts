/**
 * A family is one definition, one registry line and one migration; what cannot be derived from
 * the definition is refused here when a family lacks it: its storage facts, its rows in the docs'
 * resource tables, its demo data, its samples for the family contract (support/family-samples.ts).
 * docs/adding-a-family.md is the checklist.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { installed } from '../../src/base/paths.js';
import { FAMILIES } from '../../src/families/registry.js';
import { seedWorkspace } from '../../src/features/seed/seed.js';
import { describeEachDatabase, ONCE } from '../support/harness.js';
import { inlined } from '../support/api-document.js';

const names = (list: readonly string[]) => list.join(', ') || 'none';

it('every family has storage facts: a counted total and the columns q searches', ONCE, () => {
  const lacking = FAMILIES.filter(({ definition }) => {
    const { facts } = definition;
    return !facts.counted || !facts.searched?.length;
  });
  assert.equal(names(lacking.map(({ definition }) => definition.table)), 'none');
});

it('every family is a row of the resource and search tables of docs/api.md', ONCE, () => {
  const api = readFileSync(installed('docs', 'api.md'), 'utf8');
  const missing = FAMILIES.flatMap(({ definition }) => {
    const plural = definition.path.slice(1);
    const problems: string[] = [];
    if (!new RegExp(`^\\| ${definition.nouns.many}(?: \\(| \\|)`, 'm').test(api))
      problems.push(`${definition.nouns.many}: no row in "Resources"`);
    if (!api.includes(`\`/${plural}\``)) problems.push(`/${plural}: no row in the q table`);
    return problems;
  });
  assert.equal(names(missing), 'none');
});

describeEachDatabase('every family of the registry', (h) => {
  it('has an OpenAPI tag, described by its definition', async () => {
    const document = inlined((await h.call('GET', '/openapi.json')).json()) as {
      tags: { name: string; description?: string }[];
    };
    const described = new Set(document.tags.filter((tag) => tag.description).map((tag) => tag.name));
    const missing = FAMILIES.map((family) => family.openApiTag).filter((tag) => !described.has(tag));
    assert.equal(names(missing), 'none');
  });

  it('has demo data: estate seed makes items of it', async () => {
    const ws = await h.workspace();
    await seedWorkspace(h.database, { workspaceId: ws.id, size: 30, seed: 3 });
    const key = (await h.key(ws)).secret;
    const empty: string[] = [];
    for (const { definition } of FAMILIES) {
      const listed = await h.call('GET', `/public/v1${definition.path}`, { key, query: { limit: '1' } });
      if ((listed.json() as { pagination: { total: number } }).pagination.total === 0) empty.push(definition.path);
    }
    assert.equal(names(empty), 'none');
  });
});
