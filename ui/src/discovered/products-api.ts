import { queryOptions } from '@tanstack/react-query';
import type { Answer, Named } from '../api/contract.js';
import { call, queryOf } from '../api/client.js';

type Application = Named<'Application'>;
type ProductList = Answer<'/discovered/products', 'get'>;
type ProductHostList = Answer<'/discovered/products/hosts', 'get'>;
type ProductTriaged = Answer<'/discovered/products/triage', 'post'>;
type ServerNetworks = Answer<'/servers/{id}/networks', 'get'>;

/**
 * The console API of discovered software by product and of a server's networks
 * (src/console/discovered.routes.ts, server-networks.routes.ts), typed from the server's schemas.
 * Their query keys sit under ['inventory'], so any inventory change (stale.inventory) asks them again.
 */

export type Product = ProductList['data'][number];
export type ProductHost = ProductHostList['data'][number];
export type { ProductList, ProductHostList, ServerNetworks };

export interface ProductKey {
  nameKey: string;
  vendorKey: string;
}

/** Only the key of a product (a whole row may be passed): the routes refuse any other field. */
const keyOf = ({ nameKey, vendorKey }: ProductKey): ProductKey => ({ nameKey, vendorKey });

export type ProductDecision = { action: 'link'; applicationId: string } | { action: 'ignore' } | { action: 'new' };

export const productsApi = {
  list: (query: Record<string, string | undefined>) =>
    call<ProductList>('GET', `/discovered/products${queryOf(query)}`),
  hosts: (product: ProductKey, query: { limit: number; offset: number }) =>
    call<ProductHostList>('GET', `/discovered/products/hosts${queryOf({ ...keyOf(product), ...query })}`),
  triage: (product: ProductKey, decision: ProductDecision, onlyStatus?: string) =>
    call<ProductTriaged>('POST', '/discovered/products/triage', {
      ...keyOf(product),
      ...decision,
      ...(onlyStatus ? { onlyStatus } : {}),
    }),
  createApplication: (product: ProductKey) =>
    call<{ application: Application; matched: number; changed: number }>(
      'POST',
      '/discovered/products/application',
      keyOf(product),
    ),
  /** A single install: the public triage route served to members (/ui/api/v1). */
  triageInstall: (id: string, body: { applicationId?: string | null; status?: 'new' | 'ignored' }) =>
    call<unknown>('PATCH', `/v1/discovered-applications/${id}`, body),
  serverNetworks: (serverId: string) => call<ServerNetworks>('GET', `/servers/${serverId}/networks`),
};

export const productQueries = {
  list: (query: Record<string, string | undefined>) =>
    queryOptions({
      queryKey: ['inventory', 'discovered-products', 'list', query],
      queryFn: () => productsApi.list(query),
    }),
  hosts: (product: ProductKey, page: { limit: number; offset: number }) =>
    queryOptions({
      queryKey: ['inventory', 'discovered-products', 'hosts', product, page],
      queryFn: () => productsApi.hosts(product, page),
    }),
  serverNetworks: (serverId: string) =>
    queryOptions({
      queryKey: ['inventory', 'servers', 'item', serverId, 'networks'],
      queryFn: () => productsApi.serverNetworks(serverId),
    }),
};
