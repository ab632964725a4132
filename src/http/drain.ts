/**
 * What remains of a request body that is refused unread (over the body limit), read and thrown
 * away before the answer: a client still sending when the connection closes gets a reset (EPIPE,
 * "fetch failed") and may never read the 413. The amount and the time read are bounded, so a
 * client cannot make the service read without end; past either bound the connection closes as
 * before (docs/api.md, "Errors").
 */
import type { IncomingMessage } from 'node:http';

/** At most this much of a refused body is read and thrown away. */
export const DRAIN_MAX_BYTES = 128 * 1024 * 1024;
/** For at most this long. */
export const DRAIN_MAX_MS = 10_000;

/** Resolves once the body has ended, or DRAIN_MAX_BYTES or DRAIN_MAX_MS have passed. */
export function drainBody(raw: IncomingMessage, limits = { bytes: DRAIN_MAX_BYTES, ms: DRAIN_MAX_MS }): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const finish = () => {
      clearTimeout(timer);
      // Past a bound, nothing more is read: the connection closes after the answer.
      if (!raw.readableEnded) raw.pause();
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('close', finish);
      raw.off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limits.bytes) finish();
    };
    const timer = setTimeout(finish, limits.ms);
    raw.on('data', onData);
    raw.once('end', finish);
    raw.once('close', finish);
    raw.once('error', finish);
    raw.resume();
  });
}
