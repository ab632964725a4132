/**
 * What remains of a request body that is refused unread (over the body limit), read and thrown
 * away while the answer goes out: a client still sending when the connection closes gets a reset
 * (EPIPE, "fetch failed") and may never read the 413. The connection stays open while the body
 * comes; the amount and the time read are bounded, so a client cannot make the service read
 * without end: past either bound the connection is closed (docs/api.md, "Errors").
 */
import type { IncomingMessage } from 'node:http';

/** At most this much of a refused body is read and thrown away. */
export const DRAIN_MAX_BYTES = 128 * 1024 * 1024;
/** For at most this long. */
export const DRAIN_MAX_MS = 10_000;

/**
 * Reads the rest of the body and throws it away. Resolves true once it has ended, false once
 * DRAIN_MAX_BYTES or DRAIN_MAX_MS have passed first (nothing more is read then).
 */
export function drainBody(
  raw: IncomingMessage,
  limits = { bytes: DRAIN_MAX_BYTES, ms: DRAIN_MAX_MS },
): Promise<boolean> {
  if (raw.complete || raw.readableEnded) return Promise.resolve(true);
  if (raw.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onClose);
      if (!ended) raw.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limits.bytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.complete);
    const timer = setTimeout(() => finish(false), limits.ms);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('close', onClose);
    raw.once('error', onClose);
    raw.resume();
  });
}

/**
 * Answers a refused body as soon as the reply is ready, and reads the rest of it meanwhile: the
 * connection is kept (not closed, as Fastify asks for a body it did not read) until the body has
 * come, and closed only when it goes past the bounds.
 */
export function keepReading(raw: IncomingMessage, reply: { removeHeader(name: string): unknown }): void {
  if (raw.complete || raw.readableEnded) return;
  reply.removeHeader('connection');
  void drainBody(raw).then((ended) => {
    if (!ended) raw.socket?.destroy();
  });
}
