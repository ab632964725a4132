import { EstateError } from './errors.js';

export interface TransportOptions {
  apiKey: string;
  fetch: (request: Request) => Promise<Response>;
  /** Retries of a 429 or 503 answer before it is thrown. */
  maxRetries: number;
  /** The longest wait before a retry, whatever Retry-After asks. */
  maxRetryDelayMs: number;
}

/**
 * The fetch the typed calls go through: adds the key, retries 429 and 503 after their Retry-After
 * (capped in count and in wait), and turns every other failure into an EstateError. A POST is not
 * retried on 503: Estate rolls a 503 write back except when the connection failed during its
 * commit, so repeating a create blindly could make it twice (docs/api.md).
 */
export function createTransport(options: TransportOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    request.headers.set('authorization', `Bearer ${options.apiKey}`);
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await options.fetch(request.clone());
      } catch (error) {
        if (request.signal.aborted) throw error;
        const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
        throw new EstateError('network_error', 0, `no answer from ${new URL(request.url).origin}: ${reason}`, {
          cause: error,
        });
      }
      if (response.ok) return response;
      const retryable = response.status === 429 || (response.status === 503 && request.method !== 'POST');
      if (!retryable || attempt >= options.maxRetries) throw await EstateError.fromResponse(response);
      await response.body?.cancel();
      await sleep(retryDelay(response, attempt, options.maxRetryDelayMs), request.signal);
    }
  };
}

/** Retry-After in seconds or as an HTTP date; without one, 0.5 s, 1 s, 2 s … Never above `cap`. */
export function retryDelay(response: Response, attempt: number, cap: number): number {
  const header = response.headers.get('retry-after')?.trim();
  let delay = 500 * 2 ** attempt;
  if (header && /^\d+$/.test(header)) delay = Number(header) * 1000;
  else if (header && !Number.isNaN(Date.parse(header))) delay = Math.max(0, Date.parse(header) - Date.now());
  return Math.min(delay, cap);
}

/** Waits `ms`, or less when `signal` aborts (then it rejects with the signal's reason). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
