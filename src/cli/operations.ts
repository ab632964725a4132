import type { Command } from 'commander';

/** `estate backup`, `estate restore` and `estate copy`: the instance as a whole (docs/operations.md). */
export function registerOperations(_program: Command): void {}
