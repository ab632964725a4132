/**
 * Writes the types of @estate/client (packages/client/src/schema.d.ts) from Estate's own OpenAPI
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
const PUBLIC_PREFIX = '/public/v1';

const HEADER = `/**
 * Types of Estate's public API (/public/v1), generated from the server's OpenAPI document by
 * \`npm run client:types\` (scripts/client-types.ts). Do not edit: test/packages/client.test.ts fails when this
 * file differs from what the routes generate. Paths are relative to /public/v1.
 */

`;

type OpenApiDocument = { paths: Record<string, unknown>; servers?: unknown } & Record<string, unknown>;

/** The OpenAPI document the server serves at /openapi.json, built from the routes. */
export async function buildOpenApiDocument(): Promise<OpenApiDocument> {
  const database = openDatabase('sqlite::memory:');
  try {
    await migrateToLatest(database);
    const app = await buildApp({ database });
    try {
      await app.ready();
      // A copy: the app keeps (and may reuse) its own object.
      return JSON.parse(JSON.stringify(app.swagger())) as OpenApiDocument;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** The document cut down to the public API, its paths made relative to /public/v1. */
export function publicApiDocument(document: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(document.paths)
      .filter(([path]) => path.startsWith(`${PUBLIC_PREFIX}/`))
      .map(([path, item]) => [path.slice(PUBLIC_PREFIX.length), item]),
  );
  return { ...document, paths, servers: [{ url: PUBLIC_PREFIX }] };
}

/** The text of schema.d.ts as the current routes generate it. */
export async function clientSchemaSource(): Promise<string> {
  const document = publicApiDocument(await buildOpenApiDocument());
  // biome-ignore lint/suspicious/noExplicitAny: openapi-typescript types the document more narrowly than JSON
  const ast = await openapiTS(document as any, {
    silent: true,
    alphabetize: true,
    // Every named schema also as a type of its own: `Server`, `ServerCreate`, `Error`.
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
  });
  return HEADER + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await clientSchemaSource();
  let before = '';
  try {
    before = readFileSync(CLIENT_SCHEMA_FILE, 'utf8');
  } catch {
    // First generation.
  }
  if (before === text) process.stdout.write(`${CLIENT_SCHEMA_FILE} is up to date\n`);
  else {
    writeFileSync(CLIENT_SCHEMA_FILE, text);
    process.stdout.write(`wrote ${CLIENT_SCHEMA_FILE} (${text.length} characters)\n`);
  }
}
