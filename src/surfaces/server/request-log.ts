/**
 * One log line per request, when its response has gone: method, URL, status and time, where
 * Fastify's default writes a line on arrival with the request's headers and another on
 * completion. A client error adds its code and message to the line (logging.ts, noteRefusal); a
 * server error keeps a line of its own with its cause (http/errors.ts).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { refusalOf } from '../../base/logging.js';

export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const fields = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
      ...refusalOf(request),
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
