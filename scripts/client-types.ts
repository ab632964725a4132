/**
 * Writes the types of @estate/client (packages/client/src/schema.d.ts) and of the console's client
 * (ui/src/api/schema.d.ts) from Estate's own OpenAPI documents
 * document: `npm run client:types`. The document is built in-process from the routes (an app on an
 * in-memory SQLite database, never a running server), its /public/v1 paths are kept with that prefix
 * cut (the client adds it to its base URL), and openapi-typescript turns them into TypeScript.
 * test/packages/client.test.ts regenerates the file in memory and fails when the checked-in one has drifted.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../src/surfaces/server/app.js';
import { openDatabase } from '../src/base/db/database.js';
import { migrateToLatest } from '../src/base/db/migrate.js';
import { installed } from '../src/base/paths.js';

export const CLIENT_SCHEMA_FILE = installed('packages', 'client', 'src', 'schema.d.ts');
/** The console's client types, from the console API's own document (/ui/api/openapi.json). */
export const CONSOLE_SCHEMA_FILE = installed('ui', 'src', 'api', 'schema.d.ts');
const PUBLIC_PREFIX = '/public/v1';
const CONSOLE_PREFIX = '/ui/api';

const HEADER = `/**
 * Types of Estate's public API (/public/v1), generated from the server's OpenAPI document by
 * \`npm run client:types\` (scripts/client-types.ts). Do not edit: test/packages/client.test.ts fails when this
 * file differs from what the routes generate. Paths are relative to /public/v1.
 */

`;

const CONSOLE_HEADER = `/**
 * Types of the console's API (/ui/api), generated from the server's console OpenAPI document by
 * \`npm run client:types\` (scripts/client-types.ts). Do not edit: test/packages/client.test.ts fails when this
 * file differs from what the routes generate. Paths are relative to /ui/api.
 */

`;

type OpenApiDocument = { paths: Record<string, unknown>; servers?: unknown } & Record<string, unknown>;

/** The OpenAPI document the server serves at /openapi.json, built from the routes. */
export async function buildOpenApiDocument(): Promise<OpenApiDocument> {
  return (await buildOpenApiDocuments()).public;
}

/** Both documents the routes make: the public API's (/openapi.json) and the console's (/ui/api/openapi.json). */
export async function buildOpenApiDocuments(): Promise<{ public: OpenApiDocument; console: OpenApiDocument }> {
  const database = openDatabase('sqlite::memory:');
  try {
    await migrateToLatest(database);
    const app = await buildApp({ database });
    try {
      await app.ready();
      // Copies: the app keeps (and may reuse) its own objects.
      const copy = (document: unknown) => JSON.parse(JSON.stringify(document)) as OpenApiDocument;
      return { public: copy(app.swagger()), console: copy(app.consoleSwagger()) };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** A document cut down to the paths under `prefix`, made relative to it. */
export function documentUnder(document: OpenApiDocument, prefix: string): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(document.paths)
      .filter(([path]) => path.startsWith(`${prefix}/`))
      .map(([path, item]) => [path.slice(prefix.length), item]),
  );
  return { ...document, paths, servers: [{ url: prefix }] };
}

/** The document cut down to the public API, its paths made relative to /public/v1. */
export const publicApiDocument = (document: OpenApiDocument) => documentUnder(document, PUBLIC_PREFIX);

async function typesOf(document: OpenApiDocument): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: openapi-typescript types the document more narrowly than JSON
  const ast = await openapiTS(document as any, {
    silent: true,
    alphabetize: true,
    // Every named schema also as a type of its own: `Server`, `ServerCreate`, `Error`.
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
  });
  return astToString(ast);
}

/** The text of each generated types file as the current routes make it, by its path. */
export async function generatedTypeSources(): Promise<Map<string, string>> {
  const documents = await buildOpenApiDocuments();
  return new Map([
    [CLIENT_SCHEMA_FILE, HEADER + (await typesOf(publicApiDocument(documents.public)))],
    [CONSOLE_SCHEMA_FILE, CONSOLE_HEADER + (await typesOf(documentUnder(documents.console, CONSOLE_PREFIX)))],
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, text] of await generatedTypeSources()) {
    let before = '';
    try {
      before = readFileSync(file, 'utf8');
    } catch {
      // First generation.
    }
    if (before === text) process.stdout.write(`${file} is up to date\n`);
    else {
      writeFileSync(file, text);
      process.stdout.write(`wrote ${file} (${text.length} characters)\n`);
    }
  }
}
