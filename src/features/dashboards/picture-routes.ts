import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { Type } from 'typebox';
import { errorResponses, NoQuery, PUBLIC_ERRORS } from '../../base/http/errors.js';
import { SVG_TYPE, wantsSvg } from '../../base/http/pictures.js';
import type { App } from '../../base/http/types.js';
import { nowIso } from '../../base/ids.js';
import { DashboardSummary } from './widgets.js';

/** A name's words in PascalCase, for operation ids: `flow-mapping` → `FlowMapping`. */
const pascalCase = (name: string) =>
  name
    .split('-')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** What a dashboard or diagram answers: its JSON body, and the same drawn as a standalone SVG document. */
export interface PictureAnswer {
  body: unknown;
  picture(): Promise<string> | string;
}

/** The route of one entry: its schema (operation id and tag are added) and its answer, computed at `now`. */
export interface PictureRoute {
  schema: Pick<FastifySchema, 'summary' | 'description' | 'querystring' | 'response'>;
  answer(request: FastifyRequest, now: string): Promise<PictureAnswer>;
}

/**
 * The routes of the dashboards or of the diagrams. GET /<noun>s lists every entry with the scope it
 * needs, as a bare array; it needs no scope beyond a valid key, so that an integration can find out
 * what its key may read. GET /<noun>s/<name> answers one entry, in its own scope: JSON by default;
 * with Accept: image/svg+xml or format=svg, the same answer as a picture.
 */
export function registerPictureRoutes<Entry extends { name: string; title: string; description: string }>(
  typedApp: App,
  family: {
    noun: 'dashboard' | 'diagram';
    entries: readonly Entry[];
    scopeOf(name: string): string;
    route(entry: Entry, scope: string): PictureRoute;
  },
): void {
  const { noun } = family;
  typedApp.get(
    `/${noun}s`,
    {
      config: { reach: 'none' },
      schema: {
        operationId: `list${pascalCase(noun)}s`,
        tags: [`${noun}s`],
        summary: `List the ${noun}s`,
        description: `Every ${noun} with the scope it needs, as a bare array. Needs no scope beyond a valid key.`,
        querystring: NoQuery,
        response: { 200: Type.Array(DashboardSummary), ...errorResponses(...PUBLIC_ERRORS) },
      },
    },
    async () =>
      family.entries.map(({ name, title, description }) => ({
        name,
        title,
        description,
        requiredScope: family.scopeOf(name),
      })),
  );

  // Each entry has its own query and body schema: its route goes through Fastify's plain interface.
  const app: FastifyInstance = typedApp;
  for (const entry of family.entries) {
    const scope = family.scopeOf(entry.name);
    const { schema, answer } = family.route(entry, scope);
    app.get(
      `/${noun}s/${entry.name}`,
      {
        // Each is computed over the estate its caller reaches (reach.ts).
        config: { scope, reach: 'applied' },
        schema: { operationId: `get${pascalCase(entry.name)}${pascalCase(noun)}`, tags: [`${noun}s`], ...schema },
      },
      async (request, reply) => {
        const { body, picture } = await answer(request, nowIso());
        if (wantsSvg((request.query as { format?: string }).format, request.headers.accept))
          return reply.type(SVG_TYPE).send(await picture());
        return body;
      },
    );
  }
}
