import { existsSync } from 'node:fs';
import { installed } from '../../base/paths.js';
import staticFiles from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../../base/errors/api-error.js';
import type { App, AppDeps, RegisterModule } from '../../base/http/types.js';
import { registerAccountRoutes } from '../../features/accounts/sign-in/account.routes.js';
import { registerAuditActorRoutes } from './audit-actors.routes.js';
import { registerBulkRoutes } from './bulk.routes.js';
import { registerViewRoutes } from './views.routes.js';
import { registerCatalogRoutes } from './catalog.routes.js';
import { consoleAuthHook } from '../../features/accounts/sign-in/console-auth.js';
import { registerDiagramViewRoutes } from '../../features/diagrams/console.routes.js';
import { registerDiscoveredRoutes } from '../../features/discovered/console.routes.js';
import { registerKeyRoutes } from '../../features/accounts/keys/console.routes.js';
import { registerConsoleMemberRoutes } from '../../features/accounts/members/console.routes.js';
import { registerSampleDataRoutes } from '../../features/seed/console.routes.js';
import { registerSearchRoutes } from '../../features/search/console.routes.js';
import { registerServerNetworkRoutes } from '../../families/networks/console.routes.js';
import { registerSignInLockRoutes } from '../../features/accounts/sign-in/sign-in-locks.routes.js';
import { registerTransferRoutes } from '../../features/transfer/console.routes.js';
import { registerWorkspaceRoutes } from './workspace.routes.js';
import { registerRoleConsoleRoutes } from '../../features/accounts/roles/console.routes.js';
import { registerSsoRoutes } from '../../features/accounts/sso/sso.routes.js';

/** Every module of the console's own API, under /ui/api. */
const CONSOLE_API_MODULES: readonly RegisterModule[] = [
  registerAccountRoutes,
  registerAuditActorRoutes,
  registerBulkRoutes,
  registerViewRoutes,
  registerCatalogRoutes,
  registerDiagramViewRoutes,
  registerDiscoveredRoutes,
  registerKeyRoutes,
  registerConsoleMemberRoutes,
  registerSampleDataRoutes,
  registerSearchRoutes,
  registerServerNetworkRoutes,
  registerSignInLockRoutes,
  registerWorkspaceRoutes,
  registerRoleConsoleRoutes,
  registerTransferRoutes,
  registerSsoRoutes,
];

/** The built console (vite build), with a trailing slash. */
export const CONSOLE_ROOT = `${installed('dist', 'console')}/`;

/**
 * The console's pages allow only their own scripts and styles, cannot be framed, and leak no
 * path to other sites.
 */
function secureHeaders(reply: FastifyReply): void {
  reply.header(
    'Content-Security-Policy',
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; " +
      "base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  );
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Referrer-Policy', 'same-origin');
}

/**
 * The web console: its API at /ui/api (session-authenticated, never an API key) and its pages at
 * /ui/ from the same process and port. Every path under /ui/ that is not a file is the console's
 * single page, which routes in the browser. `workspaceModules` are the public API's workspace
 * modules (app/modules.ts), given by the composition root so the console does not import it.
 */
export async function registerConsole(
  app: App,
  deps: AppDeps,
  workspaceModules: readonly RegisterModule[],
): Promise<void> {
  await app.register(
    async (consoleApi: App) => {
      consoleApi.addHook('onRequest', consoleAuthHook(deps.database));
      for (const register of CONSOLE_API_MODULES) register(consoleApi, deps);
      // The workspace's resources, as the public API serves them to keys, served to the member
      // under /ui/api/v1: same schemas, rules, scopes and audit, with the member as actor.
      await consoleApi.register(
        async (workspaceApi: App) => {
          for (const register of workspaceModules) register(workspaceApi, deps);
        },
        { prefix: '/v1' },
      );
    },
    { prefix: '/ui/api' },
  );

  const built = existsSync(`${CONSOLE_ROOT}index.html`);
  if (built) {
    // Hashed file names: cached for a year; brotli or gzip copies made at build time are preferred.
    await app.register(staticFiles, {
      root: `${CONSOLE_ROOT}assets`,
      prefix: '/ui/assets/',
      preCompressed: true,
      immutable: true,
      maxAge: '365d',
      decorateReply: true,
      setHeaders: (response) => {
        response.setHeader('X-Content-Type-Options', 'nosniff');
      },
    });
  }

  const page = async (request: { url: string }, reply: FastifyReply) => {
    if (/^\/ui\/api(\/|$)/i.test(request.url))
      throw new ApiError('not_found', `no console API route ${request.url.split('?')[0]}`);
    if (!built) throw new ApiError('service_unavailable', 'the console is not built: run npm run build');
    secureHeaders(reply);
    // The page names the current build's hashed files: it is checked again on every load.
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', CONSOLE_ROOT, { cacheControl: false });
  };
  app.get('/ui', { schema: { hide: true } }, page);
  app.get('/ui/*', { schema: { hide: true } }, page);
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/ui/'));
}
