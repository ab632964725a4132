import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { Database } from '../db/database.js';
import type { ResponseCache } from '../lists/response-cache.js';

/**
 * The types every module's `register(app, deps)` sees. They live in the shared base, apart from
 * app/app.ts, which imports every module, so that no module has to import the app that imports it.
 */

/** The Fastify instance with the TypeBox type provider, so route handlers see their schemas' types. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** Dependencies every module's `register(app, deps)` receives. */
export interface AppDeps {
  database: Database;
  // `registry`, the families, scopes and audit resource types the app serves, is declared with
  // the Registry in resources/registry.ts: what the http kit holds stays below the resources.
  /** Answers cached under their workspace's data version, shared by the app's routes. */
  responseCache: ResponseCache;
  /** Reports one agent may send per minute; more answer 429 with Retry-After. */
  agentReportsPerMinute: number;
  /** How long a diagram's picture may take to draw (diagrams/render-pool.ts); past it 422 diagram_too_large. */
  diagramBudgetMs: number;
}

/** A module of the API: registers its routes (and hooks) on the plugin it is given. */
export type RegisterModule = (app: App, deps: AppDeps) => void;
