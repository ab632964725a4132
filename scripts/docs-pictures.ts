/**
 * Draws the pictures and examples of docs/dashboards.md from a demo workspace (`estate seed
 * --size 60 --seed 7` in an in-memory database), through the public API itself:
 * docs/pictures/<diagram>.svg and docs/pictures/<dashboard>.json.
 *
 *   npm run docs:pictures
 */
import { createRegistry } from '../src/families/registry.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_ACTOR } from '../src/base/audit/audit.types.js';
import { DASHBOARDS } from '../src/features/dashboards/dashboards.routes.js';
import { openDatabase } from '../src/base/db/database.js';
import { migrateToLatest } from '../src/base/db/migrate.js';
import { DIAGRAMS } from '../src/features/diagrams/diagrams.routes.js';
import { END_OF_LIFE, END_OF_LIFE_TABLE_DATE } from '../src/features/dashboards/end-of-life.js';
import { buildApp } from '../src/surfaces/server/app.js';
import { createKey } from '../src/features/accounts/keys/keys.service.js';
import { addMember } from '../src/features/accounts/members/members.service.js';
import { seedWorkspace } from '../src/features/seed/seed.js';
import { createWorkspace } from '../src/features/accounts/workspaces/workspaces.service.js';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'pictures');
mkdirSync(OUT, { recursive: true });
const database = openDatabase('sqlite::memory:');
await migrateToLatest(database);
const workspace = await createWorkspace(database, createRegistry().scopes, { name: 'Demo' }, CLI_ACTOR);
await addMember(
  database,
  async () => createRegistry(),
  { workspaceId: workspace.id, email: 'ada@demo.test', name: 'Ada', role: 'admin' },
  CLI_ACTOR,
);
const key = await createKey(database, { workspaceId: workspace.id, name: 'docs', alias: 'admin' });
await seedWorkspace(database, { workspaceId: workspace.id, size: 60, seed: 7 });
const app = await buildApp({ database, logger: false });
const get = async (url: string, accept = 'application/json') => {
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key.secret}`, accept } });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.body;
};
for (const diagram of DIAGRAMS) {
  writeFileSync(join(OUT, `${diagram.name}.svg`), await get(`/public/v1/diagrams/${diagram.name}`, 'image/svg+xml'));
  console.log(`docs/pictures/${diagram.name}.svg`);
}
for (const dashboard of DASHBOARDS) {
  const body = JSON.parse(await get(`/public/v1/dashboards/${dashboard.name}`)) as {
    widgets: { kind: string; items?: unknown[]; rows?: unknown[]; points?: unknown[] }[];
  };
  // Long lists are cut to their first entries, so that the examples stay readable.
  for (const widget of body.widgets) {
    if (widget.items) widget.items = widget.items.slice(0, 4);
    if (widget.rows) widget.rows = widget.rows.slice(0, 2);
    if (widget.points) widget.points = widget.points.slice(-3);
  }
  writeFileSync(join(OUT, `${dashboard.name}.json`), `${JSON.stringify(body, null, 2)}\n`);
  writeFileSync(
    join(OUT, `${dashboard.name}.svg`),
    await get(`/public/v1/dashboards/${dashboard.name}`, 'image/svg+xml'),
  );
  console.log(`docs/pictures/${dashboard.name}.json, .svg`);
}
const table = END_OF_LIFE.map((entry) => {
  const version = entry.version ? ` and version ${entry.version}` : '';
  return `| ${entry.release} | \`${entry.os.source}\`${version} | ${entry.endOfLife} |`;
});
writeFileSync(
  join(OUT, 'end-of-life.md'),
  [
    `# End-of-life table (as of ${END_OF_LIFE_TABLE_DATE})`,
    '',
    'Generated from `src/features/dashboards/end-of-life.ts` by `npm run docs:pictures`; sources are listed there.',
    '',
    '| release | OS name (pattern) and version | end of free security support |',
    '|---|---|---|',
    ...table,
    '',
  ].join('\n'),
);
console.log('docs/pictures/end-of-life.md');
await app.close();
await database.close();
