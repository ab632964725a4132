/**
 * The API document passes Redocly's and Spectral's recommended rules with no error and no warning
 * (scripts/lint-api.ts, also `npm run lint:api`): what a reader's tools and generators check first.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { buildOpenApiDocument } from '../../../scripts/client-types.js';
import { lintApiDocument } from '../../../scripts/lint-api.js';
import { ONCE } from '../../support/harness.js';

it('the API document has no error or warning by Redocly and Spectral (recommended rules)', ONCE, async () => {
  const problems = await lintApiDocument(await buildOpenApiDocument());
  const failing = problems
    .filter((problem) => problem.severity === 'error' || problem.severity === 'warning')
    .map((problem) => `${problem.linter} ${problem.rule}: ${problem.message} (${problem.where})`);
  assert.deepEqual(failing, []);
});

it('the linters find what they are meant to: an undefined tag and a missing contact', ONCE, async () => {
  const document = (await buildOpenApiDocument()) as unknown as { info: Record<string, unknown>; tags: unknown[] };
  const broken = { ...document, info: { ...document.info, contact: undefined }, tags: document.tags.slice(1) };
  const rules = new Set((await lintApiDocument(JSON.parse(JSON.stringify(broken)))).map((problem) => problem.rule));
  assert.ok(rules.has('info-contact'), 'Spectral asks for a contact');
  assert.ok(rules.has('operation-tag-defined'), 'Spectral asks for every tag to be defined');
});
