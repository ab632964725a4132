/**
 * What the `estate` commands load: the bundle's entry, the chunks it imports statically, and the
 * chunks a command imports when it runs (scripts/build-server.mjs writes esbuild's account of them
 * to dist/estate-meta.json). The HTTP server stays out of all but `serve`'s: loading Fastify cost
 * each short command about a fifth of its CPU.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { installed } from '../../../src/base/paths.js';

interface Output {
  entryPoint?: string;
  imports: { path: string; kind: string }[];
  inputs: Record<string, unknown>;
}

it('no command but serve loads the HTTP server (Fastify and its plugins)', () => {
  const { outputs } = JSON.parse(readFileSync(installed('dist', 'estate-meta.json'), 'utf8')) as {
    outputs: Record<string, Output>;
  };
  /** An output and what it imports statically: what loading it loads. */
  const loadedWith = (path: string, loaded = new Set<string>()) => {
    if (loaded.has(path) || !outputs[path]) return loaded;
    loaded.add(path);
    for (const imported of outputs[path].imports)
      if (imported.kind === 'import-statement') loadedWith(imported.path, loaded);
    return loaded;
  };
  const entry = Object.keys(outputs).find((path) => path.endsWith('/estate.mjs'))!;
  const loads = new Map<string, string[]>();
  const queue = [entry];
  for (let path = queue.shift(); path; path = queue.shift()) {
    if (loads.has(path)) continue;
    const loaded = [...loadedWith(path)];
    loads.set(
      path,
      loaded.flatMap((output) => Object.keys(outputs[output]!.inputs)),
    );
    for (const output of loaded)
      for (const imported of outputs[output]!.imports)
        if (imported.kind === 'dynamic-import') queue.push(imported.path);
  }
  const named = (path: string) => outputs[path]?.entryPoint ?? path;
  assert.ok(
    [...loads.keys()].some((path) => named(path).endsWith('src/features/accounts/workspaces/workspaces.service.js')),
    'the account names the commands’ own modules',
  );
  const server = [...loads]
    .filter(([path]) => !named(path).endsWith('src/surfaces/server/server.js'))
    .filter(([, inputs]) => inputs.some((input) => /node_modules\/(fastify|@fastify\/[^/]+)\//.test(input)))
    .map(([path]) => named(path));
  assert.deepEqual(server, [], 'what these load holds no module of Fastify');
});
