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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { agentOfToken, agentRateHook, type AgentPrincipal } from '../agents/agent-auth.js';
import { ApiError } from '../errors/api-error.js';
import type { App, AppDeps } from '../http/types.js';
import { COMPRESSED_LIMIT, type Compression, decodeBody, parseJson, parseXml, zlibOf } from './decode.js';
import { recordInventory } from './inventory.service.js';
import { mapInventory } from './mapping.js';

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

const deviceIdOf = (value: unknown): string => {
  const id = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (!id || id.length > 255)
    throw new ApiError('bad_request', 'the inventory has no device id (deviceid, 1 to 255 characters)');
  return id;
};

const objectOf = (value: unknown, what: string): Record<string, unknown> => {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new ApiError('bad_request', `the inventory has no ${what}`);
};

export function registerInventoryRoutes(app: App, { database, agentReportsPerMinute }: AppDeps): void {
  const limitOneHostAgent = agentRateHook(database, agentReportsPerMinute);

  const record = async (
    request: FastifyRequest,
    deviceId: string,
    content: Record<string, unknown>,
    itemtype: string | null,
  ) => {
    const version = content.versionclient;
    const inventory = mapInventory(content, {
      deviceId,
      itemtype,
      agentVersion: typeof version === 'string' ? version.slice(0, 50) : null,
    });
    const outcome = await recordInventory(
      database,
      request.inventoryAgent!,
      deviceId,
      inventory,
      agentReportsPerMinute,
    );
    request.log.info({ deviceId, ...outcome }, outcome.outcome === 'skipped' ? 'inventory skipped' : 'inventory');
    return outcome;
  };

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
      if (!agent.fleet) await limitOneHostAgent(request, reply);
    });
    scope.post('/inventory', { schema: { hide: true } }, async (request, reply) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0) throw new ApiError('bad_request', 'the inventory body is empty');
      const { text, compression } = await decodeBody(raw);
      const answer: Answer = { format: text.trimStart().startsWith('<') ? 'xml' : 'json', compression };
      try {
        if (answer.format === 'json') {
          const document = parseJson(text);
          const action = String(document.action ?? document.query ?? 'inventory').toLowerCase();
          const deviceId = deviceIdOf(document.deviceid);
          if (action === 'contact')
            return await send(reply, answer, 200, {
              status: 'ok',
              expiration: FREQUENCY_HOURS,
              tasks: { inventory: {} },
            });
          if (action !== 'inventory' && action !== 'netinventory')
            throw new ApiError('unprocessable_entity', `the action ${action} is not one Estate answers`);
          const itemtype = typeof document.itemtype === 'string' ? document.itemtype : null;
          await record(request, deviceId, objectOf(document.content, 'content'), itemtype);
          return await send(reply, answer, 200, { status: 'ok', expiration: FREQUENCY_HOURS });
        }
        const document = objectOf(parseXml(text).request, 'REQUEST');
        const query = String(document.query ?? 'inventory').toLowerCase();
        const deviceId = deviceIdOf(document.deviceid);
        if (query === 'prolog')
          return await send(
            reply,
            answer,
            200,
            `<PROLOG_FREQ>${FREQUENCY_HOURS}</PROLOG_FREQ><RESPONSE>SEND</RESPONSE>`,
          );
        if (query !== 'inventory' && query !== 'snmpquery' && query !== 'snmp')
          throw new ApiError('unprocessable_entity', `the query ${query} is not one Estate answers`);
        await record(request, deviceId, objectOf(document.content, 'CONTENT'), null);
        return await send(reply, answer, 200, '<RESPONSE>NO_ACCOUNT_UPDATE</RESPONSE>');
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        return refusal(reply, answer, error);
      }
    });
  });
}
