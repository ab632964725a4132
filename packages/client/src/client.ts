import createFetchClient, {
  type Client,
  type ClientPathsWithMethod,
  type MaybeOptionalInit,
  type MethodResponse,
} from 'openapi-fetch';
import {
  type AuditFeed,
  type AuditFeedOptions,
  type AuditFilter,
  type AuditPosition,
  auditHeadOf,
  createAuditFeed,
  type ReadAuditPage,
} from './audit-feed.js';
import type { paths } from './schema.js';
import { createTransport } from './transport.js';

export interface ClientOptions {
  /** Estate's address, e.g. `https://estate.example.com` (the client adds /public/v1). */
  baseUrl: string;
  /** An API key (`svc_live_…`); sent as `Authorization: Bearer`. */
  apiKey: string;
  /** The fetch to use (default: the global fetch), e.g. to add a proxy or record calls in tests. */
  fetch?: (request: Request) => Promise<Response>;
  /** Retries of a 429 or 503 answer, each after its Retry-After (default 3). */
  maxRetries?: number;
  /** The longest wait before one retry, whatever Retry-After asks (default 30 000 ms). */
  maxRetryDelayMs?: number;
}

/** The openapi-fetch client over Estate's paths: answers with `{ data, response }` (headers such as ETag). */
export type RawClient = Client<paths>;

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The init argument, optional when nothing in it is required (as openapi-fetch has it). */
type InitArgument<Init> = RequiredKeys<Init> extends never ? [init?: Init] : [init: Init];

/** A typed call: the path's parameters and body checked, its success body returned, failures thrown. */
export type TypedCall<M extends Method> = <
  P extends ClientPathsWithMethod<RawClient, M>,
  Init extends MaybeOptionalInit<paths[P], M>,
>(
  path: P,
  ...init: InitArgument<Init>
) => Promise<MethodResponse<RawClient, M, P, Init>>;

/** The 200 body of a GET path. */
type GetBody<P extends ClientPathsWithMethod<RawClient, 'get'>> = MethodResponse<RawClient, 'get', P>;

/** The GET paths that answer an offset list (`data` and `pagination`). */
export type OffsetListPath = {
  [P in ClientPathsWithMethod<RawClient, 'get'>]: GetBody<P> extends {
    data: unknown[];
    pagination: { total: number };
  }
    ? P
    : never;
}[ClientPathsWithMethod<RawClient, 'get'>];

/** The query of a list, `limit` being the page size and `offset` where to start. */
export type ListQuery<P extends OffsetListPath> = NonNullable<paths[P]['get']['parameters']['query']>;

/** One item of a list. */
export type ListItem<P extends OffsetListPath> = GetBody<P> extends { data: (infer Item)[] } ? Item : never;

export interface EstateClient {
  /** Typed calls for every operation of /public/v1; paths as in the API reference, without the prefix. */
  get: TypedCall<'get'>;
  post: TypedCall<'post'>;
  put: TypedCall<'put'>;
  patch: TypedCall<'patch'>;
  delete: TypedCall<'delete'>;
  /** The same calls answering `{ data, response }`, for headers such as ETag; failures are thrown alike. */
  raw: RawClient;
  /**
   * Every item of an offset list, page after page (200 at a time unless `limit` says otherwise).
   * Offset paging: an item created or deleted meanwhile can shift the pages by one.
   */
  listAll<P extends OffsetListPath>(path: P, query?: ListQuery<P>): AsyncIterableIterator<ListItem<P>>;
  /** Follows the audit log from a saved position, oldest first, each event once (see AuditFeed). */
  auditFeed(options?: AuditFeedOptions): AuditFeed;
  /** The position of the newest event matching `filter` (null when there is none): where `from: 'now'` starts. */
  auditHead(filter?: AuditFilter): Promise<AuditPosition | null>;
}

/** A client for one Estate server and one API key. */
export function createClient(options: ClientOptions): EstateClient {
  if (!options.apiKey) throw new TypeError('createClient: apiKey is required');
  const transport = createTransport({
    apiKey: options.apiKey,
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
    maxRetries: options.maxRetries ?? 3,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
  });
  const raw = createFetchClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/public/v1`,
    fetch: transport,
  });
  // openapi-fetch's methods are generic over every path; the typed signatures are TypedCall's, whose
  // checked arguments are forwarded unchanged.
  type UncheckedCall = (path: string, init?: object) => Promise<{ data?: unknown }>;
  const call = <M extends Method>(method: Uppercase<M>): TypedCall<M> =>
    (async (path: string, init?: object) => (await (raw[method] as UncheckedCall)(path, init)).data) as TypedCall<M>;
  const get = call('GET');
  // The transport throws every failure (errors.ts), so an answer here has its body.
  const readAuditPage: ReadAuditPage = async (query, signal) =>
    (await raw.GET('/audit-log', { params: { query }, signal })).data!;
  const client: EstateClient = {
    get,
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    delete: call('DELETE'),
    raw,
    async *listAll(path, query) {
      const base = { ...(query ?? {}) } as { limit?: number; offset?: number };
      let offset = base.offset ?? 0;
      for (;;) {
        // The path is an OffsetListPath, whose query this is.
        const page = (await (client.get as (path: string, init?: object) => Promise<unknown>)(path, {
          params: { query: { limit: 200, ...base, offset } },
        })) as {
          data: ListItem<typeof path>[];
          pagination: { offset: number; total: number };
        };
        yield* page.data;
        offset = page.pagination.offset + page.data.length;
        if (page.data.length === 0 || offset >= page.pagination.total) return;
      }
    },
    auditFeed: (feedOptions = {}) => createAuditFeed(readAuditPage, feedOptions),
    auditHead: (filter = {}) => auditHeadOf(readAuditPage, filter),
  };
  return client;
}
