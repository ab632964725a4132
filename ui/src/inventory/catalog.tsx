import { createContext, useContext } from 'react';
import type { ConsoleFamily } from './schema.js';

/** Every inventory family as the server describes it (GET /ui/api/families), loaded once per session. */
export const CatalogContext = createContext<ConsoleFamily[]>([]);

export function useCatalog(): ConsoleFamily[] {
  return useContext(CatalogContext);
}

export function useFamily(key: string | undefined): ConsoleFamily | undefined {
  return useCatalog().find((family) => family.key === key);
}
