/**
 * The API document is portable: a generator other than the one @estate/client uses
 * (@hey-api/openapi-ts, types only) makes types named after the document's components, and a
 * small program written against them type-checks. Its names are the document's, not made up
 * from operations: `Server`, `ServerCreate`, `ServerList`, `Error`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import ts from 'typescript';
import { buildOpenApiDocument } from '../../scripts/client-types.js';
import { ONCE } from '../support/harness.js';

/** The generator needs Node.js 22.18 or later (its engines); Estate itself runs on 20 too. */
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const generatorRuns = major > 22 || (major === 22 && minor >= 18);

const PROGRAM = `
import type { Error as ApiError, Pagination, Server, ServerCreate, ServerList, ServerPatch } from './types.gen.js';

const create: ServerCreate = { name: 'db-01', hostname: 'db-01.example.com', environment: 'production' };
const patch: ServerPatch = { memoryMb: 16384, ipAddresses: ['10.0.0.7'] };
export function names(list: ServerList): string[] {
  const paging: Pagination = list.pagination;
  return list.data.slice(0, paging.limit).map((server: Server) => server.name);
}
export function explain(error: ApiError): string {
  return \`\${error.status} \${error.code}: \${error.message}\`;
}
export { create, patch };
`;

it('another generator (@hey-api/openapi-ts) makes types by the document’s names, and a program type-checks', {
  ...ONCE,
  skip: ONCE.skip || (generatorRuns ? false : 'the generator needs Node.js 22.18 or later'),
}, async () => {
  const { createClient } = await import('@hey-api/openapi-ts');
  const folder = mkdtempSync(join(tmpdir(), 'estate-generated-'));
  try {
    const document = await buildOpenApiDocument();
    await createClient({
      input: document as unknown as Record<string, unknown>,
      output: { path: folder },
      plugins: ['@hey-api/typescript'],
      logs: { level: 'silent' },
    });
    writeFileSync(join(folder, 'program.ts'), PROGRAM);
    const program = ts.createProgram([join(folder, 'program.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
      types: [],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    assert.deepEqual(problems, []);
    // A program that misuses a named type is refused: the check is a real one.
    writeFileSync(
      join(folder, 'wrong.ts'),
      `import type { ServerCreate } from './types.gen.js';\nexport const x: ServerCreate = { name: 5 };\n`,
    );
    const wrong = ts.createProgram([join(folder, 'wrong.ts')], program.getCompilerOptions());
    assert.ok(ts.getPreEmitDiagnostics(wrong).length > 0, 'a wrong body does not type-check');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
