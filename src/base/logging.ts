/**
 * The log stream: JSON lines on stdout with every secret scrubbed, whatever field or message
 * carries it. Secrets reach log lines in URLs (`?api_key=svc_live_…`), in 404 messages naming a
 * path, or in an error's text; scrubbing the finished line catches every such way at once.
 */
import type { Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

const TOKEN = /\b(svc_live_|agt_live_)[A-Za-z0-9_-]+/g;
const SECRET_PARAMETER = /([?&;](?:api[_-]?key|access[_-]?token|token|password|passwd|secret)=)[^&;#"\s\\]*/gi;
/** Credentials of an Authorization header's value (an inventory agent's Basic carries its token in base64). */
const CREDENTIALS = /\b(Basic|Bearer)\s+[A-Za-z0-9+/=._~-]{8,}/gi;

/**
 * A line that could hold a secret: a token prefix, a secret-named parameter or an Authorization
 * scheme, in any case. One scan that almost every line passes; only the lines it matches are
 * scrubbed by the three expressions above.
 */
const SUSPECT = /_live_|key|token|passw|secret|basic|bearer/i;

/** Replaces API keys, agent tokens and secret-named URL parameters' values with [REDACTED]. */
export function redactSecrets(text: string): string {
  return text
    .replace(TOKEN, '$1[REDACTED]')
    .replace(SECRET_PARAMETER, '$1[REDACTED]')
    .replace(CREDENTIALS, '$1 [REDACTED]');
}

/**
 * A pino destination that scrubs each line and writes it to `target`. A target whose reader is
 * gone (EPIPE) drops lines instead of failing or retrying forever, so the process can still stop.
 */
export function redactingStream(target: Writable = process.stdout): { write(line: string): void } {
  let broken = false;
  target.on('error', () => {
    broken = true;
  });
  return {
    write(line: string) {
      if (!broken && target.writable) target.write(SUSPECT.test(line) ? redactSecrets(line) : line);
    },
  };
}

/**
 * A client error's code and message, kept by request for its log line (app/request-log.ts). Fastify
 * itself is not imported here: every module that reports errors imports this one, the `estate`
 * commands among them, and loading Fastify cost each command about a fifth of its CPU.
 */
const refusals = new WeakMap<FastifyRequest, { code: string; reason: string }>();

/** A request answered with a client error: its code and message go on the request's line. */
export function noteRefusal(request: FastifyRequest, code: string, reason: string): void {
  refusals.set(request, { code, reason });
}

/** What noteRefusal kept for the request, if it was refused. */
export function refusalOf(request: FastifyRequest): { code: string; reason: string } | undefined {
  return refusals.get(request);
}
