/**
 * The bodies inventory agents send (docs/agents.md, "Inventory agents"): plain, zlib
 * (FusionInventory's application/x-compress-zlib, OCS's application/x-compress) or gzip, told
 * apart by their first bytes, since the agents' Content-Type names the compression inconsistently.
 * Inflating stops at INFLATED_LIMIT: a small body that would inflate past it (a zip bomb) is
 * refused before more than that is held.
 */
import { promisify } from 'node:util';
import { constants, deflate, gunzip, inflate } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ApiError } from '../../base/errors/api-error.js';

/** Largest body accepted as sent (compressed or not). */
export const COMPRESSED_LIMIT = 8 * 1024 * 1024;
/** Largest body once inflated (an inventory of 20,000 packages is 2 to 4 MiB). */
export const INFLATED_LIMIT = 16 * 1024 * 1024;
/** Most elements (XML tags, JSON objects and arrays) a document may hold: 20,000 packages make ~200,000. */
export const MAX_ELEMENTS = 500_000;

const inflateAsync = promisify(inflate);
const gunzipAsync = promisify(gunzip);
const deflateAsync = promisify(deflate);

export type Compression = 'zlib' | 'gzip' | null;

const isGzip = (body: Buffer) => body.length > 2 && body[0] === 0x1f && body[1] === 0x8b;
/** A zlib stream: deflate method in the low nibble and a header checksum that divides by 31. */
const isZlib = (body: Buffer) =>
  body.length > 2 && (body[0]! & 0x0f) === 8 && body[0]! >> 4 <= 7 && ((body[0]! << 8) | body[1]!) % 31 === 0;

/** The body as text, inflated when it came compressed, and how it came. */
export async function decodeBody(body: Buffer): Promise<{ text: string; compression: Compression }> {
  const compression: Compression = isGzip(body) ? 'gzip' : isZlib(body) ? 'zlib' : null;
  if (!compression) return { text: body.toString('utf8'), compression };
  try {
    const inflated = await (compression === 'gzip' ? gunzipAsync : inflateAsync)(body, {
      maxOutputLength: INFLATED_LIMIT,
    });
    return { text: inflated.toString('utf8'), compression };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new ApiError('payload_too_large', `the inflated body is larger than ${INFLATED_LIMIT / 1024 / 1024} MiB`);
    throw new ApiError('bad_request', `the body is not valid ${compression} data`);
  }
}

/**
 * A reply compressed as the agents read them (zlib). The default level: FusionInventory recognises
 * a zlib reply by its first two bytes as the default level writes them (0x78 0x9c).
 */
export const zlibOf = (text: string) =>
  deflateAsync(Buffer.from(text, 'utf8'), { level: constants.Z_DEFAULT_COMPRESSION });

/** Sections of an inventory that are lists, even when an XML inventory holds one entry. */
const LIST_SECTIONS = new Set([
  'cpus',
  'networks',
  'softwares',
  'storages',
  'users',
  'drives',
  'memories',
  'ips',
  'ip',
  'ports',
  'port',
]);

const parser = new XMLParser({
  ignoreAttributes: true,
  // No entities: a document cannot expand one (billion laughs) or name an external one.
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: true,
  // Lower-case names, as the JSON format spells the same sections.
  transformTagName: (name) => name.toLowerCase(),
  isArray: (name) => LIST_SECTIONS.has(name),
});

/**
 * Refuses a document of more than MAX_ELEMENTS elements before it is parsed: a small body of
 * empty elements would otherwise take seconds and gigabytes to parse.
 */
function refuseTooManyElements(text: string, opening: number[]): void {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    if (opening.includes(text.charCodeAt(i)) && ++count > MAX_ELEMENTS)
      throw new ApiError('payload_too_large', `the inventory has more than ${MAX_ELEMENTS} elements`);
  }
}

/** An XML inventory document as plain objects with lower-case names; refused (400) when not well-formed. */
export function parseXml(text: string): Record<string, unknown> {
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw new ApiError('bad_request', 'the XML document declares a DTD or entities, which are not accepted');
  refuseTooManyElements(text, [0x3c]);
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new ApiError('bad_request', `the XML document is not well-formed: ${valid.err.msg.slice(0, 100)}`);
  try {
    return parser.parse(text) as Record<string, unknown>;
  } catch (error) {
    // The parser's own limits (nesting, names such as __proto__): a refusal, never a 500.
    throw new ApiError(
      'bad_request',
      `the XML document is not accepted: ${String((error as Error).message).slice(0, 100)}`,
    );
  }
}

/** A JSON inventory document; refused (400) when not an object. */
export function parseJson(text: string): Record<string, unknown> {
  refuseTooManyElements(text, [0x7b, 0x5b]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError('bad_request', 'the JSON document is not well-formed');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ApiError('bad_request', 'the JSON document must be an object');
  return parsed as Record<string, unknown>;
}
