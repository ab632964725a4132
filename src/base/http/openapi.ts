import type { SwaggerOptions, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { nameComponents } from './components.js';

export const API_DESCRIPTION = `Estate's public API: the IT estate of one workspace, read and changed with API keys.

Authenticate every request under /public/ with \`Authorization: Bearer svc_live_…\` or \`X-Api-Key: svc_live_…\`
(X-Api-Key wins when both are sent). A failed authentication answers 401 with an empty body and
\`WWW-Authenticate: Bearer realm="svc", error="invalid_token"\`. Every other error has the body
\`{"code","message","status"}\`; branch on status, then code, with a default case.

Offset lists clamp \`limit\` to 1..200 (default 50) and a negative \`offset\` to 0, and echo the effective values.
Every response carries an \`X-Request-Id\` header; quote it when reporting a problem.`;

/** An OpenAPI tag: a group of operations in the document and its reference at /docs. */
export interface OpenApiTag {
  name: string;
  description: string;
}

/**
 * OpenAPI 3.1 document generated from the route schemas (never written by hand). `familyTags` are
 * the inventory families' tags, each described by its definition (the composition root gives them).
 */
export function openApiOptions(familyTags: readonly OpenApiTag[]): SwaggerOptions {
  return {
    // The console's own API is not part of the public contract: it has a document of its own.
    transform: ({ schema, url }) => ({ schema: isConsoleRoute(url) ? hidden(schema) : schema, url }),
    transformObject: namedDocument,
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Estate public API',
        version: '1.0.0',
        description: API_DESCRIPTION,
        // Whoever runs the instance answers for it; Estate is not published under an open licence.
        contact: { name: 'The operators of this Estate instance' },
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer svc_live_…' },
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'X-Api-Key: svc_live_…' },
          agentToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'Agent token (agt_live_…), only for /agent/v1/report.',
          },
        },
      },
      security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
      tags: [
        { name: 'introspection', description: 'Who is calling: the key and its workspace.' },
        { name: 'audit', description: 'The audit log: the change feed, polled with a cursor.' },
        { name: 'catalog', description: 'The global reference catalog of applications.' },
        { name: 'tenant', description: "Settings of the key's workspace." },
        {
          name: 'custom fields',
          description: "The workspace's own fields on each family: their definitions (types, choices, bounds, rules).",
        },
        { name: 'tags', description: 'Free labels for applications, servers and routers.' },
        ...familyTags,
        {
          name: 'dashboards',
          description: 'Figures computed live over the workspace: counts, breakdowns, series and tables.',
        },
        { name: 'diagrams', description: 'Maps of the estate, as JSON or as an SVG picture.' },
        { name: 'agents', description: 'Enrolled agents (read only; enrolled with the estate command).' },
        { name: 'discovered applications', description: 'Software found by agents, awaiting triage.' },
        { name: 'agent ingest', description: 'Where agents report hosts and software (agent tokens only).' },
        { name: 'people', description: 'Users (people) and members (their role in the workspace).' },
      ],
    },
  };
}

/** The generated document with its shared pieces named once (components.ts). */
const namedDocument: SwaggerTransformObject = (generated) =>
  nameComponents('openapiObject' in generated ? generated.openapiObject : {});

const isConsoleRoute = (url: string) => url === '/ui' || url.startsWith('/ui/');
const hidden = (schema: FastifySchema | undefined): FastifySchema => ({ ...schema, hide: true }) as FastifySchema;

const CONSOLE_API_DESCRIPTION = `The web console's own API, which the console in this repository calls: not a
public contract, and not listed at /docs. It may change with any release; integrations use the public API
(/openapi.json).

A member's session authenticates the calls: the \`estate_session\` cookie set when the member signs in, and, on every
call that is not a GET, the session's CSRF token in \`X-CSRF-Token\`.`;

/**
 * The console API's OpenAPI document (/ui/api/openapi.json), generated from the same routes as the
 * public one: only the routes under /ui/api, its shared pieces named alike (components.ts). The
 * console's client types are generated from it (ui/src/api/schema.d.ts, `npm run client:types`).
 */
export function consoleApiOptions(): SwaggerOptions {
  return {
    decorator: 'consoleSwagger',
    transform: ({ schema, url }) => ({ schema: url.startsWith('/ui/api/') ? schema : hidden(schema), url }),
    transformObject: namedDocument,
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Estate console API', version: '1', description: CONSOLE_API_DESCRIPTION },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'estate_session', description: 'A signed-in member.' },
        },
      },
      security: [{ session: [] }],
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The console API's OpenAPI document (consoleApiOptions). */
    consoleSwagger: FastifyInstance['swagger'];
  }
}
