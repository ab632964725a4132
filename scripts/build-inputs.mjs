#!/usr/bin/env node
/**
 * What `npm run build` compiles, and a digest of it. The build forgets the digest when it starts
 * (`--forget`) and records it in dist/.inputs when it has finished (`--record`); `npm test` skips
 * its build tier when the recorded digest is the current one, as after `npm ci` (which builds
 * through `prepare`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOT = join(import.meta.dirname ?? dirname(new URL(import.meta.url).pathname), '..');
const INPUTS = [
  'src',
  'test',
  'ui',
  'packages/client/src',
  'packages/client/package.json',
  'packages/client/tsconfig.json',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/compress-ui.mjs',
  'scripts/build-server.mjs',
  'scripts/tsc.mjs',
];
const RECORD = join(ROOT, 'dist', '.inputs');

/** A digest of the inputs' file names and contents. */
export function inputsDigest() {
  const hash = createHash('sha256');
  const add = (path) => {
    if (statSync(path).isDirectory()) for (const name of readdirSync(path).sort()) add(join(path, name));
    else hash.update(path.slice(ROOT.length)).update('\0').update(readFileSync(path));
  };
  for (const input of INPUTS) if (existsSync(join(ROOT, input))) add(join(ROOT, input));
  return hash.digest('hex');
}

/** Whether dist/ was built from the inputs as they are now. */
export function builtFromCurrentInputs() {
  return existsSync(RECORD) && readFileSync(RECORD, 'utf8') === inputsDigest();
}

if (process.argv[2] === '--forget') rmSync(RECORD, { force: true });
if (process.argv[2] === '--record') writeFileSync(RECORD, inputsDigest());
