/**
 * The sizes of the timed tests' seeded workspaces, which test/support/prepare-templates.ts makes
 * ahead of them. Smaller through the environment for a quicker local run; CI uses the defaults.
 */
import type { SeedOf } from './harness.js';

/** Servers in the workspace the search-stall test searches (ESTATE_SEARCH_SCALE). */
export const SEARCH_SERVERS = Number(process.env.ESTATE_SEARCH_SCALE ?? 100_000);
/** Servers in the workspace the console-at-scale test browses (ESTATE_CONSOLE_SCALE). */
export const CONSOLE_SERVERS = Number(process.env.ESTATE_CONSOLE_SCALE ?? 100_000);
/** Servers in the workspace the diagram and import stall tests use (ESTATE_STALL_SCALE). */
export const STALL_SERVERS = Number(process.env.ESTATE_STALL_SCALE ?? 10_000);
/** The seed of every seeded workspace of the timed tests. */
export const TIMED_SEED = 3;

/** The timed tests' seeded workspaces, each once. */
export const TIMED_SEEDS: SeedOf[] = [...new Set([SEARCH_SERVERS, CONSOLE_SERVERS, STALL_SERVERS])].map((size) => ({
  size,
  seed: TIMED_SEED,
}));
