import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CATALOG_CATEGORIES = [
  'collaboration', 'communication', 'crm', 'erp', 'finance', 'hr', 'project-management', 'developer-tools',
  'source-control', 'ci-cd', 'monitoring', 'database', 'web-server', 'operating-system', 'virtualization',
  'containers', 'security', 'identity', 'backup-storage', 'analytics', 'marketing', 'customer-support', 'design',
  'office', 'networking', 'itsm', 'e-commerce', 'messaging', 'cloud-platform', 'cms', 'knowledge-base',
] as const;

export const HOSTING_TYPES = ['saas', 'on_premise', 'hybrid'] as const;

/** Fixed page size of GET /application-catalog (spec §8 leaves it to the catalog). */
export const CATALOG_PAGE_SIZE = 25;

export interface CatalogEntry {
  id: string;
  name: string;
  vendor: string;
  category: (typeof CATALOG_CATEGORIES)[number];
  website: string;
  description: string;
  hostingType: (typeof HOSTING_TYPES)[number];
}

interface IndexedEntry {
  entry: CatalogEntry;
  haystack: string;
}

let loaded: IndexedEntry[] | undefined;

/** The catalog ships as data/application-catalog.json; it is global, read once, sorted by name. */
function catalog(): IndexedEntry[] {
  if (!loaded) {
    const file = fileURLToPath(new URL('../../data/application-catalog.json', import.meta.url));
    const entries = JSON.parse(readFileSync(file, 'utf8')) as CatalogEntry[];
    loaded = entries
      .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id))
      .map((entry) => ({ entry, haystack: `${entry.name}\n${entry.vendor}\n${entry.description}`.toLowerCase() }));
  }
  return loaded;
}

export interface CatalogSearch {
  q?: string;
  category?: string;
  hostingType?: string;
  page?: number;
}

export function searchCatalog(search: CatalogSearch): { data: CatalogEntry[]; total: number; page: number } {
  const page = search.page ?? 1;
  const needle = search.q?.trim().toLowerCase();
  const matches = catalog().filter(
    ({ entry, haystack }) =>
      (!needle || haystack.includes(needle)) &&
      (!search.category || entry.category === search.category) &&
      (!search.hostingType || entry.hostingType === search.hostingType),
  );
  const start = (page - 1) * CATALOG_PAGE_SIZE;
  return { data: matches.slice(start, start + CATALOG_PAGE_SIZE).map((m) => m.entry), total: matches.length, page };
}

export function findCatalogEntry(id: string): CatalogEntry | undefined {
  return catalog().find((m) => m.entry.id === id)?.entry;
}
