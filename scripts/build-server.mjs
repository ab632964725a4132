#!/usr/bin/env node
/**
 * The server's build, with esbuild: no type-checking here (`npm test`'s check tier type-checks,
 * `tsc -p tsconfig.test.json`), so it takes about a second where `tsc --noCheck` took fifteen.
 *
 *   dist/src, dist/test  each TypeScript file of src/ and test/ as one JavaScript module, with its
 *                        source map: what the tests import and worker threads load
 *   dist/estate.mjs      the `estate` command bundled from dist/src/surfaces/cli/main.js, with the chunks
 *                        it loads on demand in dist/estate-chunks: Node loads a few modules
 *                        instead of about 1,100, so a command starts in a third of the CPU time
 *
 * Left out of the bundle, and loaded from node_modules as before: native addons, packages that read
 * files beside their own code or start workers from them, and elkjs (3 MB, loaded by the diagrams
 * alone). Worker threads load the modules under dist/src (src/base/paths.ts).
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const ROOT = join(import.meta.dirname ?? dirname(new URL(import.meta.url).pathname), '..');
const DIST = join(ROOT, 'dist');
/** What tsconfig.json compiles: the server and its tests (the console is Vite's, under ui/). */
const SOURCES = ['src', 'test'];
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

const sources = SOURCES.flatMap((dir) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => join(dir, file)),
);
// And the files of the checkout they import from elsewhere (the console's formatting, a script),
// as tsc emits them: found by resolving every import without writing anything.
const { metafile } = await build({
  absWorkingDir: ROOT,
  stdin: { contents: sources.map((file) => `import './${file}';`).join('\n'), resolveDir: ROOT, loader: 'ts' },
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  write: false,
  metafile: true,
  logLevel: 'error',
});
const modules = Object.keys(metafile.inputs).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'));
await build({
  absWorkingDir: ROOT,
  entryPoints: modules,
  outdir: DIST,
  outbase: '.',
  platform: 'node',
  format: 'esm',
  target: 'es2022',
  tsconfig: join(ROOT, 'tsconfig.json'),
  sourcemap: 'linked',
  logLevel: 'warning',
});

// Split where the CLI imports a module on first use (a command's own work, the groups of
// src/surfaces/cli/main.ts): a command loads the chunks it needs, about a third of the whole.
rmSync(join(DIST, 'estate-chunks'), { recursive: true, force: true });
const cli = await build({
  entryPoints: { estate: join(DIST, 'src', 'surfaces', 'cli', 'main.js') },
  outdir: DIST,
  splitting: true,
  chunkNames: 'estate-chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
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
  metafile: true,
});
// What each output holds and imports (test/surfaces/cli/cli-bundle.test.ts checks what every command loads).
writeFileSync(join(DIST, 'estate-meta.json'), JSON.stringify(cli.metafile));
