import { bootstrapIfEmpty, type FirstStart } from './bootstrap.js';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './http/app.js';

function firstStartBanner(first: FirstStart, base: string): string {
  return [
    '',
    'Estate first start: created a demo workspace, an admin member and an admin API key.',
    `  workspace      ${first.workspace.name} (${first.workspace.id})`,
    `  admin member   ${first.admin.email} / ${first.admin.password} (password for the web console, which comes later)`,
    `  API key        ${first.key.secret}`,
    '  These secrets are shown only now; store them.',
    '',
    'Try it:',
    `  curl -H "Authorization: Bearer ${first.key.secret}" ${base}/public/v1/me`,
    '',
  ].join('\n');
}

/** `estate serve`: migrate, create the demo workspace on an empty database, listen, stop cleanly. */
export async function serve(config: Config): Promise<void> {
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const first = await bootstrapIfEmpty(database);
  const app = await buildApp({
    database,
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers["x-api-key"]'] },
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  if (first) process.stdout.write(firstStartBanner(first, base));
  process.stdout.write(`Estate is listening on ${base} (API reference: ${base}/docs, OpenAPI: ${base}/openapi.json)\n`);

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
