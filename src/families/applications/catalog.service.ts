import { readFileSync } from 'node:fs';
import { installed } from '../../base/paths.js';

export const CATALOG_CATEGORIES = [
  'collaboration',
  'communication',
  'crm',
  'erp',
  'finance',
  'hr',
  'project-management',
  'developer-tools',
  'source-control',
  'ci-cd',
  'monitoring',
  'database',
  'web-server',
  'operating-system',
  'virtualization',
  'containers',
  'security',
  'identity',
  'backup-storage',
  'analytics',
  'marketing',
  'customer-support',
  'design',
  'office',
  'networking',
  'itsm',
  'e-commerce',
  'messaging',
  'cloud-platform',
  'cms',
  'knowledge-base',
] as const;

export const HOSTING_TYPES = ['saas', 'on_premise', 'hybrid'] as const;

/** Fixed page size of GET /application-catalog: it takes no `limit` (docs/api.md). */
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

/**
 * The catalog ships as assets/application-catalog.json; it is global, read once, sorted by name.
 */
function catalog(): IndexedEntry[] {
  if (!loaded) {
    const file = installed('assets', 'application-catalog.json');
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

const VERSION_SUFFIX = /[-_.]?v?\d+(\.\d+)*$/;
const DISTRIBUTION_PACKAGERS = /\b(debian|ubuntu|fedora|red hat|centos|rocky|almalinux|suse|alpine|packaging team)\b/i;

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length >= 4),
  );
}

let byName: Map<string, CatalogEntry[]> | undefined;

/** Catalog entries by lower-case name and by id, built once. */
function nameIndex(): Map<string, CatalogEntry[]> {
  if (!byName) {
    byName = new Map();
    for (const { entry } of catalog()) {
      for (const key of new Set([entry.id, entry.name.toLowerCase()]))
        byName.set(key, [...(byName.get(key) ?? []), entry]);
    }
  }
  return byName;
}

/**
 * The catalog entry a discovered package is an instance of: its name, or the name without a version
 * suffix (`postgresql-15`), is the entry's id or name, and its vendor, when reported, shares a word with
 * the entry's vendor or name (`Debian PostgreSQL Maintainers` ~ `PostgreSQL Global Development Group`).
 */
export function matchCatalogEntry(name: string, vendor: string): string | null {
  const lower = name.trim().toLowerCase();
  const index = nameIndex();
  const candidates = [...new Set([lower, lower.replace(VERSION_SUFFIX, '')])].flatMap((key) => index.get(key) ?? []);
  if (candidates.length === 0) return null;
  // Distribution packagers (Debian, Ubuntu, Fedora, …) maintain software they do not make: the name decides.
  if (!vendor.trim() || DISTRIBUTION_PACKAGERS.test(vendor)) return candidates[0]!.id;
  const reported = words(vendor);
  const match = candidates.find((entry) =>
    [...words(`${entry.vendor} ${entry.name}`)].some((word) => reported.has(word)),
  );
  return match?.id ?? null;
}
