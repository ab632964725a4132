import type { SwaggerOptions } from '@fastify/swagger';
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
    transformObject: (generated) =>
      nameComponents('openapiObject' in generated ? generated.openapiObject : {}).document,
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
