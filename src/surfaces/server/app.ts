import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { resolveAgent } from '../../features/agents/agent-auth.js';
import type { Database } from '../../base/db/database.js';
import { ApiError } from '../../base/errors/api-error.js';
import { registerConsole } from '../console/console.module.js';
import { diagramBudgetFromEnv } from '../../features/diagrams/render-pool.js';
import { registerHealthRoutes } from '../public-api/health.routes.js';
import { publicAuthHook, refuse, resolvePrincipal } from '../../base/http/authenticate.js';
import { normalisedPath } from '../../base/http/paths.js';
import { NoQuery, registerErrorHandler, toApiError } from '../../base/http/errors.js';
import { refuseBadText } from '../../base/http/input.js';
import { MethodIndex } from '../../base/http/method-index.js';
import { AGENT_MODULES, PUBLIC_MODULES, WORKSPACE_MODULES } from '../public-api/modules.js';
import { RequestLog } from './request-log.js';
import { consoleApiOptions, openApiOptions } from '../../base/http/openapi.js';
import { createRegistry } from '../../families/registry.js';
import type { Registry } from '../../base/resources/registry.js';
import { securePicture } from '../../base/http/pictures.js';
import { findKeyForAuth } from '../../features/accounts/keys/key-lookup.js';
import { ResponseCache } from '../../base/lists/response-cache.js';
import { registerInventoryRoutes } from '../../features/agent-inventory/inventory.routes.js';
import { registerMetrics } from './metrics.routes.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { sharedValidators } from '../../base/http/validators.js';
import { serializerOnFirstUse, validatorOnFirstUse } from '../../base/http/first-use.js';
import fastJson from 'fast-json-stringify';
import { fieldIndexesSettled } from '../../base/custom-fields/indexes.js';

export type { App, AppDeps } from '../../base/http/types.js';

export interface AppOptions {
  database: Database;
  /** The families, scopes and audit resource types to serve: default the service's own (createRegistry()). */
  registry?: Registry;
  logger?: FastifyServerOptions['logger'];
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Reports one agent may send per minute (default AGENT_REPORTS_PER_MINUTE or 60). */
  agentReportsPerMinute?: number;
  /**
   * Trust X-Forwarded-For and X-Forwarded-Proto from a reverse proxy (TRUST_PROXY): the client's
   * address for sign-in throttling and HTTPS for the console's Secure cookie. Off by default, so a
   * client cannot claim another address.
   */
  trustProxy?: boolean | string;
  /** Time budget of a diagram's picture in ms (default DIAGRAM_BUDGET_MS or 10,000; diagrams/render-pool.ts). */
  diagramBudgetMs?: number;
  /** METRICS_TOKEN: serve GET /metrics to callers sending it as a Bearer token; unset, no metrics are served. */
  metricsToken?: string;
  /** The response cache's memory (lists/response-cache.ts): default 32 MiB, 0 none. */
  responseCacheBytes?: number;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

const DEFAULT_AGENT_REPORTS_PER_MINUTE =
  Number(process.env.AGENT_REPORTS_PER_MINUTE) > 0 ? Number(process.env.AGENT_REPORTS_PER_MINUTE) : 60;

/** Keeps a caller's X-Request-Id when it is safe to log, otherwise makes one. */
function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Authentication of a request no route matched (unknown path, undecodable URL): under /public/
 * and /agent/ credentials come first, so an unauthenticated caller learns nothing about which
 * routes exist. Returns true when it answered 401; throws 403 forbidden for a key of a deleted workspace.
 */
async function authenticateUnrouted(
  database: Database,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const area = normalisedPath(request.url).toLowerCase();
  if (area === '/public' || area.startsWith('/public/')) {
    const result = await resolvePrincipal(database, findKeyForAuth, request);
    // refuse() answers 401 itself and throws 403 forbidden, which both callers answer in the error shape.
    if ('failure' in result) {
      refuse(reply, result.failure);
      return true;
    }
  } else if (area === '/agent' || area.startsWith('/agent/')) {
    if (!(await resolveAgent(database, request))) {
      refuse(reply, 'unauthorized');
      return true;
    }
  }
  return false;
}

/** The Fastify instance with the service's limits, request ids, logging and unroutable-URL answers. */
function fastifyOf(options: AppOptions): App {
  return Fastify({
    logger: options.logger ?? false,
    genReqId: requestIdOf,
    logController: new RequestLog({ requestIdLogLabel: 'requestId' }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    return503OnClosing: true,
    trustProxy: options.trustProxy ?? false,
    // Path parameters of any length reach validation (an over-long id is a 400 invalid_uuid, after
    // authentication) instead of the router's own 414.
    // A trailing slash names the same resource as the path without it (`/me/` is `/me`).
    routerOptions: { maxParamLength: 8192, ignoreTrailingSlash: true },
    // A URL the router cannot decode (bad percent-encoding) answers in the error shape, after
    // authentication like every other request under /public and /agent.
    frameworkErrors: (error, request, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      const answer = (apiError: ApiError) => void reply.code(apiError.status).send(apiError.toBody());
      void authenticateUnrouted(options.database, request, reply).then(
        (refused) =>
          refused ||
          answer(
            error.code === 'FST_ERR_BAD_URL'
              ? new ApiError('bad_request', 'the request URL is not valid (malformed percent-encoding)')
              : toApiError(error),
          ),
        (failure: unknown) => answer(toApiError(failure)),
      );
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
}

/** How requests are read and answers written: validators, serializers, JSON bodies only. */
function setCodecs(app: App): void {
  // Nullable fields are `type: [T, 'null']` (http/schemas.ts), which fast-json-stringify writes with
  // a typeof test; it would check every value of an `anyOf` against each branch with Ajv.
  app.setSerializerCompiler(({ schema }) =>
    serializerOnFirstUse(() => fastJson(schema as Parameters<typeof fastJson>[0])),
  );
  // The process's pair: Ajv keeps each compiled schema by the schema object, and the routes' schemas
  // are the modules' own, so a second app in a process (a test file's next suite) compiles none again.
  const validators = sharedValidators();
  app.setValidatorCompiler(({ schema, httpPart }) =>
    validatorOnFirstUse(() =>
      (httpPart === 'body' ? validators.strict : validators.coercing).compile(schema as object),
    ),
  );
  // Only JSON bodies are accepted; anything else answers 415 rather than being parsed as text.
  // An empty body with Content-Type: application/json (sent by many clients on DELETE or a link
  // PUT) is no body at all; routes that need one say so through their body schema.
  app.removeContentTypeParser(['text/plain']);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
  app.addHook('preValidation', refuseBadText);
}

/** What every route gets as it is added: its scopes published, unknown query parameters refused. */
function onEveryRoute(app: App): void {
  app.addHook('onRoute', (route) => {
    // Each operation's required scope is published in the OpenAPI document as x-required-scope,
    // and every scope it needs (a sub-resource list needs its items' family's too) as x-required-scopes.
    const { scope, alsoRequires = [] } = (route.config ?? {}) as { scope?: string; alsoRequires?: readonly string[] };
    if (scope && route.schema) {
      (route.schema as Record<string, unknown>)['x-required-scope'] = scope;
      (route.schema as Record<string, unknown>)['x-required-scopes'] = [scope, ...alsoRequires];
    }
    // Every API operation refuses unknown query parameters (a mistyped one must never be ignored:
    // `DELETE /tags/{id}?force=false` deleted); operations without any take none.
    if (/^\/(public|agent|ui\/api)\//.test(route.url) && route.schema && !route.schema.querystring)
      route.schema.querystring = NoQuery;
  });
}

/** The public API, the agents' and inventory agents' endpoints, and the console, each with its authentication. */
async function registerModules(app: App, options: AppOptions, registry: Registry): Promise<void> {
  const deps: AppDeps = {
    database: options.database,
    registry,
    responseCache: new ResponseCache(options.database, options.responseCacheBytes),
    agentReportsPerMinute: options.agentReportsPerMinute ?? DEFAULT_AGENT_REPORTS_PER_MINUTE,
    diagramBudgetMs: options.diagramBudgetMs ?? diagramBudgetFromEnv(),
  };
  // Authentication is a hook of the plugin that registers the routes, so it is bound to them and
  // runs for every spelling of a path the router matches; nothing outside can skip it.
  await app.register(
    async (publicApi: App) => {
      publicApi.addHook('onRequest', publicAuthHook(options.database, findKeyForAuth));
      for (const register of PUBLIC_MODULES) register(publicApi, deps);
    },
    { prefix: '/public/v1' },
  );
  await app.register(async (agentApi: App) => {
    for (const register of AGENT_MODULES) register(agentApi, deps);
  });
  // Inventory agents (GLPI, FusionInventory, OCS) authenticate their own way: a scope of its own.
  await app.register(async (inventoryApi: App) => registerInventoryRoutes(inventoryApi, deps));
  await app.register(cookie);
  await registerConsole(app, deps, WORKSPACE_MODULES);
}

/** A path no route has: 401 before anything else under /public and /agent, then 405 with Allow, or 404. */
function answerUnknownPaths(app: App, database: Database, methodIndex: MethodIndex): void {
  app.setNotFoundHandler(async (request, reply) => {
    if (await authenticateUnrouted(database, request, reply)) return reply;
    const path = normalisedPath(request.url);
    const allowed = methodIndex.methodsFor(path);
    if (allowed.length > 0) {
      reply.header('Allow', allowed.join(', '));
      throw new ApiError(
        'method_not_allowed',
        `${request.method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`,
      );
    }
    throw new ApiError('not_found', `no route ${request.method} ${path}`);
  });
}

export async function buildApp(options: AppOptions): Promise<App> {
  const registry = options.registry ?? createRegistry();
  const app = fastifyOf(options);
  setCodecs(app);
  // A field's index being built after its definition's commit (custom-fields/indexes.ts) is finished.
  app.addHook('onClose', async () => fieldIndexesSettled(options.database));
  onEveryRoute(app);
  registerMetrics(app, options.database, options.metricsToken);

  const methodIndex = new MethodIndex();
  methodIndex.attach(app);
  registerErrorHandler(app);

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    securePicture(reply);
  });

  await app.register(
    swagger,
    openApiOptions(
      registry.families.map((family) => ({ name: family.openApiTag, description: family.definition.description })),
    ),
  );
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  await app.register(swagger, consoleApiOptions());
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/ui/api/openapi.json', { schema: { hide: true } }, async () => app.consoleSwagger());
  registerHealthRoutes(app, options.database);
  await registerModules(app, options, registry);
  answerUnknownPaths(app, options.database, methodIndex);

  await app.ready();
  return app;
}
