/**
 * The task of an inventory worker (parse-pool.ts): one POST /inventory body inflated, parsed and
 * mapped in a worker thread, so that a large or hostile document never holds the event loop; the
 * main thread gets back the compact mapped inventory, or the refusal to answer.
 */
import { ApiError, type ErrorCode } from '../../base/errors/api-error.js';
import { findBadText } from '../../base/http/input.js';
import { type Compression, decodeBody, parseJson, parseXml } from './decode.js';
import { type MappedInventory, mapInventory } from './mapping.js';

export type ParsedBody = {
  format: 'json' | 'xml';
  compression: Compression;
} & (
  | { outcome: 'contact' | 'prolog'; deviceId: string }
  | { outcome: 'inventory'; deviceId: string; inventory: MappedInventory }
  | { outcome: 'refused'; code: ErrorCode; message: string }
);

/** A value quoted in a message, at most 50 characters of it. */
export const quoted = (value: unknown) => String(value).slice(0, 50);

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

function mapped(deviceId: string, content: Record<string, unknown>, itemtype: string | null) {
  const version = content.versionclient;
  const inventory = mapInventory(content, {
    deviceId,
    itemtype,
    agentVersion: typeof version === 'string' ? version.slice(0, 50) : null,
  });
  // What is stored must be text both databases keep as sent (no NUL, no lone surrogate).
  const bad = findBadText({ deviceId, inventory }, '');
  if (bad) throw new ApiError('bad_request', `the inventory's ${bad.path} ${bad.problem}`);
  return { outcome: 'inventory' as const, deviceId, inventory };
}

function read(text: string, format: 'json' | 'xml') {
  if (format === 'json') {
    const document = parseJson(text);
    const named = typeof document.action === 'string' ? document.action : document.query;
    const action = (typeof named === 'string' ? named : 'inventory').toLowerCase();
    const deviceId = deviceIdOf(document.deviceid);
    if (action === 'contact') return { outcome: 'contact' as const, deviceId };
    if (action !== 'inventory' && action !== 'netinventory')
      throw new ApiError('unprocessable_entity', `the action ${quoted(action)} is not one Estate answers`);
    const itemtype = typeof document.itemtype === 'string' ? document.itemtype : null;
    return mapped(deviceId, objectOf(document.content, 'content'), itemtype);
  }
  const document = objectOf(parseXml(text).request, 'REQUEST');
  const query = typeof document.query === 'string' ? document.query.toLowerCase() : 'inventory';
  const deviceId = deviceIdOf(document.deviceid);
  if (query === 'prolog') return { outcome: 'prolog' as const, deviceId };
  if (query !== 'inventory' && query !== 'snmpquery' && query !== 'snmp')
    throw new ApiError('unprocessable_entity', `the query ${quoted(query)} is not one Estate answers`);
  return mapped(deviceId, objectOf(document.content, 'CONTENT'), null);
}

export default async function parseInventory({ body }: { body: Uint8Array }): Promise<ParsedBody> {
  let format: 'json' | 'xml' = 'json';
  let compression: Compression = null;
  try {
    const decoded = await decodeBody(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    compression = decoded.compression;
    format = decoded.text.trimStart().startsWith('<') ? 'xml' : 'json';
    return { format, compression, ...read(decoded.text, format) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { format, compression, outcome: 'refused', code: error.code, message: error.message };
  }
}
