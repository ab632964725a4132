/**
 * POST /inventory: the one URL GLPI Agent, FusionInventory Agent and the OCS Inventory agent are
 * given (`--server https://estate.example/inventory`). docs/agents.md ("Inventory agents").
 *
 * - Authentication before the body is read: HTTP Basic (any user name, the agent token as
 *   password; the agents send it only after a 401 naming the Basic realm) or a Bearer token.
 * - The body as sent, up to COMPRESSED_LIMIT: GLPI's native JSON (`action` contact, inventory,
 *   netinventory) or the OCS/FusionInventory XML protocol (PROLOG, then INVENTORY or SNMPQUERY),
 *   plain, zlib or gzip.
 * - Answers in the form the agent reads: JSON `{status, expiration, tasks}`, or the XML `REPLY`
 *   zlib-compressed when the request was compressed (the OCS agent inflates every reply).
 */
import type { FastifyReply } from 'fastify';
import { agentOfToken, agentRateHook, type AgentPrincipal } from '../agents/agent-auth.js';
import { ApiError } from '../../base/errors/api-error.js';
import type { App, AppDeps } from '../../base/http/types.js';
import { COMPRESSED_LIMIT, type Compression, zlibOf } from './decode.js';
import { recordInventory } from './inventory.service.js';
import { createInventoryParser } from './parse-pool.js';

export const INVENTORY_REALM = 'Estate inventory';
/** Hours until an agent contacts Estate again (PROLOG_FREQ, expiration). */
const FREQUENCY_HOURS = 24;

declare module 'fastify' {
  interface FastifyRequest {
    inventoryAgent?: AgentPrincipal;
  }
}

/** The agent token of a Basic (password) or Bearer Authorization header. */
function tokenOf(header: string | undefined): string | undefined {
  const [scheme, value] = (header ?? '').trim().split(/\s+/, 2);
  if (!value) return undefined;
  if (/^bearer$/i.test(scheme!)) return value;
  if (!/^basic$/i.test(scheme!)) return undefined;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : decoded.slice(colon + 1);
}

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

interface Answer {
  format: 'json' | 'xml';
  compression: Compression;
}

async function send(reply: FastifyReply, answer: Answer, status: number, body: Record<string, unknown> | string) {
  reply.code(status);
  if (answer.format === 'xml') {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<REPLY>${body as string}</REPLY>\n`;
    if (!answer.compression) return reply.type('application/xml').send(xml);
    return reply.type('application/x-compress').send(await zlibOf(xml));
  }
  const json = JSON.stringify(body);
  if (!answer.compression) return reply.type('application/json').send(json);
  return reply.type('application/x-compress-zlib').send(await zlibOf(json));
}

/** A refusal in the agent's form: JSON `{status: "error"}` or an XML `ERROR`. */
function refusal(reply: FastifyReply, answer: Answer, error: ApiError) {
  const retryAfter = (error as ApiError & { retryAfter?: number }).retryAfter;
  if (retryAfter) reply.header('Retry-After', String(retryAfter));
  return answer.format === 'xml'
    ? send(reply, answer, error.status, `<ERROR>${escapeXml(error.message)}</ERROR>`)
    : send(reply, answer, error.status, { status: 'error', message: error.message, expiration: FREQUENCY_HOURS });
}

/** Reports of a fleet agent per minute, whatever its hosts: the per-host cap times this. */
const FLEET_FACTOR = 100;

export function registerInventoryRoutes(app: App, { database, registry, agentReportsPerMinute }: AppDeps): void {
  const limitOneHostAgent = agentRateHook(database, agentReportsPerMinute);
  // A fleet's new device ids are hosts the per-host cap has not counted yet: the fleet is capped too.
  const limitFleet = agentRateHook(database, agentReportsPerMinute * FLEET_FACTOR);
  const parser = createInventoryParser();
  app.addHook('onClose', async () => parser.close());

  app.register(async (scope) => {
    // The body arrives as bytes whatever its Content-Type; it is read only once authenticated.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: COMPRESSED_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.addHook('onRequest', async (request, reply) => {
      const agent = await agentOfToken(database, tokenOf(request.headers.authorization));
      if (!agent) {
        reply.code(401).header('WWW-Authenticate', `Basic realm="${INVENTORY_REALM}"`).send();
        return reply;
      }
      request.inventoryAgent = agent;
      request.agent = agent;
      await (agent.fleet ? limitFleet : limitOneHostAgent)(request, reply);
    });
    scope.post('/inventory', { schema: { hide: true } }, async (request, reply) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0) throw new ApiError('bad_request', 'the inventory body is empty');
      const parsed = await parser.parse(raw);
      const answer: Answer = { format: parsed.format, compression: parsed.compression };
      try {
        if (parsed.outcome === 'refused') throw new ApiError(parsed.code, parsed.message);
        if (parsed.outcome === 'contact')
          return await send(reply, answer, 200, {
            status: 'ok',
            expiration: FREQUENCY_HOURS,
            tasks: { inventory: {} },
          });
        if (parsed.outcome !== 'inventory')
          return await send(
            reply,
            answer,
            200,
            `<PROLOG_FREQ>${FREQUENCY_HOURS}</PROLOG_FREQ><RESPONSE>SEND</RESPONSE>`,
          );
        const outcome = await recordInventory(
          database,
          registry,
          request.inventoryAgent!,
          parsed.deviceId,
          parsed.inventory,
          agentReportsPerMinute,
        );
        request.log.info(
          { deviceId: parsed.deviceId, ...outcome },
          outcome.outcome === 'skipped' ? 'inventory skipped' : 'inventory',
        );
        return answer.format === 'xml'
          ? await send(reply, answer, 200, '<RESPONSE>NO_ACCOUNT_UPDATE</RESPONSE>')
          : await send(reply, answer, 200, { status: 'ok', expiration: FREQUENCY_HOURS });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        return refusal(reply, answer, error);
      }
    });
  });
}
