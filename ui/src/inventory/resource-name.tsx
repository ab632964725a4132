import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { queries } from '../api/queries.js';

/** A name changes seldom: a page naming the same resource many times, or again soon, asks once. */
const NAMES_STALE_AFTER = 5 * 60_000;

/** A link to a resource's detail page, named after it (its id until the name is read, or if it cannot be). */
export function ResourceLink({ family, id, name }: { family: string; id: string; name?: string }) {
  const found = useQuery({
    ...queries.item(family, id),
    enabled: !name,
    staleTime: NAMES_STALE_AFTER,
    select: ({ value }) => String(value.name ?? value.title ?? value.email ?? id),
  });
  return <Link href={`/${family}/${id}`}>{name || (found.data ?? id)}</Link>;
}
