/**
 * Guards of every request's input that schemas cannot express once for all fields: strings must
 * be well-formed Unicode text without NUL characters. PostgreSQL cannot store a NUL in text (it
 * failed with a 500) and SQLite would store it; a lone surrogate cannot be encoded as UTF-8 and
 * would be altered silently. Both are refused with a 400 naming the field, on both databases.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function badText(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (it contains a lone surrogate)';
  return undefined;
}

/** The first string in `value` (keys included) that is not acceptable text, with its path. */
export function findBadText(value: unknown, path: string): { path: string; problem: string } | undefined {
  // Bytes are not text yet (a file the console imports): whoever decodes them checks the text.
  if (ArrayBuffer.isView(value)) return undefined;
  if (typeof value === 'string') {
    const problem = badText(value);
    return problem ? { path, problem } : undefined;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findBadText(item, `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = badText(key);
      if (keyProblem) return { path: path ? `${path} field name` : 'field name', problem: keyProblem };
      const found = findBadText(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}

const PARTS = [
  ['params', 'path parameter'],
  ['query', 'query parameter'],
  ['body', 'field'],
] as const;

/** preValidation hook: 400 for the first NUL or lone surrogate in path parameters, query or body. */
export async function refuseBadText(request: FastifyRequest): Promise<void> {
  for (const [part, noun] of PARTS) {
    const found = findBadText(request[part], '');
    if (found) throw new ApiError('bad_request', `${noun} ${found.path || part} ${found.problem}`);
  }
}
