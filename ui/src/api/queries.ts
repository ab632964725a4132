import { infiniteQueryOptions, QueryClient, queryOptions, type QueryKey } from '@tanstack/react-query';
import type { AuditLogQuery } from './console-api.js';
import { type ApiFailure, failureOf, setCsrfToken } from './client.js';
import { consoleApi, insightsApi, inventoryApi } from './console-api.js';
import { listsApi } from './lists-api.js';

/**
 * The console's one way to load server data: TanStack Query, with a key per answer. Keys are
 * arrays that start with what the answer is about, so a change invalidates a whole prefix: a
 * change to an inventory item invalidates ['inventory'] (lists, items with their ETags, related
 * lists), and every change invalidates ['audit-log'], which records it.
 */

declare module '@tanstack/react-query' {
  interface Register {
    // Every call throws ApiFailure (api/client.ts): a query's or mutation's error is one.
    defaultError: ApiFailure;
  }
}

/** Worth asking again: the server was not reached, or failed in a way that may pass (not 503, a refusal to work). */
function transient(error: unknown): boolean {
  const { status } = failureOf(error);
  return status === 0 || (status >= 500 && status !== 503);
}

/**
 * No retry of an answer the server meant (4xx, 503), one of a transient failure; no refetch on
 * window focus or reconnect, so a page changes only when it or its person acts (and tests stay
 * deterministic). Answers are stale at once: a page opened again shows what it had while it asks
 * again. Names and catalogs that change rarely say so with their own staleTime.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 1 && transient(error),
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: 0,
      },
      mutations: { retry: false },
    },
  });
}

/** Changes rarely while a page is open: asked again after five minutes. */
const RARELY = 5 * 60_000;

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async () => {
    const session = await consoleApi.session();
    setCsrfToken(session.csrfToken);
    return session;
  },
  // The session changes only by this console's own actions, which set it (app.tsx).
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export const queries = {
  // The catalog of families does not change while the server runs.
  families: () =>
    queryOptions({ queryKey: ['families'], queryFn: inventoryApi.families, staleTime: Number.POSITIVE_INFINITY }),

  keys: () => queryOptions({ queryKey: ['keys'], queryFn: consoleApi.keys }),
  members: (query: { limit: number }) =>
    queryOptions({ queryKey: ['members', 'list', query], queryFn: () => consoleApi.members(query) }),
  memberKeys: (memberId: string) =>
    queryOptions({ queryKey: ['members', 'keys', memberId], queryFn: () => consoleApi.memberKeys(memberId) }),
  signInLocks: () => queryOptions({ queryKey: ['members', 'sign-in-locks'], queryFn: consoleApi.signInLocks }),
  roles: () => queryOptions({ queryKey: ['roles'], queryFn: consoleApi.roles }),
  agents: (query: { limit: number; offset: number }) =>
    queryOptions({ queryKey: ['agents', 'list', query], queryFn: () => consoleApi.agents(query) }),
  tenant: () => queryOptions({ queryKey: ['tenant'], queryFn: consoleApi.tenant }),
  auditLog: (query: AuditLogQuery) =>
    queryOptions({ queryKey: ['audit-log', query], queryFn: () => consoleApi.auditLog(query) }),
  /** The log page by page, each after the cursor of the one before. */
  auditLogPages: (query: AuditLogQuery) =>
    infiniteQueryOptions({
      queryKey: ['audit-log', 'pages', query],
      queryFn: ({ pageParam }) => consoleApi.auditLog({ ...query, ...(pageParam ? { cursor: pageParam } : {}) }),
      initialPageParam: '',
      getNextPageParam: (page) => (page.hasMore ? page.nextCursor : undefined),
    }),

  list: (family: string, query: Record<string, string | undefined>) =>
    queryOptions({
      queryKey: ['inventory', family, 'list', query],
      queryFn: () => inventoryApi.list(family, query),
    }),
  /** A combobox's matches in a family (ui/src/lists/options.ts): the list's first rows found by `q`. */
  choices: (family: string, q: string) =>
    queryOptions({
      queryKey: ['inventory', family, 'choices', q],
      queryFn: () => inventoryApi.list(family, { ...(q ? { q } : {}), limit: '20' }),
    }),
  /** The audit log's actors (members, keys, agents) found by name, and one by id. */
  auditActors: (q: string) => queryOptions({ queryKey: ['audit-actors', q], queryFn: () => listsApi.auditActors(q) }),
  auditActor: (id: string) =>
    queryOptions({ queryKey: ['audit-actors', 'one', id], queryFn: () => listsApi.auditActor(id), staleTime: RARELY }),
  /** A list's saved views: the person's own and those shared with the workspace. */
  views: (family: string) => queryOptions({ queryKey: ['views', family], queryFn: () => listsApi.views(family) }),
  /** The global search; under ['inventory'], so any change to the inventory asks it again. */
  search: (q: string) => queryOptions({ queryKey: ['inventory', 'search', q], queryFn: () => inventoryApi.search(q) }),
  /** The item with its ETag (a change sends it back as If-Match). */
  item: (family: string, id: string) =>
    queryOptions({ queryKey: ['inventory', family, 'item', id], queryFn: () => inventoryApi.load(family, id) }),
  related: (family: string, id: string, segment: string) =>
    queryOptions({
      queryKey: ['inventory', family, 'item', id, 'related', segment],
      queryFn: () => inventoryApi.related(family, id, segment),
    }),
  comments: (applicationId: string) =>
    queryOptions({
      queryKey: ['inventory', 'applications', 'item', applicationId, 'comments'],
      queryFn: () => inventoryApi.comments(applicationId),
    }),
  history: (resourceId: string) =>
    queryOptions({ queryKey: ['audit-log', 'resource', resourceId], queryFn: () => inventoryApi.history(resourceId) }),

  dashboards: () => queryOptions({ queryKey: ['dashboards'], queryFn: insightsApi.dashboards, staleTime: RARELY }),
  dashboard: (name: string) =>
    queryOptions({ queryKey: ['dashboards', name], queryFn: () => insightsApi.dashboard(name) }),
  diagrams: () => queryOptions({ queryKey: ['diagrams'], queryFn: insightsApi.diagrams, staleTime: RARELY }),
  diagramCatalog: () =>
    queryOptions({ queryKey: ['diagrams', 'catalog'], queryFn: insightsApi.diagramCatalog, staleTime: RARELY }),
  diagram: (name: string, params: Record<string, string>) =>
    queryOptions({ queryKey: ['diagrams', name, 'answer', params], queryFn: () => insightsApi.diagram(name, params) }),
  diagramSvg: (name: string, params: Record<string, string>) =>
    queryOptions({ queryKey: ['diagrams', name, 'svg', params], queryFn: () => insightsApi.diagramSvg(name, params) }),
};

/** Keys of what a change makes stale, by what it changed. */
export const stale = {
  // A change to one family's item can change others' (links, references released by a delete).
  inventory: ['inventory'] as QueryKey,
  members: ['members'] as QueryKey,
  keys: ['keys'] as QueryKey,
  agents: ['agents'] as QueryKey,
  roles: ['roles'] as QueryKey,
  tenant: ['tenant'] as QueryKey,
  auditLog: ['audit-log'] as QueryKey,
  dashboards: ['dashboards'] as QueryKey,
  views: ['views'] as QueryKey,
};

/**
 * Marks what a change made stale: the queries on screen are asked again at once, the others when
 * next shown. The audit log always is: every change writes to it. Not awaited by the callers: a
 * dialog closes when its change is saved, not when the list behind it is read again.
 */
export function invalidate(client: QueryClient, ...keys: QueryKey[]): Promise<void> {
  return Promise.all([...keys, stale.auditLog].map((queryKey) => client.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}
