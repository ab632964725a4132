#!/usr/bin/env node
/**
 * The `estate` command as one module (dist/estate.mjs), bundled by esbuild from the compiled
 * CLI (dist/src/cli/main.js): Node loads one file instead of about 1,100, so a command starts in
 * half the CPU time. Left out, and loaded from node_modules as before: native addons, packages
 * that read files beside their own code or start workers from them, and elkjs (3 MB, loaded by
 * the diagrams alone). Worker threads load the compiled modules under dist/src (src/paths.ts).
 */
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const ROOT = join(import.meta.dirname ?? dirname(new URL(import.meta.url).pathname), '..');

const EXTERNAL = [
  'better-sqlite3',
  '@node-rs/argon2',
  'pg-native',
  'piscina',
  'pino',
  'thread-stream',
  'elkjs',
  '@fastify/swagger',
  '@fastify/swagger-ui',
];

await build({
  entryPoints: [join(ROOT, 'dist', 'src', 'cli', 'main.js')],
  outfile: join(ROOT, 'dist', 'estate.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  // The CommonJS packages inside call require(); an ES module has none of its own.
  banner: {
    js: [
      "import { createRequire as estateRequire } from 'node:module';",
      'const require = estateRequire(import.meta.url);',
    ].join('\n'),
  },
  sourcemap: 'linked',
  logLevel: 'warning',
});
