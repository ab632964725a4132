/**
 * Every family of the service keeps the family contract (test/support/family-contract.ts): the
 * samples of test/support/family-samples.ts are all a family adds to it.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { FAMILIES } from '../../src/families/registry.js';
import { familyContract } from '../support/family-contract.js';
import { SAMPLES } from '../support/family-samples.js';
import { describeEachDatabase } from '../support/harness.js';

describeEachDatabase('the family contract', (h) => {
  it('every registered family has samples', () => {
    assert.deepEqual(
      FAMILIES.filter((family) => !SAMPLES.has(family)).map((family) => family.definition.noun),
      [],
    );
  });
  for (const [family, samples] of SAMPLES) familyContract(family, samples)(h);
});
