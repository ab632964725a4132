/**
 * The one way the console talks to its server: JSON over /ui/api with the session cookie (sent by
 * the browser) and the CSRF token on every state-changing request. Failures become ApiFailure,
 * carrying the API's error code and message, and the field the message names when it names one.
 */

/** Every failure the console shows: the API's error, or a stand-in for one (network, bug). */
export class ApiFailure extends Error {
  constructor(
    /** The HTTP status; 0 when the server was not reached or the failure was the console's own. */
    readonly status: number,
    readonly code: string,
    message: string,
    /** The body field the message is about (`name must not be blank` → `name`), if any. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Any thrown value as an ApiFailure: the one way a page reads an error. */
export function failureOf(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  return new ApiFailure(0, 'error', error instanceof Error ? error.message : String(error));
}

/** The sentence to show for a failure, or undefined when there is none. */
export function messageOf(error: unknown): string | undefined {
  return error === null || error === undefined ? undefined : failureOf(error).message;
}

let csrfToken = '';

/** Set from the session: every write sends it back as X-CSRF-Token. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** What happens when a call finds the session over: the app sends the person to sign in. */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

const FIELD = /^(?:unknown field: )?([a-zA-Z][a-zA-Z0-9]*)(?:\.[\w.]+)?\b/;

function fieldOf(message: string, fields: readonly string[]): string | undefined {
  const named = FIELD.exec(message)?.[1] ?? message.split(' ').at(-1);
  return fields.find(
    (field) =>
      field === named ||
      message.startsWith(`${field} `) ||
      message.startsWith(`${field}:`) ||
      message.startsWith(`${field}.`),
  );
}

export interface CallOptions {
  /** Body fields a form shows, so an error naming one is shown next to it. */
  fields?: readonly string[];
  /** A 401 is an answer, not a signed-out session (sign-in itself). */
  expectUnauthorized?: boolean;
  /**
   * The ETag the item was loaded with, sent as If-Match: a change saved by someone else since
   * then answers 412 precondition_failed instead of being overwritten.
   */
  ifMatch?: string | undefined;
}

/** An answer and the ETag of the item it is (single-item GET and PATCH answers carry one). */
export interface Tagged<T> {
  value: T;
  etag: string | undefined;
}

/** 412: the item changed since the ETag sent in If-Match. */
export function isConflict(failure: unknown): failure is ApiFailure {
  return failure instanceof ApiFailure && failure.status === 412;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function call<T>(method: Method, path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  return (await callTagged<T>(method, path, body, options)).value;
}

/** The parsed JSON of a body, or undefined when it is empty or not JSON. */
function jsonOf(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** Sends a request; an answer that is not 2xx becomes an ApiFailure (and a 401 signs the console out). */
async function send(
  method: Method,
  path: string,
  body: unknown,
  options: CallOptions,
  accept = 'application/json',
): Promise<Response> {
  const headers: Record<string, string> = { accept };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  if (options.ifMatch) headers['if-match'] = options.ifMatch;
  let response: Response;
  try {
    response = await fetch(`/ui/api${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiFailure(0, 'network_error', 'the server could not be reached; check your connection and try again');
  }
  if (response.ok) return response;
  const error = (jsonOf(await response.text()) ?? {}) as { code?: string; message?: string };
  const message = error.message ?? `request failed (${response.status})`;
  if (response.status === 401 && !options.expectUnauthorized) onSignedOut();
  throw new ApiFailure(response.status, error.code ?? 'error', message, fieldOf(message, options.fields ?? []));
}

/** A call whose answer keeps its ETag, to be sent back as If-Match with the next change. */
export async function callTagged<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Tagged<T>> {
  const response = await send(method, path, body, options);
  const etag = response.headers.get('etag') ?? undefined;
  if (response.status === 204) return { value: undefined as T, etag };
  return { value: jsonOf(await response.text()) as T, etag };
}

/** A GET answered as text of the given type (a diagram's SVG), with the same errors as `call`. */
export async function callText(path: string, accept: string): Promise<string> {
  return (await send('GET', path, undefined, {}, accept)).text();
}

/** A query string from the set values of an object (undefined and '' left out; arrays repeated). */
export function queryOf(values: Record<string, string | number | readonly string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(name, item);
    else params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
