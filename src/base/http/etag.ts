/**
 * Optimistic concurrency for integrations (opt-in; docs/api.md, "Concurrency"): single-resource GET and
 * PATCH answers carry a strong ETag of the representation; PATCH and DELETE with `If-Match`
 * answer 412 precondition_failed when the resource has changed since. The check runs inside the
 * write transaction, under the workspace's write lock, so it cannot race with another write.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';

/** JSON with object keys sorted, so equal representations hash equally whatever built them. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function etagOf(representation: unknown): string {
  return `"${createHash('sha256').update(canonicalJson(representation)).digest('base64url').slice(0, 27)}"`;
}

/** The If-Match header of a request, if it sent one. */
export function ifMatchOf(request: FastifyRequest): string | undefined {
  const value = request.headers['if-match'];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * 412 unless `ifMatch` (when given) names the current representation: `*` or one of a
 * comma-separated list of strong ETags (RFC 9110 §13.1.1; weak tags never match).
 */
export function requireMatch(ifMatch: string | undefined, current: unknown): void {
  if (ifMatch === undefined) return;
  const tags = ifMatch.split(',').map((tag) => tag.trim());
  if (tags.includes('*')) return;
  if (tags.includes(etagOf(current))) return;
  throw new ApiError(
    'precondition_failed',
    'the resource has changed since the ETag given in If-Match; GET it again and retry',
  );
}

/** Sets the ETag header of a single-resource answer and returns the representation. */
export function withEtag<T>(reply: FastifyReply, representation: T): T {
  reply.header('ETag', etagOf(representation));
  return representation;
}
