import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { messageOf } from '../api/client.js';
import { queries } from '../api/queries.js';
import { FormError } from '../base/field.js';
import { isKnownValue, valueLabel } from '../base/glossary.js';
import { PageHeader } from '../base/layout.js';
import { useCatalog } from '../inventory/catalog.js';
import { type ConsoleFamily, enumValues, unwrapNull } from '../inventory/schema.js';

/** The values of a family's enum fields (an environment, a status): words an item's second line may hold. */
function enumWords(family: ConsoleFamily | undefined): Set<string> {
  const words = new Set<string>();
  for (const field of Object.values(family?.item.properties ?? {}))
    for (const value of enumValues(unwrapNull(field).schema) ?? []) words.add(value);
  return words;
}

/** An item's second line in people's words: its enum values by their labels (Disaster recovery, Production). */
const detailText = (detail: string, words: Set<string>) =>
  detail
    .split(' · ')
    .map((part) => (words.has(part) || isKnownValue(part) ? valueLabel(part) : part))
    .join(' · ');

/**
 * /ui/search?q=…: one query across the estate (GET /ui/api/search), results grouped by family.
 * The server puts what the text names exactly first (a server at exactly 10.1.9.2 before
 * 10.1.9.20), marked "exact match"; each group shows its total and links to its whole list.
 */
export function SearchPage() {
  const query = (new URLSearchParams(useSearch()).get('q') ?? '').trim();
  const catalog = useCatalog();
  const search = useQuery({ ...queries.search(query), enabled: query !== '' });
  const titleOf = (family: string) => {
    const many = catalog.find((entry) => entry.key === family)?.many ?? family;
    return many.charAt(0).toUpperCase() + many.slice(1);
  };
  const hits = search.data?.groups.filter((group) => group.total > 0) ?? [];
  return (
    <>
      <PageHeader title={query ? `Search: ${query}` : 'Search'} />
      {query && search.isPending && <p role="status">Searching…</p>}
      <FormError error={messageOf(search.error)} />
      {search.data && hits.length === 0 && <p role="status">Nothing matches “{query}”.</p>}
      {hits.map((group) => (
        <section key={group.family} className="related" aria-labelledby={`found-${group.family}`}>
          <h2 id={`found-${group.family}`}>
            {titleOf(group.family)} <span className="count">({group.total})</span>
          </h2>
          <ul>
            {group.items.map((item) => (
              <li key={item.id}>
                <Link href={`/${group.family}/${item.id}`}>{item.name}</Link>
                {item.exact && <strong> (exact match)</strong>}
                {item.detail && (
                  <span className="hint">
                    {' '}
                    — {detailText(item.detail, enumWords(catalog.find((entry) => entry.key === group.family)))}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {group.total > group.items.length && (
            <Link href={`/${group.family}?q=${encodeURIComponent(query)}`}>
              All {group.total} {titleOf(group.family).toLowerCase()}
            </Link>
          )}
        </section>
      ))}
    </>
  );
}
