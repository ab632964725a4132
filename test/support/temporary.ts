import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The directories this test process made, removed when it exits (its servers and files are gone by then). */
const made: string[] = [];
process.on('exit', () => {
  for (const directory of made) rmSync(directory, { recursive: true, force: true });
});

/** A new directory in the system's temporary one, named from `prefix`, removed when the process exits. */
export function temporaryDirectory(prefix: string): string {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  made.push(directory);
  return directory;
}
