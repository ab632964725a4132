import { useQuery } from '@tanstack/react-query';
import { queries } from '../api/queries.js';
import type { ConsoleFamily } from './schema.js';

const NONE: ConsoleFamily[] = [];

/** Every inventory family as the server describes it (GET /ui/api/families), asked for once per session. */
export function useCatalog(): ConsoleFamily[] {
  return useQuery(queries.families()).data ?? NONE;
}

export function useFamily(key: string | undefined): ConsoleFamily | undefined {
  return useCatalog().find((family) => family.key === key);
}
