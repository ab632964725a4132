/**
 * Where Estate is installed (the checkout, or the unpacked package): the first directory above
 * this module that holds a package.json. Found rather than counted, so that files shipped beside
 * the code (assets/, the baseline SQL, the built console) are found alike from src/ (under tsx)
 * and from dist/src/ (compiled).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

/** Whether Estate runs from its TypeScript source (under tsx) rather than compiled or bundled. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * A worker thread's module, by its path under src/ without extension ('features/agent-inventory/parse-worker'):
 * compiled under dist/src (as bin/estate.js, its bundle and the tests run), else the TypeScript
 * source, which a worker loads through tsx: given to it when the process did not start with it.
 * Found from the installation rather than beside the caller, which a bundle moves.
 */
export function workerModule(path: string): { filename: string; execArgv?: string[] } {
  if (!FROM_SOURCE) return { filename: pathToFileURL(installed('dist', 'src', `${path}.js`)).href };
  const withTsx = process.execArgv.some((option) => option.includes('tsx'));
  return {
    filename: pathToFileURL(installed('src', `${path}.ts`)).href,
    ...(withTsx ? {} : { execArgv: [...process.execArgv, '--import', import.meta.resolve('tsx')] }),
  };
}
