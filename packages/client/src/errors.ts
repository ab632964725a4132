/**
 * The one error every failure of the client is thrown as: an answer that is not 2xx (after the
 * retries of 429 and 503), or no answer at all (`status` 0, `code` "network_error").
 */
export class EstateError extends Error {
  override readonly name = 'EstateError';
  /**
   * Estate's stable error code (`not_found`, `insufficient_permission` …), `unauthorized` for a
   * 401 (whose body is empty), `network_error` when no answer came, and `unexpected_response` for
   * an answer without Estate's error body (a proxy's page, for example). New codes may appear:
   * branch on `status` first, then on `code`, with a default case.
   */
  readonly code: string;
  /** The HTTP status; 0 when no answer came. */
  readonly status: number;
  /** The X-Request-Id header of the answer, to quote when reporting a problem. */
  readonly requestId: string | undefined;

  constructor(
    code: string,
    status: number,
    message: string,
    options: { requestId?: string | undefined; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = status;
    this.requestId = options.requestId;
  }

  /** Reads an answer that is not 2xx into an EstateError (its body is consumed). */
  static async fromResponse(response: Response): Promise<EstateError> {
    const requestId = response.headers.get('x-request-id') ?? undefined;
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (isErrorBody(body)) return new EstateError(body.code, response.status, body.message, { requestId });
    if (response.status === 401)
      return new EstateError('unauthorized', 401, 'the API key was refused: missing, wrong, revoked or expired', {
        requestId,
      });
    const excerpt = text.trim().slice(0, 200);
    return new EstateError(
      'unexpected_response',
      response.status,
      `HTTP ${response.status} ${response.statusText}${excerpt ? `: ${excerpt}` : ''}`.trim(),
      { requestId },
    );
  }
}

function isErrorBody(body: unknown): body is { code: string; message: string } {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { code?: unknown }).code === 'string' &&
    typeof (body as { message?: unknown }).message === 'string'
  );
}
