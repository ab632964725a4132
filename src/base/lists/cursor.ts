import { ApiError } from '../errors/api-error.js';
import { isUuid } from '../ids.js';

/** A position in a (timestamp, id) newest-first sequence: the last item of the previous page. */
export interface CursorPosition {
  timestamp: string;
  id: string;
}

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * Cursors are opaque to clients: base64url of the position. Because the position is the last
 * row seen (not an offset), rows inserted meanwhile never shift a page.
 */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.timestamp, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [timestamp, id] = value as unknown[];
      if (typeof timestamp === 'string' && ISO_MS.test(timestamp) && typeof id === 'string' && isUuid(id)) {
        return { timestamp, id };
      }
    }
  } catch {
    // fall through: any undecodable cursor is the same client error
  }
  throw new ApiError('bad_request', 'cursor is not a valid cursor; pass the nextCursor of a previous response');
}
