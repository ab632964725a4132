import { useId } from 'react';

/** The page sizes a list offers. */
export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** The page numbers shown: the first, the last, and two either side of the current, with gaps. */
function pagesAround(current: number, count: number): (number | 'gap')[] {
  const shown = new Set([1, count, current - 2, current - 1, current, current + 1, current + 2]);
  const pages = [...shown].filter((page) => page >= 1 && page <= count).sort((a, b) => a - b);
  return pages.flatMap((page, index) => (index > 0 && page - pages[index - 1]! > 1 ? ['gap' as const, page] : [page]));
}

/** Previous, page numbers and Next, and the page-size choice (25/50/100/200 rows). */
export function Pager({
  offset,
  limit,
  total,
  onOffset,
  onLimit,
}: {
  offset: number;
  limit: number;
  total: number;
  onOffset(offset: number): void;
  onLimit(limit: number): void;
}) {
  const sizeId = useId();
  const count = Math.max(1, Math.ceil(total / limit));
  const current = Math.floor(offset / limit) + 1;
  return (
    <div className="pager">
      <nav aria-label="Pages">
        <button type="button" disabled={current <= 1} onClick={() => onOffset(Math.max(0, offset - limit))}>
          Previous
        </button>
        {pagesAround(current, count).map((page, index) =>
          page === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
            <span key={`gap-${index}`} aria-hidden="true">
              …
            </span>
          ) : (
            <button
              key={page}
              type="button"
              aria-label={`Page ${page}`}
              aria-current={page === current ? 'page' : undefined}
              className={page === current ? 'current' : undefined}
              onClick={() => onOffset((page - 1) * limit)}
            >
              {page}
            </button>
          ),
        )}
        <button type="button" disabled={current >= count} onClick={() => onOffset(offset + limit)}>
          Next
        </button>
      </nav>
      <span className="page-size">
        <label htmlFor={sizeId}>Rows per page</label>{' '}
        <select id={sizeId} value={limit} onChange={(event) => onLimit(Number(event.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
