import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, type RawServerDefault } from 'fastify';
import { agentAuthHook } from '../agents/agent-auth.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import { registerHealthRoutes } from '../health/health.routes.js';
import { publicAuthHook } from './authenticate.js';
import { registerErrorHandler } from './errors.js';
import { MethodIndex } from './method-index.js';
import { AGENT_MODULES, PUBLIC_MODULES } from './modules.js';
import { openApiOptions } from './openapi.js';

export interface AppOptions {
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
}

/** The Fastify instance with the TypeBox type provider, so route handlers see their schemas' types. */
export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

/** Dependencies every module's `register(app, deps)` receives. */
export interface AppDeps {
  database: Database;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Keeps a caller's X-Request-Id when it is safe to log, otherwise makes one. */
function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Query strings and path parameters are coerced from text (`limit=5` is a number); bodies are
 * not: a string where a number belongs is a 400. Neither removes unknown properties, so schemas
 * with additionalProperties: false reject them.
 */
function createValidators() {
  const base = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false } as const;
  const coercing = new Ajv({ ...base, coerceTypes: 'array' });
  const strict = new Ajv({ ...base, coerceTypes: false });
  for (const ajv of [coercing, strict]) addFormats.default(ajv);
  return { coercing, strict };
}

export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const validators = createValidators();
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? validators.strict : validators.coercing).compile(schema as object),
  );
  // Only JSON bodies are accepted; anything else answers 415 rather than being parsed as text.
  app.removeContentTypeParser(['text/plain']);

  // Each operation's required scope is published in the OpenAPI document as x-required-scope.
  app.addHook('onRoute', (route) => {
    const scope = (route.config as { scope?: string } | undefined)?.scope;
    if (scope && route.schema) (route.schema as Record<string, unknown>)['x-required-scope'] = scope;
  });

  const methodIndex = new MethodIndex();
  methodIndex.attach(app);
  registerErrorHandler(app);

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addHook('onRequest', publicAuthHook(options.database));
  app.addHook('onRequest', agentAuthHook(options.database));

  await app.register(swagger, openApiOptions);
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  registerHealthRoutes(app, options.database);

  const deps: AppDeps = { database: options.database };
  await app.register(
    async (publicApi: App) => {
      for (const register of PUBLIC_MODULES) register(publicApi, deps);
    },
    { prefix: '/public/v1' },
  );
  await app.register(async (agentApi: App) => {
    for (const register of AGENT_MODULES) register(agentApi, deps);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = methodIndex.methodsFor(path);
    if (allowed.length > 0) {
      reply.header('Allow', allowed.join(', '));
      throw new ApiError('method_not_allowed', `${request.method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`);
    }
    throw new ApiError('not_found', `no route ${request.method} ${path}`);
  });

  await app.ready();
  return app;
}
