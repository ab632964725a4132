/**
 * Makes the seeded templates the timed tests copy (test/support/scale.ts), on the databases
 * TEST_DATABASES names. scripts/test.mjs runs it as a job of the pool beside the tests: whichever
 * process asks first makes a template, the others wait for it (test/support/databases.ts).
 */
import { DIALECTS, prepareSeededTemplate } from './harness.js';
import { TIMED_SEEDS } from './scale.js';

for (const dialect of DIALECTS)
  for (const seed of TIMED_SEEDS) {
    const started = performance.now();
    await prepareSeededTemplate(dialect, seed);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${dialect}: the template of ${seed.size} servers from seed ${seed.seed} is ready (${seconds} s)`);
  }
