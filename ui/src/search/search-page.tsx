import { useQueries } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import type { Resource } from '../api/console-api.js';
import { queries } from '../api/queries.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities } from '../base/session.js';
import { useCatalog } from '../inventory/catalog.js';

/** The families one search covers, in the order their results are shown. */
export const SEARCHED = ['applications', 'servers', 'workstations', 'networks', 'contracts', 'users'] as const;
const PER_FAMILY = 5;

interface Group {
  family: string;
  title: string;
  items: Resource[];
  total: number;
}

/** /ui/search?q=…: one query across the estate, results grouped by family. */
export function SearchPage() {
  const query = new URLSearchParams(useSearch()).get('q') ?? '';
  const catalog = useCatalog();
  const { can } = useAbilities();
  const families = query.trim()
    ? SEARCHED.flatMap((key) => catalog.filter((family) => family.key === key && can(family.scopes.read)))
    : [];
  // The groups once every family has answered (a family that fails shows nothing).
  const groups = useQueries({
    queries: families.map((family) => queries.list(family.key, { q: query, limit: String(PER_FAMILY) })),
    combine: (results): Group[] | undefined =>
      results.some((result) => result.isPending)
        ? undefined
        : results.map((result, index) => {
            const family = families[index]!;
            return {
              family: family.key,
              title: family.many.charAt(0).toUpperCase() + family.many.slice(1),
              items: result.data?.data ?? [],
              total: result.data?.pagination.total ?? 0,
            };
          }),
  });
  const hits = groups?.filter((group) => group.total > 0) ?? [];
  return (
    <>
      <PageHeader title={query ? `Search: ${query}` : 'Search'} />
      {groups === undefined && <p role="status">Searching…</p>}
      {groups && query && hits.length === 0 && <p role="status">Nothing matches “{query}”.</p>}
      {hits.map((group) => (
        <section key={group.family} className="related" aria-labelledby={`found-${group.family}`}>
          <h2 id={`found-${group.family}`}>
            {group.title} <span className="count">({group.total})</span>
          </h2>
          <ul>
            {group.items.map((item) => (
              <li key={item.id}>
                <Link href={`/${group.family}/${item.id}`}>{String(item.name ?? item.email ?? item.id)}</Link>
              </li>
            ))}
          </ul>
          {group.total > group.items.length && (
            <Link href={`/${group.family}?q=${encodeURIComponent(query)}`}>
              All {group.total} {group.title.toLowerCase()}
            </Link>
          )}
        </section>
      ))}
    </>
  );
}
