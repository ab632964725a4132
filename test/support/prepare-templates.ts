/**
 * Makes the seeded templates the timed tests copy (test/support/scale.ts), on the databases
 * TEST_DATABASES names. scripts/test.mjs runs it as a job of the main tier, where it shares the
 * machine with the other jobs, so that the timed tier, one process at a time, only copies them.
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
