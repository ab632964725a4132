/**
 * The one error class of the public API and the one code → status table (docs/api.md, "Errors").
 * The error handler and the OpenAPI error responses are both driven by this table.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_uuid: 400,
  invalid_datetime: 400,
  unauthorized: 401,
  forbidden: 403,
  insufficient_permission: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  precondition_failed: 412,
  unprocessable_entity: 422,
  /** A diagram's picture could not be drawn within the time budget (diagrams/render-pool.ts). */
  diagram_too_large: 422,
  too_many_requests: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }

  toBody(): { code: ErrorCode; message: string; status: number } {
    return { code: this.code, message: this.message, status: this.status };
  }
}

export const notFound = (what = 'resource'): ApiError => new ApiError('not_found', `${what} not found`);
