/**
 * The public API answers as recorded (test/fixtures/wire-answers.txt): a fixed script of calls
 * (support/wire-answers.ts) gives the same statuses and bodies, byte for byte but for ids,
 * instants and cursors. A change to the API document alone (its named components) must leave
 * these as they are; a change that means to alter an answer records them again:
 * `ESTATE_RECORD_ANSWERS=1` on one database writes the file, and the diff shows what changed.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { it } from 'node:test';
import { installed } from '../../../src/base/paths.js';
import { describeEachDatabase } from '../../support/harness.js';
import { wireAnswers } from '../../support/wire-answers.js';

const RECORDED = installed('test', 'fixtures', 'wire-answers.txt');

describeEachDatabase('the public API answers as recorded', (h) => {
  it('gives every recorded answer, and no other', async () => {
    const answers = `${(await wireAnswers(h)).join('\n')}\n`;
    if (process.env.ESTATE_RECORD_ANSWERS === '1') writeFileSync(RECORDED, answers);
    const recorded = readFileSync(RECORDED, 'utf8').split('\n');
    const lines = answers.split('\n');
    const first = lines.findIndex((line, i) => line !== recorded[i]);
    assert.equal(
      first,
      -1,
      `line ${first + 1} differs:\n  now:      ${lines[first]?.slice(0, 600)}\n` +
        `  recorded: ${recorded[first]?.slice(0, 600)}`,
    );
    assert.equal(lines.length, recorded.length);
  });
});
