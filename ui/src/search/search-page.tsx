import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { inventoryApi, type Resource } from '../api/console-api.js';
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
  const [groups, setGroups] = useState<Group[]>();

  useEffect(() => {
    if (!query.trim() || catalog.length === 0) return setGroups([]);
    let current = true;
    setGroups(undefined);
    const families = SEARCHED.map((key) => catalog.find((family) => family.key === key)).filter(
      (family) => family && can(family.scopes.read),
    );
    Promise.all(
      families.map(async (family) => {
        const page = await inventoryApi
          .list(family!.key, { q: query, limit: String(PER_FAMILY) })
          .catch(() => undefined);
        return {
          family: family!.key,
          title: family!.many.charAt(0).toUpperCase() + family!.many.slice(1),
          items: page?.data ?? [],
          total: page?.pagination.total ?? 0,
        };
      }),
    ).then((found) => current && setGroups(found));
    return () => {
      current = false;
    };
    // can() follows the session, which does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, catalog]);

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
