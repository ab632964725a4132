import { noteRefusal } from '../logging.js';
import type { FastifyError, FastifyInstance } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { constraintViolationOf, isUnavailableDatabaseError } from '../db/errors.js';
import { ApiError, ERROR_STATUS, type ErrorCode } from '../errors/api-error.js';
import { keepReading } from './drain.js';

export const ErrorBody = Type.Object(
  {
    code: Type.String({
      description: 'Stable machine-readable identifier; branch on status first, then on code.',
      examples: ['not_found'],
    }),
    message: Type.String({
      description: 'Human-readable text, not for branching.',
      examples: ['application not found'],
    }),
    status: Type.Integer({ description: 'The HTTP status, mirrored.', examples: [404] }),
  },
  { title: 'Error', description: 'Error body of every API-generated error except 401.' },
);

const STATUS_DESCRIPTIONS: Record<number, string> = {
  400:
    'The input could not be parsed ' +
    '(bad UUID, unknown enum or filter value, invalid date-time, missing or blank field).',
  401:
    'No credential, no svc_ prefix, unknown, revoked or expired key. ' +
    'Empty body; header WWW-Authenticate: Bearer realm="svc", error="invalid_token".',
  403: 'The key lacks the scope (insufficient_permission) or is bound to no workspace (forbidden).',
  404: "Not in the key's workspace (absent and foreign ids give the identical response).",
  405: 'The path exists but not with this method; the Allow header lists the methods it has.',
  412: 'If-Match was sent and the resource has changed since (its ETag differs).',
  413: 'The request body is larger than the limit.',
  415: 'The request body is not application/json.',
  422: 'Well-formed but breaks a business rule.',
  429: "Too many requests from this agent in the current minute; retry after the Retry-After header's seconds.",
  500:
    'Unexpected error; transient, retry with backoff. ' +
    'The body reveals nothing internal; quote the X-Request-Id header.',
  503:
    "The database is unreachable or busy (or, for a diagram's picture, every renderer is busy: " +
    'a full queue, or the picture not begun within 30 s); retry after Retry-After seconds. ' +
    'A write answered 503 was rolled back unless the connection failed during its commit (rare): ' +
    'check before repeating a create.',
};

/**
 * Codes only some operations answer: an operation names them in errorResponses, and a bare status
 * leaves them out, so that every other 422 does not list a diagram's time budget. Each says when.
 */
const OPERATION_CODES: Partial<Record<ErrorCode, string>> = {
  diagram_too_large:
    'the picture could not be drawn within the time budget; the message names limit: ' +
    'ask for fewer nodes, or for the JSON answer',
};

/** The codes each status may carry, derived from the one code → status table. */
function codesFor(status: number): string[] {
  return Object.entries(ERROR_STATUS)
    .filter(([code, s]) => s === status && !(code in OPERATION_CODES))
    .map(([code]) => code);
}

/**
 * OpenAPI response entries for the given error statuses, driven by ERROR_STATUS so docs cannot
 * drift. A status brings its general codes; a code of OPERATION_CODES named here is added to its status.
 */
export function errorResponses(...entries: (number | ErrorCode)[]): Record<number, TSchema> {
  const codes = new Map<number, string[]>();
  for (const entry of entries) {
    const status = typeof entry === 'number' ? entry : ERROR_STATUS[entry];
    const named = typeof entry === 'number' ? codesFor(entry) : [operationCode(entry)];
    codes.set(status, [...(codes.get(status) ?? []), ...named]);
  }
  const responses: Record<number, TSchema> = {};
  for (const [status, listed] of codes) {
    const description = describe(status, listed);
    responses[status] = status === 401 ? Type.Null({ description }) : { ...ErrorBody, description };
  }
  return responses;
}

const operationCode = (code: ErrorCode) => (OPERATION_CODES[code] ? `${code} (${OPERATION_CODES[code]})` : code);

const describe = (status: number, codes: readonly string[]) =>
  `${STATUS_DESCRIPTIONS[status] ?? ''} Codes: ${codes.join(', ')}.`.trim();

/** Each error status's name (RFC 9110), the name of its shared response in the API document. */
const STATUS_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  412: 'PreconditionFailed',
  413: 'ContentTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableContent',
  428: 'PreconditionRequired',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  503: 'ServiceUnavailable',
};

/**
 * The name of every response errorResponses writes, by its description (each says its status and
 * codes): the status's name, and after it the operation codes a response adds
 * (`UnprocessableContentDiagramTooLarge`, or `DiagramTooLarge` alone).
 */
export function errorResponseNames(): Map<string, string> {
  const names = new Map<string, string>();
  const pascal = (code: string) => code.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase());
  for (const status of Object.keys(STATUS_NAMES).map(Number)) {
    const name = STATUS_NAMES[status]!;
    names.set(describe(status, codesFor(status)), name);
    for (const code of Object.keys(OPERATION_CODES) as ErrorCode[]) {
      if (ERROR_STATUS[code] !== status) continue;
      names.set(describe(status, [...codesFor(status), operationCode(code)]), `${name}${pascal(code)}`);
      names.set(describe(status, [operationCode(code)]), pascal(code));
    }
  }
  return names;
}

/** The query string of a route that takes no parameters: anything given is an unknown parameter (400). */
export const NoQuery = Type.Object({}, { additionalProperties: false });

/**
 * preValidation hook of an operation that takes no body: an empty body or `{}` passes, anything
 * else is a 400 naming the first field (strict bodies, docs/api.md), never silently ignored.
 */
export async function refuseBody(request: { body?: unknown }): Promise<void> {
  const body = request.body;
  if (body === undefined || body === null) return;
  if (typeof body !== 'object' || Array.isArray(body))
    throw new ApiError('bad_request', 'this operation takes no request body');
  const [field] = Object.keys(body);
  if (field !== undefined)
    throw new ApiError('bad_request', `unknown field: ${field} (this operation takes no request body)`);
}

/** Errors every /public/v1 route can answer with. */
export const PUBLIC_ERRORS = [400, 401, 403, 500, 503] as const;

export interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const PART_NOUN: Record<string, string> = {
  body: 'field',
  querystring: 'query parameter',
  params: 'path parameter',
  headers: 'header',
};

/** Maps a schema validation failure to bad_request / invalid_uuid / invalid_datetime naming the field. */
function validationToApiError(error: FastifyError): ApiError {
  const first = (error.validation?.[0] ?? { keyword: 'unknown', instancePath: '', params: {} }) as AjvError;
  return schemaError(first, error.validationContext ?? 'body');
}

/** The API error of one schema failure (ajv's first error) of a request part: the API's words for it. */
export function schemaError(first: AjvError, part: string): ApiError {
  const noun = PART_NOUN[part] ?? 'field';
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = path || (part === 'body' ? 'body' : noun);
  switch (first.keyword) {
    case 'additionalProperties':
      return new ApiError('bad_request', `unknown ${noun}: ${String(first.params.additionalProperty)}`);
    case 'required':
      return new ApiError(
        'bad_request',
        `${path ? `${path}.` : ''}${String(first.params.missingProperty)} is required`,
      );
    case 'format':
      if (first.params.format === 'uuid') return new ApiError('invalid_uuid', `${field} must be a UUID`);
      if (first.params.format === 'date-time') {
        return new ApiError(
          'invalid_datetime',
          `${field} must be an ISO-8601 date-time with a time zone, e.g. 2026-01-31T00:00:00Z`,
        );
      }
      if (first.params.format === 'http-url')
        return new ApiError('bad_request', `${field} must be an absolute http:// or https:// URL`);
      return new ApiError('bad_request', `${field} must be a valid ${String(first.params.format)}`);
    case 'enum':
      // A nullable enum lists null among its values (http/schemas.ts); the message names the others.
      return new ApiError(
        'bad_request',
        `${field} must be one of: ${(first.params.allowedValues as unknown[]).filter((v) => v !== null).join(', ')}`,
      );
    case 'minLength':
      return new ApiError(
        'bad_request',
        Number(first.params.limit) > 1
          ? `${field} must be at least ${String(first.params.limit)} characters`
          : `${field} must not be blank`,
      );
    case 'pattern':
      return new ApiError('bad_request', `${field} has an invalid format`);
    case 'type':
      return new ApiError(
        'bad_request',
        part === 'body' && !path
          ? 'body must be a JSON object'
          : `${field} must be of type ${String(first.params.type).replace(/,null$/, '')}`,
      );
    default:
      return new ApiError('bad_request', `${field} ${first.message ?? 'is invalid'}`);
  }
}

const FRAMEWORK_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
};

const FRAMEWORK_MESSAGES: Partial<Record<ErrorCode, string>> = {
  unsupported_media_type: 'request body must be application/json',
  payload_too_large: 'request body is too large',
};

/** Turns anything thrown while handling a request into the API error it answers with. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError?.validation) return validationToApiError(fastifyError);
  const mapped = fastifyError?.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  if (mapped) {
    const message =
      FRAMEWORK_MESSAGES[mapped] ??
      (fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'request body must not be empty'
        : 'request body is not valid JSON');
    return new ApiError(mapped, message);
  }
  if (error instanceof SyntaxError && 'body' in (error as object))
    return new ApiError('bad_request', 'request body is not valid JSON');
  // A rule the services check first can still be broken by the database's own constraint (the
  // last line of defence, e.g. a bulk path): it is the same 422, never a 500.
  const constraint = constraintViolationOf(error);
  if (constraint === 'unique')
    return new ApiError(
      'unprocessable_entity',
      'the change conflicts with an existing resource (a name or link that must be unique)',
    );
  if (constraint === 'foreign_key')
    return new ApiError(
      'unprocessable_entity',
      'the change refers to a resource that does not exist in this workspace',
    );
  if (isUnavailableDatabaseError(error))
    return new ApiError('service_unavailable', 'the database is unavailable; retry shortly');
  const status = fastifyError?.statusCode;
  if (status === 400) return new ApiError('bad_request', 'bad request');
  if (status === 413) return new ApiError('payload_too_large', 'request body is too large');
  if (status === 415) return new ApiError('unsupported_media_type', 'request body must be application/json');
  return new ApiError('internal_error', 'internal error');
}

/** One handler for every error: the body of docs/api.md "Errors", and the details in the log only. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status === 503) request.log.warn({ err: error }, 'database unavailable');
    else if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    else noteRefusal(request, apiError.code, apiError.message);
    if (apiError.status === 503) reply.header('Retry-After', '1');
    // A body refused unread: the client is still sending it, and must read the 413 (drain.ts).
    if (apiError.status === 413) keepReading(request.raw, reply);
    return reply.code(apiError.status).send(apiError.toBody());
  });
}
