import { createRegistry } from '../../families/registry.js';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { bootstrapIfEmpty, type FirstStart } from '../../features/accounts/bootstrap.js';
import type { Config } from '../../base/config.js';
import { openDatabase } from '../../base/db/database.js';
import { redactingStream } from '../../base/logging.js';

const SHUTDOWN_GRACE_MS = 8000;
import { migrateToLatest } from '../../base/db/migrate.js';
import { buildApp } from './app.js';

function firstStartBanner(first: FirstStart, base: string): string {
  return [
    '',
    'Estate first start: created a demo workspace, an admin member and an admin API key.',
    `  workspace      ${first.workspace.name} (${first.workspace.id})`,
    `  web console    ${base}/ui/`,
    `  sign in with   ${first.admin.email} / ${first.admin.password}`,
    `  API key        ${first.key.secret}`,
    '  These secrets are shown only now; store them. More keys: console, Keys page.',
    '',
    'Try it:',
    `  curl -H "Authorization: Bearer ${first.key.secret}" ${base}/public/v1/me`,
    '',
  ].join('\n');
}

/**
 * The first start's admin password and API key are shown once: on an interactive terminal
 * (stderr), else written to a file only the owner can read, whose path alone is logged. They
 * never go to stdout, the JSON log stream that log collectors keep.
 */
function deliverFirstStart(first: FirstStart, base: string, config: Config, log: FastifyBaseLogger): void {
  const banner = firstStartBanner(first, base);
  if (process.stderr.isTTY) {
    process.stderr.write(banner);
    return;
  }
  const directory = config.dataDir;
  if (!existsSync(directory)) mkdirSync(directory, { recursive: true, mode: 0o700 });
  const file = join(directory, 'first-start.txt');
  writeFileSync(file, banner, { mode: 0o600 });
  chmodSync(file, 0o600);
  log.info(
    { file },
    'first start: the demo admin password and API key were written to this file, readable only by its owner',
  );
  process.stderr.write(
    `Estate first start: the demo admin's password and API key are in ${file} (readable only by you).\n`,
  );
}

/** What to tell the operator when the port cannot be bound (never a stack trace). */
function listenFailure(error: unknown, config: Config): string {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${config.host}:${config.port}`;
  if (code === 'EADDRINUSE')
    return (
      `port ${config.port} on ${config.host} is already in use; ` +
      'stop the other process or choose another port (PORT or --port)'
    );
  if (code === 'EACCES')
    return `not allowed to listen on ${where} (ports below 1024 need privileges); choose another port (PORT or --port)`;
  if (code === 'EADDRNOTAVAIL')
    return `${config.host} is not an address of this machine; choose another one (HOST or --host)`;
  return `cannot listen on ${where}: ${(error as Error).message}`;
}

/** `estate serve`: migrate, create the demo workspace on an empty database, listen, stop cleanly. */
export async function serve(config: Config): Promise<void> {
  // What was done to (or is wrong with) the SQLite file's directory is for the operator: stderr.
  const database = openDatabase(config.databaseUrl, {
    notice: (message) => process.stderr.write(`estate: ${message}\n`),
  });
  await migrateToLatest(database);
  const registry = createRegistry();
  const first = await bootstrapIfEmpty(database, registry);
  const app = await buildApp({
    database,
    registry,
    logger: {
      level: config.logLevel,
      stream: redactingStream(),
      redact: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
      ],
    },
    trustProxy: config.trustProxy,
    metricsToken: config.metricsToken,
    responseCacheBytes: config.responseCacheMb * 1024 * 1024,
  });
  // The API documents are made on first use, about 0.1 s of the one thread each: made now, before
  // the first request, which would otherwise hold every other request meanwhile.
  app.swagger();
  app.consoleSwagger();
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await database.close();
    throw new Error(listenFailure(error, config));
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  if (first) deliverFirstStart(first, base, config, app.log);
  // Human-readable lines go to stderr: stdout carries only the JSON log lines.
  process.stderr.write(`Estate is listening on ${base} (API reference: ${base}/docs, OpenAPI: ${base}/openapi.json)\n`);

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // In-flight requests get up to this long; a stuck client or log reader cannot hold the process.
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
