/**
 * Where Estate is installed (the checkout, or the unpacked package): the first directory above
 * this module that holds a package.json. Found rather than counted, so that files shipped beside
 * the code (assets/, the baseline SQL, the built console) are found alike from src/ (under tsx)
 * and from dist/src/ (compiled).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function installRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${here}: Estate's files are not where it runs`);
  }
}

export const INSTALL_ROOT = installRoot();

/** A file or directory of the installation, by its path from the root: `installed('assets', 'x.json')`. */
export function installed(...segments: string[]): string {
  return join(INSTALL_ROOT, ...segments);
}
