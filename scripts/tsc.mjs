#!/usr/bin/env node
/**
 * TypeScript 7's compiler (native), for the type-checks and the client's build: about a quarter of
 * TypeScript 5's CPU time here. It is installed as `typescript7` because `typescript` stays 5.x, whose
 * compiler API openapi-typescript uses (scripts/client-types.ts); both packages declare a `tsc`
 * command, and npm links whichever it installs first, so the scripts name this one.
 *
 * Usage: node scripts/tsc.mjs [tsc's arguments…]
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Its command reads process.argv as this script's: the arguments after the script's path.
const require = createRequire(import.meta.url);
const { bin } = require('typescript7/package.json');
await import(pathToFileURL(join(dirname(require.resolve('typescript7/package.json')), bin.tsc)).href);
